//! The Sudoku graph of a frame as a standalone SVG, as the page's graph view draws it: the
//! cells as vertices placed by [`crate::layout`] (on the grid, row and column edges as arcs, or
//! on a circle), edges coloured and dashed by kind — every edge up to 9×9, only the current
//! vertex's beyond — and each vertex filled with its digit's colour and labelled as its cell.

use std::fmt::Write;

use sudoku_core::grid::digit_char;

use crate::frame::BoardFrame;
use crate::layout::{
    digit_colour, drawn_edges, edge_kind, edge_path, extent, focus_edges, light_text_on, vertex,
    vertex_radius, EdgeKind, GraphShape, ALL_EDGES_UP_TO, CELL,
};
use crate::svg::{escaped, Style};

/// The page's edge colours (web/style.css): row, column, box.
fn edge_colour(kind: EdgeKind) -> &'static str {
    match kind {
        EdgeKind::Row => "#4477aa",
        EdgeKind::Column => "#ee6677",
        EdgeKind::Box => "#228833",
    }
}

/// One layer of edges: a path per edge, as the page's view draws them.
fn edges(
    out: &mut String,
    frame: &BoardFrame,
    shape: GraphShape,
    pairs: &[(usize, usize)],
    width: f64,
    opacity: f64,
) {
    let size = frame.size;
    for &(a, b) in pairs {
        let kind = edge_kind(size, a, b);
        let dash = match kind {
            EdgeKind::Box => r#" stroke-dasharray="1 0.6""#,
            _ => "",
        };
        let _ = write!(
            out,
            r#"<path class="{}" d="{}" fill="none" stroke="{}" stroke-width="{width}" stroke-opacity="{opacity}"{dash}/>"#,
            kind.id(),
            edge_path(size, shape, a, b),
            edge_colour(kind)
        );
    }
}

/// The frame's graph as a standalone SVG document; `style.cell` is the side of a cell of the
/// grid layout in pixels.
pub fn graph_svg(frame: &BoardFrame, shape: GraphShape, style: &Style) -> String {
    let size = frame.size;
    let side = extent(size);
    let margin = side / 6.0 + CELL / 2.0;
    let whole = side + 2.0 * margin;
    let pixels = whole * style.cell / CELL;
    let (panel, ink, empty) = match style.dark {
        true => ("#1b1f29", "#8b95ab", "#2a3140"),
        false => ("#ffffff", "#3a4256", "#ffffff"),
    };
    let mut out = String::with_capacity(200 * size.cells());
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{:.1} {:.1} {whole:.1} {whole:.1}" width="{pixels:.0}" height="{pixels:.0}" role="group" aria-label="graph of the {size} grid" data-view="graph" font-family="DejaVu Sans, Verdana, sans-serif">"#,
        -margin, -margin
    );
    let _ = write!(
        out,
        r#"<rect x="{:.1}" y="{:.1}" width="{whole:.1}" height="{whole:.1}" fill="{panel}"/>"#,
        -margin, -margin
    );
    if size.n() <= ALL_EDGES_UP_TO {
        edges(&mut out, frame, shape, &drawn_edges(size, None), 0.25, 0.35);
    }
    if let Some(focus) = frame.current {
        edges(&mut out, frame, shape, &focus_edges(size, focus), 0.7, 1.0);
    }
    let r = vertex_radius(size, shape);
    let font = r * 1.2;
    for cell in 0..size.cells() {
        let (x, y) = vertex(size, shape, cell);
        let (value, given) = (frame.values[cell], frame.givens[cell]);
        let (stroke, width) = if frame.current == Some(cell) {
            ("#e69f00", 1.6)
        } else if given {
            (ink, 0.9)
        } else {
            (ink, 0.3)
        };
        let fill = match value {
            0 => empty.to_string(),
            v => digit_colour(size, v),
        };
        let _ = write!(
            out,
            r#"<g role="img" data-cell="{cell}" data-value="{value}" aria-label="{}"><circle cx="{x:.1}" cy="{y:.1}" r="{r:.2}" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>"#,
            escaped(&frame.cell_label(cell))
        );
        if value != 0 {
            let text = if light_text_on(size, value) {
                "#fff"
            } else {
                "#111"
            };
            let _ = write!(
                out,
                r#"<text x="{x:.1}" y="{:.1}" font-size="{font:.1}" fill="{text}" text-anchor="middle">{}</text>"#,
                y + font * 0.36,
                digit_char(size, value)
            );
        }
        out.push_str("</g>");
    }
    out.push_str("</svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::{Graph, Grid};

    fn read(svg: &str) -> roxmltree::Document<'_> {
        roxmltree::Document::parse(svg).expect("well-formed XML")
    }

    #[test]
    fn every_vertex_and_up_to_nine_by_nine_every_edge_is_drawn() {
        for (text, all_edges) in [
            ("1..4.3..........", true),
            (
                "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
                true,
            ),
            (&".".repeat(256) as &str, false),
        ] {
            let puzzle = Grid::parse(text).unwrap();
            let size = puzzle.size();
            for shape in [GraphShape::Grid, GraphShape::Circle] {
                let frame = BoardFrame::of_puzzle(&puzzle);
                let svg = graph_svg(&frame, shape, &Style::default());
                let doc = read(&svg);
                let vertices: Vec<_> = doc
                    .descendants()
                    .filter(|n| n.attribute("role") == Some("img"))
                    .collect();
                assert_eq!(vertices.len(), size.cells());
                for (cell, v) in vertices.iter().enumerate() {
                    assert_eq!(
                        v.attribute("aria-label"),
                        Some(frame.cell_label(cell).as_str())
                    );
                }
                let paths = doc.descendants().filter(|n| n.has_tag_name("path")).count();
                let expected = if all_edges {
                    Graph::new(size).edge_count()
                } else {
                    0
                };
                assert_eq!(paths, expected, "{size}");
            }
        }
    }

    #[test]
    fn the_current_vertex_brings_its_edges_at_every_size() {
        let puzzle = Grid::parse(&".".repeat(625)).unwrap();
        let mut frame = BoardFrame::of_puzzle(&puzzle);
        frame.current = Some(312);
        let svg = graph_svg(&frame, GraphShape::Grid, &Style::default());
        let paths = read(&svg)
            .descendants()
            .filter(|n| n.has_tag_name("path"))
            .count();
        assert_eq!(paths, puzzle.size().peer_count());
    }
}
