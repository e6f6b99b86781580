//! Puzzles with an exact number of givens, as game sites publish them: a minimal puzzle (every
//! clue needed) with clues of its own solution added back at random until it has N. Adding clues
//! of the solution keeps the solution unique, so the result is unique and has exactly N givens;
//! a minimal puzzle that already has more than N is drawn again.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use super::generator::{minimal_from, Minimality, Symmetry};
use super::pattern::random_solution;
use crate::grid::Grid;
use crate::size::Size;

/// Why no puzzle with that many givens can be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GivensError {
    /// Fewer givens than any unique puzzle of the size has (17 at 9×9), or more than its cells.
    OutOfRange {
        size: Size,
        givens: usize,
        min: usize,
    },
}

impl std::fmt::Display for GivensError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GivensError::OutOfRange { size, givens, min } => write!(
                f,
                "no unique {size} puzzle has {givens} givens: use {min} to {}",
                size.cells()
            ),
        }
    }
}

impl std::error::Error for GivensError {}

/// The fewest givens a unique puzzle of the size can have that the generator will look for:
/// 4 at 4×4, 17 at 9×9 (McGuire, Tugemann & Civario 2012); larger sizes are bounded by how many
/// a minimal puzzle of theirs has in practice (a third of the cells is far below it anyway).
pub fn min_givens(size: Size) -> usize {
    match size.n() {
        4 => 4,
        9 => 17,
        n => n * n / 3,
    }
}

/// Checks a count of givens for the size.
pub fn check_givens(size: Size, givens: usize) -> Result<(), GivensError> {
    let min = min_givens(size);
    if givens < min || givens > size.cells() {
        return Err(GivensError::OutOfRange { size, givens, min });
    }
    Ok(())
}

/// One try: a minimal puzzle with clues of its solution added back (whole orbits of the
/// symmetry, so it keeps it) until it has exactly `givens`; `None` when the minimal puzzle has
/// more, or the orbits cannot make the count exactly.
pub fn with_givens<R: Rng + ?Sized>(
    size: Size,
    givens: usize,
    symmetry: Symmetry,
    rng: &mut R,
) -> Option<Grid> {
    let solution = random_solution(size, rng);
    // Givens are added back, so the quick test serves: the exact one would only lower the
    // starting count at 25×25, at a minute a try.
    let minimal = minimal_from(&solution, symmetry, Minimality::Logic, rng);
    let mut values = minimal.values().to_vec();
    let mut count = values.iter().filter(|&&v| v != 0).count();
    if count > givens {
        return None;
    }
    let mut seen = vec![false; size.cells()];
    let mut orbits = Vec::new();
    for cell in 0..size.cells() {
        if values[cell] == 0 && !seen[cell] {
            let orbit = symmetry.orbit(size, cell);
            for &c in &orbit {
                seen[c] = true;
            }
            orbits.push(orbit);
        }
    }
    orbits.shuffle(rng);
    for orbit in orbits {
        if count == givens {
            break;
        }
        if count + orbit.len() <= givens {
            for &c in &orbit {
                values[c] = solution.get(c);
            }
            count += orbit.len();
        }
    }
    (count == givens).then(|| Grid::from_givens(size, &values).expect("same size"))
}

/// The `index`-th puzzle of a seeded batch with exactly `givens` givens (its own generator, so
/// a batch is the same in any order), drawing until one fits or `expired()` says the time is up.
pub fn with_givens_seeded(
    size: Size,
    givens: usize,
    symmetry: Symmetry,
    (seed, index): (u64, u64),
    expired: &dyn Fn() -> bool,
) -> Result<Option<Grid>, GivensError> {
    check_givens(size, givens)?;
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(crate::runs::run_seed(seed, &[index]));
    loop {
        if let Some(puzzle) = with_givens(size, givens, symmetry, &mut rng) {
            return Ok(Some(puzzle));
        }
        if expired() {
            return Ok(None);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::is_unique;
    use crate::verify::verify_solution;
    use crate::{Algorithm, NullObserver, RunConfig};

    #[test]
    fn puzzles_have_exactly_the_givens_asked_and_one_solution() {
        for (side, givens, symmetry) in [
            (9, 30, Symmetry::None),
            (9, 36, Symmetry::None),
            (9, 40, Symmetry::Rotate180),
            (4, 8, Symmetry::None),
            (16, 150, Symmetry::None),
        ] {
            let size = Size::from_side(side).unwrap();
            for index in 0..3 {
                let puzzle = with_givens_seeded(size, givens, symmetry, (5, index), &|| false)
                    .unwrap()
                    .unwrap();
                assert_eq!(puzzle.given_count(), givens, "{side} {givens}");
                assert!(symmetry.holds(&puzzle));
                assert!(is_unique(&puzzle));
                let outcome = Algorithm::Dlx
                    .run(&puzzle, &RunConfig::default(), &mut NullObserver)
                    .unwrap();
                assert!(verify_solution(&puzzle, &outcome.grid).is_ok());
            }
        }
    }

    #[test]
    fn counts_no_puzzle_can_have_are_refused_and_batches_repeat() {
        let nine = Size::NINE;
        assert!(with_givens_seeded(nine, 16, Symmetry::None, (1, 0), &|| false).is_err());
        assert!(with_givens_seeded(nine, 82, Symmetry::None, (1, 0), &|| false).is_err());
        let a = with_givens_seeded(nine, 28, Symmetry::None, (9, 4), &|| false).unwrap();
        let b = with_givens_seeded(nine, 28, Symmetry::None, (9, 4), &|| false).unwrap();
        assert_eq!(a, b);
        // A count the generator cannot reach in time says so instead of hanging.
        assert_eq!(
            with_givens_seeded(nine, 17, Symmetry::None, (1, 0), &|| true).unwrap(),
            None
        );
    }
}
