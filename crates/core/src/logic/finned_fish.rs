//! Finned fish: a fish (see `fish`) whose base lines hold a few more places for the digit, the
//! fins, all in one box. Either a fin holds the digit, or none does and the fish stands; so a
//! cell of a cover line inside the fins' box (outside the base lines) loses the digit either
//! way: it sees every fin. Sashimi when a base line keeps fewer than two places in the covers.
//! Searched on boards up to 16×16 (the choices of base lines and fin boxes grow fast).

use super::explain::{cells, digits, removals, unit_list};
use super::{Board, Step, Technique};
use crate::size::{Geometry, Size};

/// The largest side searched.
const UP_TO: usize = 16;

fn technique(k: usize) -> Technique {
    match k {
        2 => Technique::FinnedXWing,
        3 => Technique::FinnedSwordfish,
        _ => Technique::FinnedJellyfish,
    }
}

pub fn finned(board: &Board, geometry: &Geometry, k: usize) -> Option<Step> {
    let size = board.size();
    let (n, side) = (size.n(), size.box_side());
    if n > UP_TO {
        return None;
    }
    for digit in 1..=n as u8 {
        // Base rows and cover columns, then base columns and cover rows: bit i of a line's
        // mask is its i-th cell, in the i-th line of the other kind.
        for (first_base, first_cover) in [(0, n), (n, 0)] {
            let masks: Vec<u32> = (first_base..first_base + n)
                .map(|u| board.place_mask(geometry, u, digit))
                .collect();
            let lines: Vec<usize> = (0..n)
                .filter(|&i| (1..=k + side).contains(&(masks[i].count_ones() as usize)))
                .collect();
            let mut found = None;
            subsets(&lines, k, &mut |base| {
                found = fins_for(
                    board,
                    geometry,
                    (first_base, first_cover),
                    &masks,
                    base,
                    digit,
                    k,
                );
                found.is_some()
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// Calls `visit` with each `k`-subset of `items` until it returns true.
fn subsets(items: &[usize], k: usize, visit: &mut dyn FnMut(&[usize]) -> bool) -> bool {
    fn walk(
        items: &[usize],
        k: usize,
        pick: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize]) -> bool,
    ) -> bool {
        if pick.len() == k {
            return visit(pick);
        }
        for (i, &item) in items.iter().enumerate() {
            pick.push(item);
            let done = walk(&items[i + 1..], k, pick, visit);
            pick.pop();
            if done {
                return true;
            }
        }
        false
    }
    walk(items, k, &mut Vec::with_capacity(k), visit)
}

/// The finned fish on these base lines (indices within their kind), fins in one box, if one
/// removes a candidate.
fn fins_for(
    board: &Board,
    geometry: &Geometry,
    (first_base, first_cover): (usize, usize),
    masks: &[u32],
    base: &[usize],
    digit: u8,
    k: usize,
) -> Option<Step> {
    let size = board.size();
    let (n, side) = (size.n(), size.box_side());
    // Each box by its band of base lines and its stack of cover lines.
    for band in (0..n).step_by(side) {
        for stack in (0..n).step_by(side) {
            let stack_mask = ((1u32 << side) - 1) << stack;
            let in_band = |line: usize| (band..band + side).contains(&line);
            // Places outside the box must be covered.
            let core = base.iter().fold(0u32, |m, &l| {
                m | if in_band(l) {
                    masks[l] & !stack_mask
                } else {
                    masks[l]
                }
            });
            let in_box = base
                .iter()
                .filter(|&&l| in_band(l))
                .fold(0u32, |m, &l| m | (masks[l] & stack_mask));
            let Some(missing) = k.checked_sub(core.count_ones() as usize) else {
                continue;
            };
            if in_box == 0 || missing > side {
                continue;
            }
            // Covers: the core's lines, and `missing` more from the box's stack.
            let spare: Vec<usize> = (stack..stack + side)
                .filter(|&i| core >> i & 1 == 0)
                .collect();
            let mut step = None;
            subsets(&spare, missing, &mut |extra| {
                let covers = extra.iter().fold(core, |m, &i| m | 1 << i);
                let fins = in_box & !covers;
                if fins == 0 {
                    return false;
                }
                let eliminations: Vec<(usize, u8)> = (stack..stack + side)
                    .filter(|&i| covers >> i & 1 == 1)
                    .flat_map(|i| (band..band + side).map(move |line| (line, i)))
                    .filter(|&(line, _)| !base.contains(&line))
                    .map(|(line, i)| geometry.units[first_base + line][i])
                    .filter(|&c| board.candidates(c) & crate::bits::digit_bit(digit) != 0)
                    .map(|c| (c, digit))
                    .collect();
                if eliminations.is_empty() {
                    return false;
                }
                let mut units: Vec<usize> = base.iter().map(|&l| first_base + l).collect();
                units.extend(
                    (0..n)
                        .filter(|&i| covers >> i & 1 == 1)
                        .map(|i| first_cover + i),
                );
                let pattern = base
                    .iter()
                    .flat_map(|&l| Board::cells_at(geometry, first_base + l, masks[l]))
                    .collect();
                step = Some(Step {
                    technique: technique(k),
                    placements: Vec::new(),
                    eliminations,
                    pattern,
                    units,
                    digits: vec![digit],
                    chains: Vec::new(),
                    complexity: 0,
                });
                true
            });
            if step.is_some() {
                return step;
            }
        }
    }
    None
}

/// A finned fish in words: "Finned X-Wing: the 4s of row 2, row 7 lie in column 3, column 8 but
/// for the fins r2c5 in box 2; either a fin holds 4 or the X-Wing does, so …".
pub(super) fn words(size: Size, step: &Step) -> String {
    let k = step.units.len() / 2;
    let names = |units: &[usize]| unit_list(size, units);
    let covers = &step.units[k..];
    let fins: Vec<usize> = step
        .pattern
        .iter()
        .copied()
        .filter(|&c| !covers.iter().any(|&u| size.units_of(c).contains(&u)))
        .collect();
    let d = digits(size, &step.digits);
    format!(
        "{}: the {d}s of {} lie in {} but for {} (the fins, in box {}); either a fin holds {d} or the fish stands, so {}",
        step.technique.name(),
        names(&step.units[..k]),
        names(covers),
        cells(size, &fins),
        fins.first().map_or(0, |&c| size.box_of(c) + 1),
        removals(size, &step.eliminations)
    )
}
