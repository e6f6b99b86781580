//! Two configurations compared on the runs both made in one group (same puzzle, same seed):
//! the exact McNemar test on success; on the runs both solved, the Wilcoxon signed-rank test on
//! evaluations (a heuristic's iterations, an exact search's nodes — compared where both count
//! the same unit, first, as COCO does) and on time (where the clock resolves it); each family of
//! tests Holm-corrected by the summary, and what they show said in words.

use super::stats::{binomial_two_sided, p_text, quantile, sorted, wilcoxon_signed_rank};
#[cfg(feature = "serde")]
use super::summary::nan_as_null;
use super::summary::{group_columns, group_words, ms, percent, Summary, ALPHA, MIN_TIME_PAIRS};
use super::{Record, Study};
use crate::report::csv;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// Two configurations on the runs both made in one group.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Comparison {
    pub group: String,
    pub a: String,
    pub b: String,
    pub pairs: usize,
    pub a_solved: usize,
    pub b_solved: usize,
    /// Pairs only `a` solved, only `b` solved (McNemar's discordant pairs).
    pub a_only: usize,
    pub b_only: usize,
    #[cfg_attr(feature = "serde", serde(with = "nan_as_null"))]
    pub p_success: f64,
    #[cfg_attr(feature = "serde", serde(with = "nan_as_null"))]
    pub p_success_holm: f64,
    /// Pairs both solved: effort is compared on these alone (a run that gives up says
    /// nothing of how fast the algorithm solves).
    pub both_solved: usize,
    /// Median evaluations of each on the pairs both solved; NaN where the two count different
    /// units (a heuristic's iterations against an exact search's nodes).
    #[cfg_attr(feature = "serde", serde(with = "nan_as_null", default = "nan"))]
    pub a_evaluations: f64,
    #[cfg_attr(feature = "serde", serde(with = "nan_as_null", default = "nan"))]
    pub b_evaluations: f64,
    #[cfg_attr(feature = "serde", serde(with = "nan_as_null", default = "nan"))]
    pub p_evaluations: f64,
    #[cfg_attr(feature = "serde", serde(with = "nan_as_null", default = "nan"))]
    pub p_evaluations_holm: f64,
    #[cfg_attr(feature = "serde", serde(with = "nan_as_null"))]
    pub a_time_ms: f64,
    #[cfg_attr(feature = "serde", serde(with = "nan_as_null"))]
    pub b_time_ms: f64,
    #[cfg_attr(feature = "serde", serde(with = "nan_as_null"))]
    pub p_time: f64,
    #[cfg_attr(feature = "serde", serde(with = "nan_as_null"))]
    pub p_time_holm: f64,
    /// The times were measured by a clock too coarse to compare them (a browser page that is
    /// not cross-origin isolated ticks in 0.1 ms in Chromium): time is then not tested.
    #[cfg_attr(feature = "serde", serde(default))]
    pub coarse_clock: bool,
}

#[cfg(feature = "serde")]
fn nan() -> f64 {
    f64::NAN
}

/// The comparison of `a` and `b` on `pairs`; `same_unit` when both count evaluations alike.
pub(super) fn compare(
    study: &Study,
    group: &str,
    (a, b): (&str, &str),
    pairs: &[(&Record, &Record)],
    same_unit: bool,
) -> Comparison {
    let a_solved = pairs.iter().filter(|(x, _)| x.solved()).count();
    let b_solved = pairs.iter().filter(|(_, y)| y.solved()).count();
    let a_only = pairs
        .iter()
        .filter(|(x, y)| x.solved() && !y.solved())
        .count();
    let b_only = pairs
        .iter()
        .filter(|(x, y)| !x.solved() && y.solved())
        .count();
    let both: Vec<&(&Record, &Record)> = pairs
        .iter()
        .filter(|(x, y)| x.solved() && y.solved())
        .collect();
    let median = |pick: &dyn Fn(&(&Record, &Record)) -> f64| -> f64 {
        quantile(
            &sorted(&both.iter().map(|p| pick(p)).collect::<Vec<_>>()),
            0.5,
        )
    };
    let spent = |r: &Record| study.spent(r) as f64;
    let time_differences: Vec<f64> = both.iter().map(|(x, y)| x.time_ms - y.time_ms).collect();
    let (a_evaluations, b_evaluations, p_evaluations) = if same_unit {
        let differences: Vec<f64> = both.iter().map(|(x, y)| spent(x) - spent(y)).collect();
        // Too few pairs test nothing: no p-value, and none in Holm's family.
        let p = if both.len() >= MIN_TIME_PAIRS {
            wilcoxon_signed_rank(&differences).1
        } else {
            f64::NAN
        };
        (median(&|(x, _)| spent(x)), median(&|(_, y)| spent(y)), p)
    } else {
        (f64::NAN, f64::NAN, f64::NAN)
    };
    Comparison {
        group: group.to_string(),
        a: a.to_string(),
        b: b.to_string(),
        pairs: pairs.len(),
        a_solved,
        b_solved,
        a_only,
        b_only,
        p_success: binomial_two_sided(a_only, a_only + b_only),
        p_success_holm: 1.0,
        both_solved: both.len(),
        a_evaluations,
        b_evaluations,
        p_evaluations,
        p_evaluations_holm: f64::NAN,
        a_time_ms: median(&|(x, _)| x.time_ms),
        b_time_ms: median(&|(_, y)| y.time_ms),
        p_time: wilcoxon_signed_rank(&time_differences).1,
        p_time_holm: 1.0,
        coarse_clock: false,
    }
}

impl Comparison {
    /// (more, fewer): the configuration that solves significantly more puzzles than the other
    /// (McNemar, Holm-corrected, p < α), and that other; `None` where no difference is shown.
    pub fn significant_winner(&self) -> Option<(&str, &str)> {
        let pair = if self.a_only > self.b_only {
            (self.a.as_str(), self.b.as_str())
        } else {
            (self.b.as_str(), self.a.as_str())
        };
        (self.p_success_holm < ALPHA).then_some(pair)
    }

    /// Whether the runs both solved are enough to compare effort at all.
    fn effort_compared(&self) -> bool {
        self.both_solved >= MIN_TIME_PAIRS
    }

    pub(super) fn evaluations_compared(&self) -> bool {
        self.effort_compared() && !self.p_evaluations.is_nan()
    }

    pub(super) fn time_compared(&self) -> bool {
        self.effort_compared() && !self.coarse_clock
    }

    /// What the tests show, in words: "tabu-alldiff solves more hard puzzles than tabu-ac3: 96 %
    /// vs 41 %, p < 0.001; tabu-alldiff needs fewer evaluations on the 40 runs both solved:
    /// median 120 vs 3,400, p < 0.001; it is faster: median 1.2 ms vs 30.5 ms, p < 0.001".
    pub fn finding(&self) -> String {
        let puzzles = group_words(&self.group);
        if self.pairs == 0 {
            return format!(
                "{} and {}: no runs on the same {puzzles} yet",
                self.a, self.b
            );
        }
        let (rate_a, rate_b) = (
            percent(self.a_solved, self.pairs),
            percent(self.b_solved, self.pairs),
        );
        let success = if let Some((more, fewer)) = self.significant_winner() {
            let (more_rate, fewer_rate) = if more == self.a {
                (rate_a, rate_b)
            } else {
                (rate_b, rate_a)
            };
            format!(
                "{more} solves more {puzzles} than {fewer}: {more_rate} vs {fewer_rate}, {}",
                p_text(self.p_success_holm)
            )
        } else {
            format!(
                "{} and {} solve {puzzles} alike: {rate_a} vs {rate_b}, no difference shown ({})",
                self.a,
                self.b,
                p_text(self.p_success_holm)
            )
        };
        let runs = crate::words::count(self.both_solved, "run");
        if !self.effort_compared() {
            return format!("{success}; effort not compared ({runs} both solved)");
        }
        let mut out = success;
        if self.evaluations_compared() {
            let count = |v: f64| format!("{v:.0}");
            out += &if self.p_evaluations_holm < ALPHA {
                let (fewer, low, high) = if self.a_evaluations < self.b_evaluations {
                    (&self.a, self.a_evaluations, self.b_evaluations)
                } else {
                    (&self.b, self.b_evaluations, self.a_evaluations)
                };
                format!(
                    "; {fewer} needs fewer evaluations on the {runs} both solved: median {} vs {}, {}",
                    count(low),
                    count(high),
                    p_text(self.p_evaluations_holm)
                )
            } else {
                format!(
                    "; no difference in evaluations shown on the {runs} both solved (median {} vs {}, {})",
                    count(self.a_evaluations),
                    count(self.b_evaluations),
                    p_text(self.p_evaluations_holm)
                )
            };
        }
        out += &if !self.time_compared() {
            "; time not compared (the clock that measured it is too coarse)".to_string()
        } else if self.p_time_holm < ALPHA {
            let (faster, fast, slow) = if self.a_time_ms < self.b_time_ms {
                (&self.a, self.a_time_ms, self.b_time_ms)
            } else {
                (&self.b, self.b_time_ms, self.a_time_ms)
            };
            format!(
                "; {faster} is faster on the {runs} both solved: median {} vs {}, {}",
                ms(fast),
                ms(slow),
                p_text(self.p_time_holm)
            )
        } else {
            format!(
                "; no difference in time shown on the {runs} both solved (median {} vs {}, {})",
                ms(self.a_time_ms),
                ms(self.b_time_ms),
                p_text(self.p_time_holm)
            )
        };
        out
    }
}

impl Summary {
    /// `pairwise.csv`.
    pub fn comparisons_csv(&self) -> String {
        let mut out = String::from("level,givens,a,b,pairs,a_solved,b_solved,a_only,b_only,p_success,p_success_holm,both_solved,a_evaluations_median,b_evaluations_median,p_evaluations,p_evaluations_holm,a_time_ms_median,b_time_ms_median,p_time,p_time_holm,finding\n");
        for c in &self.comparisons {
            let (level, givens) = group_columns(&c.group);
            // Effort is compared on enough pairs both solved, else not at all: no p-value then
            // (the finding says "not compared"), not a p of 1.
            let value = |compared: bool, v: f64| if compared { v } else { f64::NAN };
            out.push_str(&format!(
                "{level},{givens},{},{},{},{},{},{},{},{:.6},{:.6},{},{:.1},{:.1},{:.6},{:.6},{:.3},{:.3},{:.6},{:.6},{}\n",
                csv::quote(&c.a),
                csv::quote(&c.b),
                c.pairs,
                c.a_solved,
                c.b_solved,
                c.a_only,
                c.b_only,
                c.p_success,
                c.p_success_holm,
                c.both_solved,
                c.a_evaluations,
                c.b_evaluations,
                value(c.evaluations_compared(), c.p_evaluations),
                value(c.evaluations_compared(), c.p_evaluations_holm),
                c.a_time_ms,
                c.b_time_ms,
                value(c.time_compared(), c.p_time),
                value(c.time_compared(), c.p_time_holm),
                csv::quote(&c.finding())
            ));
        }
        out.replace("NaN", "")
    }

    /// The summary with its times marked as measured by a coarse clock: time is then not
    /// tested (its p-values empty), evaluations still are.
    pub fn with_coarse_clock(mut self) -> Summary {
        for c in &mut self.comparisons {
            c.coarse_clock = true;
        }
        self
    }
}
