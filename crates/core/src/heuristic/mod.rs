//! Heuristic solvers: they search a space of candidate grids and may give up within their budget.

pub mod aco;
pub mod allowed;
pub mod annealing;
pub mod blockfill;
pub mod coloring;
pub mod genetic;
pub mod grasp;
pub mod tabu;

pub use aco::AntColony;
pub use annealing::Annealing;
pub use coloring::{Coloring, Origin, Traversal};
pub use genetic::{Genetic, MutationScope};
pub use grasp::Grasp;
pub use tabu::Tabu;

/// What the heuristics' unit tests share: the puzzles and the checks every run must pass.
#[cfg(test)]
pub(crate) mod test_support {
    use crate::grid::Grid;
    use crate::solve::{Limit, Outcome, Solver, Status};
    use crate::trace::{Event, NullObserver, Recorder, Replay};
    use crate::verify::verify_solution;

    /// Mantere & Koljonen s01a, 33 givens.
    pub const EASY: &str =
        ".4....179..2..8.54..6..5..8.8..7.91..5..9..3..19.6..4.3..4..7..57.1..2..928....6.";
    /// Norvig's hardest, first line.
    pub const HARDEST: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    /// Runs `solver` on `puzzle` with a recorder: it must solve it, the answer must verify and
    /// the trace must replay to it. Returns the outcome and the trace.
    pub fn solves_and_replays<S: Solver>(mut solver: S, puzzle: &Grid) -> (Outcome, Vec<Event>) {
        let mut recorder = Recorder::default();
        let outcome = solver.solve(puzzle, &mut recorder);
        assert_eq!(outcome.status, Status::Solved, "{:?}", outcome.stats);
        assert_eq!(verify_solution(puzzle, &outcome.grid), Ok(()));
        let replay = Replay::after(puzzle, &recorder.events);
        assert_eq!(replay.values, outcome.grid.values());
        (outcome, recorder.events)
    }

    /// Two runs of `make()` on `puzzle` must agree and give up after exactly `budget` iterations.
    pub fn gives_up_the_same_way<S: Solver>(make: impl Fn() -> S, puzzle: &Grid, budget: u64) {
        let first = make().solve(puzzle, &mut NullObserver);
        assert_eq!(first, make().solve(puzzle, &mut NullObserver));
        let Status::GaveUp(
            Limit::Iterations(n)
            | Limit::Generations(n)
            | Limit::Constructions(n)
            | Limit::Cycles(n),
        ) = first.status
        else {
            panic!("{:?}", first.status);
        };
        assert_eq!((n, first.stats.iterations), (budget, budget));
    }
}
