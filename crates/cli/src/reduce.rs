//! `sudoku reduce`: a partial Latin square of order k (one line of k² symbols) to the Sudoku of
//! side k² whose completions are its completions, and with `--back` a solved Sudoku of that
//! reduction to the completed square. `sudoku reduce squares.txt | sudoku solve | sudoku reduce
//! --back` completes Latin squares with the Sudoku solvers.

use std::io::{BufWriter, Write};

use sudoku_core::latin::{from_sudoku, to_sudoku, PartialLatin};
use sudoku_core::read_line_bounded;

use crate::input::{Input, Source};
use crate::solve::{in_chunks, write_answer};
use crate::UsageError;

/// A square's line is at most 25 symbols; anything much longer is no square and is not kept.
const MAX_LINE: usize = 4_096;

pub fn forward(path: Option<&str>) -> Result<(), UsageError> {
    let Source {
        mut reader, name, ..
    } = Source::open(path)?;
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut line = Vec::new();
    let mut number = 0;
    while let Some(bytes) = read_line_bounded(&mut reader, &mut line, MAX_LINE)
        .map_err(|e| UsageError(format!("cannot read {name}: {e}")))?
    {
        number += 1;
        let answer = match std::str::from_utf8(&line) {
            _ if bytes > MAX_LINE => Err(format!("line {number}: too long for a Latin square")),
            Err(_) => Err(format!("line {number}: not UTF-8 text")),
            Ok(text) => {
                let text = text.trim();
                if text.is_empty() || text.starts_with('#') {
                    continue;
                }
                PartialLatin::parse(text)
                    .map(|square| to_sudoku(&square).to_line())
                    .map_err(|e| format!("line {number}: {e}"))
            }
        };
        if !write_answer(&mut out, answer) {
            return Ok(());
        }
    }
    let _ = out.flush();
    Ok(())
}

/// Solved Sudokus of the reduction, back to squares, in input order; the other answers of a
/// pipeline (`no solution`, `unsolved: …`, `invalid: …`) pass through as they are.
pub fn back(path: Option<&str>, pool: &rayon::ThreadPool) -> Result<(), UsageError> {
    let mut input = Input::open(path, Default::default())?;
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let read = in_chunks(
        &mut input,
        pool,
        |record| match &record.result {
            Ok(grid) => from_sudoku(grid)
                .map(|square| square.to_line())
                .map_err(|e| format!("line {}: {e}", record.line)),
            // An earlier command's answer (`no solution`: the square has no completion).
            Err(sudoku_core::ParseError::Upstream { answer, .. }) => Ok(answer.clone()),
            Err(e) => Err(e.to_string()),
        },
        &mut out,
        |out, _, answer| write_answer(out, answer),
    );
    let _ = out.flush();
    read
}
