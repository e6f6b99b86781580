//! Knuth's Algorithm X with dancing links on Sudoku as exact cover.
//!
//! Columns (4n²): each cell holds a digit, each row/column/box holds each digit once.
//! Rows (n³): "digit d in cell c", covering one column of each kind. The givens' rows are selected
//! before the search; the search then always branches on the column with the fewest rows
//! (Knuth's S heuristic), covering and uncovering columns by relinking list nodes in place.

use crate::grid::Grid;
use crate::pseudocode::{line, step, Line, Mark};
use crate::size::Size;
use crate::solve::{Halt, Limits, Outcome, Solver, Tracker};
use crate::spec::{max_nodes, Args, Branching, Family, IntParam, Spec, WorkCounter};
use crate::trace::Observer;
use crate::words::prose;

/// Algorithm X with dancing links.
#[derive(Clone, Debug, Default)]
pub struct Dlx {
    pub limits: Limits,
}

/// The toroidal doubly-linked matrix, in flat arrays. Node 0 is the root; nodes 1..=columns are the
/// column headers; every later node is one 1 of the matrix.
struct Matrix {
    left: Vec<u32>,
    right: Vec<u32>,
    up: Vec<u32>,
    down: Vec<u32>,
    column: Vec<u32>,
    /// For each non-header node, the matrix row (cell * n + digit − 1) it belongs to.
    row: Vec<u32>,
    size: Vec<u32>,
    /// One node of each matrix row, to select a row by its index.
    row_start: Vec<u32>,
}

impl Matrix {
    fn new(sudoku: Size) -> Matrix {
        let n = sudoku.n();
        let columns = 4 * n * n;
        let rows = n * n * n;
        let nodes = 1 + columns + 4 * rows;
        let mut m = Matrix {
            left: Vec::with_capacity(nodes),
            right: Vec::with_capacity(nodes),
            up: Vec::with_capacity(nodes),
            down: Vec::with_capacity(nodes),
            column: Vec::with_capacity(nodes),
            row: Vec::with_capacity(nodes),
            size: vec![0; columns + 1],
            row_start: Vec::with_capacity(rows),
        };
        for i in 0..=columns as u32 {
            m.left.push(if i == 0 { columns as u32 } else { i - 1 });
            m.right.push(if i as usize == columns { 0 } else { i + 1 });
            m.up.push(i);
            m.down.push(i);
            m.column.push(i);
            m.row.push(u32::MAX);
        }
        for cell in 0..n * n {
            let (r, c, b) = (
                sudoku.row_of(cell),
                sudoku.col_of(cell),
                sudoku.box_of(cell),
            );
            for d in 0..n {
                let cols = [
                    cell,
                    n * n + r * n + d,
                    2 * n * n + c * n + d,
                    3 * n * n + b * n + d,
                ];
                let first = m.left.len() as u32;
                m.row_start.push(first);
                for (i, &col) in cols.iter().enumerate() {
                    let node = first + i as u32;
                    let header = col as u32 + 1;
                    m.left.push(if i == 0 { first + 3 } else { node - 1 });
                    m.right.push(if i == 3 { first } else { node + 1 });
                    let above = m.up[header as usize];
                    m.up.push(above);
                    m.down.push(header);
                    m.down[above as usize] = node;
                    m.up[header as usize] = node;
                    m.column.push(header);
                    m.row.push((cell * n + d) as u32);
                    m.size[header as usize] += 1;
                }
            }
        }
        m
    }

    fn cover(&mut self, col: u32) {
        let c = col as usize;
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l as usize] = r;
        self.left[r as usize] = l;
        let mut i = self.down[c];
        while i != col {
            let mut j = self.right[i as usize];
            while j != i {
                let (u, d) = (self.up[j as usize], self.down[j as usize]);
                self.down[u as usize] = d;
                self.up[d as usize] = u;
                self.size[self.column[j as usize] as usize] -= 1;
                j = self.right[j as usize];
            }
            i = self.down[i as usize];
        }
    }

    fn uncover(&mut self, col: u32) {
        let c = col as usize;
        let mut i = self.up[c];
        while i != col {
            let mut j = self.left[i as usize];
            while j != i {
                let (u, d) = (self.up[j as usize], self.down[j as usize]);
                self.size[self.column[j as usize] as usize] += 1;
                self.down[u as usize] = j;
                self.up[d as usize] = j;
                j = self.left[j as usize];
            }
            i = self.up[i as usize];
        }
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l as usize] = col;
        self.left[r as usize] = col;
    }

    /// Covers the other columns of the row of `node` (its own column is already covered).
    fn select(&mut self, node: u32) {
        let mut j = self.right[node as usize];
        while j != node {
            self.cover(self.column[j as usize]);
            j = self.right[j as usize];
        }
    }

    fn deselect(&mut self, node: u32) {
        let mut j = self.left[node as usize];
        while j != node {
            self.uncover(self.column[j as usize]);
            j = self.left[j as usize];
        }
    }

    /// Selects a whole row before the search (a given); false if one of its columns is already covered.
    fn preselect(&mut self, row: usize) -> bool {
        let first = self.row_start[row];
        let mut j = first;
        loop {
            let col = self.column[j as usize];
            // A covered column is unlinked from the header list: its neighbours skip it.
            if self.right[self.left[col as usize] as usize] != col {
                return false;
            }
            self.cover(col);
            j = self.right[j as usize];
            if j == first {
                return true;
            }
        }
    }

    /// The uncovered column with the fewest rows, or `None` when every column is covered.
    fn smallest_column(&self) -> Option<u32> {
        let mut best: Option<u32> = None;
        let mut c = self.right[0];
        while c != 0 {
            if best.is_none_or(|b| self.size[c as usize] < self.size[b as usize]) {
                best = Some(c);
                if self.size[c as usize] <= 1 {
                    break;
                }
            }
            c = self.right[c as usize];
        }
        best
    }
}

struct Search<'m> {
    matrix: &'m mut Matrix,
    n: usize,
    values: Vec<u8>,
}

impl Search<'_> {
    fn run<O: Observer + ?Sized>(
        &mut self,
        depth: u32,
        tracker: &mut Tracker<'_, O>,
    ) -> Result<bool, Halt> {
        let Some(col) = self.matrix.smallest_column() else {
            return Ok(true);
        };
        if self.matrix.size[col as usize] == 0 {
            return Ok(false);
        }
        self.matrix.cover(col);
        let mut node = self.matrix.down[col as usize];
        let mut result = Ok(false);
        while node != col {
            let row = self.matrix.row[node as usize] as usize;
            let (cell, value) = (row / self.n, (row % self.n) as u8 + 1);
            if let Err(halt) = tracker.guess(cell, value, depth) {
                result = Err(halt);
                break;
            }
            self.values[cell] = value;
            self.matrix.select(node);
            let inner = self.run(depth + 1, tracker);
            self.matrix.deselect(node);
            match inner {
                Ok(true) => {
                    result = Ok(true);
                    break;
                }
                Ok(false) => {}
                Err(halt) => {
                    result = Err(halt);
                    break;
                }
            }
            self.values[cell] = 0;
            if let Err(halt) = tracker.backtrack(depth) {
                result = Err(halt);
                break;
            }
            node = self.matrix.down[node as usize];
        }
        self.matrix.uncover(col);
        result
    }
}

impl Solver for Dlx {
    fn solve<O: Observer + ?Sized>(&mut self, puzzle: &Grid, observer: &mut O) -> Outcome {
        let size = puzzle.size();
        let n = size.n();
        let mut tracker = Tracker::new(observer, self.limits);
        let mut matrix = Matrix::new(size);
        let mut values = puzzle.values().to_vec();
        let givens_fit = (0..size.cells())
            .filter(|&c| values[c] != 0)
            .all(|c| matrix.preselect(c * n + values[c] as usize - 1));
        let result = if givens_fit {
            let mut search = Search {
                matrix: &mut matrix,
                n,
                values: values.clone(),
            };
            let result = search.run(1, &mut tracker);
            values = search.values;
            result
        } else {
            Ok(false)
        };
        tracker.finish(
            puzzle,
            result.map(|found| found.then_some(values.as_slice())),
        )
    }
}

/// The search-node budget (0 = none).
const MAX_NODES: IntParam = max_nodes(0);

/// Knuth's Algorithm X with dancing links.
pub const PSEUDOCODE: &[Line] = &[
    line(0, "ALGORITHM-X(matrix):"),
    line(
        1,
        "columns: each cell filled, each digit once per row, column and box (4n²)",
    ),
    line(
        1,
        "rows: each (cell, digit) the givens allow; the givens' rows are selected",
    ),
    line(1, "SEARCH(k):"),
    line(2, "no column left: return solved"),
    line(
        2,
        "c ← the column with the fewest rows; none: fail; cover c",
    ),
    line(2, "for each row r in c:"),
    step(
        3,
        "select r: cell ← digit; cover the columns of r",
        &[Mark::Guess],
    ),
    line(3, "if SEARCH(k + 1): return solved"),
    step(
        3,
        "uncover the columns of r (dancing links restore them)",
        &[Mark::Backtrack],
    ),
    line(2, "uncover c; return fail"),
];

/// The registry's entry for this solver.
pub const SPEC: Spec = Spec {
    id: "dlx",
    name: "Dancing links (Algorithm X)",
    family: Family::Exact,
    description: prose(
        "Knuth's Algorithm X on the 4n²-column exact-cover matrix, with dancing links.",
    ),
    params: &[MAX_NODES.spec()],
    budget: Some(MAX_NODES.name),
    pseudocode: PSEUDOCODE,
    counters: &[WorkCounter::Nodes, WorkCounter::Backtracks],
    check: None,
    branching: Branching::FewestRowsColumn,
};

/// The algorithm in plain words, for newcomers (the help page, `sudoku list`).
pub const IN_PLAIN_WORDS: &str = "Recasts Sudoku as choosing rows of a big table so that every column is covered exactly once: each cell gets one digit, and each digit appears once in every row, column and box. Knuth's Algorithm X searches that table, always on the column with the fewest choices; \"dancing links\" undo each try quickly.";

impl Dlx {
    pub fn from_args(args: &Args) -> Dlx {
        Dlx {
            limits: Limits::nodes(MAX_NODES.read(args).max(0) as u64),
        }
    }
}
