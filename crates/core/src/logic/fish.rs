//! Fish (X-Wing k = 2, Swordfish 3, Jellyfish 4): a digit whose places in k rows all lie in the
//! same k columns must take those columns' places in those rows, so it goes nowhere else in
//! those columns — and the same with rows and columns exchanged.

use super::explain::{digits, removals, unit_list};
use super::{first_subset, Board, Step, Technique};
use crate::size::{Geometry, Size};

fn technique(k: usize) -> Technique {
    match k {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    }
}

pub fn fish(board: &Board, geometry: &Geometry, k: usize) -> Option<Step> {
    let n = board.size.n();
    for digit in 1..=n as u8 {
        // Base rows, cover columns; then base columns, cover rows.
        for (bases, cover_kind) in [(0..n, 1usize), (n..2 * n, 0usize)] {
            // Each line's places for the digit, as the cover lines they lie in: bit i, the
            // line's i-th cell, lies in the i-th cover line of the other kind.
            let first_cover = if cover_kind == 0 { 0 } else { n };
            let mut line_covers = vec![0u32; 3 * n];
            let mut lines = Vec::new();
            for u in bases {
                line_covers[u] = board.place_mask(geometry, u, digit);
                if (2..=k).contains(&(line_covers[u].count_ones() as usize)) {
                    lines.push(u);
                }
            }
            let step = first_subset(&lines, k, &line_covers, &mut |base, joined| {
                let places: Vec<usize> = base
                    .iter()
                    .flat_map(|&u| board.places(geometry, u, digit))
                    .collect();
                let covers: Vec<usize> = (0..n)
                    .filter(|&i| joined >> i & 1 == 1)
                    .map(|i| first_cover + i)
                    .collect();
                let eliminations: Vec<(usize, u8)> = covers
                    .iter()
                    .flat_map(|&u| board.places(geometry, u, digit))
                    .filter(|c| !places.contains(c))
                    .map(|c| (c, digit))
                    .collect();
                if eliminations.is_empty() {
                    return None;
                }
                let mut units = base.to_vec();
                units.extend(&covers);
                Some(Step {
                    technique: technique(k),
                    placements: Vec::new(),
                    eliminations,
                    pattern: places,
                    units,
                    digits: vec![digit],
                    chains: Vec::new(),
                    complexity: 0,
                })
            });
            if step.is_some() {
                return step;
            }
        }
    }
    None
}

/// A fish in words: "X-Wing: the 4s of row 2, row 7 lie in column 3, column 8 only, so …".
pub(super) fn words(size: Size, step: &Step) -> String {
    let k = step.units.len() / 2;
    let names = |units: &[usize]| unit_list(size, units);
    format!(
        "{}: the {}s of {} lie in {} only, so {}",
        step.technique.name(),
        digits(size, &step.digits),
        names(&step.units[..k]),
        names(&step.units[k..]),
        removals(size, &step.eliminations)
    )
}
