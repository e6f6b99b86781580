//! Lines over a numeric x axis, each with its interval band where it has one: a heuristic run's
//! progress (cost and best per iteration or temperature step, fitness per generation, cells
//! coloured per failed construction) up to the playback cursor, or a rate over difficulty.

use sudoku_core::report::Line;
use yew::prelude::*;

const WIDTH: f64 = 320.0;
const HEIGHT: f64 = 150.0;
/// Room for the axis labels.
const LEFT: f64 = 34.0;
const BOTTOM: f64 = 18.0;
const TOP: f64 = 6.0;
const RIGHT: f64 = 6.0;

/// A number as an axis or legend label: whole numbers plainly, fractions truncated to three
/// decimals (a fitness of 0.9996 reads 0.999: only a solution reads 1).
fn label(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e9 {
        format!("{v:.0}")
    } else {
        crate::model::narration::fitness(v as f32)
    }
}

/// The plotted ranges: every point and band; costs and counts start at 0, values within (0, 1]
/// (fitness, rates) are drawn up to 1.
fn ranges(series: &[Line]) -> Option<(f64, f64, f64, f64)> {
    let (mut x_min, mut x_max, mut y_min, mut y_max) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    let points = series.iter().flat_map(|s| {
        s.points
            .iter()
            .copied()
            .chain(s.band.iter().flat_map(|&(x, lo, hi)| [(x, lo), (x, hi)]))
    });
    for (x, y) in points.filter(|(x, y)| x.is_finite() && y.is_finite()) {
        x_min = x_min.min(x);
        x_max = x_max.max(x);
        y_min = y_min.min(y);
        y_max = y_max.max(y);
    }
    if x_min > x_max {
        return None;
    }
    if y_min > 0.0 && y_min < 1.0 && y_max <= 1.0 {
        y_max = 1.0;
    } else {
        y_min = y_min.min(0.0);
    }
    Some((x_min, x_max, y_min, y_max))
}

pub(super) fn lines(title: &str, x_label: &str, series: &[Line]) -> Html {
    let drawn = ranges(series);
    let (x_min, x_max, y_min, y_max) = drawn.unwrap_or((0.0, 1.0, 0.0, 1.0));
    let x_span = (x_max - x_min).max(1.0);
    let y_span = (y_max - y_min).max(f64::EPSILON);
    let px = |x: f64| LEFT + (x - x_min) / x_span * (WIDTH - LEFT - RIGHT);
    let py = |y: f64| TOP + (1.0 - (y - y_min) / y_span) * (HEIGHT - TOP - BOTTOM);
    let bands = series
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.band.is_empty())
        .map(|(k, s)| {
            let upper = s
                .band
                .iter()
                .map(|&(x, _, hi)| format!("{:.1},{:.1}", px(x), py(hi)));
            let lower = s
                .band
                .iter()
                .rev()
                .map(|&(x, lo, _)| format!("{:.1},{:.1}", px(x), py(lo)));
            let outline: Vec<String> = upper.chain(lower).collect();
            html! {
                <polygon class={format!("band series-{k}")} data-series={s.name.clone()}
                    points={outline.join(" ")} />
            }
        });
    let polylines = series.iter().enumerate().map(|(k, s)| {
        let points: Vec<String> = s
            .points
            .iter()
            .map(|&(x, y)| format!("{:.1},{:.1}", px(x), py(y)))
            .collect();
        html! {
            <polyline class={format!("series-{k}")} data-series={s.name.clone()}
                points={points.join(" ")} fill="none" />
        }
    });
    // Each line's last drawn value, said as what it is where the title names it ("cost per
    // temperature step": "best: cost 12"), not a bare number after the name.
    // (A byte search: `str::split_once` brings a substring searcher's code to the first load.)
    let quantity = title
        .as_bytes()
        .windows(5)
        .position(|w| w == b" per ")
        .map_or(String::new(), |at| format!(" {}", &title[..at]));
    let legend = series.iter().enumerate().map(|(k, s)| {
        let last = s.points.last().map(|&(_, y)| label(y)).unwrap_or_default();
        html! { <li class={format!("series-{k}")}>{ format!("{}:{quantity} {last}", s.name) }</li> }
    });
    html! {
        <figure class="progress-chart">
            <figcaption>{ title.to_string() }</figcaption>
            <svg viewBox={format!("0 0 {WIDTH} {HEIGHT}")} role="img"
                aria-label={format!("{title} from {x_label} {} to {}", label(x_min), label(x_max))}>
                <line class="axis" x1={LEFT.to_string()} y1={(HEIGHT - BOTTOM).to_string()}
                    x2={(WIDTH - RIGHT).to_string()} y2={(HEIGHT - BOTTOM).to_string()} />
                <line class="axis" x1={LEFT.to_string()} y1={TOP.to_string()}
                    x2={LEFT.to_string()} y2={(HEIGHT - BOTTOM).to_string()} />
                <text x={(LEFT - 3.0).to_string()} y={(TOP + 8.0).to_string()} text-anchor="end">{ label(y_max) }</text>
                <text x={(LEFT - 3.0).to_string()} y={(HEIGHT - BOTTOM).to_string()} text-anchor="end">{ label(y_min) }</text>
                <text x={LEFT.to_string()} y={(HEIGHT - 4.0).to_string()}>{ label(x_min) }</text>
                <text x={(WIDTH - RIGHT).to_string()} y={(HEIGHT - 4.0).to_string()} text-anchor="end">
                    { format!("{x_label} {}", label(x_max)) }
                </text>
                if drawn.is_some() {
                    { for bands }
                    { for polylines }
                }
            </svg>
            <ul class="legend">{ for legend }</ul>
        </figure>
    }
}
