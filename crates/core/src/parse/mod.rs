//! Reading puzzles from text: one puzzle per line, block grids, numbers, comments.
//!
//! Accepted input, all mixable in one file:
//! - one puzzle per line: 16, 81, 256 or 625 symbols; `.`, `0` or `_` for an empty cell;
//! - tab-separated records (`name<TAB>puzzle<TAB>note`): the first field that holds a whole grid is read;
//! - block grids: n lines of n cells, with or without `|` inside lines and `-`/`+`/`=` rule lines;
//!   a blank line or the end of a block's n rows ends it;
//! - whitespace-separated numbers (`0` or `.` = empty), as one line of n² numbers or n lines of n,
//!   which is how 16×16 and 25×25 grids are often written; a line of several whitespace-separated
//!   numbers up to 25 is read as numbers, anything else symbol by symbol (so `5 3 . . 7` and `53..7`
//!   read the same, and `530 070 000` is nine symbols);
//! - lines starting with `#` are comments, blank lines are skipped.
//!
//! Symbols of n > 9 are described at [`crate::grid::digit_char`]. A run of 16 lines of 16 cells is
//! read as one 16×16 grid, not as sixteen 4×4 puzzles.

mod bytes;
mod error;
mod paragraph;

pub use bytes::{
    parse_bytes, parse_bytes_with, parse_line, read_line_bounded, Records, MAX_LINE_BYTES,
};
pub use error::ParseError;
pub(crate) use paragraph::TextReader;
pub use paragraph::{parse_records, parse_records_with, read_puzzle};

use crate::grid::{char_digit, Grid};
use crate::size::Size;

/// How a puzzle was written, so answers can be printed the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// The whole grid on one line.
    Line,
    /// One row per line.
    Block,
    /// One row per line, boxes set apart by `|` and bands by rule lines (`---+---`).
    Boxed,
}

/// Symbols (`1`–`9`, letters) or whitespace-separated numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symbols {
    Chars,
    Numbers,
    /// 25×25 written as 16×16 is: `1`–`9`, then `A`–`P` for 10–25.
    Alnum,
}

/// How a 25×25 line or block of letters is read when its symbols fit both writings (only `A`–`P`
/// and empties: no digit, no `Q`–`Y`). Digits mean 1–9/A–P, `Q`–`Y` mean A–Y, whatever this says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Letters25 {
    /// `A`–`Y` for 1–25 (the lab's own writing).
    #[default]
    AToY,
    /// `1`–`9` then `A`–`P`.
    Alnum,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Format {
    pub layout: Layout,
    pub symbols: Symbols,
}

impl Format {
    pub const LINE: Format = Format {
        layout: Layout::Line,
        symbols: Symbols::Chars,
    };

    /// Prints a grid in this format (block formats end with a newline, line formats do not).
    pub fn write(self, grid: &Grid) -> String {
        match (self.layout, self.symbols) {
            (Layout::Line, Symbols::Chars) => grid.to_line(),
            (Layout::Block, Symbols::Chars) => grid.to_rows(),
            (Layout::Line, Symbols::Numbers) => grid.to_numbers(false),
            (Layout::Block, Symbols::Numbers) => grid.to_numbers(true),
            (Layout::Boxed, Symbols::Numbers) => {
                let width = if grid.size().n() > 9 { 2 } else { 1 };
                grid.to_boxed(|v| format!("{v:>width$}"))
            }
            (Layout::Boxed, Symbols::Chars) => grid.to_pretty(),
            (Layout::Boxed, Symbols::Alnum) => {
                grid.to_boxed(|v| crate::grid::alnum25_char(v).to_string())
            }
            (layout, Symbols::Alnum) => {
                grid.to_symbols(crate::grid::alnum25_char, layout == Layout::Block)
            }
        }
    }
}

impl std::error::Error for ParseError {}

/// One puzzle read from a text (or the error in its place), with where it started.
#[derive(Clone, Debug)]
pub struct Record {
    /// 1-based line of the puzzle's first row.
    pub line: usize,
    pub format: Format,
    pub result: Result<Grid, ParseError>,
}

/// One symbol or number read from the text, with its position.
#[derive(Clone, Copy, Debug)]
struct RawCell {
    token: Token,
    column: usize,
}

#[derive(Clone, Copy, Debug)]
enum Token {
    Char(char),
    Number(u32),
}

/// A content line split into cells.
#[derive(Debug)]
struct RawLine {
    line: usize,
    cells: Vec<RawCell>,
    symbols: Symbols,
    /// The row sets boxes apart with `|`.
    boxed: bool,
}

fn is_rule_line(text: &str) -> bool {
    text.chars().any(|c| matches!(c, '-' | '+' | '='))
        && text
            .chars()
            .all(|c| matches!(c, '-' | '+' | '=' | '|') || c.is_whitespace())
}

/// Splits one line (without comment or rule handling) into cells; `offset` is the 0-based
/// character column where `text` starts in its line.
fn split_cells(text: &str, offset: usize) -> (Vec<RawCell>, Symbols) {
    let tokens: Vec<(usize, &str)> = tokens_with_columns(text);
    let numeric = tokens.len() > 1
        && tokens
            .iter()
            .all(|(_, t)| t.chars().all(|c| c.is_ascii_digit()) || *t == "." || *t == "_")
        && tokens
            .iter()
            .all(|(_, t)| t.len() <= 2 && t.parse::<u32>().map_or(true, |v| v <= 25));
    if numeric {
        let cells = tokens
            .iter()
            .map(|&(col, t)| RawCell {
                token: Token::Number(t.parse().unwrap_or(0)),
                column: offset + col + 1,
            })
            .collect();
        return (cells, Symbols::Numbers);
    }
    let cells = text
        .chars()
        .enumerate()
        .filter(|(_, c)| !c.is_whitespace() && *c != '|')
        .map(|(i, c)| RawCell {
            token: Token::Char(c),
            column: offset + i + 1,
        })
        .collect();
    (cells, Symbols::Chars)
}

/// Whitespace- or `|`-separated tokens with their 0-based character columns.
fn tokens_with_columns(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (char column, byte index)
    for (col, (byte, ch)) in text.char_indices().enumerate() {
        let separator = ch.is_whitespace() || ch == '|';
        match (separator, start) {
            (true, Some((c0, b0))) => {
                out.push((c0, &text[b0..byte]));
                start = None;
            }
            (false, None) => start = Some((col, byte)),
            _ => {}
        }
    }
    if let Some((c0, b0)) = start {
        out.push((c0, &text[b0..]));
    }
    out
}

/// Reads a content line: the first tab-separated field that is a whole grid, else the whole line.
fn read_line(line: usize, text: &str) -> RawLine {
    if text.contains('\t') {
        let mut offset = 0;
        for field in text.split('\t') {
            let (cells, symbols) = split_cells(field, offset);
            if Size::from_cell_count(cells.len()).is_some() {
                return RawLine {
                    line,
                    cells,
                    symbols,
                    boxed: field.contains('|'),
                };
            }
            offset += field.chars().count() + 1;
        }
    }
    let (cells, symbols) = split_cells(text, 0);
    RawLine {
        line,
        cells,
        symbols,
        boxed: text.contains('|'),
    }
}

/// Turns raw cells into a checked grid of a known size.
/// Whether a 25×25 grid of characters is written 1–9/A–P: the symbols present decide, and
/// `letters` settles text that fits both writings.
fn reads_alnum(size: Size, rows: &[&RawLine], letters: Letters25) -> bool {
    if size.n() != 25 {
        return false;
    }
    let chars = rows
        .iter()
        .flat_map(|r| &r.cells)
        .filter_map(|c| match c.token {
            Token::Char(ch) => Some(ch.to_ascii_uppercase()),
            Token::Number(_) => None,
        });
    let (mut digits, mut late_letters) = (false, false);
    for ch in chars {
        digits |= ('1'..='9').contains(&ch);
        late_letters |= ('Q'..='Y').contains(&ch);
    }
    digits || (!late_letters && letters == Letters25::Alnum)
}

fn build_grid(size: Size, rows: &[&RawLine], alnum: bool) -> Result<Grid, ParseError> {
    let mut values = Vec::with_capacity(size.cells());
    for raw in rows {
        for cell in &raw.cells {
            let v = match cell.token {
                Token::Char(ch) if alnum => {
                    crate::grid::alnum25_digit(ch).ok_or(ParseError::BadCharacter {
                        line: raw.line,
                        column: cell.column,
                        found: ch,
                        size,
                        alnum,
                    })?
                }
                Token::Char(ch) => char_digit(size, ch).ok_or(ParseError::BadCharacter {
                    line: raw.line,
                    column: cell.column,
                    found: ch,
                    size,
                    alnum,
                })?,
                Token::Number(v) if v as usize <= size.n() => v as u8,
                Token::Number(value) => {
                    return Err(ParseError::NumberOutOfRange {
                        line: raw.line,
                        column: cell.column,
                        value,
                        size,
                    })
                }
            };
            values.push(v);
        }
    }
    let grid = Grid::from_givens(size, &values).expect("values checked against size");
    without_clash(grid, rows[0].line)
}

/// The grid read at `line`, or the clash error that keeps it (an editor shows it in place).
pub(crate) fn without_clash(grid: Grid, line: usize) -> Result<Grid, ParseError> {
    let conflicts = grid.conflicts();
    if conflicts.is_empty() {
        Ok(grid)
    } else {
        Err(ParseError::Clash {
            line,
            grid,
            conflicts,
        })
    }
}

fn symbols_of(rows: &[&RawLine]) -> Symbols {
    if rows.iter().any(|r| r.symbols == Symbols::Numbers) {
        Symbols::Numbers
    } else {
        Symbols::Chars
    }
}

/// Reads `rows` as one block grid, checking row lengths and count.
fn block_record(rows: &[&RawLine], letters: Letters25) -> Record {
    let line = rows[0].line;
    let mut format = Format {
        layout: if rows.iter().any(|r| r.boxed) {
            Layout::Boxed
        } else {
            Layout::Block
        },
        symbols: symbols_of(rows),
    };
    let result = (|| {
        let first = rows[0].cells.len();
        let size = match Size::from_side(first) {
            Some(size) => {
                if let Some(bad) = rows.iter().find(|r| r.cells.len() != first) {
                    return Err(ParseError::WrongRowLength {
                        line: bad.line,
                        cells: bad.cells.len(),
                        expected: first,
                    });
                }
                if rows.len() != first {
                    return Err(ParseError::WrongRowCount {
                        line,
                        rows: rows.len(),
                        expected: first,
                    });
                }
                size
            }
            None => {
                let total: usize = rows.iter().map(|r| r.cells.len()).sum();
                Size::from_cell_count(total).ok_or_else(|| ParseError::WrongLength {
                    line,
                    cells: total,
                    stray: stray(rows.iter().flat_map(|r| &r.cells)),
                })?
            }
        };
        let alnum = reads_alnum(size, rows, letters);
        if alnum {
            format.symbols = Symbols::Alnum;
        }
        build_grid(size, rows, alnum)
    })();
    Record {
        line,
        format,
        result,
    }
}

/// The first cell that is no symbol of a grid up to 16×16 (digits, `.`, `0`, A–G): a sign that
/// the text is not a puzzle at all ("hello world").
fn stray<'c>(cells: impl IntoIterator<Item = &'c RawCell>) -> Option<char> {
    cells.into_iter().find_map(|cell| match cell.token {
        Token::Char(c)
            if !(c.is_ascii_digit()
                || c == '.'
                || ('A'..='G').contains(&c.to_ascii_uppercase())) =>
        {
            Some(c)
        }
        _ => None,
    })
}

fn line_record(raw: &RawLine, letters: Letters25) -> Record {
    let mut format = Format {
        layout: Layout::Line,
        symbols: raw.symbols,
    };
    let result = match Size::from_cell_count(raw.cells.len()) {
        Some(size) => {
            let alnum = reads_alnum(size, &[raw], letters);
            if alnum {
                format.symbols = Symbols::Alnum;
            }
            build_grid(size, &[raw], alnum)
        }
        None => Err(ParseError::WrongLength {
            line: raw.line,
            cells: raw.cells.len(),
            stray: stray(&raw.cells),
        }),
    };
    Record {
        line: raw.line,
        format,
        result,
    }
}

impl Grid {
    /// Reads exactly one puzzle in any accepted format.
    pub fn parse(text: &str) -> Result<Grid, ParseError> {
        let mut records = parse_records(text);
        match records.len() {
            0 => Err(ParseError::Empty),
            1 => records.pop().expect("one record").result,
            count => Err(ParseError::SeveralPuzzles { count }),
        }
    }
}

impl std::str::FromStr for Grid {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Grid, ParseError> {
        Grid::parse(s)
    }
}

#[cfg(test)]
mod tests;
