//! The two polynomial fills of the empty grid (Takano, de Freitas & de Sá), O(n²) with no
//! search, and random solved grids derived from them by validity-preserving transformations.

use rand::seq::SliceRandom;
use rand::Rng;

use crate::grid::Grid;
use crate::size::Size;

/// Which construction fills the empty grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fill {
    /// The k-row pattern: the first row is 1..n; each next row of a band is the row above
    /// shifted by k, and each band starts one place further than the band above.
    Rows,
    /// Block by block from the circular list 1..n: each block is a window of n consecutive
    /// entries read row by row, starting where its band and stack put it.
    Blocks,
}

impl Fill {
    pub const ALL: [Fill; 2] = [Fill::Rows, Fill::Blocks];

    pub fn id(self) -> &'static str {
        match self {
            Fill::Rows => "rows",
            Fill::Blocks => "blocks",
        }
    }

    pub fn from_id(id: &str) -> Option<Fill> {
        Fill::ALL.into_iter().find(|f| f.id() == id)
    }
}

/// The empty grid filled by `fill`. Why both are valid, with k the box side and n = k²:
/// - rows: cell (r, c) holds 1 + (k·(r mod k) + ⌊r/k⌋ + c) mod n. A row is a shift of 1..n;
///   within a column, the rows of a band differ by multiples of k and the bands by 1, which
///   together cover 0..n−1 once; a box's k rows hold k shifts by k of k consecutive values.
/// - blocks: block (p, q) (band p, stack q) starts at s = p + k·((p + q) mod k) in the
///   circular list and reads n consecutive entries row by row, so its cell (i, j) holds
///   1 + (s + k·i + j) mod n. A block is the whole list. Along a row of band p the starts
///   differ by distinct multiples of k and the k cells of a block's row fill the gaps; down a
///   column of stack q the starts run through every residue mod k (the p term) and the block's
///   rows add the multiples of k.
pub fn fill(size: Size, fill: Fill) -> Grid {
    let (k, n) = (size.box_side(), size.n());
    let values: Vec<u8> = (0..size.cells())
        .map(|cell| {
            let (r, c) = (cell / n, cell % n);
            let offset = match fill {
                Fill::Rows => k * (r % k) + r / k + c,
                Fill::Blocks => {
                    let (p, i, q, j) = (r / k, r % k, c / k, c % k);
                    p + k * ((p + q) % k) + k * i + j
                }
            };
            (offset % n) as u8 + 1
        })
        .collect();
    Grid::from_givens(size, &values).expect("fill values fit the size")
}

/// The k-row pattern fill ([`Fill::Rows`]).
pub fn pattern_solution(size: Size) -> Grid {
    fill(size, Fill::Rows)
}

/// A random solved grid: the k-row pattern under random validity-preserving transformations.
pub fn random_solution<R: Rng + ?Sized>(size: Size, rng: &mut R) -> Grid {
    transform_randomly(&pattern_solution(size), rng)
}

/// `base` (a solved grid) under random validity-preserving transformations: digit
/// relabelling, row swaps inside bands and band swaps, the same for columns and stacks, and
/// transposition. Each keeps every row, column and box a permutation of 1..n.
pub fn transform_randomly<R: Rng + ?Sized>(base: &Grid, rng: &mut R) -> Grid {
    let size = base.size();
    let (k, n) = (size.box_side(), size.n());
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

/// [`transform_randomly`] with its random draws seeded: the same seed, the same grid.
pub fn transform_seeded(base: &Grid, seed: u64) -> Grid {
    use rand::SeedableRng;
    transform_randomly(base, &mut rand_pcg::Pcg64Mcg::seed_from_u64(seed))
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
    fn both_fills_and_their_transformations_are_valid_at_every_size() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
        for size in Size::ALL {
            for method in Fill::ALL {
                let base = fill(size, method);
                assert_eq!(verify(&base), Ok(()), "{} {size}", method.id());
                for _ in 0..20 {
                    assert_eq!(verify(&transform_randomly(&base, &mut rng)), Ok(()));
                }
            }
            // Two constructions, two grids (beyond 4×4, whose box side leaves no room).
            if size.n() > 4 {
                assert_ne!(fill(size, Fill::Rows), fill(size, Fill::Blocks), "{size}");
            }
            assert_eq!(verify(&random_solution(size, &mut rng)), Ok(()));
        }
    }

    /// The transformations reach many grids: 200 draws of 9×9 are all different.
    #[test]
    fn transformations_vary_the_grid() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
        let base = fill(Size::NINE, Fill::Blocks);
        let mut seen: Vec<Grid> = (0..200)
            .map(|_| transform_randomly(&base, &mut rng))
            .collect();
        seen.sort_by_key(|g| g.to_line());
        seen.dedup();
        assert_eq!(seen.len(), 200);
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
