//! Unique-solution puzzles by digging holes: empty cells of a solved grid in random order, keeping
//! a hole only if the puzzle still has exactly one solution.

use rand::seq::SliceRandom;
use rand::Rng;

use crate::exact::count_solutions;
use crate::grid::Grid;

/// Empties up to `max_holes` cells of `solution` in random order, each only if the puzzle keeps a
/// unique solution. With `max_holes` ≥ the cell count the result is minimal (no given can go).
pub fn dig_unique<R: Rng + ?Sized>(solution: &Grid, max_holes: usize, rng: &mut R) -> Grid {
    let size = solution.size();
    let mut cells: Vec<usize> = (0..size.cells()).collect();
    cells.shuffle(rng);
    let mut values = solution.values().to_vec();
    let mut holes = 0;
    for cell in cells {
        if holes == max_holes {
            break;
        }
        let kept = values[cell];
        values[cell] = 0;
        let trial = Grid::from_givens(size, &values).expect("same size");
        if count_solutions(&trial, 2).is_unique() {
            holes += 1;
        } else {
            values[cell] = kept;
        }
    }
    Grid::from_givens(size, &values).expect("same size")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::random_solution;
    use crate::Size;
    use rand::SeedableRng;

    #[test]
    fn dug_puzzles_are_unique_and_keep_the_solution() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
        for size in [Size::FOUR, Size::NINE] {
            let solution = random_solution(size, &mut rng);
            let puzzle = dig_unique(&solution, usize::MAX, &mut rng);
            assert!(count_solutions(&puzzle, 2).is_unique());
            assert!(
                (0..size.cells()).all(|c| puzzle.get(c) == 0 || puzzle.get(c) == solution.get(c))
            );
            assert!(puzzle.given_count() < size.cells() / 2, "{puzzle}");
        }
    }
}
