//! `use_study`: the study page on the page shell: its model (`model::study`) and the pool of
//! experiment workers that make its population, run its jobs and summarise them. Every action
//! carries the page's clock, which the model needs for its time estimates.

use yew::prelude::*;

use super::{pool_workers, use_page, PageHandle, PageModel, PoolEvent, WorkerKind};
use crate::app::browser::{cross_origin_isolated, now_ms};
use crate::model::jobs::Jobs;
use crate::model::query::Query;
use crate::model::study::{StudyAction, StudyEffects, StudyPage};
use crate::protocol::{ExperimentReply, ExperimentRequest};

impl PageModel for StudyPage {
    type Action = StudyAction;
    type Effects = StudyEffects;
    type Reply = ExperimentReply;
    const WORKERS: WorkerKind<ExperimentReply> = WorkerKind::EXPERIMENTS;

    fn from_query(query: Query) -> (Self, Self::Effects) {
        let workers = pool_workers(query.workers);
        let (mut page, effects) = StudyPage::new(query, workers, now_ms());
        page.coarse_clock = !cross_origin_isolated();
        (page, effects)
    }

    fn pool_size(&self) -> usize {
        self.workers()
    }

    fn apply(&mut self, action: Self::Action) -> Self::Effects {
        StudyPage::apply(self, action)
    }

    fn from_pool(event: PoolEvent<ExperimentReply>) -> Self::Action {
        let now = now_ms();
        match event {
            PoolEvent::Message { job, message } => StudyAction::FromWorker { job, message, now },
            PoolEvent::Failed { job, error } => StudyAction::Failed { job, error, now },
        }
    }

    /// Puzzles and records arrive many times a second.
    fn streams(action: &Self::Action) -> bool {
        matches!(
            action,
            StudyAction::FromWorker {
                message: ExperimentReply::StudyMembers(_) | ExperimentReply::StudyRecords { .. },
                ..
            }
        )
    }

    /// Streamed answers redraw a few times a second; the summary and the end redraw at once.
    fn redraw(&self, streamed: bool, _effects: &Self::Effects) -> Option<bool> {
        Some(streamed && self.is_running())
    }

    fn jobs(effects: &Self::Effects) -> &Jobs<ExperimentRequest> {
        &effects.jobs
    }
}

/// The study page's model and its pool.
#[hook]
pub fn use_study(query: Query) -> PageHandle<StudyPage> {
    use_page::<StudyPage>(query, Callback::noop())
}
