//! The cells drawn as discs with their digit (shared by the graph and hypergraph views): each
//! coloured by its digit, labelled like the board's cell, the focus and its neighbours marked.

use sudoku_core::grid::digit_char;
use sudoku_core::Size;
use yew::prelude::*;

use super::board::cell_label;
use crate::model::layout::{digit_colour, light_text_on, vertex, vertex_radius, GraphShape};

#[derive(Properties, PartialEq)]
pub struct VerticesProps {
    pub size: Size,
    pub shape: GraphShape,
    pub values: Vec<u8>,
    pub givens: Vec<bool>,
    pub focus: Option<usize>,
    /// Cells in the traversal's frontier (a colouring's queue or stack).
    #[prop_or_default]
    pub frontier: Vec<u16>,
}

#[function_component(Vertices)]
pub fn vertices(props: &VerticesProps) -> Html {
    let size = props.size;
    let r = vertex_radius(size, props.shape);
    let font = r * 1.2;
    html! {
        <g class="vertices">
            { for (0..size.cells()).map(|cell| {
                let (x, y) = vertex(size, props.shape, cell);
                let value = props.values[cell];
                let given = props.givens[cell];
                let mut class = classes!("vertex");
                if given { class.push("given"); }
                if props.frontier.contains(&(cell as u16)) { class.push("frontier"); }
                if props.focus == Some(cell) {
                    class.push("current");
                } else if props.focus.is_some_and(|f| size.sees(f, cell)) {
                    class.push("neighbour");
                }
                let fill = if value == 0 { "var(--empty-vertex)".to_string() } else { digit_colour(size, value) };
                let ink = if value != 0 && light_text_on(size, value) { "#fff" } else { "#111" };
                html! {
                    <g class={class} data-cell={cell.to_string()} role="img"
                        aria-label={cell_label(size, cell, value, given)}>
                        <circle cx={format!("{x:.1}")} cy={format!("{y:.1}")} r={format!("{r:.2}")} fill={fill} />
                        if value != 0 {
                            <text x={format!("{x:.1}")} y={format!("{:.1}", y + font * 0.36)} font-size={format!("{font:.1}")}
                                fill={ink} text-anchor="middle">{ digit_char(size, value).to_string() }</text>
                        }
                    </g>
                }
            }) }
        </g>
    }
}
