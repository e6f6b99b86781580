//! An experiment report's charts as inline SVG: a heat map (a value per cell, darker = larger,
//! the value written in it), grouped bars (linear or logarithmic axis) and box plots (whiskers
//! min–max, box quartiles, a line at the median). Groups run along the x axis; a wide chart
//! scrolls sideways in its frame.

use sudoku_core::experiment::{BoxSeries, Chart, FiveNumbers, Series};
use yew::prelude::*;

const CELL_W: f64 = 52.0;
const CELL_H: f64 = 20.0;
const LABEL_W: f64 = 64.0;
const HEAD_H: f64 = 22.0;
const PLOT_H: f64 = 160.0;
const AXIS_W: f64 = 44.0;
/// Room under the plot for the group labels (written at an angle).
const GROUP_LABEL_H: f64 = 56.0;
const BAR_W: f64 = 9.0;
const GROUP_GAP: f64 = 8.0;
/// Room right of the plot for the last group labels, written at an angle.
const LABEL_OVERHANG: f64 = 60.0;

#[derive(Properties, PartialEq)]
pub struct ReportChartProps {
    pub chart: Chart,
}

#[function_component(ReportChart)]
pub fn report_chart(props: &ReportChartProps) -> Html {
    let body = match &props.chart {
        Chart::HeatMap {
            rows,
            columns,
            values,
            max,
            unit,
            ..
        } => heat_map(rows, columns, values, *max, unit),
        Chart::Bars {
            groups,
            series,
            unit,
            log_scale,
            ..
        } => bars(groups, series, unit, *log_scale),
        Chart::Boxes {
            groups,
            series,
            unit,
            ..
        } => boxes(groups, series, unit),
    };
    html! {
        <figure class="report-chart">
            <figcaption>{ props.chart.title() }</figcaption>
            <div class="chart-frame">{ body }</div>
        </figure>
    }
}

/// A short number for a label.
fn short(v: f64) -> String {
    if v.abs() >= 100.0 || v.fract() == 0.0 {
        format!("{v:.0}")
    } else if v.abs() >= 1.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.3}")
    }
}

fn heat_map(
    rows: &[String],
    columns: &[String],
    values: &[Vec<Option<f64>>],
    max: f64,
    unit: &str,
) -> Html {
    let width = LABEL_W + CELL_W * columns.len() as f64;
    let height = HEAD_H + CELL_H * rows.len() as f64;
    let cells = rows.iter().enumerate().flat_map(|(r, _)| {
        columns.iter().enumerate().map(move |(c, _)| {
            let value = values.get(r).and_then(|row| row.get(c)).copied().flatten();
            let (x, y) = (LABEL_W + CELL_W * c as f64, HEAD_H + CELL_H * r as f64);
            // Lightness from 96 % (0) to 28 % (max): readable text on both ends.
            let share = value.map_or(0.0, |v| (v / max.max(f64::EPSILON)).clamp(0.0, 1.0));
            let fill = match value {
                Some(_) => format!("hsl(205, 65%, {:.0}%)", 96.0 - 68.0 * share),
                None => "none".into(),
            };
            let text = value.map(short).unwrap_or_else(|| "·".into());
            let dark = share > 0.55;
            html! {
                <g class="heat-cell" data-value={value.map(|v| v.to_string()).unwrap_or_default()}>
                    <rect x={x.to_string()} y={y.to_string()} width={(CELL_W - 2.0).to_string()}
                        height={(CELL_H - 2.0).to_string()} fill={fill} class="heat" />
                    <text x={(x + CELL_W / 2.0 - 1.0).to_string()} y={(y + CELL_H / 2.0 + 3.0).to_string()}
                        text-anchor="middle" class={classes!(dark.then_some("on-dark"))}>{ text }</text>
                </g>
            }
        })
    });
    html! {
        <svg class="heat-map" width={width.to_string()} height={height.to_string()}
            viewBox={format!("0 0 {width} {height}")} role="img"
            aria-label={format!("heat map, {} rows × {} columns, values in {unit} up to {}", rows.len(), columns.len(), short(max))}>
            { for columns.iter().enumerate().map(|(c, name)| html! {
                <text x={(LABEL_W + CELL_W * c as f64 + CELL_W / 2.0).to_string()} y={(HEAD_H - 7.0).to_string()}
                    text-anchor="middle">{ name.clone() }</text>
            }) }
            { for rows.iter().enumerate().map(|(r, name)| html! {
                <text x={(LABEL_W - 6.0).to_string()} y={(HEAD_H + CELL_H * r as f64 + CELL_H / 2.0 + 3.0).to_string()}
                    text-anchor="end">{ name.clone() }</text>
            }) }
            { for cells }
        </svg>
    }
}

/// The y axis: from values to pixels, and its end labels.
struct Axis {
    low: f64,
    high: f64,
    log: bool,
}

impl Axis {
    fn new(values: impl Iterator<Item = f64>, log: bool) -> Axis {
        let (mut low, mut high) = (f64::MAX, f64::MIN);
        for v in values.filter(|v| v.is_finite() && (!log || *v > 0.0)) {
            low = low.min(v);
            high = high.max(v);
        }
        if low > high {
            (low, high) = (0.0, 1.0);
        }
        if log {
            // Whole decades.
            Axis {
                low: 10f64.powf(low.log10().floor()),
                high: 10f64.powf(high.log10().ceil().max(low.log10().floor() + 1.0)),
                log,
            }
        } else {
            Axis {
                low: low.min(0.0),
                high: high.max(low + f64::EPSILON).max(1.0),
                log,
            }
        }
    }

    /// Pixels from the plot's top.
    fn y(&self, v: f64) -> f64 {
        let share = if self.log {
            (v.max(self.low).log10() - self.low.log10()) / (self.high.log10() - self.low.log10())
        } else {
            (v - self.low) / (self.high - self.low)
        };
        HEAD_H + (1.0 - share.clamp(0.0, 1.0)) * PLOT_H
    }

    fn frame(&self, width: f64, unit: &str) -> Html {
        let bottom = HEAD_H + PLOT_H;
        html! {
            <>
                <line class="axis" x1={AXIS_W.to_string()} y1={HEAD_H.to_string()} x2={AXIS_W.to_string()} y2={bottom.to_string()} />
                <line class="axis" x1={AXIS_W.to_string()} y1={bottom.to_string()} x2={width.to_string()} y2={bottom.to_string()} />
                <text x={(AXIS_W - 4.0).to_string()} y={(HEAD_H + 4.0).to_string()} text-anchor="end">{ short(self.high) }</text>
                <text x={(AXIS_W - 4.0).to_string()} y={bottom.to_string()} text-anchor="end">{ short(self.low) }</text>
                <text x="2" y={(HEAD_H - 8.0).to_string()}>{ unit.to_string() }</text>
            </>
        }
    }
}

/// Group labels under the plot, at an angle so long names fit (down to the right: the chart
/// keeps [`LABEL_OVERHANG`] to its right for the last ones).
fn group_labels(groups: &[String], group_w: f64) -> Html {
    let y = HEAD_H + PLOT_H + 8.0;
    html! {
        { for groups.iter().enumerate().map(|(g, name)| {
            let x = AXIS_W + GROUP_GAP + group_w * g as f64 + (group_w - GROUP_GAP) / 2.0;
            html! {
                <text x={x.to_string()} y={y.to_string()} text-anchor="start"
                    transform={format!("rotate(40 {x} {y})")}>{ name.clone() }</text>
            }
        }) }
    }
}

fn legend(names: impl Iterator<Item = String>) -> Html {
    html! {
        <ul class="legend">
            { for names.enumerate().map(|(k, name)| html! { <li class={format!("series-{k}")}>{ name }</li> }) }
        </ul>
    }
}

fn bars(groups: &[String], series: &[Series], unit: &str, log: bool) -> Html {
    let axis = Axis::new(
        series
            .iter()
            .flat_map(|s| s.values.iter().flatten().copied()),
        log,
    );
    let group_w = BAR_W * series.len() as f64 + GROUP_GAP;
    let plot_right = AXIS_W + GROUP_GAP + group_w * groups.len() as f64;
    let width = plot_right + LABEL_OVERHANG;
    let height = HEAD_H + PLOT_H + GROUP_LABEL_H;
    let bottom = HEAD_H + PLOT_H;
    let rects = series.iter().enumerate().flat_map(|(k, s)| {
        let axis = &axis;
        s.values.iter().enumerate().filter_map(move |(g, v)| {
            let v = (*v)?;
            let x = AXIS_W + GROUP_GAP + group_w * g as f64 + BAR_W * k as f64;
            let top = axis.y(v);
            Some(html! {
                <rect class={format!("bar series-{k}")} x={x.to_string()} y={top.to_string()}
                    width={(BAR_W - 1.0).to_string()} height={(bottom - top).max(0.5).to_string()}>
                    <title>{ format!("{}: {} {unit}", s.name, short(v)) }</title>
                </rect>
            })
        })
    });
    html! {
        <>
            <svg class="bars" width={width.to_string()} height={height.to_string()}
                viewBox={format!("0 0 {width} {height}")} role="img"
                aria-label={format!("bar chart, {} groups, {} series, in {unit}", groups.len(), series.len())}>
                { axis.frame(plot_right, unit) }
                { for rects }
                { group_labels(groups, group_w) }
            </svg>
            { legend(series.iter().map(|s| s.name.clone())) }
        </>
    }
}

fn boxes(groups: &[String], series: &[BoxSeries], unit: &str) -> Html {
    let all = series
        .iter()
        .flat_map(|s| s.boxes.iter().flatten().flat_map(|b| [b.min, b.max]));
    let axis = Axis::new(all, false);
    let box_w = BAR_W + 3.0;
    let group_w = box_w * series.len() as f64 + GROUP_GAP;
    let plot_right = AXIS_W + GROUP_GAP + group_w * groups.len() as f64;
    let width = plot_right + LABEL_OVERHANG;
    let height = HEAD_H + PLOT_H + GROUP_LABEL_H;
    let shapes = series.iter().enumerate().flat_map(|(k, s)| {
        let axis = &axis;
        s.boxes.iter().enumerate().filter_map(move |(g, b)| {
            let FiveNumbers { min, q1, median, q3, max } = (*b)?;
            let x = AXIS_W + GROUP_GAP + group_w * g as f64 + box_w * k as f64;
            let mid = x + (box_w - 2.0) / 2.0;
            let label = format!(
                "{}: min {}, quartiles {} – {}, median {}, max {} {unit}",
                s.name, short(min), short(q1), short(q3), short(median), short(max)
            );
            Some(html! {
                <g class={format!("box series-{k}")}>
                    <title>{ label }</title>
                    <line x1={mid.to_string()} x2={mid.to_string()} y1={axis.y(max).to_string()} y2={axis.y(min).to_string()} />
                    <rect x={x.to_string()} y={axis.y(q3).to_string()} width={(box_w - 2.0).to_string()}
                        height={(axis.y(q1) - axis.y(q3)).max(1.0).to_string()} />
                    <line class="median" x1={x.to_string()} x2={(x + box_w - 2.0).to_string()}
                        y1={axis.y(median).to_string()} y2={axis.y(median).to_string()} />
                </g>
            })
        })
    });
    html! {
        <>
            <svg class="boxes" width={width.to_string()} height={height.to_string()}
                viewBox={format!("0 0 {width} {height}")} role="img"
                aria-label={format!("box plots, {} groups, {} series, in {unit}", groups.len(), series.len())}>
                { axis.frame(plot_right, unit) }
                { for shapes }
                { group_labels(groups, group_w) }
            </svg>
            { legend(series.iter().map(|s| s.name.clone())) }
        </>
    }
}
