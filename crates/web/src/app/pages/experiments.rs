//! The experiments page: one of the core's experiments re-run in the browser, its jobs spread
//! over the worker pool; a progress bar with the time left; the report's charts and tables
//! filling in as results arrive, each table downloadable as CSV.

use sudoku_core::experiment::Experiment;
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::app::browser::{now_ms, query, share_link};
use crate::app::components::page_header::PageHeader;
use crate::app::components::report_view::ReportView;
use crate::app::hooks::use_experiments;
use crate::app::pages::{duration, PageProps};
use crate::model::experiments::{ExperimentsAction, Status};
use crate::model::query::{Page, MAX_BUDGET, MAX_RUNS};

/// The element the experiments bundle draws into (see [`crate::app::bundle`]).
pub const ROOT_ID: &str = "experiments-root";

#[function_component(ExperimentsPage)]
pub fn experiments_page(props: &PageProps) -> Html {
    let handle = use_experiments(props.query.clone().unwrap_or_else(query));
    let page = handle.model.borrow();
    let act = &handle.act;
    let form = &page.form;
    let running = page.is_running();
    let text_input = |make: fn(String) -> ExperimentsAction| {
        act.reform(move |e: InputEvent| make(e.target_unchecked_into::<HtmlInputElement>().value()))
    };
    let pick = act.reform(|e: Event| {
        let id = e.target_unchecked_into::<HtmlSelectElement>().value();
        ExperimentsAction::SetExperiment(Experiment::from_id(&id).unwrap_or(Experiment::Filtering))
    });
    let now = now_ms();
    let progress = page.run.as_ref().map(|run| {
        let (done, planned) = (run.finished(), run.planned.max(run.finished()));
        let left = run
            .time_left_ms(now)
            .map(|ms| format!(", about {} left", duration(ms)))
            .unwrap_or_default();
        let text = match &page.status {
            Status::Running if planned == 0 => "planning…".to_string(),
            Status::Running => format!("{done} / {planned} jobs, {} so far{left}", duration(run.elapsed_ms(now))),
            Status::Done => format!("{done} jobs in {}", duration(run.elapsed_ms(now))),
            Status::Cancelled => format!("cancelled: {done} of {planned} jobs finished, shown below"),
            Status::Failed(_) => format!("stopped: {done} of {planned} jobs finished"),
            Status::Idle => String::new(),
        };
        html! {
            <div class="experiment-progress" data-done={done.to_string()} data-planned={planned.to_string()}
                data-elapsed-ms={format!("{:.0}", run.elapsed_ms(now))}>
                <progress id="experiment-progress" max={planned.max(1).to_string()} value={done.to_string()}></progress>
                <span id="progress-text" aria-live="polite">{ text }</span>
            </div>
        }
    });
    html! {
        <main class="experiments" data-status={page.status_id()}>
            <PageHeader title="Sudoku Lab — experiments" page={Page::Experiments} aside={props.aside.clone()} errors={page.errors.clone()}>
                { format!("The papers' tables, re-run here on {} worker{}.",
                    handle.workers, if handle.workers == 1 { "" } else { "s" }) }
            </PageHeader>
            <section class="experiment-form">
                <label for="experiment">{ "Experiment" }</label>
                <select id="experiment" onchange={pick} disabled={running}>
                    { for Experiment::ALL.iter().map(|e| html! {
                        <option value={e.id()} selected={*e == form.experiment}>{ e.id() }</option>
                    }) }
                </select>
                <p class="description">{ form.experiment.description() }</p>
                <div class="fields">
                    <label>{ "seed " }<input id="seed" type="text" inputmode="numeric" value={form.seed.clone()}
                        disabled={running} oninput={text_input(ExperimentsAction::SetSeed)} /></label>
                    <label>{ "runs " }<input id="runs" type="text" inputmode="numeric" value={form.runs.clone()}
                        placeholder="the paper's" title={format!("repetitions per configuration, 1 to {MAX_RUNS}")}
                        disabled={running} oninput={text_input(ExperimentsAction::SetRuns)} /></label>
                    <label>{ "budget " }<input id="budget" type="text" inputmode="numeric"
                        value={form.budget.clone()} placeholder="the paper's"
                        title={format!("budget per run, 1 to {MAX_BUDGET}")}
                        disabled={running} oninput={text_input(ExperimentsAction::SetBudget)} /></label>
                </div>
                <fieldset class="instances" disabled={running}>
                    <legend>{ "Instances" }</legend>
                    <label><input type="radio" name="instances" id="built-in" checked={!form.use_pasted}
                        onchange={act.reform(|_| ExperimentsAction::UsePasted(false))} />{ " the experiment's own set" }</label>
                    <label><input type="radio" name="instances" id="use-pasted" checked={form.use_pasted}
                        onchange={act.reform(|_| ExperimentsAction::UsePasted(true))} />{ " puzzles pasted below (one per line)" }</label>
                    if form.use_pasted {
                        <textarea id="pasted" rows="6" spellcheck="false" value={form.pasted.clone()}
                            placeholder="4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                            oninput={act.reform(|e: InputEvent| ExperimentsAction::SetPasted(
                                e.target_unchecked_into::<HtmlTextAreaElement>().value()))} />
                    }
                </fieldset>
                <div class="buttons">
                    <button id="run" class="primary" disabled={running}
                        onclick={act.reform(|_| ExperimentsAction::Start { now: now_ms() })}>{ "Run" }</button>
                    <button id="cancel" disabled={!running}
                        onclick={act.reform(|_| ExperimentsAction::Cancel { now: now_ms() })}>{ "Cancel" }</button>
                    <label for="share">{ "Link" }</label>
                    <input id="share" type="text" readonly=true value={share_link(&page.query())} />
                </div>
                { for progress }
                if let Status::Failed(message) = &page.status {
                    <p id="experiment-error" class="notice" role="alert">{ message.clone() }</p>
                }
                if !page.invalid.is_empty() {
                    <div id="invalid-lines" class="notice" role="status">
                        <p>{ format!("{} pasted line{} skipped (the other {} ran):",
                            page.invalid.len(), if page.invalid.len() == 1 { " was" } else { "s were" }, page.instances) }</p>
                        <ul>{ for page.invalid.iter().map(|e| html! { <li>{ e.clone() }</li> }) }</ul>
                    </div>
                }
            </section>
            if let Some(report) = &page.report {
                <ReportView report={report.clone()} />
            }
        </main>
    }
}
