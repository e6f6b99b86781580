//! The progress chart of a heuristic run: its series (cost and best per iteration or temperature
//! step, fitness per generation, cells coloured per failed construction) up to the playback
//! cursor, as an inline SVG line chart with its axes' ranges and a legend.

use yew::prelude::*;

use crate::model::timeline::Progress;

const WIDTH: f64 = 320.0;
const HEIGHT: f64 = 150.0;
/// Room for the axis labels.
const LEFT: f64 = 34.0;
const BOTTOM: f64 = 18.0;
const TOP: f64 = 6.0;
const RIGHT: f64 = 6.0;

#[derive(Properties, PartialEq)]
pub struct ChartProps {
    pub progress: Progress,
}

/// A number as an axis or legend label: whole numbers plainly, fractions truncated to three
/// decimals (a fitness of 0.9996 reads 0.999: only a solution reads 1).
fn label(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e9 {
        format!("{v:.0}")
    } else {
        crate::model::narration::fitness(v as f32)
    }
}

#[function_component(Chart)]
pub fn chart(props: &ChartProps) -> Html {
    let progress = &props.progress;
    let all = progress.series.iter().flat_map(|s| s.points.iter());
    let (mut x_min, mut x_max, mut y_min, mut y_max) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for &(x, y) in all {
        x_min = x_min.min(x);
        x_max = x_max.max(x);
        y_min = y_min.min(y);
        y_max = y_max.max(y);
    }
    let empty = x_min > x_max;
    if empty {
        (x_min, x_max, y_min, y_max) = (0.0, 1.0, 0.0, 1.0);
    }
    // Costs start at 0; fitness is drawn on its own range.
    if y_min > 0.0 && y_min < 1.0 && y_max <= 1.0 {
        y_max = 1.0;
    } else {
        y_min = y_min.min(0.0);
    }
    let x_span = (x_max - x_min).max(1.0);
    let y_span = (y_max - y_min).max(f64::EPSILON);
    let px = |x: f64| LEFT + (x - x_min) / x_span * (WIDTH - LEFT - RIGHT);
    let py = |y: f64| TOP + (1.0 - (y - y_min) / y_span) * (HEIGHT - TOP - BOTTOM);
    let lines = progress.series.iter().enumerate().map(|(k, series)| {
        let points: Vec<String> = series
            .points
            .iter()
            .map(|&(x, y)| format!("{:.1},{:.1}", px(x), py(y)))
            .collect();
        html! {
            <polyline class={format!("series-{k}")} data-series={series.name.clone()}
                points={points.join(" ")} fill="none" />
        }
    });
    let legend = progress.series.iter().enumerate().map(|(k, series)| {
        let last = series
            .points
            .last()
            .map(|&(_, y)| label(y))
            .unwrap_or_default();
        html! {
            <li class={format!("series-{k}")}>{ format!("{} {}", series.name, last) }</li>
        }
    });
    html! {
        <figure class="progress-chart">
            <figcaption>{ progress.title }</figcaption>
            <svg viewBox={format!("0 0 {WIDTH} {HEIGHT}")} role="img"
                aria-label={format!("{} from {} {} to {}", progress.title, progress.x_label, label(x_min), label(x_max))}>
                <line class="axis" x1={LEFT.to_string()} y1={(HEIGHT - BOTTOM).to_string()}
                    x2={(WIDTH - RIGHT).to_string()} y2={(HEIGHT - BOTTOM).to_string()} />
                <line class="axis" x1={LEFT.to_string()} y1={TOP.to_string()}
                    x2={LEFT.to_string()} y2={(HEIGHT - BOTTOM).to_string()} />
                <text x={(LEFT - 3.0).to_string()} y={(TOP + 8.0).to_string()} text-anchor="end">{ label(y_max) }</text>
                <text x={(LEFT - 3.0).to_string()} y={(HEIGHT - BOTTOM).to_string()} text-anchor="end">{ label(y_min) }</text>
                <text x={LEFT.to_string()} y={(HEIGHT - 4.0).to_string()}>{ label(x_min) }</text>
                <text x={(WIDTH - RIGHT).to_string()} y={(HEIGHT - 4.0).to_string()} text-anchor="end">
                    { format!("{} {}", progress.x_label, label(x_max)) }
                </text>
                if !empty { { for lines } }
            </svg>
            <ul class="legend">{ for legend }</ul>
        </figure>
    }
}
