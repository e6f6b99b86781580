//! Sudoku as a formula in conjunctive normal form: the reduction to SAT that courses teach
//! (Lynce and Ouaknine's encodings). One variable per cell and digit, "cell c holds d"
//! (`cell · n + d − 1`, so DIMACS numbers them `cell · n + d`); each given a unit clause.
//!
//! - **minimal**: every cell holds at least one digit; no digit twice in a row, column or box;
//! - **extended**: also every cell at most one digit, and every digit at least once in each
//!   row, column and box — redundant for the models, but it lets unit propagation find hidden
//!   singles and naked singles, as people do.
//!
//! "At most one of x₁ … x_k" is written **pairwise** (k(k−1)/2 clauses ¬xᵢ ∨ ¬xⱼ) or
//! **sequential** (Sinz's counter: k − 1 auxiliary variables sᵢ = "one of x₁ … xᵢ holds", 3k − 4
//! clauses), the trade-off a course compares.

use std::fmt::{self, Write};

use super::cdcl::Lit;
use crate::grid::Grid;
use crate::size::Size;

/// Which constraints are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Minimal,
    Extended,
}

/// How "at most one" is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtMostOne {
    Pairwise,
    Sequential,
}

/// The encoding's choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    pub encoding: Encoding,
    pub at_most_one: AtMostOne,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            encoding: Encoding::Extended,
            at_most_one: AtMostOne::Pairwise,
        }
    }
}

impl Options {
    /// The options' names, as the `sat` algorithm's parameters spell them.
    pub fn describe(&self) -> String {
        format!(
            "{} encoding, {} at-most-one",
            super::ENCODING.id_of(self.encoding),
            super::AT_MOST_ONE.id_of(self.at_most_one)
        )
    }
}

/// A formula: its variables (the n³ cell variables first, then auxiliary ones) and clauses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cnf {
    pub size: Size,
    pub vars: usize,
    lits: Vec<Lit>,
    /// Where each clause starts in `lits` (and, last, where the last one ends).
    starts: Vec<usize>,
}

impl Cnf {
    pub fn clause_count(&self) -> usize {
        self.starts.len() - 1
    }

    pub fn clauses(&self) -> impl Iterator<Item = &[Lit]> + Clone {
        self.starts.windows(2).map(|w| &self.lits[w[0]..w[1]])
    }

    /// The number of cell variables (n³); the others are auxiliary.
    pub fn cell_vars(&self) -> usize {
        self.size.n().pow(3)
    }

    fn add(&mut self, clause: impl IntoIterator<Item = Lit>) {
        self.lits.extend(clause);
        self.starts.push(self.lits.len());
    }

    fn new_var(&mut self) -> u32 {
        self.vars += 1;
        (self.vars - 1) as u32
    }

    /// At least one of `xs`.
    fn at_least_one(&mut self, xs: &[Lit]) {
        self.add(xs.iter().copied());
    }

    fn at_most_one(&mut self, xs: &[Lit], how: AtMostOne) {
        match how {
            AtMostOne::Pairwise => {
                for (i, &a) in xs.iter().enumerate() {
                    for &b in &xs[i + 1..] {
                        self.add([!a, !b]);
                    }
                }
            }
            AtMostOne::Sequential => {
                let k = xs.len();
                if k < 2 {
                    return;
                }
                // s[i]: one of xs[0..=i] holds (i < k − 1).
                let s: Vec<Lit> = (0..k - 1).map(|_| Lit::new(self.new_var(), true)).collect();
                self.add([!xs[0], s[0]]);
                for i in 1..k - 1 {
                    self.add([!xs[i], s[i]]);
                    self.add([!s[i - 1], s[i]]);
                    self.add([!xs[i], !s[i - 1]]);
                }
                self.add([!xs[k - 1], !s[k - 2]]);
            }
        }
    }

    /// The formula in DIMACS, with comments saying what it encodes.
    pub fn write_dimacs(
        &self,
        puzzle: &Grid,
        options: &Options,
        out: &mut impl Write,
    ) -> fmt::Result {
        let n = self.size.n();
        writeln!(out, "c Sudoku {n}x{n} as SAT ({})", options.describe())?;
        writeln!(out, "c puzzle {}", puzzle.to_line())?;
        writeln!(
            out,
            "c variable cell*{n} + d (cells 0..{} in reading order, digits 1..{n}) means: the cell holds d; later ones are auxiliary",
            self.size.cells() - 1
        )?;
        writeln!(out, "p cnf {} {}", self.vars, self.clause_count())?;
        for clause in self.clauses() {
            for lit in clause {
                write!(out, "{} ", lit.to_dimacs())?;
            }
            out.write_str("0\n")?;
        }
        Ok(())
    }
}

/// "Cell `cell` holds `digit`" (1..=n).
pub fn cell_var(size: Size, cell: usize, digit: u8) -> u32 {
    (cell * size.n() + digit as usize - 1) as u32
}

/// The cell and digit of a cell variable; `None` for an auxiliary one.
pub fn cell_digit(size: Size, var: u32) -> Option<(usize, u8)> {
    let n = size.n();
    let var = var as usize;
    (var < size.cells() * n).then(|| (var / n, (var % n) as u8 + 1))
}

/// The puzzle's formula: the givens' unit clauses first, then each cell's, then each unit's.
pub fn encode(puzzle: &Grid, options: &Options) -> Cnf {
    let size = puzzle.size();
    let n = size.n();
    let mut cnf = Cnf {
        size,
        vars: size.cells() * n,
        lits: Vec::new(),
        starts: vec![0],
    };
    let extended = options.encoding == Encoding::Extended;
    for cell in 0..size.cells() {
        let value = puzzle.get(cell);
        if value != 0 {
            cnf.add([Lit::new(cell_var(size, cell, value), true)]);
        }
    }
    let mut xs = Vec::with_capacity(n);
    for cell in 0..size.cells() {
        xs.clear();
        xs.extend((1..=n as u8).map(|d| Lit::new(cell_var(size, cell, d), true)));
        cnf.at_least_one(&xs);
        if extended {
            cnf.at_most_one(&xs, options.at_most_one);
        }
    }
    for unit in 0..size.unit_count() {
        for d in 1..=n as u8 {
            xs.clear();
            xs.extend(
                size.unit_cells(unit)
                    .map(|cell| Lit::new(cell_var(size, cell, d), true)),
            );
            cnf.at_most_one(&xs, options.at_most_one);
            if extended {
                cnf.at_least_one(&xs);
            }
        }
    }
    cnf
}
