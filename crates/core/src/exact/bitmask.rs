//! Bitmask backtracking: the plain cell-order search of [`super::backtracking`], with one bit set of
//! used digits per row, column and box, so a check is O(1) and the next allowed digit is one
//! bit operation away.

use crate::bits::{digit_bit, lowest_digit};
use crate::grid::Grid;
use crate::pseudocode::{line, step, Line, Mark};
use crate::size::Size;
use crate::solve::{Limits, Outcome, Solver, Tracker};
use crate::spec::{max_nodes, Args, Branching, Family, IntParam, Spec, WorkCounter};
use crate::trace::Observer;
use crate::words::prose;

use super::backtracking::{solve_with_rules, Rules};

/// Used digits per row, column and box.
pub struct MaskRules {
    size: Size,
    rows: Vec<u32>,
    cols: Vec<u32>,
    boxes: Vec<u32>,
}

impl Rules for MaskRules {
    fn new(size: Size, values: &[u8]) -> Option<Self> {
        let n = size.n();
        let mut rules = MaskRules {
            size,
            rows: vec![0; n],
            cols: vec![0; n],
            boxes: vec![0; n],
        };
        for (cell, &v) in values.iter().enumerate() {
            if v != 0 {
                if rules.used(cell) & digit_bit(v) != 0 {
                    return None;
                }
                rules.place(cell, v);
            }
        }
        Some(rules)
    }

    #[inline]
    fn next_allowed(&self, _values: &[u8], cell: usize, from: u8) -> Option<u8> {
        let free = !self.used(cell) & self.size.all_digits() & (u32::MAX << (from - 1));
        (free != 0).then(|| lowest_digit(free))
    }

    #[inline]
    fn place(&mut self, cell: usize, value: u8) {
        let bit = digit_bit(value);
        let s = self.size;
        self.rows[s.row_of(cell)] |= bit;
        self.cols[s.col_of(cell)] |= bit;
        self.boxes[s.box_of(cell)] |= bit;
    }

    #[inline]
    fn remove(&mut self, cell: usize, value: u8) {
        let bit = !digit_bit(value);
        let s = self.size;
        self.rows[s.row_of(cell)] &= bit;
        self.cols[s.col_of(cell)] &= bit;
        self.boxes[s.box_of(cell)] &= bit;
    }
}

impl MaskRules {
    #[inline]
    pub(crate) fn used(&self, cell: usize) -> u32 {
        let s = self.size;
        self.rows[s.row_of(cell)] | self.cols[s.col_of(cell)] | self.boxes[s.box_of(cell)]
    }
}

/// Cell-order backtracking with O(1) bit-mask rule checks.
#[derive(Clone, Debug, Default)]
pub struct Bitmask {
    pub limits: Limits,
}

impl Solver for Bitmask {
    fn solve<O: Observer + ?Sized>(&mut self, puzzle: &Grid, observer: &mut O) -> Outcome {
        let mut values = puzzle.values().to_vec();
        solve_with_rules::<MaskRules, O>(puzzle, &mut values, Tracker::new(observer, self.limits))
    }
}

/// The search-node budget (0 = none).
const MAX_NODES: IntParam = max_nodes(500_000_000);

/// The search as pseudo-code: the cell-order loop with O(1) checks.
pub const PSEUDOCODE: &[Line] = &[
    line(0, "BACKTRACK(grid):"),
    line(
        1,
        "rows[r], cols[c], boxes[b] ← bit masks of the digits used",
    ),
    line(1, "cells ← the empty cells in reading order; i ← 1"),
    line(1, "while i ≤ |cells|:"),
    line(
        2,
        "free ← ¬(rows[r] ∨ cols[c] ∨ boxes[b]) for cells[i], above the digit tried",
    ),
    line(2, "if free ≠ ∅:"),
    step(
        3,
        "v ← lowest digit of free; set its bit in the three masks; i ← i + 1",
        &[Mark::Guess],
    ),
    line(2, "else:"),
    line(3, "if i = 1: return no solution"),
    step(
        3,
        "i ← i − 1; clear cells[i]'s bit; its next digit comes next",
        &[Mark::Backtrack],
    ),
    line(1, "return solved"),
];

/// The registry's entry for this solver.
pub const SPEC: Spec = Spec {
    id: "bitmask",
    name: "Bitmask backtracking",
    family: Family::Exact,
    description: prose("Cell-order backtracking with row/column/box bit masks: O(1) checks."),
    params: &[MAX_NODES.spec()],
    budget: Some(MAX_NODES.name),
    pseudocode: PSEUDOCODE,
    counters: &[WorkCounter::Nodes, WorkCounter::Backtracks],
    check: None,
    branching: Branching::Cell,
};

/// The algorithm in plain words, for newcomers (the help page, `sudoku list`).
pub const IN_PLAIN_WORDS: &str = "Plain backtracking made quick: each row, column and box keeps the digits it holds as the bits of one number, so whether a digit fits is one step instead of a scan.";

impl Bitmask {
    pub fn from_args(args: &Args) -> Bitmask {
        Bitmask {
            limits: Limits::nodes(MAX_NODES.read(args).max(0) as u64),
        }
    }
}
