//! The engine against its oracle and budgets: both engines find the same solutions, counts, limits.

use super::cpu::{choice, Choice};
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

/// Locked candidates and probing change no answer: on 4×4, 16×16 and 25×25 puzzles with none,
/// one and several solutions, the digit-board engine finds the same solutions with both, with
/// either and with neither; and the copy of the engine this CPU runs (see `cpu`) finds them
/// with the portable copy's nodes.
#[test]
fn locked_candidates_and_probing_change_no_answer() {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(16);
    let mut tally = [0usize; 4];
    for round in 0..240 {
        let size = match round % 6 {
            0 | 3 => Size::FOUR,
            5 => Size::TWENTY_FIVE,
            _ => Size::SIXTEEN,
        };
        let solution = crate::generate::random_solution(size, &mut rng);
        // A wrong digit goes into a fuller grid: proving that a 16×16 grid with most cells
        // open has no solution is a long search.
        let share = if size == Size::TWENTY_FIVE {
            // Most cells open is the hard region of Latin-square completion on 25×25, where
            // the search without inference outruns any small budget (docs/benchmarks-log.md).
            20 + round % 20
        } else if round % 4 == 1 {
            25 + round % 20
        } else {
            45 + round % 30
        };
        let holes = size.cells() * share / 100;
        let mut values = crate::generate::remove_cells(&solution, holes, &mut rng)
            .values()
            .to_vec();
        if round % 4 == 1 {
            // A wrong digit in a hole (no clash with the givens): mostly no solution.
            let hole = values.iter().position(|&v| v == 0).unwrap();
            values[hole] = solution.values()[hole] % size.n() as u8 + 1;
        }
        let Some(puzzle) = Grid::from_givens(size, &values).filter(|g| g.conflicts().is_empty())
        else {
            continue;
        };
        let run = |locking: bool, probing: bool, copy: Choice| {
            let mut found = Vec::new();
            let mut observer = NullObserver;
            let mut tracker = Tracker::new(&mut observer, Limits::nodes(100_000));
            let mut record = |v: &[u8]| found.push(v.to_vec());
            macro_rules! search {
                ($engine:expr) => {{
                    let mut engine = $engine;
                    engine.locking = locking;
                    engine.probing = probing;
                    engine
                        .search_with(copy, &puzzle, 3, &mut tracker, &mut record)
                        .ok()?;
                }};
            }
            match size.n() {
                4 => search!(Engine::<1, 4>::new()),
                16 => search!(Engine::<4, 16>::new()),
                _ => search!(Engine::<10, 25>::new()),
            }
            found.sort();
            Some((found, tracker.stats))
        };
        // A random 16×16 grid with most cells open can send a depth-first search into a huge
        // dead subtree: such rounds (over the node budget) are left out.
        let Some((with, stats)) = run(true, true, Choice::Portable) else {
            continue;
        };
        // The copy this CPU runs (x86-64-v3 on most) does exactly what the portable one does.
        assert_eq!(
            run(true, true, choice()),
            Some((with.clone(), stats)),
            "{puzzle}"
        );
        let mut compared = false;
        for (locking, probing) in [(false, true), (true, false), (false, false)] {
            let Some((without, _)) = run(locking, probing, Choice::Portable) else {
                continue;
            };
            compared = true;
            if without.len() < 3 {
                assert_eq!(with, without, "{locking} {probing}: {puzzle}");
            } else {
                assert_eq!(with.len(), 3, "{puzzle}");
                assert_eq!(without.len(), 3, "{puzzle}");
            }
        }
        if !compared {
            continue;
        }
        tally[with.len()] += 1;
        for solution in &with {
            assert_eq!(
                crate::verify_solution(&puzzle, &puzzle.with_values(solution)),
                Ok(())
            );
        }
    }
    assert!(
        tally.iter().all(|&n| n > 0),
        "every count occurs: {tally:?}"
    );
    assert!(
        tally.iter().sum::<usize>() >= 150,
        "rounds compared: {tally:?}"
    );
}

/// The minimal 25×25 puzzles that the search without probing left unsolved after 2,000,000
/// nodes each: solved with probing within a budget far below that, each answer verified and
/// proved the only one; and the trace of a solve (probing's placements included) replays to
/// the answer.
#[test]
fn probing_solves_the_minimal_25_by_25_puzzles_the_degree_rule_could_not() {
    let text = include_str!("../../../../../tests/data/minimal25.txt");
    let puzzles: Vec<Grid> = crate::parse_records(text)
        .into_iter()
        .map(|r| r.result.unwrap())
        .collect();
    assert_eq!(puzzles.len(), 7);
    let mut probed = 0;
    for puzzle in &puzzles {
        let mut recorder = crate::trace::Recorder::default();
        let outcome = Propagation {
            limits: Limits::nodes(100_000),
        }
        .solve(puzzle, &mut recorder);
        assert!(outcome.is_solved(), "{puzzle}");
        assert_eq!(crate::verify_solution(puzzle, &outcome.grid), Ok(()));
        let mut replay = crate::trace::Replay::new(puzzle);
        for event in &recorder.events {
            replay.apply(event);
        }
        assert_eq!(replay.values, outcome.grid.values());
        probed += recorder
            .events
            .iter()
            .filter(|e| matches!(e, crate::trace::Event::Assign { reason, .. } if reason.rule == Rule::Probe))
            .count();
        let count = count_solutions_within(puzzle, 2, Limits::nodes(100_000)).unwrap();
        assert_eq!((count.count, count.exact), (1, true), "{puzzle}");
    }
    assert!(probed > 0, "probing placed a digit");
}
