//! The study page's race (the core's F-race, `study::race`, as `sudoku tune` runs it): once
//! the population is made, the candidates still in the race run on one instance after another,
//! each instance's jobs spread over the workers; when all of an instance's runs are back the
//! race ranks them and tests. The page keeps the records, so the study's own tables summarise
//! the runs the race made.

use sudoku_core::report::Table;
use sudoku_core::study::race::{grid, instance_order, job_of, Performance, Race, RaceSettings};
use sudoku_core::study::{Record, Study};

/// Values a `NAME=LOW..HIGH` range of a configuration line gives in the page (the CLI's
/// `--levels` default).
pub const RANGE_LEVELS: usize = 5;

/// The configuration lines with their ranges expanded (each line's `NAME=LOW..HIGH` into
/// [`RANGE_LEVELS`] values), or what is wrong with one.
pub fn expanded(lines: &[String]) -> Result<Vec<String>, String> {
    let mut all = Vec::new();
    for line in lines {
        let candidates = grid::expand(line, RANGE_LEVELS)
            .map_err(|e| format!("configurations: '{line}': {e}"))?;
        all.extend(candidates.iter().map(ToString::to_string));
    }
    Ok(all)
}

/// A race in the page: the core's engine, the instances' order, and the instance out.
#[derive(Clone, Debug)]
pub struct RaceRun {
    pub race: Race,
    order: Vec<usize>,
    /// The jobs of the instance out, by candidate, and the performances back so far.
    waiting: Vec<(usize, usize)>,
    back: Vec<(usize, Performance)>,
}

impl RaceRun {
    /// A race of the study's configurations over its instances, with `sudoku tune`'s defaults.
    pub fn new(study: &Study) -> RaceRun {
        let order = instance_order(study);
        RaceRun {
            race: Race::new(study.runs.len(), order.len(), RaceSettings::default()),
            order,
            waiting: Vec::new(),
            back: Vec::new(),
        }
    }

    /// Whether an instance's runs are out.
    pub fn is_waiting(&self) -> bool {
        !self.waiting.is_empty()
    }

    /// The next instance's jobs, now out; empty when the race is over.
    pub fn next_jobs(&mut self, study: &Study) -> Vec<usize> {
        let Some((instance, alive)) = self.race.next() else {
            return Vec::new();
        };
        self.waiting = alive
            .into_iter()
            .map(|c| (c, job_of(study, self.order[instance], c)))
            .collect();
        self.back.clear();
        self.waiting.iter().map(|&(_, job)| job).collect()
    }

    /// Takes records of the instance out (with each run's lowest cost); once all are back the
    /// race records the instance (and tests) and `true` says the next may go out.
    pub fn take(&mut self, study: &Study, records: &[Record], best_costs: &[Option<u32>]) -> bool {
        for (i, record) in records.iter().enumerate() {
            let cost = best_costs.get(i).copied().flatten();
            if let Some(&(candidate, _)) = self.waiting.iter().find(|(_, job)| *job == record.job) {
                self.back
                    .push((candidate, Performance::of(study, record, cost)));
            }
        }
        if self.back.len() < self.waiting.len() {
            return false;
        }
        self.back.sort_by_key(|&(candidate, _)| candidate);
        self.race.record(&self.back);
        self.waiting.clear();
        true
    }

    /// The standings as `sudoku tune` prints them.
    pub fn table(&self, study: &Study) -> Table {
        study.race_table(&self.race)
    }

    /// Each test in words, as `sudoku tune` says them.
    pub fn tests_said(&self) -> Vec<String> {
        self.race.tests().iter().map(|t| t.said()).collect()
    }
}
