//! `use_page`: the one loop every page runs — its model (a reducer of `crate::model`, built from
//! the URL) takes an action, returns effects, the page carries them out on its worker pool and
//! redraws (throttled while workers stream). A page says what differs through [`PageModel`]; its
//! hook adds what is its own (the lab's shortcuts and focus, the players' ticker).

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use super::{use_redraw, use_worker_pool, PoolEvent, WorkerKind, WorkerPool};
use crate::model::jobs::Jobs;
use crate::model::query::Query;
use crate::protocol::Reply;

/// Workers a page's pool runs: the URL's `workers=N`, or one per logical processor (at most 8,
/// see `model::pool::pool_size`).
pub fn pool_workers(asked: Option<usize>) -> usize {
    asked.unwrap_or_else(|| {
        crate::model::pool::pool_size(crate::app::browser::hardware_concurrency())
    })
}

/// A page's model as the shell drives it.
pub trait PageModel: Sized + 'static {
    type Action: 'static;
    type Effects: 'static;

    /// The replies of the workers the page runs.
    type Reply: Reply;

    /// The worker build the page's pool runs.
    const WORKERS: WorkerKind<Self::Reply>;

    /// The model from the page's URL, and the effects to carry out once its workers exist.
    fn from_query(query: Query) -> (Self, Self::Effects);

    /// How many workers the page's pool has.
    fn pool_size(&self) -> usize;

    fn apply(&mut self, action: Self::Action) -> Self::Effects;

    /// A worker's message or failure as the model's action.
    fn from_pool(event: PoolEvent<Self::Reply>) -> Self::Action;

    /// Whether an action arrives many times a second (a worker's stream).
    fn streams(action: &Self::Action) -> bool;

    /// After an action: `None` draws nothing, `Some(true)` a throttled redraw, `Some(false)` at
    /// once. By default a stream's actions are throttled, the others drawn at once.
    fn redraw(&self, streamed: bool, _effects: &Self::Effects) -> Option<bool> {
        Some(streamed)
    }

    /// What the effects ask of the pool (the shell carries it out).
    fn jobs(effects: &Self::Effects) -> &Jobs<<Self::Reply as Reply>::Request>;
}

/// A page's model and the callback that acts on it.
pub struct PageHandle<M: PageModel> {
    pub model: Rc<RefCell<M>>,
    pub act: Callback<M::Action>,
    /// The pool's size, as the page says it.
    pub workers: usize,
}

impl<M: PageModel> Clone for PageHandle<M> {
    fn clone(&self) -> Self {
        PageHandle {
            model: self.model.clone(),
            act: self.act.clone(),
            workers: self.workers,
        }
    }
}

/// The model from the URL, its pool, and the act → effects → redraw loop. `after` runs after each
/// action's effects are carried out (the lab remembers where the focus goes).
#[hook]
pub fn use_page<M: PageModel>(query: Query, after: Callback<M::Effects>) -> PageHandle<M> {
    let initial = use_mut_ref(|| None::<M::Effects>);
    let model = use_mut_ref(|| {
        let (model, effects) = M::from_query(query);
        *initial.borrow_mut() = Some(effects);
        model
    });
    let pool: Rc<RefCell<Option<WorkerPool<M::Reply>>>> = use_mut_ref(|| None);
    let redraw = use_redraw();
    let act = {
        let (model, pool) = (model.clone(), pool.clone());
        Callback::from(move |action: M::Action| {
            let streamed = M::streams(&action);
            let effects = model.borrow_mut().apply(action);
            if let Some(pool) = pool.borrow().clone() {
                pool.carry_out_jobs(M::jobs(&effects));
            }
            if let Some(throttled) = model.borrow().redraw(streamed, &effects) {
                redraw.request(throttled);
            }
            after.emit(effects);
        })
    };
    let workers = model.borrow().pool_size();
    let workers_pool = use_worker_pool(workers, M::WORKERS, act.reform(M::from_pool));
    *pool.borrow_mut() = Some(workers_pool.clone());
    // The URL's jobs start once the pool exists.
    use_effect_with((), move |_| {
        if let Some(effects) = initial.borrow_mut().take() {
            workers_pool.carry_out_jobs(M::jobs(&effects));
        }
    });
    PageHandle {
        model,
        act,
        workers,
    }
}
