//! The tabu experiment (Soto et al. 2015): for alldiff-TS (with bounds consistency, the paper's
//! filter, and with GAC) and AC3-TS, how many runs of at most `max_iterations` iterations it takes
//! to solve each instance 30 times, and the minimum, average, maximum and standard deviation of
//! the iterations of the solving runs.
//!
//! Instances: Mantere & Koljonen's files at the paper's levels (easy s10, medium s11, hard s12,
//! SD s09, AI Escargot s16: the closest reading of "following Mantere & Koljonen", see
//! tests/data/mantere_koljonen.txt) and Norvig's 11 hardest, since GAC alone already solves most
//! of the former.
//!
//! Runs are made in rounds (one seed each) until 30 have solved or 10 × 30 runs were made; a
//! capped pair says so ("> 300").

use super::plan::{coordinates, measure};
use super::{
    mantere_koljonen, BadJob, Context, ExperimentSpec, Instance, Job, Measures, Moments, Progress,
    Settings,
};
use crate::domain::Filter;
use crate::heuristic::Tabu;
use crate::report::{BoxSeries, Chart, FiveNumbers, Report, Table};
use crate::runs::run_seed;
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

/// The filters the tabu search runs with: GAC (the lab's), AC-3 (the paper's baseline) and
/// bounds consistency by Hall intervals (Puget's, the paper's own filter); appended in that order,
/// so each keeps its runs' seeds.
const METHODS: [(Filter, &str); 3] = [
    (Filter::AllDifferentGac, "alldiff-TS (GAC)"),
    (Filter::Ac3, "AC3-TS"),
    (Filter::AllDifferent, "alldiff-TS (bounds)"),
];

/// Runs at most this many times the number of successes wanted.
const RUN_CAP_FACTOR: usize = 10;

#[derive(Default)]
struct Tally {
    /// Runs counted (in order, up to the one that gave the last success wanted).
    runs: usize,
    /// Runs issued, finished or not.
    issued: usize,
    solved_iterations: Vec<f64>,
}

pub fn default_instances() -> Vec<Instance> {
    let mut instances = mantere_koljonen(&LEVELS);
    instances.extend(super::norvig_hardest("Norvig hardest"));
    instances
}

fn wanted(settings: &Settings) -> usize {
    settings.runs.unwrap_or(30).max(1)
}

fn max_iterations(settings: &Settings) -> u64 {
    settings.budget.unwrap_or(10_000)
}

/// A job's (instance, method, run).
fn decode(context: &Context, job: &[u32]) -> Result<[usize; 3], BadJob> {
    coordinates(job, [context.instances.len(), METHODS.len(), usize::MAX])
}

/// The tally of every (instance, method) pair: runs counted in issue order, each pair stopping
/// at its last success wanted (later runs of the same round are dropped, so the count does not
/// depend on the round sizes).
fn tallies(context: &Context, progress: &Progress) -> Vec<Tally> {
    let wanted = wanted(&context.settings);
    let mut tallies: Vec<Tally> = (0..context.instances.len() * METHODS.len())
        .map(|_| Tally::default())
        .collect();
    for (job, result) in progress.jobs.iter().zip(&progress.results) {
        let Ok([instance, method, _]) = decode(context, job) else {
            continue;
        };
        let tally = &mut tallies[instance * METHODS.len() + method];
        tally.issued += 1;
        let Some(measures) = result else { continue };
        if tally.solved_iterations.len() >= wanted {
            continue;
        }
        tally.runs += 1;
        if measure(measures, 0) > 0.5 {
            tally.solved_iterations.push(measure(measures, 1));
        }
    }
    tallies
}

/// Runs a pair still needs: as many as it lacks successes, scaled by its failure rate so far.
fn round_size(tally: &Tally, wanted: usize) -> usize {
    let cap = wanted * RUN_CAP_FACTOR;
    let solved = tally.solved_iterations.len();
    if solved >= wanted || tally.issued >= cap {
        return 0;
    }
    let missing = wanted - solved;
    let rate = (solved.max(1) as f64) / (tally.runs.max(1) as f64);
    ((missing as f64 / rate).ceil() as usize)
        .clamp(1, cap - tally.issued)
        .min(missing * 4)
}

/// The next round: for each unfinished pair, the runs it still needs.
pub fn next_jobs(context: &Context, progress: &Progress) -> Vec<Job> {
    let wanted = wanted(&context.settings);
    let mut jobs = Vec::new();
    for (p, tally) in tallies(context, progress).iter().enumerate() {
        let (instance, method) = ((p / METHODS.len()) as u32, (p % METHODS.len()) as u32);
        let first = tally.issued as u32;
        let size = round_size(tally, wanted) as u32;
        jobs.extend((first..first + size).map(|run| vec![instance, method, run]));
    }
    jobs
}

/// The jobs issued so far and those the unfinished pairs are expected to need.
pub fn planned_jobs(context: &Context, progress: &Progress) -> usize {
    let wanted = wanted(&context.settings);
    if progress.jobs.is_empty() {
        return (context.instances.len() * METHODS.len()).saturating_mul(wanted);
    }
    progress.jobs.len()
        + tallies(context, progress)
            .iter()
            .map(|tally| {
                let open = tally.issued - tally.runs.min(tally.issued);
                round_size(tally, wanted).saturating_sub(open)
            })
            .sum::<usize>()
}

/// One tabu search; measures: solved (1 or 0), iterations.
pub fn run_job(
    context: &Context,
    job: &[u32],
    _seconds: &dyn Fn() -> f64,
) -> Result<Measures, BadJob> {
    let [instance, method, run] = decode(context, job)?;
    let outcome = Tabu {
        max_iterations: max_iterations(&context.settings),
        seed: run_seed(
            context.settings.seed,
            &[instance as u64, method as u64, run as u64],
        ),
        ..Tabu::new(METHODS[method].0)
    }
    .solve(&context.instances[instance].puzzle, &mut NullObserver);
    Ok(vec![
        f64::from(u8::from(outcome.is_solved())),
        outcome.stats.iterations as f64,
    ])
}

pub fn report(context: &Context, progress: &Progress) -> Report {
    let (instances, settings) = (&context.instances, &context.settings);
    let wanted = wanted(settings);
    let cap = wanted * RUN_CAP_FACTOR;
    let max_iterations = max_iterations(settings);
    let tallies = tallies(context, progress);
    let pairs: Vec<(usize, usize)> = (0..instances.len())
        .flat_map(|i| (0..METHODS.len()).map(move |m| (i, m)))
        .collect();
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
        let s = Moments::of(&tally.solved_iterations);
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
            "alldiff-TS (GAC) filters with alldifferent GAC (Régin), alldiff-TS (bounds) with bounds consistency by Hall intervals (Puget, the paper's filter), AC3-TS with AC-3; each filters again after every move (the tabu search's own description says how). 0 iterations = the filter alone solved the puzzle.".into(),
        ],
        tables: vec![table],
        charts: vec![Chart::Boxes {
            title: format!("Iterations of the solving runs per instance ({max_iterations} at most)"),
            groups: instances.iter().map(|i| i.name.clone()).collect(),
            series: METHODS
                .iter()
                .enumerate()
                .map(|(m, (_, name))| BoxSeries {
                    name: name.to_string(),
                    boxes: (0..instances.len())
                        .map(|i| FiveNumbers::of(&tallies[i * METHODS.len() + m].solved_iterations))
                        .collect(),
                })
                .collect(),
            unit: "iterations".into(),
        }],
    }
}

/// The registry's entry.
pub const SPEC: ExperimentSpec = ExperimentSpec {
    id: "tabu",
    description: "alldiff-TS (bounds, the paper's filter; GAC) vs AC3-TS: runs needed for 30 successes, iterations min/avg/max/sd (Soto et al. 2015)",
    default_instances,
    next_jobs,
    run_job,
    report,
    runs_per_instance: |_| 0,
    planned_jobs: Some(planned_jobs),
};
