//! Uniqueness: a puzzle with one solution cannot end in a pattern that two solutions share, so
//! the candidates that would make one go. Only for a board whose puzzle is known to have one
//! solution ([`Board::assume_unique`]): on another, these steps could remove every solution.
//!
//! Unique rectangle: four empty cells on two rows, two columns and two boxes, all holding the
//! digits a and b. Were those their only candidates, a and b could swap: two solutions. So
//! - type 1: three are {a, b}: the fourth is neither a nor b;
//! - type 2: two are {a, b}, the other two (in one unit) {a, b, x}: one of those is x, so x goes
//!   from every cell seeing both;
//! - type 3: two are {a, b}, the other two (in one unit) hold extra digits: one of them is one of
//!   those, so the two act as one cell in a naked subset of that unit;
//! - type 4: two are {a, b}, the other two share a unit where a has no other place: one of them
//!   is a, so neither is b;
//! - type 5: two or three corners are {a, b, x}: one is x, so x goes from every cell seeing all;
//! - type 6: two diagonal corners are {a, b}, and a's only places in both rows (or both
//!   columns) are corners: the other two corners are not a.
//!
//! Hidden rectangle: four such cells, one of them {a, b} only. Where a's only places in the row
//! and in the column of the opposite corner are corners, that corner is not b: were it b, the
//! row and the column would put a in the two other corners, the first corner would be b, and a
//! and b could swap.
//!
//! BUG+1 (bivalue universal grave): every empty cell has two candidates but one, which has
//! three, and every digit left in a unit has two places there but in that cell's units, where
//! one has three. Were it not that digit, every cell and unit would be a pair: a pattern with
//! zero or two solutions. So the cell is that digit: its other candidates go.

use super::explain::{cells, digits, removals};
use super::subset_search::first_subset;
use super::wings::seeing_all;
use super::{digit_list, Board, Step, Technique};
use crate::bits::{digit_bit, digits as each_digit};
use crate::grid::{cell_name, digit_char};
use crate::size::{Geometry, Size};

/// The first unique rectangle of type 1, 2 or 4 on the board.
pub fn unique_rectangle(board: &Board, geometry: &Geometry) -> Option<Step> {
    let n = board.size.n();
    let bivalue = |c: usize| board.values[c] == 0 && board.candidates[c].count_ones() == 2;
    // Every rectangle with a bivalue corner at (r1, c1): the other rows above and below it
    // (the two {a, b} corners of types 2 to 6 may be the lower ones).
    for first in (0..n * n).filter(|&c| bivalue(c)) {
        let pair = board.candidates[first];
        let (r1, c1) = (first / n, first % n);
        for r2 in (0..n).filter(|&r| r != r1) {
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
    if !rectangle_of(board, geometry, corners, pair) {
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
            // Type 2 (type 5 when the two are diagonal): both are {a, b, x}.
            let (xp, xq) = (board.candidates[p] & !pair, board.candidates[q] & !pair);
            if xp == xq && xp.count_ones() == 1 {
                let x = digit_list(xp)[0];
                if let Some(step) = step(seeing_all(board, geometry, &[p, q], x)) {
                    return Some(step);
                }
            }
            // Types 3 and 6 (and 5) are left out of the page's first-load build, as every
            // technique from the Skyscraper on: a path that needs them goes to the full worker.
            if !super::ALL_TECHNIQUES {
                return type_4(board, geometry, [p, q], &shared, [a, b], step);
            }
            // Type 3: one of the two holds an extra digit, a cell of a naked subset in a unit
            // they share.
            for &unit in &shared {
                if let Some((subset, eliminations)) = type_3(board, geometry, unit, [p, q], xp | xq)
                {
                    return step(eliminations).map(|step| Step {
                        pattern: corners.iter().copied().chain(subset).collect(),
                        units: vec![unit],
                        ..step
                    });
                }
            }
            if let Some(step) = type_4(board, geometry, [p, q], &shared, [a, b], step) {
                return Some(step);
            }
            // Type 6: the two are diagonal and a digit of the pair has its only places in both
            // rows (or both columns) on the corners: were either roof cell that digit, both
            // would be, the floor both the other digit, and the two could swap.
            if !shared.is_empty() {
                return None;
            }
            let (locked, lines) = type_6_lines(board, geometry, corners, [a, b])?;
            step(vec![(p, locked), (q, locked)]).map(|step| Step {
                units: lines.to_vec(),
                digits: vec![locked, if locked == a { b } else { a }],
                ..step
            })
        }
        // Type 5: three corners are {a, b, x}: x goes from every cell seeing all three.
        [p, q, r] if super::ALL_TECHNIQUES => {
            let x = board.candidates[p] & !pair;
            let same = [q, r].iter().all(|&c| board.candidates[c] & !pair == x);
            if !same || x.count_ones() != 1 {
                return None;
            }
            step(seeing_all(board, geometry, &[p, q, r], digit_list(x)[0]))
        }
        _ => None,
    }
}

type Eliminations = Vec<(usize, u8)>;

/// Type 4: a digit of the pair placed only on the roof in a unit the roof shares: one of the
/// roof is that digit, so neither is the other digit.
fn type_4(
    board: &Board,
    geometry: &Geometry,
    [p, q]: [usize; 2],
    shared: &[usize],
    [a, b]: [u8; 2],
    step: impl Fn(Eliminations) -> Option<Step>,
) -> Option<Step> {
    [(a, b), (b, a)].into_iter().find_map(|(locked, other)| {
        let only_roof = shared.iter().any(|&u| {
            let places = board.places(geometry, u, locked);
            places.len() == 2 && places.contains(&p) && places.contains(&q)
        });
        if only_roof {
            step(vec![(p, other), (q, other)])
        } else {
            None
        }
    })
}

/// Type 3: in `unit`, other cells whose candidates with the roof's `extra` digits make as many
/// digits as cells counting the roof as one: those digits go from the rest of the unit. The
/// smallest such subset (up to three cells) that removes something, with its removals: the
/// naked subsets' search, the roof one more item (first, so every subset taken holds it).
fn type_3(
    board: &Board,
    geometry: &Geometry,
    unit: usize,
    roof: [usize; 2],
    extra: u32,
) -> Option<(Vec<usize>, Eliminations)> {
    let others: Vec<usize> = geometry.units[unit]
        .iter()
        .copied()
        .filter(|&c| board.values[c] == 0 && !roof.contains(&c))
        .collect();
    // Item 0 is the roof, as one cell holding its extra digits; item i the i-th other cell.
    let masks: Vec<u32> = std::iter::once(extra)
        .chain(others.iter().map(|&c| board.candidates[c]))
        .collect();
    let items: Vec<usize> = (0..masks.len()).collect();
    (2..=4.min(items.len())).find_map(|k| {
        first_subset(&items, k, &masks, &mut |pick, digits| {
            let subset: Vec<usize> = pick
                .strip_prefix(&[0])?
                .iter()
                .map(|&i| others[i - 1])
                .collect();
            let eliminations: Eliminations = others
                .iter()
                .filter(|c| !subset.contains(c))
                .flat_map(|&c| each_digit(board.candidates[c] & digits).map(move |d| (c, d)))
                .collect();
            (!eliminations.is_empty()).then_some((subset, eliminations))
        })
    })
}

/// Type 6: a digit of the pair whose only places in the rectangle's two rows, or in its two
/// columns, are its corners, with those two lines.
fn type_6_lines(
    board: &Board,
    geometry: &Geometry,
    corners: [usize; 4],
    pair: [u8; 2],
) -> Option<(u8, [usize; 2])> {
    let rows = [0, 3].map(|i| geometry.cell_units[corners[i]][0]);
    let columns = [0, 3].map(|i| geometry.cell_units[corners[i]][1]);
    pair.into_iter()
        .flat_map(|digit| [(digit, rows), (digit, columns)])
        .find(|&(digit, lines)| {
            lines.iter().all(|&line| {
                let places = board.places(geometry, line, digit);
                places.len() == 2 && places.iter().all(|c| corners.contains(c))
            })
        })
}

/// The first hidden rectangle on the board: from each bivalue corner, every rectangle.
pub fn hidden_rectangle(board: &Board, geometry: &Geometry) -> Option<Step> {
    let size = board.size;
    let n = size.n();
    for first in 0..n * n {
        let pair = board.candidates[first];
        if board.values[first] != 0 || pair.count_ones() != 2 {
            continue;
        }
        let [a, b] = digit_list(pair)[..] else {
            continue;
        };
        let (r1, c1) = (first / n, first % n);
        for r2 in (0..n).filter(|&r| r != r1) {
            for c2 in (0..n).filter(|&c| c != c1) {
                // first (r1, c1), beside it in its row and its column, opposite (r2, c2).
                let corners = [first, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                if !rectangle_of(board, geometry, corners, pair) {
                    continue;
                }
                let opposite = corners[3];
                for (x, y) in [(a, b), (b, a)] {
                    let only_corners = |unit: usize, other: usize| {
                        let places = board.places(geometry, unit, x);
                        places.len() == 2 && places.contains(&opposite) && places.contains(&other)
                    };
                    if only_corners(r2, corners[2]) && only_corners(n + c2, corners[1]) {
                        return Some(Step {
                            technique: Technique::HiddenRectangle,
                            placements: Vec::new(),
                            eliminations: vec![(opposite, y)],
                            pattern: corners.to_vec(),
                            units: vec![r2, n + c2],
                            digits: vec![x, y],
                            chains: Vec::new(),
                            complexity: 0,
                        });
                    }
                }
            }
        }
    }
    None
}

/// Whether four cells on two rows and two columns make a rectangle in two boxes, every corner
/// empty and holding both digits of `pair`.
fn rectangle_of(board: &Board, geometry: &Geometry, corners: [usize; 4], pair: u32) -> bool {
    let mut boxes = corners.map(|c| geometry.cell_units[c][2]);
    boxes.sort_unstable();
    let distinct = 1 + boxes.windows(2).filter(|w| w[0] != w[1]).count();
    distinct == 2
        && corners
            .iter()
            .all(|&c| board.values[c] == 0 && board.candidates[c] & pair == pair)
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
        Technique::UniqueRectangle => {
            let corners = &step.pattern[..4];
            let shapes = if super::ALL_TECHNIQUES {
                (&step.pattern[4..], &step.units[..])
            } else {
                // The first-load build finds none of types 3 and 6 (see `rectangle`).
                (&[][..], &[][..])
            };
            let why = match shapes {
                // Type 3: a naked subset with the roof.
                (subset @ [_, ..], [unit]) => format!(
                    "so a corner holds another digit, which with {} makes a naked subset in {}: ",
                    cells(size, subset),
                    size.unit(*unit)
                ),
                // Type 6: the digit's places in two lines are the corners.
                ([], [first, second]) => format!(
                    "and {}'s only places in {} and {} are corners, so were a corner with more \
                     candidates {}, so would be the other, and the floor the other digit: ",
                    digit_char(size, step.digits[0]),
                    size.unit(*first),
                    size.unit(*second),
                    digit_char(size, step.digits[0])
                ),
                _ => "so ".to_string(),
            };
            format!(
                "{name}: were {} only {} between them, the two digits could swap (two \
                 solutions), {why}{}",
                cells(size, corners),
                digits(size, &step.digits),
                removals(size, &step.eliminations)
            )
        }
        Technique::HiddenRectangle => {
            let [x, y] = [step.digits[0], step.digits[1]].map(|d| digit_char(size, d));
            let p = &step.pattern;
            format!(
                "{name}: {} hold {x} and {y}, {} nothing else, and {x}'s only places in {} and \
                 in {} are corners; were {} {y}, they would put {x} in {} and {}, {} would be \
                 {y}, and {x} and {y} could swap (two solutions), so {}",
                cells(size, p),
                cell_name(size, p[0]),
                size.unit(step.units[0]),
                size.unit(step.units[1]),
                cell_name(size, p[3]),
                cell_name(size, p[2]),
                cell_name(size, p[1]),
                cell_name(size, p[0]),
                removals(size, &step.eliminations)
            )
        }
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
