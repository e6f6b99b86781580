//! `use_compare`: the compare page's state (`model::compare`, built from the URL), a worker pool
//! of clamp(hardwareConcurrency − 1, 1, 8) workers running its configurations in parallel, and
//! the playback ticker.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use super::{
    url_pairs, use_redraw, use_ticker, use_worker_pool, PoolEvent, Redraw, WorkerKind, WorkerPool,
};
use crate::model::compare::{Compare, CompareAction, CompareEffects};
use crate::model::lab::TICKS_PER_SECOND;
use crate::model::pool::pool_size;
use crate::model::query::Query;
use crate::protocol::WorkerMessage;

#[derive(Clone)]
pub struct CompareHandle {
    pub compare: Rc<RefCell<Compare>>,
    pub act: Callback<CompareAction>,
    pub workers: usize,
}

#[derive(Clone)]
struct Store {
    compare: Rc<RefCell<Compare>>,
    pool: Rc<RefCell<Option<WorkerPool>>>,
    redraw: Redraw,
}

impl Store {
    fn act(&self, action: CompareAction) {
        let throttled = matches!(
            action,
            CompareAction::FromWorker {
                message: WorkerMessage::Events(_),
                ..
            }
        );
        let effects = self.compare.borrow_mut().apply(action);
        self.carry_out(effects.cancel.iter().copied(), effects.submit.clone());
        if !effects.quiet {
            self.redraw.request(throttled);
        }
    }

    fn carry_out(
        &self,
        cancel: impl Iterator<Item = u64>,
        submit: Vec<(u64, crate::protocol::RunRequest)>,
    ) {
        let pool = self.pool.borrow().clone();
        if let Some(pool) = pool {
            for job in cancel {
                pool.cancel(job);
            }
            for (job, request) in submit {
                pool.submit_run(job, request);
            }
        }
    }
}

fn hardware_concurrency() -> usize {
    web_sys::window()
        .map(|w| w.navigator().hardware_concurrency() as usize)
        .unwrap_or(2)
}

#[hook]
pub fn use_compare() -> CompareHandle {
    let initial = use_mut_ref(|| None::<CompareEffects>);
    let compare = use_mut_ref(|| {
        let pairs = url_pairs();
        let query = Query::parse(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())));
        let seed = (js_sys::Math::random() * 4_294_967_296.0) as u64;
        let (compare, effects) = Compare::new(query, seed);
        *initial.borrow_mut() = Some(effects);
        compare
    });
    let store = Store {
        compare,
        pool: use_mut_ref(|| None),
        redraw: use_redraw(),
    };
    let act = {
        let store = store.clone();
        Callback::from(move |action| store.act(action))
    };
    let workers = *use_memo((), |_| pool_size(hardware_concurrency()));
    let pool = use_worker_pool(workers, WorkerKind::SOLVER, {
        let act = act.clone();
        Callback::from(move |event| {
            act.emit(match event {
                PoolEvent::Message { job, message } => CompareAction::FromWorker { job, message },
                PoolEvent::Failed { job, error } => CompareAction::Failed { job, error },
            })
        })
    });
    *store.pool.borrow_mut() = Some(pool);
    {
        let store = store.clone();
        use_effect_with((), move |_| {
            if let Some(effects) = initial.borrow_mut().take() {
                store.carry_out(effects.cancel.into_iter(), effects.submit);
            }
        });
    }
    let playing = store.compare.borrow().playing;
    use_ticker(
        playing,
        TICKS_PER_SECOND,
        act.reform(|_| CompareAction::Tick),
    );
    CompareHandle {
        compare: store.compare,
        act,
        workers,
    }
}
