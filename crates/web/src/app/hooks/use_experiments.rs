//! `use_experiments`: the experiments page on the page shell: its model (`model::experiments`)
//! and the pool of experiment workers its jobs and plans run on. Every action carries the page's
//! clock, which the model needs for its time estimates and report refreshes.

use yew::prelude::*;

use super::{pool_workers, use_page, PageHandle, PageModel, PoolEvent, WorkerKind};
use crate::app::browser::now_ms;
use crate::model::experiments::{Experiments, ExperimentsAction, ExperimentsEffects};
use crate::model::jobs::Jobs;
use crate::model::query::Query;
use crate::protocol::{ExperimentReply, ExperimentRequest};

impl PageModel for Experiments {
    type Action = ExperimentsAction;
    type Effects = ExperimentsEffects;
    type Reply = ExperimentReply;
    const WORKERS: WorkerKind<ExperimentReply> = WorkerKind::EXPERIMENTS;

    fn from_query(query: Query) -> (Self, Self::Effects) {
        let workers = pool_workers(query.workers);
        Experiments::new(query, workers, now_ms())
    }

    fn pool_size(&self) -> usize {
        self.workers()
    }

    fn apply(&mut self, action: Self::Action) -> Self::Effects {
        Experiments::apply(self, action)
    }

    fn from_pool(event: PoolEvent<ExperimentReply>) -> Self::Action {
        let now = now_ms();
        match event {
            PoolEvent::Message { job, message } => {
                ExperimentsAction::FromWorker { job, message, now }
            }
            PoolEvent::Failed { job, error } => ExperimentsAction::Failed { job, error, now },
        }
    }

    /// Measures arrive many times a second.
    fn streams(action: &Self::Action) -> bool {
        matches!(
            action,
            ExperimentsAction::FromWorker {
                message: ExperimentReply::Measured { .. },
                ..
            }
        )
    }

    /// Measures redraw the progress a few times a second; plans (new reports) and the end of a
    /// run redraw at once.
    fn redraw(&self, streamed: bool, _effects: &Self::Effects) -> Option<bool> {
        Some(streamed && self.is_running())
    }

    fn jobs(effects: &Self::Effects) -> &Jobs<ExperimentRequest> {
        &effects.jobs
    }
}

/// The experiments page's model and its pool.
#[hook]
pub fn use_experiments(query: Query) -> PageHandle<Experiments> {
    use_page::<Experiments>(query, Callback::noop())
}
