//! A step in words, for `sudoku explain` and the page's hints: "hidden single: r3c5 = 7, the only
//! place for 7 in box 2"; "pointing: in box 1 the 4s lie in row 2, so remove 4 from r2c5, r2c7".
//! Each technique family words its own steps (its `words`, named in the technique table); the
//! pieces they share are here.

use super::Step;
use crate::grid::{cell_name, digit_char};
use crate::size::Size;

pub(super) fn cells(size: Size, cells: &[usize]) -> String {
    cells
        .iter()
        .map(|&c| cell_name(size, c))
        .collect::<Vec<_>>()
        .join(", ")
}

pub(super) fn digits(size: Size, digits: &[u8]) -> String {
    digits
        .iter()
        .map(|&d| digit_char(size, d).to_string())
        .collect::<Vec<_>>()
        .join("")
}

/// A chain's cells joined by its links, alternately `strong` and `weak`: "r1c2 = r1c8 - r4c8".
pub(super) fn chain(size: Size, cells: &[usize], strong: &str, weak: &str) -> String {
    let mut text = cell_name(size, cells[0]);
    for (i, &c) in cells.iter().enumerate().skip(1) {
        let link = if i % 2 == 1 { strong } else { weak };
        text.push_str(&format!(" {link} {}", cell_name(size, c)));
    }
    text
}

/// The eliminations grouped by digit: "remove 4 from r2c5, r2c7; remove 9 from r1c1".
pub(super) fn removals(size: Size, eliminations: &[(usize, u8)]) -> String {
    let mut by_digit: Vec<(u8, Vec<usize>)> = Vec::new();
    for &(cell, digit) in eliminations {
        match by_digit.iter_mut().find(|(d, _)| *d == digit) {
            Some((_, list)) => list.push(cell),
            None => by_digit.push((digit, vec![cell])),
        }
    }
    by_digit
        .iter()
        .map(|(d, list)| format!("remove {} from {}", digit_char(size, *d), cells(size, list)))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Units by name, comma-separated: "row 2, row 7".
pub(super) fn unit_list(size: Size, units: &[usize]) -> String {
    units
        .iter()
        .map(|&u| size.unit(u).to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The name of the step's `k`-th unit ("row 3"), or nothing.
pub(super) fn unit(size: Size, step: &Step, k: usize) -> String {
    step.units
        .get(k)
        .map(|&u| size.unit(u).to_string())
        .unwrap_or_default()
}

/// One step in words.
pub fn describe(size: Size, step: &Step) -> String {
    step.technique.describe(size, step)
}
