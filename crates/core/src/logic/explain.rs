//! A step in words, for `sudoku explain` and the page's hints: "hidden single: r3c5 = 7, the only
//! place for 7 in box 2"; "pointing: in box 1 the 4s lie in row 2, so remove 4 from r2c5, r2c7".

use super::{Step, Technique};
use crate::grid::{cell_name, digit_char};
use crate::size::Size;

fn cells(size: Size, cells: &[usize]) -> String {
    cells
        .iter()
        .map(|&c| cell_name(size, c))
        .collect::<Vec<_>>()
        .join(", ")
}

fn digits(size: Size, digits: &[u8]) -> String {
    digits
        .iter()
        .map(|&d| digit_char(size, d).to_string())
        .collect::<Vec<_>>()
        .join("")
}

/// A chain's cells joined by its links, alternately `strong` and `weak`: "r1c2 = r1c8 - r4c8".
fn chain(size: Size, cells: &[usize], strong: &str, weak: &str) -> String {
    let mut text = cell_name(size, cells[0]);
    for (i, &c) in cells.iter().enumerate().skip(1) {
        let link = if i % 2 == 1 { strong } else { weak };
        text.push_str(&format!(" {link} {}", cell_name(size, c)));
    }
    text
}

/// The eliminations grouped by digit: "remove 4 from r2c5, r2c7; remove 9 from r1c1".
fn removals(size: Size, eliminations: &[(usize, u8)]) -> String {
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

/// One step in words.
pub fn describe(size: Size, step: &Step) -> String {
    let unit = |k: usize| {
        step.units
            .get(k)
            .map(|&u| size.unit(u).to_string())
            .unwrap_or_default()
    };
    let name = step.technique.name();
    let d = digits(size, &step.digits);
    match step.technique {
        Technique::FullHouse | Technique::HiddenSingle | Technique::NakedSingle => {
            let (cell, digit) = step.placements[0];
            let placed = format!("{} = {}", cell_name(size, cell), digit_char(size, digit));
            match step.technique {
                Technique::FullHouse => {
                    format!("{name}: {placed}, the last empty cell of {}", unit(0))
                }
                Technique::HiddenSingle => format!(
                    "{name}: {placed}, the only place for {} in {}",
                    digit_char(size, digit),
                    unit(0)
                ),
                _ => format!("{name}: {placed}, its only candidate"),
            }
        }
        Technique::Pointing | Technique::Claiming => format!(
            "{name}: in {} the {d}s lie in {} only, so {}",
            unit(0),
            unit(1),
            removals(size, &step.eliminations)
        ),
        Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => format!(
            "{name}: {} in {} hold only {d} between them, so {}",
            cells(size, &step.pattern),
            unit(0),
            removals(size, &step.eliminations)
        ),
        Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad => format!(
            "{name}: in {} the digits {d} fit only {}, so {}",
            unit(0),
            cells(size, &step.pattern),
            removals(size, &step.eliminations)
        ),
        Technique::XWing | Technique::Swordfish | Technique::Jellyfish => {
            let k = step.units.len() / 2;
            let names = |units: &[usize]| {
                units
                    .iter()
                    .map(|&u| size.unit(u).to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            format!(
                "{name}: the {d}s of {} lie in {} only, so {}",
                names(&step.units[..k]),
                names(&step.units[k..]),
                removals(size, &step.eliminations)
            )
        }
        Technique::WWing => format!(
            "{name}: {} and {} hold only {d}, and the {}s of {} lie in {} only, one seeing each: one of the two cells is {}, so {}",
            cell_name(size, step.pattern[0]),
            cell_name(size, step.pattern[1]),
            digit_char(size, step.digits[0]),
            unit(0),
            cells(size, &step.pattern[2..]),
            digit_char(size, step.digits[1]),
            removals(size, &step.eliminations)
        ),
        Technique::XChain => format!(
            "{name} on {}: {}, each link alternately the digit's only two places in a unit and two cells that see each other; one end holds {}, so {}",
            digit_char(size, step.digits[0]),
            chain(size, &step.pattern, "=", "-"),
            digit_char(size, step.digits[0]),
            removals(size, &step.eliminations)
        ),
        Technique::XyChain => format!(
            "{name}: {}, cells of two digits each passing one on; one end holds {}, so {}",
            chain(size, &step.pattern, "-", "-"),
            digit_char(size, step.digits[0]),
            removals(size, &step.eliminations)
        ),
        Technique::XyWing | Technique::XyzWing => format!(
            "{name}: pivot {} with pincers {}: one of them holds {}, so {}",
            cell_name(size, step.pattern[0]),
            cells(size, &step.pattern[1..]),
            step.eliminations
                .first()
                .map(|&(_, z)| digit_char(size, z).to_string())
                .unwrap_or_default(),
            removals(size, &step.eliminations)
        ),
    }
}
