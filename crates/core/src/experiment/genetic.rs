//! The genetic-algorithm experiment (Miloradović & Jačović 2020): success %, average and best
//! generation and average time, by number of givens, 100 attempts per puzzle with the paper's
//! parameters (population 200, 1,000 generations, elite 120, mutation 0.5).
//!
//! Instances: the paper's puzzles (25, 26, 29 and 31 givens) are not available; we take every
//! Mantere & Koljonen puzzle with those given counts.

use super::{
    classes, mantere_koljonen, percent, results_where, run_seed, Executor, Instance, Report,
    Settings, Summary, Table,
};
use crate::heuristic::{Genetic, MutationScope};
use crate::solve::Solver;
use crate::trace::NullObserver;

/// The paper's success rates by givens.
pub const PUBLISHED_SUCCESS: [(usize, f64); 4] = [(25, 20.0), (26, 33.0), (29, 100.0), (31, 83.0)];

/// The default instances: every Mantere & Koljonen puzzle with 25, 26, 29 or 31 givens.
pub fn instances() -> Vec<Instance> {
    let mut picked: Vec<Instance> = mantere_koljonen(&[("", &["s"])])
        .into_iter()
        .filter(|i| {
            PUBLISHED_SUCCESS
                .iter()
                .any(|&(g, _)| g == i.puzzle.given_count())
        })
        .map(|mut i| {
            i.class = format!("{} givens", i.puzzle.given_count());
            i
        })
        .collect();
    picked.sort_by_key(|i| i.puzzle.given_count());
    picked
}

/// The paper's mutation (one swap per child at 0.5) and our variant (each gene at 0.1).
const VARIANTS: [(MutationScope, f64); 2] =
    [(MutationScope::Child, 0.5), (MutationScope::Gene, 0.1)];

/// One attempt: the generation it solved at (if it did) and its time in seconds.
struct Attempt {
    generation: Option<u64>,
    seconds: f64,
}

pub fn run<E: Executor>(settings: &Settings, executor: &E) -> Report {
    let instances = settings.instances.clone().unwrap_or_else(instances);
    let attempts = settings.runs.unwrap_or(100);
    let generations = settings.max_iterations.unwrap_or(1_000);
    // (instance, attempt, configuration): 0 = the paper's, 1 = our per-gene mutation variant.
    let jobs: Vec<(usize, usize, usize)> = (0..instances.len())
        .flat_map(|i| (0..attempts).flat_map(move |a| (0..2).map(move |v| (i, a, v))))
        .collect();
    let results = executor.map(&jobs, &|&(i, a, v): &(usize, usize, usize)| {
        let start = executor.seconds();
        let (mutation_scope, mutation_rate) = VARIANTS[v];
        let outcome = Genetic {
            generations,
            mutation_scope,
            mutation_rate,
            seed: run_seed(settings.seed, &[i as u64, a as u64]),
            ..Genetic::default()
        }
        .solve(&instances[i].puzzle, &mut NullObserver);
        Attempt {
            generation: outcome.is_solved().then_some(outcome.stats.iterations),
            seconds: executor.seconds() - start,
        }
    });

    // The first two columns (which puzzle or class) then the attempts' figures.
    let row_of = |first: String, second: String, picked: Vec<&Attempt>| {
        let solved: Vec<f64> = picked
            .iter()
            .filter_map(|a| a.generation.map(|g| g as f64))
            .collect();
        let s = Summary::of(&solved);
        let time = Summary::of(&picked.iter().map(|a| a.seconds).collect::<Vec<_>>());
        vec![
            first,
            second,
            picked.len().to_string(),
            percent(solved.len(), picked.len()),
            if solved.is_empty() {
                "–".into()
            } else {
                format!("{:.1}", s.mean)
            },
            if solved.is_empty() {
                "–".into()
            } else {
                format!("{:.0}", s.min)
            },
            format!("{:.3}", time.mean),
        ]
    };
    let class_columns = |last: &'static str| {
        [
            "givens",
            "puzzles",
            "attempts",
            "success %",
            "avg generation",
            "best generation",
            "avg time (s)",
            last,
        ]
    };
    let mut by_class = Table::new(
        "genetic",
        "Success by number of givens (the paper's table shape)",
        &class_columns("paper success %"),
    );
    let mut by_class_variant = Table::new(
        "genetic-variant",
        "Our variant: each gene swapped within its block with probability 0.1 (instead of one swap per child at 0.5)",
        &class_columns("paper's mutation: success %"),
    );
    for (class, members) in classes(&instances) {
        let picked = |variant: usize| {
            results_where(&jobs, &results, |(i, _, v)| {
                members.contains(i) && *v == variant
            })
        };
        let names: Vec<&str> = members
            .iter()
            .map(|&i| instances[i].name.as_str())
            .collect();
        let mut row = row_of(class.clone(), names.join(" "), picked(0));
        let mut variant_row = row_of(class.clone(), names.join(" "), picked(1));
        variant_row.push(row[3].clone());
        let paper = PUBLISHED_SUCCESS
            .iter()
            .find(|(g, _)| format!("{g} givens") == class)
            .map(|(_, p)| format!("{p:.0}"))
            .unwrap_or_else(|| "–".into());
        row.push(paper);
        by_class.push(row);
        by_class_variant.push(variant_row);
    }
    let mut per_puzzle = Table::new(
        "genetic-puzzles",
        "Per puzzle",
        &[
            "puzzle",
            "givens",
            "attempts",
            "success %",
            "avg generation",
            "best generation",
            "avg time (s)",
        ],
    );
    for (i, instance) in instances.iter().enumerate() {
        let picked = results_where(&jobs, &results, |&(j, _, v)| j == i && v == 0);
        per_puzzle.push(row_of(
            instance.name.clone(),
            instance.puzzle.given_count().to_string(),
            picked,
        ));
    }
    Report {
        title: "Genetic algorithm by number of givens (Miloradović & Jačović 2020)".into(),
        notes: vec![format!(
            "{attempts} attempts per puzzle, at most {generations} generations, population 200, elite 120, mutation 0.5, selection 0.85; base seed {}.",
            settings.seed
        )],
        tables: vec![by_class, by_class_variant, per_puzzle],
    }
}
