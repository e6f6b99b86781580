//! The model written for microlp and solved: the formulation, the root relaxation's weights,
//! branch and bound within the node budget.

use microlp::{ComparisonOp, OptimizationDirection, Problem, SolveOptions, SolveOutcome, Variable};

use super::{Ilp, Model};
use crate::bits::digits;
use crate::grid::Grid;
use crate::heuristic::allowed::{allowed_digits, Domains};
use crate::solve::{Halt, Limit, Outcome, Solver, Tracker};
use crate::trace::{Event, Observer, Reason};

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
            for (cell, cell_vars) in by_cell.iter_mut().enumerate() {
                for digit in 1..=n as u8 {
                    let var = add(&mut problem, cell, digit);
                    cell_vars.push(var);
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
                    // Read off the answer, not propagated: reported, not counted.
                    tracker.emit(Event::Assign {
                        cell: cell as u16,
                        value: digit,
                        reason: Reason::STEP,
                    })?;
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
