//! `use_compare`: the compare page on the page shell: its model (`model::compare`), a worker pool
//! of clamp(hardwareConcurrency, 1, 8) workers running its configurations in parallel, and
//! the playback ticker.

use yew::prelude::*;

use super::{pool_workers, use_page, use_ticker, PageHandle, PageModel, PoolEvent, WorkerKind};
use crate::app::browser::random_seed;
use crate::model::compare::{Compare, CompareAction, CompareEffects};
use crate::model::jobs::Jobs;
use crate::model::lab::TICKS_PER_SECOND;
use crate::model::query::Query;
use crate::protocol::{SolverReply, SolverRequest};

impl PageModel for Compare {
    type Action = CompareAction;
    type Effects = CompareEffects;
    type Reply = SolverReply;
    const WORKERS: WorkerKind<SolverReply> = WorkerKind::SOLVER;

    fn from_query(query: Query) -> (Self, Self::Effects) {
        Compare::new(query, random_seed())
    }

    fn pool_size(&self) -> usize {
        pool_workers(None)
    }

    fn apply(&mut self, action: Self::Action) -> Self::Effects {
        Compare::apply(self, action)
    }

    fn from_pool(event: PoolEvent<SolverReply>) -> Self::Action {
        match event {
            PoolEvent::Message { job, message } => CompareAction::FromWorker { job, message },
            PoolEvent::Failed { job, error } => CompareAction::Failed { job, error },
        }
    }

    fn streams(action: &Self::Action) -> bool {
        matches!(
            action,
            CompareAction::FromWorker {
                message: SolverReply::Events(_),
                ..
            }
        )
    }

    fn redraw(&self, streamed: bool, effects: &Self::Effects) -> Option<bool> {
        (!effects.quiet).then_some(streamed)
    }

    fn jobs(effects: &Self::Effects) -> &Jobs<SolverRequest> {
        &effects.jobs
    }
}

/// The compare page's model, its pool and its player's ticker.
#[hook]
pub fn use_compare(query: Query) -> PageHandle<Compare> {
    let page = use_page::<Compare>(query, Callback::noop());
    let playing = page.model.borrow().playing;
    use_ticker(
        playing,
        TICKS_PER_SECOND,
        page.act.reform(|_| CompareAction::Tick),
    );
    page
}
