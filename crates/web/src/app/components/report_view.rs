//! An experiment's report: its title and notes, its charts, and its tables, each with a CSV
//! download (the same CSV the CLI writes). Long tables show their first rows until asked for all,
//! so a report refreshed every second stays cheap to draw.

use std::collections::BTreeSet;

use sudoku_core::report::{Report, Table};
use yew::prelude::*;

use super::chart::Chart;
use crate::app::browser::save_file;
use crate::model::paper_words;

/// Notes shown as they are; more fold under "The findings in words".
const FINDINGS_SHOWN: usize = 4;

/// Rows a table shows before "show all".
const ROWS_SHOWN: usize = 60;

#[derive(Properties, PartialEq)]
pub struct ReportViewProps {
    pub report: Report,
}

#[function_component(ReportView)]
pub fn report_view(props: &ReportViewProps) -> Html {
    let expanded = use_state(BTreeSet::<String>::new);
    let report = &props.report;
    let table = |table: &Table| {
        let csv = {
            let (name, text) = (format!("{}.csv", table.name), table.csv());
            Callback::from(move |_: MouseEvent| {
                // A browser that refuses downloads leaves the table on the page to copy.
                let _ = save_file(&name, &text);
            })
        };
        let all = expanded.contains(&table.name);
        let shown = if all {
            table.rows.len()
        } else {
            table.rows.len().min(ROWS_SHOWN)
        };
        let show_all = {
            let (expanded, name) = (expanded.clone(), table.name.clone());
            Callback::from(move |_: MouseEvent| {
                let mut set = (*expanded).clone();
                set.insert(name.clone());
                expanded.set(set);
            })
        };
        html! {
            <section class="report-table" data-table={table.name.clone()} data-rows={table.rows.len().to_string()}>
                <h3>{ table.title.clone() }</h3>
                <button class="csv" data-csv={table.name.clone()} onclick={csv}>
                    { format!("Download {}.csv", table.name) }
                </button>
                <div class="table-frame">
                    <table>
                        <thead><tr>{ for table.columns.iter().map(|c| html! { <th scope="col">{ c.clone() }</th> }) }</tr></thead>
                        <tbody>
                            { for table.rows.iter().take(shown).map(|row| html! {
                                <tr>{ for row.iter().zip(&table.columns).map(|(cell, column)| match paper_words::of_cell(column, cell) {
                                    Some(words) => html! { <td><abbr title={words}>{ cell.clone() }</abbr></td> },
                                    None => html! { <td>{ cell.clone() }</td> },
                                }) }</tr>
                            }) }
                        </tbody>
                    </table>
                </div>
                if shown < table.rows.len() {
                    <button class="show-all" onclick={show_all}>
                        { format!("Show all {} rows", table.rows.len()) }
                    </button>
                }
            </section>
        }
    };
    // The pictures first, as a paper's figures; a long list of findings in words (a study's
    // pairwise sentences) folds away under its first line.
    let (lead, rest) = report
        .notes
        .split_first()
        .map_or((None, &[][..]), |(l, r)| (Some(l), r));
    let notes = html! { <ul class="notes">
        { for rest.iter().map(|n| html! { <li>{ n.clone() }</li> }) }
        <li>{ "The abbreviations and terms of the papers and the tables are in " }
            <a class="glossary" href="help.html#glossary">{ "the glossary" }</a>{ "." }</li>
    </ul> };
    html! {
        <article class="report">
            <h2>{ report.title.clone() }</h2>
            if let Some(lead) = lead {
                <p class="lead">{ lead.clone() }</p>
            }
            <div class="report-charts">
                { for report.charts.iter().map(|c| html! { <Chart chart={c.clone()} /> }) }
            </div>
            if rest.len() > FINDINGS_SHOWN {
                <details class="findings">
                    <summary>{ format!("The findings in words ({})", rest.len()) }</summary>
                    { notes }
                </details>
            } else {
                { notes }
            }
            { for report.tables.iter().map(table) }
        </article>
    }
}
