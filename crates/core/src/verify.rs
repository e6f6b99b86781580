//! The O(n²) verifier.
//!
//! A complete grid of digits 1..=n is valid exactly when no unit repeats one (n cells, n digits:
//! each unit then holds them all), so the common case is three passes without a branch per cell
//! (no empty cell, no value past n, no repeat); the pass that names the first empty,
//! out-of-range or repeated cell, with a bit set per row, column and box, runs only when they
//! fail.

use std::fmt;

use crate::bits::digit_bit;
use crate::grid::{cell_name, digit_char, Grid};
use crate::size::Size;
use crate::solve::{Outcome, Status};

/// Why a grid is not a valid solution (cells are named with the grid's size: `r2c9`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VerifyError {
    SizeMismatch {
        puzzle: Size,
        solution: Size,
    },
    /// A cell is still empty.
    Incomplete {
        size: Size,
        cell: usize,
    },
    /// `cell` holds a value past n: no digit of the grid's size (a solver's bug, never a reader's).
    NotADigit {
        size: Size,
        cell: usize,
        value: u8,
    },
    /// `cell` repeats a digit already seen in its row, column or box.
    Repeated {
        size: Size,
        cell: usize,
        value: u8,
    },
    /// The solution changed a given of the puzzle.
    GivenChanged {
        size: Size,
        cell: usize,
    },
}

impl VerifyError {
    /// The error in words (the same as its `Display`).
    pub fn describe(&self, _grid: &Grid) -> String {
        self.to_string()
    }
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            VerifyError::SizeMismatch { puzzle, solution } => {
                write!(f, "the solution is {solution}, the puzzle {puzzle}")
            }
            VerifyError::Incomplete { size, cell } => {
                write!(f, "{} is empty", cell_name(size, cell))
            }
            VerifyError::NotADigit { size, cell, value } => write!(
                f,
                "{} holds {value}, which is no digit of a {size} grid",
                cell_name(size, cell)
            ),
            VerifyError::Repeated { size, cell, value } => write!(
                f,
                "{} repeats {} in its row, column or box",
                cell_name(size, cell),
                digit_char(size, value)
            ),
            VerifyError::GivenChanged { size, cell } => {
                write!(f, "{} does not keep its given", cell_name(size, cell))
            }
        }
    }
}

/// Checks that a grid is complete and every row, column and box holds each digit once.
pub fn verify(grid: &Grid) -> Result<(), VerifyError> {
    // n cells per unit, each a digit 1..=n and none repeated: each unit holds all n digits.
    if grid.is_complete() && grid.values_in_range() && !grid.has_conflict() {
        return Ok(());
    }
    first_error(grid)
}

/// The first empty or repeated cell of a grid, in reading order.
fn first_error(grid: &Grid) -> Result<(), VerifyError> {
    let size = grid.size();
    let values = grid.values();
    let (mut rows, mut cols, mut boxes) = ([0u32; 25], [0u32; 25], [0u32; 25]);
    let mut first_error = None;
    size.for_each_cell(|cell, r, c, b| {
        let value = values[cell];
        if value == 0 {
            first_error.get_or_insert(VerifyError::Incomplete { size, cell });
            return;
        }
        if value as usize > size.n() {
            first_error.get_or_insert(VerifyError::NotADigit { size, cell, value });
            return;
        }
        let bit = digit_bit(value);
        if (rows[r] | cols[c] | boxes[b]) & bit != 0 {
            first_error.get_or_insert(VerifyError::Repeated { size, cell, value });
        }
        rows[r] |= bit;
        cols[c] |= bit;
        boxes[b] |= bit;
    });
    first_error.map_or(Ok(()), Err)
}

/// Checks that `solution` is a valid complete grid that keeps every given of `puzzle`.
pub fn verify_solution(puzzle: &Grid, solution: &Grid) -> Result<(), VerifyError> {
    let size = puzzle.size();
    if size != solution.size() {
        return Err(VerifyError::SizeMismatch {
            puzzle: size,
            solution: solution.size(),
        });
    }
    let changed = |(&given, &value): (&u8, &u8)| given != 0 && value != given;
    let mut cells = puzzle.values().iter().zip(solution.values());
    // Without an early exit the common case vectorises; the cell is looked for only if needed.
    if cells.clone().fold(false, |any, pair| any | changed(pair)) {
        let cell = cells.position(changed).unwrap_or_default();
        return Err(VerifyError::GivenChanged { size, cell });
    }
    verify(solution)
}

/// A run's answer as the CLI and the benchmarks write it: the solution once the verifier has
/// checked it, or the words for why there is none ("no solution", "unsolved: gave up after 1000
/// nodes", "unsolved: the solver returned an invalid grid (…)").
pub fn checked_answer<'a>(puzzle: &Grid, outcome: &'a Outcome) -> Result<&'a Grid, String> {
    match outcome.status {
        Status::Solved => match verify_solution(puzzle, &outcome.grid) {
            Ok(()) => Ok(&outcome.grid),
            Err(e) => Err(format!(
                "unsolved: the solver returned an invalid grid ({})",
                e.describe(&outcome.grid)
            )),
        },
        Status::NoSolution => Err("no solution".to_string()),
        status => Err(format!("unsolved: {status}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn accepts_a_solution_and_rejects_damage() {
        let g = Grid::parse(SOLVED).unwrap();
        assert_eq!(verify(&g), Ok(()));
        let mut values = g.values().to_vec();
        values.swap(0, 1);
        let swapped = Grid::from_givens(Size::NINE, &values).unwrap();
        assert!(matches!(
            verify(&swapped),
            Err(VerifyError::Repeated { .. })
        ));
        values[5] = 0;
        let holed = Grid::from_givens(Size::NINE, &values).unwrap();
        assert_eq!(verify(&holed).unwrap_err().to_string(), "r1c6 is empty");
        assert_eq!(
            verify(&swapped).unwrap_err().to_string(),
            "r4c2 repeats 5 in its row, column or box"
        );
    }

    /// A solver that wrote a value past n is caught, though no unit then repeats a value (every 9
    /// turned into 10, or into 200, which no digit bit can hold).
    #[test]
    fn a_value_past_n_is_no_digit() {
        let solved = Grid::parse(SOLVED).unwrap();
        let empty = Grid::empty(Size::NINE);
        for past in [10, 16, 200] {
            let values: Vec<u8> = solved
                .values()
                .iter()
                .map(|&v| if v == 9 { past } else { v })
                .collect();
            let answer = empty.with_values(&values);
            assert_eq!(
                verify_solution(&empty, &answer).unwrap_err().to_string(),
                format!("r1c7 holds {past}, which is no digit of a 9×9 grid")
            );
        }
    }

    #[test]
    fn solution_must_keep_givens() {
        let solved = Grid::parse(SOLVED).unwrap();
        let mut puzzle_values = vec![0u8; 81];
        puzzle_values[0] = 5;
        let puzzle = Grid::from_givens(Size::NINE, &puzzle_values).unwrap();
        assert_eq!(verify_solution(&puzzle, &solved), Ok(()));
        puzzle_values[0] = 6;
        let other = Grid::from_givens(Size::NINE, &puzzle_values).unwrap();
        assert_eq!(
            verify_solution(&other, &solved),
            Err(VerifyError::GivenChanged {
                size: Size::NINE,
                cell: 0
            })
        );
        assert_eq!(
            verify_solution(&other, &solved).unwrap_err().to_string(),
            "r1c1 does not keep its given"
        );
    }

    /// The quick check (every unit full) and the cell-by-cell pass agree on every grid one or
    /// two changes away from a solution, of every size.
    #[test]
    fn the_quick_check_agrees_with_the_cell_by_cell_pass() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(19);
        for box_side in 2..=5 {
            let size = Size::from_box_side(box_side).unwrap();
            let solved = crate::generate::pattern::random_solution(size, &mut rng);
            for _ in 0..300 {
                let mut values = solved.values().to_vec();
                for _ in 0..rng.random_range(1..=2) {
                    let cell = rng.random_range(0..values.len());
                    values[cell] = rng.random_range(0..=size.n() as u8);
                }
                let grid = Grid::from_givens(size, &values).unwrap();
                assert_eq!(
                    verify(&grid).is_ok(),
                    first_error(&grid).is_ok(),
                    "{grid:?}"
                );
                assert_eq!(verify(&grid).is_ok(), values == solved.values(), "{grid:?}");
            }
        }
    }
}
