//! `ilp` against the fixtures, the verifier and its own trace.

use crate::bits::digit_bit;
use crate::grid::Grid;
use crate::heuristic::allowed::{allowed_digits, Domains};
use crate::solve::Outcome;
use crate::trace::Event;
use crate::trace::{Flow, Replay};
use crate::{verify_solution, Algorithm, NullObserver, RunConfig, Status};

fn run(puzzle: &Grid, model: &str) -> Outcome {
    let params = Algorithm::Ilp.parse_params([("model", model)]).unwrap();
    let config = RunConfig { seed: 0, params };
    Algorithm::Ilp
        .run(puzzle, &config, &mut NullObserver)
        .unwrap()
}

fn grids(text: &str) -> Vec<Grid> {
    crate::parse_records(text)
        .into_iter()
        .filter_map(|r| r.result.ok())
        .collect()
}

#[test]
fn both_models_solve_the_hardest_and_every_size_and_the_verifier_agrees() {
    let hardest = grids(include_str!("../../../../../tests/data/hardest.txt"));
    let sizes = grids(include_str!("../../../../../tests/data/sizes.txt"));
    for puzzle in hardest.iter().take(4).chain(&sizes) {
        for model in ["reduced", "full"] {
            if model == "full" && puzzle.size().n() > 9 {
                continue; // 4,096 and 15,625 variables: measured in docs/benchmarks-log.md.
            }
            let outcome = run(puzzle, model);
            assert_eq!(
                outcome.status,
                Status::Solved,
                "{model}: {}",
                puzzle.to_line()
            );
            verify_solution(puzzle, &outcome.grid).unwrap();
        }
    }
}

#[test]
fn no_solution_and_a_spent_budget_are_said() {
    // Row 1 needs a 9 that its only free cell cannot take (its column has one).
    let mut values = vec![0u8; 81];
    values[..8].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
    values[8 + 9 * 4] = 9;
    let refuted = Grid::from_givens(crate::Size::NINE, &values).unwrap();
    for model in ["reduced", "full"] {
        assert_eq!(run(&refuted, model).status, Status::NoSolution, "{model}");
    }
    // An empty 9×9 grid under a one-node budget.
    let empty = Grid::from_givens(crate::Size::NINE, &[0; 81]).unwrap();
    let params = Algorithm::Ilp.parse_params([("max_nodes", "1")]).unwrap();
    let config = RunConfig { seed: 0, params };
    let outcome = Algorithm::Ilp
        .run(&empty, &config, &mut NullObserver)
        .unwrap();
    assert!(
        matches!(outcome.status, Status::GaveUp(_) | Status::Solved),
        "{:?}",
        outcome.status
    );
    if outcome.is_solved() {
        verify_solution(&empty, &outcome.grid).unwrap();
    }
}

/// The relaxation's weights are a distribution over each empty cell's candidates, only on
/// digits the givens leave open; the answer's assignments replay to the solution.
#[test]
fn the_relaxation_weighs_each_cell_and_the_trace_replays() {
    let puzzle = &grids(include_str!("../../../../../tests/data/hardest.txt"))[0];
    let mut events = Vec::new();
    let mut record = |e: Event| {
        events.push(e);
        Flow::Continue
    };
    let outcome = Algorithm::Ilp
        .run(puzzle, &RunConfig::default(), &mut record)
        .unwrap();
    assert!(outcome.is_solved());
    let (_, allowed) = allowed_digits(puzzle, Domains::Givens).unwrap();
    let mut per_cell = vec![0.0f32; 81];
    for e in &events {
        if let Event::Weight {
            cell,
            value,
            weight,
        } = *e
        {
            assert!(allowed[cell as usize] & digit_bit(value) != 0);
            assert!((0.0..=1.0).contains(&weight));
            per_cell[cell as usize] += weight;
        }
    }
    for cell in (0..81).filter(|&c| puzzle.get(c) == 0) {
        assert!(
            (per_cell[cell] - 1.0).abs() < 1e-3,
            "{cell}: {}",
            per_cell[cell]
        );
    }
    let replay = Replay::after(puzzle, &events);
    assert_eq!(replay.values, outcome.grid.values());
}
