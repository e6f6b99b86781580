//! The permutation-block model the local searches share (GRASP, the genetic algorithm, simulated
//! annealing): every block — every box, or every row — holds each digit once and the givens stay
//! fixed, so only the two other kinds of unit can clash (rows and columns for box blocks, columns
//! and boxes for row blocks). The cost is the number of digits missing from each unit of those two
//! kinds — 0 exactly when the grid is solved. A swap of two free cells of one block keeps the
//! blocks valid, and its effect on the cost is computed in O(1) from per-unit digit counts.

use rand::seq::SliceRandom;
use rand::Rng;

use crate::bits::digit_bit;
use crate::grid::Grid;
use crate::size::Size;
use crate::solve::{Halt, Tracker};
use crate::trace::{Event, Observer, Reason};

/// Which units are the permutation blocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blocks {
    Boxes,
    Rows,
}

impl Blocks {
    /// The flat unit index (rows, columns, boxes) of block `b`.
    pub fn unit(self, size: Size, b: usize) -> usize {
        match self {
            Blocks::Rows => b,
            Blocks::Boxes => 2 * size.n() + b,
        }
    }

    /// The block of `cell`.
    pub fn of(self, size: Size, cell: usize) -> usize {
        match self {
            Blocks::Rows => size.row_of(cell),
            Blocks::Boxes => size.box_of(cell),
        }
    }

    /// The two other units of `cell`, whose digit counts make the cost.
    #[inline]
    fn counted(self, size: Size, cell: usize) -> (usize, usize) {
        match self {
            Blocks::Boxes => (size.row_of(cell), size.col_of(cell)),
            Blocks::Rows => (size.col_of(cell), size.box_of(cell)),
        }
    }
}

/// A (possibly partly filled) grid with digit counts per unit of the two counted kinds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockFill {
    size: Size,
    blocks: Blocks,
    values: Vec<u8>,
    given: Vec<bool>,
    /// `first[u * n + d - 1]` = how many times digit d appears in unit u of the first counted
    /// kind (rows for box blocks, columns for row blocks); `second` likewise.
    first: Vec<u8>,
    second: Vec<u8>,
    /// Σ over the counted units of the digits absent from them (valid once the grid is full).
    cost: u32,
}

/// The free (non-given) cells of each block, in reading order: the cells moves may touch.
#[derive(Clone, Debug)]
pub struct FreeCells {
    pub blocks: Blocks,
    pub by_block: Vec<Vec<usize>>,
    /// Blocks with at least two free cells (where a swap exists).
    pub swappable: Vec<usize>,
}

impl FreeCells {
    pub fn new(puzzle: &Grid, blocks: Blocks) -> FreeCells {
        let size = puzzle.size();
        let by_block: Vec<Vec<usize>> = (0..size.n())
            .map(|b| {
                size.unit_cells(blocks.unit(size, b))
                    .filter(|&c| puzzle.get(c) == 0)
                    .collect()
            })
            .collect();
        let swappable = (0..size.n()).filter(|&b| by_block[b].len() >= 2).collect();
        FreeCells {
            blocks,
            by_block,
            swappable,
        }
    }

    /// Number of free cells.
    pub fn count(&self) -> usize {
        self.by_block.iter().map(Vec::len).sum()
    }

    /// A random pair of distinct free cells of one block, or `None` when no block has two.
    pub fn random_pair<R: Rng>(&self, rng: &mut R) -> Option<(usize, usize)> {
        if self.swappable.is_empty() {
            return None;
        }
        let cells = &self.by_block[self.swappable[rng.random_range(0..self.swappable.len())]];
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

impl BlockFill {
    /// The givens only; free cells empty. The caller fills them with [`BlockFill::place`].
    pub fn givens(puzzle: &Grid, blocks: Blocks) -> BlockFill {
        let size = puzzle.size();
        let n = size.n();
        let mut fill = BlockFill {
            size,
            blocks,
            values: vec![0; size.cells()],
            given: vec![false; size.cells()],
            first: vec![0; n * n],
            second: vec![0; n * n],
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

    /// Every block completed with its missing digits in random order (the usual random start).
    pub fn random<R: Rng>(puzzle: &Grid, free: &FreeCells, rng: &mut R) -> BlockFill {
        let mut fill = BlockFill::givens(puzzle, free.blocks);
        for (b, cells) in free.by_block.iter().enumerate() {
            let mut missing = fill.missing_in_block(b);
            missing.shuffle(rng);
            for (&c, &v) in cells.iter().zip(&missing) {
                fill.place(c, v);
            }
        }
        fill.recompute_cost();
        fill
    }

    /// Every block completed with its missing digits, each free cell (in random order) taking a
    /// random one of the digits it allows (`allowed[cell]`, a digit mask) while any is left, a
    /// random one of the rest otherwise.
    pub fn random_allowed<R: Rng>(
        puzzle: &Grid,
        free: &FreeCells,
        allowed: &[u32],
        rng: &mut R,
    ) -> BlockFill {
        let mut fill = BlockFill::givens(puzzle, free.blocks);
        let mut order = Vec::new();
        for (b, cells) in free.by_block.iter().enumerate() {
            let mut missing = fill.missing_in_block(b);
            order.clear();
            order.extend_from_slice(cells);
            order.shuffle(rng);
            for &c in &order {
                let fits: Vec<usize> = (0..missing.len())
                    .filter(|&i| allowed[c] & digit_bit(missing[i]) != 0)
                    .collect();
                let i = if fits.is_empty() {
                    rng.random_range(0..missing.len())
                } else {
                    fits[rng.random_range(0..fits.len())]
                };
                fill.place(c, missing.swap_remove(i));
            }
        }
        fill.recompute_cost();
        fill
    }

    /// A fill from complete values (givens must match the puzzle's).
    pub fn from_values(puzzle: &Grid, blocks: Blocks, values: &[u8]) -> BlockFill {
        let mut fill = BlockFill::givens(puzzle, blocks);
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

    pub fn blocks(&self) -> Blocks {
        self.blocks
    }

    /// The digits block `b` still lacks, ascending.
    pub fn missing_in_block(&self, b: usize) -> Vec<u8> {
        let n = self.size.n();
        let present = self
            .size
            .unit_cells(self.blocks.unit(self.size, b))
            .map(|c| self.values[c])
            .filter(|&v| v != 0)
            .fold(0u32, |m, v| m | digit_bit(v));
        (1..=n as u8)
            .filter(|&d| present & digit_bit(d) == 0)
            .collect()
    }

    /// How many times `value` already appears in the two counted units of `cell` (its row and
    /// column for box blocks).
    pub fn repetitions(&self, cell: usize, value: u8) -> u32 {
        let n = self.size.n();
        let d = value as usize - 1;
        let (u, v) = self.blocks.counted(self.size, cell);
        self.first[u * n + d] as u32 + self.second[v * n + d] as u32
    }

    /// Puts `value` in an empty cell (construction); the cost is refreshed by [`Self::recompute_cost`].
    pub fn place(&mut self, cell: usize, value: u8) {
        debug_assert_eq!(self.values[cell], 0);
        let n = self.size.n();
        let d = value as usize - 1;
        self.values[cell] = value;
        let (u, v) = self.blocks.counted(self.size, cell);
        self.first[u * n + d] += 1;
        self.second[v * n + d] += 1;
    }

    /// Recounts the cost from the digit counts.
    pub fn recompute_cost(&mut self) {
        let missing = |counts: &[u8]| counts.iter().filter(|&&k| k == 0).count() as u32;
        self.cost = missing(&self.first) + missing(&self.second);
    }

    /// The cost change if cells `a` and `b` (same block, both free) exchanged values.
    #[inline]
    pub fn swap_delta(&self, a: usize, b: usize) -> i32 {
        let n = self.size.n();
        let (va, vb) = (self.values[a] as usize - 1, self.values[b] as usize - 1);
        let mut delta = 0i32;
        let mut unit = |counts: &[u8], ua: usize, ub: usize| {
            if ua == ub {
                return;
            }
            // Unit ua loses va and gains vb; unit ub loses vb and gains va.
            delta += (counts[ua * n + va] == 1) as i32 - (counts[ua * n + vb] == 0) as i32;
            delta += (counts[ub * n + vb] == 1) as i32 - (counts[ub * n + va] == 0) as i32;
        };
        let ((a1, a2), (b1, b2)) = (
            self.blocks.counted(self.size, a),
            self.blocks.counted(self.size, b),
        );
        unit(&self.first, a1, b1);
        unit(&self.second, a2, b2);
        delta
    }

    /// Exchanges the values of two free cells of one block and updates the cost.
    #[inline]
    pub fn swap(&mut self, a: usize, b: usize) {
        debug_assert!(!self.given[a] && !self.given[b]);
        debug_assert_eq!(self.blocks.of(self.size, a), self.blocks.of(self.size, b));
        let delta = self.swap_delta(a, b);
        let n = self.size.n();
        let (va, vb) = (self.values[a] as usize - 1, self.values[b] as usize - 1);
        let ((a1, a2), (b1, b2)) = (
            self.blocks.counted(self.size, a),
            self.blocks.counted(self.size, b),
        );
        for (counts, ua, ub) in [(&mut self.first, a1, b1), (&mut self.second, a2, b2)] {
            counts[ua * n + va] -= 1;
            counts[ua * n + vb] += 1;
            counts[ub * n + vb] -= 1;
            counts[ub * n + va] += 1;
        }
        self.values.swap(a, b);
        self.cost = (self.cost as i32 + delta) as u32;
    }
}

/// Reports the free cells of a fill as placements (the start state a replay begins from).
pub fn emit_fill<O: Observer + ?Sized>(
    fill: &BlockFill,
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

    fn full_cost(fill: &BlockFill) -> u32 {
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
            for blocks in [Blocks::Boxes, Blocks::Rows] {
                let free = FreeCells::new(&puzzle, blocks);
                let mut fill = BlockFill::random(&puzzle, &free, &mut rng);
                for c in 0..size.cells() {
                    if puzzle.get(c) != 0 {
                        assert_eq!(fill.values()[c], puzzle.get(c));
                    }
                }
                for b in 0..size.n() {
                    assert!(fill.missing_in_block(b).is_empty());
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
    }

    #[test]
    fn cost_is_zero_exactly_on_the_solution() {
        let puzzle: Grid = PUZZLE.parse().unwrap();
        let solved = crate::exact::Propagation::default()
            .solve(&puzzle, &mut crate::trace::NullObserver)
            .grid;
        assert_eq!(verify_solution(&puzzle, &solved), Ok(()));
        for blocks in [Blocks::Boxes, Blocks::Rows] {
            let fill = BlockFill::from_values(&puzzle, blocks, solved.values());
            assert_eq!(fill.cost(), 0);
            let free = FreeCells::new(&puzzle, blocks);
            let mut moved = fill.clone();
            let (a, b) = (free.by_block[0][0], free.by_block[0][1]);
            moved.swap(a, b);
            assert!(moved.cost() > 0);
        }
    }

    use crate::solve::Solver;
}
