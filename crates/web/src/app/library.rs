//! The built-in puzzle library: the repository's fixtures, compiled into the page.

use sudoku_core::{parse_records, Grid};

/// (group, label, puzzle) entries, in display order.
pub fn library() -> Vec<(&'static str, String, Grid)> {
    let mut out = Vec::new();
    let sets: [(&str, &str); 5] = [
        (
            "Famous puzzles",
            include_str!("../../../../tests/data/named.txt"),
        ),
        (
            "Norvig's hardest",
            include_str!("../../../../tests/data/hardest.txt"),
        ),
        (
            "Norvig's top95",
            include_str!("../../../../tests/data/top95.txt"),
        ),
        (
            "Mantere & Koljonen",
            include_str!("../../../../tests/data/mantere_koljonen.txt"),
        ),
        (
            "Every size",
            include_str!("../../../../tests/data/sizes.txt"),
        ),
    ];
    for (group, text) in sets {
        for (i, record) in parse_records(text).into_iter().enumerate() {
            let Ok(grid) = record.result else { continue };
            let line = text.lines().nth(record.line - 1).unwrap_or_default();
            let name = line.split('\t').next().filter(|_| line.contains('\t'));
            let label = match name {
                Some(name) => name.to_string(),
                None => format!(
                    "#{} ({}, {} givens)",
                    i + 1,
                    grid.size(),
                    grid.given_count()
                ),
            };
            out.push((group, label, grid));
        }
    }
    out
}
