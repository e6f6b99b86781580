//! Shared helpers of the integration tests: the repo's puzzle fixtures and solver groups.

#![allow(dead_code)]

use std::path::PathBuf;

use sudoku_core::{parse_records, Algorithm, Grid};

/// The fixtures folder at the repository root.
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data")
}

/// A fixture puzzle with its name (file:line) and whether its source says it is unique.
pub struct Fixture {
    pub name: String,
    pub puzzle: Grid,
    pub unique: bool,
}

/// Every puzzle of a fixture file (all of them must parse).
pub fn fixtures(file: &str) -> Vec<Fixture> {
    let text = std::fs::read_to_string(data_dir().join(file)).expect("fixture file");
    parse_records(&text)
        .into_iter()
        .map(|r| {
            let line_text = text.lines().nth(r.line - 1).unwrap_or_default();
            Fixture {
                name: format!("{file}:{}", r.line),
                puzzle: r.result.unwrap_or_else(|e| panic!("{file}: {e}")),
                unique: !line_text.contains("MULTI"),
            }
        })
        .collect()
}

/// Solvers expected to finish every fixture quickly.
pub const COMPLETE: &[Algorithm] = &[
    Algorithm::FcMrv,
    Algorithm::Norvig,
    Algorithm::Propagation,
    Algorithm::Dlx,
];

/// Cell-order backtracking solvers: exponential on hard 9×9 and large grids.
pub const CELL_ORDER: &[Algorithm] = &[
    Algorithm::Backtracking,
    Algorithm::BruteForce,
    Algorithm::Bitmask,
];
