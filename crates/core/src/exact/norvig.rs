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
use crate::pseudocode::{line, step, Line, Mark};
use crate::size::Geometry;
use crate::solve::{Halt, Limits, Outcome, Solver, Tracker};
use crate::spec::{max_nodes, Args, Branching, Family, IntParam, Spec, WorkCounter};
use crate::trace::{Observer, Reason, Rule};
use crate::words::prose;

/// Norvig's propagate-and-search.
#[derive(Clone, Debug, Default)]
pub struct Norvig {
    pub limits: Limits,
}

struct Propagator<'g> {
    geometry: &'g Geometry,
    /// Pending (cell, digit) eliminations and why.
    pending: Vec<(usize, u8, Reason)>,
}

impl Propagator<'_> {
    /// Queues the removal of every digit but `value` from `cell`; `why` says why the cell takes
    /// `value` (a given, a guess, a hidden single), and the last removal places it for that reason.
    fn assign(&mut self, candidates: &[u32], cell: usize, value: u8, why: Reason) {
        let others = candidates[cell] & !digit_bit(value);
        self.pending.extend(digits(others).map(|d| (cell, d, why)));
    }

    /// Runs the queued eliminations to a fixpoint; `Ok(false)` on a contradiction.
    fn run<O: Observer + ?Sized>(
        &mut self,
        candidates: &mut [u32],
        tracker: &mut Tracker<'_, O>,
    ) -> Result<bool, Halt> {
        while let Some((cell, d, why)) = self.pending.pop() {
            let bit = digit_bit(d);
            if candidates[cell] & bit == 0 {
                continue;
            }
            candidates[cell] &= !bit;
            tracker.eliminate(cell, d, why)?;
            let left = candidates[cell];
            if left == 0 {
                self.pending.clear();
                return Ok(false);
            }
            if is_single(left) {
                let only = lowest_digit(left);
                // Down to one by a peer's value: a naked single; else the reason it was fixed.
                let placed = if why.rule == Rule::Peer {
                    Reason::NAKED_SINGLE
                } else {
                    why
                };
                tracker.assign(cell, only, placed)?;
                let geometry = self.geometry;
                for &peer in &geometry.peers[cell] {
                    if candidates[peer] & left != 0 {
                        self.pending.push((peer, only, Reason::peer(cell)));
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
                        self.assign(candidates, place, d, Reason::hidden_single(unit));
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
        propagator.assign(&trial, cell, value, Reason::DECISION);
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
                    propagator.assign(&candidates, cell, v, Reason::GIVEN);
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

/// Norvig's assign / eliminate and search.
pub const PSEUDOCODE: &[Line] = &[
    line(0, "SOLVE(grid):"),
    line(1, "D(c) ← all digits, for every cell"),
    step(
        1,
        "for each given v in c: ASSIGN(c, v)",
        &[Mark::Eliminate(Rule::Given), Mark::Assign(Rule::Given)],
    ),
    line(1, "return SEARCH(D)"),
    line(
        0,
        "ASSIGN(c, v): ELIMINATE(c, d) for every other digit d of D(c)",
    ),
    line(0, "ELIMINATE(c, d): remove d from D(c); D(c) = ∅: fail"),
    step(
        1,
        "rule 1: D(c) = {v}, a naked single: c ← v",
        &[Mark::Assign(Rule::NakedSingle)],
    ),
    step(
        2,
        "ELIMINATE(p, v) for every peer p",
        &[Mark::Eliminate(Rule::Peer)],
    ),
    line(1, "rule 2: for each unit u of c: no place left for d: fail"),
    step(
        2,
        "one place p left for d, a hidden single: ASSIGN(p, d)",
        &[
            Mark::Eliminate(Rule::HiddenSingle),
            Mark::Assign(Rule::HiddenSingle),
        ],
    ),
    line(0, "SEARCH(D):"),
    line(
        1,
        "c ← the cell with the fewest candidates (> 1); none: return solved",
    ),
    line(1, "for v in D(c), on a copy of D:"),
    step(2, "guess c = v", &[Mark::Guess]),
    step(
        2,
        "ASSIGN(c, v) on the copy",
        &[
            Mark::Eliminate(Rule::Decision),
            Mark::Assign(Rule::Decision),
        ],
    ),
    line(2, "if no contradiction and SEARCH(copy): return solved"),
    step(2, "drop the copy", &[Mark::Backtrack]),
    line(1, "return fail"),
];

/// The registry's entry for this solver.
pub const SPEC: Spec = Spec {
    id: "norvig",
    name: "Norvig constraint propagation",
    family: Family::Exact,
    description: prose(
        "Eliminate + only-place propagation to a fixpoint, search on the fewest candidates.",
    ),
    params: &[MAX_NODES.spec()],
    budget: Some(MAX_NODES.name),
    pseudocode: PSEUDOCODE,
    counters: &[
        WorkCounter::Nodes,
        WorkCounter::Backtracks,
        WorkCounter::Propagations,
    ],
    check: None,
    branching: Branching::Cell,
};

/// The algorithm in plain words, for newcomers (the help page, `sudoku list`).
pub const IN_PLAIN_WORDS: &str = "Peter Norvig's solver: it crosses digits off, fills every cell with one candidate left and every digit with one place left, and repeats until nothing more follows; only then does it guess, in the cell with the fewest candidates.";

impl Norvig {
    pub fn from_args(args: &Args) -> Norvig {
        Norvig {
            limits: Limits::nodes(MAX_NODES.read(args).max(0) as u64),
        }
    }
}
