//! Naked and hidden subsets (pairs, triples, quads) in a unit. Naked: k cells whose candidates
//! together are k digits — those digits go nowhere else in the unit. Hidden: k digits whose
//! places together are k cells — those cells take no other digit. Direct hidden pair or triple
//! (as Sudoku Explainer rates them, below a naked single): the removals leave another digit one
//! place in the unit, which the step fills.

use super::explain::{cells, digits, removals, unit};
use super::{digit_list, first_subset, Board, Step, Technique};
use crate::bits::digit_bit;
use crate::grid::{cell_name, digit_char};
use crate::size::{Geometry, Size};

fn technique(naked: bool, k: usize) -> Technique {
    match (naked, k) {
        (true, 2) => Technique::NakedPair,
        (true, 3) => Technique::NakedTriple,
        (true, _) => Technique::NakedQuad,
        (false, 2) => Technique::HiddenPair,
        (false, 3) => Technique::HiddenTriple,
        (false, _) => Technique::HiddenQuad,
    }
}

pub fn naked(board: &Board, geometry: &Geometry, k: usize) -> Option<Step> {
    naked_in(board, geometry, k, 0..geometry.units.len(), false)
}

/// A locked pair or triple (as HoDoKu names them): a naked subset of a box whose cells share a
/// row or column too, so its digits leave both the box and the line.
pub fn locked(board: &Board, geometry: &Geometry, k: usize) -> Option<Step> {
    let n = board.size.n();
    naked_in(board, geometry, k, 2 * n..3 * n, true)
}

/// Naked subsets of `k` cells in `units`; `locked`: only those whose cells share a line too,
/// removing from both.
fn naked_in(
    board: &Board,
    geometry: &Geometry,
    k: usize,
    units: std::ops::Range<usize>,
    locked: bool,
) -> Option<Step> {
    for u in units {
        let cells = &geometry.units[u];
        let open: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&c| board.values[c] == 0)
            .collect();
        if open.len() <= k {
            continue;
        }
        let small: Vec<usize> = open
            .iter()
            .copied()
            .filter(|&c| (board.candidates[c].count_ones() as usize) <= k)
            .collect();
        let step = first_subset(&small, k, &board.candidates, &mut |subset, union| {
            let mut units = vec![u];
            let mut seen = open.clone();
            if locked {
                // The row, else the column, every cell of the subset lies in.
                let line = (0..2)
                    .map(|kind| geometry.cell_units[subset[0]][kind])
                    .find(|&line| {
                        subset
                            .iter()
                            .all(|&c| geometry.cell_units[c].contains(&line))
                    })?;
                units.push(line);
                seen.extend(
                    geometry.units[line]
                        .iter()
                        .filter(|&&c| board.values[c] == 0 && !cells.contains(&c)),
                );
            }
            let eliminations: Vec<(usize, u8)> = seen
                .iter()
                .filter(|c| !subset.contains(c))
                .flat_map(|&c| {
                    digit_list(board.candidates[c] & union)
                        .into_iter()
                        .map(move |d| (c, d))
                })
                .collect();
            // Locked: it removes from the box and from the line (removing from one only, it is
            // that unit's naked subset, as HoDoKu tells them apart).
            let removes_from = |in_box: bool| {
                eliminations
                    .iter()
                    .any(|(c, _)| cells.contains(c) == in_box)
            };
            if locked && !(removes_from(true) && removes_from(false)) {
                return None;
            }
            (!eliminations.is_empty()).then(|| Step {
                technique: match (locked, k) {
                    (true, 2) => Technique::LockedPair,
                    (true, _) => Technique::LockedTriple,
                    _ => technique(true, k),
                },
                placements: Vec::new(),
                eliminations,
                pattern: subset.to_vec(),
                units,
                digits: digit_list(union),
                chains: Vec::new(),
                complexity: 0,
            })
        });
        if step.is_some() {
            return step;
        }
    }
    None
}

pub fn hidden(board: &Board, geometry: &Geometry, k: usize) -> Option<Step> {
    hidden_with(board, geometry, k, 0..geometry.units.len(), &Some)
}

/// Naked (or hidden) subsets searched as HoDoKu searches them: boxes, then rows, then columns.
pub fn boxes_first(board: &Board, geometry: &Geometry, k: usize, naked: bool) -> Option<Step> {
    let n = board.size.n();
    [2 * n..3 * n, 0..n, n..2 * n]
        .into_iter()
        .find_map(|units| {
            if naked {
                naked_in(board, geometry, k, units, false)
            } else {
                hidden_with(board, geometry, k, units, &Some)
            }
        })
}

pub fn direct_hidden(board: &Board, geometry: &Geometry, k: usize) -> Option<Step> {
    let technique = match k {
        2 => Technique::DirectHiddenPair,
        _ => Technique::DirectHiddenTriple,
    };
    hidden_with(board, geometry, k, 0..geometry.units.len(), &|step| {
        let u = step.units[0];
        let open = geometry.units[u]
            .iter()
            .fold(0u32, |m, &c| m | board.candidates[c]);
        let single = digit_list(open)
            .into_iter()
            .filter(|d| !step.digits.contains(d))
            .find_map(|d| {
                let places = board.places(geometry, u, d);
                let mut kept = places.iter().filter(|c| !step.pattern.contains(c));
                match (places.len() > 1, kept.next(), kept.next()) {
                    (true, Some(&cell), None) => Some((cell, d)),
                    _ => None,
                }
            })?;
        Some(Step {
            technique,
            placements: vec![single],
            ..step
        })
    })
}

/// Hidden subsets of `k` digits; `finish` turns the first it accepts into the step.
fn hidden_with(
    board: &Board,
    geometry: &Geometry,
    k: usize,
    units: std::ops::Range<usize>,
    finish: &dyn Fn(Step) -> Option<Step>,
) -> Option<Step> {
    for u in units {
        let cells = &geometry.units[u];
        let open = cells.iter().fold(0u32, |m, &c| m | board.candidates[c]);
        if (open.count_ones() as usize) <= k {
            continue;
        }
        let places = board.unit_places(geometry, u);
        // Digits with 2..=k places in the unit.
        let candidates: Vec<usize> = digit_list(open)
            .into_iter()
            .map(usize::from)
            .filter(|&d| (2..=k).contains(&(places[d].count_ones() as usize)))
            .collect();
        let step = first_subset(&candidates, k, &places, &mut |subset, joined| {
            let digits_mask = subset.iter().fold(0u32, |m, &d| m | digit_bit(d as u8));
            let mut pattern = Board::cells_at(geometry, u, joined);
            pattern.sort_unstable();
            let eliminations: Vec<(usize, u8)> = pattern
                .iter()
                .flat_map(|&c| {
                    digit_list(board.candidates[c] & !digits_mask)
                        .into_iter()
                        .map(move |d| (c, d))
                })
                .collect();
            if eliminations.is_empty() {
                return None;
            }
            finish(Step {
                technique: technique(false, k),
                placements: Vec::new(),
                eliminations,
                pattern,
                units: vec![u],
                digits: subset.iter().map(|&d| d as u8).collect(),
                chains: Vec::new(),
                complexity: 0,
            })
        });
        if step.is_some() {
            return step;
        }
    }
    None
}

/// A subset in words: "naked pair: r1c1, r1c5 in row 1 hold only 37 between them, so …".
pub(super) fn words(size: Size, step: &Step) -> String {
    let name = step.technique.name();
    let d = digits(size, &step.digits);
    let (pattern, unit, removals) = (
        cells(size, &step.pattern),
        unit(size, step, 0),
        removals(size, &step.eliminations),
    );
    match step.technique {
        Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => {
            format!("{name}: {pattern} in {unit} hold only {d} between them, so {removals}")
        }
        Technique::LockedPair | Technique::LockedTriple => format!(
            "{name}: {pattern} in {unit} and {} hold only {d} between them, so {removals}",
            super::explain::unit(size, step, 1)
        ),
        _ => match step.placements.first() {
            Some(&(cell, digit)) => {
                let digit = digit_char(size, digit);
                format!(
                    "{name}: in {unit} the digits {d} fit only {pattern}, so those cells hold \
                     no other, which leaves {} = {digit} the only place for {digit} in {unit}",
                    cell_name(size, cell)
                )
            }
            None => format!("{name}: in {unit} the digits {d} fit only {pattern}, so {removals}"),
        },
    }
}
