//! `sat` on the fixtures of every size with every encoding, checked by the verifier, by the
//! propagation engine's counts, by its own trace replayed, and (when installed) by CaDiCaL on
//! the DIMACS it writes.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;

use super::cdcl::Restarts;
use super::cnf::{AtMostOne, Encoding};
use super::*;
use crate::exact::count_solutions;
use crate::grid::Grid;
use crate::solve::Status;
use crate::solve::{Limit, Solver};
use crate::trace::Event;
use crate::trace::{Recorder, Replay};
use crate::{verify_solution, Algorithm, NullObserver, RunConfig};

use crate::exact::fixtures::{puzzles, standard, MINIMAL25};

/// The shared fixtures and the seven minimal 25×25 puzzles.
fn fixtures() -> Vec<Grid> {
    let mut grids = standard();
    grids.extend(puzzles(MINIMAL25));
    grids
}

fn every_configuration() -> Vec<Sat> {
    let mut all = Vec::new();
    for encoding in [Encoding::Extended, Encoding::Minimal] {
        for at_most_one in [AtMostOne::Pairwise, AtMostOne::Sequential] {
            all.push(Sat {
                encoding: cnf::Options {
                    encoding,
                    at_most_one,
                },
                solver: cdcl::Options::default(),
            });
        }
    }
    all
}

#[test]
fn every_encoding_solves_every_fixture_and_the_verifier_agrees() {
    let grids = fixtures();
    for (k, mut sat) in every_configuration().into_iter().enumerate() {
        sat.solver.restarts = [Restarts::Glucose, Restarts::Luby, Restarts::Never][k % 3];
        for puzzle in &grids {
            // The minimal encodings leave singles to search: large grids take them long.
            if sat.encoding.encoding == Encoding::Minimal && puzzle.size().n() > 9 {
                continue;
            }
            let outcome = sat.clone().solve(puzzle, &mut NullObserver);
            assert!(
                outcome.is_solved(),
                "{:?}: {}",
                sat.encoding,
                puzzle.to_line()
            );
            verify_solution(puzzle, &outcome.grid).unwrap();
        }
    }
}

/// Holes cut in solutions, some with a digit changed: 0, 1 or many solutions, counted by the
/// blocking clauses and by the propagation engine.
fn random_puzzles(count: usize, seed: u64) -> Vec<Grid> {
    let mut rng = Pcg64::seed_from_u64(seed);
    let solved: Vec<Grid> = fixtures()
        .iter()
        .filter(|g| g.size().n() <= 16)
        .step_by(7)
        .map(|g| {
            Algorithm::Propagation
                .run(g, &RunConfig::default(), &mut NullObserver)
                .unwrap()
                .grid
        })
        .collect();
    (0..count)
        .map(|_| {
            let solution = &solved[rng.random_range(0..solved.len())];
            let size = solution.size();
            let cells = size.cells();
            let keep = rng.random_range(cells / 5..cells * 3 / 4);
            let mut values = vec![0; cells];
            for _ in 0..keep {
                let c = rng.random_range(0..cells);
                values[c] = solution.get(c);
            }
            if rng.random_bool(0.3) {
                let c = rng.random_range(0..cells);
                values[c] = rng.random_range(1..=size.n() as u8);
            }
            Grid::from_givens(size, &values).expect("values in range")
        })
        .collect()
}

#[test]
fn counts_agree_with_the_propagation_engine_on_puzzles_with_0_1_or_many_solutions() {
    let sat = Sat::default();
    let mut kinds = [0; 3];
    for puzzle in random_puzzles(300, 5) {
        let expected = count_solutions(&puzzle, 3);
        let ours = sat.count_solutions(&puzzle, 3).unwrap();
        assert_eq!(ours, expected, "{}", puzzle.to_line());
        kinds[expected.count.min(2) as usize] += 1;
        let outcome = Sat::default().solve(&puzzle, &mut NullObserver);
        if expected.count == 0 {
            assert_eq!(outcome.status, Status::NoSolution, "{}", puzzle.to_line());
        } else {
            verify_solution(&puzzle, &outcome.grid).unwrap();
        }
    }
    assert!(
        kinds.iter().all(|&k| k >= 20),
        "every kind tried: {kinds:?}"
    );
}

#[test]
fn clashing_givens_have_no_solution() {
    let mut values = vec![0u8; 81];
    values[0] = 5;
    values[8] = 5;
    let puzzle = Grid::from_givens(crate::Size::from_side(9).unwrap(), &values).unwrap();
    let outcome = Sat::default().solve(&puzzle, &mut NullObserver);
    assert_eq!(outcome.status, Status::NoSolution);
}

#[test]
fn the_trace_replays_to_the_solution_and_its_depths_hold() {
    let mut kinds = std::collections::HashSet::new();
    for puzzle in fixtures().iter().step_by(9).take(20) {
        let mut recorder = Recorder::default();
        let outcome = Sat::default().solve(puzzle, &mut recorder);
        assert!(outcome.is_solved());
        let mut replay = Replay::new(puzzle);
        let mut depth = 0;
        // A digit placed where the board has ruled it out: a conflict must follow before
        // the next guess (propagation finds a clash a few steps after it is made).
        let mut clash_pending = false;
        for event in &recorder.events {
            match *event {
                Event::Guess { depth: d, .. } => {
                    assert!(!clash_pending, "{}", puzzle.to_line());
                    assert_eq!(d, depth + 1);
                    depth = d;
                }
                Event::Backtrack { depth: d } => {
                    assert!(d >= 1 && d <= depth, "{d} of {depth}");
                    depth = d - 1;
                }
                Event::Conflict {
                    depth: d, clash, ..
                } => {
                    assert!(d < depth.max(1));
                    clash_pending = false;
                    assert!(clash_holds(puzzle.size(), &replay, clash), "{clash:?}");
                    kinds.insert(std::mem::discriminant(&clash));
                }
                Event::Assign { cell, value, .. } => {
                    let bit = crate::bits::digit_bit(value);
                    clash_pending |= replay.candidates[cell as usize] & bit == 0;
                }
                _ => {}
            }
            replay.apply(event);
            // Each value was placed at an open level: a back-jump leaves none placed above it.
            for cell in 0..replay.values.len() {
                if replay.values[cell] != 0 {
                    assert!(replay.placed_at[cell] as usize <= replay.depth());
                }
            }
        }
        assert_eq!(replay.values, outcome.grid.values(), "{}", puzzle.to_line());
        assert_eq!(
            recorder
                .events
                .iter()
                .filter(|e| matches!(e, Event::Guess { .. }))
                .count() as u64,
            outcome.stats.nodes
        );
    }
    assert!(kinds.len() >= 2, "{kinds:?}");
}

/// What a conflict's [`Clash`] says is on the board the trace has drawn so far.
fn clash_holds(size: crate::Size, replay: &Replay, clash: crate::Clash) -> bool {
    use crate::bits::digit_bit;
    use crate::Clash;
    let empty = |cell: usize, digit: u8| {
        replay.values[cell] != digit && replay.candidates[cell] & digit_bit(digit) == 0
    };
    match clash {
        Clash::NoDigit { cell } => {
            replay.values[cell as usize] == 0 && replay.candidates[cell as usize] == 0
        }
        Clash::NoPlace { digit, unit } => size.unit_cells(unit as usize).all(|c| empty(c, digit)),
        Clash::Twice { digit, a, b } => {
            a != b
                && size
                    .units_of(a as usize)
                    .iter()
                    .any(|u| size.units_of(b as usize).contains(u))
                && replay.values[a as usize] == digit
                && replay.values[b as usize] == digit
        }
        Clash::TwoDigits { cell, a, b } => a != b && [a, b].contains(&replay.values[cell as usize]),
        Clash::Learned | Clash::Encoding => true,
    }
}

#[test]
fn statistics_do_not_depend_on_the_observer() {
    for puzzle in fixtures().iter().step_by(13).take(12) {
        let quiet = Sat::default().solve(puzzle, &mut NullObserver);
        let told = Sat::default().solve(puzzle, &mut Recorder::default());
        assert_eq!(quiet, told);
    }
}

#[test]
fn the_conflict_budget_gives_up_in_its_own_unit() {
    let hardest = &fixtures()[95];
    let params = Algorithm::Sat
        .parse_params([("max_conflicts", "1")])
        .unwrap();
    let outcome = Algorithm::Sat
        .run(hardest, &RunConfig { seed: 0, params }, &mut NullObserver)
        .unwrap();
    assert_eq!(outcome.status, Status::GaveUp(Limit::Conflicts(1)));
    assert_eq!(outcome.status.to_string(), "gave up after 1 conflict");
}

#[test]
fn the_formula_has_the_textbook_size() {
    let empty = Grid::empty(crate::Size::from_side(9).unwrap());
    let count = |encoding, at_most_one| {
        let f = cnf::encode(
            &empty,
            &cnf::Options {
                encoding,
                at_most_one,
            },
        );
        (f.vars, f.clause_count())
    };
    // Lynce and Ouaknine: 729 variables; minimal 81 + 3·81·36 = 8,829 clauses; extended 11,988.
    assert_eq!(count(Encoding::Minimal, AtMostOne::Pairwise), (729, 8_829));
    assert_eq!(
        count(Encoding::Extended, AtMostOne::Pairwise),
        (729, 11_988)
    );
    // Sequential: 8 extra variables and 3·9 − 4 = 23 clauses per at-most-one of 9.
    assert_eq!(
        count(Encoding::Extended, AtMostOne::Sequential),
        (729 + 324 * 8, 324 * 24)
    );
}

/// Runs CaDiCaL (Debian's `cadical`) on the lab's DIMACS: the same verdict, and its model read
/// back as a grid the verifier accepts. Skipped where CaDiCaL is not installed.
#[test]
fn cadical_agrees_on_the_dimacs_the_lab_writes() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    if Command::new("cadical").arg("--version").output().is_err() {
        eprintln!("cadical not installed: skipped");
        return;
    }
    let mut puzzles: Vec<Grid> = fixtures().into_iter().step_by(11).collect();
    puzzles.extend(random_puzzles(40, 9));
    for puzzle in puzzles {
        for sat in every_configuration() {
            if sat.encoding.encoding == Encoding::Minimal && puzzle.size().n() > 9 {
                continue;
            }
            let formula = cnf::encode(&puzzle, &sat.encoding);
            let mut text = String::new();
            formula
                .write_dimacs(&puzzle, &sat.encoding, &mut text)
                .unwrap();
            let mut child = Command::new("cadical")
                .args(["-q", "-"])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .unwrap();
            child
                .stdin
                .take()
                .unwrap()
                .write_all(text.as_bytes())
                .unwrap();
            let output = child.wait_with_output().unwrap();
            let stdout = String::from_utf8(output.stdout).unwrap();
            let ours = sat.clone().solve(&puzzle, &mut NullObserver);
            if stdout.contains("s UNSATISFIABLE") {
                assert_eq!(ours.status, Status::NoSolution, "{}", puzzle.to_line());
                continue;
            }
            assert!(stdout.contains("s SATISFIABLE"), "{stdout}");
            assert!(ours.is_solved());
            let size = puzzle.size();
            let mut values = vec![0u8; size.cells()];
            for number in stdout
                .lines()
                .filter(|l| l.starts_with("v "))
                .flat_map(|l| l[2..].split_whitespace())
                .map(|w| w.parse::<i64>().unwrap())
                .filter(|&v| v > 0)
            {
                if let Some((cell, digit)) = cnf::cell_digit(size, (number - 1) as u32) {
                    assert_eq!(values[cell], 0, "two digits in one cell");
                    values[cell] = digit;
                }
            }
            verify_solution(&puzzle, &puzzle.with_values(&values)).unwrap();
        }
    }
}
