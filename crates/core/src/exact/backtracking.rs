//! Plain backtracking: fill the empty cells in reading order, try digits 1..=n, and go back when a
//! cell has no digit left. The only pruning is the rule check itself, done here by scanning the
//! cell's row, column and box (O(n) per check). The search loop is shared with the bitmask solver,
//! which swaps in O(1) bit-mask checks through the [`Rules`] trait.

use crate::grid::Grid;
use crate::pseudocode::{line, step, Line, Mark};
use crate::size::Size;
use crate::solve::{Halt, Limits, Outcome, Solver, Tracker};
use crate::spec::{max_nodes, Args, Branching, Family, IntParam, Spec, WorkCounter};
use crate::trace::Observer;
use crate::words::prose;

/// How a backtracking search knows which digits a cell may take.
pub trait Rules: Sized {
    /// Sets up from the grid's values; `None` if the givens already break a rule.
    fn new(size: Size, values: &[u8]) -> Option<Self>;
    /// The smallest digit ≥ `from` that `cell` may take now, if any.
    fn next_allowed(&self, values: &[u8], cell: usize, from: u8) -> Option<u8>;
    fn place(&mut self, cell: usize, value: u8);
    fn remove(&mut self, cell: usize, value: u8);
}

/// The textbook check: scan the row, column and box for the digit.
pub struct ScanRules {
    size: Size,
}

impl ScanRules {
    fn allowed(&self, values: &[u8], cell: usize, value: u8) -> bool {
        let size = self.size;
        let n = size.n();
        let k = size.box_side();
        let (row, col) = (size.row_of(cell), size.col_of(cell));
        let (top, left) = (row / k * k, col / k * k);
        (0..n).all(|i| {
            values[row * n + i] != value
                && values[i * n + col] != value
                && values[(top + i / k) * n + left + i % k] != value
        })
    }
}

impl Rules for ScanRules {
    fn new(size: Size, values: &[u8]) -> Option<Self> {
        let rules = ScanRules { size };
        let mut scratch = values.to_vec();
        for (cell, &v) in values.iter().enumerate() {
            if v != 0 {
                scratch[cell] = 0;
                if !rules.allowed(&scratch, cell, v) {
                    return None;
                }
                scratch[cell] = v;
            }
        }
        Some(rules)
    }

    #[inline]
    fn next_allowed(&self, values: &[u8], cell: usize, from: u8) -> Option<u8> {
        (from..=self.size.n() as u8).find(|&v| self.allowed(values, cell, v))
    }

    #[inline]
    fn place(&mut self, _cell: usize, _value: u8) {}

    #[inline]
    fn remove(&mut self, _cell: usize, _value: u8) {}
}

/// Backtracking over `empties` in order; on success `values` holds the solution.
/// `Ok(false)` means the search space is exhausted: no solution.
pub fn search<R: Rules, O: Observer + ?Sized>(
    values: &mut [u8],
    empties: &[usize],
    rules: &mut R,
    tracker: &mut Tracker<'_, O>,
) -> Result<bool, Halt> {
    let mut level = 0usize;
    let mut from = 1u8;
    loop {
        if level == empties.len() {
            return Ok(true);
        }
        let cell = empties[level];
        match rules.next_allowed(values, cell, from) {
            Some(v) => {
                values[cell] = v;
                rules.place(cell, v);
                level += 1;
                tracker.guess(cell, v, level as u32)?;
                from = 1;
            }
            None => {
                if level == 0 {
                    return Ok(false);
                }
                level -= 1;
                let back = empties[level];
                let v = values[back];
                values[back] = 0;
                rules.remove(back, v);
                tracker.backtrack(level as u32 + 1)?;
                from = v + 1;
            }
        }
    }
}

/// Runs [`search`] on a puzzle with the given rule checker and wraps the outcome.
pub fn solve_with_rules<R: Rules, O: Observer + ?Sized>(
    puzzle: &Grid,
    values: &mut Vec<u8>,
    tracker: Tracker<'_, O>,
) -> Outcome {
    let mut tracker = tracker;
    let result = match R::new(puzzle.size(), values) {
        None => Ok(false),
        Some(mut rules) => {
            let empties: Vec<usize> = (0..values.len()).filter(|&c| values[c] == 0).collect();
            search(values, &empties, &mut rules, &mut tracker)
        }
    };
    tracker.finish(
        puzzle,
        result.map(|found| found.then_some(values.as_slice())),
    )
}

/// Plain backtracking in cell order with scanning rule checks.
#[derive(Clone, Debug, Default)]
pub struct Backtracking {
    pub limits: Limits,
}

impl Solver for Backtracking {
    fn solve<O: Observer + ?Sized>(&mut self, puzzle: &Grid, observer: &mut O) -> Outcome {
        let mut values = puzzle.values().to_vec();
        solve_with_rules::<ScanRules, O>(puzzle, &mut values, Tracker::new(observer, self.limits))
    }
}

/// The search-node budget (0 = none).
const MAX_NODES: IntParam = max_nodes(50_000_000);

/// The search as pseudo-code (shared by the cell-order solvers).
pub const PSEUDOCODE: &[Line] = &[
    line(0, "BACKTRACK(grid):"),
    line(1, "cells ← the empty cells in reading order; i ← 1"),
    line(1, "while i ≤ |cells|:"),
    line(
        2,
        "v ← next digit for cells[i] absent from its row, column and box",
    ),
    line(2, "if there is one:"),
    step(3, "cells[i] ← v; i ← i + 1", &[Mark::Guess]),
    line(2, "else:"),
    line(3, "if i = 1: return no solution"),
    step(
        3,
        "i ← i − 1; empty cells[i]; its next digit comes next",
        &[Mark::Backtrack],
    ),
    line(1, "return solved"),
];

/// The registry's entry for this solver.
pub const SPEC: Spec = Spec {
    id: "backtracking",
    name: "Plain backtracking",
    family: Family::Exact,
    description: prose(
        "Cells in reading order, digits 1..n, rule check by scanning the row, column and box.",
    ),
    params: &[MAX_NODES.spec()],
    budget: Some(MAX_NODES.name),
    pseudocode: PSEUDOCODE,
    counters: &[WorkCounter::Nodes, WorkCounter::Backtracks],
    check: None,
    branching: Branching::Cell,
};

/// The algorithm in plain words, for newcomers (the help page, `sudoku list`).
pub const IN_PLAIN_WORDS: &str = "Fills the empty cells in reading order. In each it tries 1, 2, 3… and keeps the first digit that breaks no rule; when a cell has no digit left, it steps back and changes the previous choice. Slow, but it always finds the answer, and its search is the easiest to follow.";

impl Backtracking {
    pub fn from_args(args: &Args) -> Backtracking {
        Backtracking {
            limits: Limits::nodes(MAX_NODES.read(args).max(0) as u64),
        }
    }
}
