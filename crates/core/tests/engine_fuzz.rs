//! The `propagation` engine against DLX and `sat` on arbitrary and adversarial grids: random
//! givens (most clash), solved grids with holes (one or many solutions), and the same with wrong
//! digits put back (mostly no solution). Three engines that share no code must agree on whether
//! a solution exists, on the solution when it is unique, and every answer must verify.
//!
//! `./dev test` runs a few thousand grids; `./dev fuzz` runs `SUDOKU_FUZZ_CASES` of them in
//! release mode. cargo-fuzz needs a nightly toolchain, which this project does not have:
//! proptest drives the inputs instead.

use std::cell::Cell;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use sudoku_core::exact::{Dlx, Propagation, Sat};
use sudoku_core::generate::{random_solution, remove_cells};
use sudoku_core::{
    count_solutions_within, verify_solution, Grid, Limits, NullObserver, Size, Solver, Status,
};

fn cases() -> u32 {
    std::env::var("SUDOKU_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3_000)
}

/// Enough for any 4×4 or 9×9 grid; 16×16 grids over it are skipped, not failed.
const BUDGET: u64 = 20_000;

/// How a grid to try is made.
#[derive(Clone, Debug)]
enum Shape {
    /// `count` cells given random digits (clashes allowed).
    Random { count: usize },
    /// A random solution with `holes` cells emptied, then `wrong` emptied cells given a digit
    /// other than the solution's.
    Holed { holes: usize, wrong: usize },
}

fn shape(cells: usize) -> impl Strategy<Value = Shape> {
    prop_oneof![
        (0..=cells / 2).prop_map(|count| Shape::Random { count }),
        (0..=cells, 0usize..3).prop_map(|(holes, wrong)| Shape::Holed { holes, wrong }),
    ]
}

fn grid_of(size: Size, shape: &Shape, seed: u64) -> Grid {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let n = size.n() as u8;
    let values = match *shape {
        Shape::Random { count } => {
            let mut values = vec![0u8; size.cells()];
            for _ in 0..count {
                let cell = rng.random_range(0..values.len());
                values[cell] = rng.random_range(1..=n);
            }
            values
        }
        Shape::Holed { holes, wrong } => {
            let solution = random_solution(size, &mut rng);
            let mut values = remove_cells(&solution, holes, &mut rng).values().to_vec();
            let empty: Vec<usize> = (0..values.len()).filter(|&c| values[c] == 0).collect();
            for _ in 0..wrong.min(empty.len()) {
                let cell = empty[rng.random_range(0..empty.len())];
                let right = solution.values()[cell];
                values[cell] = (right + rng.random_range(0..n - 1)) % n + 1;
            }
            values
        }
    };
    Grid::from_givens(size, &values).expect("digits within the size")
}

/// How many grids ended how: over the budget, no solution, one, several.
#[derive(Default)]
struct Tally([Cell<u32>; 4]);

/// What both engines say of one grid; `Err` names the first disagreement.
fn compare(puzzle: &Grid, tally: &Tally) -> Result<(), TestCaseError> {
    let settled = count_solutions_within(puzzle, 2, Limits::nodes(BUDGET));
    let kind = settled.map_or(0, |count| 1 + count.count.min(2) as usize);
    tally.0[kind].set(tally.0[kind].get() + 1);
    let Some(count) = settled else {
        return Ok(()); // over the budget: nothing settled to compare
    };
    let ours = Propagation {
        limits: Limits::nodes(BUDGET),
    }
    .solve(puzzle, &mut NullObserver);
    let dlx = Dlx {
        limits: Limits::nodes(BUDGET * 10),
    }
    .solve(puzzle, &mut NullObserver);
    // (A build of the core without the `sat` feature has no engine to ask.)
    if cfg!(feature = "sat") {
        let sat = Sat::default().solve(puzzle, &mut NullObserver);
        prop_assert_eq!(
            count.count > 0,
            sat.status == Status::Solved,
            "propagation counted {} solutions, sat says {}: {}",
            count.count,
            sat.status,
            puzzle
        );
        if count.count > 0 {
            prop_assert_eq!(verify_solution(puzzle, &sat.grid), Ok(()), "{}", puzzle);
            if count.is_unique() {
                prop_assert_eq!(ours.grid.values(), sat.grid.values(), "{}", puzzle);
            }
        }
    }
    if matches!(dlx.status, Status::GaveUp(_)) {
        return Ok(());
    }
    prop_assert_eq!(
        count.count > 0,
        dlx.status == Status::Solved,
        "propagation counted {} solutions, DLX says {}: {}",
        count.count,
        dlx.status,
        puzzle
    );
    if !puzzle.conflicts().is_empty() {
        prop_assert_eq!(count.count, 0, "clashing givens solved: {}", puzzle);
    }
    if count.count == 0 {
        prop_assert_eq!(ours.status, Status::NoSolution, "{}", puzzle);
        return Ok(());
    }
    prop_assert_eq!(ours.status, Status::Solved, "{}", puzzle);
    prop_assert_eq!(verify_solution(puzzle, &ours.grid), Ok(()), "{}", puzzle);
    prop_assert_eq!(verify_solution(puzzle, &dlx.grid), Ok(()), "{}", puzzle);
    if count.is_unique() {
        prop_assert_eq!(ours.grid.values(), dlx.grid.values(), "{}", puzzle);
    }
    Ok(())
}

#[test]
fn the_engine_agrees_with_dlx_and_sat_on_arbitrary_grids() {
    let mut runner = TestRunner::new(Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    });
    let input = prop::sample::select(vec![Size::FOUR, Size::NINE, Size::NINE, Size::SIXTEEN])
        .prop_flat_map(|size| (Just(size), shape(size.cells()), any::<u64>()));
    let tally = Tally::default();
    let started = std::time::Instant::now();
    runner
        .run(&input, |(size, shape, seed)| {
            compare(&grid_of(size, &shape, seed), &tally)
        })
        .unwrap();
    let [over, none, one, several] = tally.0.map(|c| c.get());
    eprintln!(
        "the engine against DLX and sat: {} grids in {:.1} s: {none} without a solution, {one} with one, \
         {several} with several, {over} over the budget",
        cases(),
        started.elapsed().as_secs_f64()
    );
    // The three outcomes were all tried, each many times.
    let least = cases() / 20;
    assert!(none >= least && one >= least && several >= least);
}
