//! The 0-1 integer programming model of Takano, de Freitas & de Sá, solved by branch and bound
//! (microlp, a pure-Rust LP/MIP solver): x(c, v) = 1 when cell c holds digit v; each cell holds
//! one digit, each digit appears once in every row, column and box, and the givens are fixed.
//!
//! `model=full` writes the paper's model as it stands (n³ variables, the givens as constraints
//! x = 1); `model=reduced` keeps only the pairs the givens leave open (no given of the same digit
//! among the cell's peers) and drops the constraints the givens already meet, which is how such
//! models are solved in practice (the solver's presolve would find part of it). What the solver
//! lets us see is reported: the root LP relaxation as each candidate's fractional weight, then
//! the branch-and-bound node count and the answer.

#[cfg(feature = "ilp")]
mod engine;
#[cfg(all(test, feature = "ilp"))]
mod tests;

use crate::pseudocode::{line, step, Line, Mark};
use crate::solve::Limits;
use crate::spec::{max_nodes, Args, Branching, ChoiceParam, Family, IntParam, Spec, WorkCounter};
use crate::trace::Rule;
use crate::words::prose;

/// Which form of the model goes to the solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Model {
    /// Variables only for the digits the givens leave each empty cell.
    Reduced,
    /// All n³ variables, the givens fixed by constraints.
    Full,
}

/// The 0-1 model solved by branch and bound.
#[derive(Clone, Debug)]
pub struct Ilp {
    pub limits: Limits,
    pub model: Model,
}

/// A build without the LP engine (the page's first-load worker).
#[cfg(not(feature = "ilp"))]
impl crate::solve::Solver for Ilp {
    fn solve<O: crate::trace::Observer + ?Sized>(
        &mut self,
        puzzle: &crate::grid::Grid,
        observer: &mut O,
    ) -> crate::solve::Outcome {
        crate::solve::without_engine(puzzle, observer, crate::solve::Limit::Nodes(0))
    }
}

/// Branch-and-bound node budget (0 = none).
const MAX_NODES: IntParam = max_nodes(20_000);

const MODEL: ChoiceParam<Model> = ChoiceParam {
    name: "model",
    description: prose("reduced: variables only for the digits the givens leave open; full: the paper's n³ variables with the givens as constraints."),
    ids: &["reduced", "full"],
    values: &[Model::Reduced, Model::Full],
    default: 0,
};

/// The model and how it is solved.
pub const PSEUDOCODE: &[Line] = &[
    line(0, "ILP(grid):"),
    line(
        1,
        "x(c, v) ∈ {0, 1}: cell c holds v (reduced: only v no given peer holds)",
    ),
    line(1, "Σ_v x(c, v) = 1 for each cell c"),
    line(
        1,
        "Σ_{c ∈ u} x(c, v) = 1 for each unit u and digit v; x(c, v) = 1 for each given",
    ),
    step(
        1,
        "solve the LP relaxation (0 ≤ x ≤ 1): the candidates' weights",
        &[Mark::Weight],
    ),
    line(
        1,
        "branch and bound: fix a fractional x to 0 or 1, re-solve the LP, prune the infeasible",
    ),
    step(
        1,
        "read the answer: c ← v where x(c, v) = 1",
        &[Mark::Assign(Rule::Step)],
    ),
];

/// The registry's entry for this solver.
pub const SPEC: Spec = Spec {
    id: "ilp",
    name: "0-1 integer programming",
    family: Family::Exact,
    description: prose("The paper's 0-1 model (one digit per cell, each digit once per unit) solved by branch and bound with microlp; shows the LP relaxation's weights."),
    params: &[MODEL.spec(), MAX_NODES.spec()],
    budget: Some(MAX_NODES.name),
    pseudocode: PSEUDOCODE,
    counters: &[WorkCounter::Nodes],
    check: None,
    branching: Branching::Cell,
};

/// The algorithm in plain words, for newcomers (the help page, `sudoku list`).
pub const IN_PLAIN_WORDS: &str = "Writes Sudoku as equations over unknowns that are 0 or 1 (\"r1c1 holds 5\" or not), solves them first with fractions allowed, and splits the problem in two wherever a fraction appears (integer linear programming, branch and bound).";

impl Ilp {
    pub fn from_args(args: &Args) -> Ilp {
        Ilp {
            limits: Limits::nodes(MAX_NODES.read(args).max(0) as u64),
            model: MODEL.read(args),
        }
    }
}
