//! `use_lab`: the lab's state (the reducer of `model::lab`, built from the page's URL) and
//! everything that drives it: the worker, the playback ticker, the keyboard shortcuts, the focus
//! after a key, and redraws throttled while a fast solver streams.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::KeyboardEvent;
use yew::prelude::*;

use super::{
    use_redraw, use_shortcuts, use_ticker, use_worker_pool, PoolEvent, Redraw, WorkerKind,
    WorkerPool,
};
use crate::model::lab::{self, Action, Effects};
use crate::model::library::library;
use crate::model::query::Query;
use crate::protocol::{SolverRequest, WorkerMessage};

/// The page's URL query as decoded pairs.
pub fn url_pairs() -> Vec<(String, String)> {
    let search = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    let Ok(params) = web_sys::UrlSearchParams::new_with_str(&search) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if let Ok(Some(iter)) = js_sys::try_iter(&params) {
        for entry in iter.flatten() {
            let pair = js_sys::Array::from(&entry);
            if let (Some(k), Some(v)) = (pair.get(0).as_string(), pair.get(1).as_string()) {
                out.push((k, v));
            }
        }
    }
    out
}

/// The system's "reduce motion" setting.
fn prefers_reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}

/// The full URL of the lab with this query.
pub fn share_link(query: &Query) -> String {
    let base = web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default();
    format!("{base}{}", query.to_search())
}

fn focus_cell(cell: usize) {
    let element = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(&format!("cell-{cell}")))
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(el) = element {
        let _ = el.focus();
    }
}

/// Everything an action needs to take effect: the state, the worker, the redraw.
#[derive(Clone)]
struct Store {
    lab: Rc<RefCell<lab::Lab>>,
    worker: Rc<RefCell<Option<WorkerPool>>>,
    redraw: Redraw,
    focus: Rc<Cell<Option<usize>>>,
}

impl Store {
    /// Applies an action and carries out its effects; returns them (the board prevents the
    /// default of a key it used).
    fn act(&self, action: Action) -> Effects {
        let throttled = matches!(
            action,
            Action::FromWorker {
                message: WorkerMessage::Events(_),
                ..
            }
        );
        let effects = self.lab.borrow_mut().apply(action);
        self.carry_out(&effects);
        if !effects.quiet {
            self.redraw.request(throttled);
        }
        effects
    }

    fn carry_out(&self, effects: &Effects) {
        let worker = self.worker.borrow().clone();
        if let Some(worker) = worker {
            if effects.restart_worker {
                worker.cancel_all();
            }
            // The rating takes milliseconds: before a run, which may take long.
            if let Some((job, puzzle)) = &effects.analyse {
                worker.submit_solver(*job, SolverRequest::Analyse(puzzle.clone()));
            }
            if let Some((job, request)) = &effects.generate {
                worker.submit_solver(*job, SolverRequest::Generate(request.clone()));
            }
            if let Some((job, request)) = &effects.post {
                worker.submit_run(*job, request.clone());
            }
            if let Some((job, puzzle)) = &effects.hint {
                worker.submit_hint(*job, puzzle.clone());
            }
        }
        if effects.focus.is_some() {
            self.focus.set(effects.focus);
        }
    }
}

/// The lab's state and what drives it, for a page to compose.
#[derive(Clone)]
pub struct LabHandle {
    pub lab: Rc<RefCell<lab::Lab>>,
    /// Carries out an action (and redraws).
    pub act: Callback<Action>,
    /// A key pressed on a board cell (its default is prevented when the lab used it).
    pub on_key: Callback<(usize, KeyboardEvent)>,
    pub show_help: bool,
    pub toggle_help: Callback<()>,
}

/// The lab page's state from the URL, its worker, ticker, shortcuts and focus handling.
#[hook]
pub fn use_lab() -> LabHandle {
    let initial = use_mut_ref(|| None::<Effects>);
    let state = use_mut_ref(|| {
        let pairs = url_pairs();
        let mut query = Query::parse(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())));
        if query.autoplay.is_none() && prefers_reduced_motion() {
            // Nothing moves by itself for those who asked for less motion: Play starts it.
            query.autoplay = Some(false);
        }
        let seed = (js_sys::Math::random() * 4_294_967_296.0) as u64;
        let (lab, effects) = lab::Lab::new(query, library(), seed);
        *initial.borrow_mut() = Some(effects);
        lab
    });
    let store = Store {
        lab: state,
        worker: use_mut_ref(|| None),
        redraw: use_redraw(),
        focus: use_memo((), |_| Cell::new(None)),
    };
    let act = {
        let store = store.clone();
        Callback::from(move |action: Action| {
            store.act(action);
        })
    };
    // One run at a time: a pool of one worker.
    let worker = use_worker_pool(1, WorkerKind::SOLVER, {
        let act = act.clone();
        Callback::from(move |event| {
            act.emit(match event {
                PoolEvent::Message { job, message } => Action::FromWorker { job, message },
                PoolEvent::Failed { error, .. } => Action::WorkerFailed(error),
            })
        })
    });
    *store.worker.borrow_mut() = Some(worker);
    {
        // The URL's run starts once the worker exists.
        let store = store.clone();
        use_effect_with((), move |_| {
            if let Some(effects) = initial.borrow_mut().take() {
                store.carry_out(&effects);
            }
        });
    }
    {
        let focus = store.focus.clone();
        use_effect(move || {
            if let Some(cell) = focus.take() {
                focus_cell(cell);
            }
        });
    }
    let show_help = use_state(|| false);
    let toggle_help = {
        let show_help = show_help.clone();
        Callback::from(move |_| show_help.set(!*show_help))
    };
    use_shortcuts(act.clone(), toggle_help.clone());
    let playing = store.lab.borrow().playing;
    use_ticker(playing, lab::TICKS_PER_SECOND, act.reform(|_| Action::Tick));
    let on_key = {
        let store = store.clone();
        Callback::from(move |(cell, e): (usize, KeyboardEvent)| {
            if store.act(Action::Key { cell, key: e.key() }).handled {
                e.prevent_default();
            }
        })
    };
    LabHandle {
        lab: store.lab,
        act,
        on_key,
        show_help: *show_help,
        toggle_help,
    }
}
