//! `use_lab`: the lab on the page shell: its model (the reducer of `model::lab`), one solver
//! worker, the playback ticker, the keyboard shortcuts and the focus after a key.

use std::cell::Cell;
use std::rc::Rc;

use web_sys::KeyboardEvent;
use yew::prelude::*;

use super::{use_page, use_shortcuts, use_ticker, PageHandle, PageModel, PoolEvent, WorkerKind};
use crate::app::browser::{focus_cell, prefers_reduced_motion, random_seed};
use crate::model::jobs::Jobs;
use crate::model::lab::{self, Action, Effects, Lab};
use crate::model::library::library;
use crate::model::query::{own_origin, Query};
use crate::protocol::{SolverReply, SolverRequest};

impl PageModel for Lab {
    type Action = Action;
    type Effects = Effects;
    type Reply = SolverReply;
    const WORKERS: WorkerKind<SolverReply> = WorkerKind::SOLVER;

    fn from_query(mut query: Query) -> (Self, Self::Effects) {
        if query.autoplay.is_none() && prefers_reduced_motion() {
            // Nothing moves by itself for those who asked for less motion: Play starts it.
            query.autoplay = Some(false);
        }
        // A recorded run named by the URL is read from the lab's own origin only.
        if let Some(url) = query.trace_url.take() {
            match crate::app::browser::resolve(&url) {
                None => query
                    .errors
                    .push(format!("trace_url={url} is not an address")),
                Some(r) => match own_origin("trace_url", &url, &r.origin, &r.page_origin) {
                    Ok(()) => query.trace_url = Some(r.href),
                    Err(refused) => query.errors.push(refused),
                },
            }
        }
        Lab::new(query, library(), random_seed())
    }

    /// One run at a time.
    fn pool_size(&self) -> usize {
        1
    }

    fn apply(&mut self, action: Self::Action) -> Self::Effects {
        Lab::apply(self, action)
    }

    fn from_pool(event: PoolEvent<SolverReply>) -> Self::Action {
        match event {
            PoolEvent::Message { job, message } => Action::FromWorker { job, message },
            PoolEvent::Failed { error, .. } => Action::WorkerFailed(error),
        }
    }

    fn streams(action: &Self::Action) -> bool {
        matches!(
            action,
            Action::FromWorker {
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

/// The lab's state and what drives it, for a page to compose.
#[derive(Clone)]
pub struct LabHandle {
    pub lab: Rc<std::cell::RefCell<Lab>>,
    /// Carries out an action (and redraws).
    pub act: Callback<Action>,
    /// A key pressed on a board cell (its default is prevented when the lab used it).
    pub on_key: Callback<(usize, KeyboardEvent)>,
    pub show_help: bool,
    pub toggle_help: Callback<()>,
}

/// The lab page's model from a URL query (the page's, or a lesson step's), its worker, ticker,
/// shortcuts and focus handling.
#[hook]
pub fn use_lab(query: Query) -> LabHandle {
    // Where the focus goes after an action, and whether the last key was used: the shell tells
    // after carrying out each action's effects.
    let focus = use_memo((), |_| Cell::new(None::<usize>));
    let handled = use_memo((), |_| Cell::new(false));
    let after = {
        let (focus, handled) = (focus.clone(), handled.clone());
        Callback::from(move |effects: Effects| {
            if effects.focus.is_some() {
                focus.set(effects.focus);
            }
            if let Some((url, name)) = &effects.download {
                let _ = crate::app::browser::download(url, name);
            }
            handled.set(effects.handled);
        })
    };
    let PageHandle { model, act, .. } = use_page::<Lab>(query, after);
    {
        let focus = focus.clone();
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
    let playing = model.borrow().playing;
    use_ticker(playing, lab::TICKS_PER_SECOND, act.reform(|_| Action::Tick));
    let on_key = {
        let act = act.clone();
        Callback::from(move |(cell, e): (usize, KeyboardEvent)| {
            act.emit(Action::Key { cell, key: e.key() });
            if handled.get() {
                e.prevent_default();
            }
        })
    };
    LabHandle {
        lab: model,
        act,
        on_key,
        show_help: *show_help,
        toggle_help,
    }
}
