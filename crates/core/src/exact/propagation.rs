//! The lab's fast exact engine.
//!
//! - Candidates are bit sets, one `u32` per cell.
//! - Propagation runs to a fixpoint: a placed digit leaves its peers (naked singles queue up as they
//!   appear), and every unit touched since the last pass is scanned for hidden singles with the
//!   "seen once / seen twice" bit trick, which also detects a digit with no place left.
//! - The most constrained cell is chosen in O(1): cells are kept in bucket bit sets by candidate
//!   count, so the choice is the first set bit of the lowest non-empty bucket.
//! - Search saves the state in a pre-allocated pool per depth (a plain copy, no trail), so the
//!   search loop never allocates once the pool is as deep as the search.
//!
//! The same engine counts solutions up to a limit ([`count_solutions`]).

use std::sync::OnceLock;

use crate::bits::{bit_digit, digit_bit, is_single};
use crate::grid::Grid;
use crate::size::Size;
use crate::solve::{Halt, Limits, Outcome, Solver, Tracker};
use crate::trace::{NullObserver, Observer};

/// Candidate bit sets + naked/hidden singles + O(1) most-constrained-cell choice.
#[derive(Clone, Debug, Default)]
pub struct Propagation {
    pub limits: Limits,
}

impl Solver for Propagation {
    fn solve<O: Observer + ?Sized>(&mut self, puzzle: &Grid, observer: &mut O) -> Outcome {
        let mut tracker = Tracker::new(observer, self.limits);
        let mut engine = Engine::new(puzzle.size());
        let mut solution = Vec::new();
        let result = engine.search(puzzle, 1, &mut tracker, &mut |values| {
            solution = values.to_vec();
        });
        tracker.finish(
            puzzle,
            result.map(|found| (found > 0).then_some(solution.as_slice())),
        )
    }
}

/// How many solutions a puzzle has, counted up to a limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolutionCount {
    /// Solutions found (at most the limit).
    pub count: u64,
    /// True if the whole search space was explored (so `count` is exact).
    pub exact: bool,
}

impl SolutionCount {
    /// Exactly one solution.
    pub fn is_unique(&self) -> bool {
        self.exact && self.count == 1
    }
}

/// Counts the solutions of a puzzle, stopping at `limit` (use 2 for a uniqueness check).
pub fn count_solutions(puzzle: &Grid, limit: u64) -> SolutionCount {
    let mut observer = NullObserver;
    let mut tracker = Tracker::new(&mut observer, Limits::NONE);
    let mut engine = Engine::new(puzzle.size());
    let count = engine
        .search(puzzle, limit.max(1), &mut tracker, &mut |_| {})
        .unwrap_or(0);
    SolutionCount {
        count,
        exact: count < limit.max(1),
    }
}

/// Tables for one size, built once per run.
struct Tables {
    size: Size,
    cells: usize,
    /// 64-bit words per bucket bit set.
    words: usize,
    peer_count: usize,
    /// Peers of cell c at `peers[c * peer_count..]`.
    peers: Vec<u16>,
    /// Cells of unit u at `units[u * n..]`.
    units: Vec<u16>,
    /// The three units of each cell, as a unit bit set.
    unit_bits: Vec<u128>,
}

impl Tables {
    /// The tables of a size, built on first use and shared by every later run.
    fn of(size: Size) -> &'static Tables {
        static TABLES: [OnceLock<Tables>; 4] = [const { OnceLock::new() }; 4];
        TABLES[size.box_side() - crate::size::MIN_BOX].get_or_init(|| Tables::new(size))
    }

    fn new(size: Size) -> Tables {
        let cells = size.cells();
        let peers = (0..cells)
            .flat_map(|c| (0..cells).filter(move |&p| size.sees(c, p)))
            .map(|p| p as u16)
            .collect();
        let units = (0..size.unit_count())
            .flat_map(|u| size.unit_cells(u))
            .map(|c| c as u16)
            .collect();
        let unit_bits = (0..cells)
            .map(|c| size.units_of(c).iter().fold(0u128, |m, &u| m | 1 << u))
            .collect();
        Tables {
            size,
            cells,
            words: cells.div_ceil(64),
            peer_count: size.peer_count(),
            peers,
            units,
            unit_bits,
        }
    }
}

/// Everything a search level saves and restores.
#[derive(Clone)]
struct State {
    candidates: Vec<u32>,
    /// Digit placed in each cell, 0 if not placed yet.
    values: Vec<u8>,
    /// `buckets[k * words..]`: the unplaced cells with k candidates.
    buckets: Vec<u64>,
    unplaced: usize,
}

struct Engine {
    tables: &'static Tables,
    state: State,
    /// Cells reduced to one candidate, waiting to be placed.
    queue: Vec<u16>,
    /// Units changed since their last hidden-single scan.
    dirty: u128,
    /// Saved states, one per depth, reused across the search.
    pool: Vec<State>,
}

impl Engine {
    fn new(size: Size) -> Engine {
        let tables = Tables::of(size);
        let n = size.n();
        let mut buckets = vec![0u64; (n + 1) * tables.words];
        for cell in 0..tables.cells {
            buckets[n * tables.words + cell / 64] |= 1 << (cell % 64);
        }
        let state = State {
            candidates: vec![size.all_digits(); tables.cells],
            values: vec![0; tables.cells],
            buckets,
            unplaced: tables.cells,
        };
        Engine {
            queue: Vec::with_capacity(tables.cells),
            tables,
            state,
            dirty: 0,
            pool: Vec::new(),
        }
    }

    /// Changes a cell's candidates, moving it between buckets and marking its units dirty.
    #[inline(always)]
    fn set_candidates(&mut self, cell: usize, new: u32) {
        let words = self.tables.words;
        let old = self.state.candidates[cell];
        let (word, bit) = (cell / 64, 1u64 << (cell % 64));
        self.state.buckets[old.count_ones() as usize * words + word] &= !bit;
        self.state.buckets[new.count_ones() as usize * words + word] |= bit;
        self.state.candidates[cell] = new;
        self.dirty |= self.tables.unit_bits[cell];
    }

    /// Places the single candidate of `cell` and removes it from the peers.
    #[inline(always)]
    fn place<O: Observer + ?Sized>(
        &mut self,
        cell: usize,
        tracker: &mut Tracker<'_, O>,
    ) -> Result<bool, Halt> {
        // Local borrows of the static tables and of each state array keep the peer loop free of
        // reloads and bounds checks.
        let tables: &'static Tables = self.tables;
        let words = tables.words;
        let state = &mut self.state;
        let candidates = &mut state.candidates[..];
        let buckets = &mut state.buckets[..];
        let bit = candidates[cell];
        let digit = bit_digit(bit);
        buckets[words + cell / 64] &= !(1u64 << (cell % 64));
        state.values[cell] = digit;
        state.unplaced -= 1;
        tracker.assign(cell, digit)?;
        let start = cell * tables.peer_count;
        let mut dirty = 0u128;
        let mut ok = true;
        for &peer in &tables.peers[start..start + tables.peer_count] {
            let peer = peer as usize;
            let old = candidates[peer];
            if old & bit != 0 {
                let left = old & !bit;
                let (word, mask) = (peer / 64, 1u64 << (peer % 64));
                buckets[old.count_ones() as usize * words + word] &= !mask;
                buckets[left.count_ones() as usize * words + word] |= mask;
                candidates[peer] = left;
                dirty |= tables.unit_bits[peer];
                tracker.eliminate(peer, digit)?;
                if left == 0 {
                    ok = false;
                    break;
                }
                if is_single(left) {
                    self.queue.push(peer as u16);
                }
            }
        }
        self.dirty |= dirty;
        Ok(ok)
    }

    /// Runs naked and hidden singles to a fixpoint; `Ok(false)` on a contradiction.
    ///
    /// Naked singles are placed first; then one dirty unit at a time is scanned for hidden
    /// singles, which are placed (with their consequences) before the next unit is scanned.
    fn propagate<O: Observer + ?Sized>(
        &mut self,
        tracker: &mut Tracker<'_, O>,
    ) -> Result<bool, Halt> {
        let tables: &'static Tables = self.tables;
        let n = tables.size.n();
        let all = tables.size.all_digits();
        loop {
            while let Some(cell) = self.queue.pop() {
                let cell = cell as usize;
                if self.state.values[cell] == 0 && !self.place(cell, tracker)? {
                    return Ok(false);
                }
            }
            if self.dirty == 0 {
                return Ok(true);
            }
            let unit = self.dirty.trailing_zeros() as usize;
            self.dirty &= self.dirty - 1;
            let cells = &tables.units[unit * n..unit * n + n];
            let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
            for &cell in cells {
                let c = self.state.candidates[cell as usize];
                twice |= once & c;
                once |= c;
                if self.state.values[cell as usize] != 0 {
                    placed |= c;
                }
            }
            if once != all {
                return Ok(false);
            }
            let mut hidden = once & !twice & !placed;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                // None: an earlier hidden single of this unit took the only place (two digits
                // confined to one cell), a contradiction.
                let Some(cell) = cells
                    .iter()
                    .map(|&c| c as usize)
                    .find(|&c| self.state.candidates[c] & bit != 0)
                else {
                    return Ok(false);
                };
                if self.state.candidates[cell] != bit {
                    self.set_candidates(cell, bit);
                    self.queue.push(cell as u16);
                }
            }
        }
    }

    /// The unplaced cell with the fewest candidates (first in reading order among equals).
    #[inline]
    fn most_constrained(&self) -> usize {
        let words = self.tables.words;
        let buckets = &self.state.buckets;
        for (i, &word) in buckets.iter().enumerate().skip(2 * words) {
            if word != 0 {
                return (i % words) * 64 + word.trailing_zeros() as usize;
            }
        }
        unreachable!("an unplaced cell is in some bucket")
    }

    /// Tries `digit` in `cell` as a search decision and propagates.
    fn try_digit<O: Observer + ?Sized>(
        &mut self,
        cell: usize,
        digit: u8,
        depth: u32,
        tracker: &mut Tracker<'_, O>,
    ) -> Result<bool, Halt> {
        tracker.guess(cell, digit, depth)?;
        self.queue.clear();
        self.dirty = 0;
        self.set_candidates(cell, digit_bit(digit));
        self.queue.push(cell as u16);
        self.propagate(tracker)
    }

    /// Depth-first search; calls `on_solution` for each solution until `limit` were found.
    /// Returns how many were found.
    fn search<O: Observer + ?Sized>(
        &mut self,
        puzzle: &Grid,
        limit: u64,
        tracker: &mut Tracker<'_, O>,
        on_solution: &mut dyn FnMut(&[u8]),
    ) -> Result<u64, Halt> {
        // Givens first: set them all, then propagate (clashing givens empty a cell).
        for cell in 0..self.tables.cells {
            let v = puzzle.get(cell);
            if v != 0 {
                self.set_candidates(cell, digit_bit(v));
                self.queue.push(cell as u16);
            }
        }
        let mut ok = self.propagate(tracker)?;
        let mut found = 0u64;
        // frames[d] = (cell, digits left to try) of decision level d + 1.
        let mut frames: Vec<(usize, u32)> = Vec::new();
        loop {
            if ok {
                if self.state.unplaced == 0 {
                    found += 1;
                    on_solution(&self.state.values);
                    if found >= limit {
                        return Ok(found);
                    }
                    ok = false;
                    continue;
                }
                let cell = self.most_constrained();
                let candidates = self.state.candidates[cell];
                let digit = bit_digit(candidates & candidates.wrapping_neg());
                let depth = frames.len();
                if self.pool.len() == depth {
                    self.pool.push(self.state.clone());
                } else {
                    self.pool[depth].clone_from(&self.state);
                }
                frames.push((cell, candidates & !digit_bit(digit)));
                ok = self.try_digit(cell, digit, frames.len() as u32, tracker)?;
            } else {
                let depth = frames.len();
                let Some(&mut (cell, ref mut rest)) = frames.last_mut() else {
                    return Ok(found);
                };
                tracker.backtrack(depth as u32)?;
                if *rest == 0 {
                    frames.pop();
                    continue;
                }
                let bit = *rest & rest.wrapping_neg();
                *rest &= !bit;
                if *rest == 0 {
                    // Last alternative: the saved state is not needed again.
                    std::mem::swap(&mut self.state, &mut self.pool[depth - 1]);
                } else {
                    self.state.clone_from(&self.pool[depth - 1]);
                }
                ok = self.try_digit(cell, bit_digit(bit), depth as u32, tracker)?;
            }
        }
    }
}
