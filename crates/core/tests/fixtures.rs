//! Every exact solver on the puzzle sets kept in tests/data, each answer checked by the verifier,
//! against the givens, and against the unique solution where the source says there is one.

mod common;

use common::{fixtures, Fixture, CELL_ORDER, COMPLETE};
use sudoku_core::exact::propagation::count_solutions;
use sudoku_core::{verify_solution, Algorithm, Grid, NullObserver, RunConfig, Status};

fn unique_solution(f: &Fixture) -> Grid {
    let count = count_solutions(&f.puzzle, 2);
    assert!(count.is_unique(), "{} should be unique: {count:?}", f.name);
    Algorithm::Propagation
        .run(&f.puzzle, &RunConfig::default(), &mut NullObserver)
        .unwrap()
        .grid
}

fn check_set(file: &str, algorithms: &[Algorithm]) {
    let set = fixtures(file);
    assert!(!set.is_empty(), "{file} is empty");
    for f in &set {
        let expected = f.unique.then(|| unique_solution(f));
        for &a in algorithms {
            let outcome = a
                .run(&f.puzzle, &RunConfig::default(), &mut NullObserver)
                .unwrap();
            assert_eq!(outcome.status, Status::Solved, "{a} on {}", f.name);
            verify_solution(&f.puzzle, &outcome.grid)
                .unwrap_or_else(|e| panic!("{a} on {}: {e:?}", f.name));
            if let Some(expected) = &expected {
                assert_eq!(&outcome.grid, expected, "{a} on {}", f.name);
            }
        }
    }
}

#[test]
fn top95() {
    check_set("top95.txt", COMPLETE);
}

#[test]
fn hardest() {
    check_set("hardest.txt", COMPLETE);
}

#[test]
fn named_puzzles() {
    check_set("named.txt", COMPLETE);
}

#[test]
fn mantere_koljonen_with_every_solver() {
    let all: Vec<Algorithm> = COMPLETE.iter().chain(CELL_ORDER).copied().collect();
    check_set("mantere_koljonen.txt", &all);
}

#[test]
fn every_size_with_complete_solvers() {
    check_set("sizes.txt", COMPLETE);
}

#[test]
fn small_sizes_with_cell_order_solvers() {
    let small: Vec<Fixture> = fixtures("sizes.txt")
        .into_iter()
        .filter(|f| f.puzzle.size().n() <= 9)
        .collect();
    assert_eq!(small.len(), 10);
    for f in &small {
        let expected = unique_solution(f);
        for &a in CELL_ORDER {
            let outcome = a
                .run(&f.puzzle, &RunConfig::default(), &mut NullObserver)
                .unwrap();
            assert_eq!(outcome.grid, expected, "{a} on {}", f.name);
        }
    }
}

#[test]
fn the_multi_solution_puzzle_counts_at_least_two() {
    let multi: Vec<Fixture> = fixtures("named.txt")
        .into_iter()
        .filter(|f| !f.unique)
        .collect();
    assert_eq!(multi.len(), 1);
    let count = count_solutions(&multi[0].puzzle, 2);
    assert_eq!(count.count, 2);
    assert!(!count.exact);
}

#[test]
fn a_wrong_extra_given_leaves_no_solution() {
    // Adding a non-clashing but wrong given to a unique puzzle: any solution would also solve the
    // original, whose only solution has another digit there.
    let all: Vec<Algorithm> = COMPLETE.iter().chain(CELL_ORDER).copied().collect();
    for f in fixtures("mantere_koljonen.txt").iter().take(10) {
        let solution = unique_solution(f);
        let size = f.puzzle.size();
        let mut broken = None;
        'search: for cell in (0..size.cells()).filter(|&c| f.puzzle.get(c) == 0) {
            for v in 1..=size.n() as u8 {
                if v == solution.get(cell) {
                    continue;
                }
                let mut g = f.puzzle.clone();
                g.set_given(cell, v);
                if g.conflicts().is_empty() {
                    broken = Some(g);
                    break 'search;
                }
            }
        }
        let broken = broken.expect("some wrong digit fits somewhere");
        assert_eq!(count_solutions(&broken, 2).count, 0, "{}", f.name);
        for &a in &all {
            let outcome = a
                .run(&broken, &RunConfig::default(), &mut NullObserver)
                .unwrap();
            assert_eq!(outcome.status, Status::NoSolution, "{a} on {}", f.name);
        }
    }
}

/// What other tools write reads as they mean it: formats mixed with no blank line between
/// them, and `.sdk` files (a `[Puzzle]` section, `#` metadata, `*` for empty cells, other
/// sections left out).
#[test]
fn files_other_tools_write_are_read_as_they_mean() {
    let hardest: sudoku_core::Grid =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .parse()
            .unwrap();
    let mixed = common::fixtures("formats_mixed.txt");
    assert_eq!(mixed.len(), 4);
    assert!(
        mixed.iter().all(|f| f.puzzle == hardest),
        "every record is the same puzzle"
    );
    let sdk = common::fixtures("formats_sadman.sdk");
    assert_eq!(sdk.len(), 1, "the [State] section is not a puzzle");
    assert_eq!(sdk[0].puzzle, hardest);
    // A broken block grid is still reported at its faulty row.
    let text = std::fs::read_to_string(common::data_dir().join("formats_mixed.txt")).unwrap();
    let broken = text.replacen(".3.......\n", ".3........\n", 1);
    let records = sudoku_core::parse_records(&broken);
    let errors: Vec<String> = records
        .iter()
        .filter_map(|r| r.result.as_ref().err().map(|e| e.to_string()))
        .collect();
    assert_eq!(errors, ["line 5: row has 10 cells, expected 9"]);
    assert_eq!(records.iter().filter(|r| r.result.is_ok()).count(), 3);
}
