//! `sudoku reduce`: a partial Latin square of order k (one line of k² symbols) to the Sudoku of
//! side k² whose completions are its completions, and with `--back` a solved Sudoku of that
//! reduction to the completed square. `sudoku reduce squares.txt | sudoku solve | sudoku reduce
//! --back` completes Latin squares with the Sudoku solvers.

use std::io::{BufWriter, Write};

use sudoku_core::latin::{from_sudoku, to_sudoku, PartialLatin};
use sudoku_core::read_line_bounded;

use sudoku_core::exact::Sat;
use sudoku_core::Algorithm;

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

/// Each puzzle as CNF in DIMACS, with the `sat` algorithm's encoding (`params`, NAME=VALUE):
/// to standard output one after the other, or one file per puzzle in `out` (its path printed,
/// one line per puzzle, in order; `invalid: …` for a record that is not a puzzle).
pub fn to_cnf(input: &mut Input, params: &[String], out: Option<&str>) -> Result<(), UsageError> {
    let params = Algorithm::Sat
        .parse_params(crate::param_assignments(params)?)
        .map_err(|e| UsageError(e.to_string()))?;
    let sat = Sat::from_params(&params).map_err(|e| UsageError(e.to_string()))?;
    if let Some(dir) = out {
        if !std::path::Path::new(dir).is_dir() {
            return Err(UsageError(format!("--out {dir}: not a directory")));
        }
    }
    let stdout = std::io::stdout();
    let mut writer = BufWriter::new(stdout.lock());
    // One formula at a time (a 25×25 one is 11 MB of text): not `in_chunks`, which holds a
    // chunk's answers in memory.
    let mut chunk = Vec::new();
    loop {
        input.next_chunk(&mut chunk, 64)?;
        if chunk.is_empty() {
            break;
        }
        for record in chunk.drain(..) {
            let puzzle = match &record.result {
                Ok(puzzle) => puzzle,
                Err(e) => {
                    if !write_answer(&mut writer, Err(e.to_string())) {
                        return Ok(());
                    }
                    continue;
                }
            };
            let formula = sudoku_core::exact::sat::cnf::encode(puzzle, &sat.encoding);
            let mut text = String::new();
            formula
                .write_dimacs(puzzle, &sat.encoding, &mut text)
                .expect("writing to a String");
            let answer = match out {
                None => writer.write_all(text.as_bytes()).map(|()| None),
                Some(dir) => {
                    let path = std::path::Path::new(dir).join(format!("{}.cnf", record.line));
                    std::fs::write(&path, text).map(|()| Some(path))
                }
            };
            let ok = match answer {
                Ok(None) => true,
                Ok(Some(path)) => writeln!(writer, "{}", path.display()).is_ok(),
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return Ok(()),
                Err(e) => return Err(UsageError(format!("cannot write the formula: {e}"))),
            };
            if !ok {
                return Ok(());
            }
        }
    }
    let _ = writer.flush();
    Ok(())
}
