//! The core's batch work (`sudoku_core::batch`) for the browser's engine: built for wasm32 and
//! bound for Node by `./dev bench`, which times these calls with Node's clock and prints the
//! figures beside the native `sudoku bench` (same work: from the text line to the verified
//! answer, or the solver alone on grids read beforehand).

use sudoku_core::batch::{self, Answers};
use sudoku_core::{parse_bytes, Algorithm, Grid, RunConfig};
use wasm_bindgen::prelude::*;

/// A benchmark set: its puzzles, and each as the one text line it is timed from.
#[wasm_bindgen]
pub struct Batch {
    puzzles: Vec<Grid>,
    lines: Vec<String>,
    answers: Answers,
}

fn algorithm(id: &str) -> Result<Algorithm, JsError> {
    Algorithm::from_id(id).ok_or_else(|| JsError::new(&format!("unknown algorithm '{id}'")))
}

#[wasm_bindgen]
impl Batch {
    /// The puzzles of a file's text (lines that are not puzzles are left out).
    #[wasm_bindgen(constructor)]
    pub fn new(text: &[u8]) -> Batch {
        let puzzles: Vec<Grid> = parse_bytes(text)
            .into_iter()
            .filter_map(|record| record.result.ok())
            .collect();
        let lines = puzzles.iter().map(Grid::to_line).collect();
        Batch {
            puzzles,
            lines,
            answers: Answers::default(),
        }
    }

    pub fn size(&self) -> usize {
        self.puzzles.len()
    }

    /// The whole work: every text line read, solved, verified and written as an answer line.
    /// Returns how many answers verified.
    pub fn answer_lines(&self, algorithm_id: &str) -> Result<usize, JsError> {
        let mut out = String::with_capacity(self.lines.iter().map(|l| l.len() + 1).sum());
        let tally = batch::answer_lines(
            algorithm(algorithm_id)?,
            &self.lines,
            &RunConfig::default(),
            &mut out,
        );
        Ok(tally.verified)
    }

    /// The solver alone on the grids read beforehand (verified by [`Batch::verified`]).
    pub fn solve(&mut self, algorithm_id: &str) -> Result<(), JsError> {
        self.answers = batch::solve_grids(
            algorithm(algorithm_id)?,
            &self.puzzles,
            &RunConfig::default(),
        );
        Ok(())
    }

    /// How many of the last [`Batch::solve`]'s answers verified.
    pub fn verified(&self) -> usize {
        batch::check(&self.puzzles, &self.answers).verified
    }
}
