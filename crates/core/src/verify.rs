//! The O(n²) verifier: one pass over the cells with a bit set per row, column and box.

use std::fmt;

use crate::bits::digit_bit;
use crate::grid::{cell_name, Grid};

/// Why a grid is not a valid solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VerifyError {
    SizeMismatch,
    /// A cell is still empty.
    Incomplete {
        cell: usize,
    },
    /// `cell` repeats a digit already seen in its row, column or box.
    Repeated {
        cell: usize,
        value: u8,
    },
    /// The solution changed a given of the puzzle.
    GivenChanged {
        cell: usize,
    },
}

impl VerifyError {
    pub fn describe(&self, grid: &Grid) -> String {
        let size = grid.size();
        match *self {
            VerifyError::SizeMismatch => "solution and puzzle differ in size".into(),
            VerifyError::Incomplete { cell } => format!("{} is empty", cell_name(size, cell)),
            VerifyError::Repeated { cell, value } => {
                format!(
                    "{} repeats {value} in its row, column or box",
                    cell_name(size, cell)
                )
            }
            VerifyError::GivenChanged { cell } => {
                format!("{} does not keep the given", cell_name(size, cell))
            }
        }
    }
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

/// Checks that a grid is complete and every row, column and box holds each digit once.
pub fn verify(grid: &Grid) -> Result<(), VerifyError> {
    let size = grid.size();
    let n = size.n();
    let mut rows = vec![0u32; n];
    let mut cols = vec![0u32; n];
    let mut boxes = vec![0u32; n];
    for (cell, &value) in grid.values().iter().enumerate() {
        if value == 0 {
            return Err(VerifyError::Incomplete { cell });
        }
        let bit = digit_bit(value);
        let (r, c, b) = (size.row_of(cell), size.col_of(cell), size.box_of(cell));
        if (rows[r] | cols[c] | boxes[b]) & bit != 0 {
            return Err(VerifyError::Repeated { cell, value });
        }
        rows[r] |= bit;
        cols[c] |= bit;
        boxes[b] |= bit;
    }
    Ok(())
}

/// Checks that `solution` is a valid complete grid that keeps every given of `puzzle`.
pub fn verify_solution(puzzle: &Grid, solution: &Grid) -> Result<(), VerifyError> {
    if puzzle.size() != solution.size() {
        return Err(VerifyError::SizeMismatch);
    }
    for cell in 0..puzzle.size().cells() {
        let given = puzzle.get(cell);
        if given != 0 && solution.get(cell) != given {
            return Err(VerifyError::GivenChanged { cell });
        }
    }
    verify(solution)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Size;

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
        assert!(verify(&holed).is_err());
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
            Err(VerifyError::GivenChanged { cell: 0 })
        );
    }
}
