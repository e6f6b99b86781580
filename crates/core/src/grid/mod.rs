//! The puzzle model: a grid of values with the givens marked, symbols, printing and rule checks.

use std::fmt;

use crate::size::Size;

mod clash;

pub use clash::Conflict;

/// A Sudoku grid: `values[c]` is 0 for an empty cell or a digit 1..=n; `given[c]` marks the clues.
#[derive(Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "GridData"))]
pub struct Grid {
    size: Size,
    values: Vec<u8>,
    given: Vec<bool>,
}

/// A grid as it arrives from outside (the page's messages to its worker): checked before it
/// becomes a [`Grid`], so no solver ever sees a wrong length or a value past n.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct GridData {
    size: Size,
    values: Vec<u8>,
    given: Vec<bool>,
}

#[cfg(feature = "serde")]
impl TryFrom<GridData> for Grid {
    type Error = String;

    fn try_from(data: GridData) -> Result<Grid, String> {
        let cells = data.size.cells();
        if data.values.len() != cells || data.given.len() != cells {
            return Err(format!(
                "a {} grid has {cells} cells, not {} values and {} given marks",
                data.size,
                data.values.len(),
                data.given.len()
            ));
        }
        if let Some(v) = data.values.iter().find(|&&v| v as usize > data.size.n()) {
            return Err(format!("{v} is no value of a {} grid", data.size));
        }
        if let Some(cell) = (0..cells).find(|&c| data.given[c] && data.values[c] == 0) {
            return Err(format!("cell {cell} is marked given but empty"));
        }
        Ok(Grid {
            size: data.size,
            values: data.values,
            given: data.given,
        })
    }
}

/// "r3c7": the 1-based row/column name of a cell used in every message.
pub fn cell_name(size: Size, cell: usize) -> String {
    format!("r{}c{}", size.row_of(cell) + 1, size.col_of(cell) + 1)
}

/// The character of digit `value` (1..=n) for a size.
///
/// Up to 9×9 digits are `1`–`9`; 16×16 uses `1`–`9` then `A`–`G` (10–16), the usual
/// "hexadoku with 1-based digits" reading; 25×25 uses the letters `A`–`Y` (1–25), since
/// mixing digits and letters there is ambiguous. Grids can always be written as numbers instead.
pub fn digit_char(size: Size, value: u8) -> char {
    debug_assert!(value >= 1 && value as usize <= size.n());
    match size.n() {
        25 => (b'A' + value - 1) as char,
        _ if value <= 9 => (b'0' + value) as char,
        _ => (b'A' + value - 10) as char,
    }
}

/// 25×25 written the way 16×16 is (`1`–`9`, then `A`–`P` for 10–25): the digit of a character.
pub fn alnum25_digit(ch: char) -> Option<u8> {
    if matches!(ch, '.' | '0' | '_' | '*') {
        return Some(0);
    }
    match ch.to_ascii_uppercase() {
        c @ '1'..='9' => Some(c as u8 - b'0'),
        c @ 'A'..='P' => Some(c as u8 - b'A' + 10),
        _ => None,
    }
}

/// The character of a 25×25 digit in the `1`–`9`, `A`–`P` writing.
pub fn alnum25_char(value: u8) -> char {
    if value <= 9 {
        (b'0' + value) as char
    } else {
        (b'A' + value - 10) as char
    }
}

/// The digit a character stands for in a grid of this size: `Some(0)` for an empty marker
/// (`.`, `0`, `_`), `None` if the character is not a symbol of this size.
pub fn char_digit(size: Size, ch: char) -> Option<u8> {
    if matches!(ch, '.' | '0' | '_' | '*') {
        return Some(0);
    }
    let n = size.n() as u32;
    let up = ch.to_ascii_uppercase();
    let value = match n {
        25 => up
            .is_ascii_uppercase()
            .then(|| up as u32 - 'A' as u32 + 1)?,
        _ => match up {
            '1'..='9' => up as u32 - '0' as u32,
            'A'..='Z' if n > 9 => up as u32 - 'A' as u32 + 10,
            _ => return None,
        },
    };
    (value <= n).then_some(value as u8)
}

/// The largest of `values`: a fold, not a search for one too large, so that it has no early exit
/// and vectorises (every line read and every answer verified goes through it).
fn largest(values: &[u8]) -> u8 {
    values.iter().fold(0, |most, &v| most.max(v))
}

impl Grid {
    /// An empty grid of the given size.
    pub fn empty(size: Size) -> Grid {
        Grid {
            size,
            values: vec![0; size.cells()],
            given: vec![false; size.cells()],
        }
    }

    /// A grid whose non-zero values are all givens. `None` if the length or a value does not fit.
    pub fn from_givens(size: Size, values: &[u8]) -> Option<Grid> {
        Grid::from_given_values(size, values.to_vec())
    }

    /// [`Grid::from_givens`] keeping the vector it is given (no copy: the reader builds one per
    /// puzzle line).
    pub fn from_given_values(size: Size, values: Vec<u8>) -> Option<Grid> {
        if values.len() != size.cells() || largest(&values) as usize > size.n() {
            return None;
        }
        Some(Grid {
            size,
            given: values.iter().map(|&v| v != 0).collect(),
            values,
        })
    }

    #[inline]
    pub fn size(&self) -> Size {
        self.size
    }

    /// The value of a cell (0 = empty).
    #[inline]
    pub fn get(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// All values in reading order (0 = empty).
    #[inline]
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    #[inline]
    pub fn is_given(&self, cell: usize) -> bool {
        self.given[cell]
    }

    /// Sets a non-given cell (0 clears it). Givens are never changed.
    pub fn set(&mut self, cell: usize, value: u8) {
        debug_assert!(value as usize <= self.size.n());
        if !self.given[cell] {
            self.values[cell] = value;
        }
    }

    /// Sets a cell and marks it as a given (0 clears it and its mark): used by editors.
    pub fn set_given(&mut self, cell: usize, value: u8) {
        debug_assert!(value as usize <= self.size.n());
        self.values[cell] = value;
        self.given[cell] = value != 0;
    }

    /// The same puzzle with the non-given cells replaced by `values` (a solver's answer).
    pub fn with_values(&self, values: &[u8]) -> Grid {
        debug_assert_eq!(values.len(), self.values.len());
        // Built in one pass, not cloned and then overwritten (one copy less: in wasm each is a
        // call out of the module), with branch-free byte masks so that the loop vectorises (it
        // runs after every fast solve).
        let values = self
            .values
            .iter()
            .zip(values)
            .zip(&self.given)
            .map(|((&old, &new), &given)| {
                let keep = (given as u8).wrapping_neg();
                (old & keep) | (new & !keep)
            })
            .collect();
        Grid {
            size: self.size,
            values,
            given: self.given.clone(),
        }
    }

    /// Only the givens, every other cell emptied.
    pub fn givens_only(&self) -> Grid {
        let mut out = self.clone();
        for c in 0..out.values.len() {
            if !out.given[c] {
                out.values[c] = 0;
            }
        }
        out
    }

    pub fn given_count(&self) -> usize {
        self.given.iter().filter(|&&g| g).count()
    }

    pub fn filled_count(&self) -> usize {
        self.values.iter().filter(|&&v| v != 0).count()
    }

    /// Every value 0 or a digit of the grid's size: always so for a grid read or built here; the
    /// verifier asks it of a solver's answer, whose values [`Grid::with_values`] takes as given.
    pub fn values_in_range(&self) -> bool {
        largest(&self.values) as usize <= self.size.n()
    }

    /// No empty cell. The smallest value over the grid, not a search for the first 0: a search
    /// stops early, so it does not vectorise, and the verifier asks this of every answer.
    pub fn is_complete(&self) -> bool {
        self.values.iter().fold(u8::MAX, |least, &v| least.min(v)) != 0
    }

    /// One line, n² symbols, `.` for empty cells (the format of the benchmark sets).
    pub fn to_line(&self) -> String {
        let mut out = String::with_capacity(self.values.len());
        self.write_line(&mut out);
        out
    }

    /// Appends [`Grid::to_line`] to `out` (no new allocation when `out` has room): each symbol
    /// computed rather than looked up, so that the loop vectorises — digits from `1`, letters
    /// from `A` (from 10 on, or from 1 on 25×25, as [`digit_char`] writes them), `.` for empty.
    pub fn write_line(&self, out: &mut String) {
        let (letters_from, letter_base) = match self.size.n() {
            25 => (1, b'A' - 1),
            _ => (10, b'A' - 10),
        };
        for cells in self.values.chunks(128) {
            let mut bytes = [0u8; 128];
            for (byte, &v) in bytes.iter_mut().zip(cells) {
                let base = if v >= letters_from { letter_base } else { b'0' };
                *byte = if v == 0 { b'.' } else { v.wrapping_add(base) };
            }
            // Every symbol is ASCII.
            out.push_str(std::str::from_utf8(&bytes[..cells.len()]).unwrap_or_default());
        }
    }

    /// The grid with a symbol per value (`.` for empty), on one line or one row per line.
    pub fn to_symbols(&self, symbol: impl Fn(u8) -> char, rows: bool) -> String {
        let n = self.size.n();
        let mut out = String::with_capacity(self.values.len() + n);
        for row in self.values.chunks(n) {
            out.extend(row.iter().map(|&v| if v == 0 { '.' } else { symbol(v) }));
            if rows {
                out.push('\n');
            }
        }
        out
    }

    /// n lines of n symbols (no separators), one per row.
    pub fn to_rows(&self) -> String {
        let n = self.size.n();
        let mut out = String::with_capacity(self.values.len() + n);
        for row in self.values.chunks(n) {
            out.extend(row.iter().map(|&v| self.symbol(v)));
            out.push('\n');
        }
        out
    }

    /// Whitespace-separated numbers (0 = empty), `n` per line if `rows`, else on one line.
    pub fn to_numbers(&self, rows: bool) -> String {
        let n = self.size.n();
        let width = if n > 9 { 2 } else { 1 };
        let mut out = String::new();
        for (r, row) in self.values.chunks(n).enumerate() {
            let cells: Vec<String> = row.iter().map(|v| format!("{v:>width$}")).collect();
            out.push_str(&cells.join(" "));
            if rows {
                out.push('\n');
            } else if r + 1 < n {
                out.push(' ');
            }
        }
        out
    }

    /// A human-friendly block with box separators, e.g. for terminals.
    pub fn to_pretty(&self) -> String {
        self.to_boxed(|v| self.symbol(v).to_string())
    }

    /// Rows with `|` between boxes and a `-`/`+` rule between bands, each value written by
    /// `symbol` (the layout of a boxed block grid, kept in its answer).
    pub fn to_boxed(&self, symbol: impl Fn(u8) -> String) -> String {
        let n = self.size.n();
        let k = self.size.box_side();
        let mut out = String::new();
        for r in 0..n {
            let mut line = String::new();
            for c in 0..n {
                if c > 0 {
                    line.push_str(if c % k == 0 { " | " } else { " " });
                }
                line.push_str(&symbol(self.values[r * n + c]));
            }
            if r > 0 && r % k == 0 {
                let rule: String = line
                    .chars()
                    .map(|ch| if ch == '|' { '+' } else { '-' })
                    .collect();
                out.push_str(&rule);
                out.push('\n');
            }
            out.push_str(&line);
            out.push('\n');
        }
        out
    }

    fn symbol(&self, v: u8) -> char {
        if v == 0 {
            '.'
        } else {
            digit_char(self.size, v)
        }
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({}, {})", self.size, self.to_line())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symbols_round_trip_for_every_size() {
        for size in Size::ALL {
            for v in 1..=size.n() as u8 {
                let ch = digit_char(size, v);
                assert_eq!(char_digit(size, ch), Some(v), "{size} digit {v}");
                assert_eq!(char_digit(size, ch.to_ascii_lowercase()), Some(v));
            }
            assert_eq!(char_digit(size, '.'), Some(0));
        }
        assert_eq!(digit_char(Size::SIXTEEN, 16), 'G');
        assert_eq!(digit_char(Size::TWENTY_FIVE, 25), 'Y');
        assert_eq!(char_digit(Size::NINE, 'A'), None);
        assert_eq!(char_digit(Size::FOUR, '5'), None);
        assert_eq!(char_digit(Size::SIXTEEN, 'H'), None);
        assert_eq!(char_digit(Size::TWENTY_FIVE, '3'), None);
    }

    /// The line writer's computed symbols are digit_char's, for every value of every size.
    #[test]
    fn lines_write_each_value_as_digit_char() {
        for size in Size::ALL {
            let values: Vec<u8> = (0..size.cells())
                .map(|c| (c % (size.n() + 1)) as u8)
                .collect();
            let grid = Grid::from_givens(size, &values).unwrap();
            let expected: String = values
                .iter()
                .map(|&v| if v == 0 { '.' } else { digit_char(size, v) })
                .collect();
            let mut out = String::from("before ");
            grid.write_line(&mut out);
            assert_eq!(out, format!("before {expected}"), "{size}");
        }
    }

    #[test]
    fn pretty_has_box_rules() {
        let g = Grid::empty(Size::FOUR);
        assert_eq!(
            g.to_pretty(),
            ". . | . .\n. . | . .\n----+----\n. . | . .\n. . | . .\n"
        );
    }
}
