//! Geometry of the graph and hypergraph views for any n, in SVG user units (one cell = 10
//! units): where each vertex goes, how each edge is drawn, which edges stay readable, the
//! regions of the hyperedges and the bipartite cells–units layout, and a colour per digit.

use sudoku_core::{Size, UnitKind};

/// Side of one cell in user units.
pub const CELL: f64 = 10.0;

/// Largest n at which every edge of the graph is drawn; past it only the focused vertex's
/// edges are (4,992 edges at 16×16 and 20,000 at 25×25 would be a grey blot).
pub const ALL_EDGES_UP_TO: usize = 9;

/// Where the vertices go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphShape {
    /// Each vertex on its cell; row and column edges as arcs so they do not hide each other.
    Grid,
    /// Every vertex on one circle in reading order; edges as chords.
    Circle,
}

/// Why two vertices are adjacent (a pair in one row and one box counts as a row edge).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EdgeKind {
    Row,
    Column,
    Box,
}

impl EdgeKind {
    pub fn id(self) -> &'static str {
        match self {
            EdgeKind::Row => "row",
            EdgeKind::Column => "column",
            EdgeKind::Box => "box",
        }
    }
}

/// The kind of the edge between two neighbours.
pub fn edge_kind(size: Size, a: usize, b: usize) -> EdgeKind {
    if size.row_of(a) == size.row_of(b) {
        EdgeKind::Row
    } else if size.col_of(a) == size.col_of(b) {
        EdgeKind::Column
    } else {
        EdgeKind::Box
    }
}

/// Side of the square drawing area for a size.
pub fn extent(size: Size) -> f64 {
    size.n() as f64 * CELL
}

/// A vertex's centre.
pub fn vertex(size: Size, shape: GraphShape, cell: usize) -> (f64, f64) {
    let side = extent(size);
    match shape {
        GraphShape::Grid => (
            (size.col_of(cell) as f64 + 0.5) * CELL,
            (size.row_of(cell) as f64 + 0.5) * CELL,
        ),
        GraphShape::Circle => {
            let angle = std::f64::consts::TAU * cell as f64 / size.cells() as f64
                - std::f64::consts::FRAC_PI_2;
            let radius = side / 2.0 - CELL / 2.0;
            let (sin, cos) = crate::maths::sin_cos(angle);
            (side / 2.0 + radius * cos, side / 2.0 + radius * sin)
        }
    }
}

/// Radius of a vertex's disc: smaller on the circle, where the vertices are closer together.
pub fn vertex_radius(size: Size, shape: GraphShape) -> f64 {
    match shape {
        GraphShape::Grid => CELL * 0.3,
        GraphShape::Circle => {
            let spacing = std::f64::consts::PI * (extent(size) - CELL) / size.cells() as f64;
            (spacing * 0.45).min(CELL * 0.3)
        }
    }
}

/// The SVG path of an edge. On the grid, row edges bulge upwards and column edges leftwards by
/// a third of their length (so an edge never runs through the vertices between its ends), box
/// edges bend slightly; on the circle, edges are chords.
pub fn edge_path(size: Size, shape: GraphShape, a: usize, b: usize) -> String {
    let (x1, y1) = vertex(size, shape, a);
    let (x2, y2) = vertex(size, shape, b);
    if shape == GraphShape::Circle {
        return format!("M{x1:.1} {y1:.1}L{x2:.1} {y2:.1}");
    }
    let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
    let length = ((x2 - x1).powi(2) + (y2 - y1).powi(2)).sqrt();
    let (cx, cy) = match edge_kind(size, a, b) {
        EdgeKind::Row => (mx, my - length / 3.0),
        EdgeKind::Column => (mx - length / 3.0, my),
        EdgeKind::Box => {
            // A perpendicular nudge of a fifth of the length.
            let (dx, dy) = ((x2 - x1) / length, (y2 - y1) / length);
            (mx - dy * length / 5.0, my + dx * length / 5.0)
        }
    };
    format!("M{x1:.1} {y1:.1}Q{cx:.1} {cy:.1} {x2:.1} {y2:.1}")
}

/// The edges to draw: all of them up to 9×9; past that only those of the focused vertex
/// (none without a focus).
pub fn drawn_edges(size: Size, focus: Option<usize>) -> Vec<(usize, usize)> {
    let cells = size.cells();
    if size.n() <= ALL_EDGES_UP_TO {
        (0..cells)
            .flat_map(|a| {
                (a + 1..cells)
                    .filter(move |&b| size.sees(a, b))
                    .map(move |b| (a, b))
            })
            .collect()
    } else {
        focus.map(|f| focus_edges(size, f)).unwrap_or_default()
    }
}

/// The edges of one vertex, each as (smaller cell, larger cell).
pub fn focus_edges(size: Size, focus: usize) -> Vec<(usize, usize)> {
    (0..size.cells())
        .filter(|&p| size.sees(focus, p))
        .map(|p| (focus.min(p), focus.max(p)))
        .collect()
}

/// A hyperedge drawn as a rounded rectangle over its cells.
#[derive(Clone, Debug, PartialEq)]
pub struct Region {
    /// Flat unit index (rows, then columns, then boxes).
    pub unit: usize,
    pub kind: UnitKind,
    /// `row R`, `column C` or `box B` (from 1).
    pub label: String,
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

/// `row 3`, `column 1`, `box 9`.
pub fn unit_label(size: Size, unit: usize) -> String {
    size.unit(unit).to_string()
}

/// The 3n regions, rows and columns as bands inset from their cells, boxes as squares.
pub fn regions(size: Size) -> Vec<Region> {
    let (n, k) = (size.n(), size.box_side());
    let side = extent(size);
    (0..size.unit_count())
        .map(|u| {
            let unit = size.unit(u);
            let i = unit.index as f64;
            let (x, y, width, height) = match unit.kind {
                UnitKind::Row => (1.0, i * CELL + 2.0, side - 2.0, CELL - 4.0),
                UnitKind::Column => (i * CELL + 2.0, 1.0, CELL - 4.0, side - 2.0),
                UnitKind::Box => {
                    let (top, left) = ((unit.index / k) as f64, (unit.index % k) as f64);
                    let span = k as f64 * CELL;
                    (left * span + 0.8, top * span + 0.8, span - 1.6, span - 1.6)
                }
            };
            debug_assert!(unit.index < n);
            Region {
                unit: u,
                kind: unit.kind,
                label: unit_label(size, u),
                x,
                y,
                width,
                height,
            }
        })
        .collect()
}

/// Width of the bipartite layout: the cells' grid, a gap, then one column of unit nodes per
/// kind (rows, columns, boxes).
pub fn bipartite_width(size: Size) -> f64 {
    extent(size) + 2.0 * CELL + 3.0 * BIPARTITE_COLUMN
}

/// Distance between the three columns of unit nodes.
const BIPARTITE_COLUMN: f64 = 25.0;

/// A unit's node in the bipartite layout: unit i of its kind at the height of row i.
pub fn unit_node(size: Size, unit: usize) -> (f64, f64) {
    let u = size.unit(unit);
    let column = match u.kind {
        UnitKind::Row => 0.0,
        UnitKind::Column => 1.0,
        UnitKind::Box => 2.0,
    };
    (
        extent(size) + 2.0 * CELL + (column + 0.5) * BIPARTITE_COLUMN,
        (u.index as f64 + 0.5) * CELL,
    )
}

/// The cell–unit incidences to draw in the bipartite layout: all of them up to 9×9, else those
/// of the focused cell and of the focused unit.
pub fn drawn_incidences(
    size: Size,
    focus: Option<usize>,
    focus_unit: Option<usize>,
) -> Vec<(usize, usize)> {
    if size.n() <= ALL_EDGES_UP_TO {
        return (0..size.cells())
            .flat_map(|c| size.units_of(c).map(|u| (c, u)))
            .collect();
    }
    let mut out: Vec<(usize, usize)> = focus
        .into_iter()
        .flat_map(|c| size.units_of(c).map(|u| (c, u)))
        .collect();
    // The focused cell's own incidence with the focused unit, once (at most 3 + n pairs: a
    // search, not a sort, which the page's first load would carry).
    if let Some(u) = focus_unit {
        for c in size.unit_cells(u) {
            if !out.contains(&(c, u)) {
                out.push((c, u));
            }
        }
    }
    out
}

/// Paul Tol's "muted" qualitative scheme: nine colours told apart with every common form of
/// colour blindness. Larger sizes go round the hue circle; the digit is always written too.
const MUTED: [&str; 9] = [
    "#CC6677", "#332288", "#DDCC77", "#117733", "#88CCEE", "#882255", "#44AA99", "#999933",
    "#AA4499",
];

/// The fill of a vertex holding `value` (1..=n).
pub fn digit_colour(size: Size, value: u8) -> String {
    let i = value.saturating_sub(1) as usize;
    if size.n() <= MUTED.len() {
        MUTED[i % MUTED.len()].to_string()
    } else {
        // Even hues, alternating lightness so neighbours on the wheel differ in brightness too.
        let hue = (i * 360 / size.n() + (i % 2) * 180 / size.n()) % 360;
        let light = if i.is_multiple_of(2) { 42 } else { 62 };
        format!("hsl({hue} 60% {light}%)")
    }
}

/// Whether the digit on a vertex of this colour should be written in white.
pub fn light_text_on(size: Size, value: u8) -> bool {
    let i = value.saturating_sub(1) as usize;
    if size.n() <= MUTED.len() {
        // Dark ones: indigo, green, wine, purple, rose.
        matches!(i, 0 | 1 | 3 | 5 | 8)
    } else {
        i.is_multiple_of(2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Graph;

    #[test]
    fn every_edge_of_a_small_graph_is_drawn_once_with_its_kind() {
        for size in [Size::FOUR, Size::NINE] {
            let edges = drawn_edges(size, None);
            let graph = Graph::new(size);
            let expected: Vec<(usize, usize)> = graph
                .edges
                .iter()
                .map(|&(a, b)| (a as usize, b as usize))
                .collect();
            assert_eq!(edges, expected);
        }
        let edges = drawn_edges(Size::NINE, None);
        let count = |kind| {
            edges
                .iter()
                .filter(|&&(a, b)| edge_kind(Size::NINE, a, b) == kind)
                .count()
        };
        // 9 rows × 36 pairs, 9 columns × 36, and the box pairs in neither: 9 × 18.
        assert_eq!(
            (
                count(EdgeKind::Row),
                count(EdgeKind::Column),
                count(EdgeKind::Box)
            ),
            (324, 324, 162)
        );
    }

    #[test]
    fn large_graphs_draw_only_the_focused_vertex_edges() {
        for size in [Size::SIXTEEN, Size::TWENTY_FIVE] {
            assert!(drawn_edges(size, None).is_empty());
            let edges = drawn_edges(size, Some(17));
            assert_eq!(edges.len(), size.peer_count());
            assert!(edges.iter().all(|&(a, b)| a == 17 || b == 17));
        }
    }

    #[test]
    fn vertices_are_distinct_and_inside_the_drawing() {
        for size in Size::ALL {
            for shape in [GraphShape::Grid, GraphShape::Circle] {
                let side = extent(size);
                let r = vertex_radius(size, shape);
                let points: Vec<(f64, f64)> =
                    (0..size.cells()).map(|c| vertex(size, shape, c)).collect();
                for (i, &(x, y)) in points.iter().enumerate() {
                    assert!(x - r >= 0.0 && x + r <= side && y - r >= 0.0 && y + r <= side);
                    if let Some(&(nx, ny)) = points.get(i + 1) {
                        // Neighbours in the order never overlap.
                        assert!(((nx - x).powi(2) + (ny - y).powi(2)).sqrt() >= 2.0 * r);
                    }
                }
            }
        }
    }

    #[test]
    fn arcs_bulge_away_from_the_vertices_between_their_ends() {
        let size = Size::NINE;
        // Row 1, first to last cell: the control point is above the row.
        let path = edge_path(size, GraphShape::Grid, 0, 8);
        assert!(path.starts_with("M5.0 5.0Q45.0 -21.7 85.0 5.0"), "{path}");
        let path = edge_path(size, GraphShape::Grid, 0, 72);
        assert!(path.starts_with("M5.0 5.0Q-21.7 45.0 5.0 85.0"), "{path}");
        assert!(edge_path(size, GraphShape::Circle, 0, 1).contains('L'));
    }

    #[test]
    fn regions_cover_their_cells_and_are_labelled() {
        for size in Size::ALL {
            let regions = regions(size);
            assert_eq!(regions.len(), 3 * size.n());
            for region in &regions {
                for cell in size.unit_cells(region.unit) {
                    let (x, y) = vertex(size, GraphShape::Grid, cell);
                    assert!(x > region.x && x < region.x + region.width, "{region:?}");
                    assert!(y > region.y && y < region.y + region.height, "{region:?}");
                }
            }
            assert_eq!(regions[0].label, "row 1");
            assert_eq!(regions[size.n()].label, "column 1");
            assert_eq!(regions[3 * size.n() - 1].label, format!("box {}", size.n()));
        }
    }

    #[test]
    fn bipartite_incidences_and_nodes() {
        assert_eq!(drawn_incidences(Size::NINE, None, None).len(), 243);
        let big = drawn_incidences(Size::SIXTEEN, Some(0), Some(16 + 5));
        // The cell's three units, and column 6's sixteen cells.
        assert_eq!(big.len(), 3 + 16);
        let (x, y) = unit_node(Size::NINE, 2 * 9 + 8);
        assert!(x < bipartite_width(Size::NINE) && y < extent(Size::NINE));
    }

    #[test]
    fn digit_colours_are_distinct() {
        for size in Size::ALL {
            let colours: std::collections::BTreeSet<String> = (1..=size.n() as u8)
                .map(|v| digit_colour(size, v))
                .collect();
            assert_eq!(colours.len(), size.n(), "{size}");
        }
    }
}
