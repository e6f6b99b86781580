//! Solver benchmarks (divan): `cargo bench -p sudoku-core`.
//!
//! - every exact solver on fixed puzzles of the repo's fixtures (the slow cell-order ones on easy
//!   puzzles only);
//! - the observer contract's cost: the propagation engine with the `NullObserver` vs. an observer
//!   that counts every event (the null one must be as fast as no observer at all);
//! - the verifier;
//! - the user's path around the solver, part by part, per 9×9 puzzle: a text line read into a
//!   grid, the answer verified against the puzzle, the answer written as a line (issue 19 asks
//!   for less than 0.5 µs for the three together).
//!
//! Throughput on the large benchmark sets is measured by `sudoku bench` (see BENCHMARKS.md).

use std::path::PathBuf;

use divan::{black_box, Bencher};
use sudoku_core::{parse_records, verify, Algorithm, Counter, Grid, NullObserver, RunConfig};

fn main() {
    divan::main();
}

fn fixture(file: &str) -> Vec<Grid> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data")
        .join(file);
    let text = std::fs::read_to_string(path).expect("fixture");
    parse_records(&text)
        .into_iter()
        .filter_map(|r| r.result.ok())
        .collect()
}

fn solve_all(bencher: Bencher, algorithm: Algorithm, puzzles: &[Grid]) {
    let config = RunConfig::default();
    bencher
        .counter(divan::counter::ItemsCount::new(puzzles.len()))
        .bench(|| {
            for p in puzzles {
                black_box(
                    algorithm
                        .run(black_box(p), &config, &mut NullObserver)
                        .unwrap(),
                );
            }
        });
}

const COMPLETE: &[Algorithm] = &[
    Algorithm::FcMrv,
    Algorithm::Norvig,
    Algorithm::Propagation,
    Algorithm::Dlx,
];

const EVERY: &[Algorithm] = &[
    Algorithm::Backtracking,
    Algorithm::BruteForce,
    Algorithm::Bitmask,
    Algorithm::FcMrv,
    Algorithm::Norvig,
    Algorithm::Propagation,
    Algorithm::Dlx,
];

/// Norvig's 95 hard puzzles.
#[divan::bench(args = COMPLETE, sample_count = 10)]
fn top95(bencher: Bencher, algorithm: &Algorithm) {
    solve_all(bencher, *algorithm, &fixture("top95.txt"));
}

/// Mantere & Koljonen's newspaper puzzles: easy enough for every solver.
#[divan::bench(args = EVERY, sample_count = 10)]
fn mantere_koljonen(bencher: Bencher, algorithm: &Algorithm) {
    solve_all(bencher, *algorithm, &fixture("mantere_koljonen.txt"));
}

/// 4×4 to 25×25 unique puzzles.
#[divan::bench(args = COMPLETE, sample_count = 10)]
fn every_size(bencher: Bencher, algorithm: &Algorithm) {
    solve_all(bencher, *algorithm, &fixture("sizes.txt"));
}

mod observer_cost {
    use super::*;

    /// The propagation engine on top95, reporting to the `NullObserver`.
    #[divan::bench(sample_count = 20)]
    fn null_observer(bencher: Bencher) {
        solve_all(bencher, Algorithm::Propagation, &fixture("top95.txt"));
    }

    /// The same runs with an observer that counts every event.
    #[divan::bench(sample_count = 20)]
    fn counting_observer(bencher: Bencher) {
        let puzzles = fixture("top95.txt");
        let config = RunConfig::default();
        bencher
            .counter(divan::counter::ItemsCount::new(puzzles.len()))
            .bench(|| {
                let mut counter = Counter::default();
                for p in &puzzles {
                    black_box(
                        Algorithm::Propagation
                            .run(black_box(p), &config, &mut counter)
                            .unwrap(),
                    );
                }
                counter.count
            });
    }
}

#[divan::bench]
fn verifier(bencher: Bencher) {
    let solved = Algorithm::Propagation
        .run(
            &fixture("hardest.txt")[0],
            &RunConfig::default(),
            &mut NullObserver,
        )
        .unwrap()
        .grid;
    bencher.bench(|| verify(black_box(&solved)));
}

/// The parts of `sudoku solve`'s work on a 9×9 line besides the solver, each per puzzle.
mod user_path {
    use super::*;
    use sudoku_core::{checked_answer, parse_line, Outcome};

    fn lines() -> Vec<String> {
        let mut puzzles = fixture("top95.txt");
        puzzles.extend(fixture("hardest.txt"));
        puzzles.iter().map(Grid::to_line).collect()
    }

    fn outcomes() -> Vec<(Grid, Outcome)> {
        lines()
            .iter()
            .map(|line| {
                let puzzle = parse_line(line.as_bytes()).unwrap();
                let outcome = Algorithm::Propagation
                    .run(&puzzle, &RunConfig::default(), &mut NullObserver)
                    .unwrap();
                (puzzle, outcome)
            })
            .collect()
    }

    #[divan::bench]
    fn parse(bencher: Bencher) {
        let lines = lines();
        bencher
            .counter(divan::counter::ItemsCount::new(lines.len()))
            .bench(|| {
                for line in &lines {
                    black_box(parse_line(black_box(line.as_bytes())).unwrap());
                }
            });
    }

    #[divan::bench]
    fn verify(bencher: Bencher) {
        let outcomes = outcomes();
        bencher
            .counter(divan::counter::ItemsCount::new(outcomes.len()))
            .bench(|| {
                for (puzzle, outcome) in &outcomes {
                    black_box(checked_answer(black_box(puzzle), black_box(outcome)).unwrap());
                }
            });
    }

    #[divan::bench]
    fn write(bencher: Bencher) {
        let outcomes = outcomes();
        let mut out = String::with_capacity(outcomes.len() * 82);
        bencher
            .counter(divan::counter::ItemsCount::new(outcomes.len()))
            .bench_local(|| {
                out.clear();
                for (_, outcome) in &outcomes {
                    outcome.grid.write_line(&mut out);
                    out.push('\n');
                }
                black_box(&out);
            });
    }

    /// The solver's own run as `sudoku solve` calls it (with its outcome built), for scale.
    #[divan::bench]
    fn solve(bencher: Bencher) {
        let puzzles: Vec<Grid> = outcomes().into_iter().map(|(puzzle, _)| puzzle).collect();
        solve_all(bencher, Algorithm::Propagation, &puzzles);
    }
}
