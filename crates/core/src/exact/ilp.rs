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

use microlp::{ComparisonOp, OptimizationDirection, Problem, SolveOptions, SolveOutcome, Variable};

use crate::bits::digits;
use crate::grid::Grid;
use crate::heuristic::allowed::{allowed_digits, Domains};
use crate::pseudocode::{line, step, Line, Mark};
use crate::registry::{max_nodes, Args, ChoiceParam, Family, IntParam, Spec};
use crate::solve::{Halt, Limit, Limits, Outcome, Solver, Tracker};
use crate::trace::{Event, Observer, Reason, Rule};

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

/// A formulation: the problem and what each of its variables means.
struct Formulation {
    problem: Problem,
    /// (cell, digit, variable), one per variable.
    vars: Vec<(usize, u8, Variable)>,
}

/// Writes the model with 0-1 variables (`integer`) or their relaxation to [0, 1]; `None` when
/// the givens leave a cell no digit or a digit no place in a unit (no solution).
fn formulate(puzzle: &Grid, model: Model, integer: bool) -> Option<Formulation> {
    let size = puzzle.size();
    let n = size.n();
    let mut problem = Problem::new(OptimizationDirection::Minimize);
    let mut vars = Vec::new();
    let mut add = |problem: &mut Problem, cell: usize, digit: u8| {
        let var = if integer {
            problem.add_binary_var(0.0)
        } else {
            problem.add_var(0.0, (0.0, 1.0))
        };
        vars.push((cell, digit, var));
        var
    };
    // by_cell[c] and by_unit_digit[u * n + v - 1]: the variables of each constraint.
    let mut by_cell: Vec<Vec<Variable>> = vec![Vec::new(); size.cells()];
    let mut by_unit_digit: Vec<Vec<Variable>> = vec![Vec::new(); 3 * n * n];
    let mut given_in_unit = vec![false; 3 * n * n];
    match model {
        Model::Full => {
            for cell in 0..size.cells() {
                for digit in 1..=n as u8 {
                    let var = add(&mut problem, cell, digit);
                    by_cell[cell].push(var);
                    for unit in size.units_of(cell) {
                        by_unit_digit[unit * n + digit as usize - 1].push(var);
                    }
                    if puzzle.get(cell) == digit {
                        problem.add_constraint([(var, 1.0)], ComparisonOp::Eq, 1.0);
                    }
                }
            }
        }
        Model::Reduced => {
            let (_, allowed) = allowed_digits(puzzle, Domains::Givens)?;
            for cell in 0..size.cells() {
                match puzzle.get(cell) {
                    0 => {
                        for digit in digits(allowed[cell]) {
                            let var = add(&mut problem, cell, digit);
                            by_cell[cell].push(var);
                            for unit in size.units_of(cell) {
                                by_unit_digit[unit * n + digit as usize - 1].push(var);
                            }
                        }
                        if by_cell[cell].is_empty() {
                            return None;
                        }
                    }
                    given => {
                        for unit in size.units_of(cell) {
                            given_in_unit[unit * n + given as usize - 1] = true;
                        }
                    }
                }
            }
        }
    }
    for cell_vars in by_cell.iter().filter(|v| !v.is_empty()) {
        problem.add_constraint(
            cell_vars.iter().map(|&v| (v, 1.0)).collect::<Vec<_>>(),
            ComparisonOp::Eq,
            1.0,
        );
    }
    for (k, unit_vars) in by_unit_digit.iter().enumerate() {
        if given_in_unit[k] {
            continue;
        }
        if unit_vars.is_empty() {
            return None;
        }
        problem.add_constraint(
            unit_vars.iter().map(|&v| (v, 1.0)).collect::<Vec<_>>(),
            ComparisonOp::Eq,
            1.0,
        );
    }
    Some(Formulation { problem, vars })
}

/// Reports the root LP relaxation: each open candidate's value in [0, 1].
fn report_relaxation<O: Observer + ?Sized>(
    puzzle: &Grid,
    model: Model,
    tracker: &mut Tracker<'_, O>,
) -> Result<(), Halt> {
    let Some(relaxed) = formulate(puzzle, model, false) else {
        return Ok(());
    };
    let Ok(SolveOutcome::Solution(solution)) = relaxed.problem.solve() else {
        return Ok(());
    };
    for &(cell, digit, var) in &relaxed.vars {
        if puzzle.get(cell) == 0 {
            tracker.emit(Event::Weight {
                cell: cell as u16,
                value: digit,
                weight: solution.var_value(var).clamp(0.0, 1.0) as f32,
            })?;
        }
    }
    Ok(())
}

impl Solver for Ilp {
    fn solve<O: Observer + ?Sized>(&mut self, puzzle: &Grid, observer: &mut O) -> Outcome {
        let mut tracker = Tracker::new(observer, self.limits);
        let result = (|| {
            if tracker.wants_cell_events() {
                report_relaxation(puzzle, self.model, &mut tracker)?;
            }
            let Some(formulation) = formulate(puzzle, self.model, true) else {
                return Ok(None);
            };
            let mut options = SolveOptions::default();
            options.node_limit = self.limits.max_nodes;
            let outcome = formulation.problem.solve_with(options);
            let solution = match outcome {
                Ok(SolveOutcome::Solution(solution)) => solution,
                Ok(SolveOutcome::Interrupted(interrupted)) => {
                    tracker.stats.nodes = interrupted.stats().nodes_solved;
                    return Err(Halt::Limit(Limit::Nodes(tracker.stats.nodes)));
                }
                Err(microlp::Error::Infeasible) => return Ok(None),
                // The LP engine failed numerically: the search ends without an answer.
                Err(_) => return Err(Halt::Limit(Limit::Nodes(tracker.stats.nodes))),
            };
            tracker.stats.nodes = solution.stats().nodes_solved;
            let mut values = puzzle.values().to_vec();
            for &(cell, digit, var) in &formulation.vars {
                if puzzle.get(cell) == 0 && solution.var_value(var) > 0.5 {
                    values[cell] = digit;
                    tracker.assign(cell, digit, Reason::STEP)?;
                }
            }
            Ok(Some(values))
        })();
        match result {
            Ok(values) => tracker.finish(puzzle, Ok(values.as_deref())),
            Err(halt) => tracker.finish(puzzle, Err(halt)),
        }
    }
}

/// Branch-and-bound node budget (0 = none).
const MAX_NODES: IntParam = max_nodes(20_000);

const MODEL: ChoiceParam<Model> = ChoiceParam {
    name: "model",
    description: "reduced: variables only for the digits the givens leave open; full: the paper's n³ variables with the givens as constraints.",
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
    description: "The paper's 0-1 model (one digit per cell, each digit once per unit) solved by branch and bound with microlp; shows the LP relaxation's weights.",
    params: &[MODEL.spec(), MAX_NODES.spec()],
    pseudocode: PSEUDOCODE,
    check: None,
};

impl Ilp {
    pub fn from_args(args: &Args) -> Ilp {
        Ilp {
            limits: Limits::nodes(MAX_NODES.read(args).max(0) as u64),
            model: MODEL.read(args),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bits::digit_bit;
    use crate::trace::{Flow, Replay};
    use crate::{verify_solution, Algorithm, NullObserver, RunConfig, Status};

    fn run(puzzle: &Grid, model: &str) -> Outcome {
        let params = Algorithm::Ilp.parse_params([("model", model)]).unwrap();
        let config = RunConfig { seed: 0, params };
        Algorithm::Ilp
            .run(puzzle, &config, &mut NullObserver)
            .unwrap()
    }

    fn grids(text: &str) -> Vec<Grid> {
        crate::parse_records(text)
            .into_iter()
            .filter_map(|r| r.result.ok())
            .collect()
    }

    #[test]
    fn both_models_solve_the_hardest_and_every_size_and_the_verifier_agrees() {
        let hardest = grids(include_str!("../../../../tests/data/hardest.txt"));
        let sizes = grids(include_str!("../../../../tests/data/sizes.txt"));
        for puzzle in hardest.iter().take(4).chain(&sizes) {
            for model in ["reduced", "full"] {
                if model == "full" && puzzle.size().n() > 9 {
                    continue; // 4,096 and 15,625 variables: measured in BENCHMARKS.md.
                }
                let outcome = run(puzzle, model);
                assert_eq!(
                    outcome.status,
                    Status::Solved,
                    "{model}: {}",
                    puzzle.to_line()
                );
                verify_solution(puzzle, &outcome.grid).unwrap();
            }
        }
    }

    #[test]
    fn no_solution_and_a_spent_budget_are_said() {
        // Row 1 needs a 9 that its only free cell cannot take (its column has one).
        let mut values = vec![0u8; 81];
        values[..8].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
        values[8 + 9 * 4] = 9;
        let refuted = Grid::from_givens(crate::Size::NINE, &values).unwrap();
        for model in ["reduced", "full"] {
            assert_eq!(run(&refuted, model).status, Status::NoSolution, "{model}");
        }
        // An empty 9×9 grid under a one-node budget.
        let empty = Grid::from_givens(crate::Size::NINE, &[0; 81]).unwrap();
        let params = Algorithm::Ilp.parse_params([("max_nodes", "1")]).unwrap();
        let config = RunConfig { seed: 0, params };
        let outcome = Algorithm::Ilp
            .run(&empty, &config, &mut NullObserver)
            .unwrap();
        assert!(
            matches!(outcome.status, Status::GaveUp(_) | Status::Solved),
            "{:?}",
            outcome.status
        );
        if outcome.is_solved() {
            verify_solution(&empty, &outcome.grid).unwrap();
        }
    }

    /// The relaxation's weights are a distribution over each empty cell's candidates, only on
    /// digits the givens leave open; the answer's assignments replay to the solution.
    #[test]
    fn the_relaxation_weighs_each_cell_and_the_trace_replays() {
        let puzzle = &grids(include_str!("../../../../tests/data/hardest.txt"))[0];
        let mut events = Vec::new();
        let mut record = |e: Event| {
            events.push(e);
            Flow::Continue
        };
        let outcome = Algorithm::Ilp
            .run(puzzle, &RunConfig::default(), &mut record)
            .unwrap();
        assert!(outcome.is_solved());
        let (_, allowed) = allowed_digits(puzzle, Domains::Givens).unwrap();
        let mut per_cell = vec![0.0f32; 81];
        for e in &events {
            if let Event::Weight {
                cell,
                value,
                weight,
            } = *e
            {
                assert!(allowed[cell as usize] & digit_bit(value) != 0);
                assert!((0.0..=1.0).contains(&weight));
                per_cell[cell as usize] += weight;
            }
        }
        for cell in (0..81).filter(|&c| puzzle.get(c) == 0) {
            assert!(
                (per_cell[cell] - 1.0).abs() < 1e-3,
                "{cell}: {}",
                per_cell[cell]
            );
        }
        let replay = Replay::after(puzzle, &events);
        assert_eq!(replay.values, outcome.grid.values());
    }
}
