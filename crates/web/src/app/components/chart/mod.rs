//! The one chart drawer: a [`Chart`] of the core's chart model as inline SVG. A run's progress
//! in `lines`; a report's lines (a rate over difficulty with its interval band, runtime
//! distributions and ECDFs on a log axis) as a paper's figure in `figure`; a heat map (a value per
//! cell, darker = larger, the value written in it) in `heat_map`; grouped bars (linear or
//! logarithmic) and box plots (whiskers min–max, box quartiles, a line at the median) in `bars`,
//! groups along the x axis, a wide chart shrunk to its frame (scrolling sideways past a limit).

mod bars;
mod figure;
mod heat_map;
mod lines;

use sudoku_core::report::Chart as ChartModel;

use crate::model::timeline::Progress;
use yew::prelude::*;

const LABEL_W: f64 = 64.0;
const HEAD_H: f64 = 22.0;

#[derive(Properties, PartialEq)]
pub struct ChartProps {
    pub chart: ChartModel,
}

#[function_component(Chart)]
pub fn chart(props: &ChartProps) -> Html {
    let body = match &props.chart {
        ChartModel::Lines {
            x_label,
            y_label,
            log_x,
            series,
            ..
        } => figure::figure(x_label, y_label, *log_x, series),
        ChartModel::HeatMap {
            rows,
            columns,
            values,
            max,
            unit,
            ..
        } => heat_map::heat_map(rows, columns, values, *max, unit),
        ChartModel::Bars {
            groups,
            series,
            unit,
            log_scale,
            ..
        } => bars::bars(groups, series, unit, *log_scale),
        ChartModel::Boxes {
            groups,
            series,
            unit,
            ..
        } => bars::boxes(groups, series, unit),
    };
    html! {
        <figure class="report-chart">
            <figcaption>{ props.chart.title() }</figcaption>
            <div class="chart-frame">{ body }</div>
        </figure>
    }
}

#[derive(Properties, PartialEq)]
pub struct RunChartProps {
    pub progress: Progress,
}

/// A run's progress: its lines over the whole run, each faded past its playback place. Its own
/// component, so the lab's first load carries the line drawer only, not the reports' charts.
#[function_component(RunChart)]
pub fn run_chart(props: &RunChartProps) -> Html {
    let progress = &props.progress;
    lines::lines(
        progress.title,
        progress.x_label,
        &progress.lines(),
        &progress.cursors(),
    )
}

/// How wide a chart of `width` pixels is drawn: shrunk to fit its frame, down to
/// [`SHRINK_LIMIT`] of its size (labels stay legible); narrower than that, the frame scrolls.
pub(super) fn fit_width(width: f64) -> String {
    format!(
        "max-width: 100%; min-width: {:.0}px; height: auto",
        width * SHRINK_LIMIT
    )
}

const SHRINK_LIMIT: f64 = 0.6;

/// A short number for a label.
pub(super) fn short(v: f64) -> String {
    if v.abs() >= 100.0 || v.fract() == 0.0 {
        format!("{v:.0}")
    } else if v.abs() >= 1.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.3}")
    }
}
