//! The puzzle files the algorithms' unit tests share (`tests/data`).

use crate::grid::Grid;

pub const TOP95: &str = include_str!("../../../../tests/data/top95.txt");
pub const HARDEST: &str = include_str!("../../../../tests/data/hardest.txt");
pub const SIZES: &str = include_str!("../../../../tests/data/sizes.txt");
pub const MANTERE_KOLJONEN: &str = include_str!("../../../../tests/data/mantere_koljonen.txt");
#[cfg(feature = "sat")]
pub const MINIMAL25: &str = include_str!("../../../../tests/data/minimal25.txt");

/// The puzzles of a file's text (lines that are not puzzles left out).
pub fn puzzles(text: &str) -> Vec<Grid> {
    crate::parse_records(text)
        .into_iter()
        .filter_map(|r| r.result.ok())
        .collect()
}

/// top95, Norvig's hardest, every size, Mantere & Koljonen's set, in that order.
pub fn standard() -> Vec<Grid> {
    [TOP95, HARDEST, SIZES, MANTERE_KOLJONEN]
        .into_iter()
        .flat_map(puzzles)
        .collect()
}
