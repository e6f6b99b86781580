//! `sudoku bench`: puzzles per second, µs and nodes per puzzle, and how many answers verified.

use std::time::Instant;

use sudoku_core::batch::{self, Tally};
use sudoku_core::{parse_bytes, Algorithm, Grid, RunConfig};

/// What the clock covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timed {
    /// From each puzzle's text line to its verified answer line (read, solve, verify, print),
    /// the line read as `sudoku solve` reads it.
    TextToAnswer,
    /// The solver alone, on puzzles read before the clock starts.
    SolverOnly,
}

struct Row {
    tally: Tally,
    seconds: f64,
}

/// Times the whole work of a batch run: each puzzle's text line read into a grid, solved,
/// verified and printed as an answer line into one output buffer.
fn measure_text(algorithm: Algorithm, lines: &[String], config: &RunConfig) -> Row {
    let mut out = String::with_capacity(lines.iter().map(|l| l.len() + 1).sum());
    let started = Instant::now();
    let tally = batch::answer_lines(algorithm, lines, config, &mut out);
    let seconds = started.elapsed().as_secs_f64();
    std::hint::black_box(&out);
    Row { tally, seconds }
}

/// Times the solver alone; the answers are verified after the clock stops.
fn measure(algorithm: Algorithm, puzzles: &[Grid], config: &RunConfig) -> Row {
    let started = Instant::now();
    let answers = batch::solve_grids(algorithm, puzzles, config);
    let seconds = started.elapsed().as_secs_f64();
    Row {
        tally: batch::check(puzzles, &answers),
        seconds,
    }
}

fn file_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

pub fn bench(
    algorithms: &[(Algorithm, RunConfig)],
    sets: &[(String, Vec<u8>)],
    limit: Option<usize>,
    runs: u32,
    timed: Timed,
) {
    println!(
        "{}\n",
        match timed {
            Timed::TextToAnswer =>
                "Timed from each puzzle's text line to its verified answer line (parse, solve, verify, print).",
            Timed::SolverOnly => "Timed: the solver alone, on puzzles read beforehand.",
        }
    );
    println!("| algorithm | file | puzzles | solved | verified | gave up | puzzles/s | µs/puzzle | nodes/puzzle |");
    println!("|---|---|---:|---:|---:|---:|---:|---:|---:|");
    for (path, text) in sets {
        let mut puzzles: Vec<Grid> = Vec::new();
        for record in parse_bytes(text) {
            match record.result {
                Ok(grid) => puzzles.push(grid),
                Err(e) => crate::skipped(&format!("{}: {e}", file_name(path))),
            }
        }
        if let Some(limit) = limit {
            puzzles.truncate(limit);
        }
        // The text each puzzle is timed from: its own line for one-line puzzles (block grids
        // are timed from the same puzzle written as one line).
        let lines: Vec<String> = puzzles.iter().map(Grid::to_line).collect();
        for (algorithm, config) in algorithms {
            let (algorithm, config) = (*algorithm, config);
            let pass = || match timed {
                Timed::TextToAnswer => measure_text(algorithm, &lines, config),
                Timed::SolverOnly => measure(algorithm, &puzzles, config),
            };
            let mut row = pass();
            for _ in 1..runs {
                row.seconds = row.seconds.min(pass().seconds);
            }
            let n = row.tally.puzzles.max(1) as f64;
            println!(
                "| {} | {} | {} | {} | {} | {} | {:.0} | {:.1} | {:.1} |",
                algorithm.id(),
                file_name(path),
                row.tally.puzzles,
                row.tally.solved,
                row.tally.verified,
                row.tally.gave_up,
                row.tally.puzzles as f64 / row.seconds.max(1e-9),
                row.seconds * 1e6 / n,
                row.tally.nodes as f64 / n
            );
        }
    }
}
