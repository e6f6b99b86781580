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

/// Records answered per parallel round: output stays in input order and at most this many
/// answers wait in memory.
const CHUNK: usize = 4_096;

/// What one puzzle gave: its answer text, and for a parsed puzzle its outcome and time.
struct Answered {
    text: String,
    run: Option<(Outcome, Duration)>,
}

fn answer_record(record: &Record, algorithm: Algorithm, config: &RunConfig) -> Answered {
    let puzzle = match &record.result {
        Ok(puzzle) => puzzle,
        Err(e) => {
            return Answered {
                text: format!("invalid: {e}"),
                run: None,
            }
        }
    };
    let started = Instant::now();
    let outcome = algorithm
        .run(puzzle, config, &mut NullObserver)
        .expect("parameters were checked before the run");
    let took = started.elapsed();
    Answered {
        text: answer(record, &outcome),
        run: Some((outcome, took)),
    }
}

/// Answers every record on the pool's threads, a chunk at a time, and writes the answers in
/// input order.
pub fn solve(
    records: &[Record],
    algorithm: Algorithm,
    config: &RunConfig,
    show_stats: bool,
    pool: &rayon::ThreadPool,
) {
    use rayon::prelude::*;
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut total = Stats::default();
    let (mut puzzles, mut solved, mut invalid) = (0u64, 0u64, 0u64);
    let mut elapsed = Duration::ZERO;
    for chunk in records.chunks(CHUNK) {
        let answers: Vec<Answered> = pool.install(|| {
            chunk
                .par_iter()
                .map(|record| answer_record(record, algorithm, config))
                .collect()
        });
        for (record, answered) in chunk.iter().zip(answers) {
            let Some((outcome, took)) = &answered.run else {
                invalid += 1;
                eprintln!("sudoku: skipped: {}", &answered.text["invalid: ".len()..]);
                emit(&mut out, record, &answered.text);
                continue;
            };
            elapsed += *took;
            puzzles += 1;
            if outcome.is_solved() && !answered.text.starts_with("unsolved") {
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
            emit(&mut out, record, &answered.text);
        }
    }
    let _ = out.flush();
    if show_stats {
        eprintln!(
            "{algorithm}: {puzzles} puzzles, {solved} solved and verified, {invalid} invalid; {} nodes, {} backtracks; {:.3} s of solver time on {} threads",
            total.nodes,
            total.backtracks,
            elapsed.as_secs_f64(),
            pool.current_num_threads()
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

/// Answers every record on the pool's threads with one line each, in input order, chunk by chunk:
/// `answer`'s line for a puzzle, `invalid: …` (also on stderr) for a record that is not one.
/// Stops quietly when the reader closes the pipe.
pub fn answer_each(
    records: &[Record],
    pool: &rayon::ThreadPool,
    answer: impl Fn(&sudoku_core::Grid) -> String + Sync,
) {
    use rayon::prelude::*;
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for chunk in records.chunks(CHUNK) {
        let answers: Vec<Result<String, String>> = pool.install(|| {
            chunk
                .par_iter()
                .map(|record| match &record.result {
                    Ok(puzzle) => Ok(answer(puzzle)),
                    Err(e) => Err(e.to_string()),
                })
                .collect()
        });
        for answer in answers {
            let line = answer.unwrap_or_else(|e| {
                eprintln!("sudoku: skipped: {e}");
                format!("invalid: {e}")
            });
            if writeln!(out, "{line}").is_err() {
                return;
            }
        }
    }
    let _ = out.flush();
}

/// Counts every record's solutions on the pool's threads, answers in input order.
pub fn count(records: &[Record], limit: u64, pool: &rayon::ThreadPool) {
    answer_each(records, pool, |puzzle| {
        let c = count_solutions(puzzle, limit);
        format!("{}{}", c.count, if c.exact { "" } else { "+" })
    });
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
