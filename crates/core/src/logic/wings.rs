//! Wings. XY-Wing: a pivot with candidates {x, y} sees a pincer {x, z} and a pincer {y, z};
//! whichever the pivot takes, one pincer is z, so z goes nowhere that sees both pincers.
//! XYZ-Wing: the pivot is {x, y, z} and the pincers {x, z}, {y, z}: one of the three is z, so z
//! goes nowhere that sees all three.
//! W-Wing: two cells {x, y} that do not see each other, and a unit where x has exactly two places,
//! one seeing each of them: one of the two cells is not x, so it is y — y goes nowhere that sees
//! both.

use super::explain::{cells, digits, removals, unit};
use super::{digit_list, Board, Step, Technique};
use crate::bits::lowest_digit;
use crate::grid::{cell_name, digit_char};
use crate::size::{Geometry, Size};

/// Cells (other than the pattern's) that see every cell of `pattern` and may hold `digit`.
pub(super) fn seeing_all(
    board: &Board,
    geometry: &Geometry,
    pattern: &[usize],
    digit: u8,
) -> Vec<(usize, u8)> {
    let bit = crate::bits::digit_bit(digit);
    geometry.peers[pattern[0]]
        .iter()
        .copied()
        .filter(|c| !pattern.contains(c) && board.candidates[*c] & bit != 0)
        .filter(|&c| pattern[1..].iter().all(|&p| geometry.peers[p].contains(&c)))
        .map(|c| (c, digit))
        .collect()
}

fn wing(board: &Board, geometry: &Geometry, pivot_size: u32) -> Option<Step> {
    let technique = if pivot_size == 2 {
        Technique::XyWing
    } else {
        Technique::XyzWing
    };
    for pivot in 0..board.size.cells() {
        let p = board.candidates[pivot];
        if board.values[pivot] != 0 || p.count_ones() != pivot_size {
            continue;
        }
        let pincers: Vec<usize> = geometry.peers[pivot]
            .iter()
            .copied()
            .filter(|&c| board.candidates[c].count_ones() == 2)
            .collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (ca, cb) = (board.candidates[a], board.candidates[b]);
                let z = ca & cb;
                if ca == cb || z.count_ones() != 1 {
                    continue;
                }
                let fits = if pivot_size == 2 {
                    // Pivot {x, y}: the pincers' other digits are x and y, z is not the pivot's.
                    (ca | cb) & !z == p && p & z == 0
                } else {
                    // Pivot {x, y, z}: the pincers together are the pivot.
                    ca | cb == p
                };
                if !fits {
                    continue;
                }
                let digit = lowest_digit(z);
                let pattern: Vec<usize> = if pivot_size == 2 {
                    vec![a, b]
                } else {
                    vec![pivot, a, b]
                };
                let eliminations = seeing_all(board, geometry, &pattern, digit);
                if !eliminations.is_empty() {
                    return Some(Step {
                        technique,
                        placements: Vec::new(),
                        eliminations,
                        pattern: vec![pivot, a, b],
                        units: Vec::new(),
                        digits: digit_list(p | z),
                        chains: Vec::new(),
                        complexity: 0,
                    });
                }
            }
        }
    }
    None
}

pub fn xy_wing(board: &Board, geometry: &Geometry) -> Option<Step> {
    wing(board, geometry, 2)
}

pub fn xyz_wing(board: &Board, geometry: &Geometry) -> Option<Step> {
    wing(board, geometry, 3)
}

pub fn w_wing(board: &Board, geometry: &Geometry) -> Option<Step> {
    let pairs: Vec<usize> = (0..board.size.cells())
        .filter(|&c| board.values[c] == 0 && board.candidates[c].count_ones() == 2)
        .collect();
    for (i, &a) in pairs.iter().enumerate() {
        for &b in &pairs[i + 1..] {
            let both = board.candidates[a];
            if board.candidates[b] != both || geometry.peers[a].contains(&b) {
                continue;
            }
            for x in digit_list(both) {
                let y = lowest_digit(both & !crate::bits::digit_bit(x));
                for (u, _) in geometry.units.iter().enumerate() {
                    let places = board.places(geometry, u, x);
                    let [p, q] = places[..] else { continue };
                    if [p, q].contains(&a) || [p, q].contains(&b) {
                        continue;
                    }
                    let sees = |cell: usize, other: usize| geometry.peers[cell].contains(&other);
                    let linked = (sees(p, a) && sees(q, b)) || (sees(p, b) && sees(q, a));
                    if !linked {
                        continue;
                    }
                    let eliminations = seeing_all(board, geometry, &[a, b], y);
                    if !eliminations.is_empty() {
                        return Some(Step {
                            technique: Technique::WWing,
                            placements: Vec::new(),
                            eliminations,
                            pattern: vec![a, b, p, q],
                            units: vec![u],
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

/// A wing in words: its pivot and pincers (XY, XYZ) or its two cells and their link (W).
pub(super) fn words(size: Size, step: &Step) -> String {
    let name = step.technique.name();
    if step.technique == Technique::WWing {
        return format!(
            "{name}: {} and {} hold only {}, and the {}s of {} lie in {} only, one seeing each: one of the two cells is {}, so {}",
            cell_name(size, step.pattern[0]),
            cell_name(size, step.pattern[1]),
            digits(size, &step.digits),
            digit_char(size, step.digits[0]),
            unit(size, step, 0),
            cells(size, &step.pattern[2..]),
            digit_char(size, step.digits[1]),
            removals(size, &step.eliminations)
        );
    }
    format!(
        "{name}: pivot {} with pincers {}: one of them holds {}, so {}",
        cell_name(size, step.pattern[0]),
        cells(size, &step.pattern[1..]),
        step.eliminations
            .first()
            .map(|&(_, z)| digit_char(size, z).to_string())
            .unwrap_or_default(),
        removals(size, &step.eliminations)
    )
}
