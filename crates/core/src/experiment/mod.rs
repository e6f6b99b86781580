//! Experiments that re-run the papers' tables. Each is a plan of independent jobs (see
//! [`plan`]): [`run`] issues its batches through an [`Executor`] (the CLI's runs them on all
//! cores, [`Sequential`] runs them in order; the page farms them out to its workers) and returns a
//! [`Report`] of tables, printable as Markdown and CSV, and charts. Runs are seeded from one base
//! seed and their coordinates, so a report is reproducible whatever runs the jobs.
//!
//! [`Sequential`]: crate::runs::Sequential

pub mod coloring;
pub mod exact;
pub mod filtering;
pub mod genetic;
pub mod grasp;
pub mod plan;
pub mod tabu;
#[cfg(test)]
mod tests;

pub use plan::{BadJob, Context, Job, Measures, Progress};

use crate::grid::Grid;
use crate::parse::parse_bytes;
use crate::parse::parse_records;
use crate::report::Report;
use crate::runs::Executor;

/// A puzzle with the name and class an experiment groups it by.
#[derive(Clone, Debug)]
pub struct Instance {
    pub name: String,
    /// Difficulty level or givens class, as the table groups it.
    pub class: String,
    pub puzzle: Grid,
}

/// Mantere & Koljonen's benchmark set as shipped in `tests/data` (name, puzzle, givens).
pub const MANTERE_KOLJONEN: &str = include_str!("../../../../tests/data/mantere_koljonen.txt");

/// Norvig's 11 hardest puzzles as shipped in `tests/data` (one per line).
pub const NORVIG_HARDEST: &str = include_str!("../../../../tests/data/hardest.txt");

/// Norvig's hardest puzzles, named `hardest-1`… in file order, under one class.
pub fn norvig_hardest(class: &str) -> Vec<Instance> {
    parse_records(NORVIG_HARDEST)
        .into_iter()
        .filter_map(|record| record.result.ok())
        .enumerate()
        .map(|(i, puzzle)| Instance {
            name: format!("hardest-{}", i + 1),
            class: class.to_string(),
            puzzle,
        })
        .collect()
}

/// The instances of a tab-separated `name<TAB>puzzle<TAB>…` list, by name.
pub fn named_puzzles(text: &str) -> Vec<(String, Grid)> {
    parse_records(text)
        .into_iter()
        .filter_map(|record| {
            let name = text.lines().nth(record.line - 1)?.split('\t').next()?;
            Some((name.to_string(), record.result.ok()?))
        })
        .collect()
}

/// Picks instances of Mantere & Koljonen's set by name prefix, each under a class label.
pub fn mantere_koljonen(classes: &[(&str, &[&str])]) -> Vec<Instance> {
    let all = named_puzzles(MANTERE_KOLJONEN);
    let mut picked = Vec::new();
    for &(class, prefixes) in classes {
        for (name, puzzle) in &all {
            if prefixes.iter().any(|p| name.starts_with(p)) {
                picked.push(Instance {
                    name: name.clone(),
                    class: class.to_string(),
                    puzzle: puzzle.clone(),
                });
            }
        }
    }
    picked
}

/// The classes of the instances in order of first appearance, each with its members' indices.
pub fn classes(instances: &[Instance]) -> Vec<(String, Vec<usize>)> {
    let mut classes: Vec<(String, Vec<usize>)> = Vec::new();
    for (i, instance) in instances.iter().enumerate() {
        match classes
            .iter_mut()
            .find(|(class, _)| *class == instance.class)
        {
            Some((_, members)) => members.push(i),
            None => classes.push((instance.class.clone(), vec![i])),
        }
    }
    classes
}

/// The results of the jobs that satisfy `wanted` (`results[k]` belongs to `jobs[k]`), in order.
pub fn results_where<'r, J, R>(
    jobs: &[J],
    results: &'r [R],
    wanted: impl Fn(&J) -> bool,
) -> Vec<&'r R> {
    jobs.iter()
        .zip(results)
        .filter(|(job, _)| wanted(job))
        .map(|(_, result)| result)
        .collect()
}

/// Count, minimum, mean, maximum and (population) standard deviation of a sample (a study's
/// [`crate::study::Summary`] is its findings).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Moments {
    pub count: usize,
    pub min: f64,
    pub mean: f64,
    pub max: f64,
    pub std_dev: f64,
}

impl Moments {
    pub fn of(values: &[f64]) -> Moments {
        if values.is_empty() {
            return Moments::default();
        }
        let count = values.len();
        let mean = values.iter().sum::<f64>() / count as f64;
        let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / count as f64;
        Moments {
            count,
            min: values.iter().copied().fold(f64::INFINITY, f64::min),
            mean,
            max: values.iter().copied().fold(f64::NEG_INFINITY, f64::max),
            std_dev: variance.sqrt(),
        }
    }
}

/// A percentage with one decimal, e.g. "55.0".
/// The mean of some runs' seconds for a table, "–" when none ran (not a mean of 0).
pub fn mean_seconds(seconds: &[f64]) -> String {
    if seconds.is_empty() {
        return "–".into();
    }
    format!("{:.3}", Moments::of(seconds).mean)
}

pub fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        return "–".into();
    }
    format!("{:.1}", 100.0 * part as f64 / whole as f64)
}

/// Settings shared by every experiment; each reads what applies to it.
#[derive(Clone, Debug)]
pub struct Settings {
    pub seed: u64,
    /// Repetitions per configuration (`None`: the paper's count).
    pub runs: Option<usize>,
    /// Budget per run (`None`: the paper's).
    pub budget: Option<u64>,
    /// Instances to use instead of the experiment's default set (all in one class "given").
    pub instances: Option<Vec<Instance>>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            seed: 20_261_123,
            runs: None,
            budget: None,
            instances: None,
        }
    }
}

/// How a report's note on the gap between a paper's figures and ours begins: every report
/// whose tables set a paper's figure beside ours has one (a test holds it).
pub const WHY_OURS_DIFFER: &str = "Why ours differ from the paper's: ";

/// How an experiment runs one job: its context, the job's coordinates, the driver's clock.
pub type RunJob = fn(&Context, &[u32], &dyn Fn() -> f64) -> Result<Measures, BadJob>;

/// What an experiment's module declares about it: its id and description, and its plan (the
/// instances it runs on by default, its jobs, how one runs, the report of the finished ones).
pub struct ExperimentSpec {
    /// Stable id used on the command line and in URLs.
    pub id: &'static str,
    pub description: &'static str,
    /// The instances the experiment runs on unless told otherwise.
    pub default_instances: fn() -> Vec<Instance>,
    /// The next batch of jobs once every issued job has finished; empty when it is over.
    pub next_jobs: fn(&Context, &Progress) -> Vec<Job>,
    /// Runs one job; the last argument reads the driver's clock (for the experiments that time
    /// runs).
    pub run_job: RunJob,
    /// The report of the finished jobs (a partial one while jobs still run).
    pub report: fn(&Context, &Progress) -> Report,
    /// Jobs per instance, for the count of planned jobs.
    pub runs_per_instance: fn(&Settings) -> usize,
    /// The planned count, for an experiment whose batches depend on the results so far (an
    /// estimate); `None`: instances × runs per instance.
    pub planned_jobs: Option<fn(&Context, &Progress) -> usize>,
}

/// The experiments: `Variant => its module's spec;`, in the order lists show them. The enum,
/// the list and the dispatch are made from it.
macro_rules! experiments {
    ($($variant:ident => $spec:path;)*) => {
        /// The experiments `sudoku experiment NAME` runs.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Experiment {
            $($variant,)*
        }

        const COUNT: usize = [$(stringify!($variant)),*].len();

        impl Experiment {
            /// Every experiment, in the order lists show them.
            pub const ALL: [Experiment; COUNT] = [$(Experiment::$variant,)*];

            /// What its module declares about it.
            pub fn spec(self) -> &'static ExperimentSpec {
                match self {
                    $(Experiment::$variant => &$spec,)*
                }
            }

            // The id and the description are read from each constant, never through `spec()`:
            // a reference to a spec keeps all its functions (the jobs, the solvers they run) in
            // the binary, and the lab's page, which only names experiments, carried them all
            // (80 KB gzip of its bundle; docs/benchmarks-log.md, web build sizes).
            pub fn id(self) -> &'static str {
                match self {
                    $(Experiment::$variant => $spec.id,)*
                }
            }

            pub fn description(self) -> &'static str {
                match self {
                    $(Experiment::$variant => $spec.description,)*
                }
            }
        }
    };
}

experiments! {
    Coloring => coloring::SPEC;
    Filtering => filtering::SPEC;
    Tabu => tabu::SPEC;
    Genetic => genetic::SPEC;
    Grasp => grasp::SPEC;
    Exact => exact::SPEC;
}

impl Experiment {
    pub fn from_id(id: &str) -> Option<Experiment> {
        Experiment::ALL.into_iter().find(|e| e.id() == id)
    }

    /// The instances the experiment runs on unless told otherwise.
    pub fn default_instances(self) -> Vec<Instance> {
        (self.spec().default_instances)()
    }

    /// The next batch of jobs once every issued job has finished; empty when the experiment is
    /// over. (Most experiments issue all their jobs at once; the tabu experiment issues rounds
    /// until each instance has its successes.)
    pub fn next_jobs(self, context: &Context, progress: &Progress) -> Vec<Job> {
        (self.spec().next_jobs)(context, progress)
    }

    /// Runs one job; `seconds` reads the driver's clock (for the experiments that time runs).
    pub fn run_job(
        self,
        context: &Context,
        job: &[u32],
        seconds: &dyn Fn() -> f64,
    ) -> Result<Measures, BadJob> {
        (self.spec().run_job)(context, job, seconds)
    }

    /// The report of the finished jobs (a partial report while jobs are still running).
    pub fn report(self, context: &Context, progress: &Progress) -> Report {
        (self.spec().report)(context, progress)
    }

    /// How many jobs the whole experiment will have run (an estimate for the tabu experiment,
    /// whose rounds depend on the successes so far).
    /// Counted without building the jobs, so a driver can refuse an experiment too big for it.
    pub fn planned_jobs(self, context: &Context, progress: &Progress) -> usize {
        let spec = self.spec();
        match spec.planned_jobs {
            Some(planned) => planned(context, progress),
            None => context
                .instances
                .len()
                .saturating_mul((spec.runs_per_instance)(&context.settings)),
        }
    }
}

/// Runs one experiment: its batches in turn, each mapped over the executor.
pub fn run<E: Executor>(experiment: Experiment, settings: &Settings, executor: &E) -> Report {
    let context = Context::new(experiment, settings);
    let mut progress = Progress::default();
    loop {
        let jobs = experiment.next_jobs(&context, &progress);
        if jobs.is_empty() {
            break;
        }
        let seconds = || executor.seconds();
        let results = executor.map(&jobs, &|job: &Job| {
            experiment.run_job(&context, job, &seconds).ok()
        });
        for (index, result) in progress.issue(jobs).zip(results) {
            if let Some(measures) = result {
                progress.record(index, measures);
            }
        }
    }
    experiment.report(&context, &progress)
}

/// The puzzles of a pasted or given file as instances named by line (class "given"), and the
/// lines that are not puzzles, each with its error.
pub fn pasted_instances(text: &[u8]) -> (Vec<Instance>, Vec<String>) {
    let mut instances = Vec::new();
    let mut invalid = Vec::new();
    for record in parse_bytes(text) {
        match record.result {
            Ok(puzzle) => instances.push(Instance {
                name: format!("line {}", record.line),
                class: "given".into(),
                puzzle,
            }),
            // The reader's message names the line.
            Err(e) => invalid.push(e.to_string()),
        }
    }
    (instances, invalid)
}
