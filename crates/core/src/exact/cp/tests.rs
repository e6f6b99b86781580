//! `cp` against the fixtures, the verifier, an independent counter and its own trace.

use super::*;
use crate::exact::count_solutions;
use crate::trace::{Event, Flow};
use crate::{verify_solution, Algorithm, NullObserver, RunConfig};

use crate::exact::fixtures::standard as fixtures;

#[test]
fn both_consistencies_solve_every_fixture_and_the_verifier_agrees() {
    for consistency in ["gac", "bounds"] {
        let params = Algorithm::Cp
            .parse_params([("consistency", consistency)])
            .unwrap();
        let config = RunConfig { seed: 0, params };
        // Bounds consistency takes up to 18,000 nodes on some of top95 and 6,900 on a 16×16
        // (a second in a release build): GAC covers those.
        let weak = consistency == "bounds";
        for (i, puzzle) in fixtures().into_iter().enumerate() {
            if weak && (i < 95 || puzzle.size().n() > 9) {
                continue;
            }
            let outcome = Algorithm::Cp
                .run(&puzzle, &config, &mut NullObserver)
                .unwrap();
            assert!(outcome.is_solved(), "{consistency}: {}", puzzle.to_line());
            verify_solution(&puzzle, &outcome.grid).unwrap();
        }
    }
}

/// A wrong clue added to a hard puzzle (no clash, no solution) is refuted, whatever it
/// takes: by propagation or by search.
#[test]
fn no_solution_is_proved() {
    let hard = &fixtures()[0];
    let mut refuted = 0;
    for cell in (0..81).filter(|&c| hard.get(c) == 0).take(12) {
        for value in 1..=9 {
            let mut values = hard.values().to_vec();
            values[cell] = value;
            let Some(puzzle) = Grid::from_givens(hard.size(), &values) else {
                continue;
            };
            if !puzzle.conflicts().is_empty() || count_solutions(&puzzle, 1).count != 0 {
                continue;
            }
            for consistency in ["gac", "bounds"] {
                let params = Algorithm::Cp
                    .parse_params([("consistency", consistency)])
                    .unwrap();
                let config = RunConfig { seed: 0, params };
                let outcome = Algorithm::Cp
                    .run(&puzzle, &config, &mut NullObserver)
                    .unwrap();
                assert_eq!(outcome.status, crate::Status::NoSolution);
            }
            refuted += 1;
        }
    }
    assert!(refuted > 20, "{refuted}");
}

/// GAC is stronger than bounds consistency: never more nodes, and on the hard fixtures fewer.
#[test]
fn gac_searches_no_more_than_bounds() {
    let nodes = |consistency: &str, puzzle: &Grid| {
        let params = Algorithm::Cp
            .parse_params([("consistency", consistency)])
            .unwrap();
        let config = RunConfig { seed: 0, params };
        Algorithm::Cp
            .run(puzzle, &config, &mut NullObserver)
            .unwrap()
            .stats
            .nodes
    };
    let (mut gac, mut bounds) = (0, 0);
    let hardest = crate::parse_records(include_str!("../../../../../tests/data/hardest.txt"));
    for puzzle in hardest.iter().filter_map(|r| r.result.as_ref().ok()) {
        gac += nodes("gac", puzzle);
        bounds += nodes("bounds", puzzle);
    }
    assert!(gac < bounds, "gac {gac} nodes, bounds {bounds}");
}

/// Replayed, the events rebuild the solution: every elimination names a unit of its cell,
/// and what the guesses and assignments leave on the board is the answer.
#[test]
fn events_name_the_unit_and_replay_to_the_solution() {
    struct Replay {
        geometry: Geometry,
        levels: Vec<Vec<u8>>,
        eliminations: usize,
        bad_unit: Option<(u16, u16)>,
    }
    impl crate::Observer for Replay {
        fn event(&mut self, event: Event) -> Flow {
            let board = self.levels.last_mut().unwrap();
            match event {
                Event::Guess { cell, value, depth } => {
                    let mut next = board.clone();
                    next[cell as usize] = value;
                    self.levels.truncate(depth as usize);
                    self.levels.push(next);
                }
                Event::Assign { cell, value, .. } => board[cell as usize] = value,
                Event::Eliminate { cell, reason, .. } => {
                    self.eliminations += 1;
                    let unit = reason.unit().unwrap() as u16;
                    if !self.geometry.cell_units[cell as usize].contains(&(unit as usize)) {
                        self.bad_unit = Some((cell, unit));
                    }
                }
                Event::Backtrack { depth } => self.levels.truncate(depth as usize),
                _ => {}
            }
            Flow::Continue
        }
    }
    for puzzle in fixtures().iter().take(30) {
        let mut replay = Replay {
            geometry: Geometry::new(puzzle.size()),
            levels: vec![puzzle.values().to_vec()],
            eliminations: 0,
            bad_unit: None,
        };
        let outcome = Algorithm::Cp
            .run(puzzle, &RunConfig::default(), &mut replay)
            .unwrap();
        assert!(outcome.is_solved());
        assert!(replay.eliminations > 0);
        assert_eq!(replay.bad_unit, None);
        assert_eq!(replay.levels.last().unwrap(), outcome.grid.values());
    }
}
