//! Counting solutions with the engine that suits the grid: the propagation engine first, and
//! on 16×16 and 25×25 grids, once it has spent the search nodes that the SAT solver would take
//! for the whole count, the SAT solver (whose time has no heavy tail on these grids; the
//! propagation engine's has). Whatever the puzzle, the work is then at most about twice the
//! better engine's (the classic rent-or-buy bound).

use super::propagation::{count_solutions_within, SolutionCount};
#[cfg(feature = "sat")]
use super::sat::Sat;
use crate::grid::Grid;
use crate::solve::Limits;

#[cfg(feature = "sat")]
/// Search nodes of the propagation engine before the count is handed to SAT: about what one
/// SAT count costs on a minimal 25×25 puzzle (BENCHMARKS.md, "SAT": 42 ms ≈ 500 of the
/// engine's nodes there; on 16×16 no generated minimal puzzle needed 300).
fn handover_nodes(n: usize) -> Option<u64> {
    match n {
        16 | 25 => Some(500),
        _ => None,
    }
}

/// Counts the solutions of a puzzle, stopping at `limit` (use 2 for a uniqueness check). A
/// build without the `sat` engine (the page's first-load worker) counts with the propagation
/// engine alone.
#[cfg(not(feature = "sat"))]
pub fn count_solutions(puzzle: &Grid, limit: u64) -> SolutionCount {
    count_solutions_within(puzzle, limit, Limits::NONE).expect("no budget, no give-up")
}

/// Counts the solutions of a puzzle, stopping at `limit` (use 2 for a uniqueness check).
#[cfg(feature = "sat")]
pub fn count_solutions(puzzle: &Grid, limit: u64) -> SolutionCount {
    let Some(budget) = handover_nodes(puzzle.size().n()) else {
        return count_solutions_within(puzzle, limit, Limits::NONE).expect("no budget, no give-up");
    };
    count_solutions_within(puzzle, limit, Limits::nodes(budget)).unwrap_or_else(|| {
        Sat::default()
            .count_solutions(puzzle, limit)
            .expect("no conflict budget, no give-up")
    })
}

#[cfg(all(test, feature = "sat"))]
mod tests {
    use super::*;

    /// The seven minimal 25×25 puzzles that once outran the propagation engine's budget hand
    /// over to SAT (most of them), and the count is the engine's own, with a clue taken out
    /// (several solutions) as with the puzzle whole.
    #[test]
    fn the_handover_counts_what_the_engine_counts() {
        let grids = crate::exact::fixtures::puzzles(crate::exact::fixtures::MINIMAL25);
        let handed = grids
            .iter()
            .filter(|g| count_solutions_within(g, 2, Limits::nodes(1_000)).is_none())
            .count();
        assert!(handed >= 2, "{handed} handed over");
        for (i, puzzle) in grids.iter().enumerate() {
            assert!(count_solutions(puzzle, 2).is_unique());
            // (The engine's own count of an opened puzzle takes a second or more on some.)
            if i >= 1 {
                continue;
            }
            let given = (0..puzzle.size().cells())
                .find(|&c| puzzle.is_given(c))
                .unwrap();
            let mut values = puzzle.values().to_vec();
            values[given] = 0;
            let open = Grid::from_givens(puzzle.size(), &values).unwrap();
            let expected = count_solutions_within(&open, 3, Limits::NONE).unwrap();
            assert_eq!(count_solutions(&open, 3), expected);
        }
    }
}
