//! One configuration's run on the compare page and the metrics the table shows of it.

use super::super::query::CompareEntry;
use super::super::timeline::Timeline;
use crate::protocol::RunSummary;

/// One configuration's run.
pub struct Lane {
    pub entry: CompareEntry,
    pub seed: u64,
    /// The job of its current run (0: never run).
    pub job: u64,
    pub timeline: Timeline,
    pub summary: Option<RunSummary>,
    pub cancelled: bool,
    /// Why the worker could not run it.
    pub failed: Option<String>,
    /// The last generation reported (genetic algorithm).
    pub generations: u64,
}

impl Lane {
    /// `verified`, `no-solution`, `gave-up`, `cancelled`, `failed`, or `running` / `waiting`.
    pub fn outcome(&self) -> &'static str {
        if self.failed.is_some() {
            return "failed";
        }
        if self.cancelled {
            return "cancelled";
        }
        match &self.summary {
            Some(summary) => summary.outcome_id(),
            None if self.job == 0 => "waiting",
            None => "running",
        }
    }

    pub fn is_running(&self) -> bool {
        self.job != 0 && self.summary.is_none() && !self.cancelled && self.failed.is_none()
    }

    /// The configuration in words: id, the parameters set, the seed.
    pub fn label(&self) -> String {
        let params: Vec<String> = self
            .entry
            .params
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        if params.is_empty() {
            format!("{} (seed {})", self.entry.algorithm.id(), self.seed)
        } else {
            format!(
                "{} ({}; seed {})",
                self.entry.algorithm.id(),
                params.join(", "),
                self.seed
            )
        }
    }

    /// A metric of the table, for sorting (`None` sorts last).
    pub fn metric(&self, column: Column) -> Option<f64> {
        let summary = self.summary.as_ref();
        let stats = summary.map(|s| s.outcome.stats);
        match column {
            Column::Configuration | Column::Outcome => None,
            Column::Time => summary.map(|s| s.elapsed_ms),
            Column::Nodes => stats.map(|s| s.nodes as f64),
            Column::Iterations => stats.map(|s| s.iterations as f64),
            Column::Restarts => stats.map(|s| s.restarts as f64),
            Column::Generations => Some(self.generations as f64),
            Column::Events => Some(self.timeline.len() as f64),
        }
    }
}

/// The metrics table's columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    Configuration,
    Outcome,
    Time,
    Nodes,
    Iterations,
    Restarts,
    Generations,
    Events,
}

impl Column {
    pub const ALL: [Column; 8] = [
        Column::Configuration,
        Column::Outcome,
        Column::Time,
        Column::Nodes,
        Column::Iterations,
        Column::Restarts,
        Column::Generations,
        Column::Events,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Column::Configuration => "configuration",
            Column::Outcome => "outcome",
            Column::Time => "time in the worker (ms)",
            Column::Nodes => "nodes",
            Column::Iterations => "iterations",
            Column::Restarts => "restarts",
            Column::Generations => "generations",
            Column::Events => "events",
        }
    }
}
