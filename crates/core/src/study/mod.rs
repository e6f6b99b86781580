//! Studies: algorithms compared over a population of puzzles, with statistics. A study is a
//! population ([`population`]), a list of [`Configuration`]s, repetitions (seeds) and a budget per
//! run. Like an experiment it is a plan of independent jobs — job `k` is one run of one
//! configuration on one puzzle with one seed, and yields one [`Record`] — so any driver can run
//! it (the CLI on every core, streaming records to disk; the page on its workers) and the summary
//! ([`summary`]) is computed from the records alone, the same wherever they were made.

pub mod anytime;
pub mod charts;
pub mod ert;
#[cfg(feature = "serde")]
pub mod file;
pub mod fixed_budget;
pub mod ioh;
pub mod pairwise;
pub mod population;
pub mod race;
pub mod ranking;
pub mod records;
pub mod stats;
pub mod summary;
mod tables;

pub use anytime::{CurvePoint, CURVES_HEADER};
pub use pairwise::Comparison;
pub use population::{Class, Member, Source};
pub use records::{Field, Record, RunOutcome};
pub use summary::{Row, Summary};

use crate::grid::Grid;
use crate::registry::{Configuration, RunConfig};
use crate::runs::{run_seed, Executor};
use crate::verify::checked_answer;
use anytime::RunObserver;
use ert::Hits;

/// The most jobs a study may plan (20 configurations × 5,000 puzzles × 10 seeds is 1,000,000).
pub const MAX_JOBS: usize = 100_000_000;

/// What a study runs: everything needed to run it again bit for bit.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub source: Source,
    pub configurations: Vec<Configuration>,
    /// Runs of each configuration on each puzzle, each with its own seed.
    pub seeds: usize,
    /// The budget per run (each algorithm's budget parameter, where the configuration leaves
    /// it); `None`: the algorithms' defaults.
    pub budget: Option<u64>,
    /// The base seed: of the generated population and of every run.
    pub seed: u64,
}

impl Settings {
    /// Checks the settings, naming the field at fault.
    pub fn check(&self) -> Result<(), String> {
        if self.configurations.is_empty() {
            return Err("configurations: give at least one (ID[;NAME=VALUE…])".into());
        }
        if self.seeds == 0 {
            return Err("seeds: must be at least 1".into());
        }
        if self.budget == Some(0) {
            return Err("budget: must be at least 1".into());
        }
        self.source.check()?;
        if self.source.is_empty() {
            return Err("population: no puzzle to run on".into());
        }
        let jobs = self.planned_jobs();
        if jobs > MAX_JOBS {
            return Err(format!(
                "the study has {jobs} jobs, more than {MAX_JOBS}: fewer puzzles, configurations or seeds"
            ));
        }
        Ok(())
    }

    /// Jobs in the whole study: configurations × puzzles × seeds.
    pub fn planned_jobs(&self) -> usize {
        self.configurations
            .len()
            .saturating_mul(self.source.len())
            .saturating_mul(self.seeds)
    }
}

/// A study ready to run: its settings and its population, made.
#[derive(Clone, Debug)]
pub struct Study {
    pub settings: Settings,
    pub population: Vec<Member>,
    /// The configurations with the study's budget applied: what each run is given.
    pub runs: Vec<Configuration>,
}

/// A job's coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JobId {
    pub configuration: usize,
    pub puzzle: usize,
    pub repetition: usize,
}

impl Study {
    /// Checks the settings and makes the population on the executor's threads (a generated one
    /// within `max_seconds` of its clock; `Err` says how many puzzles it found in time). An
    /// executor without a clock ([`crate::runs::Sequential`]) never stops the generator:
    /// drivers pass one with a clock.
    pub fn make<E: Executor>(
        settings: Settings,
        executor: &E,
        max_seconds: f64,
    ) -> Result<Study, String> {
        settings.check()?;
        let start = executor.seconds();
        let expired = || executor.seconds() - start > max_seconds;
        let indices: Vec<usize> = (0..settings.source.len()).collect();
        let made = executor.map(&indices, &|&i| {
            settings.source.make(i, settings.seed, &expired)
        });
        let wanted = made.len();
        let population: Vec<Member> = made.into_iter().flatten().collect();
        if population.len() < wanted {
            return Err(format!(
                "population: the generator made {} of {wanted} puzzles within {max_seconds} s (fewer, or easier to reach, or more time)",
                population.len()
            ));
        }
        Ok(Study::new(settings, population))
    }

    /// The study of `settings` on a population already made (see [`Source::make`]).
    pub fn new(settings: Settings, population: Vec<Member>) -> Study {
        let runs = settings
            .configurations
            .iter()
            .map(|c| c.clone().with_budget(settings.budget))
            .collect();
        Study {
            settings,
            population,
            runs,
        }
    }

    /// Jobs in the study.
    pub fn jobs(&self) -> usize {
        self.runs.len() * self.population.len() * self.settings.seeds
    }

    /// Job `k`'s coordinates: puzzle by puzzle, seed by seed, every configuration in turn, so
    /// a study stopped early has every configuration on the same puzzles and seeds (the pairs
    /// the comparisons need).
    pub fn job(&self, k: usize) -> JobId {
        let configurations = self.runs.len().max(1);
        let seeds = self.settings.seeds.max(1);
        JobId {
            configuration: k % configurations,
            repetition: (k / configurations) % seeds,
            puzzle: k / configurations / seeds,
        }
    }

    /// The evaluations a record's run spent, in its family's unit (a heuristic's iterations,
    /// an exact search's nodes): the x of its runtime measures.
    pub fn spent(&self, record: &Record) -> u64 {
        let family = self.runs[record.configuration].algorithm.family();
        anytime::evaluations(family, record.iterations, record.nodes)
    }

    /// The cost targets a run reached and the evaluations it took to each, from its anytime
    /// curve: what the ECDF, the ERT and the ranking keep of a run.
    pub fn hits(&self, record: &Record, curve: &[CurvePoint]) -> Hits {
        Hits::of(curve, self.spent(record))
    }

    /// The seed a run is given: from the configuration's own seed (or the study's) and the
    /// puzzle and repetition, so every configuration meets the same seeds.
    pub fn run_seed(&self, job: JobId) -> u64 {
        let base = self.runs[job.configuration]
            .seed
            .unwrap_or(self.settings.seed);
        run_seed(base, &[job.puzzle as u64, job.repetition as u64])
    }

    /// Runs job `k`; `seconds` reads the driver's clock.
    pub fn run_job(&self, k: usize, seconds: &dyn Fn() -> f64) -> Record {
        let puzzle = &self.population[self.job(k).puzzle].puzzle;
        self.run_job_on(k, puzzle, seconds)
    }

    /// Runs job `k` on `puzzle`, its puzzle as the driver holds it: a driver whose workers get
    /// each job with its puzzle (the page's) needs no population of its own there, only a study
    /// with the settings ([`Study::new`] on no members).
    pub fn run_job_on(&self, k: usize, puzzle: &Grid, seconds: &dyn Fn() -> f64) -> Record {
        self.run_job_with_curve_on(k, puzzle, seconds).0
    }

    /// Runs job `k` on `puzzle` and gives its anytime curve too (see [`anytime`]).
    pub fn run_job_with_curve_on(
        &self,
        k: usize,
        puzzle: &Grid,
        seconds: &dyn Fn() -> f64,
    ) -> (Record, Vec<CurvePoint>) {
        let job = self.job(k);
        let configuration = &self.runs[job.configuration];
        let config = RunConfig {
            seed: self.run_seed(job),
            params: configuration.params.clone(),
        };
        let mut observer = RunObserver::new(seconds);
        let outcome = configuration.algorithm.run(puzzle, &config, &mut observer);
        let time_ms = observer.elapsed_ms();
        let mut record = Record {
            job: k,
            configuration: job.configuration,
            puzzle: job.puzzle,
            seed: config.seed,
            outcome: RunOutcome::Failed,
            time_ms,
            iterations: 0,
            nodes: 0,
            restarts: 0,
            generations: observer.generations,
            events: observer.events,
        };
        if let Ok(outcome) = outcome {
            record.outcome = match checked_answer(puzzle, &outcome) {
                Ok(_) => RunOutcome::Verified,
                Err(_) => RunOutcome::of(outcome.status),
            };
            record.iterations = outcome.stats.iterations;
            record.nodes = outcome.stats.nodes;
            record.restarts = outcome.stats.restarts;
        }
        let spent = anytime::evaluations(
            configuration.algorithm.family(),
            record.iterations,
            record.nodes,
        );
        observer.close(record.solved(), spent, time_ms);
        (record, observer.curve)
    }
}

#[cfg(test)]
mod tests;
