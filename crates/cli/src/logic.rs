//! `sudoku rate` (one line per puzzle: LEVEL RATING TECHNIQUE) and `sudoku explain` (the logic
//! solver's steps in words), both from the core's human-style solver.

use std::io::{BufWriter, Write};

use sudoku_core::logic::{describe, ending, solve_path};
use sudoku_core::Record;

use crate::input::Input;
use crate::UsageError;

/// Rates every record on the pool's threads, answers in input order.
pub fn rate_all(input: &mut Input, pool: &rayon::ThreadPool) -> Result<(), UsageError> {
    crate::solve::answer_each(input, pool, sudoku_core::logic::rating_line)
}

/// Each puzzle's logic steps in words, one per line, then how it ended; a blank line between
/// puzzles.
pub fn explain_all(input: &mut Input) -> Result<(), UsageError> {
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut chunk = Vec::new();
    let mut k = 0;
    loop {
        input.next_chunk(&mut chunk, 64)?;
        if chunk.is_empty() {
            break;
        }
        for record in &chunk {
            k += 1;
            if !explain(&mut out, k, record) {
                return Ok(());
            }
        }
    }
    let _ = out.flush();
    Ok(())
}

/// Puzzle `k`'s steps; false when the output is closed.
fn explain(out: &mut impl Write, k: usize, record: &Record) -> bool {
    if k > 1 && writeln!(out).is_err() {
        return false;
    }
    let puzzle = match &record.result {
        Ok(puzzle) => puzzle,
        Err(e) => {
            eprintln!("sudoku: skipped: {e}");
            return writeln!(out, "invalid: {e}").is_ok();
        }
    };
    if writeln!(out, "# puzzle {k} (line {})", record.line).is_err() {
        return false;
    }
    let (steps, rating) = solve_path(puzzle);
    for (i, step) in steps.iter().enumerate() {
        if writeln!(out, "{}. {}", i + 1, describe(puzzle.size(), step)).is_err() {
            return false;
        }
    }
    let end = ending(&rating);
    writeln!(out, "{end}").is_ok()
}
