//! `sudoku rate` (one line per puzzle: LEVEL RATING TECHNIQUE, Sudoku Explainer's ER/EP/ED or
//! HoDoKu's LEVEL SCORE; or a CSV table of the three) and `sudoku explain` (the logic solver's steps in words),
//! both from the core's human-style solver.

use std::io::{BufWriter, Write};

use sudoku_core::logic::{
    describe, ending, explainer_after, hodoku_unique, rating_line_on, solve_path, tenths,
    tenths_of, unique_solve_path, unrated, Rating, Scale,
};
use sudoku_core::Grid;

use crate::input::Input;
use crate::UsageError;

/// `--scale`: the scale a line tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ScaleArg {
    /// The lab's level, rating and technique.
    Lab,
    /// Sudoku Explainer's ER/EP/ED and technique.
    Se,
    /// HoDoKu's level, score and technique.
    Hodoku,
}

impl From<ScaleArg> for Scale {
    fn from(scale: ScaleArg) -> Scale {
        match scale {
            ScaleArg::Lab => Scale::Lab,
            ScaleArg::Se => Scale::Explainer,
            ScaleArg::Hodoku => Scale::Hodoku,
        }
    }
}

/// `--format` of `sudoku rate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RateFormat {
    /// One verdict per puzzle.
    Lines,
    /// A header, then one row per puzzle with every scale.
    Csv,
}

/// The CSV table's header.
pub const CSV_HEADER: &str =
    "line,puzzle,level,rating,technique,er,ep,ed,se_technique,hodoku_level,hodoku_score,hodoku_technique";

/// Rates every record on the pool's threads, answers in input order.
pub fn rate_all(
    input: &mut Input,
    pool: &rayon::ThreadPool,
    scale: Scale,
) -> Result<(), UsageError> {
    crate::solve::answer_each(input, pool, |puzzle| rating_line_on(puzzle, scale))
}

/// Rates every record on every scale, one CSV row each (a puzzle that is not rated, or not
/// read, names why in the level column and leaves the rest empty).
pub fn rate_csv(input: &mut Input, pool: &rayon::ThreadPool) -> Result<(), UsageError> {
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if writeln!(out, "{CSV_HEADER}").is_err() {
        return Ok(());
    }
    let read = crate::solve::in_chunks(
        input,
        pool,
        |record| {
            record
                .result
                .as_ref()
                .map(csv_row)
                .map_err(|e| e.to_string())
        },
        &mut out,
        |out, record, row| match row {
            Ok(row) => writeln!(out, "{},{row}", record.line).is_ok(),
            Err(e) => {
                crate::skipped(&e);
                writeln!(out, "{},,invalid,,,,,,,,,", record.line).is_ok()
            }
        },
    );
    let _ = out.flush();
    read
}

/// A puzzle's row after its line number.
fn csv_row(puzzle: &Grid) -> String {
    let text = puzzle.to_line();
    if let Some(verdict) = unrated(puzzle) {
        return format!("{text},{verdict},,,,,,,,,");
    }
    // Counted once above; SE's numbers come from the same path where it can serve.
    let (steps, rating) = unique_solve_path(puzzle, Scale::Lab);
    let lab = match rating {
        Rating::Solved { hardest, .. } => format!(
            "{},{},{}",
            hardest.level().id(),
            tenths_of(tenths(hardest.difficulty())),
            hardest.id()
        ),
        Rating::Stuck { .. } => "extreme,,guess".into(),
        Rating::Invalid => "no solution,,".into(),
    };
    let solved = matches!(rating, Rating::Solved { .. });
    let se = match solved.then(|| explainer_after(puzzle, &steps)).flatten() {
        Some(se) => format!(
            "{},{},{},{}",
            tenths_of(se.rating),
            tenths_of(se.pearl),
            tenths_of(se.diamond),
            se.hardest.id()
        ),
        None => ",,,guess".into(),
    };
    let hodoku = match solved.then(|| hodoku_unique(puzzle)).flatten() {
        Some(h) => format!("{},{},{}", h.level.id(), h.score, h.hardest.id()),
        None => "extreme,,guess".into(),
    };
    format!("{text},{lab},{se},{hodoku}")
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
