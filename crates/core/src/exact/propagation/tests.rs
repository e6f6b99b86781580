//! The engine against its oracle and budgets: both engines find the same solutions, counts, limits.

use super::*;
use crate::size::Size;
use crate::solve::Limits;
use rand::SeedableRng;

/// The 9×9 band engine and this generic engine (instantiated for 9×9 here only) agree on
/// every solution of puzzles with one, several and no solutions: two formulations that
/// share no code check each other.
#[test]
fn the_band_engine_agrees_with_the_generic_engine_on_nine_by_nine() {
    let text = include_str!("../../../../../tests/data/top95.txt");
    let mut puzzles: Vec<Grid> = crate::parse_records(text)
        .into_iter()
        .filter_map(|r| r.result.ok())
        .collect();
    let several = puzzles[0].givens_only();
    let mut values = several.values().to_vec();
    // Two givens fewer: several solutions.
    let first_given = values.iter().position(|&v| v != 0).unwrap();
    let last_given = values.iter().rposition(|&v| v != 0).unwrap();
    values[first_given] = 0;
    values[last_given] = 0;
    puzzles.push(Grid::from_givens(Size::NINE, &values).unwrap());
    puzzles.push(Grid::empty(Size::NINE));
    // Random grids with 45–70 cells removed (many have several solutions), and the same with
    // one removed cell refilled with a digit that does not clash (mostly no solution).
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
    for round in 0..400 {
        let solution = crate::generate::random_solution(Size::NINE, &mut rng);
        let holed = crate::generate::remove_cells(&solution, 45 + round % 26, &mut rng);
        if round % 2 == 1 {
            let mut values = holed.values().to_vec();
            let hole = values.iter().position(|&v| v == 0).unwrap();
            let wrong = (1..=9).find(|&v| {
                v != solution.values()[hole]
                    && Grid::from_givens(Size::NINE, &{
                        let mut trial = values.clone();
                        trial[hole] = v;
                        trial
                    })
                    .is_some_and(|g| g.conflicts().is_empty())
            });
            if let Some(v) = wrong {
                values[hole] = v;
                puzzles.push(Grid::from_givens(Size::NINE, &values).unwrap());
            }
        } else {
            puzzles.push(holed);
        }
    }
    // How many puzzles ended with 0, 1, 2 and 3 (the limit) solutions.
    let mut tally = [0usize; 4];
    for puzzle in &puzzles {
        let (mut generic, mut bands) = (Vec::new(), Vec::new());
        let mut observer = NullObserver;
        let mut tracker = Tracker::new(&mut observer, Limits::NONE);
        Engine::<2, 9>::new()
            .search(puzzle, 3, &mut tracker, &mut |v| generic.push(v.to_vec()))
            .unwrap();
        let mut tracker = Tracker::new(&mut observer, Limits::NONE);
        super::bands::search(puzzle, 3, &mut tracker, &mut |v| bands.push(v.to_vec())).unwrap();
        generic.sort();
        bands.sort();
        tally[bands.len()] += 1;
        if generic.len() < 3 {
            // Every solution was found: the sets must be equal.
            assert_eq!(generic, bands, "{puzzle}");
        } else {
            assert_eq!(bands.len(), 3, "{puzzle}");
        }
        for solution in &bands {
            assert_eq!(
                crate::verify_solution(puzzle, &puzzle.with_values(solution)),
                Ok(())
            );
        }
    }
    assert!(
        tally.iter().all(|&n| n > 0),
        "every count occurs: {tally:?}"
    );
}
