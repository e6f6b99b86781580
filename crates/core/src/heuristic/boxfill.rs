//! The box-permutation model the local searches share (GRASP, the genetic algorithm, simulated
//! annealing): every box holds each digit once and the givens stay fixed, so only rows and columns
//! can clash. The cost is the number of digits missing from each row plus each column — 0 exactly
//! when the grid is solved. A swap of two free cells of one box keeps the boxes valid, and its
//! effect on the cost is computed in O(1) from per-row and per-column digit counts.

use rand::seq::SliceRandom;
use rand::Rng;

use crate::bits::digit_bit;
use crate::grid::Grid;
use crate::size::Size;
use crate::solve::{Halt, Tracker};
use crate::trace::{Event, Observer, Reason};

/// A (possibly partly filled) grid with per-row and per-column digit counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoxFill {
    size: Size,
    values: Vec<u8>,
    given: Vec<bool>,
    /// `rows[r * n + d - 1]` = how many times digit d appears in row r.
    rows: Vec<u8>,
    cols: Vec<u8>,
    /// Σ over rows and columns of the digits absent from them (valid once the grid is full).
    cost: u32,
}

/// The free (non-given) cells of each box, in reading order: the cells moves may touch.
#[derive(Clone, Debug)]
pub struct FreeCells {
    pub by_box: Vec<Vec<usize>>,
    /// Boxes with at least two free cells (where a swap exists).
    pub swappable: Vec<usize>,
}

impl FreeCells {
    pub fn new(puzzle: &Grid) -> FreeCells {
        let size = puzzle.size();
        let by_box: Vec<Vec<usize>> = (0..size.n())
            .map(|b| {
                size.unit_cells(2 * size.n() + b)
                    .filter(|&c| puzzle.get(c) == 0)
                    .collect()
            })
            .collect();
        let swappable = (0..size.n()).filter(|&b| by_box[b].len() >= 2).collect();
        FreeCells { by_box, swappable }
    }

    /// Number of free cells.
    pub fn count(&self) -> usize {
        self.by_box.iter().map(Vec::len).sum()
    }

    /// A random pair of distinct free cells of one box, or `None` when no box has two.
    pub fn random_pair<R: Rng>(&self, rng: &mut R) -> Option<(usize, usize)> {
        if self.swappable.is_empty() {
            return None;
        }
        let cells = &self.by_box[self.swappable[rng.random_range(0..self.swappable.len())]];
        let i = rng.random_range(0..cells.len());
        Some((cells[i], cells[other_index(cells.len(), i, rng)]))
    }
}

/// A uniformly random index in 0..len other than `i` (len ≥ 2).
pub fn other_index<R: Rng>(len: usize, i: usize, rng: &mut R) -> usize {
    let j = rng.random_range(0..len - 1);
    if j >= i {
        j + 1
    } else {
        j
    }
}

impl BoxFill {
    /// The givens only; free cells empty. The caller fills them with [`BoxFill::place`].
    pub fn givens(puzzle: &Grid) -> BoxFill {
        let size = puzzle.size();
        let n = size.n();
        let mut fill = BoxFill {
            size,
            values: vec![0; size.cells()],
            given: vec![false; size.cells()],
            rows: vec![0; n * n],
            cols: vec![0; n * n],
            cost: 0,
        };
        for c in 0..size.cells() {
            if puzzle.get(c) != 0 {
                fill.given[c] = true;
                fill.place(c, puzzle.get(c));
            }
        }
        fill
    }

    /// Every box completed with its missing digits in random order (the usual random start).
    pub fn random<R: Rng>(puzzle: &Grid, free: &FreeCells, rng: &mut R) -> BoxFill {
        let mut fill = BoxFill::givens(puzzle);
        for (b, cells) in free.by_box.iter().enumerate() {
            let mut missing = fill.missing_in_box(b);
            missing.shuffle(rng);
            for (&c, &v) in cells.iter().zip(&missing) {
                fill.place(c, v);
            }
        }
        fill.recompute_cost();
        fill
    }

    /// A fill from complete values (givens must match the puzzle's).
    pub fn from_values(puzzle: &Grid, values: &[u8]) -> BoxFill {
        let mut fill = BoxFill::givens(puzzle);
        for (c, &v) in values.iter().enumerate() {
            if !fill.given[c] && v != 0 {
                fill.place(c, v);
            }
        }
        fill.recompute_cost();
        fill
    }

    pub fn size(&self) -> Size {
        self.size
    }

    pub fn values(&self) -> &[u8] {
        &self.values
    }

    pub fn is_given(&self, cell: usize) -> bool {
        self.given[cell]
    }

    pub fn cost(&self) -> u32 {
        self.cost
    }

    /// The digits box `b` still lacks, ascending.
    pub fn missing_in_box(&self, b: usize) -> Vec<u8> {
        let n = self.size.n();
        let present = self
            .size
            .unit_cells(2 * n + b)
            .map(|c| self.values[c])
            .filter(|&v| v != 0)
            .fold(0u32, |m, v| m | digit_bit(v));
        (1..=n as u8)
            .filter(|&d| present & digit_bit(d) == 0)
            .collect()
    }

    /// How many times `value` already appears in the row and the column of `cell`.
    pub fn repetitions(&self, cell: usize, value: u8) -> u32 {
        let n = self.size.n();
        let d = value as usize - 1;
        self.rows[self.size.row_of(cell) * n + d] as u32
            + self.cols[self.size.col_of(cell) * n + d] as u32
    }

    /// Puts `value` in an empty cell (construction); the cost is refreshed by [`Self::recompute_cost`].
    pub fn place(&mut self, cell: usize, value: u8) {
        debug_assert_eq!(self.values[cell], 0);
        let n = self.size.n();
        let d = value as usize - 1;
        self.values[cell] = value;
        self.rows[self.size.row_of(cell) * n + d] += 1;
        self.cols[self.size.col_of(cell) * n + d] += 1;
    }

    /// Recounts the cost from the digit counts.
    pub fn recompute_cost(&mut self) {
        let missing = |counts: &[u8]| counts.iter().filter(|&&k| k == 0).count() as u32;
        self.cost = missing(&self.rows) + missing(&self.cols);
    }

    /// The cost change if cells `a` and `b` (same box, both free) exchanged values.
    #[inline]
    pub fn swap_delta(&self, a: usize, b: usize) -> i32 {
        let n = self.size.n();
        let (va, vb) = (self.values[a] as usize - 1, self.values[b] as usize - 1);
        let mut delta = 0i32;
        let mut line = |counts: &[u8], la: usize, lb: usize| {
            if la == lb {
                return;
            }
            // Line la loses va and gains vb; line lb loses vb and gains va.
            delta += (counts[la * n + va] == 1) as i32 - (counts[la * n + vb] == 0) as i32;
            delta += (counts[lb * n + vb] == 1) as i32 - (counts[lb * n + va] == 0) as i32;
        };
        line(&self.rows, self.size.row_of(a), self.size.row_of(b));
        line(&self.cols, self.size.col_of(a), self.size.col_of(b));
        delta
    }

    /// Exchanges the values of two free cells of one box and updates the cost.
    #[inline]
    pub fn swap(&mut self, a: usize, b: usize) {
        debug_assert!(!self.given[a] && !self.given[b]);
        debug_assert_eq!(self.size.box_of(a), self.size.box_of(b));
        let delta = self.swap_delta(a, b);
        let n = self.size.n();
        let (va, vb) = (self.values[a] as usize - 1, self.values[b] as usize - 1);
        let (ra, rb) = (self.size.row_of(a), self.size.row_of(b));
        let (ca, cb) = (self.size.col_of(a), self.size.col_of(b));
        self.rows[ra * n + va] -= 1;
        self.rows[ra * n + vb] += 1;
        self.rows[rb * n + vb] -= 1;
        self.rows[rb * n + va] += 1;
        self.cols[ca * n + va] -= 1;
        self.cols[ca * n + vb] += 1;
        self.cols[cb * n + vb] -= 1;
        self.cols[cb * n + va] += 1;
        self.values.swap(a, b);
        self.cost = (self.cost as i32 + delta) as u32;
    }
}

/// Reports the free cells of a fill as placements (the start state a replay begins from).
pub fn emit_fill<O: Observer + ?Sized>(
    fill: &BoxFill,
    tracker: &mut Tracker<'_, O>,
) -> Result<(), Halt> {
    if !tracker.wants_cell_events() {
        return Ok(());
    }
    for (cell, &value) in fill.values().iter().enumerate() {
        if !fill.is_given(cell) && value != 0 {
            tracker.emit(Event::Assign {
                cell: cell as u16,
                value,
                reason: Reason::STEP,
            })?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::verify_solution;
    use rand::SeedableRng;
    use rand_pcg::Pcg64Mcg;

    const PUZZLE: &str =
        ".4....179..2..8.54..6..5..8.8..7.91..5..9..3..19.6..4.3..4..7..57.1..2..928....6.";

    fn full_cost(fill: &BoxFill) -> u32 {
        let mut copy = fill.clone();
        copy.recompute_cost();
        copy.cost()
    }

    #[test]
    fn random_fills_keep_boxes_and_givens_and_swaps_keep_the_cost_exact() {
        let mut rng = Pcg64Mcg::seed_from_u64(7);
        for size in Size::ALL {
            let solution = crate::generate::random_solution(size, &mut rng);
            let puzzle = crate::generate::remove_cells(&solution, size.cells() / 2, &mut rng);
            let free = FreeCells::new(&puzzle);
            let mut fill = BoxFill::random(&puzzle, &free, &mut rng);
            for c in 0..size.cells() {
                if puzzle.get(c) != 0 {
                    assert_eq!(fill.values()[c], puzzle.get(c));
                }
            }
            for b in 0..size.n() {
                assert!(fill.missing_in_box(b).is_empty());
            }
            for _ in 0..2000 {
                let (a, b) = free.random_pair(&mut rng).unwrap();
                let before = fill.cost() as i32;
                let delta = fill.swap_delta(a, b);
                fill.swap(a, b);
                assert_eq!(fill.cost() as i32, before + delta);
                assert_eq!(fill.cost(), full_cost(&fill));
            }
        }
    }

    #[test]
    fn cost_is_zero_exactly_on_the_solution() {
        let puzzle: Grid = PUZZLE.parse().unwrap();
        let solved = crate::exact::Propagation::default()
            .solve(&puzzle, &mut crate::trace::NullObserver)
            .grid;
        assert_eq!(verify_solution(&puzzle, &solved), Ok(()));
        let fill = BoxFill::from_values(&puzzle, solved.values());
        assert_eq!(fill.cost(), 0);
        let free = FreeCells::new(&puzzle);
        let mut moved = fill.clone();
        let (a, b) = (free.by_box[0][0], free.by_box[0][1]);
        moved.swap(a, b);
        assert!(moved.cost() > 0);
    }

    use crate::solve::Solver;
}
