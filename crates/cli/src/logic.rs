//! `sudoku rate` (one line per puzzle: LEVEL RATING TECHNIQUE) and `sudoku explain` (the logic
//! solver's steps in words), both from the core's human-style solver.

use std::io::{BufWriter, Write};

use sudoku_core::logic::{describe, rate, solve_path, Rating};
use sudoku_core::{count_solutions, Grid, Record};

use crate::input::Input;
use crate::UsageError;

/// The rating line of one puzzle.
fn rating_line(puzzle: &Grid) -> String {
    match count_solutions(puzzle, 2).count {
        0 => return "no solution".into(),
        1 => {}
        _ => return "not unique".into(),
    }
    match rate(puzzle) {
        Rating::Solved { hardest, .. } => format!(
            "{} {:.1} {}",
            hardest.level().id(),
            hardest.difficulty(),
            hardest.id()
        ),
        // Beyond every technique here (the hardest is 5.4): it needs guessing.
        Rating::Stuck { .. } => "extreme >5.4 guess".into(),
        Rating::Invalid => "no solution".into(),
    }
}

/// Rates every record on the pool's threads, answers in input order.
pub fn rate_all(input: &mut Input, pool: &rayon::ThreadPool) -> Result<(), UsageError> {
    crate::solve::answer_each(input, pool, rating_line)
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
    let end = match rating {
        Rating::Solved { hardest, steps } => format!(
            "solved in {steps} steps; hardest: {} ({:.1}, {})",
            hardest.name(),
            hardest.difficulty(),
            hardest.level().id()
        ),
        Rating::Stuck { steps, .. } => {
            format!("stuck after {steps} steps: no technique here applies; the rest needs guessing")
        }
        Rating::Invalid => "no solution: the steps reached a contradiction".into(),
    };
    writeln!(out, "{end}").is_ok()
}
