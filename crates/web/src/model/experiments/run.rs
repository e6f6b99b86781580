//! One experiment's run as the page keeps it: the jobs issued and their measures, what is still
//! to send, what is out with the workers, the clock, and how big the next chunk should be.

use std::collections::{BTreeMap, VecDeque};

use sudoku_core::experiment::Progress;

use super::{MAX_CHUNK, TARGET_CHUNK_MS};
use crate::protocol::ExperimentSetup;

/// A running (or ended) experiment.
#[derive(Clone, Debug)]
pub struct Run {
    pub setup: ExperimentSetup,
    pub progress: Progress,
    /// Issued jobs not yet sent to a worker.
    pub(super) pending: VecDeque<usize>,
    /// Pool job → the indices of the jobs of its chunk.
    pub(super) in_flight: BTreeMap<u64, Vec<usize>>,
    /// The pool job asking for the plan, if one is out.
    pub(super) plan_job: Option<u64>,
    pub started_ms: f64,
    /// When it ended (done, cancelled or failed).
    pub ended_ms: Option<f64>,
    pub(super) last_plan_ms: f64,
    /// Worker time and jobs measured so far: the mean sizes the next chunks.
    pub(super) busy_ms: f64,
    pub(super) measured: usize,
    /// Jobs the experiment is expected to run (the worker's estimate).
    pub planned: usize,
}

impl Run {
    pub fn finished(&self) -> usize {
        self.progress.finished()
    }

    /// Estimated milliseconds left, once some jobs have finished.
    pub fn time_left_ms(&self, now: f64) -> Option<f64> {
        let done = self.finished();
        (done > 0 && self.ended_ms.is_none()).then(|| {
            let elapsed = now - self.started_ms;
            elapsed * (self.planned.saturating_sub(done)) as f64 / done as f64
        })
    }

    pub fn elapsed_ms(&self, now: f64) -> f64 {
        self.ended_ms.unwrap_or(now) - self.started_ms
    }
}

/// Jobs for the next chunk: about [`TARGET_CHUNK_MS`] of work at the mean time per job so far
/// (one job while nothing is measured), and no more than an even share of what is left, so the
/// last chunks end together.
pub fn chunk_size(busy_ms: f64, measured: usize, pending: usize, workers: usize) -> usize {
    let by_time = if measured == 0 {
        1
    } else {
        let per_job = (busy_ms / measured as f64).max(1e-3);
        (TARGET_CHUNK_MS / per_job) as usize
    };
    let share = pending.div_ceil(workers.max(1));
    by_time
        .clamp(1, MAX_CHUNK)
        .min(share)
        .clamp(1, pending.max(1))
}
