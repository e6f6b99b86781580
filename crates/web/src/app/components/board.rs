//! The board: one focusable grid cell per Sudoku cell, with an accessible label, givens set apart
//! from solver values, optional candidates, the current event's cell and clashing cells marked.

use sudoku_core::grid::digit_char;
use sudoku_core::Size;
use wasm_bindgen::JsCast;
use web_sys::KeyboardEvent;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct BoardProps {
    pub size: Size,
    pub values: Vec<u8>,
    pub givens: Vec<bool>,
    /// Candidates to show in empty cells (pencil marks), if wanted.
    pub candidates: Option<Vec<u32>>,
    pub current: Option<usize>,
    pub bad: Vec<usize>,
    pub selected: usize,
    pub on_key: Callback<(usize, KeyboardEvent)>,
    pub on_select: Callback<usize>,
    /// Text pasted onto the board (any format the core reads).
    pub on_paste: Callback<String>,
    /// A board that only shows (the compare page's): no ids, not focusable.
    #[prop_or_default]
    pub read_only: bool,
    /// Cells a hint points at.
    #[prop_or_default]
    pub marked: Vec<usize>,
    /// Candidate weights in [0, 1] (cell × n + digit − 1), shown in empty cells when present:
    /// the LP relaxation of the `ilp` model.
    #[prop_or_default]
    pub weights: Vec<f32>,
    /// The decision level each value was placed at (a search's run; empty otherwise): values
    /// placed after a guess are tinted by their level, so a back-jump is seen to clear them.
    #[prop_or_default]
    pub placed_at: Vec<u16>,
}

/// A cell's accessible label, the same in the page and in its exported drawings.
pub use sudoku_draw::frame::cell_label;

#[function_component(Board)]
pub fn board(props: &BoardProps) -> Html {
    let size = props.size;
    let (n, k) = (size.n(), size.box_side());
    let rows = (0..n).map(|r| {
        let cells = (0..n).map(|c| {
            let cell = r * n + c;
            let value = props.values[cell];
            let given = props.givens[cell];
            let mut class = classes!("cell");
            if given {
                class.push("given");
            } else if value != 0 {
                class.push("solved");
            }
            if (c + 1) % k == 0 && c + 1 < n {
                class.push("box-right");
            }
            if (r + 1) % k == 0 && r + 1 < n {
                class.push("box-bottom");
            }
            let level = props
                .placed_at
                .get(cell)
                .copied()
                .filter(|&l| l > 0 && value != 0 && !given);
            if level.is_some() {
                class.push("deep");
            }
            if props.current == Some(cell) {
                class.push("current");
            }
            if props.marked.contains(&cell) {
                class.push("hint");
            }
            if props.bad.contains(&cell) {
                class.push("bad");
            }
            if props.selected == cell {
                class.push("selected");
            }
            let content = if value != 0 {
                html! { digit_char(size, value).to_string() }
            } else if props.weights.len() == n * n * n {
                let marks = (1..=n as u8).map(|d| {
                    let w = props.weights[cell * n + d as usize - 1];
                    if w < 0.005 {
                        return html! { <span class="mark"></span> };
                    }
                    html! {
                        <span class="mark weight" style={format!("--w:{w:.2}")}
                              title={format!("{}: weight {w:.2}", digit_char(size, d))}>
                            { digit_char(size, d).to_string() }
                        </span>
                    }
                });
                html! { <span class="marks" style={format!("--k:{k}")}>{ for marks }</span> }
            } else if let Some(candidates) = &props.candidates {
                let marks = (1..=n as u8).map(|d| {
                    let on = candidates[cell] >> (d - 1) & 1 != 0;
                    html! { <span class="mark">{ if on { digit_char(size, d).to_string() } else { String::new() } }</span> }
                });
                html! { <span class="marks" style={format!("--k:{k}")}>{ for marks }</span> }
            } else {
                Html::default()
            };
            let on_key = props.on_key.clone();
            let on_select = props.on_select.clone();
            html! {
                <div role="gridcell" id={(!props.read_only).then(|| format!("cell-{cell}"))} class={class}
                     style={level.map(|l| format!("--level:{}", l % 12))}
                     title={level.map(|l| format!("placed at decision level {l}"))}
                     tabindex={(!props.read_only).then_some(if props.selected == cell { "0" } else { "-1" })}
                     aria-label={cell_label(size, cell, value, given)}
                     onkeydown={Callback::from(move |e: KeyboardEvent| on_key.emit((cell, e)))}
                     onclick={Callback::from(move |_| on_select.emit(cell))}>
                    { content }
                </div>
            }
        });
        html! { <div role="row" class="row">{ for cells }</div> }
    });
    let on_paste = props.on_paste.clone();
    let paste = Callback::from(move |e: Event| {
        let text = e
            .dyn_ref::<web_sys::ClipboardEvent>()
            .and_then(|c| c.clipboard_data())
            .and_then(|d| d.get_data("text/plain").ok());
        if let Some(text) = text {
            e.prevent_default();
            on_paste.emit(text);
        }
    });
    html! {
        <div class={classes!("board", format!("n{n}"))} role="grid" data-view="board" onpaste={paste}
             aria-label={format!("Sudoku board {size}")} style={format!("--n:{n}")}>
            { for rows }
        </div>
    }
}
