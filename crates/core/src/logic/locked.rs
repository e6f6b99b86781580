//! Locked candidates. Pointing: a box's candidates for a digit all lie in one row (column), so
//! the digit goes nowhere else in that row (column). Claiming: a row's (column's) candidates for
//! a digit all lie in one box, so the digit goes nowhere else in that box.

use super::explain::{self, removals, unit};
use super::{Board, Step, Technique};
use crate::bits::digits;
use crate::size::{Geometry, Size};

/// The eliminations of `digit` from the cells of `target` outside `source`.
fn outside(
    board: &Board,
    geometry: &Geometry,
    target: usize,
    source: usize,
    digit: u8,
) -> Vec<(usize, u8)> {
    let places = board.places(geometry, target, digit);
    places
        .into_iter()
        .filter(|c| !geometry.cell_units[*c].contains(&source))
        .map(|c| (c, digit))
        .collect()
}

/// A digit whose places in unit `source` all share one unit of the `kinds` (index ranges):
/// eliminate it from the rest of that unit.
fn locked(
    board: &Board,
    geometry: &Geometry,
    technique: Technique,
    sources: std::ops::Range<usize>,
    shared: impl Fn(usize, usize) -> [usize; 2],
) -> Option<Step> {
    for source in sources {
        let open = geometry.units[source]
            .iter()
            .fold(0u32, |m, &c| m | board.candidates[c]);
        for d in digits(open) {
            let places = board.places(geometry, source, d);
            if places.len() < 2 {
                continue;
            }
            for target in shared(places[0], source) {
                if places
                    .iter()
                    .all(|&c| geometry.cell_units[c].contains(&target))
                {
                    let eliminations = outside(board, geometry, target, source, d);
                    if !eliminations.is_empty() {
                        return Some(Step {
                            technique,
                            placements: Vec::new(),
                            eliminations,
                            pattern: places,
                            units: vec![source, target],
                            digits: vec![d],
                            chains: Vec::new(),
                        });
                    }
                }
            }
        }
    }
    None
}

pub fn pointing(board: &Board, geometry: &Geometry) -> Option<Step> {
    let n = board.size.n();
    // From a box to its row or column.
    locked(
        board,
        geometry,
        Technique::Pointing,
        2 * n..3 * n,
        |cell, _| {
            let [row, col, _] = geometry.cell_units[cell];
            [row, col]
        },
    )
}

pub fn claiming(board: &Board, geometry: &Geometry) -> Option<Step> {
    let n = board.size.n();
    // From a row or column to its box (the second target repeats the first: harmless).
    locked(board, geometry, Technique::Claiming, 0..2 * n, |cell, _| {
        let bx = geometry.cell_units[cell][2];
        [bx, bx]
    })
}

/// Locked candidates in words: "pointing: in box 1 the 4s lie in row 2 only, so remove …".
pub(super) fn words(size: Size, step: &Step) -> String {
    format!(
        "{}: in {} the {}s lie in {} only, so {}",
        step.technique.name(),
        unit(size, step, 0),
        explain::digits(size, &step.digits),
        unit(size, step, 1),
        removals(size, &step.eliminations)
    )
}
