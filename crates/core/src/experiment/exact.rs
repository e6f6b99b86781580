//! Exact solvers against the metaheuristics (the GA paper's "GA vs brute force" table): mean time
//! per puzzle of every algorithm in the registry with its default parameters, on the genetic
//! experiment's puzzles. Exact solvers are deterministic and timed over `runs` repetitions;
//! heuristics run once per seed and report their success rate beside the mean time.

use super::plan::{coordinates, measure};
use super::{
    percent, results_where, BadJob, Context, ExperimentSpec, Job, Measures, Moments, Progress,
    Settings,
};
use crate::registry::{Algorithm, Family, RunConfig};
use crate::report::{Chart, Report, Series, Table};
use crate::runs::run_seed;
use crate::trace::NullObserver;

struct Timing {
    solved: bool,
    seconds: f64,
}

fn runs(settings: &Settings) -> usize {
    settings.runs.unwrap_or(10).max(1)
}

/// Runs per instance: every algorithm, `runs` times.
pub fn runs_per_instance(settings: &Settings) -> usize {
    Algorithm::ALL.len().saturating_mul(runs(settings))
}

/// Every run at once: (instance, algorithm in registry order, run).
pub fn next_jobs(context: &Context, progress: &Progress) -> Vec<Job> {
    if !progress.jobs.is_empty() {
        return Vec::new();
    }
    let (algorithms, runs) = (Algorithm::ALL.len() as u32, runs(&context.settings) as u32);
    (0..context.instances.len() as u32)
        .flat_map(|i| (0..algorithms).flat_map(move |a| (0..runs).map(move |r| vec![i, a, r])))
        .collect()
}

/// One run with the registry's defaults; measures: solved (1 or 0), seconds.
pub fn run_job(
    context: &Context,
    job: &[u32],
    seconds: &dyn Fn() -> f64,
) -> Result<Measures, BadJob> {
    let [i, a, r] = coordinates(
        job,
        [context.instances.len(), Algorithm::ALL.len(), usize::MAX],
    )?;
    let config = RunConfig {
        seed: run_seed(context.settings.seed, &[i as u64, r as u64]),
        ..RunConfig::default()
    };
    let start = seconds();
    let solved = Algorithm::ALL[a]
        .run(&context.instances[i].puzzle, &config, &mut NullObserver)
        .is_ok_and(|outcome| outcome.is_solved());
    Ok(vec![f64::from(u8::from(solved)), seconds() - start])
}

pub fn report(context: &Context, progress: &Progress) -> Report {
    let (instances, settings) = (&context.instances, &context.settings);
    let runs = runs(settings);
    let algorithms = Algorithm::ALL;
    let (jobs, results): (Vec<(usize, usize, usize)>, Vec<Timing>) = progress
        .done()
        .filter_map(|(job, measures)| {
            let [i, a, r] =
                coordinates(job, [instances.len(), algorithms.len(), usize::MAX]).ok()?;
            let timing = Timing {
                solved: measure(measures, 0) > 0.5,
                seconds: measure(measures, 1),
            };
            Some(((i, a, r), timing))
        })
        .unzip();

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
            let ms = Moments::of(&picked.iter().map(|t| t.seconds * 1e3).collect::<Vec<_>>());
            let time = if ms.mean >= 100.0 {
                format!("{:.0}", ms.mean)
            } else {
                format!("{:.3}", ms.mean)
            };
            row.push(if picked.is_empty() {
                "–".into()
            } else if solved == picked.len() {
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
        charts: vec![Chart::Bars {
            title: "Mean time per run over all puzzles (ms, logarithmic)".into(),
            groups: algorithms.iter().map(|a| a.id().to_string()).collect(),
            series: vec![Series {
                name: "mean ms".into(),
                values: (0..algorithms.len())
                    .map(|a| {
                        let ms: Vec<f64> = results_where(&jobs, &results, |&(_, b, _)| b == a)
                            .iter()
                            .map(|t| t.seconds * 1e3)
                            .collect();
                        (!ms.is_empty()).then(|| Moments::of(&ms).mean)
                    })
                    .collect(),
            }],
            unit: "ms".into(),
            log_scale: true,
        }],
    }
}

/// The registry's entry.
pub const SPEC: ExperimentSpec = ExperimentSpec {
    id: "exact",
    description: "Time per puzzle of every exact solver against the metaheuristics (the GA paper's GA vs brute force)",
    default_instances: super::genetic::instances,
    next_jobs,
    run_job,
    report,
    runs_per_instance,
    planned_jobs: None,
};
