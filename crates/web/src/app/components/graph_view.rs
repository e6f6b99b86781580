//! The graph view: the n² cells as vertices, an edge between cells that share a unit (a
//! solution is a proper n-colouring). On the grid, row and column edges are arcs so they do not
//! hide each other; a circular layout is the classic alternative. Edges are coloured and dashed
//! by kind; the current event's vertex and its neighbours are highlighted.

use sudoku_core::{Graph, Size};
use yew::prelude::*;

use super::vertices::Vertices;
use crate::model::layout::{
    drawn_edges, edge_kind, edge_path, extent, focus_edges, GraphShape, ALL_EDGES_UP_TO, CELL,
};

#[derive(Properties, PartialEq)]
pub struct GraphViewProps {
    pub size: Size,
    pub values: Vec<u8>,
    pub givens: Vec<bool>,
    /// The current event's cell (or the selected cell when nothing plays).
    pub focus: Option<usize>,
    /// The traversal's frontier at the cursor, oldest first (colouring runs).
    #[prop_or_default]
    pub frontier: Vec<u16>,
    /// The run keeps a frontier (show the list even while it is empty).
    #[prop_or_default]
    pub has_frontier: bool,
}

/// Frontier cells listed at most.
const FRONTIER_SHOWN: usize = 24;

/// The frontier as a list, oldest first.
fn frontier_list(size: Size, frontier: &[u16]) -> Html {
    let more = frontier.len().saturating_sub(FRONTIER_SHOWN);
    html! {
        <p id="frontier" class="frontier-list" aria-label="frontier, oldest first">
            { "frontier (oldest → newest): " }
            if frontier.is_empty() { <span class="muted">{ "empty" }</span> }
            { for frontier.iter().take(FRONTIER_SHOWN).map(|&c| html! {
                <span class="chip-cell">{ sudoku_core::cell_name(size, c as usize) }</span>
            }) }
            if more > 0 { { format!(" … +{more}") } }
        </p>
    }
}

#[derive(Properties, PartialEq)]
struct EdgesProps {
    size: Size,
    shape: GraphShape,
    focus: Option<usize>,
    class: &'static str,
}

/// One layer of edges. Its own component: with the same props it is not redrawn, so the
/// 810 edges of a 9×9 graph cost nothing while the playback moves.
#[function_component(Edges)]
fn edges(props: &EdgesProps) -> Html {
    let size = props.size;
    let pairs = match props.class {
        // The focus layer: the focused vertex's edges, drawn over the others.
        "focus-edges" => props
            .focus
            .map(|f| focus_edges(size, f))
            .unwrap_or_default(),
        _ => drawn_edges(size, None),
    };
    html! {
        <g class={props.class}>
            { for pairs.into_iter().map(|(a, b)| html! {
                <path class={edge_kind(size, a, b).id()} d={edge_path(size, props.shape, a, b)} />
            }) }
        </g>
    }
}

#[function_component(GraphView)]
pub fn graph_view(props: &GraphViewProps) -> Html {
    let shape = use_state(|| GraphShape::Grid);
    let size = props.size;
    let graph = use_memo(size, |&size| {
        let g = Graph::new(size);
        (g.vertex_count(), g.edge_count())
    });
    let (vertex_count, edge_count) = *graph;
    let side = extent(size);
    let margin = side / 6.0 + CELL / 2.0;
    let all_drawn = size.n() <= ALL_EDGES_UP_TO;
    let toggle = {
        let shape = shape.clone();
        Callback::from(move |_| {
            shape.set(match *shape {
                GraphShape::Grid => GraphShape::Circle,
                GraphShape::Circle => GraphShape::Grid,
            })
        })
    };
    html! {
        <figure class="graph-view view" data-view="graph" data-vertices={vertex_count.to_string()}
            data-edges={edge_count.to_string()}>
            <figcaption>
                { format!("The Sudoku graph: {vertex_count} vertices, {edge_count} edges. ") }
                if !all_drawn {
                    <span class="note">{ format!("At {size} only the current vertex's {} edges are drawn.", size.peer_count()) }</span>
                }
            </figcaption>
            <div class="buttons">
                // Says what it does: the layout it switches to.
                <button id="graph-layout" onclick={toggle}>
                    { if *shape == GraphShape::Grid { "show on a circle" } else { "show on the grid" } }
                </button>
                <ul class="edge-legend">
                    <li class="row">{ "row" }</li><li class="column">{ "column" }</li><li class="box">{ "box" }</li>
                </ul>
            </div>
            if props.has_frontier { { frontier_list(size, &props.frontier) } }
            <svg viewBox={format!("{:.1} {:.1} {:.1} {:.1}", -margin, -margin, side + 2.0 * margin, side + 2.0 * margin)}
                role="group" aria-label={format!("graph of the {size} grid")}>
                if all_drawn {
                    <Edges size={size} shape={*shape} focus={None::<usize>} class="edges" />
                }
                <Edges size={size} shape={*shape} focus={props.focus} class="focus-edges" />
                <Vertices size={size} shape={*shape} values={props.values.clone()} givens={props.givens.clone()}
                    focus={props.focus} frontier={props.frontier.clone()} />
            </svg>
        </figure>
    }
}
