//! The compare page's metrics table: one row per configuration (outcome, time in the worker,
//! nodes, iterations, restarts, generations, events), sortable by any column; each row can be
//! cancelled while it runs, or removed.

use yew::prelude::*;

use crate::model::compare::{Column, Compare, CompareAction};

#[derive(Properties, PartialEq)]
pub struct CompareTableProps {
    /// Per row, in table order: (lane index, algorithm id, label, outcome, running, metrics).
    pub rows: Vec<Row>,
    pub sort: (Column, bool),
    pub dispatch: Callback<CompareAction>,
}

#[derive(Clone, PartialEq)]
pub struct Row {
    pub lane: usize,
    pub algorithm: &'static str,
    pub label: String,
    pub outcome: &'static str,
    pub running: bool,
    pub metrics: Vec<Option<f64>>,
}

/// The rows of a comparison, in its sort order.
pub fn rows(compare: &Compare) -> Vec<Row> {
    compare
        .order()
        .into_iter()
        .map(|i| {
            let lane = &compare.lanes[i];
            Row {
                lane: i,
                algorithm: lane.entry.algorithm.id(),
                label: lane.label(),
                outcome: lane.outcome(),
                running: lane.is_running(),
                metrics: Column::ALL[2..].iter().map(|&c| lane.metric(c)).collect(),
            }
        })
        .collect()
}

fn number(v: Option<f64>) -> String {
    match v {
        None => "–".into(),
        Some(v) if v.fract() == 0.0 => format!("{v:.0}"),
        Some(v) => format!("{v:.1}"),
    }
}

#[function_component(CompareTable)]
pub fn compare_table(props: &CompareTableProps) -> Html {
    let d = &props.dispatch;
    let (sorted_by, descending) = props.sort;
    html! {
        <table id="compare-table" class="compare-table">
            <thead><tr>
                { for Column::ALL.iter().map(|&column| {
                    let sort = if column == sorted_by {
                        if descending { "descending" } else { "ascending" }
                    } else { "none" };
                    html! {
                        <th aria-sort={sort}>
                            <button class="sort" onclick={d.reform(move |_| CompareAction::Sort(column))}>
                                { column.title() }
                            </button>
                        </th>
                    }
                }) }
                <th><span class="sr-only">{ "actions" }</span></th>
            </tr></thead>
            <tbody>
                { for props.rows.iter().map(|row| {
                    let lane = row.lane;
                    html! {
                        <tr data-algorithm={row.algorithm}>
                            <td>{ row.label.clone() }</td>
                            <td data-outcome={row.outcome} class={format!("outcome {}", row.outcome)}>{ row.outcome.replace('-', " ") }</td>
                            { for row.metrics.iter().map(|&m| html! { <td class="number">{ number(m) }</td> }) }
                            <td>
                                if row.running {
                                    <button class="cancel-lane" aria-label={format!("cancel {}", row.label)}
                                        onclick={d.reform(move |_| CompareAction::Cancel(lane))}>{ "cancel" }</button>
                                }
                                <button aria-label={format!("remove {}", row.label)}
                                    onclick={d.reform(move |_| CompareAction::Remove(lane))}>{ "×" }</button>
                            </td>
                        </tr>
                    }
                }) }
            </tbody>
        </table>
    }
}
