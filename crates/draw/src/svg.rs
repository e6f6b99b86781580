//! The board as a standalone SVG: vector, for print and slides, in the page's colours.
//! Every cell is a group with the label a screen reader gives it on the page, and
//! `data-cell`/`data-value` for programs that read the drawing back.

use std::fmt::Write;

use sudoku_core::grid::digit_char;

use crate::frame::BoardFrame;

/// How a drawing looks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    /// Side of a cell, in SVG user units (pixels when rasterised at scale 1).
    pub cell: f64,
    /// The page's dark theme's colours.
    pub dark: bool,
}

impl Default for Style {
    fn default() -> Style {
        Style {
            cell: 40.0,
            dark: false,
        }
    }
}

/// The page's colours (web/style.css), light and dark.
struct Palette {
    panel: &'static str,
    line: &'static str,
    strong: &'static str,
    given: &'static str,
    solved: &'static str,
    current: &'static str,
    bad: &'static str,
    hint: &'static str,
    muted: &'static str,
}

const LIGHT: Palette = Palette {
    panel: "#ffffff",
    line: "#c6ccd8",
    strong: "#3a4256",
    given: "#111827",
    solved: "#1d5fd1",
    current: "#ffe58a",
    bad: "#ffd2d2",
    hint: "#e69f00",
    muted: "#5b6478",
};

const DARK: Palette = Palette {
    panel: "#1b1f29",
    line: "#3a4256",
    strong: "#8b95ab",
    given: "#f2f4f8",
    solved: "#7fb0ff",
    current: "#6b5a12",
    bad: "#6b2a2a",
    hint: "#e69f00",
    muted: "#a3acbf",
};

/// Margin around the grid, in cells: room for the outer border's width.
const MARGIN: f64 = 0.1;

/// `text` with XML's five special characters escaped (also right for HTML text and attributes:
/// the help page uses it).
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// The hue the page tints a search's value by (twelve hues, then again), as in
/// `.cell.deep` of the page's style.
fn level_tint(level: u16) -> String {
    let hue = (210 + (level % 12) as u32 * 67) % 360;
    format!("hsl({hue},85%,55%)")
}

/// The frame's board as a standalone SVG document.
pub fn board_svg(frame: &BoardFrame, style: &Style) -> String {
    let size = frame.size;
    let (n, k) = (size.n(), size.box_side());
    let c = style.cell;
    let colours = if style.dark { &DARK } else { &LIGHT };
    let side = n as f64 * c;
    let margin = MARGIN * c;
    let whole = side + 2.0 * margin;
    let mut out = String::with_capacity(n * n * 160 + 1024);
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {whole} {whole}" width="{whole}" height="{whole}" role="grid" aria-label="Sudoku board {size}" data-view="board" font-family="DejaVu Sans, Verdana, sans-serif">"#
    );
    let _ = write!(
        out,
        r#"<rect width="{whole}" height="{whole}" fill="{}"/><g transform="translate({margin} {margin})">"#,
        colours.panel
    );
    for cell in 0..n * n {
        let (x, y) = (size.col_of(cell) as f64 * c, size.row_of(cell) as f64 * c);
        let (value, given) = (frame.values[cell], frame.givens[cell]);
        let _ = write!(
            out,
            r#"<g role="gridcell" data-cell="{cell}" data-value="{value}" aria-label="{}">"#,
            escaped(&frame.cell_label(cell))
        );
        let level = frame
            .placed_at
            .get(cell)
            .copied()
            .filter(|&l| l > 0 && value != 0 && !given);
        let fill = if frame.bad.contains(&cell) {
            Some((colours.bad.to_string(), 1.0))
        } else if frame.current == Some(cell) {
            Some((colours.current.to_string(), 1.0))
        } else {
            level.map(|l| (level_tint(l), 0.18))
        };
        if let Some((fill, opacity)) = fill {
            let _ = write!(
                out,
                r#"<rect x="{x}" y="{y}" width="{c}" height="{c}" fill="{fill}" fill-opacity="{opacity}"/>"#
            );
        }
        if frame.marked.contains(&cell) {
            let inset = c * 0.06;
            let _ = write!(
                out,
                r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{}" stroke-width="{}"/>"#,
                x + inset,
                y + inset,
                c - 2.0 * inset,
                c - 2.0 * inset,
                colours.hint,
                inset
            );
        }
        if value != 0 {
            let (colour, weight) = match given {
                true => (colours.given, "700"),
                false => (colours.solved, "400"),
            };
            let _ = write!(
                out,
                r#"<text x="{}" y="{}" font-size="{}" font-weight="{weight}" fill="{colour}" text-anchor="middle" dominant-baseline="central">{}</text>"#,
                x + c / 2.0,
                y + c / 2.0,
                c * 0.6,
                digit_char(size, value)
            );
        } else if let Some(candidates) = &frame.candidates {
            let mark = c / k as f64;
            for digit in 1..=n as u8 {
                if candidates[cell] >> (digit - 1) & 1 == 0 {
                    continue;
                }
                let i = digit as usize - 1;
                let _ = write!(
                    out,
                    r#"<text x="{}" y="{}" font-size="{}" fill="{}" text-anchor="middle" dominant-baseline="central">{}</text>"#,
                    x + (i % k) as f64 * mark + mark / 2.0,
                    y + (i / k) as f64 * mark + mark / 2.0,
                    mark * 0.75,
                    colours.muted,
                    digit_char(size, digit)
                );
            }
        }
        out.push_str("</g>");
    }
    // Cell lines, then box lines over them, then the border.
    let mut lines = |every: usize, colour: &str, width: f64| {
        let _ = write!(
            out,
            r#"<path fill="none" stroke="{colour}" stroke-width="{width}" d=""#
        );
        for i in (every..n).step_by(every) {
            let at = i as f64 * c;
            let _ = write!(out, "M{at} 0V{side}M0 {at}H{side}");
        }
        out.push_str(r#""/>"#);
    };
    lines(1, colours.line, c / 40.0);
    lines(k, colours.strong, c / 20.0);
    let _ = write!(
        out,
        r#"<rect width="{side}" height="{side}" fill="none" stroke="{}" stroke-width="{}"/></g></svg>"#,
        colours.strong,
        c / 20.0
    );
    out
}

#[cfg(test)]
mod tests;
