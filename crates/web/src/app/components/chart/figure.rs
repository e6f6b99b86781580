//! A report's line chart drawn as a paper's figure: both axes labelled with what they measure,
//! ticks with their values (1-2-5 steps on a linear axis, decades on a logarithmic one), light
//! grid lines, each line with its interval band, a legend of the configurations. The study's
//! ECDF and runtime distributions use the log axis; the lab's own run chart stays in `lines`
//! (the first load carries that one only).

use sudoku_core::report::Line;
use yew::prelude::*;

const WIDTH: f64 = 560.0;
const HEIGHT: f64 = 300.0;
const LEFT: f64 = 52.0;
const BOTTOM: f64 = 40.0;
const TOP: f64 = 10.0;
const RIGHT: f64 = 14.0;

/// The axis of x: its ends and, on a log axis, the map through log10.
struct Axis {
    low: f64,
    high: f64,
    log: bool,
}

impl Axis {
    /// Over the lines' x (and their bands'); a log axis runs from the decade at or below the
    /// smallest positive x to the decade at or above the largest, and x ≤ 0 sits at its left.
    fn of(series: &[Line], log: bool) -> Axis {
        let xs = series.iter().flat_map(|s| {
            s.points
                .iter()
                .map(|p| p.0)
                .chain(s.band.iter().map(|b| b.0))
        });
        let (mut low, mut high) = (f64::MAX, f64::MIN);
        for x in xs.filter(|x| x.is_finite() && (!log || *x > 0.0)) {
            low = low.min(x);
            high = high.max(x);
        }
        if low > high {
            (low, high) = (if log { 1.0 } else { 0.0 }, 1.0);
        }
        if log {
            low = 10f64.powf(low.log10().floor());
            high = 10f64.powf(high.log10().ceil()).max(low * 10.0);
        } else if high <= low {
            high = low + 1.0;
        }
        Axis { low, high, log }
    }

    /// Where `x` lies between the ends, 0 to 1.
    fn share(&self, x: f64) -> f64 {
        if self.log {
            let x = x.max(self.low);
            (x.log10() - self.low.log10()) / (self.high.log10() - self.low.log10())
        } else {
            (x - self.low) / (self.high - self.low)
        }
    }

    /// The ticks and their labels: each decade on a log axis, 1-2-5 steps on a linear one.
    fn ticks(&self) -> Vec<(f64, String)> {
        if self.log {
            let mut out = Vec::new();
            let mut x = self.low;
            while x <= self.high * 1.000_001 {
                out.push((x, short_count(x)));
                x *= 10.0;
            }
            return out;
        }
        linear_ticks(self.low, self.high)
    }
}

/// Ticks at a 1-2-5 step giving about five intervals from `low` to `high`.
fn linear_ticks(low: f64, high: f64) -> Vec<(f64, String)> {
    let rough = (high - low) / 5.0;
    let decade = 10f64.powf(rough.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * decade)
        .find(|s| *s >= rough)
        .unwrap_or(decade * 10.0);
    let mut out = Vec::new();
    let mut k = (low / step).ceil();
    while k * step <= high + step * 1e-9 {
        let x = k * step;
        out.push((x, label(x, step)));
        k += 1.0;
    }
    out
}

/// A tick's value at the precision its step needs.
fn label(x: f64, step: f64) -> String {
    let decimals = if step >= 1.0 {
        0
    } else {
        (-step.log10().floor()) as usize
    };
    format!("{x:.decimals$}")
}

/// 1, 10, 100, 1k, 10k, 100k, 1M…: a decade's label.
fn short_count(x: f64) -> String {
    match x {
        x if x >= 1e9 => format!("{:.0}G", x / 1e9),
        x if x >= 1e6 => format!("{:.0}M", x / 1e6),
        x if x >= 1e3 => format!("{:.0}k", x / 1e3),
        x if x >= 1.0 => format!("{x:.0}"),
        x => format!("{x}"),
    }
}

/// The y range: from 0 (or below, where a value is) to the largest value, up to 1 when every
/// value is a share.
fn y_range(series: &[Line]) -> (f64, f64) {
    let ys = series
        .iter()
        .flat_map(|s| {
            s.points
                .iter()
                .map(|p| p.1)
                .chain(s.band.iter().flat_map(|b| [b.1, b.2]))
        })
        .filter(|y| y.is_finite());
    let (mut low, mut high) = (0.0f64, f64::MIN);
    for y in ys {
        low = low.min(y);
        high = high.max(y);
    }
    if high <= 1.0 {
        high = 1.0;
    }
    (low, high)
}

pub(super) fn figure(x_label: &str, y_label: &str, log_x: bool, series: &[Line]) -> Html {
    let axis = Axis::of(series, log_x);
    let (y_low, y_high) = y_range(series);
    let px = |x: f64| LEFT + axis.share(x) * (WIDTH - LEFT - RIGHT);
    let py = |y: f64| TOP + (1.0 - (y - y_low) / (y_high - y_low)) * (HEIGHT - TOP - BOTTOM);
    let point = |x: f64, y: f64| format!("{:.1},{:.1}", px(x), py(y));
    let (bottom, right) = (HEIGHT - BOTTOM, WIDTH - RIGHT);
    let x_ticks = axis.ticks().into_iter().map(|(x, text)| {
        let at = format!("{:.1}", px(x));
        html! { <>
            <line class="grid" x1={at.clone()} y1={TOP.to_string()} x2={at.clone()} y2={bottom.to_string()} />
            <text x={at} y={(bottom + 14.0).to_string()} text-anchor="middle">{ text }</text>
        </> }
    });
    let y_ticks = linear_ticks(y_low, y_high).into_iter().map(|(y, text)| {
        let at = format!("{:.1}", py(y));
        html! { <>
            <line class="grid" x1={LEFT.to_string()} y1={at.clone()} x2={right.to_string()} y2={at.clone()} />
            <text x={(LEFT - 5.0).to_string()} y={at} dy="3" text-anchor="end">{ text }</text>
        </> }
    });
    let bands = series
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.band.is_empty())
        .map(|(k, s)| {
            let outline: Vec<String> = s
                .band
                .iter()
                .map(|&(x, _, high)| point(x, high))
                .chain(s.band.iter().rev().map(|&(x, low, _)| point(x, low)))
                .collect();
            html! { <polygon class={format!("band series-{k}")} points={outline.join(" ")} /> }
        });
    let lines = series.iter().enumerate().map(|(k, s)| {
        let points: Vec<String> = s.points.iter().map(|&(x, y)| point(x, y)).collect();
        html! { <polyline class={format!("series-{k}")} data-series={s.name.clone()}
        points={points.join(" ")} fill="none" /> }
    });
    let legend = series.iter().enumerate().map(|(k, s)| {
        html! { <li class={format!("series-{k}")}>{ s.name.clone() }</li> }
    });
    let middle = (LEFT + right) / 2.0;
    let y_middle = (TOP + bottom) / 2.0;
    html! {
        <div class="progress-chart figure">
            <svg viewBox={format!("0 0 {WIDTH} {HEIGHT}")} role="img" data-log-x={log_x.to_string()}
                aria-label={format!("{y_label} against {x_label}{}", if log_x { " (logarithmic)" } else { "" })}>
                { for x_ticks }
                { for y_ticks }
                <line class="axis" x1={LEFT.to_string()} y1={bottom.to_string()} x2={right.to_string()} y2={bottom.to_string()} />
                <line class="axis" x1={LEFT.to_string()} y1={TOP.to_string()} x2={LEFT.to_string()} y2={bottom.to_string()} />
                { for bands }
                { for lines }
                <text class="axis-label" x={middle.to_string()} y={(HEIGHT - 4.0).to_string()} text-anchor="middle">
                    { format!("{x_label}{}", if log_x { ", log scale" } else { "" }) }
                </text>
                <text class="axis-label" text-anchor="middle"
                    transform={format!("translate(12 {y_middle:.1}) rotate(-90)")}>{ y_label.to_string() }</text>
            </svg>
            <ul class="legend">{ for legend }</ul>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(points: &[(f64, f64)]) -> Line {
        Line {
            name: "a".into(),
            points: points.to_vec(),
            band: Vec::new(),
        }
    }

    #[test]
    fn a_log_axis_runs_from_decade_to_decade_and_puts_zero_at_its_left_end() {
        let axis = Axis::of(&[line(&[(0.0, 0.0), (3.0, 0.5), (4_200.0, 1.0)])], true);
        assert_eq!((axis.low, axis.high), (1.0, 10_000.0));
        let ticks: Vec<String> = axis.ticks().into_iter().map(|t| t.1).collect();
        assert_eq!(ticks, ["1", "10", "100", "1k", "10k"]);
        assert_eq!(axis.share(0.0), 0.0);
        assert!((axis.share(100.0) - 0.5).abs() < 1e-12);
    }

    #[test]
    fn linear_ticks_step_by_one_two_or_five() {
        let ticks: Vec<String> = linear_ticks(0.0, 1.0).into_iter().map(|t| t.1).collect();
        assert_eq!(ticks, ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"]);
        let ticks: Vec<String> = linear_ticks(28.0, 40.0).into_iter().map(|t| t.1).collect();
        assert_eq!(ticks, ["30", "35", "40"]);
    }
}
