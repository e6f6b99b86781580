//! `sudoku rate` (one line per puzzle: LEVEL RATING TECHNIQUE) and `sudoku explain` (the logic
//! solver's steps in words), both from the core's human-style solver.

use std::io::{BufWriter, Write};

use sudoku_core::logic::{describe, ending, solve_path};
use sudoku_core::Grid;

use crate::input::Input;
use crate::UsageError;

/// Rates every record on the pool's threads, answers in input order.
pub fn rate_all(input: &mut Input, pool: &rayon::ThreadPool) -> Result<(), UsageError> {
    crate::solve::answer_each(input, pool, sudoku_core::logic::rating_line)
}

/// Each puzzle's logic steps in words, one per line, then how it ended; a blank line between
/// puzzles. Puzzles are explained on the pool's threads, printed in input order.
pub fn explain_all(input: &mut Input, pool: &rayon::ThreadPool) -> Result<(), UsageError> {
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut k = 0;
    let read = crate::solve::in_chunks(
        input,
        pool,
        |record| record.result.as_ref().map(steps).map_err(|e| e.to_string()),
        &mut out,
        |out, record, explained| {
            k += 1;
            if k > 1 && writeln!(out).is_err() {
                return false;
            }
            match explained {
                Ok(text) => write!(out, "# puzzle {k} (line {})\n{text}", record.line).is_ok(),
                Err(e) => crate::solve::write_answer(out, Err(e)),
            }
        },
    );
    let _ = out.flush();
    read
}

/// A puzzle's steps, one per line, and how they ended.
fn steps(puzzle: &Grid) -> String {
    let (steps, rating) = solve_path(puzzle);
    let mut text = String::new();
    for (i, step) in steps.iter().enumerate() {
        text.push_str(&format!("{}. {}\n", i + 1, describe(puzzle.size(), step)));
    }
    text.push_str(&ending(puzzle, &rating));
    text.push('\n');
    text
}
