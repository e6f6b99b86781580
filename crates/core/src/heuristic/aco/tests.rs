use super::*;
use crate::grid::Grid;
use crate::heuristic::test_support::*;
use crate::solve::{Solver, Status};
use crate::trace::Event;

#[test]
fn solves_an_easy_puzzle_and_replays() {
    let puzzle: Grid = EASY.parse().unwrap();
    solves_and_replays(AntColony::default(), &puzzle);
}

#[test]
fn solves_norvigs_hardest_and_replays() {
    let puzzle: Grid = HARDEST.parse().unwrap();
    let colony = AntColony {
        seed: 2,
        ..AntColony::default()
    };
    let (outcome, events) = solves_and_replays(colony, &puzzle);
    // Ants went back to the givens at least once, and each cycle reported its best.
    assert!(outcome.stats.restarts >= 1);
    assert!(events.iter().any(|e| matches!(e, Event::Restart { .. })));
}

#[test]
fn gives_up_within_its_budget_and_repeats_with_a_seed() {
    let puzzle: Grid = HARDEST.parse().unwrap();
    let colony = || AntColony {
        ants: 1,
        max_iterations: 3,
        seed: 5,
        ..AntColony::default()
    };
    gives_up_the_same_way(colony, &puzzle, 3);
}

#[test]
fn an_unsolvable_puzzle_gives_up_and_clashing_givens_have_no_solution() {
    // Two 1s in row 1: no solution, said at once.
    let mut values = vec![0u8; 81];
    values[..2].copy_from_slice(&[1, 1]);
    let clash = Grid::from_givens(crate::size::Size::NINE, &values).unwrap();
    let outcome = AntColony::default().solve(&clash, &mut crate::trace::NullObserver);
    assert_eq!(outcome.status, Status::NoSolution);
    // No clash, but r1c9 can hold nothing: the ants fail it every time and give up.
    let stuck: Grid = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63))
        .parse()
        .unwrap();
    let colony = AntColony {
        max_iterations: 5,
        ..AntColony::default()
    };
    let outcome = colony
        .clone()
        .solve(&stuck, &mut crate::trace::NullObserver);
    assert!(
        matches!(outcome.status, Status::GaveUp(_)),
        "{:?}",
        outcome.status
    );
    assert_eq!(outcome.stats.iterations, 5);
}

#[test]
fn solves_every_size_of_the_shared_fixtures() {
    use crate::exact::fixtures::{puzzles, SIZES};
    for puzzle in puzzles(SIZES).iter().filter(|p| p.size().n() <= 16) {
        solves_and_replays(AntColony::default(), puzzle);
    }
}

#[test]
fn solves_minimal_twenty_five_by_twenty_five_puzzles() {
    use crate::exact::fixtures::{puzzles, SIZES};
    for puzzle in puzzles(SIZES).iter().filter(|p| p.size().n() == 25) {
        solves_and_replays(AntColony::default(), puzzle);
    }
}

#[test]
fn the_multi_colony_system_solves_and_replays_and_gives_up_within_its_budget() {
    let hardest: Grid = HARDEST.parse().unwrap();
    let multi = AntColony {
        colonies: 3,
        exchange_every: 2,
        seed: 4,
        ..AntColony::default()
    };
    let (outcome, _) = solves_and_replays(multi.clone(), &hardest);
    // Three colonies of ten ants: a cycle is thirty tours, the last one cut short by the win.
    let (cycles, tours) = (outcome.stats.iterations, outcome.stats.restarts);
    assert!(
        tours > (cycles - 1) * 30 && tours <= cycles * 30,
        "{tours} tours in {cycles} cycles"
    );
    let limited = || AntColony {
        ants: 1,
        max_iterations: 4,
        ..multi.clone()
    };
    gives_up_the_same_way(limited, &hardest, 4);
    for puzzle in crate::exact::fixtures::puzzles(crate::exact::fixtures::SIZES)
        .iter()
        .filter(|p| p.size().n() <= 16)
    {
        solves_and_replays(multi.clone(), puzzle);
    }
}
