//! Which digits each free cell of a local search may take: any its block lacks, those the givens
//! leave it, or its alldifferent-filtered domain (the `-alldiff` variants, which also fix the
//! cells the filter settles).

use crate::bits::digit_bit;
use crate::domain::{self, Filter};
use crate::grid::Grid;
use crate::size::Geometry;

/// Which digits a free cell may take (its domain).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Domains {
    /// Any digit its block lacks (the local searches' plain box model).
    Any,
    /// The digits no given in its row, column or box holds (the GA paper's rows).
    Givens,
    /// Its domain after alldifferent filtering (GAC) of the givens (the `-alldiff` variants).
    AllDifferent,
}

/// The puzzle a search works on (the givens, plus the cells alldifferent filtering settles) and
/// each cell's allowed digits as a mask; `None` when filtering proves there is no solution.
pub fn allowed_digits(puzzle: &Grid, domains: Domains) -> Option<(Grid, Vec<u32>)> {
    let size = puzzle.size();
    let all = (1..=size.n() as u8).fold(0u32, |m, d| m | digit_bit(d));
    match domains {
        Domains::Any => Some((puzzle.clone(), vec![all; size.cells()])),
        Domains::Givens => {
            let mut in_unit = vec![0u32; 3 * size.n()];
            for c in (0..size.cells()).filter(|&c| puzzle.get(c) != 0) {
                for u in size.units_of(c) {
                    in_unit[u] |= digit_bit(puzzle.get(c));
                }
            }
            let allowed = (0..size.cells())
                .map(|c| match puzzle.get(c) {
                    0 => all & !size.units_of(c).iter().fold(0, |m, &u| m | in_unit[u]),
                    v => digit_bit(v),
                })
                .collect();
            Some((puzzle.clone(), allowed))
        }
        Domains::AllDifferent => {
            let mut domains = domain::initial_domains(puzzle);
            let geometry = Geometry::new(size);
            domain::filter(&geometry, &mut domains, Filter::AllDifferentGac).ok()?;
            let mut fixed = puzzle.clone();
            for (c, &d) in domains.iter().enumerate() {
                if puzzle.get(c) == 0 && d.count_ones() == 1 {
                    fixed.set_given(c, d.trailing_zeros() as u8 + 1);
                }
            }
            Some((fixed, domains))
        }
    }
}
