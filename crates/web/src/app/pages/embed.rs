//! The embed page (`embed=1`): the board, the chosen view, the playback and the narration,
//! sized to its frame, for teaching pages. No editor; a link opens the same state in the full
//! lab. It tells its host page when it is ready, its height and how a run ended.

use yew::prelude::*;

use crate::app::browser::{query, share_link};
use crate::app::components::stage::{stage, Editing};
use crate::app::hooks::{use_lab, use_parent_notices};
use crate::app::pages::LabProps;
use crate::model::lab::Action;

/// The lab's props: here the aside is shown above the board.
#[function_component(Embed)]
pub fn embed_page(props: &LabProps) -> Html {
    let handle = use_lab(props.query.clone().unwrap_or_else(query));
    let outcome = handle.lab.borrow().run.as_ref().and_then(|r| r.outcome());
    use_parent_notices(outcome);
    let stage = stage(&handle, Editing::Off, &props.pointed);
    let lab = handle.lab.borrow();
    // "Open in Sudoku Lab": an embedded lesson opens as the lesson, at its step; a run opens
    // as itself, at its event.
    let page = query();
    let mut full = if page.lesson.is_some() || page.lesson_url.is_some() {
        page
    } else {
        lab.share_query()
    };
    // The full lab keeps the run and its stretch, with its controls.
    full.embed = false;
    full.controls = None;
    let status = match &lab.run {
        None => html! {
            <button id="run" class="primary" onclick={handle.act.reform(|_| Action::Run)}>
                { format!("Run {}", lab.algorithm.name()) }
            </button>
        },
        Some(run) => {
            let text = match run.outcome() {
                None => format!("{} running…", run.algorithm.name()),
                Some("verified") => "solved, verified".to_string(),
                Some("no-solution") => "no solution: the givens admit no completion".to_string(),
                Some(other) => other.replace('-', " "),
            };
            html! { <p id="status" role="status" data-outcome={run.outcome().unwrap_or("running")}>{ text }</p> }
        }
    };
    html! {
        <main class={classes!("embed")}>
            <header class="embed-head">
                <strong>{ lab.algorithm.name() }</strong>
                <a id="open-lab" href={share_link(&full)} target="_blank" rel="noopener">{ "Open in Sudoku Lab ↗" }</a>
            </header>
            if !lab.url_errors.is_empty() || lab.notice.is_some() || lab.input_error.is_some() {
                <div id="url-errors" class="notice url-errors" role="alert">
                    <ul>
                        { for lab.url_errors.iter().map(|e| html! { <li>{ e.clone() }</li> }) }
                        if let Some(e) = &lab.input_error { <li>{ format!("puzzle: {e}") }</li> }
                        if let Some(n) = &lab.notice { <li>{ n.clone() }</li> }
                    </ul>
                </div>
            }
            if let Some(aside) = &props.aside { { aside.clone() } }
            { status }
            { stage }
        </main>
    }
}
