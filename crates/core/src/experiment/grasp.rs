//! The GRASP experiment: the models paper's GRASP (`grasp`) against our variant over
//! alldifferent-filtered domains (`grasp-alldiff`), at equal budgets, on Mantere & Koljonen's
//! one- to five-star files (s01–s05): success % per star level and per puzzle, and mean time.

use super::plan::{coordinates, measure};
use super::{
    classes, mantere_koljonen, mean_seconds, percent, results_where, BadJob, Context,
    ExperimentSpec, Instance, Job, Measures, Progress, Settings,
};
use crate::heuristic::allowed::Domains;
use crate::heuristic::Grasp;
use crate::report::{Chart, Report, Series, Table};
use crate::runs::run_seed;
use crate::solve::Solver;
use crate::trace::NullObserver;

/// The star levels and their files.
pub const LEVELS: [(&str, &[&str]); 5] = [
    ("1 star", &["s01"]),
    ("2 stars", &["s02"]),
    ("3 stars", &["s03"]),
    ("4 stars", &["s04"]),
    ("5 stars", &["s05"]),
];

/// The paper's GRASP, then ours.
const CONFIGURATIONS: [(&str, Domains); 2] = [
    ("grasp", Domains::Any),
    ("grasp-alldiff", Domains::AllDifferent),
];

pub fn default_instances() -> Vec<Instance> {
    mantere_koljonen(&LEVELS)
}

fn runs(settings: &Settings) -> usize {
    settings.runs.unwrap_or(10)
}

fn max_iterations(settings: &Settings) -> u64 {
    settings.budget.unwrap_or(10_000)
}

/// Runs per instance: each configuration `runs` times.
pub fn runs_per_instance(settings: &Settings) -> usize {
    runs(settings).saturating_mul(CONFIGURATIONS.len())
}

/// Every run at once: (instance, configuration, run).
pub fn next_jobs(context: &Context, progress: &Progress) -> Vec<Job> {
    if !progress.jobs.is_empty() {
        return Vec::new();
    }
    let runs = runs(&context.settings) as u32;
    (0..context.instances.len() as u32)
        .flat_map(|i| {
            (0..CONFIGURATIONS.len() as u32)
                .flat_map(move |c| (0..runs).map(move |r| vec![i, c, r]))
        })
        .collect()
}

fn decode(context: &Context, job: &[u32]) -> Result<[usize; 3], BadJob> {
    coordinates(
        job,
        [context.instances.len(), CONFIGURATIONS.len(), usize::MAX],
    )
}

/// One GRASP run; measures: solved (1 or 0), iterations, seconds. The two configurations share
/// their seeds.
pub fn run_job(
    context: &Context,
    job: &[u32],
    seconds: &dyn Fn() -> f64,
) -> Result<Measures, BadJob> {
    let [i, c, r] = decode(context, job)?;
    let start = seconds();
    let outcome = Grasp {
        max_iterations: max_iterations(&context.settings),
        domains: CONFIGURATIONS[c].1,
        seed: run_seed(context.settings.seed, &[i as u64, r as u64]),
        ..Grasp::default()
    }
    .solve(&context.instances[i].puzzle, &mut NullObserver);
    Ok(vec![
        f64::from(u8::from(outcome.is_solved())),
        outcome.stats.iterations as f64,
        seconds() - start,
    ])
}

/// Whether a run solved, and its seconds.
type RunResult = (bool, f64);

pub fn report(context: &Context, progress: &Progress) -> Report {
    let (instances, settings) = (&context.instances, &context.settings);
    // (instance, configuration) of each finished run, and (solved, seconds).
    let (jobs, results): (Vec<(usize, usize)>, Vec<RunResult>) = progress
        .done()
        .filter_map(|(job, measures)| {
            let [i, c, _] = decode(context, job).ok()?;
            Some(((i, c), (measure(measures, 0) > 0.5, measure(measures, 2))))
        })
        .unzip();
    let cell = |picked: Vec<&RunResult>| {
        let solved = picked.iter().filter(|r| r.0).count();
        let seconds: Vec<f64> = picked.iter().map(|r| r.1).collect();
        (percent(solved, picked.len()), mean_seconds(&seconds))
    };
    let mut columns = vec!["level".to_string(), "puzzles".into(), "runs each".into()];
    for (name, _) in CONFIGURATIONS {
        columns.push(format!("{name}: success %"));
        columns.push(format!("{name}: mean time (s)"));
    }
    let column_refs: Vec<&str> = columns.iter().map(String::as_str).collect();
    let mut by_level = Table::new(
        "grasp",
        "The paper's GRASP against GRASP over alldifferent-filtered domains, same budget",
        &column_refs,
    );
    let mut success: Vec<Vec<Option<f64>>> = vec![Vec::new(); CONFIGURATIONS.len()];
    let mut groups = Vec::new();
    for (class, members) in classes(instances) {
        let mut row = vec![
            class.clone(),
            members.len().to_string(),
            runs(settings).to_string(),
        ];
        for (c, series) in success.iter_mut().enumerate() {
            let picked = results_where(&jobs, &results, |&(i, k)| members.contains(&i) && k == c);
            let (share, time) = cell(picked);
            series.push(share.parse().ok());
            row.push(share);
            row.push(time);
        }
        groups.push(class);
        by_level.push(row);
    }
    let mut per_puzzle = Table::new(
        "grasp-puzzles",
        "Per puzzle: success % of each configuration",
        &[
            "puzzle",
            "level",
            "grasp: success %",
            "grasp-alldiff: success %",
        ],
    );
    for (i, instance) in instances.iter().enumerate() {
        let mut row = vec![instance.name.clone(), instance.class.clone()];
        for c in 0..CONFIGURATIONS.len() {
            row.push(cell(results_where(&jobs, &results, |&(j, k)| j == i && k == c)).0);
        }
        per_puzzle.push(row);
    }
    Report {
        title: "GRASP: the paper's construction against alldifferent-filtered domains".into(),
        notes: vec![format!(
            "{} runs per puzzle and configuration (the same seeds for both), at most {} iterations each (a construction and its hill climbing), α = 0.3; base seed {}. grasp-alldiff filters first (GAC): on most of these puzzles the filter alone settles every cell.",
            runs(settings),
            max_iterations(settings),
            settings.seed
        )],
        tables: vec![by_level, per_puzzle],
        charts: vec![Chart::Bars {
            title: "Success % by star level".into(),
            groups,
            series: CONFIGURATIONS
                .iter()
                .zip(success)
                .map(|((name, _), values)| Series {
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
    id: "grasp",
    description: "The paper's GRASP against GRASP over alldifferent-filtered domains: success % on the 1–5-star files (Takano, de Freitas & de Sá; our variant)",
    default_instances,
    next_jobs,
    run_job,
    report,
    runs_per_instance,
    planned_jobs: None,
};
