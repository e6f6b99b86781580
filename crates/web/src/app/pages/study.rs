//! The study page (`?page=study`): configurations compared over a population of puzzles, made
//! by the generator (or pasted) and run on the worker pool; a progress bar with the time left;
//! the success-rate and runtime-distribution charts filling in as runs finish; the summary and
//! pairwise tables with the findings in words when they are over (or cancelled); every table and
//! all records downloadable as the CSV files `sudoku study` writes. In the experiments bundle.

use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

use sudoku_core::generate::symmetry::Symmetry;

use crate::app::browser::{now_ms, query, save_file, share_link};
use crate::app::components::page_header::PageHeader;
use crate::app::components::report_view::ReportView;
use crate::app::hooks::use_study;
use crate::app::pages::{duration, PageProps};
use crate::model::query::Page;
use crate::model::study::{Status, StudyAction};
use crate::protocol::study::{MAX_JOBS, MAX_PUZZLES};

#[function_component(Studies)]
pub fn studies(props: &PageProps) -> Html {
    let handle = use_study(props.query.clone().unwrap_or_else(query));
    let page = handle.model.borrow();
    let act = &handle.act;
    let form = &page.form;
    let running = page.is_running();
    let text_input = |make: fn(String) -> StudyAction| {
        act.reform(move |e: InputEvent| make(e.target_unchecked_into::<HtmlInputElement>().value()))
    };
    let now = now_ms();
    let (done, all) = page.progress();
    let progress_text = match &page.status {
        Status::Idle => String::new(),
        Status::Making => format!("making the population: {done} / {all} puzzles"),
        Status::Running => {
            let left = page
                .time_left_ms(now)
                .map(|ms| format!(", about {} left", duration(ms)))
                .unwrap_or_default();
            format!(
                "{done} / {all} runs, {} so far{left}",
                duration(page.elapsed_ms(now))
            )
        }
        Status::Done if page.race.is_some() => {
            format!(
                "the race made {done} of {all} runs in {}",
                duration(page.elapsed_ms(now))
            )
        }
        Status::Done => format!("{all} runs in {}", duration(page.elapsed_ms(now))),
        Status::Cancelled => format!("cancelled: {done} of {all} runs finished, summarised below"),
        Status::Failed(_) => format!("stopped: {done} of {all} finished"),
    };
    let report = page.report();
    let records = {
        // Written when asked for, not at each redraw: a study's records run to megabytes.
        let model = handle.model.clone();
        Callback::from(move |_: MouseEvent| {
            // A browser that refuses downloads leaves the tables on the page.
            let _ = save_file("records.csv", &model.borrow().records_csv());
        })
    };
    html! {
        <main class="experiments study" data-status={page.status_id()}>
            <PageHeader title="Sudoku Lab — study" page={Page::Study} aside={props.aside.clone()} errors={page.errors.clone()}>
                { format!("Algorithms compared over a population of puzzles, with statistics, on {} worker{}.",
                    page.workers(), if page.workers() == 1 { "" } else { "s" }) }
            </PageHeader>
            <section class="experiment-form study-form">
                <fieldset class="instances" disabled={running}>
                    <legend>{ "Population" }</legend>
                    <label><input type="radio" name="population" id="generated" checked={!form.use_pasted}
                        onchange={act.reform(|_| StudyAction::UsePasted(false))} />{ " generated: " }</label>
                    <input id="generate" type="text" value={form.generate.clone()} aria-label="size, levels or givens, count of each"
                        title="SIZE:CLASSES:COUNT — levels (9:easy,hard:20) or givens (9:25,29:100, 9:22-40:10), COUNT puzzles of each"
                        oninput={text_input(StudyAction::SetGenerate)} />
                    <label>{ " symmetry " }
                        <select id="symmetry" onchange={act.reform(|e: Event| StudyAction::SetSymmetry(
                            e.target_unchecked_into::<HtmlSelectElement>().value()))}>
                            { for Symmetry::CHOICES.iter().map(|&(id, name)| html! {
                                <option value={id} selected={form.symmetry == id}>{ name }</option>
                            }) }
                        </select>
                    </label>
                    <label><input type="radio" name="population" id="use-pasted" checked={form.use_pasted}
                        onchange={act.reform(|_| StudyAction::UsePasted(true))} />{ " puzzles pasted below (grouped by their level)" }</label>
                    if form.use_pasted {
                        <textarea id="pasted" rows="6" spellcheck="false" value={form.pasted.clone()}
                            aria-label="puzzles, one per line"
                            oninput={act.reform(|e: InputEvent| StudyAction::SetPasted(
                                e.target_unchecked_into::<HtmlTextAreaElement>().value()))} />
                    }
                </fieldset>
                <label for="configurations">{ "Configurations, one per line: an algorithm's id, then any settings after semicolons (dlx, or genetic;population=100)" }</label>
                <p class="hint"><a id="algorithm-ids" href="help.html#algorithms">{ "The algorithms, their ids and what they do" }</a></p>
                <textarea id="configurations" rows="4" spellcheck="false" value={form.configurations.clone()}
                    disabled={running} oninput={act.reform(|e: InputEvent| StudyAction::SetConfigurations(
                        e.target_unchecked_into::<HtmlTextAreaElement>().value()))} />
                <div class="fields">
                    <label>{ "seeds " }<input id="seeds" type="text" inputmode="numeric" value={form.seeds.clone()}
                        title="runs of each configuration on each puzzle" disabled={running}
                        oninput={text_input(StudyAction::SetSeeds)} /></label>
                    <label>{ "budget " }<input id="budget" type="text" inputmode="numeric"
                        value={form.budget.clone()} placeholder="each algorithm's" title="budget per run"
                        disabled={running} oninput={text_input(StudyAction::SetBudget)} /></label>
                    <label>{ "seed " }<input id="seed" type="text" inputmode="numeric" value={form.seed.clone()}
                        disabled={running} oninput={text_input(StudyAction::SetSeed)} /></label>
                    <label title="tuning: run the configurations puzzle by puzzle and drop those a Friedman test finds worse, as sudoku tune does; a line's NAME=LOW..HIGH gives five values">
                        <input id="race" type="checkbox" checked={form.race} disabled={running}
                            onchange={act.reform(|e: Event| StudyAction::SetRace(
                                e.target_unchecked_into::<HtmlInputElement>().checked()))} />
                        { " race them (drop the worse as puzzles come in)" }</label>
                </div>
                <p class="description">
                    { format!("The page runs studies of at most {MAX_PUZZLES} puzzles and {MAX_JOBS} runs; the command line's sudoku study (see the README) takes any size, on every processor core, with the same numbers.") }
                </p>
                <div class="buttons">
                    <button id="run" class="primary" disabled={running}
                        onclick={act.reform(|_| StudyAction::Start { now: now_ms() })}>{ "Run" }</button>
                    <button id="cancel" disabled={!running}
                        onclick={act.reform(|_| StudyAction::Cancel { now: now_ms() })}>{ "Cancel" }</button>
                    <label for="share">{ "Link" }</label>
                    <input id="share" type="text" readonly=true value={share_link(&page.query())} />
                </div>
                if !matches!(page.status, Status::Idle) {
                    <div class="experiment-progress" data-done={done.to_string()} data-planned={all.to_string()}>
                        <progress id="experiment-progress" max={all.max(1).to_string()} value={done.to_string()}></progress>
                        <span id="progress-text" aria-live="polite">{ progress_text }</span>
                    </div>
                }
                if let Status::Failed(message) = &page.status {
                    <p id="experiment-error" class="notice" role="alert">{ message.clone() }</p>
                }
            </section>
            if let Some(report) = report {
                <button class="csv" data-csv="records" onclick={records} disabled={page.records.is_empty()}>
                    { format!("Download records.csv ({} runs)", page.records.len()) }
                </button>
                <ReportView report={report} />
            }
        </main>
    }
}
