//! `sudoku solve` and `sudoku count`: one answer per puzzle, in input order.

use std::io::{BufWriter, Write};
use std::time::{Duration, Instant};

use sudoku_core::{
    count_solutions, parse_bytes, verify_solution, Algorithm, Layout, NullObserver, Outcome,
    Record, RunConfig, Stats, Status,
};

/// The answer line(s) for one solved record, or its status line.
fn answer(record: &Record, outcome: &Outcome) -> String {
    match outcome.status {
        Status::Solved => {
            let puzzle = record
                .result
                .as_ref()
                .expect("only parsed records are solved");
            match verify_solution(puzzle, &outcome.grid) {
                Ok(()) => record.format.write(&outcome.grid).trim_end().to_string(),
                Err(e) => format!(
                    "unsolved: the solver returned an invalid grid ({})",
                    e.describe(&outcome.grid)
                ),
            }
        }
        Status::NoSolution => "no solution".to_string(),
        status => format!("unsolved: {status}"),
    }
}

/// Writes one answer; block answers are followed by a blank line so several stay apart.
fn emit(out: &mut impl Write, record: &Record, text: &str) {
    let _ = writeln!(out, "{text}");
    if record.format.layout == Layout::Block {
        let _ = writeln!(out);
    }
}

pub fn solve(text: &[u8], algorithm: Algorithm, config: &RunConfig, show_stats: bool) {
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut total = Stats::default();
    let (mut puzzles, mut solved, mut invalid) = (0u64, 0u64, 0u64);
    let mut elapsed = Duration::ZERO;
    for record in parse_bytes(text) {
        let puzzle = match &record.result {
            Ok(puzzle) => puzzle,
            Err(e) => {
                invalid += 1;
                eprintln!("sudoku: skipped: {e}");
                emit(&mut out, &record, &format!("invalid: {e}"));
                continue;
            }
        };
        let started = Instant::now();
        let outcome = algorithm
            .run(puzzle, config, &mut NullObserver)
            .expect("parameters were checked before the run");
        let took = started.elapsed();
        elapsed += took;
        puzzles += 1;
        let text = answer(&record, &outcome);
        if outcome.is_solved() && !text.starts_with("unsolved") {
            solved += 1;
        }
        if show_stats {
            let s = outcome.stats;
            let search = if s.iterations > 0 {
                format!("{} iterations, {} restarts", s.iterations, s.restarts)
            } else {
                format!(
                    "{} nodes, {} backtracks, {} propagations",
                    s.nodes, s.backtracks, s.propagations
                )
            };
            eprintln!(
                "line {}: {}; {search}; {:.1} µs",
                record.line,
                outcome.status,
                took.as_secs_f64() * 1e6
            );
        }
        add(&mut total, &outcome.stats);
        emit(&mut out, &record, &text);
    }
    let _ = out.flush();
    if show_stats {
        eprintln!(
            "{algorithm}: {puzzles} puzzles, {solved} solved and verified, {invalid} invalid; {} nodes, {} backtracks; {:.3} s",
            total.nodes,
            total.backtracks,
            elapsed.as_secs_f64()
        );
    }
}

fn add(total: &mut Stats, s: &Stats) {
    total.nodes += s.nodes;
    total.backtracks += s.backtracks;
    total.propagations += s.propagations;
    total.iterations += s.iterations;
    total.restarts += s.restarts;
}

pub fn count(text: &[u8], limit: u64) {
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for record in parse_bytes(text) {
        match &record.result {
            Ok(puzzle) => {
                let c = count_solutions(puzzle, limit);
                let _ = writeln!(out, "{}{}", c.count, if c.exact { "" } else { "+" });
            }
            Err(e) => {
                eprintln!("sudoku: skipped: {e}");
                let _ = writeln!(out, "invalid: {e}");
            }
        }
    }
    let _ = out.flush();
}

pub fn filter(text: &[u8], which: sudoku_core::domain::Filter) {
    use sudoku_core::domain::{filter, initial_domains, total_size, Wipeout};
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut geometries: Vec<sudoku_core::Geometry> = Vec::new();
    for record in parse_bytes(text) {
        let puzzle = match &record.result {
            Ok(puzzle) => puzzle,
            Err(e) => {
                eprintln!("sudoku: skipped: {e}");
                let _ = writeln!(out, "invalid: {e}");
                continue;
            }
        };
        let size = puzzle.size();
        if !geometries.iter().any(|g| g.size == size) {
            geometries.push(sudoku_core::Geometry::new(size));
        }
        let geometry = geometries
            .iter()
            .find(|g| g.size == size)
            .expect("just added");
        let mut domains = initial_domains(puzzle);
        let before = total_size(&domains);
        let line = match filter(geometry, &mut domains, which) {
            Ok(()) => {
                let after = total_size(&domains);
                let reduction = 100.0 * (before - after) as f64 / before as f64;
                format!("{} {before} {after} {reduction:.1}%", which.id())
            }
            Err(Wipeout::Cell(cell)) => format!(
                "no solution ({} has no candidate left)",
                sudoku_core::cell_name(size, cell)
            ),
            Err(Wipeout::Unit(unit)) => format!(
                "no solution ({} cannot give each cell its own digit)",
                size.unit(unit)
            ),
        };
        let _ = writeln!(out, "{line}");
    }
    let _ = out.flush();
}
