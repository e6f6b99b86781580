//! Races with a planted answer: synthetic candidates whose order is known, and a study's
//! configurations where one value of a parameter dominates.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::*;
use crate::generate::Symmetry;
use crate::registry::Algorithm;
use crate::runs::Sequential;
use crate::size::Size;
use crate::study::{Class, Settings, Source};

/// A race of `factors.len()` candidates whose evaluations on an instance are the instance's
/// base cost times the candidate's factor, with noise: the smaller the factor, the better.
fn synthetic(factors: &[f64], instances: usize, noise: f64, settings: RaceSettings) -> Race {
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    let mut race = Race::new(factors.len(), instances, settings);
    while let Some((_, alive)) = race.next() {
        let base: f64 = rng.random_range(100.0..10_000.0);
        let run: Vec<(usize, Performance)> = alive
            .iter()
            .map(|&c| {
                let jitter = 1.0 + noise * rng.random_range(-1.0..1.0);
                let performance = Performance {
                    solved: true,
                    best_cost: 0,
                    evaluations: (base * factors[c] * jitter) as u64,
                };
                (c, performance)
            })
            .collect();
        race.record(&run);
    }
    race
}

#[test]
fn the_planted_best_wins_and_the_worst_go_early() {
    let factors = [1.6, 1.0, 1.3, 2.0, 1.45, 3.0];
    let race = synthetic(&factors, 60, 0.2, RaceSettings::default());
    let standings = race.standings();
    assert_eq!(standings[0].candidate, 1, "{standings:?}");
    assert_eq!(race.alive(), vec![1]);
    // The worst is dropped at the first test, before the close ones.
    let worst = race.dropped_after(5).unwrap();
    assert_eq!(worst, 5);
    assert!(race.dropped_after(4).unwrap() >= worst);
    // Racing saves runs: fewer than every candidate on every instance run.
    assert!(race.runs() < 6 * race.instances());
    assert!(race.tests().iter().all(|t| t.instances >= 5));
}

#[test]
fn candidates_that_do_not_differ_mostly_stay() {
    let race = synthetic(&[1.0; 5], 40, 0.3, RaceSettings::default());
    assert_eq!(race.instances(), 40);
    // At α = 0.05 a test may drop a candidate by chance; most stay.
    assert!(race.alive().len() >= 3, "{:?}", race.tests());
    assert!(race
        .tests()
        .iter()
        .filter_map(|t| t.p_value)
        .any(|p| p > 0.05));
}

#[test]
fn ties_are_not_differences() {
    // Every candidate solves every instance with the same work: no test can decide.
    let mut race = Race::new(3, 10, RaceSettings::default());
    let same = Performance {
        solved: true,
        best_cost: 0,
        evaluations: 10,
    };
    while let Some((_, alive)) = race.next() {
        let run: Vec<(usize, Performance)> = alive.iter().map(|&c| (c, same)).collect();
        race.record(&run);
    }
    assert_eq!(race.alive(), vec![0, 1, 2]);
    assert!(race.tests().iter().all(|t| t.statistic.is_none()));
}

#[test]
fn the_run_budget_and_the_first_test_are_kept() {
    let settings = RaceSettings {
        max_runs: 40,
        first_test: 8,
        ..RaceSettings::default()
    };
    let race = synthetic(&[1.0, 5.0, 5.0, 5.0], 100, 0.1, settings);
    assert!(race.runs() <= 40, "{}", race.runs());
    assert_eq!(race.tests()[0].instances, 8);
    assert_eq!(race.alive(), vec![0]);
}

#[test]
fn a_solved_run_beats_any_unsolved_one_and_a_lower_cost_a_higher() {
    let solved = |evaluations| Performance {
        solved: true,
        best_cost: 0,
        evaluations,
    };
    let unsolved = |best_cost, evaluations| Performance {
        solved: false,
        best_cost,
        evaluations,
    };
    assert!(solved(1_000_000) < unsolved(1, 10));
    assert!(unsolved(2, 1_000) < unsolved(9, 10));
    assert!(unsolved(2, 10) < unsolved(2, 1_000));
    assert!(unsolved(2, 10) < unsolved(u32::MAX, 10));
}

#[test]
fn a_study_race_keeps_the_budget_that_dominates() {
    let algorithm = Algorithm::parse("annealing").unwrap();
    let configurations =
        grid::candidates(algorithm, &["max_iterations=1,2,20000".to_string()], 5).unwrap();
    let settings = Settings {
        source: Source::Generated {
            size: Size::NINE,
            classes: vec![Class::Givens(30)],
            count: 12,
            symmetry: Symmetry::None,
        },
        configurations,
        seeds: 1,
        budget: None,
        seed: 5,
    };
    let study = Study::make(settings, &Sequential, 120.0).unwrap();
    let mut heard = 0;
    let race = race_study(&study, RaceSettings::default(), &Sequential, &mut |_, _| {
        heard += 1
    });
    assert_eq!(heard, race.tests().len());
    let standings = race.standings();
    assert_eq!(
        study.runs[standings[0].candidate].to_string(),
        "annealing;max_iterations=20000",
        "{standings:?}"
    );
    let table = study.race_table(&race);
    assert_eq!(table.rows[0][1], "annealing;max_iterations=20000");
    assert_eq!(table.rows[0][2], "in the race");
    // One move, or two, leave a far higher cost than 20,000 on every puzzle: both are gone at
    // the first test, and with one candidate left the race ends there (15 runs of 36).
    assert_eq!(race.alive().len(), 1);
    assert_eq!(race.tests()[0].dropped.len(), 2);
    assert_eq!(race.instances(), 5);
    assert_eq!(race.runs(), 15);
}
