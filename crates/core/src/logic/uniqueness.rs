//! Uniqueness: a puzzle with one solution cannot end in a pattern that two solutions share, so
//! the candidates that would make one go. Only for a board whose puzzle is known to have one
//! solution ([`Board::assume_unique`]): on another, these steps could remove every solution.
//!
//! Unique rectangle: four empty cells on two rows, two columns and two boxes, all holding the
//! digits a and b. Were those their only candidates, a and b could swap: two solutions. So
//! - type 1: three are {a, b}: the fourth is neither a nor b;
//! - type 2: two are {a, b}, the other two (in one unit) {a, b, x}: one of those is x, so x goes
//!   from every cell seeing both;
//! - type 4: two are {a, b}, the other two share a unit where a has no other place: one of them
//!   is a, so neither is b.
//!
//! BUG+1 (bivalue universal grave): every empty cell has two candidates but one, which has
//! three, and every digit left in a unit has two places there but in that cell's units, where
//! one has three. Were it not that digit, every cell and unit would be a pair: a pattern with
//! zero or two solutions. So the cell is that digit: its other candidates go.

use super::explain::{cells, digits, removals};
use super::wings::seeing_all;
use super::{digit_list, Board, Step, Technique};
use crate::bits::{digit_bit, digits as each_digit};
use crate::grid::cell_name;
use crate::size::{Geometry, Size};

/// The first unique rectangle of type 1, 2 or 4 on the board.
pub fn unique_rectangle(board: &Board, geometry: &Geometry) -> Option<Step> {
    let n = board.size.n();
    let bivalue = |c: usize| board.values[c] == 0 && board.candidates[c].count_ones() == 2;
    // A rectangle from a bivalue corner at (r1, c1) with another one in its row or column.
    for first in (0..n * n).filter(|&c| bivalue(c)) {
        let pair = board.candidates[first];
        let (r1, c1) = (first / n, first % n);
        for r2 in r1 + 1..n {
            for c2 in (0..n).filter(|&c2| c2 != c1) {
                let corners = [first, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                if let Some(step) = rectangle(board, geometry, corners, pair) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// The step a rectangle whose first corner is {a, b} gives, if any.
fn rectangle(board: &Board, geometry: &Geometry, corners: [usize; 4], pair: u32) -> Option<Step> {
    let boxes: Vec<usize> = corners.iter().map(|&c| geometry.cell_units[c][2]).collect();
    let distinct_boxes = {
        let mut b = boxes.clone();
        b.sort_unstable();
        b.dedup();
        b.len()
    };
    if distinct_boxes != 2
        || corners
            .iter()
            .any(|&c| board.values[c] != 0 || board.candidates[c] & pair != pair)
    {
        return None;
    }
    let [a, b] = digit_list(pair)[..] else {
        return None;
    };
    let extra: Vec<usize> = corners
        .iter()
        .copied()
        .filter(|&c| board.candidates[c] != pair)
        .collect();
    let step = |eliminations: Vec<(usize, u8)>| {
        (!eliminations.is_empty()).then(|| Step {
            technique: Technique::UniqueRectangle,
            placements: Vec::new(),
            eliminations,
            pattern: corners.to_vec(),
            units: Vec::new(),
            digits: vec![a, b],
            chains: Vec::new(),
            complexity: 0,
        })
    };
    match extra[..] {
        // Type 1: the fourth corner is neither.
        [roof] => step(
            vec![(roof, a), (roof, b)]
                .into_iter()
                .filter(|&(c, d)| board.candidates[c] & digit_bit(d) != 0)
                .collect(),
        ),
        [p, q] => {
            let shared: Vec<usize> = geometry.cell_units[p]
                .iter()
                .copied()
                .filter(|u| geometry.cell_units[q].contains(u))
                .collect();
            // Type 2: both roof cells are {a, b, x}.
            let (xp, xq) = (board.candidates[p] & !pair, board.candidates[q] & !pair);
            if xp == xq && xp.count_ones() == 1 {
                let x = digit_list(xp)[0];
                if let Some(step) = step(seeing_all(board, geometry, &[p, q], x)) {
                    return Some(step);
                }
            }
            // Type 4: a digit of the pair placed only on the roof in a shared unit.
            for (locked, other) in [(a, b), (b, a)] {
                let only_roof = shared.iter().any(|&u| {
                    let places = board.places(geometry, u, locked);
                    places.len() == 2 && places.contains(&p) && places.contains(&q)
                });
                if only_roof {
                    if let Some(step) = step(vec![(p, other), (q, other)]) {
                        return Some(step);
                    }
                }
            }
            None
        }
        _ => None,
    }
}

/// BUG+1: the one cell with three candidates, placed by elimination of the two that would
/// leave a bivalue grave.
pub fn bug_plus_one(board: &Board, geometry: &Geometry) -> Option<Step> {
    let cells = board.size.cells();
    let mut tri = None;
    for c in (0..cells).filter(|&c| board.values[c] == 0) {
        match board.candidates[c].count_ones() {
            2 => {}
            3 if tri.is_none() => tri = Some(c),
            _ => return None,
        }
    }
    let cell = tri?;
    // The digit with three places in the cell's units: the one the grave cannot take.
    let [row, col, bx] = geometry.cell_units[cell];
    let bug = each_digit(board.candidates[cell]).find(|&d| {
        [row, col, bx]
            .iter()
            .all(|&u| board.places(geometry, u, d).len() == 3)
    })?;
    // Every other digit of every unit has two places (or none, placed).
    let grave = (0..geometry.units.len()).all(|u| {
        each_digit(board.size.all_digits()).all(|d| {
            let places = board.places(geometry, u, d).len();
            let extra = usize::from(d == bug && geometry.units[u].contains(&cell));
            places == 0 || places == 2 + extra
        })
    });
    if !grave {
        return None;
    }
    let eliminations = each_digit(board.candidates[cell] & !digit_bit(bug))
        .map(|d| (cell, d))
        .collect();
    Some(Step {
        technique: Technique::BugPlusOne,
        placements: Vec::new(),
        eliminations,
        pattern: vec![cell],
        units: Vec::new(),
        digits: vec![bug],
        chains: Vec::new(),
        complexity: 0,
    })
}

/// A uniqueness step in words.
pub(super) fn words(size: Size, step: &Step) -> String {
    let name = step.technique.name();
    match step.technique {
        Technique::UniqueRectangle => format!(
            "{name}: were {} only {} between them, the two digits could swap (two solutions), \
             so {}",
            cells(size, &step.pattern),
            digits(size, &step.digits),
            removals(size, &step.eliminations)
        ),
        _ => format!(
            "{name}: every empty cell but {} has two candidates, and {} has three places in its \
             units: were {} not {}, the grid would be a bivalue grave (two solutions or none), \
             so {}",
            cell_name(size, step.pattern[0]),
            digits(size, &step.digits),
            cell_name(size, step.pattern[0]),
            digits(size, &step.digits),
            removals(size, &step.eliminations)
        ),
    }
}
