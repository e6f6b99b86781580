//! The genetic-algorithm experiment (Miloradović & Jačović 2020): success %, average and best
//! generation and average time, by number of givens, 100 attempts per puzzle with the paper's
//! parameters (population 200, 1,000 generations, elite 120, mutation 0.5).
//!
//! Instances: the paper's puzzles (25, 26, 29 and 31 givens) are not available; we take every
//! Mantere & Koljonen puzzle with those given counts.

use super::plan::{coordinates, measure};
use super::{
    classes, mantere_koljonen, mean_seconds, percent, results_where, BadJob, Context,
    ExperimentSpec, Instance, Job, Measures, Moments, Progress, Settings,
};
use crate::heuristic::genetic::{Blocks, Domains};
use crate::heuristic::Genetic;
use crate::report::{Chart, Report, Series, Table};
use crate::runs::run_seed;
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

/// The configurations every attempt runs (same seed): the paper's GA (row blocks, genes from the
/// digits the givens allow), the box reading this lab ran before, and `genetic-alldiff`.
/// Each with the name of its table and its label.
pub const CONFIGURATIONS: [(&str, &str, Blocks, Domains); 3] = [
    (
        "genetic",
        "paper's GA (rows)",
        Blocks::Rows,
        Domains::Givens,
    ),
    ("genetic-boxes", "box reading", Blocks::Boxes, Domains::Any),
    (
        "genetic-alldiff",
        "genetic-alldiff",
        Blocks::Rows,
        Domains::AllDifferent,
    ),
];

/// One attempt: the generation it solved at (if it did) and its time in seconds.
struct Attempt {
    generation: Option<u64>,
    seconds: f64,
}

fn attempts(settings: &Settings) -> usize {
    settings.runs.unwrap_or(100)
}

fn generations(settings: &Settings) -> u64 {
    settings.budget.unwrap_or(1_000)
}

/// Runs per instance: each attempt with every configuration.
pub fn runs_per_instance(settings: &Settings) -> usize {
    attempts(settings).saturating_mul(CONFIGURATIONS.len())
}

/// Every attempt at once: (instance, attempt, configuration in [`CONFIGURATIONS`]).
pub fn next_jobs(context: &Context, progress: &Progress) -> Vec<Job> {
    if !progress.jobs.is_empty() {
        return Vec::new();
    }
    let attempts = attempts(&context.settings) as u32;
    (0..context.instances.len() as u32)
        .flat_map(|i| {
            (0..attempts)
                .flat_map(move |a| (0..CONFIGURATIONS.len() as u32).map(move |v| vec![i, a, v]))
        })
        .collect()
}

/// One attempt; measures: solved (1 or 0), the generation it solved at, seconds.
pub fn run_job(
    context: &Context,
    job: &[u32],
    seconds: &dyn Fn() -> f64,
) -> Result<Measures, BadJob> {
    let [i, a, v] = coordinates(
        job,
        [context.instances.len(), usize::MAX, CONFIGURATIONS.len()],
    )?;
    let start = seconds();
    let (_, _, blocks, domains) = CONFIGURATIONS[v];
    let outcome = Genetic {
        generations: generations(&context.settings),
        blocks,
        domains,
        seed: run_seed(context.settings.seed, &[i as u64, a as u64]),
        ..Genetic::default()
    }
    .solve(&context.instances[i].puzzle, &mut NullObserver);
    Ok(vec![
        f64::from(u8::from(outcome.is_solved())),
        outcome.stats.iterations as f64,
        seconds() - start,
    ])
}

pub fn report(context: &Context, progress: &Progress) -> Report {
    let (instances, settings) = (&context.instances, &context.settings);
    let (attempts, generations) = (attempts(settings), generations(settings));
    let (jobs, results): (Vec<(usize, usize, usize)>, Vec<Attempt>) = progress
        .done()
        .filter_map(|(job, measures)| {
            let [i, a, v] =
                coordinates(job, [instances.len(), usize::MAX, CONFIGURATIONS.len()]).ok()?;
            let attempt = Attempt {
                generation: (measure(measures, 0) > 0.5).then(|| measure(measures, 1) as u64),
                seconds: measure(measures, 2),
            };
            Some(((i, a, v), attempt))
        })
        .unzip();

    // The first two columns (which puzzle or class) then the attempts' figures.
    let row_of = |first: String, second: String, picked: Vec<&Attempt>| {
        let solved: Vec<f64> = picked
            .iter()
            .filter_map(|a| a.generation.map(|g| g as f64))
            .collect();
        let s = Moments::of(&solved);
        let seconds: Vec<f64> = picked.iter().map(|a| a.seconds).collect();
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
            mean_seconds(&seconds),
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
    let mut by_class_variants: Vec<Table> = CONFIGURATIONS[1..]
        .iter()
        .map(|(table, name, ..)| {
            Table::new(
                table,
                &format!("{name}: success by number of givens, beside the paper's GA"),
                &class_columns("paper's GA: success %"),
            )
        })
        .collect();
    let share = |picked: &[&Attempt]| {
        (!picked.is_empty()).then(|| {
            let solved = picked.iter().filter(|a| a.generation.is_some()).count();
            100.0 * solved as f64 / picked.len() as f64
        })
    };
    // Success % per class: the paper's, then each configuration's.
    let mut success: Vec<Vec<Option<f64>>> = vec![Vec::new(); CONFIGURATIONS.len() + 1];
    let mut groups = Vec::new();
    for (class, members) in classes(instances) {
        let picked = |configuration: usize| {
            results_where(&jobs, &results, |(i, _, v)| {
                members.contains(i) && *v == configuration
            })
        };
        let names: Vec<&str> = members
            .iter()
            .map(|&i| instances[i].name.as_str())
            .collect();
        let mut row = row_of(class.clone(), names.join(" "), picked(0));
        for (k, table) in by_class_variants.iter_mut().enumerate() {
            let mut variant_row = row_of(class.clone(), names.join(" "), picked(k + 1));
            variant_row.push(row[3].clone());
            table.push(variant_row);
        }
        let paper = PUBLISHED_SUCCESS
            .iter()
            .find(|(g, _)| format!("{g} givens") == class)
            .map(|(_, p)| format!("{p:.0}"))
            .unwrap_or_else(|| "–".into());
        success[0].push(paper.parse::<f64>().ok());
        for (k, series) in success[1..].iter_mut().enumerate() {
            series.push(share(&picked(k)));
        }
        groups.push(class.clone());
        row.push(paper);
        by_class.push(row);
    }
    let mut columns = vec!["puzzle".to_string(), "givens".into(), "attempts".into()];
    columns.extend(
        CONFIGURATIONS
            .iter()
            .map(|(_, name, ..)| format!("{name}: success %")),
    );
    columns.push("genetic-alldiff: avg time (s)".into());
    let column_refs: Vec<&str> = columns.iter().map(String::as_str).collect();
    let mut per_puzzle = Table::new(
        "genetic-puzzles",
        "Per puzzle: success % of each configuration",
        &column_refs,
    );
    for (i, instance) in instances.iter().enumerate() {
        let picked = |configuration: usize| {
            results_where(&jobs, &results, |&(j, _, v)| j == i && v == configuration)
        };
        let mut row = vec![
            instance.name.clone(),
            instance.puzzle.given_count().to_string(),
            picked(0).len().to_string(),
        ];
        for k in 0..CONFIGURATIONS.len() {
            let attempts = picked(k);
            let solved = attempts.iter().filter(|a| a.generation.is_some()).count();
            row.push(percent(solved, attempts.len()));
        }
        let times: Vec<f64> = picked(2).iter().map(|a| a.seconds).collect();
        row.push(mean_seconds(&times));
        per_puzzle.push(row);
    }
    let mut tables = vec![by_class];
    tables.extend(by_class_variants);
    tables.push(per_puzzle);
    let mut series_names = vec!["paper (published)"];
    series_names.extend(CONFIGURATIONS.iter().map(|(_, name, ..)| *name));
    Report {
        title: "Genetic algorithm by number of givens (Miloradović & Jačović 2020)".into(),
        notes: vec![
            format!(
                "{attempts} attempts per puzzle and configuration (the same seeds for each), at most {generations} generations, population 200, elite 120, mutation 0.5 per child, selection 0.85; base seed {}.",
                settings.seed
            ),
            "The paper's GA: rows as permutation blocks, genes from the digits the givens allow, swaps that never move a digit where it is given. Box reading: boxes as blocks, any missing digit, any swap (this lab's GA before). genetic-alldiff: the paper's GA after alldifferent (GAC) filtering; when the filter alone settles every cell, the GA has nothing left to do.".into(),
        ],
        tables,
        charts: vec![Chart::Bars {
            title: "Success % by number of givens".into(),
            groups,
            series: series_names
                .iter()
                .zip(success)
                .map(|(name, values)| Series {
                    name: name.to_string(),
                    values,
                })
                .collect(),
            unit: "%".into(),
            log_scale: false,
        }],
    }
}

/// The registry's entry.
pub const SPEC: ExperimentSpec = ExperimentSpec {
    id: "genetic",
    description: "GA success %, average and best generation, time, by number of givens (Miloradović & Jačović 2020)",
    default_instances: instances,
    next_jobs,
    run_job,
    report,
    runs_per_instance,
    planned_jobs: None,
};
