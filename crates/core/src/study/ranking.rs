//! The study's findings as one short ranked table, the way a paper opens its results: each
//! configuration over the whole population — its success rate with the Wilson interval, the
//! area under its ECDF (targets reached, how early, on a log axis of evaluations), its median
//! evaluations, and in how many pairwise comparisons (class by class, Holm-corrected McNemar)
//! it solves significantly more or fewer puzzles than another. Ranked by success, then ECDF
//! area, then median evaluations. `ranking.csv` is its data.

use std::fmt::Write;

use super::ert::{ecdf_area, most_spent, targets_in, Hits};
use super::stats::{quantile, sorted, wilson};
use super::tables::rate;
use super::{Record, Study, Summary};
use crate::report::{csv, Table};

/// One configuration's line.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub configuration: String,
    pub runs: usize,
    pub solved: usize,
    pub wilson_low: f64,
    pub wilson_high: f64,
    /// Area under the ECDF over every class (NaN without hits).
    pub ecdf_area: f64,
    /// Median evaluations over every run, solved or not.
    pub evaluations: f64,
    /// Pairwise comparisons in which it solves significantly more, and fewer.
    pub better: usize,
    pub worse: usize,
}

impl Standing {
    pub fn rate(&self) -> f64 {
        if self.runs == 0 {
            f64::NAN
        } else {
            self.solved as f64 / self.runs as f64
        }
    }
}

/// The standings, best first. `hits[job]` are the runs' hits (as for the ECDF); `summary`,
/// when in, gives the pairwise tests.
pub fn standings(
    study: &Study,
    records: &[Record],
    hits: &[Option<Hits>],
    summary: Option<&Summary>,
) -> Vec<Standing> {
    let n = study.runs.len();
    let (mut runs, mut solved) = (vec![0usize; n], vec![0usize; n]);
    let mut spent: Vec<Vec<f64>> = vec![Vec::new(); n];
    let mut reached: Vec<Vec<&Hits>> = vec![Vec::new(); n];
    for record in records.iter().filter(|r| r.configuration < n) {
        let c = record.configuration;
        runs[c] += 1;
        solved[c] += usize::from(record.solved());
        spent[c].push(study.spent(record) as f64);
        if let Some(Some(hit)) = hits.get(record.job) {
            reached[c].push(hit);
        }
    }
    // The targets and the largest budget of the whole study, as `ecdf_area.csv`'s "all" rows.
    let targets = targets_in(reached.iter().flatten().copied());
    let max = most_spent(reached.iter().flatten().copied());
    let names: Vec<String> = study.runs.iter().map(ToString::to_string).collect();
    let mut out: Vec<Standing> = (0..n)
        .map(|c| {
            let (low, high) = wilson(solved[c], runs[c]);
            let (better, worse) = summary.map_or((0, 0), |s| wins(s, &names[c]));
            Standing {
                configuration: names[c].clone(),
                runs: runs[c],
                solved: solved[c],
                wilson_low: low,
                wilson_high: high,
                ecdf_area: if reached[c].is_empty() {
                    f64::NAN
                } else {
                    ecdf_area(&reached[c], &targets, max)
                },
                evaluations: quantile(&sorted(&spent[c]), 0.5),
                better,
                worse,
            }
        })
        .collect();
    let key = |v: f64| if v.is_nan() { f64::NEG_INFINITY } else { v };
    out.sort_by(|a, b| {
        key(b.rate())
            .total_cmp(&key(a.rate()))
            .then(key(b.ecdf_area).total_cmp(&key(a.ecdf_area)))
            .then(key(-a.evaluations).total_cmp(&key(-b.evaluations)))
    });
    out
}

/// Comparisons `name` wins and loses on success (Holm-corrected p below α).
fn wins(summary: &Summary, name: &str) -> (usize, usize) {
    let decided = summary
        .comparisons
        .iter()
        .filter_map(|c| c.significant_winner());
    decided.fold((0, 0), |(better, worse), (more, fewer)| {
        (
            better + usize::from(more == name),
            worse + usize::from(fewer == name),
        )
    })
}

/// The header of `ranking.csv`.
pub const RANKING_HEADER: &str =
    "rank,configuration,runs,solved,rate,wilson_low,wilson_high,ecdf_area,evaluations_median,better,worse";

/// `ranking.csv`.
pub fn ranking_csv(standings: &[Standing]) -> String {
    let number = csv::number;
    let mut out = format!("{RANKING_HEADER}\n");
    for (k, s) in standings.iter().enumerate() {
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{},{},{},{},{}",
            k + 1,
            csv::quote(&s.configuration),
            s.runs,
            s.solved,
            number(s.rate(), 4),
            number(s.wilson_low, 4),
            number(s.wilson_high, 4),
            number(s.ecdf_area, 4),
            number(s.evaluations, 1),
            s.better,
            s.worse
        );
    }
    out
}

/// The ranking as the page shows it (its CSV `ranking.csv`).
pub fn ranking_table(standings: &[Standing]) -> Table {
    let mut table = Table::new(
        "ranking",
        "Ranking over every class: success, then the area under the ECDF, then median evaluations",
        &[
            "rank",
            "configuration",
            "solved",
            "success (95 % CI)",
            "ECDF area",
            "median evaluations",
            "solves more than another (comparisons)",
            "solves fewer than another (comparisons)",
        ],
    );
    for (k, s) in standings.iter().enumerate() {
        table.push(vec![
            (k + 1).to_string(),
            s.configuration.clone(),
            format!("{} of {}", s.solved, s.runs),
            rate(s.rate(), s.wilson_low, s.wilson_high),
            if s.ecdf_area.is_finite() {
                format!("{:.3}", s.ecdf_area)
            } else {
                "–".into()
            },
            if s.evaluations.is_finite() {
                format!("{:.0}", s.evaluations)
            } else {
                "–".into()
            },
            s.better.to_string(),
            s.worse.to_string(),
        ]);
    }
    table.shown_as("ranking", ranking_csv(standings))
}
