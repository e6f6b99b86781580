//! A study's summary, computed from its records alone: per configuration and group (level or
//! givens) the success rate with its Wilson interval and the median and quartiles of time and
//! iterations with bootstrap intervals; per group and pair of configurations, on the runs both
//! made (same puzzle, same seed), the tests of [`super::pairwise`] (success, then evaluations,
//! then time), each family Holm-corrected, and what they show said in words.
use super::pairwise::{compare, Comparison};
use super::stats::{holm, median_interval, quantile, sorted, wilson};
use super::{Record, Study};
use crate::logic::Level;
use crate::report::csv;
use crate::runs::run_seed;
use crate::spec::Family;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// A measure with no value (the median of no run) is NaN here and `null` in JSON, which has
/// no NaN: the summary crosses from the page's worker as JSON.
#[cfg(feature = "serde")]
pub(super) mod nan_as_null {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(value: &f64, serializer: S) -> Result<S::Ok, S::Error> {
        if value.is_finite() {
            serializer.serialize_f64(*value)
        } else {
            serializer.serialize_none()
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
        Option::<f64>::deserialize(deserializer).map(|v| v.unwrap_or(f64::NAN))
    }
}

/// Resamples of each bootstrap interval.
const RESAMPLES: usize = 1_000;

/// The significance level the findings are worded at (after Holm's correction).
pub(super) const ALPHA: f64 = 0.05;

/// Runs both solved needed before times are compared (below it no test can show anything).
pub(super) const MIN_TIME_PAIRS: usize = 6;

/// The median of a measure with its 95 % bootstrap interval, and its quartiles.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Spread {
    #[cfg_attr(feature = "serde", serde(with = "nan_as_null"))]
    pub median: f64,
    #[cfg_attr(feature = "serde", serde(with = "nan_as_null"))]
    pub median_low: f64,
    #[cfg_attr(feature = "serde", serde(with = "nan_as_null"))]
    pub median_high: f64,
    #[cfg_attr(feature = "serde", serde(with = "nan_as_null"))]
    pub q1: f64,
    #[cfg_attr(feature = "serde", serde(with = "nan_as_null"))]
    pub q3: f64,
}

impl Spread {
    fn of(values: &[f64], seed: u64) -> Spread {
        let (median, median_low, median_high) = median_interval(values, RESAMPLES, seed);
        let sorted = sorted(values);
        Spread {
            median,
            median_low,
            median_high,
            q1: quantile(&sorted, 0.25),
            q3: quantile(&sorted, 0.75),
        }
    }
}

/// One configuration on one group.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Row {
    pub configuration: String,
    pub group: String,
    pub runs: usize,
    pub solved: usize,
    pub rate: f64,
    pub wilson_low: f64,
    pub wilson_high: f64,
    /// Whether the configuration is a heuristic (its work is counted in iterations) or an
    /// exact search (in nodes).
    pub family: Family,
    /// Over every run (a run that gave up counts with the time and work it used).
    pub time_ms: Spread,
    pub iterations: Spread,
    pub nodes: Spread,
}

impl Row {
    /// The work a run of this configuration does, in its family's unit: a heuristic's
    /// iterations, an exact search's nodes.
    pub fn work(&self) -> &Spread {
        match self.family {
            Family::Heuristic => &self.iterations,
            Family::Exact => &self.nodes,
        }
    }

    /// `iterations` or `nodes`.
    pub fn work_unit(&self) -> &'static str {
        match self.family {
            Family::Heuristic => "iterations",
            Family::Exact => "nodes",
        }
    }
}

/// The whole summary.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Summary {
    pub rows: Vec<Row>,
    pub comparisons: Vec<Comparison>,
}

/// Holm's correction over the p-values that exist (NaN: a test not made stays NaN and does
/// not count in the family).
fn holm_defined(p: &[f64]) -> Vec<f64> {
    let made: Vec<usize> = (0..p.len()).filter(|&k| !p[k].is_nan()).collect();
    let corrected = holm(&made.iter().map(|&k| p[k]).collect::<Vec<_>>());
    let mut out = vec![f64::NAN; p.len()];
    for (&k, q) in made.iter().zip(corrected) {
        out[k] = q;
    }
    out
}

/// The groups in their natural order: the classes as the population lists them, levels easy
/// to extreme.
pub(super) fn groups(study: &Study) -> Vec<String> {
    let mut groups: Vec<String> = Vec::new();
    for member in &study.population {
        let group = member.group();
        if !groups.contains(&group) {
            groups.push(group);
        }
    }
    if study.population.iter().all(|m| m.class.is_none()) {
        let rank = |g: &String| Level::from_id(g).map_or(usize::MAX, |l| l as usize);
        groups.sort_by_key(rank);
    }
    groups
}

/// "hard puzzles", "puzzles of 25 givens".
pub fn group_words(group: &str) -> String {
    if group.parse::<usize>().is_ok() {
        format!("puzzles of {group} givens")
    } else {
        format!("{group} puzzles")
    }
}

/// A rate as the findings say it: whole numbers at 0 and 100 %, one decimal between (so 99.8 %
/// never reads as 100 %).
pub(super) fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        "–".into()
    } else if part == 0 || part == whole {
        format!("{:.0} %", 100.0 * part as f64 / whole as f64)
    } else {
        format!("{:.1} %", 100.0 * part as f64 / whole as f64)
    }
}

pub(super) fn ms(value: f64) -> String {
    if value >= 100.0 {
        format!("{value:.0} ms")
    } else if value >= 1.0 {
        format!("{value:.1} ms")
    } else {
        format!("{value:.3} ms")
    }
}

impl Summary {
    /// The summary of `records` (any subset of the study's jobs, in any order).
    pub fn of(study: &Study, records: &[Record]) -> Summary {
        let groups = groups(study);
        let group_of: Vec<usize> = study
            .population
            .iter()
            .map(|m| groups.iter().position(|g| *g == m.group()).unwrap_or(0))
            .collect();
        // The configurations as they ran (the study's budget applied), as the records name them.
        let names: Vec<String> = study.runs.iter().map(|c| c.to_string()).collect();
        // Records by configuration and group.
        let mut cells: Vec<Vec<Vec<&Record>>> = vec![vec![Vec::new(); groups.len()]; names.len()];
        // Each job's record by its number (a job's partners differ in the configuration only:
        // `job − configuration + other`); 4 bytes a job, where a map took ten times that.
        let mut at_job: Vec<u32> = vec![u32::MAX; study.jobs()];
        for (index, record) in records.iter().enumerate() {
            let id = study.job(record.job);
            cells[id.configuration][group_of[id.puzzle]].push(record);
            if let Some(slot) = at_job.get_mut(record.job) {
                *slot = index as u32;
            }
        }
        let mut rows = Vec::new();
        for (c, name) in names.iter().enumerate() {
            for (g, group) in groups.iter().enumerate() {
                let cell = &cells[c][g];
                let solved = cell.iter().filter(|r| r.solved()).count();
                let (wilson_low, wilson_high) = wilson(solved, cell.len());
                let seed = run_seed(study.settings.seed, &[c as u64, g as u64]);
                let times: Vec<f64> = cell.iter().map(|r| r.time_ms).collect();
                let iterations: Vec<f64> = cell.iter().map(|r| r.iterations as f64).collect();
                let nodes: Vec<f64> = cell.iter().map(|r| r.nodes as f64).collect();
                rows.push(Row {
                    configuration: name.clone(),
                    group: group.clone(),
                    runs: cell.len(),
                    solved,
                    rate: if cell.is_empty() {
                        0.0
                    } else {
                        solved as f64 / cell.len() as f64
                    },
                    wilson_low,
                    wilson_high,
                    family: study.runs[c].algorithm.family(),
                    time_ms: Spread::of(&times, seed),
                    iterations: Spread::of(&iterations, seed ^ 1),
                    nodes: Spread::of(&nodes, seed ^ 2),
                });
            }
        }
        let mut comparisons = Vec::new();
        for (g, group) in groups.iter().enumerate() {
            for a in 0..names.len() {
                for b in a + 1..names.len() {
                    let pairs: Vec<(&Record, &Record)> = cells[a][g]
                        .iter()
                        .filter_map(|ra| {
                            let id = study.job(ra.job);
                            let partner = ra.job - id.configuration + b;
                            let rb = records.get(*at_job.get(partner)? as usize)?;
                            Some((*ra, rb))
                        })
                        .collect();
                    let same_unit =
                        study.runs[a].algorithm.family() == study.runs[b].algorithm.family();
                    comparisons.push(compare(
                        study,
                        group,
                        (&names[a], &names[b]),
                        &pairs,
                        same_unit,
                    ));
                }
            }
        }
        let success = holm(&comparisons.iter().map(|c| c.p_success).collect::<Vec<_>>());
        let time = holm(&comparisons.iter().map(|c| c.p_time).collect::<Vec<_>>());
        let evaluations = holm_defined(
            &comparisons
                .iter()
                .map(|c| c.p_evaluations)
                .collect::<Vec<_>>(),
        );
        for (((comparison, s), t), e) in comparisons
            .iter_mut()
            .zip(success)
            .zip(time)
            .zip(evaluations)
        {
            comparison.p_success_holm = s;
            comparison.p_time_holm = t;
            comparison.p_evaluations_holm = e;
        }
        Summary { rows, comparisons }
    }

    /// `summary.csv`.
    pub fn rows_csv(&self) -> String {
        let mut out = String::from("configuration,level,givens,runs,solved,rate,wilson_low,wilson_high,time_ms_median,time_ms_median_low,time_ms_median_high,time_ms_q1,time_ms_q3,iterations_median,iterations_median_low,iterations_median_high,iterations_q1,iterations_q3,nodes_median,nodes_median_low,nodes_median_high,nodes_q1,nodes_q3\n");
        for row in &self.rows {
            let (level, givens) = group_columns(&row.group);
            let spread = |s: &Spread| {
                format!(
                    "{:.3},{:.3},{:.3},{:.3},{:.3}",
                    s.median, s.median_low, s.median_high, s.q1, s.q3
                )
            };
            out.push_str(&format!(
                "{},{level},{givens},{},{},{:.4},{:.4},{:.4},{},{},{}\n",
                csv::quote(&row.configuration),
                row.runs,
                row.solved,
                row.rate,
                row.wilson_low,
                row.wilson_high,
                spread(&row.time_ms),
                spread(&row.iterations),
                spread(&row.nodes)
            ));
        }
        out.replace("NaN", "")
    }

    /// The summary table in Markdown.
    pub fn markdown(&self) -> String {
        let mut out = String::from("| configuration | group | runs | solved | rate (95 % Wilson) | median time (95 % bootstrap) | time q1–q3 | median work (95 % bootstrap) |\n|---|---|---:|---:|---|---|---|---|\n");
        for row in &self.rows {
            out.push_str(&format!(
                "| {} | {} | {} | {} | {:.1} % ({:.1}–{:.1}) | {} ({}–{}) | {}–{} | {:.0} {} ({:.0}–{:.0}) |\n",
                row.configuration,
                row.group,
                row.runs,
                row.solved,
                100.0 * row.rate,
                100.0 * row.wilson_low,
                100.0 * row.wilson_high,
                ms(row.time_ms.median),
                ms(row.time_ms.median_low),
                ms(row.time_ms.median_high),
                ms(row.time_ms.q1),
                ms(row.time_ms.q3),
                row.work().median,
                row.work_unit(),
                row.work().median_low,
                row.work().median_high
            ));
        }
        out.replace("NaN", "–")
    }

    /// Every comparison's finding, one per line.
    pub fn findings(&self) -> Vec<String> {
        self.comparisons.iter().map(Comparison::finding).collect()
    }
}

/// The `level` and `givens` columns of a group: one of them holds it.
pub(super) fn group_columns(group: &str) -> (String, String) {
    if group.parse::<usize>().is_ok() {
        (String::new(), group.to_string())
    } else {
        (group.to_string(), String::new())
    }
}
