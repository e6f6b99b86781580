//! Why a text is not a puzzle: typed errors with the line (and column) they point at, in words.

use std::fmt;

use crate::grid::{Conflict, Grid};
use crate::size::Size;

/// Why a text is not a puzzle. Lines and columns are 1-based.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseError {
    /// No puzzle in the text (only blank or comment lines).
    Empty,
    /// More than one puzzle where exactly one was expected.
    SeveralPuzzles { count: usize },
    /// A line (or block) holds a number of cells that is no grid size.
    /// A line or block of the wrong number of cells; `stray` is its first character that is no
    /// symbol of a 4×4, 9×9 or 16×16 grid, if any (text that is not a puzzle at all).
    WrongLength {
        line: usize,
        cells: usize,
        stray: Option<char>,
    },
    /// A row of a block grid has the wrong number of cells.
    WrongRowLength {
        line: usize,
        cells: usize,
        expected: usize,
    },
    /// A block grid has the wrong number of rows.
    WrongRowCount {
        line: usize,
        rows: usize,
        expected: usize,
    },
    /// A character that is no symbol of the grid's size.
    BadCharacter {
        line: usize,
        column: usize,
        found: char,
        size: Size,
        /// A 25×25 grid read in the 1–9, A–P writing (its other cells had digits), whose
        /// symbols the message must name rather than A–Y.
        alnum: bool,
    },
    /// A number outside 0..=n.
    NumberOutOfRange {
        line: usize,
        column: usize,
        value: u32,
        size: Size,
    },
    /// Givens that repeat a digit in a row, column or box. The grid as read is kept so an editor
    /// can show the clashing givens in place.
    Clash {
        line: usize,
        grid: Grid,
        conflicts: Vec<Conflict>,
    },
    /// A line that is not UTF-8 text.
    NotUtf8 { line: usize },
    /// A line holding a control character (NUL, escape…) other than a tab.
    ControlCharacter {
        line: usize,
        column: usize,
        code: u32,
    },
    /// A line longer than any puzzle line can be; it was not read.
    LineTooLong { line: usize, bytes: usize },
    /// An earlier command's answer where a puzzle was expected (`invalid: …`, `no solution`,
    /// `unsolved: …`, `not unique`), kept as it was written, so a pipeline (`sudoku reduce |
    /// sudoku solve | …`) keeps one answer per line and the first message.
    Upstream { line: usize, answer: String },
}

impl ParseError {
    /// The 1-based line the error points at, if any.
    pub fn line(&self) -> Option<usize> {
        match self {
            ParseError::Empty | ParseError::SeveralPuzzles { .. } => None,
            ParseError::WrongLength { line, .. }
            | ParseError::WrongRowLength { line, .. }
            | ParseError::WrongRowCount { line, .. }
            | ParseError::BadCharacter { line, .. }
            | ParseError::NumberOutOfRange { line, .. }
            | ParseError::Clash { line, .. }
            | ParseError::NotUtf8 { line }
            | ParseError::ControlCharacter { line, .. }
            | ParseError::LineTooLong { line, .. }
            | ParseError::Upstream { line, .. } => Some(*line),
        }
    }

    /// Cells to highlight (clashing givens), empty for other errors.
    pub fn cells(&self) -> Vec<usize> {
        match self {
            ParseError::Clash { conflicts, .. } => Conflict::cells_of(conflicts),
            _ => Vec::new(),
        }
    }
}

fn symbols_hint(size: Size, alnum: bool) -> &'static str {
    match size.n() {
        4 => "1-4",
        9 => "1-9",
        16 => "1-9 and A-G",
        _ if alnum => "1-9 and A-P",
        _ => "A-Y",
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Empty => write!(f, "no puzzle found (only blank or comment lines)"),
            ParseError::SeveralPuzzles { count } => {
                write!(f, "expected one puzzle, found {count}")
            }
            ParseError::WrongLength { line, cells, stray } => {
                write!(f, "line {line}: {cells} cells")?;
                if let Some(c) = stray {
                    write!(f, " ('{c}' is not a symbol of a 4×4, 9×9 or 16×16 grid)")?;
                }
                write!(
                    f,
                    "; a puzzle has 16 (4×4), 81 (9×9), 256 (16×16) or 625 (25×25)"
                )
            }
            ParseError::WrongRowLength {
                line,
                cells,
                expected,
            } => write!(f, "line {line}: row has {cells} cells, expected {expected}"),
            ParseError::WrongRowCount {
                line,
                rows,
                expected,
            } => write!(f, "line {line}: grid has {rows} rows, expected {expected}"),
            ParseError::BadCharacter {
                line,
                column,
                found,
                size,
                alnum,
            } => write!(
                f,
                "line {line}, column {column}: '{}' is not a symbol of a {size} grid (use {}, and . or 0 for empty)",
                found.escape_default(),
                symbols_hint(*size, *alnum)
            ),
            ParseError::NumberOutOfRange {
                line,
                column,
                value,
                size,
            } => write!(
                f,
                "line {line}, column {column}: {value} is out of range for a {size} grid (0-{})",
                size.n()
            ),
            ParseError::Clash {
                line,
                grid,
                conflicts,
            } => {
                // The first few say where to look; a line of hundreds would say nothing more.
                const SHOWN: usize = 3;
                let parts: Vec<String> = conflicts
                    .iter()
                    .take(SHOWN)
                    .map(|c| c.describe(grid.size()))
                    .collect();
                write!(f, "line {line}: givens clash: {}", parts.join("; "))?;
                match conflicts.len().saturating_sub(SHOWN) {
                    0 => Ok(()),
                    more => write!(f, "; and {}", crate::words::count(more, "more clash")),
                }
            }
            ParseError::NotUtf8 { line } => write!(f, "line {line}: not UTF-8 text"),
            ParseError::ControlCharacter { line, column, code } => write!(
                f,
                "line {line}, column {column}: control character U+{code:04X} (not puzzle text)"
            ),
            ParseError::Upstream { line, answer } => match answer.strip_prefix("invalid:") {
                Some(message) => f.write_str(message.trim()),
                None => write!(f, "line {line}: '{answer}' is an answer, not a puzzle"),
            },
            ParseError::LineTooLong { line, bytes } => write!(
                f,
                "line {line}: {bytes} bytes, longer than any puzzle line ({} at most)",
                super::MAX_LINE_BYTES
            ),
        }
    }
}

impl ParseError {
    /// The message without its line number, for a text that holds one line (a Python string, a
    /// form field), where "line 1" says nothing; a column stays.
    pub fn without_line(&self) -> String {
        let text = self.to_string();
        let Some(rest) = text.strip_prefix("line ") else {
            return text;
        };
        let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
        match (rest.strip_prefix(": "), rest.strip_prefix(", ")) {
            (Some(message), _) | (None, Some(message)) => message.to_string(),
            _ => text,
        }
    }
}
