//! Sue de Coq (two-sector disjoint subsets): where a row or column crosses a box, take some of
//! the crossing's empty cells, I, holding at least |I| + 2 digits between them. Add cells L of
//! the rest of the line and cells B of the rest of the box, each sharing a digit with I, such
//! that L's digits and B's digits are apart and the |I| + |L| + |B| cells hold exactly as many
//! digits. Then each of those digits is in exactly one of the cells: I and L lie in the line, I
//! and B in the box, and no digit can be in both L and B. So a digit of L (it is in I or L) goes
//! from the rest of the line, a digit of B from the rest of the box, and a digit of I alone from
//! both.
//!
//! The search: for each crossing and each choice of I, the subsets of the line's rest and of
//! the box's rest; a pair (L, B) balances when |B's digits outside I| − |B| equals
//! |I| + |L| − |digits of I and L|, so the box's subsets are put in buckets by that number and
//! each subset of the line looks in one bucket.

use super::explain::{cells, digits, removals};
use super::{digit_list, Board, Step, Technique};
use crate::size::{Geometry, Size};

/// The first Sue de Coq that removes a candidate: rows, then columns, each with the boxes it
/// crosses; the crossing's smaller subsets first.
pub fn sue_de_coq(board: &Board, geometry: &Geometry) -> Option<Step> {
    let size = board.size();
    let n = size.n();
    // Subsets of a line's or a box's rest: every one on 9×9, small ones on larger grids (the
    // rest holds up to 20 cells there).
    let most = match n {
        0..=9 => n,
        10..=16 => 3,
        _ => 2,
    };
    let empty = |c: &usize| board.values()[*c] == 0;
    for line in 0..2 * n {
        let mut boxes: Vec<usize> = geometry.units[line]
            .iter()
            .map(|&c| geometry.cell_units[c][2])
            .collect();
        boxes.dedup();
        for bx in boxes {
            let in_box = |c: &usize| geometry.cell_units[*c][2] == bx;
            let crossing: Vec<usize> = geometry.units[line]
                .iter()
                .copied()
                .filter(|c| in_box(c) && empty(c))
                .collect();
            if crossing.len() < 2 {
                continue;
            }
            let line_rest: Vec<usize> = geometry.units[line]
                .iter()
                .copied()
                .filter(|c| !in_box(c) && empty(c))
                .collect();
            let box_rest: Vec<usize> = geometry.units[bx]
                .iter()
                .copied()
                .filter(|c| !geometry.cell_units[*c].contains(&line) && empty(c))
                .collect();
            for core in subsets(board, &crossing, crossing.len(), 0) {
                if core.cells.len() < 2 || core.digits.count_ones() < core.cells.len() as u32 + 2 {
                    continue;
                }
                let found = balanced(board, &core, &line_rest, &box_rest, most)
                    .and_then(|(l, b)| step(board, geometry, [line, bx], &core, &l, &b));
                if found.is_some() {
                    return found;
                }
            }
        }
    }
    None
}

/// Some cells and the union of their candidates.
#[derive(Clone)]
struct Part {
    cells: Vec<usize>,
    digits: u32,
}

/// Every subset of `cells` of 1 to `most` cells (0 included when `touching` is 0) whose cells
/// each share a candidate with `touching` (when it is not 0), smaller ones first.
fn subsets(board: &Board, cells: &[usize], most: usize, touching: u32) -> Vec<Part> {
    let usable: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&c| touching == 0 || board.candidates(c) & touching != 0)
        .collect();
    let mut all = vec![Part {
        cells: Vec::new(),
        digits: 0,
    }];
    // Each cell either joins every subset so far or not: subsets in the order of their cells.
    for &cell in &usable {
        let grown: Vec<Part> = all
            .iter()
            .filter(|p| p.cells.len() < most)
            .map(|p| Part {
                cells: p.cells.iter().copied().chain([cell]).collect(),
                digits: p.digits | board.candidates(cell),
            })
            .collect();
        all.extend(grown);
    }
    all.sort_by_key(|p| p.cells.len());
    if touching != 0 {
        all.retain(|p| !p.cells.is_empty());
    }
    all
}

/// The first (L, B) that, with `core`, holds as many digits as cells, L's and B's digits apart.
fn balanced(
    board: &Board,
    core: &Part,
    line_rest: &[usize],
    box_rest: &[usize],
    most: usize,
) -> Option<(Part, Part)> {
    let in_core = core.digits;
    let sides = |rest: &[usize]| subsets(board, rest, most.min(rest.len()), in_core);
    let (lines, boxes) = (sides(line_rest), sides(box_rest));
    // A box subset's key: its digits outside the crossing's, less its cells (≥ −|B|).
    let offset = most as i32;
    let key = |b: &Part| (b.digits & !in_core).count_ones() as i32 - b.cells.len() as i32;
    let mut buckets: Vec<Vec<&Part>> = Vec::new();
    for b in &boxes {
        let at = (key(b) + offset) as usize;
        if buckets.len() <= at {
            buckets.resize(at + 1, Vec::new());
        }
        buckets[at].push(b);
    }
    for l in &lines {
        let wanted = (core.cells.len() + l.cells.len()) as i32
            - (core.digits | l.digits).count_ones() as i32;
        let Some(bucket) = usize::try_from(wanted + offset)
            .ok()
            .and_then(|at| buckets.get(at))
        else {
            continue;
        };
        if let Some(b) = bucket.iter().find(|b| b.digits & l.digits == 0) {
            return Some((l.clone(), (*b).clone()));
        }
    }
    None
}

/// The step of a balanced Sue de Coq, if it removes anything: L's digits and the crossing's
/// not in B from the rest of the line, B's and the crossing's not in L from the rest of the box.
fn step(
    board: &Board,
    geometry: &Geometry,
    [line, bx]: [usize; 2],
    core: &Part,
    l: &Part,
    b: &Part,
) -> Option<Step> {
    let pattern: Vec<usize> = core
        .cells
        .iter()
        .chain(&l.cells)
        .chain(&b.cells)
        .copied()
        .collect();
    let line_digits = l.digits | (core.digits & !b.digits);
    let box_digits = b.digits | (core.digits & !l.digits);
    let mut eliminations = Vec::new();
    for (unit, gone) in [(line, line_digits), (bx, box_digits)] {
        for &cell in &geometry.units[unit] {
            if pattern.contains(&cell) || board.values()[cell] != 0 {
                continue;
            }
            for d in digit_list(board.candidates(cell) & gone) {
                if !eliminations.contains(&(cell, d)) {
                    eliminations.push((cell, d));
                }
            }
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let all = core.digits | l.digits | b.digits;
    Some(Step {
        technique: Technique::SueDeCoq,
        placements: Vec::new(),
        eliminations,
        pattern,
        units: vec![line, bx],
        digits: digit_list(all),
        chains: Vec::new(),
        complexity: 0,
    })
}

/// A Sue de Coq in words.
pub(super) fn words(size: Size, step: &Step) -> String {
    let [line, bx] = step.units[..] else {
        return String::new();
    };
    // The crossing's cells are in both units, the others in one.
    let part = |in_line: bool, in_box: bool| -> Vec<usize> {
        step.pattern
            .iter()
            .copied()
            .filter(|&c| {
                let units = size.units_of(c);
                units.contains(&line) == in_line && units.contains(&bx) == in_box
            })
            .collect()
    };
    format!(
        "{}: {} (where {} crosses {}), {} (in the rest of the {}) and {} (in the rest of the \
         box) are {} cells holding {} digits, {}, the {}'s and the box's apart: each digit is in \
         exactly one of them, so {}",
        step.technique.name(),
        cells(size, &part(true, true)),
        size.unit(line),
        size.unit(bx),
        cells(size, &part(true, false)),
        size.unit(line).kind,
        cells(size, &part(false, true)),
        step.pattern.len(),
        step.digits.len(),
        digits(size, &step.digits),
        size.unit(line).kind,
        removals(size, &step.eliminations)
    )
}
