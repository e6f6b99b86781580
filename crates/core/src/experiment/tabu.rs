//! The tabu experiment (Soto et al. 2015): for alldiff-TS and AC3-TS, how many runs of at most
//! `max_iterations` iterations it takes to solve each instance 30 times, and the minimum, average,
//! maximum and standard deviation of the iterations of the solving runs.
//!
//! Instances: Mantere & Koljonen's files at the paper's levels (easy s10, medium s11, hard s12,
//! SD s09, AI Escargot s16: the closest reading of "following Mantere & Koljonen", see
//! tests/data/mantere_koljonen.txt) and Norvig's 11 hardest, since GAC alone already solves most
//! of the former.
//!
//! Runs are made in rounds (one seed each) until 30 have solved or 10 × 30 runs were made; a
//! capped pair says so ("> 300").

use super::{mantere_koljonen, run_seed, Executor, Instance, Report, Settings, Summary, Table};
use crate::domain::Filter;
use crate::heuristic::Tabu;
use crate::solve::Solver;
use crate::trace::NullObserver;

/// The paper's levels and the files standing for them.
pub const LEVELS: [(&str, &[&str]); 5] = [
    ("easy", &["s10"]),
    ("medium", &["s11"]),
    ("hard", &["s12"]),
    ("SD", &["s09"]),
    ("AI Escargot", &["s16"]),
];

const METHODS: [(Filter, &str); 2] = [
    (Filter::AllDifferentGac, "alldiff-TS"),
    (Filter::Ac3, "AC3-TS"),
];

/// Runs at most this many times the number of successes wanted.
const RUN_CAP_FACTOR: usize = 10;

#[derive(Default)]
struct Tally {
    runs: usize,
    solved_iterations: Vec<f64>,
}

pub fn run<E: Executor>(settings: &Settings, executor: &E) -> Report {
    let instances: Vec<Instance> = settings.instances.clone().unwrap_or_else(|| {
        let mut instances = mantere_koljonen(&LEVELS);
        instances.extend(super::norvig_hardest("Norvig hardest"));
        instances
    });
    let wanted = settings.runs.unwrap_or(30).max(1);
    let cap = wanted * RUN_CAP_FACTOR;
    let max_iterations = settings.max_iterations.unwrap_or(10_000);
    let pairs: Vec<(usize, usize)> = (0..instances.len())
        .flat_map(|i| (0..METHODS.len()).map(move |m| (i, m)))
        .collect();
    let mut tallies: Vec<Tally> = pairs.iter().map(|_| Tally::default()).collect();
    loop {
        // The next round: for each unfinished pair, as many runs as it still needs successes,
        // scaled by its failure rate so far.
        let mut jobs: Vec<(usize, usize)> = Vec::new(); // (pair, run index)
        for (p, tally) in tallies.iter().enumerate() {
            let solved = tally.solved_iterations.len();
            if solved >= wanted || tally.runs >= cap {
                continue;
            }
            let missing = wanted - solved;
            let rate = (solved.max(1) as f64) / (tally.runs.max(1) as f64);
            let batch = ((missing as f64 / rate).ceil() as usize)
                .clamp(1, cap - tally.runs)
                .min(missing * 4);
            jobs.extend((tally.runs..tally.runs + batch).map(|r| (p, r)));
        }
        if jobs.is_empty() {
            break;
        }
        let results = executor.map(&jobs, &|&(p, r): &(usize, usize)| {
            let (instance, method) = pairs[p];
            let outcome = Tabu {
                max_iterations,
                seed: run_seed(settings.seed, &[instance as u64, method as u64, r as u64]),
                ..Tabu::new(METHODS[method].0)
            }
            .solve(&instances[instance].puzzle, &mut NullObserver);
            outcome
                .is_solved()
                .then_some(outcome.stats.iterations as f64)
        });
        // Count runs in order, stopping each pair at its 30th success (later runs of the round
        // are dropped, so the count does not depend on the round sizes).
        for (&(p, _), result) in jobs.iter().zip(results) {
            let tally = &mut tallies[p];
            if tally.solved_iterations.len() >= wanted {
                continue;
            }
            tally.runs += 1;
            if let Some(iterations) = result {
                tally.solved_iterations.push(iterations);
            }
        }
    }

    let mut table = Table::new(
        "tabu",
        &format!(
            "Runs needed for {wanted} solutions ({max_iterations} iterations per run) and iterations of the solving runs"
        ),
        &[
            "instance", "level", "method", "runs", "solved", "min", "avg", "max", "sd",
        ],
    );
    for (&(instance, method), tally) in pairs.iter().zip(&tallies) {
        let s = Summary::of(&tally.solved_iterations);
        let solved = tally.solved_iterations.len();
        let number = |v: f64| {
            if solved == 0 {
                "–".to_string()
            } else {
                format!("{v:.1}")
            }
        };
        table.push(vec![
            instances[instance].name.clone(),
            instances[instance].class.clone(),
            METHODS[method].1.into(),
            if solved < wanted {
                format!("> {}", tally.runs)
            } else {
                tally.runs.to_string()
            },
            solved.to_string(),
            number(s.min),
            number(s.mean),
            number(s.max),
            number(s.std_dev),
        ]);
    }
    Report {
        title: "Tabu search hybrids: alldiff-TS vs AC3-TS (Soto et al. 2015)".into(),
        notes: vec![
            format!(
                "One seed per run (base seed {}); a run is one tabu search of at most {max_iterations} iterations; at most {cap} runs per instance and method.",
                settings.seed
            ),
            "alldiff-TS filters with alldifferent GAC (Régin), AC3-TS with AC-3; both re-filter after every move (see heuristic::tabu). 0 iterations = the filter alone solved the puzzle.".into(),
        ],
        tables: vec![table],
    }
}
