//! A study's summary and comparisons as report tables: the model the Markdown and the LaTeX
//! a paper takes are printed from (`sudoku study --format md|tex`).

use super::stats::p_text;
use super::summary::{ms, Summary};
use crate::report::Table;

/// A rate and its interval in per cent: "92.1 % (81.0–97.3)".
pub(super) fn rate(rate: f64, low: f64, high: f64) -> String {
    if rate.is_nan() {
        return "–".into();
    }
    format!(
        "{:.1} % ({:.1}–{:.1})",
        100.0 * rate,
        100.0 * low,
        100.0 * high
    )
}

/// A value in milliseconds, or "–".
fn time(value: f64) -> String {
    if value.is_nan() {
        "–".into()
    } else {
        ms(value)
    }
}

impl Summary {
    /// The summary (per configuration and class) and the pairwise comparisons as tables.
    pub fn tables(&self) -> [Table; 2] {
        let mut rows = Table::new(
            "study-summary",
            "Success and effort per configuration and class (95 % Wilson and bootstrap intervals)",
            &[
                "configuration",
                "class",
                "runs",
                "solved",
                "rate (95 % CI)",
                "median time (95 % CI)",
                "median work (95 % CI)",
            ],
        );
        for row in &self.rows {
            let work = row.work();
            let effort = if work.median.is_nan() {
                "–".into()
            } else {
                format!(
                    "{:.0} {} ({:.0}–{:.0})",
                    work.median,
                    row.work_unit(),
                    work.median_low,
                    work.median_high
                )
            };
            rows.push(vec![
                row.configuration.clone(),
                row.group.clone(),
                row.runs.to_string(),
                row.solved.to_string(),
                rate(row.rate, row.wilson_low, row.wilson_high),
                format!(
                    "{} ({}–{})",
                    time(row.time_ms.median),
                    time(row.time_ms.median_low),
                    time(row.time_ms.median_high)
                ),
                effort,
            ]);
        }
        let mut pairs = Table::new(
            "study-pairwise",
            "Pairwise comparisons on the same puzzles and seeds (exact McNemar on success, Wilcoxon signed-rank on the evaluations and the time of runs both solved; Holm-corrected)",
            &[
                "class",
                "a",
                "b",
                "pairs",
                "a solved",
                "b solved",
                "success (Holm)",
                "both solved",
                "median evaluations a",
                "median evaluations b",
                "evaluations (Holm)",
                "median time a",
                "median time b",
                "time (Holm)",
            ],
        );
        for c in &self.comparisons {
            let whole = |v: f64| {
                if v.is_nan() {
                    "–".into()
                } else {
                    format!("{v:.0}")
                }
            };
            pairs.push(vec![
                c.group.clone(),
                c.a.clone(),
                c.b.clone(),
                c.pairs.to_string(),
                c.a_solved.to_string(),
                c.b_solved.to_string(),
                p_text(c.p_success_holm),
                c.both_solved.to_string(),
                whole(c.a_evaluations),
                whole(c.b_evaluations),
                if c.evaluations_compared() {
                    p_text(c.p_evaluations_holm)
                } else {
                    "not compared".into()
                },
                time(c.a_time_ms),
                time(c.b_time_ms),
                if c.time_compared() {
                    p_text(c.p_time_holm)
                } else {
                    "not compared".into()
                },
            ]);
        }
        [rows, pairs]
    }

    /// Both tables as LaTeX floats (booktabs).
    pub fn latex(&self) -> String {
        self.tables()
            .iter()
            .map(Table::latex)
            .collect::<Vec<_>>()
            .join("\n")
    }
}
