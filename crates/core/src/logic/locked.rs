//! Locked candidates. Pointing: a box's candidates for a digit all lie in one row (column), so
//! the digit goes nowhere else in that row (column). Claiming: a row's (column's) candidates for
//! a digit all lie in one box, so the digit goes nowhere else in that box. Direct (as Sudoku
//! Explainer rates them, below a naked single): the removals leave the digit one place in
//! another unit of the source's kind, which the step fills.

use super::explain::{self, cells, removals, unit};
use super::{Board, Step, Technique};
use crate::bits::digits;
use crate::grid::cell_name;
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
/// eliminate it from the rest of that unit. `finish` turns the first pattern it accepts into
/// the step.
fn locked(
    board: &Board,
    geometry: &Geometry,
    sources: std::ops::Range<usize>,
    shared: &dyn Fn(usize, usize) -> [usize; 2],
    finish: &dyn Fn(Step) -> Option<Step>,
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
                    if eliminations.is_empty() {
                        continue;
                    }
                    let step = Step {
                        technique: Technique::Pointing,
                        placements: Vec::new(),
                        eliminations,
                        pattern: places.clone(),
                        units: vec![source, target],
                        digits: vec![d],
                        chains: Vec::new(),
                        complexity: 0,
                    };
                    if let Some(step) = finish(step) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

/// From a box to its row or column.
fn pointing_with(
    board: &Board,
    geometry: &Geometry,
    finish: &dyn Fn(Step) -> Option<Step>,
) -> Option<Step> {
    let n = board.size.n();
    let line = |cell: usize, _| {
        let [row, col, _] = geometry.cell_units[cell];
        [row, col]
    };
    locked(board, geometry, 2 * n..3 * n, &line, finish)
}

/// From a row or column to its box (the second target repeats the first: harmless).
fn claiming_with(
    board: &Board,
    geometry: &Geometry,
    finish: &dyn Fn(Step) -> Option<Step>,
) -> Option<Step> {
    let n = board.size.n();
    let bx = |cell: usize, _| {
        let bx = geometry.cell_units[cell][2];
        [bx, bx]
    };
    locked(board, geometry, 0..2 * n, &bx, finish)
}

pub fn pointing(board: &Board, geometry: &Geometry) -> Option<Step> {
    pointing_with(board, geometry, &Some)
}

pub fn claiming(board: &Board, geometry: &Geometry) -> Option<Step> {
    claiming_with(board, geometry, &|step| {
        Some(Step {
            technique: Technique::Claiming,
            ..step
        })
    })
}

pub fn direct_pointing(board: &Board, geometry: &Geometry) -> Option<Step> {
    pointing_with(board, geometry, &|step| {
        direct(board, geometry, step, Technique::DirectPointing)
    })
}

pub fn direct_claiming(board: &Board, geometry: &Geometry) -> Option<Step> {
    claiming_with(board, geometry, &|step| {
        direct(board, geometry, step, Technique::DirectClaiming)
    })
}

/// The locked-candidates step as a direct one, if its removals leave its digit a single place
/// in another unit of the source's kind (a box for pointing, a line for claiming).
fn direct(board: &Board, geometry: &Geometry, step: Step, technique: Technique) -> Option<Step> {
    let n = board.size.n();
    let (source, digit) = (step.units[0], step.digits[0]);
    let removed = |c: &usize| step.eliminations.iter().any(|&(e, _)| e == *c);
    let single = (0..3 * n)
        .filter(|&u| u != source && u / n == source / n)
        .find_map(|u| {
            let places = board.places(geometry, u, digit);
            let mut kept = places.iter().copied().filter(|c| !removed(c));
            match (places.len() > 1, kept.next(), kept.next()) {
                (true, Some(cell), None) => Some((cell, u)),
                _ => None,
            }
        })?;
    let mut units = step.units;
    units.push(single.1);
    Some(Step {
        technique,
        placements: vec![(single.0, digit)],
        units,
        ..step
    })
}

/// Locked candidates in words: "pointing: in box 1 the 4s lie in row 2 only, so remove …",
/// and for a direct one ", which leaves r5c7 = 4 the only place for 4 in box 6".
pub(super) fn words(size: Size, step: &Step) -> String {
    let digit = explain::digits(size, &step.digits);
    let head = format!(
        "{}: in {} the {digit}s lie in {} only, so",
        step.technique.name(),
        unit(size, step, 0),
        unit(size, step, 1),
    );
    match step.placements.first() {
        Some(&(cell, _)) => {
            let outside: Vec<usize> = step.eliminations.iter().map(|&(c, _)| c).collect();
            format!(
                "{head} {} cannot be {digit}, which leaves {} = {digit} the only place for \
                 {digit} in {}",
                cells(size, &outside),
                cell_name(size, cell),
                unit(size, step, 2)
            )
        }
        None => format!("{head} {}", removals(size, &step.eliminations)),
    }
}
