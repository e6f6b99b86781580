//! Norvig-style constraint propagation ("Solving Every Sudoku Puzzle"): every cell keeps its
//! candidates; two rules run to a fixpoint —
//! 1. a cell reduced to one digit removes that digit from its peers;
//! 2. a unit with a single place left for a digit puts the digit there —
//!
//! then search picks the cell with the fewest candidates and tries each on a copy of the state.
//! Norvig's recursion between `assign` and `eliminate` is run here from an explicit work list, so
//! deep chains on 25×25 grids cannot overflow the stack; the fixpoint reached is the same.

use crate::bits::{digit_bit, digits, is_single, lowest_digit};
use crate::grid::Grid;
use crate::registry::{max_nodes, Args, Family, IntParam, Spec};
use crate::size::Geometry;
use crate::solve::{Halt, Limits, Outcome, Solver, Tracker};
use crate::trace::Observer;

/// Norvig's propagate-and-search.
#[derive(Clone, Debug, Default)]
pub struct Norvig {
    pub limits: Limits,
}

struct Propagator<'g> {
    geometry: &'g Geometry,
    /// Pending (cell, digit) eliminations.
    pending: Vec<(usize, u8)>,
}

impl Propagator<'_> {
    /// Queues the removal of every digit but `value` from `cell`.
    fn assign(&mut self, candidates: &[u32], cell: usize, value: u8) {
        let others = candidates[cell] & !digit_bit(value);
        self.pending.extend(digits(others).map(|d| (cell, d)));
    }

    /// Runs the queued eliminations to a fixpoint; `Ok(false)` on a contradiction.
    fn run<O: Observer + ?Sized>(
        &mut self,
        candidates: &mut [u32],
        tracker: &mut Tracker<'_, O>,
    ) -> Result<bool, Halt> {
        while let Some((cell, d)) = self.pending.pop() {
            let bit = digit_bit(d);
            if candidates[cell] & bit == 0 {
                continue;
            }
            candidates[cell] &= !bit;
            tracker.eliminate(cell, d)?;
            let left = candidates[cell];
            if left == 0 {
                self.pending.clear();
                return Ok(false);
            }
            if is_single(left) {
                let only = lowest_digit(left);
                tracker.assign(cell, only)?;
                let geometry = self.geometry;
                for &peer in &geometry.peers[cell] {
                    if candidates[peer] & left != 0 {
                        self.pending.push((peer, only));
                    }
                }
            }
            // Rule 2 for digit d in each unit of the cell.
            for &unit in &self.geometry.cell_units[cell] {
                let mut places = self.geometry.units[unit]
                    .iter()
                    .copied()
                    .filter(|&c| candidates[c] & bit != 0);
                match (places.next(), places.next()) {
                    (None, _) => {
                        self.pending.clear();
                        return Ok(false);
                    }
                    (Some(place), None) if candidates[place] != bit => {
                        self.assign(candidates, place, d);
                    }
                    _ => {}
                }
            }
        }
        Ok(true)
    }
}

fn search<O: Observer + ?Sized>(
    propagator: &mut Propagator<'_>,
    candidates: &mut Vec<u32>,
    depth: u32,
    tracker: &mut Tracker<'_, O>,
) -> Result<bool, Halt> {
    let choice = candidates
        .iter()
        .enumerate()
        .filter(|(_, c)| c.count_ones() > 1)
        .min_by_key(|(_, c)| c.count_ones())
        .map(|(cell, _)| cell);
    let Some(cell) = choice else {
        return Ok(true);
    };
    for value in digits(candidates[cell]) {
        tracker.guess(cell, value, depth)?;
        let mut trial = candidates.clone();
        propagator.assign(&trial, cell, value);
        if propagator.run(&mut trial, tracker)?
            && search(propagator, &mut trial, depth + 1, tracker)?
        {
            *candidates = trial;
            return Ok(true);
        }
        tracker.backtrack(depth)?;
    }
    Ok(false)
}

impl Solver for Norvig {
    fn solve<O: Observer + ?Sized>(&mut self, puzzle: &Grid, observer: &mut O) -> Outcome {
        let size = puzzle.size();
        let geometry = Geometry::new(size);
        let mut tracker = Tracker::new(observer, self.limits);
        let mut propagator = Propagator {
            geometry: &geometry,
            pending: Vec::new(),
        };
        let mut candidates = vec![size.all_digits(); size.cells()];
        let result = (|| {
            for cell in 0..size.cells() {
                let v = puzzle.get(cell);
                if v != 0 {
                    if candidates[cell] & digit_bit(v) == 0 {
                        return Ok(false);
                    }
                    propagator.assign(&candidates, cell, v);
                    if !propagator.run(&mut candidates, &mut tracker)? {
                        return Ok(false);
                    }
                }
            }
            search(&mut propagator, &mut candidates, 1, &mut tracker)
        })();
        let values: Vec<u8> = candidates.iter().map(|&c| lowest_digit(c)).collect();
        tracker.finish(
            puzzle,
            result.map(|found| found.then_some(values.as_slice())),
        )
    }
}

/// The search-node budget (0 = none).
const MAX_NODES: IntParam = max_nodes(10_000_000);

/// The registry's entry for this solver.
pub const SPEC: Spec = Spec {
    id: "norvig",
    name: "Norvig constraint propagation",
    family: Family::Exact,
    description:
        "Eliminate + only-place propagation to a fixpoint, search on the fewest candidates.",
    params: &[MAX_NODES.spec()],
};

impl Norvig {
    pub fn from_args(args: &Args) -> Norvig {
        Norvig {
            limits: Limits::nodes(MAX_NODES.read(args).max(0) as u64),
        }
    }
}
