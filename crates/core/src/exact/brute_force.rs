//! Brute force as the genetic-algorithm paper (Miloradović & Jačović 2020) compares against: first
//! fill every naked single (a cell with one allowed digit), repeating until none is left, then run
//! plain backtracking on what remains.

use crate::bits::{is_single, lowest_digit};
use crate::grid::Grid;
use crate::pseudocode::{line, step, Line, Mark};
use crate::solve::{Halt, Limits, Outcome, Solver, Tracker};
use crate::spec::{max_nodes, Args, Branching, Family, IntParam, Spec, WorkCounter};
use crate::trace::{Observer, Reason, Rule};
use crate::words::prose;

use super::backtracking::{solve_with_rules, Rules, ScanRules};
use super::bitmask::MaskRules;

/// Naked singles to a fixpoint, then plain backtracking.
#[derive(Clone, Debug, Default)]
pub struct BruteForce {
    pub limits: Limits,
}

/// Fills naked singles until none is left. `Ok(false)` if a cell has no allowed digit
/// (or the givens clash): the puzzle has no solution.
fn fill_naked_singles<O: Observer + ?Sized>(
    puzzle: &Grid,
    values: &mut [u8],
    tracker: &mut Tracker<'_, O>,
) -> Result<bool, Halt> {
    let size = puzzle.size();
    let Some(mut rules) = MaskRules::new(size, values) else {
        return Ok(false);
    };
    loop {
        let mut progress = false;
        for (cell, value) in values.iter_mut().enumerate() {
            if *value != 0 {
                continue;
            }
            let allowed = !rules.used(cell) & size.all_digits();
            if allowed == 0 {
                return Ok(false);
            }
            if is_single(allowed) {
                let v = lowest_digit(allowed);
                *value = v;
                rules.place(cell, v);
                tracker.assign(cell, v, Reason::NAKED_SINGLE)?;
                progress = true;
            }
        }
        if !progress {
            return Ok(true);
        }
    }
}

impl Solver for BruteForce {
    fn solve<O: Observer + ?Sized>(&mut self, puzzle: &Grid, observer: &mut O) -> Outcome {
        let mut values = puzzle.values().to_vec();
        let mut tracker = Tracker::new(observer, self.limits);
        match fill_naked_singles(puzzle, &mut values, &mut tracker) {
            Ok(true) => solve_with_rules::<ScanRules, O>(puzzle, &mut values, tracker),
            Ok(false) => tracker.finish(puzzle, Ok(None)),
            Err(halt) => tracker.finish(puzzle, Err(halt)),
        }
    }
}

/// The search-node budget (0 = none).
const MAX_NODES: IntParam = max_nodes(50_000_000);

/// Naked singles first, then the cell-order search.
pub const PSEUDOCODE: &[Line] = &[
    line(0, "BRUTE-FORCE(grid):"),
    line(1, "repeat until nothing changes:"),
    line(2, "for each empty cell with one allowed digit v:"),
    step(
        3,
        "cell ← v (naked single)",
        &[Mark::Assign(Rule::NakedSingle)],
    ),
    line(1, "cells ← the empty cells in reading order; i ← 1"),
    line(1, "while i ≤ |cells|:"),
    line(
        2,
        "v ← next digit for cells[i] absent from its row, column and box",
    ),
    step(
        2,
        "if there is one: cells[i] ← v; i ← i + 1",
        &[Mark::Guess],
    ),
    step(
        2,
        "else: i ← i − 1 (none left at i = 1: no solution); empty cells[i]",
        &[Mark::Backtrack],
    ),
    line(1, "return solved"),
];

/// The registry's entry for this solver.
pub const SPEC: Spec = Spec {
    id: "brute-force",
    name: "Brute force (naked singles + backtracking)",
    family: Family::Exact,
    description: prose(
        "Fills every naked single first, then plain backtracking (the GA paper's brute force).",
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
pub const IN_PLAIN_WORDS: &str = "First fills every cell that has only one possible digit, then tries digits cell by cell, as plain backtracking does. The genetic-algorithm paper measures its GA against this solver.";

impl BruteForce {
    pub fn from_args(args: &Args) -> BruteForce {
        BruteForce {
            limits: Limits::nodes(MAX_NODES.read(args).max(0) as u64),
        }
    }
}
