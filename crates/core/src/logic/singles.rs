//! Singles: a unit's last empty cell (full house), a digit's last place in a unit (hidden
//! single), a cell's last candidate (naked single).

use super::explain::unit;
use super::{Board, Step, Technique};
use crate::bits::{digit_bit, digits, is_single, lowest_digit};
use crate::grid::{cell_name, digit_char};
use crate::size::{Geometry, Size};

fn placing(technique: Technique, cell: usize, digit: u8, units: Vec<usize>) -> Step {
    Step {
        technique,
        placements: vec![(cell, digit)],
        eliminations: Vec::new(),
        pattern: vec![cell],
        units,
        digits: vec![digit],
        chains: Vec::new(),
        complexity: 0,
    }
}

pub fn full_house(board: &Board, geometry: &Geometry) -> Option<Step> {
    geometry.units.iter().enumerate().find_map(|(u, cells)| {
        let mut empty = cells.iter().copied().filter(|&c| board.values[c] == 0);
        let cell = empty.next()?;
        if empty.next().is_some() || !is_single(board.candidates[cell]) {
            return None;
        }
        Some(placing(
            Technique::FullHouse,
            cell,
            lowest_digit(board.candidates[cell]),
            vec![u],
        ))
    })
}

pub fn hidden_single(board: &Board, geometry: &Geometry) -> Option<Step> {
    // Boxes first: the single people spot first.
    let n = board.size.n();
    let order = (2 * n..3 * n).chain(0..2 * n);
    for u in order {
        let open = geometry.units[u]
            .iter()
            .fold(0u32, |m, &c| m | board.candidates[c]);
        for d in digits(open) {
            let bit = digit_bit(d);
            let mut places = geometry.units[u]
                .iter()
                .copied()
                .filter(|&c| board.candidates[c] & bit != 0);
            if let (Some(cell), None) = (places.next(), places.next()) {
                return Some(placing(Technique::HiddenSingle, cell, d, vec![u]));
            }
        }
    }
    None
}

pub fn naked_single(board: &Board, geometry: &Geometry) -> Option<Step> {
    (0..board.size.cells())
        .find(|&c| board.values[c] == 0 && is_single(board.candidates[c]))
        .map(|cell| {
            placing(
                Technique::NakedSingle,
                cell,
                lowest_digit(board.candidates[cell]),
                geometry.cell_units[cell].to_vec(),
            )
        })
}

/// A single in words: "hidden single: r3c5 = 7, the only place for 7 in box 2".
pub(super) fn words(size: Size, step: &Step) -> String {
    let name = step.technique.name();
    let (cell, digit) = step.placements[0];
    let placed = format!("{} = {}", cell_name(size, cell), digit_char(size, digit));
    match step.technique {
        Technique::FullHouse => format!(
            "{name}: {placed}, the last empty cell of {}",
            unit(size, step, 0)
        ),
        Technique::HiddenSingle => format!(
            "{name}: {placed}, the only place for {} in {}",
            digit_char(size, digit),
            unit(size, step, 0)
        ),
        _ => format!("{name}: {placed}, its only candidate"),
    }
}
