//! Grouped bars (linear or logarithmic axis) and box plots (whiskers min–max, box quartiles, a
//! line at the median): groups run along the x axis.

use crate::maths::{log10, pow};
use sudoku_core::report::{BoxSeries, FiveNumbers, Series};
use yew::prelude::*;

use super::{fit_width, short, HEAD_H};

const PLOT_H: f64 = 160.0;
const AXIS_W: f64 = 44.0;
/// Room under the plot for the group labels (written at an angle).
const GROUP_LABEL_H: f64 = 56.0;
const BAR_W: f64 = 9.0;
const GROUP_GAP: f64 = 8.0;
/// Room right of the plot for the last group labels, written at an angle.
const LABEL_OVERHANG: f64 = 60.0;

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
                low: pow(10.0, log10(low).floor()),
                high: pow(10.0, log10(high).ceil().max(log10(low).floor() + 1.0)),
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
            (log10(v.max(self.low)) - log10(self.low)) / (log10(self.high) - log10(self.low))
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

pub(super) fn bars(groups: &[String], series: &[Series], unit: &str, log: bool) -> Html {
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
            <svg class="bars" width={width.to_string()} height={height.to_string()} style={fit_width(width)}
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

pub(super) fn boxes(groups: &[String], series: &[BoxSeries], unit: &str) -> Html {
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
            <svg class="boxes" width={width.to_string()} height={height.to_string()} style={fit_width(width)}
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
