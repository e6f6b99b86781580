//! Domain filtering (Soto et al. 2015): the candidate digits of every cell, narrowed by AC-3 over
//! the pairwise ≠ constraints or by alldifferent bounds consistency (Hall intervals) per unit,
//! each iterated to a fixpoint. Used by `sudoku filter` and by the tabu-search hybrids.

use std::collections::VecDeque;

use crate::bits::{digit_bit, is_single};
use crate::grid::Grid;
use crate::size::Geometry;

/// Which filter to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Filter {
    /// Arc consistency (AC-3) on every pair of peers.
    Ac3,
    /// Bounds consistency of alldifferent on every row, column and box, by Hall intervals.
    AllDifferent,
}

impl Filter {
    pub fn from_id(id: &str) -> Option<Filter> {
        match id {
            "ac3" => Some(Filter::Ac3),
            "alldiff" => Some(Filter::AllDifferent),
            _ => None,
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Filter::Ac3 => "ac3",
            Filter::AllDifferent => "alldiff",
        }
    }
}

/// A cell lost its last candidate: the puzzle has no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wipeout {
    pub cell: usize,
}

/// The starting domains: a given's digit alone, every digit for an empty cell.
pub fn initial_domains(puzzle: &Grid) -> Vec<u32> {
    let all = puzzle.size().all_digits();
    puzzle
        .values()
        .iter()
        .map(|&v| if v == 0 { all } else { digit_bit(v) })
        .collect()
}

/// Σ |D(cell)|.
pub fn total_size(domains: &[u32]) -> u64 {
    domains.iter().map(|d| d.count_ones() as u64).sum()
}

/// Runs a filter to its fixpoint on `domains`.
pub fn filter(geometry: &Geometry, domains: &mut [u32], which: Filter) -> Result<(), Wipeout> {
    match which {
        Filter::Ac3 => ac3(geometry, domains),
        Filter::AllDifferent => alldifferent_bounds(geometry, domains),
    }
}

/// AC-3 on x ≠ y for every pair of peers: a value leaves D(x) when D(y) holds only that value.
pub fn ac3(geometry: &Geometry, domains: &mut [u32]) -> Result<(), Wipeout> {
    let mut queue: VecDeque<(usize, usize)> = VecDeque::new();
    let mut queued = vec![false; domains.len()];
    // An arc (x, y) can only prune when D(y) is a single value: start from those y.
    for y in 0..domains.len() {
        if is_single(domains[y]) {
            queue.push_back((y, y));
            queued[y] = true;
        }
    }
    while let Some((_, y)) = queue.pop_front() {
        queued[y] = false;
        let dy = domains[y];
        if !is_single(dy) {
            continue;
        }
        for &x in &geometry.peers[y] {
            if domains[x] & dy != 0 {
                domains[x] &= !dy;
                if domains[x] == 0 {
                    return Err(Wipeout { cell: x });
                }
                if is_single(domains[x]) && !queued[x] {
                    queue.push_back((x, x));
                    queued[x] = true;
                }
            }
        }
    }
    Ok(())
}

/// Bounds consistency of alldifferent on every unit, repeated until no bound moves.
///
/// For each unit and each interval [lo, hi] of digits, the cells whose domain lies within the
/// interval are counted: more cells than digits is a contradiction; as many (a Hall interval) means
/// no other cell of the unit may take a bound inside it, so such bounds move outwards. Domains are
/// bit sets, so a bound moves to the next digit still in the domain (holes are kept, as bounds
/// consistency only reasons on the interval hull).
pub fn alldifferent_bounds(geometry: &Geometry, domains: &mut [u32]) -> Result<(), Wipeout> {
    let n = geometry.size.n();
    loop {
        let mut changed = false;
        for unit in &geometry.units {
            for lo in 1..=n as u32 {
                for hi in lo..=n as u32 {
                    let width = hi - lo + 1;
                    let inside = |d: u32| {
                        let (min, max) = (d.trailing_zeros() + 1, 32 - d.leading_zeros());
                        min >= lo && max <= hi
                    };
                    let count = unit.iter().filter(|&&c| inside(domains[c])).count() as u32;
                    if count > width {
                        return Err(Wipeout { cell: unit[0] });
                    }
                    if count < width {
                        continue;
                    }
                    let interval: u32 = ((1u64 << hi) - (1u64 << (lo - 1))) as u32;
                    for &c in unit {
                        let d = domains[c];
                        if inside(d) {
                            continue;
                        }
                        let mut narrowed = d;
                        // Raise the lower bound past the interval, lower the upper bound below it.
                        while narrowed != 0 && narrowed & narrowed.wrapping_neg() & interval != 0 {
                            narrowed &= narrowed - 1;
                        }
                        while narrowed != 0
                            && (1u32 << (31 - narrowed.leading_zeros())) & interval != 0
                        {
                            narrowed &= !(1u32 << (31 - narrowed.leading_zeros()));
                        }
                        if narrowed != d {
                            if narrowed == 0 {
                                return Err(Wipeout { cell: c });
                            }
                            domains[c] = narrowed;
                            changed = true;
                        }
                    }
                }
            }
        }
        if !changed {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::count_solutions;
    use crate::{Algorithm, NullObserver, RunConfig, Size};

    const PUZZLES: [&str; 3] = [
        ".4....179..2..8.54..6..5..8.8..7.91..5..9..3..19.6..4.3..4..7..57.1..2..928....6.",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    ];

    #[test]
    fn filters_keep_the_solution_and_shrink_the_domains() {
        let g = Geometry::new(Size::NINE);
        for text in PUZZLES {
            let puzzle: Grid = text.parse().unwrap();
            assert!(count_solutions(&puzzle, 2).is_unique());
            let solution = Algorithm::Propagation
                .run(&puzzle, &RunConfig::default(), &mut NullObserver)
                .unwrap()
                .grid;
            for which in [Filter::Ac3, Filter::AllDifferent] {
                let mut domains = initial_domains(&puzzle);
                let before = total_size(&domains);
                filter(&g, &mut domains, which).unwrap();
                assert!(total_size(&domains) < before, "{which:?} removed nothing");
                for (cell, d) in domains.iter().enumerate() {
                    assert!(
                        d & digit_bit(solution.get(cell)) != 0,
                        "{which:?} removed the solution at {cell}"
                    );
                }
            }
        }
    }

    #[test]
    fn ac3_solves_a_puzzle_of_naked_singles_and_detects_a_wipeout() {
        let g = Geometry::new(Size::FOUR);
        let puzzle: Grid = "12.434..........".parse().unwrap();
        let mut domains = initial_domains(&puzzle);
        ac3(&g, &mut domains).unwrap();
        assert_eq!(domains[2], digit_bit(3));
        assert_eq!(domains[4], digit_bit(3));
        // r1 = 1 2 . 4 and column 3 holds 3 below: r1c3 has no digit left.
        let dead: Grid = "12.4..3.........".parse().unwrap();
        let mut domains = initial_domains(&dead);
        assert_eq!(ac3(&g, &mut domains), Err(Wipeout { cell: 2 }));
    }

    #[test]
    fn hall_intervals_prune_bounds() {
        // Row 1 of a 4×4: two cells confined to {1, 2} force the others out of [1, 2].
        let g = Geometry::new(Size::FOUR);
        let mut domains = vec![0b1111u32; 16];
        domains[0] = 0b0011;
        domains[1] = 0b0011;
        alldifferent_bounds(&g, &mut domains).unwrap();
        assert_eq!(domains[2], 0b1100);
        assert_eq!(domains[3], 0b1100);
        domains[2] = 0b0011; // three cells in an interval of two digits
        assert!(alldifferent_bounds(&g, &mut domains).is_err());
    }
}
