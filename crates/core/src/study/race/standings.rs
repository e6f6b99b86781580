//! Where a race left its candidates: their standings, and the table the CLI prints and writes.

use super::friedman::ranks;
use super::{Performance, Race};
use crate::report::Table;
use crate::study::Study;
use crate::words::count;

impl Race {
    /// Every candidate, best first: those still in the race by their mean rank over every
    /// instance, then the dropped ones, the later dropped first.
    pub fn standings(&self) -> Vec<Standing> {
        let alive = self.alive();
        let mut final_rank = vec![None; self.dropped_after.len()];
        if !self.results.is_empty() {
            let mut sums = vec![0.0; alive.len()];
            for row in &self.results {
                let values: Vec<Performance> = alive.iter().filter_map(|&c| row[c]).collect();
                for (sum, r) in sums.iter_mut().zip(ranks(&values)) {
                    *sum += r;
                }
            }
            for (i, &c) in alive.iter().enumerate() {
                final_rank[c] = Some(sums[i] / self.results.len() as f64);
            }
        }
        let mut standings: Vec<Standing> = (0..self.dropped_after.len())
            .map(|c| {
                let performances = self.performances(c);
                let mut evaluations: Vec<u64> = performances
                    .iter()
                    .filter(|p| p.solved)
                    .map(|p| p.evaluations)
                    .collect();
                evaluations.sort_unstable();
                let mut costs: Vec<u64> = performances
                    .iter()
                    .map(|p| u64::from(p.best_cost))
                    .collect();
                costs.sort_unstable();
                let reported = costs.last().is_some_and(|&c| c < u64::from(u32::MAX));
                Standing {
                    candidate: c,
                    dropped_after: self.dropped_after[c],
                    runs: performances.len(),
                    solved: performances.iter().filter(|p| p.solved).count(),
                    mean_rank: final_rank[c].or(self.mean_rank[c]),
                    median_evaluations: median(&evaluations),
                    median_cost: median(&costs).filter(|_| reported),
                }
            })
            .collect();
        standings.sort_by(|a, b| {
            let key = |s: &Standing| s.dropped_after.map_or(0, |i| usize::MAX - i);
            key(a).cmp(&key(b)).then(
                a.mean_rank
                    .unwrap_or(f64::INFINITY)
                    .total_cmp(&b.mean_rank.unwrap_or(f64::INFINITY)),
            )
        });
        standings
    }
}

/// Where a candidate ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub candidate: usize,
    pub dropped_after: Option<usize>,
    pub runs: usize,
    pub solved: usize,
    /// Its mean rank: over every instance among the survivors, or at its last test when
    /// dropped (`None`: never tested).
    pub mean_rank: Option<f64>,
    /// Median evaluations of its verified runs.
    pub median_evaluations: Option<f64>,
    /// Median of its runs' best costs (0 for a verified run; `None` when its runs report no
    /// cost, as exact solvers that give up).
    pub median_cost: Option<f64>,
}

fn median(sorted: &[u64]) -> Option<f64> {
    match sorted.len() {
        0 => None,
        n if n % 2 == 1 => Some(sorted[n / 2] as f64),
        n => Some((sorted[n / 2 - 1] + sorted[n / 2]) as f64 / 2.0),
    }
}

impl Study {
    /// A race's standings as a table: each configuration as the study's records name it.
    pub fn race_table(&self, race: &Race) -> Table {
        let mut table = Table::new(
            "race",
            &format!(
                "Race: {} on {} (F-race, Friedman and Conover tests)",
                count(race.runs(), "run"),
                count(race.instances(), "instance")
            ),
            &[
                "rank",
                "configuration",
                "status",
                "dropped after",
                "instances",
                "solved %",
                "mean rank",
                "median evaluations",
                "median best cost",
            ],
        );
        for (place, standing) in race.standings().iter().enumerate() {
            let (status, dropped_after) = match standing.dropped_after {
                None => ("in the race", "–".to_string()),
                Some(i) => ("dropped", i.to_string()),
            };
            let solved = 100.0 * standing.solved as f64 / standing.runs.max(1) as f64;
            table.push(vec![
                (place + 1).to_string(),
                self.runs[standing.candidate].to_string(),
                status.to_string(),
                dropped_after,
                standing.runs.to_string(),
                format!("{solved:.1}"),
                standing.mean_rank.map_or("–".into(), |r| format!("{r:.2}")),
                standing
                    .median_evaluations
                    .map_or("–".into(), |m| format!("{m}")),
                standing.median_cost.map_or("–".into(), |m| format!("{m}")),
            ]);
        }
        table
    }
}
