//! Latin square completion ↔ Sudoku: the reduction behind Sudoku's NP-completeness (Yato & Seta
//! 2003; the NP-completeness section of Takano, de Freitas & de Sá). A partial Latin square of
//! order k becomes a Sudoku of side k² whose completions are exactly the square's completions.
//!
//! Write a digit of the Sudoku (0-based) as x·k + y. The full grid of the k-row pattern, with
//! x = (b + c) mod k and y = (a + d) mod k at row a·k + b and column c·k + d, is a valid
//! Sudoku. Its cells with x = 0 in band a, row 0 of the band, stack 0, column d — one cell per
//! entry (a, d) of the square — are the only cells with x = 0 in their row, their column and
//! their box; give them y = L(a, d) instead and the grid stays valid exactly when L is a Latin
//! square. The puzzle keeps every other cell, and those of the square's filled entries, as
//! givens: an empty cell's row lacks only values with x = 0, so x is forced, and y must be
//! missing from the square's row a and column d. Completions correspond one to one.

use std::fmt;

use crate::grid::Grid;
use crate::size::Size;

/// A partial Latin square of order k (2 to 5): k×k entries 1..k, 0 for an empty one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartialLatin {
    pub order: usize,
    pub entries: Vec<u8>,
}

/// Why a text or a grid is not what the reduction takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LatinError {
    /// Not k² symbols for a k from 2 to 5.
    Length(usize),
    /// A symbol that is neither 1..k nor `.`/`0`.
    Symbol { position: usize, symbol: char },
    /// A digit twice in a row or a column of the square.
    Repeated {
        digit: u8,
        line: &'static str,
        index: usize,
    },
    /// A grid that is not a solved Sudoku of the reduction's shape.
    NotReduced(String),
}

impl fmt::Display for LatinError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LatinError::Length(n) => write!(
                f,
                "{n} symbols: a Latin square of order k has k² (4, 9, 16 or 25)"
            ),
            LatinError::Symbol { position, symbol } => {
                write!(
                    f,
                    "symbol {position} is '{symbol}': use 1..k, or . or 0 for an empty entry"
                )
            }
            LatinError::Repeated { digit, line, index } => {
                write!(
                    f,
                    "{digit} twice in {line} {}: not a partial Latin square",
                    index + 1
                )
            }
            LatinError::NotReduced(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for LatinError {}

impl PartialLatin {
    /// Reads one square written as a line of k² symbols (spaces ignored).
    pub fn parse(text: &str) -> Result<PartialLatin, LatinError> {
        let symbols: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        let order = (2..=5)
            .find(|k| k * k == symbols.len())
            .ok_or(LatinError::Length(symbols.len()))?;
        let entries = symbols
            .iter()
            .enumerate()
            .map(|(i, &symbol)| match symbol {
                '.' | '0' => Ok(0),
                c => c
                    .to_digit(10)
                    .filter(|&d| d >= 1 && d as usize <= order)
                    .map(|d| d as u8)
                    .ok_or(LatinError::Symbol {
                        position: i + 1,
                        symbol,
                    }),
            })
            .collect::<Result<Vec<u8>, _>>()?;
        let square = PartialLatin { order, entries };
        square.check()?;
        Ok(square)
    }

    /// No digit twice in a row or a column.
    fn check(&self) -> Result<(), LatinError> {
        let k = self.order;
        for i in 0..k {
            for (line, at) in [
                ("row", (0..k).map(|j| i * k + j).collect::<Vec<_>>()),
                ("column", (0..k).map(|j| j * k + i).collect()),
            ] {
                let mut seen = 0u32;
                for cell in at {
                    let d = self.entries[cell];
                    if d != 0 {
                        if seen & (1 << d) != 0 {
                            return Err(LatinError::Repeated {
                                digit: d,
                                line,
                                index: i,
                            });
                        }
                        seen |= 1 << d;
                    }
                }
            }
        }
        Ok(())
    }

    /// The square as a line of k² symbols, `.` for an empty entry.
    pub fn to_line(&self) -> String {
        self.entries
            .iter()
            .map(|&d| if d == 0 { '.' } else { (b'0' + d) as char })
            .collect()
    }
}

/// The Sudoku cell (index) holding entry (a, d) of the square: band a, its first row; stack 0,
/// column d.
fn entry_cell(k: usize, a: usize, d: usize) -> usize {
    a * k * k * k + d
}

/// The Sudoku of side k² whose completions are the square's completions.
pub fn to_sudoku(square: &PartialLatin) -> Grid {
    let k = square.order;
    let n = k * k;
    let size = Size::from_side(n).expect("orders 2 to 5 give sides 4 to 25");
    let mut values = vec![0u8; n * n];
    for (cell, value) in values.iter_mut().enumerate() {
        let (row, col) = (cell / n, cell % n);
        let (a, b, c, d) = (row / k, row % k, col / k, col % k);
        let (x, y) = ((b + c) % k, (a + d) % k);
        *value = (x * k + y) as u8 + 1;
    }
    for a in 0..k {
        for d in 0..k {
            let entry = square.entries[a * k + d];
            // x = 0 here: the digit is the entry itself, or empty.
            values[entry_cell(k, a, d)] = entry;
        }
    }
    Grid::from_givens(size, &values).expect("digits within the side")
}

/// The completed square read back from a solved Sudoku of the reduction: entry (a, d) is the
/// digit of its cell.
pub fn from_sudoku(grid: &Grid) -> Result<PartialLatin, LatinError> {
    let n = grid.size().n();
    let k = grid.size().box_side();
    if crate::verify::verify(grid).is_err() || grid.values().contains(&0) {
        return Err(LatinError::NotReduced(
            "not a solved Sudoku (solve the reduced puzzle first)".into(),
        ));
    }
    let entries: Vec<u8> = (0..k * k)
        .map(|i| grid.get(entry_cell(k, i / k, i % k)))
        .collect();
    if entries.iter().any(|&d| d as usize > k) {
        return Err(LatinError::NotReduced(format!(
            "not the reduction of a Latin square: the {n}×{n} grid's square cells hold more than 1..{k}"
        )));
    }
    let square = PartialLatin { order: k, entries };
    square.check()?;
    Ok(square)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::count_solutions;
    use crate::{Algorithm, NullObserver, RunConfig};
    use rand::{Rng, SeedableRng};

    /// Whether the square can be completed, by a plain backtracking search on the square itself
    /// (independent of the Sudoku solvers).
    fn completable(square: &mut PartialLatin) -> bool {
        let k = square.order;
        let Some(cell) = square.entries.iter().position(|&d| d == 0) else {
            return true;
        };
        let (r, c) = (cell / k, cell % k);
        for d in 1..=k as u8 {
            let clash =
                (0..k).any(|j| square.entries[r * k + j] == d || square.entries[j * k + c] == d);
            if !clash {
                square.entries[cell] = d;
                if completable(square) {
                    square.entries[cell] = 0;
                    return true;
                }
                square.entries[cell] = 0;
            }
        }
        false
    }

    /// A random partial square: a random Latin square (cyclic, rows and columns and symbols
    /// shuffled) with entries emptied, and sometimes an entry changed without a clash, which
    /// may make it incompletable.
    fn random_square(rng: &mut impl Rng, k: usize) -> PartialLatin {
        use rand::seq::SliceRandom;
        let (mut rows, mut cols, mut symbols): (Vec<usize>, Vec<usize>, Vec<u8>) =
            ((0..k).collect(), (0..k).collect(), (1..=k as u8).collect());
        rows.shuffle(rng);
        cols.shuffle(rng);
        symbols.shuffle(rng);
        let mut entries: Vec<u8> = (0..k * k)
            .map(|i| symbols[(rows[i / k] + cols[i % k]) % k])
            .collect();
        let holes = rng.random_range(k..=k * k);
        for _ in 0..holes {
            entries[rng.random_range(0..k * k)] = 0;
        }
        let mut square = PartialLatin { order: k, entries };
        if rng.random_bool(0.5) {
            let cell = rng.random_range(0..k * k);
            let before = square.entries[cell];
            square.entries[cell] = rng.random_range(1..=k as u8);
            if square.check().is_err() {
                square.entries[cell] = before;
            }
        }
        square
    }

    #[test]
    fn yes_goes_to_yes_and_no_to_no_on_random_squares() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(11);
        let (mut yes, mut no) = (0, 0);
        for _ in 0..400 {
            let k = rng.random_range(2..=4);
            let mut square = random_square(&mut rng, k);
            let sudoku = to_sudoku(&square);
            assert!(sudoku.conflicts().is_empty(), "{}", square.to_line());
            let solvable = count_solutions(&sudoku, 1).count == 1;
            assert_eq!(solvable, completable(&mut square), "{}", square.to_line());
            if solvable {
                yes += 1;
                let outcome = Algorithm::Propagation
                    .run(&sudoku, &RunConfig::default(), &mut NullObserver)
                    .unwrap();
                let completed = from_sudoku(&outcome.grid).unwrap();
                assert!(completed.entries.iter().all(|&d| d != 0));
                for (given, got) in square.entries.iter().zip(&completed.entries) {
                    assert!(
                        *given == 0 || given == got,
                        "the completion keeps the entries"
                    );
                }
            } else {
                no += 1;
            }
        }
        assert!(yes > 50 && no > 20, "yes {yes}, no {no}");
    }

    /// Completions correspond one to one: as many Sudoku solutions as square completions.
    #[test]
    fn completions_correspond_one_to_one() {
        for (line, completions) in [
            ("....", 2),
            ("1...", 1),
            (".........", 12),
            ("12.......", 2),
        ] {
            let square = PartialLatin::parse(line).unwrap();
            assert_eq!(
                count_solutions(&to_sudoku(&square), 100).count,
                completions,
                "{line}"
            );
        }
        // Order 5 (a 25×25 Sudoku): the empty square has 161,280 completions; one found and
        // read back.
        let empty = PartialLatin::parse(&".".repeat(25)).unwrap();
        let outcome = Algorithm::Propagation
            .run(&to_sudoku(&empty), &RunConfig::default(), &mut NullObserver)
            .unwrap();
        assert!(outcome.is_solved());
        assert_eq!(from_sudoku(&outcome.grid).unwrap().order, 5);
    }

    #[test]
    fn bad_text_and_grids_are_refused_in_words() {
        assert_eq!(PartialLatin::parse("123"), Err(LatinError::Length(3)));
        assert_eq!(
            PartialLatin::parse("1.4......").unwrap_err().to_string(),
            "symbol 3 is '4': use 1..k, or . or 0 for an empty entry"
        );
        assert_eq!(
            PartialLatin::parse("11..").unwrap_err().to_string(),
            "1 twice in row 1: not a partial Latin square"
        );
        let unsolved = to_sudoku(&PartialLatin::parse("....").unwrap());
        assert!(from_sudoku(&unsolved).is_err());
        // A solved grid whose square cells hold digits beyond 1..k (the pattern relabelled
        // v → 10 − v puts 7, 8, 9 there) is no reduction of a square.
        let pattern = crate::generate::pattern_solution(Size::NINE);
        let relabelled: Vec<u8> = pattern.values().iter().map(|&v| 10 - v).collect();
        let other = Grid::from_givens(Size::NINE, &relabelled).unwrap();
        assert!(matches!(
            from_sudoku(&other),
            Err(LatinError::NotReduced(_))
        ));
        // A full square's reduction is a solved grid, and reads back as the square.
        let full = PartialLatin::parse("123231312").unwrap();
        assert_eq!(from_sudoku(&to_sudoku(&full)).unwrap(), full);
    }
}
