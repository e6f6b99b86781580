//! Tuning by racing: F-race (Birattari, Stützle, Paquete and Varrentrapp, "A racing algorithm
//! for configuring metaheuristics", GECCO 2002), the test irace races with. Every candidate
//! configuration still in the race runs on one instance (a puzzle and a seed) after another;
//! from the `first_test`-th instance on, Friedman's test over the instances so far asks whether
//! any candidate differs, and when it does, every candidate whose rank sum is worse than the
//! best's by more than Conover's critical difference is dropped. The race ends with one
//! candidate left, at the last instance, or when the next instance would pass the run budget;
//! the candidates still in it are the ones the instances could not tell apart.
//!
//! The engine ([`Race`]) knows nothing of Sudoku: a driver asks it which candidates run next
//! ([`Race::next`]) and gives it their [`Performance`]s ([`Race::record`]), so the CLI runs an
//! instance's candidates on every core and the study page on its workers (one instance at a
//! time: with fewer candidates than workers, some workers wait for the next instance).
//! [`race_study`] drives it over a study's population.

pub mod friedman;
pub mod grid;
mod standings;

pub use standings::Standing;

use std::cmp::Ordering;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::runs::Executor;
use crate::words::count;

use super::{anytime, Study};
use friedman::{ranks, Friedman};

/// How one run did, ordered best first: a verified run before any that was not, then fewer
/// evaluations; an unsolved run with a lower best cost before one with a higher (a heuristic
/// that got to cost 2 beats one stuck at 9), and of two unsolved runs at the same best cost the
/// one that spent fewer evaluations (so a larger budget that reached no lower cost ranks below
/// a smaller one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Performance {
    pub solved: bool,
    /// The lowest cost reached (0 when solved; `u32::MAX` when the run reported none).
    pub best_cost: u32,
    /// The budget's units spent: iterations for heuristics, nodes for exact solvers.
    pub evaluations: u64,
}

impl Performance {
    /// A study's run as a race ranks it: its record and its curve's last cost.
    pub fn of(study: &Study, record: &super::Record, best_cost: Option<u32>) -> Performance {
        let family = study.runs[record.configuration].algorithm.family();
        Performance {
            solved: record.solved(),
            best_cost: if record.solved() {
                0
            } else {
                best_cost.unwrap_or(u32::MAX)
            },
            evaluations: anytime::evaluations(family, record.iterations, record.nodes),
        }
    }
}

impl Ord for Performance {
    fn cmp(&self, other: &Self) -> Ordering {
        (!self.solved, self.best_cost, self.evaluations).cmp(&(
            !other.solved,
            other.best_cost,
            other.evaluations,
        ))
    }
}

impl PartialOrd for Performance {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The race's rules (irace's defaults: the first test after 5 instances, then one at every
/// instance, α = 0.05).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RaceSettings {
    /// Instances every candidate runs before the first test.
    pub first_test: usize,
    /// Instances between tests after the first.
    pub each_test: usize,
    /// The tests' significance level.
    pub alpha: f64,
    /// The most runs the race may make, all candidates together.
    pub max_runs: usize,
}

impl Default for RaceSettings {
    fn default() -> Self {
        RaceSettings {
            first_test: 5,
            each_test: 1,
            alpha: 0.05,
            max_runs: usize::MAX,
        }
    }
}

impl RaceSettings {
    /// Checks the rules, naming the one at fault.
    pub fn check(&self) -> Result<(), String> {
        if self.first_test < 2 {
            return Err("first_test: at least 2 instances (a test needs two)".into());
        }
        if self.each_test == 0 {
            return Err("each_test: at least 1".into());
        }
        if !(self.alpha > 0.0 && self.alpha < 1.0) {
            return Err(format!(
                "alpha: a significance level between 0 and 1, not {}",
                self.alpha
            ));
        }
        Ok(())
    }
}

/// One test of the race.
#[derive(Clone, Debug, PartialEq)]
pub struct Test {
    /// Instances run when it was made.
    pub instances: usize,
    /// Candidates in the race before it.
    pub candidates: usize,
    /// Friedman's statistic and p-value (`None`: every instance a tie, nothing to test).
    pub statistic: Option<f64>,
    pub p_value: Option<f64>,
    /// The candidates it dropped.
    pub dropped: Vec<usize>,
}

impl Test {
    /// The test in words: "after 5 instances: Friedman χ²(2) = 10.00, p = 0.007; 2 of 3
    /// dropped".
    pub fn said(&self) -> String {
        let statistic = match (self.statistic, self.p_value) {
            (Some(s), Some(p)) => {
                format!("Friedman χ²({}) = {s:.2}, p = {p:.3}", self.candidates - 1)
            }
            _ => "every instance a tie, no test".to_string(),
        };
        format!(
            "after {}: {statistic}; {} of {} dropped",
            count(self.instances, "instance"),
            self.dropped.len(),
            self.candidates
        )
    }
}

/// A race in progress, or run.
#[derive(Clone, Debug)]
pub struct Race {
    settings: RaceSettings,
    instances: usize,
    /// Each instance's performances so far, by candidate (`None`: not run, dropped before).
    results: Vec<Vec<Option<Performance>>>,
    /// The instance after which each candidate was dropped (`None`: still in the race).
    dropped_after: Vec<Option<usize>>,
    /// Each candidate's mean rank when it was last tested (among those in the race then).
    mean_rank: Vec<Option<f64>>,
    tests: Vec<Test>,
    runs: usize,
}

impl Race {
    /// A race of `candidates` over at most `instances` instances.
    pub fn new(candidates: usize, instances: usize, settings: RaceSettings) -> Race {
        Race {
            settings,
            instances,
            results: Vec::new(),
            dropped_after: vec![None; candidates],
            mean_rank: vec![None; candidates],
            tests: Vec::new(),
            runs: 0,
        }
    }

    /// The candidates still in the race.
    pub fn alive(&self) -> Vec<usize> {
        (0..self.dropped_after.len())
            .filter(|&c| self.dropped_after[c].is_none())
            .collect()
    }

    /// The next instance and the candidates to run on it; `None` when the race is over.
    pub fn next(&self) -> Option<(usize, Vec<usize>)> {
        let alive = self.alive();
        let instance = self.results.len();
        let over_budget = self.runs.saturating_add(alive.len()) > self.settings.max_runs;
        if alive.len() < 2 && instance > 0 || instance >= self.instances || over_budget {
            return None;
        }
        Some((instance, alive))
    }

    /// Takes the performances of the candidates [`Race::next`] named on the next instance, and
    /// tests when the rules say; gives the test made, if any.
    pub fn record(&mut self, performances: &[(usize, Performance)]) -> Option<&Test> {
        let mut row = vec![None; self.dropped_after.len()];
        for &(candidate, performance) in performances {
            row[candidate] = Some(performance);
        }
        self.results.push(row);
        self.runs += performances.len();
        let done = self.results.len();
        let due = done >= self.settings.first_test
            && (done - self.settings.first_test).is_multiple_of(self.settings.each_test);
        if due && self.alive().len() > 1 {
            self.test();
            self.tests.last()
        } else {
            None
        }
    }

    /// Friedman's test over every instance so far, among the candidates in the race; drops
    /// those the post-hoc test finds worse than the best.
    fn test(&mut self) {
        let alive = self.alive();
        let blocks: Vec<Vec<f64>> = self
            .results
            .iter()
            .map(|row| {
                let values: Vec<Performance> = alive
                    .iter()
                    .map(|&c| row[c].expect("a candidate in the race ran every instance"))
                    .collect();
                ranks(&values)
            })
            .collect();
        let instances = self.results.len();
        for (i, &c) in alive.iter().enumerate() {
            let sum: f64 = blocks.iter().map(|b| b[i]).sum();
            self.mean_rank[c] = Some(sum / instances as f64);
        }
        let friedman = Friedman::of(&blocks);
        let mut test = Test {
            instances,
            candidates: alive.len(),
            statistic: friedman.as_ref().map(|f| f.statistic),
            p_value: friedman.as_ref().map(|f| f.p_value),
            dropped: Vec::new(),
        };
        if let Some(f) = friedman.filter(|f| f.p_value < self.settings.alpha) {
            let best = f.rank_sums.iter().copied().fold(f64::INFINITY, f64::min);
            let critical = f.critical_difference(self.settings.alpha);
            for (i, &c) in alive.iter().enumerate() {
                if f.rank_sums[i] - best > critical {
                    self.dropped_after[c] = Some(instances);
                    test.dropped.push(c);
                }
            }
        }
        self.tests.push(test);
    }

    /// The tests made, in order.
    pub fn tests(&self) -> &[Test] {
        &self.tests
    }

    /// Runs made, all candidates together.
    pub fn runs(&self) -> usize {
        self.runs
    }

    /// Instances run.
    pub fn instances(&self) -> usize {
        self.results.len()
    }

    /// The instance after which `candidate` was dropped, or `None` if it is still in.
    pub fn dropped_after(&self, candidate: usize) -> Option<usize> {
        self.dropped_after[candidate]
    }

    /// The candidates' performances, each over the instances it ran.
    pub fn performances(&self, candidate: usize) -> Vec<Performance> {
        self.results
            .iter()
            .filter_map(|row| row[candidate])
            .collect()
    }
}

/// The order a race meets a study's instances (puzzle · seeds + repetition): shuffled from the
/// study's seed, so that classes mix as the race goes; every driver races in this order.
pub fn instance_order(study: &Study) -> Vec<usize> {
    let seeds = study.settings.seeds.max(1);
    let mut order: Vec<usize> = (0..study.population.len() * seeds).collect();
    order.shuffle(&mut Pcg64Mcg::seed_from_u64(study.settings.seed));
    order
}

/// Job `k` of `study` for a candidate on an instance: every candidate meets the same puzzle
/// and seed (see [`Study::job`]).
pub fn job_of(study: &Study, instance: usize, candidate: usize) -> usize {
    instance * study.runs.len() + candidate
}

/// Races the study's configurations (its `runs`, budget applied) over its instances — every
/// puzzle with every seed, in an order shuffled from the study's seed so that classes mix as
/// the race goes — running each instance's candidates on the executor. `tested` hears every
/// test as it is made (a driver's progress).
pub fn race_study<E: Executor>(
    study: &Study,
    settings: RaceSettings,
    executor: &E,
    tested: &mut dyn FnMut(&Race, &Test),
) -> Race {
    let order = instance_order(study);
    let candidates = study.runs.len();
    let mut race = Race::new(candidates, order.len(), settings);
    let clock = || executor.seconds();
    while let Some((instance, alive)) = race.next() {
        let jobs: Vec<usize> = alive
            .iter()
            .map(|&c| job_of(study, order[instance], c))
            .collect();
        let performances = executor.map(&jobs, &|&k| {
            let puzzle = &study.population[study.job(k).puzzle].puzzle;
            let (record, curve) = study.run_job_with_curve_on(k, puzzle, &clock);
            Performance::of(study, &record, curve.last().map(|p| p.cost))
        });
        let run: Vec<(usize, Performance)> = alive.into_iter().zip(performances).collect();
        if let Some(test) = race.record(&run).cloned() {
            tested(&race, &test);
        }
    }
    race
}

#[cfg(test)]
mod tests;
