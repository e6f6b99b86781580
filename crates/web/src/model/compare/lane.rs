//! One configuration's run on the compare page and the metrics the table shows of it.

use super::super::query::CompareEntry;
use super::super::timeline::Timeline;
use sudoku_core::WorkCounter;

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

    /// A metric of the table, for sorting (`None` sorts last, and is drawn "–": not yet known,
    /// or a counter this configuration's algorithm does not keep).
    pub fn metric(&self, column: Column) -> Option<f64> {
        let summary = self.summary.as_ref();
        let declared = self.entry.algorithm.spec().counters;
        let counted = |field: WorkCounter| {
            let stats = summary?.outcome.stats;
            // A genetic algorithm's iterations are its generations, in their own column.
            WorkCounter::shown(declared, &stats)
                .into_iter()
                .any(|c| c.field() == field && c != WorkCounter::Generations)
                .then(|| field.of(&stats) as f64)
        };
        match column {
            Column::Configuration | Column::Outcome => None,
            Column::Time => summary.map(|s| s.elapsed_ms),
            Column::Nodes => counted(WorkCounter::Nodes),
            Column::Iterations => counted(WorkCounter::Iterations),
            Column::Restarts => counted(WorkCounter::Restarts),
            Column::Generations => declared
                .contains(&WorkCounter::Generations)
                .then_some(self.generations as f64),
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
