//! The compare page: several configurations on one puzzle, each in its own worker; their
//! metrics in a sortable table, their boards side by side under one cursor, their progress
//! curves overlaid.

use sudoku_core::Algorithm;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::app::browser::{query, replace_address, share_link};
use crate::app::components::board::Board;
use crate::app::components::chart::RunChart;
use crate::app::components::compare_table::{rows, CompareTable};
use crate::app::components::page_header::PageHeader;
use crate::app::hooks::use_compare;
use crate::app::pages::PageProps;
use crate::model::compare::{CompareAction, Pace};
use crate::model::query::{Page, Query, MAX_COMPARE};

/// The element the compare bundle draws into (see [`crate::app::bundle`]).
pub const ROOT_ID: &str = "compare-root";

/// Draws the compare page: the entry point of the `compare_app` bundle.
pub fn mount() {
    crate::app::bundle::mount::<ComparePage>(ROOT_ID);
}

#[function_component(ComparePage)]
pub fn compare_page(props: &PageProps) -> Html {
    let handle = use_compare(props.query.clone().unwrap_or_else(query));
    let adding = use_state(|| Algorithm::Propagation);
    let compare = handle.model.borrow();
    let act = &handle.act;
    let size = compare.puzzle.size();
    let givens: Vec<bool> = (0..size.cells())
        .map(|c| compare.puzzle.is_given(c))
        .collect();
    let lab_link = share_link(&Query {
        puzzle: Some(Query::puzzle_line(&compare.puzzle)),
        algorithm: compare.lanes.first().map(|l| l.entry.algorithm),
        ..Query::default()
    });
    let add = {
        let adding = adding.clone();
        act.reform(move |_| CompareAction::Add(*adding))
    };
    let pick = {
        let adding = adding.clone();
        Callback::from(move |e: Event| {
            let id = e.target_unchecked_into::<HtmlSelectElement>().value();
            if let Some(a) = Algorithm::from_id(&id) {
                adding.set(a);
            }
        })
    };
    let position = (compare.position * 1000.0).round() as u32;
    let url_errors: Vec<String> = compare
        .errors
        .iter()
        .cloned()
        .chain(compare.puzzle_error.iter().map(|e| format!("puzzle: {e}")))
        .collect();
    let full = compare.lanes.len() >= MAX_COMPARE;
    let share = share_link(&compare.share_query());
    {
        // The address follows the configurations (a lesson's step keeps its own).
        let in_lesson = props.aside.is_some();
        use_effect_with(share.clone(), move |share| {
            if !in_lesson {
                replace_address(share);
            }
        });
    }
    html! {
        <main class="compare" data-view="compare">
            <PageHeader title="Sudoku Lab — compare" page={Page::Compare} aside={props.aside.clone()} errors={url_errors}>
                { format!("{} configuration{} on one puzzle, {} worker{} side by side. ",
                    compare.lanes.len(), if compare.lanes.len() == 1 { "" } else { "s" },
                    handle.workers, if handle.workers == 1 { "" } else { "s" }) }
                <a id="back-to-lab" href={lab_link}>{ "Back to the lab" }</a>
                { " · " }
                <a id="to-study" href={share_link(&compare.study_query())}
                    title="the same configurations over a generated population of puzzles, with statistics">
                    { "Compare on many puzzles…" }</a>
            </PageHeader>
            <section class="compare-controls">
                <div class="buttons">
                    <button id="run" class="primary" disabled={compare.lanes.is_empty() || compare.puzzle_error.is_some()}
                        onclick={act.reform(|_| CompareAction::RunAll)}>{ "Run all" }</button>
                    <button id="cancel" disabled={!compare.is_running()} onclick={act.reform(|_| CompareAction::CancelAll)}>{ "Cancel all" }</button>
                    <label for="add-algorithm">{ "add" }</label>
                    <select id="add-algorithm" onchange={pick}>
                        { for Algorithm::ALL.iter().map(|a| html! {
                            <option value={a.id()} selected={*a == *adding}>{ a.id() }</option>
                        }) }
                    </select>
                    <button id="add" disabled={full} onclick={add}>{ "Add" }</button>
                    if full {
                        <span id="add-limit" class="meta">
                            { format!("At most {MAX_COMPARE} configurations side by side: remove one to add another.") }
                        </span>
                    }
                </div>
                <div class="buttons" role="toolbar" aria-label="playback">
                    if compare.playing {
                        <button id="pause" onclick={act.reform(|_| CompareAction::Pause)}>{ "Pause" }</button>
                    } else {
                        <button id="play" onclick={act.reform(|_| CompareAction::Play)}>{ "Play" }</button>
                    }
                    <label><input type="radio" name="pace" id="pace-shared" checked={compare.pace == Pace::Shared}
                        onchange={act.reform(|_| CompareAction::SetPace(Pace::Shared))} />{ " same fraction of each run" }</label>
                    <label><input type="radio" name="pace" id="pace-own" checked={compare.pace == Pace::Own}
                        onchange={act.reform(|_| CompareAction::SetPace(Pace::Own))} />{ " each at its own pace" }</label>
                </div>
                <label for="compare-scrub">{ format!("position: {:.1} %", compare.position * 100.0) }</label>
                <input id="compare-scrub" type="range" min="0" max="1000" value={position.to_string()}
                    oninput={act.reform(|e: InputEvent| CompareAction::Seek(
                        e.target_unchecked_into::<HtmlInputElement>().value().parse().unwrap_or(0)))} />
                <label for="speed">{ "speed" }</label>
                <input id="speed" type="range" min="0" max="100" value={compare.speed.to_string()}
                    oninput={act.reform(|e: InputEvent| CompareAction::Speed(
                        e.target_unchecked_into::<HtmlInputElement>().value().parse().unwrap_or(60)))} />
                <label for="share">{ "Share link" }</label>
                <input id="share" type="text" readonly=true value={share} />
            </section>
            // Its own horizontal scroll on a phone: the page stays as wide as the screen.
            <div class="table-scroll">
                <CompareTable rows={rows(&compare)} sort={compare.sort} dispatch={act.clone()} />
            </div>
            <section class="lanes">
                { for compare.lanes.iter().map(|lane| html! {
                    <figure class="lane" data-algorithm={lane.entry.algorithm.id()} data-outcome={lane.outcome()}>
                        <figcaption>
                            <strong>{ lane.label() }</strong>
                            { format!(" · {} · event {} / {}", lane.outcome().replace('-', " "), lane.timeline.cursor(), lane.timeline.len()) }
                        </figcaption>
                        <Board size={size} values={lane.timeline.values().to_vec()} givens={givens.clone()}
                            candidates={None::<Vec<u32>>} current={lane.timeline.current_cell()} bad={Vec::<usize>::new()}
                            selected={usize::MAX} on_key={Callback::noop()} on_select={Callback::noop()}
                            on_paste={Callback::noop()} read_only=true />
                    </figure>
                }) }
            </section>
            <section class="charts">
                { for compare.charts().into_iter().map(|progress| html! { <RunChart progress={progress} /> }) }
            </section>
        </main>
    }
}
