//! The export dialog (its own bundle, `export_app`): the lab hands it the run shown
//! ([`ExportRequest`], JSON in its element); the full worker records the run again from its
//! settings (a run is a function of its settings) and the dialog draws the asked steps with
//! the CLI's own drawing and rasteriser, a few frames at a time so the page stays responsive,
//! into a GIF, PNG frames in a zip, an SVG, or a WebM video recorded by the browser.

use std::cell::Cell;
use std::rc::Rc;

use sudoku_core::{Event, Grid};
use sudoku_draw::animation::View;
use wasm_bindgen::JsCast;
use yew::prelude::*;

mod files;
mod video;

use files::{export, load_trace};

use crate::app::bundle::EXPORT_ROOT;
use crate::app::hooks::worker_handle::{WorkerHandle, WorkerKind};
use crate::model::export::{ExportForm, Format};
use crate::protocol::export::ExportRequest;
use crate::protocol::{SolverReply, SolverRequest};

/// Draws the dialog: the entry point of the `export_app` bundle.
pub fn mount() {
    crate::app::bundle::mount::<ExportDialog>(EXPORT_ROOT);
}

/// The run to draw: the recorded events of the run the lab showed.
pub(super) struct Loaded {
    pub request: ExportRequest,
    pub puzzle: Grid,
    pub events: Vec<Event>,
}

#[derive(Clone)]
enum Phase {
    Recording,
    Ready(Rc<Loaded>),
    Failed(String),
}

/// What the lab wrote into the dialog's element.
fn handed_request() -> Result<ExportRequest, String> {
    let text = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("export"))
        .and_then(|e| e.get_attribute("data-request"))
        .ok_or("the lab handed no run to export")?;
    serde_json::from_str(&text).map_err(|e| format!("the lab's run does not read ({e})"))
}

#[function_component(ExportDialog)]
pub fn export_dialog() -> Html {
    let phase = use_state(|| Phase::Recording);
    let form = use_state(|| None::<ExportForm>);
    let progress = use_state(|| None::<String>);
    let notice = use_state(|| None::<String>);
    let busy = use_state(|| false);
    let cancel = use_mut_ref(|| Rc::new(Cell::new(false)));
    let worker = use_mut_ref(|| None::<WorkerHandle>);
    {
        let (phase, form, worker) = (phase.clone(), form.clone(), worker.clone());
        use_effect_with((), move |_| {
            let request = match handed_request() {
                Ok(request) => request,
                Err(e) => {
                    phase.set(Phase::Failed(e));
                    return;
                }
            };
            let ask = serde_json::to_string(&SolverRequest::Save(request.run.clone()))
                .unwrap_or_default();
            let asked = Rc::new(Cell::new(false));
            let worker_for_reply = worker.clone();
            let on_message = {
                let phase = phase.clone();
                move |reply: SolverReply| match reply {
                    SolverReply::Ready if !asked.replace(true) => {
                        if let Some(handle) = worker_for_reply.borrow().as_ref() {
                            if let Err(e) = handle.post(&ask) {
                                phase.set(Phase::Failed(e));
                            }
                        }
                    }
                    SolverReply::Saved { url, .. } => {
                        let (phase, form, request) = (phase.clone(), form.clone(), request.clone());
                        let worker = worker_for_reply.clone();
                        wasm_bindgen_futures::spawn_local(async move {
                            let loaded = load_trace(&url, request).await;
                            // The worker (and its blob URL) is let go once the run is read: a
                            // full worker is a few megabytes the open dialog does not need.
                            worker.borrow_mut().take();
                            match loaded {
                                Ok(loaded) => {
                                    form.set(Some(ExportForm::new(
                                        &loaded.request,
                                        loaded.events.len(),
                                    )));
                                    phase.set(Phase::Ready(Rc::new(loaded)));
                                }
                                Err(e) => phase.set(Phase::Failed(e)),
                            }
                        });
                    }
                    SolverReply::Failed(e) => phase.set(Phase::Failed(e)),
                    _ => {}
                }
            };
            let on_error = {
                let phase = phase.clone();
                move |e: String| phase.set(Phase::Failed(e))
            };
            match WorkerHandle::spawn(WorkerKind::SOLVER_FULL, on_message, on_error) {
                Ok(handle) => *worker.borrow_mut() = Some(handle),
                Err(e) => phase.set(Phase::Failed(e)),
            }
        });
    }
    let body = match &*phase {
        Phase::Recording => html! {
            <p id="export-status" role="status">{ "recording the run again to draw it…" }</p>
        },
        Phase::Failed(e) => html! {
            <p id="export-status" class="notice" role="alert">{ format!("The run cannot be exported: {e}") }</p>
        },
        Phase::Ready(loaded) => {
            let Some(fields) = (*form).clone() else {
                return html! {};
            };
            let events = loaded.events.len();
            let plan = fields.plan(events, loaded.request.step);
            let edit = |change: fn(&mut ExportForm, String)| {
                let form = form.clone();
                Callback::from(move |e: InputEvent| {
                    let Some(mut next) = (*form).clone() else {
                        return;
                    };
                    change(&mut next, value_of(e.target()));
                    form.set(Some(next));
                })
            };
            let start = {
                let (loaded, progress, notice, busy, cancel) = (
                    loaded.clone(),
                    progress.clone(),
                    notice.clone(),
                    busy.clone(),
                    cancel.clone(),
                );
                let plan = plan.clone();
                Callback::from(move |_| {
                    let Ok(plan) = plan.clone() else { return };
                    let flag = Rc::new(Cell::new(false));
                    *cancel.borrow_mut() = flag.clone();
                    busy.set(true);
                    notice.set(None);
                    let (loaded, progress, notice, busy) = (
                        loaded.clone(),
                        progress.clone(),
                        notice.clone(),
                        busy.clone(),
                    );
                    wasm_bindgen_futures::spawn_local(async move {
                        let said = move |text: String| progress.set(Some(text));
                        let result = export(&loaded, plan, &said, &flag).await;
                        said(String::new());
                        notice.set(Some(match result {
                            Ok(done) => done,
                            Err(e) => format!("not exported: {e}"),
                        }));
                        busy.set(false);
                    });
                })
            };
            let stop = {
                let cancel = cancel.clone();
                Callback::from(move |_| cancel.borrow().set(true))
            };
            let format = fields.format;
            html! {
                <form id="export-form" onsubmit={Callback::from(|e: SubmitEvent| e.prevent_default())}>
                    <p>{ format!("{} of {}, seed {}: {} events.", loaded.request.run.algorithm.name(),
                        loaded.puzzle.size(), loaded.request.run.seed, events) }</p>
                    <fieldset>
                        <legend>{ "File" }</legend>
                        { for Format::ALL.into_iter().map(|f| {
                            let form = form.clone();
                            html! {
                                <label><input type="radio" name="export-format" id={format!("export-{}", f.id())}
                                    checked={f == format}
                                    onchange={Callback::from(move |_| {
                                        let Some(mut next) = (*form).clone() else { return };
                                        next.format = f;
                                        form.set(Some(next));
                                    })} />{ format!(" {} ", f.label()) }</label>
                            }
                        }) }
                    </fieldset>
                    // Both always drawn, one hidden: the dialog's elements keep their places
                    // whatever the format (a branch that swapped them lost the range's fields
                    // once under load).
                    <p hidden={!format.is_single()}>{ format!("The frame at step {} (shown when Export… was pressed).", loaded.request.step.min(events)) }</p>
                    <p hidden={format.is_single()}>
                        <label>{ "From step " }<input id="export-from" inputmode="numeric" size="7" value={fields.from.clone()}
                            oninput={edit(|f, v| f.from = v)} /></label>
                        <label>{ " to " }<input id="export-to" inputmode="numeric" size="7" value={fields.to.clone()}
                            oninput={edit(|f, v| f.to = v)} /></label>
                        <label>{ ", every " }<input id="export-every" inputmode="numeric" size="5" placeholder="auto" value={fields.every.clone()}
                            oninput={edit(|f, v| f.every = v)} />{ " steps" }</label>
                        <label>{ "; " }<input id="export-frame-ms" inputmode="numeric" size="5" value={fields.frame_ms.clone()}
                            oninput={edit(|f, v| f.frame_ms = v)} />{ " ms a frame" }</label>
                    </p>
                    <p>
                        { "View: " }
                        { for [(View::Board, "board", "board"), (View::Graph, "graph", "graph"), (View::Circle, "circle", "graph on a circle")].into_iter().map(|(v, id, label)| {
                            let form = form.clone();
                            html! {
                                <label><input type="radio" name="export-view" id={format!("export-view-{id}")}
                                    checked={fields.view == v}
                                    onchange={Callback::from(move |_| {
                                        let Some(mut next) = (*form).clone() else { return };
                                        next.view = v;
                                        form.set(Some(next));
                                    })} />{ format!(" {label} ") }</label>
                            }
                        }) }
                        <label>{ " " }<input type="checkbox" id="export-candidates" checked={fields.candidates}
                            onchange={{
                                let form = form.clone();
                                Callback::from(move |_| {
                                    let Some(mut next) = (*form).clone() else { return };
                                    next.candidates = !next.candidates;
                                    form.set(Some(next));
                                })
                            }} />{ " pencil marks " }</label>
                        <label hidden={format == Format::Svg}>{ " size ×" }<input id="export-scale" inputmode="decimal" size="4" value={fields.scale.clone()}
                            oninput={edit(|f, v| f.scale = v)} /></label>
                    </p>
                    <p id="export-plan" role="status">{ match &plan {
                        Ok(plan) if format.is_single() => format!("one frame, step {}", plan.steps.from),
                        Ok(plan) => format!("{} frames (steps {} to {}, every {}), {:.1} s",
                            plan.steps.count(), plan.steps.from, plan.steps.to, plan.steps.every,
                            plan.duration_ms() as f64 / 1000.0),
                        Err(e) => e.clone(),
                    } }</p>
                    <button id="export-go" type="button" disabled={plan.is_err() || *busy} onclick={start}>{ "Export" }</button>
                    if *busy {
                        <button id="export-cancel" type="button" onclick={stop}>{ "Stop" }</button>
                    }
                    if let Some(text) = (*progress).clone().filter(|t| !t.is_empty()) {
                        <span id="export-progress" role="status">{ format!(" {text}") }</span>
                    }
                    if let Some(text) = &*notice {
                        <p id="export-notice" role="status">{ text.clone() }</p>
                    }
                    <canvas id="export-canvas" hidden={format != Format::Webm}></canvas>
                </form>
            }
        }
    };
    html! { <div class="export-body">{ body }</div> }
}

/// The value of the input an event came from.
fn value_of(target: Option<web_sys::EventTarget>) -> String {
    target
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        .map(|input| input.value())
        .unwrap_or_default()
}
