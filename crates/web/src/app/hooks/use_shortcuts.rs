//! `use_shortcuts`: the playback's keyboard shortcuts on the whole page, except while typing in
//! a form field, on a board cell (which has its own keys) or on a button (Space presses it).

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, KeyboardEvent};
use yew::prelude::*;

use crate::model::lab::Action;

/// The shortcuts, as the help panel lists them.
pub const SHORTCUTS: [(&str, &str); 7] = [
    ("Space", "play / pause"),
    ("← →", "step back / forward"),
    (
        ", .",
        "previous / next mark (guess, backtrack, restart, new best, generation)",
    ),
    ("Home", "back to the start"),
    ("End", "jump to the end"),
    ("[ ]", "slower / faster"),
    ("?", "show or hide this help"),
];

/// The action of a key, if it is a shortcut.
fn action_for(key: &str) -> Option<Action> {
    Some(match key {
        " " | "Spacebar" => Action::TogglePlay,
        "ArrowLeft" => Action::StepBack,
        "ArrowRight" => Action::Step,
        "Home" => Action::Home,
        "End" => Action::End,
        "," => Action::PreviousMark,
        "." => Action::NextMark,
        "[" => Action::SpeedBy(-1),
        "]" => Action::SpeedBy(1),
        _ => return None,
    })
}

/// Whether a key pressed on this element belongs to the element.
fn typing_into(target: Option<Element>) -> bool {
    let Some(el) = target else { return false };
    matches!(
        el.tag_name().to_ascii_lowercase().as_str(),
        "input" | "textarea" | "select" | "button"
    ) || el.get_attribute("role").as_deref() == Some("gridcell")
        || el.closest("[contenteditable]").ok().flatten().is_some()
}

#[hook]
pub fn use_shortcuts(dispatch: Callback<Action>, toggle_help: Callback<()>) {
    use_effect_with((), move |_| {
        let listener = Closure::<dyn FnMut(KeyboardEvent)>::new(move |e: KeyboardEvent| {
            if e.ctrl_key() || e.meta_key() || e.alt_key() || e.default_prevented() {
                return;
            }
            if typing_into(e.target().and_then(|t| t.dyn_into::<Element>().ok())) {
                return;
            }
            let key = e.key();
            if key == "?" {
                e.prevent_default();
                toggle_help.emit(());
            } else if let Some(action) = action_for(&key) {
                e.prevent_default();
                dispatch.emit(action);
            }
        });
        let document = web_sys::window().and_then(|w| w.document());
        if let Some(d) = &document {
            let _ =
                d.add_event_listener_with_callback("keydown", listener.as_ref().unchecked_ref());
        }
        move || {
            if let Some(d) = document {
                let _ = d.remove_event_listener_with_callback(
                    "keydown",
                    listener.as_ref().unchecked_ref(),
                );
            }
        }
    });
}
