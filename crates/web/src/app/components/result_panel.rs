//! The result of a run: the verifier's word (and uniqueness), the time in the worker and the
//! work counters its algorithm keeps; or that it is still running, or was cancelled.

use sudoku_core::{Algorithm, Status, WorkCounter};
use yew::prelude::*;

use crate::protocol::RunSummary;

#[derive(Properties, PartialEq)]
pub struct ResultPanelProps {
    pub algorithm: Algorithm,
    pub seed: u64,
    pub summary: Option<RunSummary>,
    pub cancelled: bool,
    /// Events received so far.
    pub received: usize,
}

/// The verdict line of a finished run.
fn verdict(summary: &RunSummary) -> String {
    let outcome = &summary.outcome;
    match (&outcome.status, &summary.verified) {
        (Status::Solved, Some(Ok(()))) => match summary.solutions {
            Some(c) if c.is_unique() => "solved, verified; the solution is unique".to_string(),
            Some(c) if c.count > 1 => {
                "solved, verified; this puzzle has several solutions, this is one of them"
                    .to_string()
            }
            _ => "solved, verified".to_string(),
        },
        (Status::Solved, Some(Err(e))) => format!("solved but NOT verified: {e}"),
        (Status::NoSolution, _) => "no solution: the givens admit no completion".to_string(),
        (status, _) => status.to_string(),
    }
}

#[function_component(ResultPanel)]
pub fn result_panel(props: &ResultPanelProps) -> Html {
    let Some(summary) = &props.summary else {
        return if props.cancelled {
            html! { <p id="status" class="warn" role="status">{ format!("cancelled after {} events", props.received) }</p> }
        } else {
            html! { <p id="status" class="running" role="status">{ format!("{} running in the worker…", props.algorithm.name()) }</p> }
        };
    };
    let outcome = &summary.outcome;
    let s = outcome.stats;
    html! {
        <fieldset class="metrics">
            <legend>{ "Result" }</legend>
            <p id="status" role="status" class={if outcome.is_solved() { "ok" } else { "warn" }}>{ verdict(summary) }</p>
            <table>
                <tr><th>{ "algorithm" }</th><td>{ props.algorithm.id() }</td></tr>
                <tr><th>{ "seed" }</th><td>{ props.seed }</td></tr>
                <tr><th>{ "time in the worker" }</th><td id="elapsed">{ format!("{:.1} ms", summary.elapsed_ms) }</td></tr>
                // The counters this algorithm keeps, in its words: no 0 that could be nothing else.
                { for WorkCounter::shown(props.algorithm.spec().counters, &s).into_iter().map(|c| html! {
                    <tr><th>{ c.name() }</th><td>{ c.of(&s) }</td></tr>
                }) }
                <tr><th>{ "events" }</th><td>{ format!("{} kept", summary.kept_events) }</td></tr>
            </table>
            if summary.dropped_events > 0 {
                <p id="capped" class="notice">{ format!(
                    "Long run: {} cell-level events past the first {} were not kept; the trace ends there, the result above is complete.",
                    summary.dropped_events, summary.kept_events) }</p>
            }
        </fieldset>
    }
}
