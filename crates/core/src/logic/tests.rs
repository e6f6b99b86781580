//! Every step the techniques take is checked against the puzzle's solution (found by another
//! solver): placements are the solution's digits, eliminations never remove them — on Norvig's
//! top95 and hardest, Mantere & Koljonen's set and every size.

use std::collections::BTreeMap;

use super::*;
use crate::registry::{Algorithm, RunConfig};
use crate::solve::{Solver, Status};
use crate::trace::{NullObserver, Recorder, Replay};
use crate::verify::verify_solution;

use crate::exact::fixtures::{puzzles, HARDEST, MANTERE_KOLJONEN, SIZES, TOP95};

fn fixtures() -> Vec<Grid> {
    [TOP95, HARDEST, MANTERE_KOLJONEN, SIZES]
        .into_iter()
        .flat_map(puzzles)
        .collect()
}

fn solution(puzzle: &Grid) -> Grid {
    let outcome = Algorithm::Dlx
        .run(puzzle, &RunConfig::default(), &mut NullObserver)
        .unwrap();
    assert_eq!(outcome.status, Status::Solved);
    outcome.grid
}

#[test]
fn every_step_agrees_with_the_solution() {
    let mut seen: BTreeMap<Technique, usize> = BTreeMap::new();
    // In the lab's order, in HoDoKu's, which reaches other techniques first, and by Sudoku
    // Explainer's techniques, which reach nice loops and Nishio chains where the others take
    // other chains.
    for (puzzle, scale) in fixtures()
        .into_iter()
        .flat_map(|p| Scale::ALL.map(|scale| (p.clone(), scale)))
    {
        let solved = solution(&puzzle);
        let geometry = Geometry::new(puzzle.size());
        let mut board = Board::with_uniqueness(&puzzle, &geometry).unwrap();
        while let Some(step) = board.next_step_in(&geometry, scale.order(), &|t| scale.uses(t)) {
            *seen.entry(step.technique).or_default() += 1;
            for &(cell, digit) in &step.placements {
                assert_eq!(
                    solved.get(cell),
                    digit,
                    "{:?} placed a wrong digit: {step:?}",
                    step.technique
                );
            }
            for &(cell, digit) in &step.eliminations {
                assert_ne!(
                    solved.get(cell),
                    digit,
                    "{:?} removed the solution's digit: {step:?}",
                    step.technique
                );
                assert!(
                    board.candidates(cell) & digit_bit(digit) != 0,
                    "{step:?} removes what is gone"
                );
            }
            assert!(
                !step.placements.is_empty() || !step.eliminations.is_empty(),
                "{step:?} does nothing"
            );
            board.apply(&geometry, &step).unwrap();
        }
        // Forcing chains finish every puzzle: none is left to guessing.
        assert!(board.is_solved(), "stuck on {}", puzzle.to_line());
    }
    // The sets exercise most techniques (the rarest may not occur on them: multi-colours is
    // checked on HoDoKu's table, `tests/hodoku_scale.rs`).
    for technique in [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::DirectPointing,
        Technique::DirectHiddenPair,
        Technique::NakedSingle,
        Technique::DirectHiddenTriple,
        Technique::Pointing,
        Technique::Claiming,
        Technique::LockedPair,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::LockedTriple,
        Technique::NakedTriple,
        Technique::XWing,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::EmptyRectangle,
        Technique::TurbotFish,
        Technique::RemotePair,
        Technique::UniqueRectangle,
        Technique::HiddenRectangle,
        Technique::FinnedXWing,
        Technique::SimpleColours,
        Technique::FinnedSwordfish,
        Technique::XChain,
        Technique::XyChain,
        Technique::Aic,
        Technique::AlsXz,
        Technique::AlsXyWing,
        Technique::NiceLoop,
        Technique::NishioForcingChain,
        Technique::DynamicForcingChain,
    ] {
        assert!(
            seen.contains_key(&technique),
            "{technique:?} never applied: {seen:?}"
        );
    }
}

#[test]
fn the_logic_algorithm_solves_every_fixture_and_its_trace_replays() {
    for puzzle in fixtures() {
        let mut recorder = Recorder::default();
        let outcome = Logic::default().solve(&puzzle, &mut recorder);
        assert_eq!(outcome.status, Status::Solved, "{}", puzzle.to_line());
        assert_eq!(verify_solution(&puzzle, &outcome.grid), Ok(()));
        let replay = Replay::after(&puzzle, &recorder.events);
        assert_eq!(replay.values, outcome.grid.values());
    }
}

#[test]
fn contradictions_and_impossible_puzzles_are_refused() {
    // Two 5s in the first row.
    let mut clash = Grid::empty(crate::size::Size::NINE);
    clash.set_given(0, 5);
    clash.set_given(1, 5);
    assert_eq!(rate(&clash), Rating::Invalid);
    assert_eq!(
        Logic::default().solve(&clash, &mut NullObserver).status,
        Status::NoSolution
    );
    // 4×4, row 1 = 1 2 _ _ and a 3 in the box of its last two cells: no clash, no solution.
    let mut refuted = Grid::empty(crate::size::Size::FOUR);
    refuted.set_given(0, 1);
    refuted.set_given(1, 2);
    refuted.set_given(6, 3);
    assert_eq!(
        Logic::default().solve(&refuted, &mut NullObserver).status,
        Status::NoSolution
    );
}

#[test]
fn ratings_name_the_hardest_technique_or_where_they_stuck() {
    // Newspaper-easy: singles only.
    let easy: Grid =
        ".4....179..2..8.54..6..5..8.8..7.91..5..9..3..19.6..4.3..4..7..57.1..2..928....6."
            .parse()
            .unwrap();
    match rate(&easy) {
        Rating::Solved { hardest, steps } => {
            assert!(
                hardest.difficulty() <= Technique::NakedSingle.difficulty(),
                "{hardest:?}"
            );
            assert!(steps >= 40);
        }
        other => panic!("{other:?}"),
    }
    // AI Escargot needs forcing chains; below them, the techniques stop.
    let escargot: Grid =
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
            .parse()
            .unwrap();
    match rate(&escargot) {
        Rating::Solved { hardest, .. } => {
            assert!(hardest >= Technique::NiceLoop, "{hardest:?}")
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        rate_within(&escargot, Technique::XyChain),
        Rating::Stuck { .. }
    ));
    for &technique in Technique::ALL {
        assert_eq!(Technique::from_index(technique.index()), Some(technique));
        assert_eq!(Technique::from_id(technique.id()), Some(technique));
    }
    // The scale grows along the order the techniques are tried in.
    assert!(Technique::ALL
        .windows(2)
        .all(|w| w[0].difficulty() <= w[1].difficulty()));
}

/// The places made from the technique table name every technique: the `logic` pseudo-code and
/// description, and the README's rating table (each in its level's row, with its difficulty).
#[test]
fn every_technique_is_in_every_derived_place() {
    let readme = include_str!("../../../../README.md");
    let try_line = SPEC
        .pseudocode
        .iter()
        .find(|line| line.text.starts_with("try the techniques"))
        .expect("the pseudo-code tries the techniques");
    for &technique in Technique::ALL {
        let name = technique.name();
        assert!(try_line.text.contains(name), "pseudo-code lacks {name}");
        assert!(SPEC.description.contains(name), "description lacks {name}");
        let short = name.split(" (").next().unwrap_or(name);
        let level_row = readme
            .lines()
            .find(|l| l.starts_with(&format!("| {} |", technique.level().id())))
            .unwrap_or_else(|| panic!("README has no row for {:?}", technique.level()));
        let entry = format!("{short} {:.1}", technique.difficulty());
        assert!(
            level_row.contains(&entry),
            "README's {:?} row lacks {entry}",
            technique.level()
        );
    }
}

/// A direct step's placement is a hidden single its own removals make: before them the digit
/// had more than one place in the named unit, after them one.
#[test]
fn a_direct_step_places_the_single_its_removals_leave() {
    let direct = [
        Technique::DirectPointing,
        Technique::DirectClaiming,
        Technique::DirectHiddenPair,
        Technique::DirectHiddenTriple,
    ];
    let mut found = 0;
    for puzzle in fixtures() {
        let geometry = Geometry::new(puzzle.size());
        let mut board = Board::new(&puzzle, &geometry).unwrap();
        while let Some(step) = board.next_step(&geometry) {
            if direct.contains(&step.technique) {
                found += 1;
                let &[(cell, digit)] = step.placements.as_slice() else {
                    panic!("{step:?} places one digit");
                };
                let unit = *step.units.last().unwrap();
                assert!(board.places(&geometry, unit, digit).len() > 1, "{step:?}");
                let mut removed = board.clone();
                for &(c, d) in &step.eliminations {
                    removed.eliminate(c, d);
                }
                assert_eq!(
                    removed.places(&geometry, unit, digit),
                    vec![cell],
                    "{step:?}"
                );
            }
            board.apply(&geometry, &step).unwrap();
        }
    }
    assert!(found > 20, "only {found} direct steps on the fixtures");
}

/// Row 1's 1s lie in box 1 only, so claiming removes the 1 at r2c2, which leaves r2c5 the only
/// place for 1 in row 2: a direct claiming that places it.
#[test]
fn direct_claiming_places_the_single_of_another_line() {
    let puzzle = Grid::empty(crate::size::Size::NINE);
    let geometry = Geometry::new(puzzle.size());
    let mut board = Board::new(&puzzle, &geometry).unwrap();
    for c in 3..9 {
        board.eliminate(c, 1);
    }
    for c in [0, 2, 3, 5, 6, 7, 8] {
        board.eliminate(9 + c, 1);
    }
    let step = locked::direct_claiming(&board, &geometry).expect("a direct claiming");
    assert_eq!(step.placements, vec![(9 + 4, 1)]);
    assert!(step.eliminations.contains(&(9 + 1, 1)));
    assert_eq!(step.technique, Technique::DirectClaiming);
}

/// Unique rectangles and BUG+1 on puzzles Sudoku Explainer solves with them
/// (`tests/data/serate.tsv`): the steps agree with the solution; on a puzzle with several
/// solutions they never apply.
#[test]
fn uniqueness_steps_apply_only_to_puzzles_with_one_solution() {
    let cases = [
        (
            "................12..3.45..............6...4...7.1........7.......82..3.5.2.91....",
            Technique::BugPlusOne,
        ),
        (
            "................12..3.45........35...6.......12......7....82......16......9...4..",
            Technique::UniqueRectangle,
        ),
        (
            "................12..3.45........64...127.....87..........1....7..9...3..4........",
            Technique::UniqueRectangle,
        ),
    ];
    for (line, technique) in cases {
        let puzzle = Grid::parse(line).unwrap();
        let solved = solution(&puzzle);
        let (steps, rating) = solve_path_by(&puzzle, Scale::Explainer);
        assert!(matches!(rating, Rating::Solved { .. }), "{line}");
        assert!(steps.iter().any(|s| s.technique == technique), "{line}");
        for step in &steps {
            assert!(step.placements.iter().all(|&(c, d)| solved.get(c) == d));
            assert!(step.eliminations.iter().all(|&(c, d)| solved.get(c) != d));
        }
        // One given fewer: several solutions, and no step assumes one.
        let mut values = puzzle.values().to_vec();
        let given = values.iter().position(|&v| v != 0).unwrap();
        values[given] = 0;
        let open = Grid::from_given_values(puzzle.size(), values).unwrap();
        if !crate::exact::count_solutions(&open, 2).is_unique() {
            let (steps, _) = solve_path_by(&open, Scale::Explainer);
            assert!(steps.iter().all(|s| !s.technique.assumes_uniqueness()));
        }
    }
}

/// The generator's test at 25×25 leaves the direct steps out: it must solve exactly the puzzles
/// the full list up to XY-Chain solves (both outcomes occur in these sets).
#[test]
fn solving_without_the_direct_steps_solves_the_same_puzzles() {
    use rand::SeedableRng;
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(45);
    let mut grids: Vec<Grid> = puzzles(TOP95).into_iter().chain(puzzles(HARDEST)).collect();
    for size in [Size::NINE, Size::SIXTEEN] {
        for _ in 0..20 {
            grids.push(crate::generate::minimal_puzzle(
                size,
                crate::generate::Symmetry::None,
                &mut rng,
            ));
        }
    }
    let (mut solved, mut stuck) = (0, 0);
    for grid in &grids {
        let full = matches!(rate_within(grid, Technique::XyChain), Rating::Solved { .. });
        assert_eq!(
            solves_within(grid, Technique::XyChain),
            full,
            "{}",
            grid.to_line()
        );
        if full {
            solved += 1;
        } else {
            stuck += 1;
        }
    }
    assert!(solved > 20 && stuck > 10, "{solved} solved, {stuck} stuck");
}

/// A digit's place mask in a unit marks the cells of [`Board::places`], and a row's (column's)
/// bit i is the cell in column (row) i: fish take a line's place mask as its cover lines.
#[test]
fn place_masks_mark_the_places_and_a_lines_bits_are_its_crossing_lines() {
    for puzzle in fixtures() {
        let geometry = Geometry::new(puzzle.size());
        let board = Board::new(&puzzle, &geometry).unwrap();
        let n = puzzle.size().n();
        for u in 0..geometry.units.len() {
            let every = board.unit_places(&geometry, u);
            for d in 1..=n as u8 {
                let mask = board.place_mask(&geometry, u, d);
                assert_eq!(mask, every[usize::from(d)]);
                let places = board.places(&geometry, u, d);
                assert_eq!(places.len(), mask.count_ones() as usize);
                for &c in &places {
                    assert_ne!(board.candidates(c) & crate::bits::digit_bit(d), 0);
                }
                if u < 2 * n {
                    let crossing = usize::from(u < n);
                    let bits = places.iter().fold(0u32, |m, &c| {
                        m | 1 << (geometry.cell_units[c][crossing] - crossing * n)
                    });
                    assert_eq!(bits, mask, "unit {u}, digit {d}");
                }
            }
        }
    }
}
