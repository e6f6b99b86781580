//! `sudoku solve` and `sudoku count`: one answer per puzzle, in input order.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::input::Input;
use crate::tracefile::{self, TracePath};
use crate::{Counter, UsageError};
use sudoku_core::trace::{TraceFile, MAX_EVENTS};
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

/// What one puzzle gave: its answer text, for a parsed puzzle its outcome and time, and its
/// trace when it was asked for.
struct Answered {
    text: String,
    run: Option<(Outcome, Duration)>,
    trace: Option<TraceFile>,
}

/// Runs one puzzle, recording its trace when `keep_trace` says so.
fn answer_record(
    record: &Record,
    algorithm: Algorithm,
    config: &RunConfig,
    keep_trace: bool,
) -> Answered {
    let puzzle = match &record.result {
        Ok(puzzle) => puzzle,
        Err(e) => {
            return Answered {
                text: format!("invalid: {e}"),
                run: None,
                trace: None,
            }
        }
    };
    let started = Instant::now();
    let (outcome, trace) = match keep_trace {
        true => {
            let (trace, outcome) = recorded(puzzle, algorithm, config);
            (outcome, Some(trace))
        }
        false => (
            algorithm
                .run(puzzle, config, &mut NullObserver)
                .expect("parameters were checked before the run"),
            None,
        ),
    };
    let took = started.elapsed();
    Answered {
        text: answer(record, &outcome),
        run: Some((outcome, took)),
        trace,
    }
}

/// Runs a puzzle while recording its trace.
fn recorded(
    puzzle: &sudoku_core::Grid,
    algorithm: Algorithm,
    config: &RunConfig,
) -> (TraceFile, Outcome) {
    let configuration = sudoku_core::Configuration {
        algorithm,
        params: config.params.clone(),
        seed: None,
    };
    sudoku_core::recording::record(puzzle, &configuration, config.seed, TRACE_DETAIL_CAP)
        .expect("parameters were checked before the run")
}

/// Writes the trace of the puzzle read at `line`, saying so when it cannot.
fn write_trace(path: &Path, trace: &TraceFile, line: usize) {
    if let Err(e) = tracefile::write(path, trace) {
        eprintln!("sudoku: line {line}: trace not written: {e}");
        crate::report::fell_short();
    }
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
    let per_puzzle = trace.filter(|t| t.per_puzzle());
    // With one path, the first parsed puzzle is traced as it is answered: a puzzle records its
    // trace when no earlier line has claimed it so far, so the first one always does (and only
    // the few that start beside it on other threads record in vain).
    let first_claimed = AtomicUsize::new(usize::MAX);
    let mut traced_line = None;
    let mut untraced = 0u64;
    let read = in_chunks(
        input,
        pool,
        |record| {
            let keep = per_puzzle.is_some()
                || (single.is_some()
                    && record.result.is_ok()
                    && record.line <= first_claimed.fetch_min(record.line, Ordering::Relaxed));
            let mut answered = answer_record(record, algorithm, config, keep);
            if let (Some(pattern), Some(file)) = (per_puzzle, &answered.trace) {
                write_trace(&pattern.for_line(record.line), file, record.line);
                answered.trace = None;
            }
            answered
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
                    traced_line = Some(record.line);
                    match &answered.trace {
                        Some(file) => write_trace(path, file, record.line),
                        // Not reached (the first parsed puzzle always records); were it, the
                        // same run again, recorded (runs are reproducible).
                        None => {
                            write_trace(path, &recorded(puzzle, algorithm, config).0, record.line)
                        }
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
