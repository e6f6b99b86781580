//! The lab page: one puzzle, one run, played back on the board and the chosen view.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::app::components::algorithm_form::AlgorithmForm;
use crate::app::components::board::Board;
use crate::app::components::chart::Chart;
use crate::app::components::graph_view::GraphView;
use crate::app::components::hypergraph_view::HypergraphView;
use crate::app::components::playback_bar::PlaybackBar;
use crate::app::components::pseudo_code::PseudoCode;
use crate::app::components::puzzle_input::{LibraryGroups, PuzzleInput};
use crate::app::components::result_panel::ResultPanel;
use crate::app::components::view_switcher::ViewSwitcher;
use crate::app::hooks::{
    use_shortcuts, use_theme, use_ticker, use_worker, WorkerEvent, WorkerPort,
};
use crate::model::lab::{self, Action, Effects};
use crate::model::library::{groups, library};
use crate::model::query::Query;
use crate::model::View;
use crate::protocol::WorkerMessage;

/// Least time between two redraws caused by incoming events alone (playback ticks redraw
/// anyway), so a fast solver's hundreds of batches a second never starve the input.
const REDRAW_MS: f64 = 250.0;

/// The page's URL query as decoded pairs.
fn url_pairs() -> Vec<(String, String)> {
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

fn share_link(query: &Query) -> String {
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
    worker: Rc<RefCell<Option<WorkerPort>>>,
    redraw: UseForceUpdateHandle,
    last_redraw: Rc<Cell<f64>>,
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
            let now = js_sys::Date::now();
            if !throttled || now - self.last_redraw.get() >= REDRAW_MS {
                self.last_redraw.set(now);
                self.redraw.force_update();
            }
        }
        effects
    }

    fn carry_out(&self, effects: &Effects) {
        let worker = self.worker.borrow().clone();
        if let Some(worker) = worker {
            if effects.restart_worker {
                worker.restart();
            }
            if let Some((job, request)) = &effects.post {
                worker.post(*job, request.clone());
            }
        }
        if effects.focus.is_some() {
            self.focus.set(effects.focus);
        }
    }
}

#[function_component(Lab)]
pub fn lab_page() -> Html {
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
        redraw: use_force_update(),
        last_redraw: use_memo((), |_| Cell::new(0.0)),
        focus: use_memo((), |_| Cell::new(None)),
    };
    let act = {
        let store = store.clone();
        Callback::from(move |action: Action| {
            store.act(action);
        })
    };
    let worker = use_worker({
        let act = act.clone();
        Callback::from(move |event| {
            act.emit(match event {
                WorkerEvent::Message { job, message } => Action::FromWorker { job, message },
                WorkerEvent::Failed(message) => Action::WorkerFailed(message),
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
    let (theme, next_theme) = use_theme();
    let playing = store.lab.borrow().playing;
    use_ticker(playing, lab::TICKS_PER_SECOND, act.reform(|_| Action::Tick));
    let library_groups: LibraryGroups = {
        let lab = store.lab.clone();
        (*use_memo((), move |_| {
            Rc::new(
                groups(&lab.borrow().library)
                    .into_iter()
                    .map(|(g, items)| {
                        (
                            g,
                            items.into_iter().map(|(i, l)| (i, l.to_string())).collect(),
                        )
                    })
                    .collect::<Vec<_>>(),
            )
        }))
        .clone()
    };

    let lab = store.lab.borrow();
    let size = lab.size();
    let on_key = {
        let store = store.clone();
        Callback::from(move |(cell, e): (usize, KeyboardEvent)| {
            if store.act(Action::Key { cell, key: e.key() }).handled {
                e.prevent_default();
            }
        })
    };
    let (values, givens, candidates, current) = match &lab.run {
        Some(run) => (
            run.values().to_vec(),
            (0..size.cells())
                .map(|c| run.puzzle.is_given(c))
                .collect::<Vec<_>>(),
            lab.show_candidates
                .then(|| run.timeline.candidates().to_vec()),
            run.timeline.current_cell(),
        ),
        None => (
            lab.puzzle.values().to_vec(),
            (0..size.cells()).map(|c| lab.puzzle.is_given(c)).collect(),
            None,
            None,
        ),
    };
    let focus = if lab.run.is_some() {
        current
    } else {
        Some(lab.selected)
    };
    let view = match lab.view {
        View::Board => Html::default(),
        View::Graph => html! {
            <GraphView size={size} values={values.clone()} givens={givens.clone()} focus={focus}
                frontier={lab.run.as_ref().map(|r| r.timeline.frontier().to_vec()).unwrap_or_default()}
                has_frontier={lab.run.as_ref().is_some_and(|r| r.timeline.has_frontier())} />
        },
        View::Hypergraph => html! {
            <HypergraphView size={size} values={values.clone()} givens={givens.clone()} focus={focus}
                focus_unit={lab.run.as_ref().and_then(|r| r.timeline.current_unit(size))} />
        },
    };
    let playback = match &lab.run {
        None => html! {
            <p class="hint">{ "Type digits on the board (arrows move, Delete clears), paste or load a puzzle, then Run." }</p>
        },
        Some(run) => {
            let t = &run.timeline;
            html! { <>
                <PlaybackBar playing={lab.playing} speed={lab.speed} events_per_second={lab.events_per_second()}
                    cursor={t.cursor()} len={t.len()} receiving={run.is_running()}
                    narration={AttrValue::from(t.narration(run.puzzle.size()))} depth={t.depth()}
                    show_candidates={lab.show_candidates} show_help={*show_help} on_help={toggle_help.clone()}
                    dispatch={act.clone()} />
            </> }
        }
    };
    html! {
        <main class={classes!("lab", (lab.view != View::Board).then_some("with-view"))}>
            <header>
                <h1>{ "Sudoku Lab" }</h1>
                <p class="tagline">{ "Run the classic Sudoku algorithms and watch what they do, step by step." }</p>
                <button id="theme" class="theme-toggle" onclick={next_theme.reform(|_: MouseEvent| ())}>{ theme.label() }</button>
            </header>
            if !lab.url_errors.is_empty() {
                <div id="url-errors" class="notice url-errors" role="alert">
                    <p>{ "Some of this page's URL could not be used:" }</p>
                    <ul>{ for lab.url_errors.iter().map(|e| html! { <li>{ e.clone() }</li> }) }</ul>
                </div>
            }
            <section class="left">
                <ViewSwitcher view={lab.view} dispatch={act.clone()} />
                <div class="stage">
                    <Board size={size} values={values} givens={givens} candidates={candidates}
                        current={current} bad={lab.bad_cells.clone()} selected={lab.selected}
                        on_key={on_key} on_select={act.reform(Action::Select)}
                        on_paste={act.reform(Action::Paste)} />
                    { view }
                </div>
                { playback }
                <div class="explain">
                    <PseudoCode algorithm={lab.run.as_ref().map_or(lab.algorithm, |r| r.algorithm)}
                        current={lab.run.as_ref().and_then(|r| r.timeline.current_line(r.algorithm.pseudocode()))} />
                    if let Some(progress) = lab.run.as_ref().and_then(|r| r.timeline.progress(300)) {
                        <Chart progress={progress} />
                    }
                </div>
            </section>
            <section class="right">
                <PuzzleInput library={library_groups} text={AttrValue::from(lab.text.clone())}
                    error={lab.input_error.clone().map(AttrValue::from)} dispatch={act.clone()} />
                <AlgorithmForm algorithm={lab.algorithm} params={lab.params.clone()}
                    seed={AttrValue::from(lab.seed.clone())} running={lab.is_running()}
                    notice={lab.notice.clone().map(AttrValue::from)}
                    share={AttrValue::from(share_link(&lab.share_query()))} dispatch={act.clone()} />
                if let Some(run) = &lab.run {
                    <ResultPanel algorithm={run.algorithm} seed={run.seed} summary={run.summary.clone()}
                        cancelled={run.cancelled} received={run.timeline.len()} />
                }
            </section>
        </main>
    }
}
