//! An ant's partial grid: the values it has fixed and the candidates left to the open cells,
//! kept consistent by the two propagation rules Lloyd and Amos's ants apply after every choice —
//! a fixed value leaves its peers, and a digit with one place left in a unit is fixed there. A
//! cell whose candidates run out stays open: the ant has failed it and moves on.

use crate::bits::{digit_bit, digits, is_single, lowest_digit};
use crate::grid::Grid;
use crate::size::Geometry;
use crate::trace::Reason;

/// The ant's grid and what it may still put in each open cell.
#[derive(Clone, Debug)]
pub struct AntBoard {
    /// The fixed digit of each cell, 0 while open.
    pub values: Vec<u8>,
    /// The digits an open cell may still take (0 once fixed, or failed).
    pub candidates: Vec<u32>,
    /// How many cells are fixed.
    pub fixed: usize,
    /// Units whose candidates changed since the last hidden-single scan.
    dirty: Vec<bool>,
    /// (cell, digit, why) still to fix.
    pending: Vec<(usize, u8, Reason)>,
}

impl AntBoard {
    /// The puzzle's givens fixed and propagated; `on_fix` hears of every cell propagation fixes
    /// beyond the givens. `None` when two givens share a unit.
    pub fn from_puzzle(
        puzzle: &Grid,
        geometry: &Geometry,
        on_fix: &mut impl FnMut(usize, u8, Reason),
    ) -> Option<AntBoard> {
        let size = puzzle.size();
        let mut board = AntBoard {
            values: vec![0; size.cells()],
            candidates: vec![size.all_digits(); size.cells()],
            fixed: 0,
            dirty: vec![true; size.unit_count()],
            pending: Vec::new(),
        };
        // Every given first: the singles they leave are queued and fixed after them.
        for (cell, &value) in puzzle.values().iter().enumerate() {
            if value != 0 {
                board.settle(geometry, cell, value, Reason::GIVEN, on_fix);
                if board.values[cell] != value {
                    return None; // a peer given took the digit
                }
            }
        }
        board.propagate(geometry, on_fix);
        Some(board)
    }

    /// Fixes `value` in the open `cell` (one of its candidates) and propagates; `on_fix` hears
    /// of it and of every cell propagation fixes after it. Returns the candidates removed.
    pub fn fix(
        &mut self,
        geometry: &Geometry,
        cell: usize,
        value: u8,
        why: Reason,
        on_fix: &mut impl FnMut(usize, u8, Reason),
    ) -> u32 {
        self.pending.push((cell, value, why));
        self.propagate(geometry, on_fix)
    }

    /// Runs the pending fixes (and the naked singles they leave) and the hidden singles of the
    /// changed units to a fixpoint.
    fn propagate(
        &mut self,
        geometry: &Geometry,
        on_fix: &mut impl FnMut(usize, u8, Reason),
    ) -> u32 {
        let mut removed = 0;
        loop {
            while let Some((cell, value, why)) = self.pending.pop() {
                removed += self.settle(geometry, cell, value, why, on_fix);
            }
            self.scan_units(geometry);
            if self.pending.is_empty() {
                return removed;
            }
        }
    }

    /// Fixes one cell if it still can take `value`, and removes `value` from its open peers.
    fn settle(
        &mut self,
        geometry: &Geometry,
        cell: usize,
        value: u8,
        why: Reason,
        on_fix: &mut impl FnMut(usize, u8, Reason),
    ) -> u32 {
        let bit = digit_bit(value);
        // An earlier fix may have taken the digit (or the cell) since this one was queued.
        if self.values[cell] != 0 || self.candidates[cell] & bit == 0 {
            return 0;
        }
        self.values[cell] = value;
        self.candidates[cell] = 0;
        self.fixed += 1;
        if why != Reason::GIVEN {
            on_fix(cell, value, why);
        }
        let mut removed = 0;
        for &peer in &geometry.peers[cell] {
            if self.candidates[peer] & bit == 0 {
                continue;
            }
            self.candidates[peer] &= !bit;
            removed += 1;
            for &unit in &geometry.cell_units[peer] {
                self.dirty[unit] = true;
            }
            let left = self.candidates[peer];
            if is_single(left) {
                self.pending
                    .push((peer, lowest_digit(left), Reason::NAKED_SINGLE));
            }
        }
        removed
    }

    /// Queues every hidden single of the units changed since the last scan: a digit not yet
    /// fixed in the unit with exactly one open cell left for it.
    fn scan_units(&mut self, geometry: &Geometry) {
        for (unit, cells) in geometry.units.iter().enumerate() {
            if !std::mem::take(&mut self.dirty[unit]) {
                continue;
            }
            let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
            for &c in cells {
                let set = self.candidates[c];
                twice |= once & set;
                once |= set;
                if self.values[c] != 0 {
                    placed |= digit_bit(self.values[c]);
                }
            }
            for digit in digits(once & !twice & !placed) {
                let bit = digit_bit(digit);
                if let Some(&c) = cells.iter().find(|&&c| self.candidates[c] & bit != 0) {
                    self.pending.push((c, digit, Reason::hidden_single(unit)));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn givens_propagate_to_the_solution_of_a_singles_puzzle() {
        // Solved by naked and hidden singles alone.
        let puzzle: Grid =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                .parse()
                .unwrap();
        let geometry = Geometry::new(puzzle.size());
        let mut heard = 0;
        let board = AntBoard::from_puzzle(&puzzle, &geometry, &mut |_, _, _| heard += 1).unwrap();
        assert_eq!(board.fixed, 81);
        assert_eq!(heard, 81 - puzzle.given_count());
        let solved = puzzle.with_values(&board.values);
        assert_eq!(crate::verify::verify_solution(&puzzle, &solved), Ok(()));
    }

    #[test]
    fn a_wrong_choice_leaves_failed_cells_open_and_the_grid_consistent() {
        let puzzle: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        let geometry = Geometry::new(puzzle.size());
        let mut board = AntBoard::from_puzzle(&puzzle, &geometry, &mut |_, _, _| {}).unwrap();
        // Fix every open cell to its lowest candidate, in reading order.
        for cell in 0..81 {
            if board.values[cell] == 0 && board.candidates[cell] != 0 {
                let d = lowest_digit(board.candidates[cell]);
                board.fix(&geometry, cell, d, Reason::DECISION, &mut |_, _, _| {});
            }
        }
        let fixed = board.values.iter().filter(|&&v| v != 0).count();
        assert_eq!(fixed, board.fixed);
        // No two fixed cells of a unit share a digit, and every open cell is failed.
        let partial = puzzle.with_values(&board.values);
        assert!(partial.conflicts().is_empty());
        for cell in 0..81 {
            assert!(board.values[cell] != 0 || board.candidates[cell] == 0);
        }
    }
}
