//! `sudoku bench`: puzzles per second, µs and nodes per puzzle, and how many answers verified.

use std::time::Instant;

use sudoku_core::{
    parse_bytes, parse_line, verify_solution, Algorithm, Grid, NullObserver, ParamValue, Params,
    RunConfig, Status,
};

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
    puzzles: usize,
    solved: usize,
    verified: usize,
    gave_up: usize,
    seconds: f64,
    nodes: u64,
}

/// Times the whole work of a batch run: each puzzle's text line read into a grid, solved,
/// verified and printed as an answer line into one output buffer.
fn measure_text(algorithm: Algorithm, lines: &[String], config: &RunConfig) -> Row {
    let mut row = Row {
        puzzles: lines.len(),
        solved: 0,
        verified: 0,
        gave_up: 0,
        seconds: 0.0,
        nodes: 0,
    };
    let mut out = String::with_capacity(lines.iter().map(|l| l.len() + 1).sum());
    let started = Instant::now();
    for line in lines {
        let Ok(puzzle) = parse_line(line.as_bytes()) else {
            continue;
        };
        let outcome = algorithm
            .run(&puzzle, config, &mut NullObserver)
            .expect("parameters checked");
        row.nodes += outcome.stats.nodes;
        match outcome.status {
            Status::Solved => {
                row.solved += 1;
                if verify_solution(&puzzle, &outcome.grid).is_ok() {
                    row.verified += 1;
                    outcome.grid.write_line(&mut out);
                } else {
                    out.push_str("unsolved: invalid answer");
                }
            }
            Status::GaveUp(_) => {
                row.gave_up += 1;
                out.push_str("unsolved");
            }
            _ => out.push_str("no solution"),
        }
        out.push('\n');
    }
    row.seconds = started.elapsed().as_secs_f64();
    std::hint::black_box(&out);
    row
}

fn measure(algorithm: Algorithm, puzzles: &[Grid], config: &RunConfig) -> Row {
    let mut row = Row {
        puzzles: puzzles.len(),
        solved: 0,
        verified: 0,
        gave_up: 0,
        seconds: 0.0,
        nodes: 0,
    };
    // The timed loop keeps only each answer's status, nodes and values (one flat buffer sized
    // up front), so it measures the solver rather than a growing heap of kept outcomes.
    let cells: usize = puzzles.iter().map(|p| p.values().len()).sum();
    let mut values: Vec<u8> = Vec::with_capacity(cells);
    let mut statuses = Vec::with_capacity(puzzles.len());
    let started = Instant::now();
    for puzzle in puzzles {
        let outcome = algorithm
            .run(puzzle, config, &mut NullObserver)
            .expect("parameters checked");
        row.nodes += outcome.stats.nodes;
        statuses.push(outcome.status);
        values.extend_from_slice(outcome.grid.values());
    }
    row.seconds = started.elapsed().as_secs_f64();
    let mut offset = 0;
    for (puzzle, status) in puzzles.iter().zip(&statuses) {
        let answer = &values[offset..offset + puzzle.values().len()];
        offset += answer.len();
        match status {
            Status::Solved => {
                row.solved += 1;
                if verify_solution(puzzle, &puzzle.with_values(answer)).is_ok() {
                    row.verified += 1;
                }
            }
            Status::GaveUp(_) => row.gave_up += 1,
            _ => {}
        }
    }
    row
}

fn file_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

pub fn bench(
    algorithms: &[Algorithm],
    sets: &[(String, Vec<u8>)],
    limit: Option<usize>,
    max_nodes: Option<u64>,
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
                Err(e) => eprintln!("sudoku: {}: skipped: {e}", file_name(path)),
            }
        }
        if let Some(limit) = limit {
            puzzles.truncate(limit);
        }
        // The text each puzzle is timed from: its own line for one-line puzzles (block grids
        // are timed from the same puzzle written as one line).
        let lines: Vec<String> = puzzles.iter().map(Grid::to_line).collect();
        for &algorithm in algorithms {
            let mut params = Params::default();
            if let Some(max) = max_nodes {
                params.set(
                    "max_nodes",
                    ParamValue::Integer(max.min(i64::MAX as u64) as i64),
                );
            }
            let config = RunConfig { seed: 0, params };
            let pass = || match timed {
                Timed::TextToAnswer => measure_text(algorithm, &lines, &config),
                Timed::SolverOnly => measure(algorithm, &puzzles, &config),
            };
            let mut row = pass();
            for _ in 1..runs {
                row.seconds = row.seconds.min(pass().seconds);
            }
            let n = row.puzzles.max(1) as f64;
            println!(
                "| {} | {} | {} | {} | {} | {} | {:.0} | {:.1} | {:.1} |",
                algorithm.id(),
                file_name(path),
                row.puzzles,
                row.solved,
                row.verified,
                row.gave_up,
                row.puzzles as f64 / row.seconds.max(1e-9),
                row.seconds * 1e6 / n,
                row.nodes as f64 / n
            );
        }
    }
}
