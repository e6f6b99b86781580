//! `sudoku solve` and `sudoku count`: one answer per puzzle, in input order.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::input::Input;
use crate::tracefile::{self, TracePath};
use crate::{Counter, UsageError};
use sudoku_core::trace::MAX_EVENTS;
use sudoku_core::words::{count as counted, duration};
use sudoku_core::{
    checked_answer, count_solutions, Algorithm, Layout, NullObserver, Outcome, Record, RunConfig,
    Stats,
};

/// The answer line(s) for one solved record, or its status line.
fn answer(record: &Record, outcome: &Outcome) -> String {
    let puzzle = record
        .result
        .as_ref()
        .expect("only parsed records are solved");
    match checked_answer(puzzle, outcome) {
        Ok(solution) => record.format.write(solution).trim_end().to_string(),
        Err(words) => words,
    }
}

/// Writes one answer; block answers are followed by a blank line so several stay apart. False
/// when the output is closed.
fn emit(out: &mut impl Write, record: &Record, text: &str) -> bool {
    writeln!(out, "{text}").is_ok()
        && (record.format.layout == Layout::Line || writeln!(out).is_ok())
}

/// Records answered per parallel round: output stays in input order and at most this many
/// answers wait in memory.
const CHUNK: usize = 4_096;

/// What one puzzle gave: its answer text, and for a parsed puzzle its outcome and time.
struct Answered {
    text: String,
    run: Option<(Outcome, Duration)>,
}

/// Runs one puzzle, keeping its trace in `trace` when asked (the file is written by the
/// caller's thread of the pool).
fn answer_record(
    record: &Record,
    algorithm: Algorithm,
    config: &RunConfig,
    trace: Option<&Path>,
) -> Answered {
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
    let outcome = match trace {
        Some(path) => {
            let (outcome, written) = traced(puzzle, algorithm, config, path);
            if let Err(e) = written {
                eprintln!("sudoku: line {}: trace not written: {e}", record.line);
                crate::report::fell_short();
            }
            outcome
        }
        None => algorithm
            .run(puzzle, config, &mut NullObserver)
            .expect("parameters were checked before the run"),
    };
    let took = started.elapsed();
    Answered {
        text: answer(record, &outcome),
        run: Some((outcome, took)),
    }
}

/// Runs a puzzle while recording its trace, and writes the trace to `path`.
fn traced(
    puzzle: &sudoku_core::Grid,
    algorithm: Algorithm,
    config: &RunConfig,
    path: &Path,
) -> (Outcome, Result<(), String>) {
    let configuration = sudoku_core::Configuration {
        algorithm,
        params: config.params.clone(),
        seed: None,
    };
    let (trace, outcome) =
        sudoku_core::recording::record(puzzle, &configuration, config.seed, TRACE_DETAIL_CAP)
            .expect("parameters were checked before the run");
    (outcome, tracefile::write(path, &trace))
}

/// Per-cell events a trace file keeps (half of what a file may hold: summaries keep the rest).
const TRACE_DETAIL_CAP: u64 = MAX_EVENTS as u64 / 2;

/// Answers the input's records on the pool's threads a chunk at a time, reading the next chunk
/// while this one is answered, and hands each answer to `write` in input order; `write` returns
/// false to stop (the reader went away). Memory holds two chunks, whatever the input's length.
pub fn in_chunks<T: Send, W: Write>(
    input: &mut Input,
    pool: &rayon::ThreadPool,
    answer: impl Fn(&Record) -> T + Sync,
    out: &mut W,
    mut write: impl FnMut(&mut W, &Record, T) -> bool,
) -> Result<(), UsageError> {
    use rayon::prelude::*;
    let mut current = Vec::with_capacity(CHUNK);
    let mut next = Vec::with_capacity(CHUNK);
    input.next_chunk(&mut current, CHUNK)?;
    while !current.is_empty() {
        // Someone typing, or a program waiting for these answers before it sends more: answer
        // first, read after.
        let read_ahead = !input.would_wait();
        next.clear();
        let (answers, read) = pool.install(|| {
            rayon::join(
                || current.par_iter().map(&answer).collect::<Vec<T>>(),
                || match read_ahead {
                    true => input.next_chunk(&mut next, CHUNK),
                    false => Ok(()),
                },
            )
        });
        for (record, answered) in current.iter().zip(answers) {
            if !write(out, record, answered) {
                return Ok(());
            }
        }
        read?;
        if !read_ahead {
            let _ = out.flush();
            input.next_chunk(&mut next, CHUNK)?;
        }
        std::mem::swap(&mut current, &mut next);
    }
    Ok(())
}

/// Answers every record on the pool's threads and writes the answers in input order.
pub fn solve(
    input: &mut Input,
    algorithm: Algorithm,
    config: &RunConfig,
    show_stats: bool,
    trace: Option<&TracePath>,
    pool: &rayon::ThreadPool,
) -> Result<(), UsageError> {
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut total = Stats::default();
    let (mut puzzles, mut solved, mut invalid) = (0u64, 0u64, 0u64);
    let mut elapsed = Duration::ZERO;
    // One path without `{line}`: the first puzzle's trace, the others answered untraced.
    let single = trace
        .filter(|t| !t.per_puzzle())
        .map(|t| PathBuf::from(&t.0));
    let mut traced_line = None;
    let mut untraced = 0u64;
    let read = in_chunks(
        input,
        pool,
        |record| {
            let path = trace
                .filter(|t| t.per_puzzle())
                .map(|t| t.for_line(record.line));
            answer_record(record, algorithm, config, path.as_deref())
        },
        &mut out,
        |out, record, answered| {
            let Some((outcome, took)) = &answered.run else {
                invalid += 1;
                crate::skipped(&answered.text["invalid: ".len()..]);
                return emit(out, record, &answered.text);
            };
            elapsed += *took;
            puzzles += 1;
            if let (Some(path), Ok(puzzle)) = (&single, &record.result) {
                if traced_line.is_none() {
                    // The same run again, recorded (runs are reproducible: same answer).
                    traced_line = Some(record.line);
                    if let Err(e) = traced(puzzle, algorithm, config, path).1 {
                        eprintln!("sudoku: line {}: trace not written: {e}", record.line);
                        crate::report::fell_short();
                    }
                } else {
                    untraced += 1;
                }
            }
            if outcome.is_solved() && !answered.text.starts_with("unsolved") {
                solved += 1;
            }
            if show_stats {
                let s = outcome.stats;
                let search = if s.iterations > 0 {
                    format!(
                        "{}, {}",
                        counted(s.iterations, "iteration"),
                        counted(s.restarts, "restart")
                    )
                } else {
                    format!(
                        "{}, {}, {}",
                        counted(s.nodes, "node"),
                        counted(s.backtracks, "backtrack"),
                        counted(s.propagations, "propagation")
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
            emit(out, record, &answered.text)
        },
    );
    let _ = out.flush();
    if let (Some(line), true) = (traced_line, untraced > 0) {
        eprintln!(
            "sudoku: --trace kept the run of line {line} only ({} not traced): put {{line}} in the path for a file per puzzle",
            counted(untraced, "other puzzle")
        );
    }
    if show_stats {
        eprintln!(
            "{algorithm}: {}, {solved} solved and verified, {invalid} invalid; {}, {}; {} of solver time on {}",
            counted(puzzles, "puzzle"),
            counted(total.nodes, "node"),
            counted(total.backtracks, "backtrack"),
            duration(elapsed.as_secs_f64()),
            counted(pool.current_num_threads(), "thread")
        );
    }
    read
}

fn add(total: &mut Stats, s: &Stats) {
    total.nodes += s.nodes;
    total.backtracks += s.backtracks;
    total.propagations += s.propagations;
    total.iterations += s.iterations;
    total.restarts += s.restarts;
}

/// Answers every record on the pool's threads with one line each, in input order: `answer`'s
/// line for a puzzle, `invalid: …` (also on stderr) for a record that is not one.
pub fn answer_each(
    input: &mut Input,
    pool: &rayon::ThreadPool,
    answer: impl Fn(&sudoku_core::Grid) -> String + Sync,
) -> Result<(), UsageError> {
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let read = in_chunks(
        input,
        pool,
        |record| match &record.result {
            Ok(puzzle) => Ok(answer(puzzle)),
            Err(e) => Err(e.to_string()),
        },
        &mut out,
        |out, _, answered| write_answer(out, answered),
    );
    let _ = out.flush();
    read
}

/// Writes one answer line, or `invalid: …` (also on stderr, as skipped); false when the
/// output is closed.
pub fn write_answer(out: &mut impl Write, answer: Result<String, String>) -> bool {
    match answer {
        Ok(line) => writeln!(out, "{line}").is_ok(),
        Err(e) => {
            crate::skipped(&e);
            writeln!(out, "invalid: {e}").is_ok()
        }
    }
}

/// Counts every record's solutions on the pool's threads, answers in input order.
pub fn count(
    input: &mut Input,
    limit: u64,
    engine: Counter,
    pool: &rayon::ThreadPool,
) -> Result<(), UsageError> {
    answer_each(input, pool, |puzzle| {
        let c = match engine {
            Counter::Portfolio => count_solutions(puzzle, limit),
            Counter::Propagation => sudoku_core::exact::propagation::count_solutions(puzzle, limit),
            Counter::Sat => sudoku_core::exact::Sat::default()
                .count_solutions(puzzle, limit)
                .expect("no conflict budget, no give-up"),
        };
        format!("{}{}", c.count, if c.exact { "" } else { "+" })
    })
}

/// Filters every record's domains to a fixpoint on the pool's threads: `FILTER BEFORE AFTER
/// REDUCTION%` (sums of domain sizes) or why there is no solution, in input order.
pub fn filter(
    input: &mut Input,
    which: sudoku_core::domain::Filter,
    pool: &rayon::ThreadPool,
) -> Result<(), UsageError> {
    use sudoku_core::domain::{filter, initial_domains, total_size, Wipeout};
    use sudoku_core::{Geometry, Size};
    let geometries: Vec<Geometry> = Size::ALL.iter().map(|&size| Geometry::new(size)).collect();
    answer_each(input, pool, |puzzle| {
        let size = puzzle.size();
        let geometry = geometries
            .iter()
            .find(|g| g.size == size)
            .expect("a geometry per size");
        let mut domains = initial_domains(puzzle);
        let before = total_size(&domains);
        match filter(geometry, &mut domains, which) {
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
        }
    })
}
