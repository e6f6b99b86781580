//! Lines over a numeric x axis, each with its interval band where it has one: a heuristic run's
//! progress (cost and best per iteration or temperature step, fitness per generation, cells
//! coloured per failed construction) over the whole run received, faded past the playback
//! cursor, or a rate over difficulty.

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

type Point = (f64, f64);

/// The points of a line up to its playback place and from it (both hold the point at it, so
/// the two parts join); all of them "up to" where the line has no place.
fn split_at(points: &[Point], at: Option<Option<f64>>) -> (&[Point], &[Point]) {
    match at {
        None => (points, &[]),
        Some(at) => {
            let done = at.map_or(0, |a| points.partition_point(|p| p.0 <= a));
            (&points[..done], &points[done.saturating_sub(1)..])
        }
    }
}

pub(super) fn lines(title: &str, x_label: &str, series: &[Line], at: &[Option<f64>]) -> Html {
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
    let path = |points: &[(f64, f64)]| -> String {
        let points: Vec<String> = points
            .iter()
            .map(|&(x, y)| format!("{:.1},{:.1}", px(x), py(y)))
            .collect();
        points.join(" ")
    };
    let parts: Vec<_> = series
        .iter()
        .enumerate()
        .map(|(k, s)| split_at(&s.points, at.get(k).copied()))
        .collect();
    let polylines = series.iter().zip(&parts).enumerate().map(|(k, (s, (done, ahead)))| {
        html! { <>
            <polyline class={format!("series-{k}")} data-series={s.name.clone()}
                points={path(done)} fill="none" />
            if ahead.len() > 1 {
                <polyline class={format!("series-{k} ahead")} points={path(ahead)} fill="none" />
            }
        </> }
    });
    // The playback place: a line across the chart where every line is at the same x (a run's
    // own chart), else a dot on each line.
    let places: Vec<(usize, f64, f64)> = parts
        .iter()
        .enumerate()
        .filter(|&(k, _)| at.get(k).copied().flatten().is_some())
        .filter_map(|(k, (done, _))| done.last().map(|&(x, y)| (k, x, y)))
        .collect();
    let one_place = places.len() == series.len()
        && places.windows(2).all(|w| w[0].1 == w[1].1)
        && !places.is_empty();
    let cursor = if one_place {
        let x = format!("{:.1}", px(places[0].1));
        html! { <line class="cursor" x1={x.clone()} y1={TOP.to_string()} x2={x} y2={(HEIGHT - BOTTOM).to_string()} /> }
    } else {
        let dots = places.iter().map(|&(k, x, y)| html! {
            <circle class={format!("cursor series-{k}")} cx={format!("{:.1}", px(x))} cy={format!("{:.1}", py(y))} r="2.5" />
        });
        html! { { for dots } }
    };
    // Each line's last drawn value, said as what it is where the title names it ("cost per
    // temperature step": "best: cost 12"), not a bare number after the name.
    // (A byte search: `str::split_once` brings a substring searcher's code to the first load.)
    let quantity = title
        .as_bytes()
        .windows(5)
        .position(|w| w == b" per ")
        .map_or(String::new(), |at| format!(" {}", &title[..at]));
    let legend = series.iter().zip(&parts).enumerate().map(|(k, (s, (done, _)))| {
        let last = done.last().map(|&(_, y)| label(y)).unwrap_or_default();
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
                    { cursor }
                }
            </svg>
            <ul class="legend">{ for legend }</ul>
        </figure>
    }
}
