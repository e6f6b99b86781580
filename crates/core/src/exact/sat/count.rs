//! Counting solutions with SAT: after each model, a blocking clause ("not this same filling of
//! the empty cells") is added and the solver goes on, keeping what it learned.

use super::cdcl::{Answer, Lit, Silent};
use super::{cnf, model_values, Sat};
use crate::exact::SolutionCount;
use crate::grid::Grid;

impl Sat {
    /// Counts the puzzle's solutions up to `limit` (at least 1); `None` if the conflict budget
    /// ran out first.
    pub fn count_solutions(&self, puzzle: &Grid, limit: u64) -> Option<SolutionCount> {
        let size = puzzle.size();
        let limit = limit.max(1);
        let mut solver = self.load(puzzle);
        let mut count = 0;
        let mut blocking = Vec::new();
        loop {
            match solver.solve(&mut Silent) {
                Answer::Satisfiable => {
                    count += 1;
                    if count >= limit {
                        return Some(SolutionCount {
                            count,
                            exact: false,
                        });
                    }
                    let values = model_values(size, &solver);
                    blocking.clear();
                    blocking.extend(
                        (0..size.cells())
                            .filter(|&cell| !puzzle.is_given(cell))
                            .map(|cell| Lit::new(cnf::cell_var(size, cell, values[cell]), false)),
                    );
                    // An empty clause (no empty cell) ends the count: the formula is false.
                    solver.add_clause(&blocking);
                }
                Answer::Unsatisfiable => return Some(SolutionCount { count, exact: true }),
                Answer::Budget | Answer::Cancelled => return None,
            }
        }
    }
}
