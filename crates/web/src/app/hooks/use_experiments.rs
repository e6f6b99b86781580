//! `use_experiments`: the experiments page's state (`model::experiments`, built from the URL)
//! and the worker pool its jobs and plans run on. Every action carries the page's clock, which
//! the model needs for its time estimates and report refreshes.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use super::{url_pairs, use_redraw, use_worker_pool, PoolEvent, Redraw, WorkerKind, WorkerPool};
use crate::model::experiments::{Experiments, ExperimentsAction, ExperimentsEffects};
use crate::model::pool::pool_size;
use crate::model::query::Query;
use crate::protocol::WorkerMessage;

#[derive(Clone)]
pub struct ExperimentsHandle {
    pub page: Rc<RefCell<Experiments>>,
    pub act: Callback<ExperimentsAction>,
    pub workers: usize,
}

#[derive(Clone)]
struct Store {
    page: Rc<RefCell<Experiments>>,
    pool: Rc<RefCell<Option<WorkerPool>>>,
    redraw: Redraw,
}

impl Store {
    fn act(&self, action: ExperimentsAction) {
        // Measures arrive many times a second: they redraw the progress a few times a second;
        // plans (new reports) and the end of a run redraw at once.
        let measures = matches!(
            action,
            ExperimentsAction::FromWorker {
                message: WorkerMessage::Measured { .. },
                ..
            }
        );
        let effects = self.page.borrow_mut().apply(action);
        let throttled = measures && self.page.borrow().is_running();
        self.carry_out(effects);
        self.redraw.request(throttled);
    }

    fn carry_out(&self, effects: ExperimentsEffects) {
        let pool = self.pool.borrow().clone();
        if let Some(pool) = pool {
            for job in effects.cancel {
                pool.cancel(job);
            }
            for (job, request, first) in effects.submit {
                let Ok(text) = serde_json::to_string(&request) else {
                    continue;
                };
                if first {
                    pool.submit_first(job, text);
                } else {
                    pool.submit(job, text);
                }
            }
        }
    }
}

/// Milliseconds on the page's monotonic clock.
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or_else(js_sys::Date::now, |p| p.now())
}

fn hardware_concurrency() -> usize {
    web_sys::window()
        .map(|w| w.navigator().hardware_concurrency() as usize)
        .unwrap_or(2)
}

#[hook]
pub fn use_experiments() -> ExperimentsHandle {
    let query = use_memo((), |_| {
        let pairs = url_pairs();
        Query::parse(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
    });
    // `workers=N` in the URL, or one per logical processor but one.
    let workers = query
        .workers
        .unwrap_or_else(|| pool_size(hardware_concurrency()));
    let initial = use_mut_ref(|| None::<ExperimentsEffects>);
    let page = use_mut_ref(|| {
        let (page, effects) = Experiments::new((*query).clone(), workers, now_ms());
        *initial.borrow_mut() = Some(effects);
        page
    });
    let store = Store {
        page,
        pool: use_mut_ref(|| None),
        redraw: use_redraw(),
    };
    let act = {
        let store = store.clone();
        Callback::from(move |action| store.act(action))
    };
    let pool = use_worker_pool(workers, WorkerKind::EXPERIMENTS, {
        let act = act.clone();
        Callback::from(move |event| {
            let now = now_ms();
            act.emit(match event {
                PoolEvent::Message { job, message } => {
                    ExperimentsAction::FromWorker { job, message, now }
                }
                PoolEvent::Failed { job, error } => ExperimentsAction::Failed { job, error, now },
            })
        })
    });
    *store.pool.borrow_mut() = Some(pool);
    {
        let store = store.clone();
        use_effect_with((), move |_| {
            if let Some(effects) = initial.borrow_mut().take() {
                store.carry_out(effects);
            }
        });
    }
    ExperimentsHandle {
        page: store.page,
        act,
        workers,
    }
}
