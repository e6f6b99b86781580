//! `sudoku reduce`: a partial Latin square of order k (one line of k² symbols) to the Sudoku of
//! side k² whose completions are its completions, and with `--back` a solved Sudoku of that
//! reduction to the completed square. `sudoku reduce squares.txt | sudoku solve | sudoku reduce
//! --back` completes Latin squares with the Sudoku solvers.

use std::io::{BufRead, BufWriter, Write};

use sudoku_core::latin::{from_sudoku, to_sudoku, PartialLatin};

use crate::input::Input;
use crate::UsageError;

/// A square's line is at most 25 symbols; anything much longer is no square and is not kept.
const MAX_LINE: usize = 4_096;

pub fn forward(path: Option<&str>) -> Result<(), UsageError> {
    let reader: Box<dyn BufRead> = match path {
        None | Some("-") => Box::new(std::io::stdin().lock()),
        Some(path) => Box::new(std::io::BufReader::new(
            std::fs::File::open(path)
                .map_err(|e| UsageError(format!("cannot read {path}: {e}")))?,
        )),
    };
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut reader = reader;
    let mut line = Vec::new();
    let mut number = 0;
    loop {
        line.clear();
        let read = std::io::Read::take(&mut reader, MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut line)
            .map_err(|e| UsageError(format!("cannot read the input: {e}")))?;
        if read == 0 {
            break;
        }
        number += 1;
        if !line.ends_with(b"\n") && line.len() > MAX_LINE {
            // Skip the rest of an overlong line.
            let mut rest = Vec::new();
            loop {
                rest.clear();
                let n = std::io::Read::take(&mut reader, MAX_LINE as u64)
                    .read_until(b'\n', &mut rest)
                    .map_err(|e| UsageError(format!("cannot read the input: {e}")))?;
                if n == 0 || rest.ends_with(b"\n") {
                    break;
                }
            }
        }
        let answer = match std::str::from_utf8(&line) {
            _ if line.len() > MAX_LINE => {
                Err(format!("line {number}: too long for a Latin square"))
            }
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

/// Solved Sudokus of the reduction, one per line, back to squares; the other answers of a
/// pipeline (`no solution`, `unsolved: …`, `invalid: …`) pass through as they are.
pub fn back(path: Option<&str>) -> Result<(), UsageError> {
    let mut input = Input::open(path, Default::default())?;
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut chunk = Vec::new();
    loop {
        input.next_chunk(&mut chunk, 1_024)?;
        if chunk.is_empty() {
            break;
        }
        for record in &chunk {
            let answer = match &record.result {
                Ok(grid) => from_sudoku(grid)
                    .map(|square| square.to_line())
                    .map_err(|e| format!("line {}: {e}", record.line)),
                // An earlier command's answer (`no solution`: the square has no completion).
                Err(sudoku_core::ParseError::Upstream { answer, .. }) => Ok(answer.clone()),
                Err(e) => Err(e.to_string()),
            };
            if !write_answer(&mut out, answer) {
                return Ok(());
            }
        }
    }
    let _ = out.flush();
    Ok(())
}

/// Writes one answer line, or `invalid: …` (also on stderr); false when the output is closed.
fn write_answer(out: &mut impl Write, answer: Result<String, String>) -> bool {
    match answer {
        Ok(line) => writeln!(out, "{line}").is_ok(),
        Err(e) => {
            eprintln!("sudoku: skipped: {e}");
            writeln!(out, "invalid: {e}").is_ok()
        }
    }
}
