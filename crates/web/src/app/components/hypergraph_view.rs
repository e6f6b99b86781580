//! The hypergraph view: one hyperedge per row, column and box (3n in all; a solution gives each
//! all n colours), drawn as regions over the cells or, as a toggle, as the bipartite graph of
//! cells and units. The units of the current event's cell are marked, and the unit it acts on
//! (when the algorithm names one) is highlighted.

use sudoku_core::{Size, UnitKind};
use yew::prelude::*;

use super::vertices::Vertices;
use crate::model::layout::{
    bipartite_width, drawn_incidences, extent, regions, unit_label, unit_node, vertex, GraphShape,
    ALL_EDGES_UP_TO,
};

#[derive(Properties, PartialEq)]
pub struct HypergraphViewProps {
    pub size: Size,
    pub values: Vec<u8>,
    pub givens: Vec<bool>,
    pub focus: Option<usize>,
    /// The unit the current event acts on, if the algorithm says.
    pub focus_unit: Option<usize>,
}

fn kind_class(kind: UnitKind) -> &'static str {
    match kind {
        UnitKind::Row => "row",
        UnitKind::Column => "column",
        UnitKind::Box => "box",
    }
}

#[function_component(HypergraphView)]
pub fn hypergraph_view(props: &HypergraphViewProps) -> Html {
    let bipartite = use_state(|| false);
    let size = props.size;
    let side = extent(size);
    let incident = props.focus.map(|c| size.units_of(c));
    let state = |u: usize| {
        if props.focus_unit == Some(u) {
            Some("acting")
        } else if incident.is_some_and(|units| units.contains(&u)) {
            Some("incident")
        } else {
            None
        }
    };
    let toggle = {
        let bipartite = bipartite.clone();
        Callback::from(move |_| bipartite.set(!*bipartite))
    };
    let (width, drawing) = if *bipartite {
        let lines = drawn_incidences(size, props.focus, props.focus_unit).into_iter().map(|(c, u)| {
            let (x1, y1) = vertex(size, GraphShape::Grid, c);
            let (x2, y2) = unit_node(size, u);
            let on = state(u).is_some() && (props.focus == Some(c) || props.focus_unit == Some(u));
            html! { <line class={classes!(kind_class(size.unit(u).kind), on.then_some("on"))}
                x1={format!("{x1:.1}")} y1={format!("{y1:.1}")} x2={format!("{x2:.1}")} y2={format!("{y2:.1}")} /> }
        });
        let nodes = (0..size.unit_count()).map(|u| {
            let (x, y) = unit_node(size, u);
            let label = unit_label(size, u);
            html! {
                <g class={classes!("hyperedge", "unit-node", kind_class(size.unit(u).kind), state(u))}
                    role="img" aria-label={label.clone()} data-unit={u.to_string()}>
                    <title>{ label }</title>
                    <rect x={format!("{:.1}", x - 4.0)} y={format!("{:.1}", y - 4.0)} width="8" height="8" rx="1.5" />
                </g>
            }
        });
        (
            bipartite_width(size),
            html! { <>
                <g class="incidences">{ for lines }</g>
                <g class="unit-nodes">{ for nodes }</g>
                <text class="column-title" x={format!("{:.1}", unit_node(size, 0).0)} y="-3" text-anchor="middle">{ "rows" }</text>
                <text class="column-title" x={format!("{:.1}", unit_node(size, size.n()).0)} y="-3" text-anchor="middle">{ "cols" }</text>
                <text class="column-title" x={format!("{:.1}", unit_node(size, 2 * size.n()).0)} y="-3" text-anchor="middle">{ "boxes" }</text>
            </> },
        )
    } else {
        let rects = regions(size).into_iter().map(|r| html! {
            <g class={classes!("hyperedge", kind_class(r.kind), state(r.unit))}
                role="img" aria-label={r.label.clone()} data-unit={r.unit.to_string()}>
                <title>{ r.label.clone() }</title>
                <rect x={format!("{:.1}", r.x)} y={format!("{:.1}", r.y)} width={format!("{:.1}", r.width)}
                    height={format!("{:.1}", r.height)} rx="3" />
            </g>
        });
        (side, html! { <g class="regions">{ for rects }</g> })
    };
    html! {
        <figure class="hypergraph-view view" data-view="hypergraph" data-hyperedges={size.unit_count().to_string()}>
            <figcaption>
                { format!("The Sudoku hypergraph: {} cells, {} hyperedges ({} rows, {} columns, {} boxes).",
                    size.cells(), size.unit_count(), size.n(), size.n(), size.n()) }
                if *bipartite && size.n() > ALL_EDGES_UP_TO {
                    <span class="note">{ format!(" At {size} only the current cell's and unit's incidences are drawn.") }</span>
                }
            </figcaption>
            <div class="buttons">
                // Says what it does: the drawing it switches to.
                <button id="hypergraph-layout" onclick={toggle}>
                    { if *bipartite { "show units as regions" } else { "show cells and units apart" } }
                </button>
                <ul class="edge-legend">
                    <li class="row">{ "row" }</li><li class="column">{ "column" }</li><li class="box">{ "box" }</li>
                </ul>
            </div>
            <svg viewBox={format!("-4 -8 {:.1} {:.1}", width + 8.0, side + 12.0)} role="group"
                aria-label={format!("hypergraph of the {size} grid")}>
                { drawing }
                <Vertices size={size} shape={GraphShape::Grid} values={props.values.clone()} givens={props.givens.clone()} focus={props.focus} />
            </svg>
        </figure>
    }
}
