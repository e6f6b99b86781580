//! An experiment as a plan of independent jobs, so any driver can run it: the CLI maps each batch
//! over its threads ([`super::run`]), the page farms job chunks out to its workers and asks for
//! the report as results arrive. A job is its coordinates (which instance, configuration and run,
//! as its experiment numbers them) and its result the numbers it measured: both plain numbers, so
//! they cross to a worker and back as they are, and a report is rebuilt from them anywhere.

use std::ops::Range;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

use super::{Instance, Settings};

/// A job's coordinates, as its experiment numbers them.
pub type Job = Vec<u32>;

/// What a job measured, as its experiment defines it (solved or not, iterations, seconds …).
pub type Measures = Vec<f64>;

/// The instances and settings an experiment runs with.
#[derive(Clone, Debug)]
pub struct Context {
    pub settings: Settings,
    pub instances: Vec<Instance>,
}

impl Context {
    /// The settings' instances, or the experiment's own set when the settings name none.
    pub fn new(experiment: super::Experiment, settings: &Settings) -> Context {
        Context {
            instances: settings
                .instances
                .clone()
                .unwrap_or_else(|| experiment.default_instances()),
            settings: settings.clone(),
        }
    }
}

/// The jobs issued so far, in issue order, each with its measures once it has finished.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Progress {
    pub jobs: Vec<Job>,
    pub results: Vec<Option<Measures>>,
}

impl Progress {
    /// Adds a batch of jobs; returns their indices.
    pub fn issue(&mut self, jobs: Vec<Job>) -> Range<usize> {
        let start = self.jobs.len();
        self.results.resize(start + jobs.len(), None);
        self.jobs.extend(jobs);
        start..self.jobs.len()
    }

    /// The measures of job `index`; false when there is no such job.
    pub fn record(&mut self, index: usize, measures: Measures) -> bool {
        match self.results.get_mut(index) {
            Some(slot) => {
                *slot = Some(measures);
                true
            }
            None => false,
        }
    }

    /// How many issued jobs have finished.
    pub fn finished(&self) -> usize {
        self.results.iter().filter(|r| r.is_some()).count()
    }

    /// Whether every issued job has finished (the plan may then issue the next batch).
    pub fn is_complete(&self) -> bool {
        self.results.iter().all(Option::is_some)
    }

    /// The finished jobs with their measures, in issue order.
    pub fn done(&self) -> impl Iterator<Item = (&Job, &Measures)> {
        self.jobs
            .iter()
            .zip(&self.results)
            .filter_map(|(job, result)| Some((job, result.as_ref()?)))
    }
}

/// A job whose coordinates name no instance or configuration of its experiment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadJob(pub Job);

impl std::fmt::Display for BadJob {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "no such job in this experiment: {:?}", self.0)
    }
}

impl std::error::Error for BadJob {}

/// Reads a job's coordinates as `N` indices, each below its bound.
pub fn coordinates<const N: usize>(job: &[u32], bounds: [usize; N]) -> Result<[usize; N], BadJob> {
    let bad = || BadJob(job.to_vec());
    let coordinates: [u32; N] = job.try_into().map_err(|_| bad())?;
    let mut out = [0; N];
    for ((slot, &c), bound) in out.iter_mut().zip(&coordinates).zip(bounds) {
        *slot = c as usize;
        if *slot >= bound {
            return Err(bad());
        }
    }
    Ok(out)
}

/// `measures[k]` as a count or flag (0 when absent: a worker's malformed result cannot panic).
pub fn measure(measures: &[f64], k: usize) -> f64 {
    measures.get(k).copied().unwrap_or(0.0)
}
