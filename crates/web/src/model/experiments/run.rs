//! One experiment's run as the page keeps it: the jobs issued and their measures, the chunks
//! to send and out with the workers, and the clock.

use sudoku_core::experiment::Progress;

use crate::model::chunks::Chunks;
use crate::protocol::ExperimentSetup;

/// A running (or ended) experiment.
#[derive(Clone, Debug)]
pub struct Run {
    pub setup: ExperimentSetup,
    pub progress: Progress,
    /// Issued jobs (their indices in `progress`) to send.
    pub(super) chunks: Chunks,
    /// Finished jobs in the progress that plan was asked with: fewer than now, and its report
    /// and next jobs are out of date.
    pub(super) plan_saw: usize,
    pub started_ms: f64,
    /// When it ended (done, cancelled or failed).
    pub ended_ms: Option<f64>,
    pub(super) last_plan_ms: f64,
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
