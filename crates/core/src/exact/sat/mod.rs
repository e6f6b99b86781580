//! `sat`: Sudoku as a satisfiability problem. The puzzle is written as CNF (`cnf`: the reduction
//! courses teach, in its minimal or extended form, with pairwise or sequential at-most-one)
//! and solved by the conflict-driven clause-learning solver of `cdcl`, which knows nothing of
//! Sudoku; [`Sat`] tells what it does in the lab's events:
//!
//! - a decision on "cell c holds d" is a guess (cell variables are always decided true, and
//!   the encoding's auxiliary variables only once every cell has a digit, so each decision
//!   level the board shows is one guess);
//! - unit propagation places digits and removes candidates, named by the clause that forced
//!   them: a cell's "at least one digit" is a naked single, a unit's "the digit somewhere" a
//!   hidden single, "not twice in a unit" a peer's elimination, a learned clause as such;
//! - a conflict is an [`Event::Conflict`] (the learned clause's length, its LBD, the depth the
//!   search jumps back to), followed by the [`Event::Backtrack`] that undoes the guesses above.
//!
//! [`Event::Conflict`]: crate::trace::Event::Conflict
//! [`Event::Backtrack`]: crate::trace::Event::Backtrack

pub mod cdcl;
pub mod cnf;
#[cfg(feature = "sat")]
mod count;
#[cfg(feature = "sat")]
mod run;
#[cfg(all(test, feature = "sat"))]
mod tests;

use crate::words::prose;
use cdcl::{Cdcl, Restarts};
use cnf::{AtMostOne, Encoding};

use crate::grid::Grid;
use crate::pseudocode::{line, step, Line, Mark};
use crate::size::Size;
#[cfg(not(feature = "sat"))]
use crate::solve::{without_engine, Limit, Outcome, Solver};
use crate::spec::{Args, Branching, ChoiceParam, Family, IntParam, Spec, WorkCounter};
#[cfg(not(feature = "sat"))]
use crate::trace::Observer;
use crate::trace::Rule;

/// Sudoku through its CNF and a CDCL solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sat {
    pub encoding: cnf::Options,
    pub solver: cdcl::Options,
}

impl Sat {
    pub fn from_args(args: &Args) -> Sat {
        Sat {
            encoding: cnf::Options {
                encoding: ENCODING.read(args),
                at_most_one: AT_MOST_ONE.read(args),
            },
            solver: cdcl::Options {
                restarts: RESTARTS.read(args),
                max_conflicts: MAX_CONFLICTS.read(args).max(0) as u64,
                ..cdcl::Options::default()
            },
        }
    }

    /// The CDCL solver loaded with the puzzle's formula, cell variables decided true first.
    pub fn load(&self, puzzle: &Grid) -> Cdcl {
        self.load_with_spare(puzzle, 0)
    }

    /// [`Sat::load`] with `spare` more variables after the formula's (for clauses a caller
    /// adds later, e.g. selectors it assumes), decided false and only after all the others.
    pub fn load_with_spare(&self, puzzle: &Grid, spare: usize) -> Cdcl {
        let formula = cnf::encode(puzzle, &self.encoding);
        let mut solver = Cdcl::new(formula.vars + spare, self.solver);
        for var in 0..(formula.vars + spare) as u32 {
            if (var as usize) < formula.cell_vars() {
                solver.set_polarity(var, true);
            } else {
                solver.set_decision(var, false);
                if var as usize >= formula.vars {
                    solver.set_polarity(var, false);
                }
            }
        }
        solver.add_clauses(formula.clauses());
        solver
    }
}

/// The digits of the solver's model, in reading order.
pub fn model_values(size: Size, solver: &Cdcl) -> Vec<u8> {
    let n = size.n();
    (0..size.cells())
        .map(|cell| {
            (1..=n as u8)
                .find(|&d| solver.value(cnf::cell_var(size, cell, d)) == Some(true))
                .unwrap_or(0)
        })
        .collect()
}

/// A build without the engine (the page's first-load worker).
#[cfg(not(feature = "sat"))]
impl Solver for Sat {
    fn solve<O: Observer + ?Sized>(&mut self, puzzle: &Grid, observer: &mut O) -> Outcome {
        without_engine(puzzle, observer, Limit::Conflicts(0))
    }
}

const ENCODING: ChoiceParam<Encoding> = ChoiceParam {
    name: "encoding",
    description: prose("extended: also one digit per cell and each digit somewhere in each unit (propagation finds singles); minimal: only the clauses a model needs."),
    ids: &["extended", "minimal"],
    values: &[Encoding::Extended, Encoding::Minimal],
    default: 0,
};

const AT_MOST_ONE: ChoiceParam<AtMostOne> = ChoiceParam {
    name: "at_most_one",
    description: prose("How \"at most one of k\" is written: pairwise (k(k−1)/2 two-literal clauses) or sequential (Sinz's counter: k − 1 extra variables, 3k − 4 clauses)."),
    ids: &["pairwise", "sequential"],
    values: &[AtMostOne::Pairwise, AtMostOne::Sequential],
    default: 0,
};

const RESTARTS: ChoiceParam<Restarts> = ChoiceParam {
    name: "restarts",
    description: prose("When to restart from level 0: glucose (recent learned clauses worse than the average), luby (Luby's sequence × 100 conflicts) or never."),
    ids: &["glucose", "luby", "never"],
    values: &[Restarts::Glucose, Restarts::Luby, Restarts::Never],
    default: 0,
};

/// The conflict budget (0 = none); `portfolio`'s SAT stage takes the same.
pub(crate) const MAX_CONFLICTS: IntParam = IntParam {
    name: "max_conflicts",
    description: prose("Give up after this many conflicts (0 = no limit)."),
    min: 0,
    max: i64::MAX,
    default: 0,
};

/// Conflict-driven clause learning, as the lab runs it on Sudoku's CNF.
pub const PSEUDOCODE: &[Line] = &[
    line(0, "CDCL(F): F ← the puzzle's CNF, each given a unit clause"),
    line(1, "loop:"),
    step(
        2,
        "PROPAGATE: a clause with one literal left open forces it",
        &[
            Mark::Assign(Rule::NakedSingle),
            Mark::Assign(Rule::HiddenSingle),
            Mark::Eliminate(Rule::Peer),
            Mark::Assign(Rule::Propagation),
            Mark::Eliminate(Rule::Propagation),
        ],
    ),
    step(
        3,
        "(a clause learned earlier forces it the same way)",
        &[Mark::Assign(Rule::Learned), Mark::Eliminate(Rule::Learned)],
    ),
    line(2, "if a clause has every literal false (a conflict):"),
    line(3, "at level 0: return no solution"),
    step(
        3,
        "learn: resolve back to the first UIP, minimise, measure its LBD",
        &[Mark::Conflict],
    ),
    step(
        3,
        "back-jump to the clause's second-highest level; it asserts its first literal",
        &[Mark::Backtrack],
    ),
    step(
        3,
        "now and then: restart at level 0 (what was learned is kept); drop the worst learned clauses",
        &[Mark::Restart],
    ),
    line(2, "else if every variable has a value: return the model"),
    step(
        2,
        "else decide: the most active open variable (VSIDS): cell ← digit, a new level",
        &[Mark::Guess],
    ),
];

/// The registry's entry for this solver.
pub const SPEC: Spec = Spec {
    id: "sat",
    name: "SAT (CNF + clause learning)",
    family: Family::Exact,
    description: prose("Sudoku reduced to CNF (a variable per cell and digit) and solved by conflict-driven clause learning: watched literals, first-UIP learning, back-jumping, VSIDS, restarts."),
    params: &[
        ENCODING.spec(),
        AT_MOST_ONE.spec(),
        RESTARTS.spec(),
        MAX_CONFLICTS.spec(),
    ],
    budget: Some(MAX_CONFLICTS.name),
    pseudocode: PSEUDOCODE,
    counters: &[WorkCounter::Decisions, WorkCounter::Conflicts, WorkCounter::Propagations, WorkCounter::Restarts],
    check: None,
    branching: Branching::Cell,
};

/// The algorithm in plain words, for newcomers (the help page, `sudoku list`).
pub const IN_PLAIN_WORDS: &str = "Writes the puzzle as a formula over true-or-false statements such as \"r1c1 holds 5\", then solves it as SAT solvers do: decide one statement, follow what it forces, and on a contradiction learn a new clause and jump back. Strong on big grids.";
