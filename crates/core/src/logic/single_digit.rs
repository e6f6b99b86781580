//! Single-digit patterns: the short X-Chains players spot by shape, named as HoDoKu and the
//! forums name them. Each joins two strong links of one digit (a unit where the digit has just
//! two places) by a weak link (two of their ends see each other): one of the two far ends holds
//! the digit, so it goes from every cell that sees both.
//!
//! - Skyscraper: the two strong links in parallel lines (two rows, or two columns), their near
//!   ends in one cross line.
//! - 2-String Kite: one strong link in a row, one in a column, their near ends in one box and
//!   their far ends outside it.
//! - Turbot Fish: any other such chain of two strong links (one of the three links in a box).
//! - Empty Rectangle: a box whose places for the digit all lie in one of its rows and one of its
//!   columns (in both, not in one alone: a grouped strong link between the two arms), joined to
//!   a strong link in a line outside the box; the cell where the strong link's far end's line
//!   crosses the box's other arm loses the digit.

use super::explain::{cells, removals};
use super::{Board, Step, Technique};
use crate::bits::digit_bit;
use crate::grid::{cell_name, digit_char};
use crate::size::{Geometry, Size};

/// A digit's strong link: the unit and its two places.
#[derive(Clone, Copy)]
struct StrongLink {
    unit: usize,
    ends: [usize; 2],
}

/// The digit's strong links: every unit where it has exactly two places.
fn strong_links(board: &Board, geometry: &Geometry, digit: u8) -> Vec<StrongLink> {
    (0..geometry.units.len())
        .filter_map(|unit| {
            let places = board.places(geometry, unit, digit);
            (places.len() == 2).then(|| StrongLink {
                unit,
                ends: [places[0], places[1]],
            })
        })
        .collect()
}

/// Which of the three two-link patterns the chain `far1 = near1 - near2 = far2` is (its strong
/// links in units `first` and `second`).
fn shape(size: Size, first: usize, second: usize, near: [usize; 2], far: [usize; 2]) -> Technique {
    let n = size.n();
    let kind = |u: usize| u / n; // 0 row, 1 column, 2 box
    let (a, b) = (kind(first), kind(second));
    if a == b && a < 2 {
        // Parallel lines: a Skyscraper when the near ends share the cross line.
        let cross = |c: usize| {
            if a == 0 {
                size.col_of(c)
            } else {
                size.row_of(c)
            }
        };
        if cross(near[0]) == cross(near[1]) {
            return Technique::Skyscraper;
        }
    } else if a < 2 && b < 2 {
        let in_box = |c: usize| size.box_of(c) == size.box_of(near[0]);
        if in_box(near[1]) && !in_box(far[0]) && !in_box(far[1]) {
            return Technique::TwoStringKite;
        }
    }
    Technique::TurbotFish
}

/// The first chain of two strong links of the shape `wanted` that removes a candidate.
fn two_links(board: &Board, geometry: &Geometry, wanted: Technique) -> Option<Step> {
    let size = board.size();
    for digit in 1..=size.n() as u8 {
        let bit = digit_bit(digit);
        let links = strong_links(board, geometry, digit);
        for (i, first) in links.iter().enumerate() {
            for second in &links[i + 1..] {
                for (f, s) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                    let near = [first.ends[f], second.ends[s]];
                    let far = [first.ends[1 - f], second.ends[1 - s]];
                    let mut four = [near[0], near[1], far[0], far[1]];
                    four.sort_unstable();
                    if four.windows(2).any(|w| w[0] == w[1]) || !size.sees(near[0], near[1]) {
                        continue;
                    }
                    if shape(size, first.unit, second.unit, near, far) != wanted {
                        continue;
                    }
                    let eliminations: Vec<(usize, u8)> = geometry.peers[far[0]]
                        .iter()
                        .copied()
                        .filter(|&c| board.candidates(c) & bit != 0 && !four.contains(&c))
                        .filter(|&c| size.sees(c, far[1]))
                        .map(|c| (c, digit))
                        .collect();
                    if eliminations.is_empty() {
                        continue;
                    }
                    return Some(Step {
                        technique: wanted,
                        placements: Vec::new(),
                        eliminations,
                        pattern: vec![far[0], near[0], near[1], far[1]],
                        units: vec![first.unit, second.unit],
                        digits: vec![digit],
                        chains: Vec::new(),
                        complexity: 0,
                    });
                }
            }
        }
    }
    None
}

pub fn skyscraper(board: &Board, geometry: &Geometry) -> Option<Step> {
    two_links(board, geometry, Technique::Skyscraper)
}

pub fn two_string_kite(board: &Board, geometry: &Geometry) -> Option<Step> {
    two_links(board, geometry, Technique::TwoStringKite)
}

pub fn turbot_fish(board: &Board, geometry: &Geometry) -> Option<Step> {
    two_links(board, geometry, Technique::TurbotFish)
}

/// Empty Rectangle: for each box whose places for the digit lie in one row and one column of it
/// (in both), each strong link in a line crossing one arm's line outside the box.
pub fn empty_rectangle(board: &Board, geometry: &Geometry) -> Option<Step> {
    let size = board.size();
    let n = size.n();
    for digit in 1..=n as u8 {
        let bit = digit_bit(digit);
        let links = strong_links(board, geometry, digit);
        for b in 2 * n..3 * n {
            let places = board.places(geometry, b, digit);
            let in_box = |c: usize| size.box_of(c) + 2 * n == b;
            if places.len() < 2 {
                continue;
            }
            // The arms: a row and a column of the box holding every place, each holding one off
            // the other (else the places lie in one line: pointing's pattern).
            let first_row = size.row_of(geometry.units[b][0]);
            let first_col = size.col_of(geometry.units[b][0]);
            for row in first_row..first_row + size.box_side() {
                for col in first_col..first_col + size.box_side() {
                    let in_row = |c: usize| size.row_of(c) == row;
                    let in_col = |c: usize| size.col_of(c) == col;
                    if !places.iter().all(|&c| in_row(c) || in_col(c))
                        || !places.iter().any(|&c| !in_row(c))
                        || !places.iter().any(|&c| !in_col(c))
                    {
                        continue;
                    }
                    for link in &links {
                        if link.unit / n == 2 {
                            continue;
                        }
                        for near_end in 0..2 {
                            let (near, far) = (link.ends[near_end], link.ends[1 - near_end]);
                            if in_box(near) || in_box(far) {
                                continue;
                            }
                            // A link in a column whose near end is in the arm's row: the far
                            // end's row crosses the arm's column at the target (and the other
                            // way round).
                            let target = if link.unit / n == 1 && size.row_of(near) == row {
                                size.cell_at(size.row_of(far), col)
                            } else if link.unit / n == 0 && size.col_of(near) == col {
                                size.cell_at(row, size.col_of(far))
                            } else {
                                continue;
                            };
                            if in_box(target) || board.candidates(target) & bit == 0 {
                                continue;
                            }
                            let mut pattern = places.clone();
                            pattern.extend([near, far]);
                            return Some(Step {
                                technique: Technique::EmptyRectangle,
                                placements: Vec::new(),
                                eliminations: vec![(target, digit)],
                                pattern,
                                units: vec![b, link.unit],
                                digits: vec![digit],
                                chains: Vec::new(),
                                complexity: 0,
                            });
                        }
                    }
                }
            }
        }
    }
    None
}

/// A single-digit pattern in words: "Skyscraper on 4: r1c2 = r1c8 - r5c8 = r5c3 (the 4's only
/// two places in row 1 and in row 5); one end holds 4, so remove 4 from r2c3".
pub(super) fn words(size: Size, step: &Step) -> String {
    let digit = digit_char(size, step.digits[0]);
    let unit = |k: usize| size.unit(step.units[k]).to_string();
    if step.technique == Technique::EmptyRectangle {
        let box_places = &step.pattern[..step.pattern.len() - 2];
        let [near, far] = [
            step.pattern[step.pattern.len() - 2],
            step.pattern[step.pattern.len() - 1],
        ];
        return format!(
            "{}: the {digit}s of {} ({}) lie in one row and one column of it, and {} holds {digit} at {} or {} only; either way {digit} cannot go in the cell where those lines cross, so {}",
            step.technique.name(),
            unit(0),
            cells(size, box_places),
            unit(1),
            cell_name(size, near),
            cell_name(size, far),
            removals(size, &step.eliminations)
        );
    }
    let p = &step.pattern;
    format!(
        "{} on {digit}: {} = {} - {} = {} ({digit}'s only two places in {} and in {}); one end holds {digit}, so {}",
        step.technique.name(),
        cell_name(size, p[0]),
        cell_name(size, p[1]),
        cell_name(size, p[2]),
        cell_name(size, p[3]),
        unit(0),
        unit(1),
        removals(size, &step.eliminations)
    )
}
