//! The puzzle panel: the built-in library, a text field for any format the core reads, a new
//! empty grid of each size, the parse error of the last load, and what the page puts after them
//! (the generator and what is known of the puzzle: its rating, a hint, the explanation).

use std::rc::Rc;

use web_sys::{HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::model::lab::Action;

/// The library for a `<select>`: (group, [(index, label)]).
pub type LibraryGroups = Rc<Vec<(&'static str, Vec<(usize, String)>)>>;

#[derive(Properties, PartialEq)]
pub struct PuzzleInputProps {
    pub library: LibraryGroups,
    pub text: AttrValue,
    pub error: Option<AttrValue>,
    pub dispatch: Callback<Action>,
    /// More about the puzzle, inside the same panel.
    #[prop_or_default]
    pub children: Html,
}

#[function_component(PuzzleInput)]
pub fn puzzle_input(props: &PuzzleInputProps) -> Html {
    let d = &props.dispatch;
    let on_library = d.reform(|e: Event| {
        let v = e.target_unchecked_into::<HtmlSelectElement>().value();
        Action::LoadLibrary(v.parse().unwrap_or(usize::MAX))
    });
    let on_text = d.reform(|e: InputEvent| {
        Action::Text(e.target_unchecked_into::<HtmlTextAreaElement>().value())
    });
    let on_size = d.reform(|e: Event| {
        Action::NewGrid(
            e.target_unchecked_into::<HtmlSelectElement>()
                .value()
                .parse()
                .unwrap_or(9),
        )
    });
    html! {
        <fieldset class="puzzle-input">
            <legend>{ "Puzzle" }</legend>
            <label for="library">{ "Library" }</label>
            <select id="library" onchange={on_library}>
                <option value="" selected=true disabled=true>{ "Load a puzzle…" }</option>
                { for props.library.iter().map(|(group, items)| html! {
                    <optgroup label={*group}>
                        { for items.iter().map(|(i, label)| html! {
                            <option value={i.to_string()}>{ label.clone() }</option>
                        }) }
                    </optgroup>
                }) }
            </select>
            <label for="puzzle-text">{ "Paste a puzzle (a line of 81 symbols, a block grid, numbers…)" }</label>
            <textarea id="puzzle-text" rows="4" value={props.text.clone()} oninput={on_text} />
            <div class="buttons">
                <button id="load" onclick={d.reform(|_| Action::LoadText)}>{ "Load" }</button>
                <button id="clear" onclick={d.reform(|_| Action::Clear)}>{ "Clear" }</button>
            </div>
            if let Some(e) = &props.error {
                <p id="input-error" class="error" role="alert">{ e.clone() }</p>
            }
            <div class="new-grid">
                <label for="new-size">{ "Or start from an empty grid" }</label>
                <select id="new-size" onchange={on_size}
                    title="Replaces the puzzle with an empty grid of this size, to type a puzzle into">
                    <option value="" selected=true disabled=true>{ "choose its size…" }</option>
                    { for [4, 9, 16, 25].iter().map(|n| html! {
                        <option value={n.to_string()}>{ format!("empty {n}×{n} grid") }</option>
                    }) }
                </select>
            </div>
            { props.children.clone() }
        </fieldset>
    }
}
