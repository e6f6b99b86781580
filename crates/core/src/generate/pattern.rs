//! The O(n²) pattern fill of the empty grid and random solved grids derived from it.

use rand::seq::SliceRandom;
use rand::Rng;

use crate::grid::Grid;
use crate::size::Size;

/// The classic shifted-rows solution, filled in O(n²) with no search:
/// row r is the first row shifted by k·(r mod k) + ⌊r / k⌋.
pub fn pattern_solution(size: Size) -> Grid {
    let (k, n) = (size.box_side(), size.n());
    let values: Vec<u8> = (0..size.cells())
        .map(|cell| {
            let (r, c) = (cell / n, cell % n);
            ((k * (r % k) + r / k + c) % n) as u8 + 1
        })
        .collect();
    Grid::from_givens(size, &values).expect("pattern values fit the size")
}

/// A random solved grid: the pattern solution under random validity-preserving symmetries
/// (digit relabelling, row permutations inside bands, band permutations, the same for columns,
/// and transposition).
pub fn random_solution<R: Rng + ?Sized>(size: Size, rng: &mut R) -> Grid {
    let (k, n) = (size.box_side(), size.n());
    let base = pattern_solution(size);
    let line_order = |rng: &mut R| -> Vec<usize> {
        let mut bands: Vec<usize> = (0..k).collect();
        bands.shuffle(rng);
        bands
            .into_iter()
            .flat_map(|b| {
                let mut inner: Vec<usize> = (0..k).collect();
                inner.shuffle(rng);
                inner.into_iter().map(move |i| b * k + i)
            })
            .collect()
    };
    let rows = line_order(rng);
    let cols = line_order(rng);
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    digits.shuffle(rng);
    let transpose = rng.random_bool(0.5);
    let values: Vec<u8> = (0..size.cells())
        .map(|cell| {
            let (r, c) = (cell / n, cell % n);
            let (r, c) = if transpose { (c, r) } else { (r, c) };
            digits[base.get(rows[r] * n + cols[c]) as usize - 1]
        })
        .collect();
    Grid::from_givens(size, &values).expect("a permutation of a valid grid")
}

/// The grid with `count` randomly chosen cells emptied; the rest stay as givens.
pub fn remove_cells<R: Rng + ?Sized>(grid: &Grid, count: usize, rng: &mut R) -> Grid {
    let mut cells: Vec<usize> = (0..grid.size().cells()).collect();
    cells.shuffle(rng);
    let mut values = grid.values().to_vec();
    for &cell in cells.iter().take(count) {
        values[cell] = 0;
    }
    Grid::from_givens(grid.size(), &values).expect("same size")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::verify;
    use rand::SeedableRng;

    #[test]
    fn pattern_and_random_solutions_are_valid() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
        for size in Size::ALL {
            assert_eq!(verify(&pattern_solution(size)), Ok(()));
            for _ in 0..20 {
                assert_eq!(verify(&random_solution(size, &mut rng)), Ok(()));
            }
        }
    }

    #[test]
    fn remove_cells_keeps_the_rest() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
        let full = random_solution(Size::NINE, &mut rng);
        let puzzle = remove_cells(&full, 50, &mut rng);
        assert_eq!(puzzle.given_count(), 31);
        assert!((0..81).all(|c| puzzle.get(c) == 0 || puzzle.get(c) == full.get(c)));
    }
}
