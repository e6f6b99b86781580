//! A study's pictures, from its records alone and cheap enough to redraw as records arrive: the
//! success rate against difficulty per configuration with its 95 % Wilson band, and the runtime
//! distributions — the empirical cumulative distribution of the time (or iterations) to a
//! solution, the share of runs solved within x: the standard picture of the metaheuristics
//! literature (Hoos & Stützle's run-time distributions).

use super::ert::{ecdf, most_spent, targets_in, Hits, TARGETS};
use super::stats::wilson;
use super::summary::groups;
use super::{Record, Study};
use crate::report::{Chart, Line};
use crate::spec::Family;

/// Points of one distribution's line at most (its quantiles; the line's shape is kept).
const MAX_POINTS: usize = 200;

/// Success rate per group (levels in order, or numbers of givens) and configuration, with the
/// Wilson interval as a band. Levels are placed at 1, 2, … (the x label names them); givens at
/// their number.
pub fn success_by_group(study: &Study, records: &[Record]) -> Chart {
    let groups = groups(study);
    let numeric = groups.iter().all(|g| g.parse::<f64>().is_ok());
    let x_of = |k: usize| -> f64 {
        if numeric {
            groups[k].parse().unwrap_or(k as f64)
        } else {
            (k + 1) as f64
        }
    };
    let group_of: Vec<usize> = study
        .population
        .iter()
        .map(|m| {
            let group = m.group();
            groups.iter().position(|g| *g == group).unwrap_or(0)
        })
        .collect();
    let mut counts = vec![vec![(0usize, 0usize); groups.len()]; study.runs.len()];
    for record in records {
        let Some(&group) = group_of.get(record.puzzle) else {
            continue;
        };
        let cell = &mut counts[record.configuration][group];
        cell.0 += 1;
        cell.1 += usize::from(record.solved());
    }
    let series = study
        .runs
        .iter()
        .zip(&counts)
        .map(|(configuration, counts)| {
            let measured = counts.iter().enumerate().filter(|(_, (runs, _))| *runs > 0);
            let (mut points, mut band) = (Vec::new(), Vec::new());
            for (k, &(runs, solved)) in measured {
                let (low, high) = wilson(solved, runs);
                points.push((x_of(k), solved as f64 / runs as f64));
                band.push((x_of(k), low, high));
            }
            Line {
                name: configuration.to_string(),
                points,
                band,
            }
        })
        .collect();
    let x_label = if numeric {
        "givens".to_string()
    } else {
        let named: Vec<String> = groups
            .iter()
            .enumerate()
            .map(|(k, g)| format!("{} {g}", k + 1))
            .collect();
        format!("level ({})", named.join(", "))
    };
    Chart::Lines {
        title: "Success rate (95 % Wilson band)".into(),
        x_label,
        y_label: "share of runs solved".into(),
        log_x: false,
        series,
    }
}

/// What a runtime distribution measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effort {
    TimeMs,
    /// A heuristic's iterations (exact searches are left out: they count nodes).
    Iterations,
    /// An exact search's nodes (heuristics are left out).
    Nodes,
}

/// The share of each configuration's runs solved within x (time or iterations): a step line
/// rising at each solved run's effort to that configuration's success rate (runs that gave up
/// never count). Long lines are cut to `MAX_POINTS` quantiles.
pub fn runtime_distribution(study: &Study, records: &[Record], effort: Effort) -> Chart {
    let mut runs = vec![0usize; study.runs.len()];
    let mut solved: Vec<Vec<f64>> = vec![Vec::new(); study.runs.len()];
    for record in records {
        let Some(count) = runs.get_mut(record.configuration) else {
            continue;
        };
        *count += 1;
        if record.solved() {
            solved[record.configuration].push(match effort {
                Effort::TimeMs => record.time_ms,
                Effort::Iterations => record.iterations as f64,
                Effort::Nodes => record.nodes as f64,
            });
        }
    }
    let counted = |configuration: &crate::registry::Configuration| match effort {
        Effort::TimeMs => true,
        Effort::Iterations => configuration.algorithm.family() == Family::Heuristic,
        Effort::Nodes => configuration.algorithm.family() == Family::Exact,
    };
    let series = study
        .runs
        .iter()
        .enumerate()
        .filter(|(_, configuration)| counted(configuration))
        .map(|(c, configuration)| {
            let mut efforts = std::mem::take(&mut solved[c]);
            efforts.sort_by(f64::total_cmp);
            let n = runs[c].max(1) as f64;
            let step = efforts.len().div_ceil(MAX_POINTS).max(1);
            let mut points = Vec::new();
            for (i, &x) in efforts.iter().enumerate() {
                let last = i + 1 == efforts.len();
                if i % step == 0 || last {
                    points.push((x, i as f64 / n));
                    points.push((x, (i + 1) as f64 / n));
                }
            }
            Line {
                name: configuration.to_string(),
                points,
                band: Vec::new(),
            }
        })
        .collect();
    let (title, x_label) = match effort {
        Effort::TimeMs => ("Runs solved within a time", "ms"),
        Effort::Iterations => (
            "Heuristics: runs solved within a number of iterations",
            "iterations",
        ),
        Effort::Nodes => (
            "Exact searches: runs solved within a number of nodes",
            "nodes",
        ),
    };
    Chart::Lines {
        title: title.into(),
        x_label: x_label.into(),
        y_label: "share of runs solved".into(),
        // Runtimes span orders of magnitude.
        log_x: true,
        series,
    }
}

/// Budgets per decade of an ECDF's line: enough for its steps to read as a curve.
const PER_DECADE: u32 = 10;

/// The fixed-target ECDF, COCO's and IOHprofiler's headline figure: per configuration, over
/// every class, the share of (run, target) pairs with the target cost reached within each
/// budget of evaluations (a heuristic's iterations, an exact search's nodes), on a log axis. A
/// configuration that rarely solves but gets close fast rises early and stops below 1; one
/// that solves everything slowly rises late to 1. `hits[job]` are the runs' hits (a job
/// without is left out).
pub fn ecdf_chart(study: &Study, records: &[Record], hits: &[Option<Hits>]) -> Chart {
    let mut runs: Vec<Vec<&Hits>> = vec![Vec::new(); study.runs.len()];
    for record in records {
        if let (Some(Some(run)), Some(list)) =
            (hits.get(record.job), runs.get_mut(record.configuration))
        {
            list.push(run);
        }
    }
    let targets = targets_in(runs.iter().flatten().copied());
    let max = most_spent(runs.iter().flatten().copied()).max(1);
    let grid = log_grid(max);
    let series = study
        .runs
        .iter()
        .zip(&runs)
        .map(|(configuration, runs)| Line {
            name: configuration.to_string(),
            points: if runs.is_empty() {
                Vec::new()
            } else {
                grid.iter()
                    .map(|&b| b as f64)
                    .zip(ecdf(runs, &targets, &grid))
                    .collect()
            },
            band: Vec::new(),
        })
        .collect();
    let named: Vec<String> = targets.iter().map(|&t| TARGETS[t].to_string()).collect();
    Chart::Lines {
        title: format!(
            "Targets reached within a budget (ECDF over runs and the cost targets {})",
            named.join(", ")
        ),
        x_label: "evaluations (iterations or nodes)".into(),
        y_label: "share of (run, target) pairs".into(),
        log_x: true,
        series,
    }
}

/// 1 and [`PER_DECADE`] log-spaced whole budgets per decade up to and including `max`.
fn log_grid(max: u64) -> Vec<u64> {
    let mut out = vec![1u64];
    let mut k = 1u32;
    while *out.last().unwrap_or(&max) < max {
        let b = (10f64.powf(f64::from(k) / f64::from(PER_DECADE)).round() as u64).min(max);
        if b > *out.last().unwrap_or(&0) {
            out.push(b);
        }
        k += 1;
    }
    out
}

/// The pairwise outcomes as a matrix, coloured by significance: in row `a`, column `b`, the
/// number of classes in which `a` solves significantly more puzzles than `b` (McNemar,
/// Holm-corrected, p < 0.05); darker is more. Rows and columns are numbered as the study lists
/// its configurations (the title names them), so long names keep the matrix small.
pub fn wins_matrix(study: &Study, summary: &super::Summary) -> Chart {
    let names: Vec<String> = study.runs.iter().map(ToString::to_string).collect();
    let n = names.len();
    let mut values = vec![vec![Some(0.0); n]; n];
    for (k, row) in values.iter_mut().enumerate() {
        row[k] = None;
    }
    let index = |name: &str| names.iter().position(|x| x == name);
    for (more, fewer) in summary
        .comparisons
        .iter()
        .filter_map(|c| c.significant_winner())
    {
        let (Some(winner), Some(loser)) = (index(more), index(fewer)) else {
            continue;
        };
        if let Some(v) = values[winner][loser].as_mut() {
            *v += 1.0;
        }
    }
    let numbered: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(k, name)| format!("{} {name}", k + 1))
        .collect();
    Chart::HeatMap {
        title: format!(
            "Classes in which the row solves significantly more puzzles than the column (McNemar, Holm, p < 0.05): {}",
            numbered.join(", ")
        ),
        rows: (1..=n).map(|k| k.to_string()).collect(),
        columns: (1..=n).map(|k| k.to_string()).collect(),
        values,
        max: groups(study).len().max(1) as f64,
        unit: "classes".into(),
    }
}
