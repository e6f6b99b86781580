//! A heat map: a value per cell, darker = larger, the value written in it.

use yew::prelude::*;

use super::{short, HEAD_H, LABEL_W};

const CELL_W: f64 = 52.0;
const CELL_H: f64 = 20.0;

pub(super) fn heat_map(
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
                    text-anchor="end">{ name.clone() }
                    if let Some(words) = crate::model::paper_words::plain(name) {
                        <title>{ words }</title>
                    }
                </text>
            }) }
            { for cells }
        </svg>
    }
}
