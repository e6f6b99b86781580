//! The batch work the benchmarks time, without a clock (the core has none): each driver — the
//! CLI's `sudoku bench`, the wasm build run under Node by `./dev bench` — times these calls with
//! its own, so both measure the same work.

use crate::parse::parse_line;
use crate::registry::{Algorithm, RunConfig};
use crate::solve::Status;
use crate::trace::NullObserver;
use crate::verify::{checked_answer, verify_solution};
use crate::Grid;

/// What a batch came to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub puzzles: usize,
    pub solved: usize,
    pub verified: usize,
    pub gave_up: usize,
    pub nodes: u64,
}

/// The whole work of a batch run: each puzzle's text line read into a grid, solved, verified and
/// written as an answer line into `out` (lines that are not puzzles are skipped).
pub fn answer_lines(
    algorithm: Algorithm,
    lines: &[String],
    config: &RunConfig,
    out: &mut String,
) -> Tally {
    let mut tally = Tally {
        puzzles: lines.len(),
        ..Tally::default()
    };
    for line in lines {
        let Ok(puzzle) = parse_line(line.as_bytes()) else {
            continue;
        };
        let Ok(outcome) = algorithm.run(&puzzle, config, &mut NullObserver) else {
            out.push_str("unsolved: invalid parameters\n");
            continue;
        };
        tally.nodes += outcome.stats.nodes;
        match outcome.status {
            Status::Solved => tally.solved += 1,
            Status::GaveUp(_) => tally.gave_up += 1,
            _ => {}
        }
        match checked_answer(&puzzle, &outcome) {
            Ok(solution) => {
                tally.verified += 1;
                solution.write_line(out);
            }
            Err(words) => out.push_str(&words),
        }
        out.push('\n');
    }
    tally
}

/// The solver's answers to a batch of grids: each status, and the values in one flat buffer
/// sized up front (so a timed loop measures the solver rather than a growing heap of outcomes).
#[derive(Clone, Debug, Default)]
pub struct Answers {
    statuses: Vec<Status>,
    values: Vec<u8>,
    nodes: u64,
}

/// The solver alone on grids read beforehand; [`check`] verifies the answers afterwards.
pub fn solve_grids(algorithm: Algorithm, puzzles: &[Grid], config: &RunConfig) -> Answers {
    let cells: usize = puzzles.iter().map(|p| p.values().len()).sum();
    let mut answers = Answers {
        statuses: Vec::with_capacity(puzzles.len()),
        values: Vec::with_capacity(cells),
        nodes: 0,
    };
    for puzzle in puzzles {
        match algorithm.run(puzzle, config, &mut NullObserver) {
            Ok(outcome) => {
                answers.nodes += outcome.stats.nodes;
                answers.statuses.push(outcome.status);
                answers.values.extend_from_slice(outcome.grid.values());
            }
            Err(_) => {
                answers.statuses.push(Status::NoSolution);
                answers.values.extend_from_slice(puzzle.values());
            }
        }
    }
    answers
}

/// Verifies [`solve_grids`]' answers.
pub fn check(puzzles: &[Grid], answers: &Answers) -> Tally {
    let mut tally = Tally {
        puzzles: puzzles.len(),
        nodes: answers.nodes,
        ..Tally::default()
    };
    let mut offset = 0;
    for (puzzle, status) in puzzles.iter().zip(&answers.statuses) {
        let answer = &answers.values[offset..offset + puzzle.values().len()];
        offset += answer.len();
        match status {
            Status::Solved => {
                tally.solved += 1;
                if verify_solution(puzzle, &puzzle.with_values(answer)).is_ok() {
                    tally.verified += 1;
                }
            }
            Status::GaveUp(_) => tally.gave_up += 1,
            _ => {}
        }
    }
    tally
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_ways_answer_and_verify_the_same_puzzles() {
        let text = include_str!("../../../tests/data/hardest.txt");
        let puzzles: Vec<Grid> = crate::parse_bytes(text.as_bytes())
            .into_iter()
            .filter_map(|r| r.result.ok())
            .collect();
        let lines: Vec<String> = puzzles.iter().map(Grid::to_line).collect();
        let config = RunConfig::default();
        let mut out = String::new();
        let whole = answer_lines(Algorithm::Propagation, &lines, &config, &mut out);
        assert_eq!((whole.puzzles, whole.verified), (11, 11));
        assert_eq!(out.lines().count(), 11);
        let alone = check(&puzzles, &solve_grids(Algorithm::Dlx, &puzzles, &config));
        assert_eq!((alone.solved, alone.verified, alone.gave_up), (11, 11, 0));
    }
}
