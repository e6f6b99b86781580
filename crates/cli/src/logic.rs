//! `sudoku rate` (one line per puzzle: LEVEL RATING TECHNIQUE) and `sudoku explain` (the logic
//! solver's steps in words), both from the core's human-style solver.

use std::io::{BufWriter, Write};

use rayon::prelude::*;
use sudoku_core::logic::{describe, rate, solve_path, Rating};
use sudoku_core::{count_solutions, Grid, Record};

/// Records per parallel chunk (answers are printed in input order, chunk by chunk).
const CHUNK: usize = 1_024;

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
pub fn rate_all(records: &[Record], pool: &rayon::ThreadPool) {
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for chunk in records.chunks(CHUNK) {
        let lines: Vec<String> = pool.install(|| {
            chunk
                .par_iter()
                .map(|record| match &record.result {
                    Ok(puzzle) => rating_line(puzzle),
                    Err(e) => {
                        eprintln!("sudoku: skipped: {e}");
                        format!("invalid: {e}")
                    }
                })
                .collect()
        });
        for line in lines {
            if writeln!(out, "{line}").is_err() {
                return;
            }
        }
    }
    let _ = out.flush();
}

/// Each puzzle's logic steps in words, one per line, then how it ended; a blank line between
/// puzzles.
pub fn explain_all(records: &[Record]) {
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for (k, record) in records.iter().enumerate() {
        if k > 0 && writeln!(out).is_err() {
            return;
        }
        let puzzle = match &record.result {
            Ok(puzzle) => puzzle,
            Err(e) => {
                eprintln!("sudoku: skipped: {e}");
                let _ = writeln!(out, "invalid: {e}");
                continue;
            }
        };
        let _ = writeln!(out, "# puzzle {} (line {})", k + 1, record.line);
        let (steps, rating) = solve_path(puzzle);
        for (i, step) in steps.iter().enumerate() {
            if writeln!(out, "{}. {}", i + 1, describe(puzzle.size(), step)).is_err() {
                return;
            }
        }
        let end = match rating {
            Rating::Solved { hardest, steps } => format!(
                "solved in {steps} steps; hardest: {} ({:.1}, {})",
                hardest.name(),
                hardest.difficulty(),
                hardest.level().id()
            ),
            Rating::Stuck { steps, .. } => format!(
                "stuck after {steps} steps: no technique here applies; the rest needs guessing"
            ),
            Rating::Invalid => "no solution: the steps reached a contradiction".into(),
        };
        let _ = writeln!(out, "{end}");
    }
    let _ = out.flush();
}

/// `sudoku generate`: `count` puzzles of the seeded batch, one per line in batch order, on the
/// pool's threads; stops drawing at the deadline and says how many it found. Returns that number.
pub fn generate_all(
    size: sudoku_core::Size,
    level: Option<sudoku_core::logic::Level>,
    symmetry: sudoku_core::generate::Symmetry,
    (count, seed): (u64, u64),
    max_seconds: f64,
    pool: &rayon::ThreadPool,
) -> u64 {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::{Duration, Instant};
    let deadline = Instant::now() + Duration::from_secs_f64(max_seconds.max(0.0));
    let late = AtomicBool::new(false);
    let expired = || {
        let over = late.load(Ordering::Relaxed) || Instant::now() >= deadline;
        if over {
            late.store(true, Ordering::Relaxed);
        }
        over
    };
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut found = 0;
    let mut start = 0u64;
    while start < count && !late.load(Ordering::Relaxed) {
        let end = count.min(start + CHUNK as u64);
        let puzzles: Vec<Option<Grid>> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map(|index| {
                    sudoku_core::generate::generate_seeded(
                        size,
                        level,
                        symmetry,
                        (seed, index),
                        &expired,
                    )
                })
                .collect()
        });
        for puzzle in puzzles.into_iter().flatten() {
            found += 1;
            if writeln!(out, "{}", puzzle.to_line()).is_err() {
                return found;
            }
        }
        start = end;
    }
    let _ = out.flush();
    found
}
