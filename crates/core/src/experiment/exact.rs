//! Exact solvers against the metaheuristics (the GA paper's "GA vs brute force" table): mean time
//! per puzzle of every algorithm in the registry with its default parameters, on the genetic
//! experiment's puzzles. Exact solvers are deterministic and timed over `runs` repetitions;
//! heuristics run once per seed and report their success rate beside the mean time.

use super::{percent, results_where, run_seed, Executor, Report, Settings, Summary, Table};
use crate::registry::{Algorithm, Family, RunConfig};
use crate::trace::NullObserver;

struct Timing {
    solved: bool,
    seconds: f64,
}

pub fn run<E: Executor>(settings: &Settings, executor: &E) -> Report {
    let instances = settings
        .instances
        .clone()
        .unwrap_or_else(super::genetic::instances);
    let runs = settings.runs.unwrap_or(10).max(1);
    let algorithms: Vec<Algorithm> = Algorithm::ALL.to_vec();
    let jobs: Vec<(usize, usize, usize)> = (0..instances.len())
        .flat_map(|i| (0..algorithms.len()).flat_map(move |a| (0..runs).map(move |r| (i, a, r))))
        .collect();
    let results = executor.map(&jobs, &|&(i, a, r): &(usize, usize, usize)| {
        let config = RunConfig {
            seed: run_seed(settings.seed, &[i as u64, r as u64]),
            ..RunConfig::default()
        };
        let start = executor.seconds();
        let outcome = algorithms[a]
            .run(&instances[i].puzzle, &config, &mut NullObserver)
            .expect("default parameters are valid");
        Timing {
            solved: outcome.is_solved(),
            seconds: executor.seconds() - start,
        }
    });

    let mut columns = vec!["puzzle".to_string(), "givens".to_string()];
    columns.extend(algorithms.iter().map(|a| a.id().to_string()));
    let column_refs: Vec<&str> = columns.iter().map(String::as_str).collect();
    let mut table = Table::new(
        "exact",
        &format!(
            "Mean time per puzzle in ms ({runs} runs each; heuristics: success % in brackets when below 100)"
        ),
        &column_refs,
    );
    for (i, instance) in instances.iter().enumerate() {
        let mut row = vec![
            instance.name.clone(),
            instance.puzzle.given_count().to_string(),
        ];
        for (a, algorithm) in algorithms.iter().enumerate() {
            let picked = results_where(&jobs, &results, |&(j, b, _)| j == i && b == a);
            let solved = picked.iter().filter(|t| t.solved).count();
            let ms = Summary::of(&picked.iter().map(|t| t.seconds * 1e3).collect::<Vec<_>>());
            let time = if ms.mean >= 100.0 {
                format!("{:.0}", ms.mean)
            } else {
                format!("{:.3}", ms.mean)
            };
            row.push(if solved == picked.len() {
                time
            } else if algorithm.family() == Family::Exact {
                format!("{time} (gave up)")
            } else {
                format!("{time} ({}%)", percent(solved, picked.len()))
            });
        }
        table.push(row);
    }
    Report {
        title: "Exact solvers vs metaheuristics: time per puzzle".into(),
        notes: vec![format!(
            "Every algorithm with its registry defaults; {runs} runs per puzzle (heuristics: one seed per run, base seed {}). Times include failed runs, which use the whole budget.",
            settings.seed
        )],
        tables: vec![table],
    }
}
