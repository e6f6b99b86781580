//! "Embed in a page": the iframe HTML for the run as the lab plays it — the stretch set with
//! "from here" and "to here" on the event shown, looping or not, with or without the player's
//! controls (the URL contract's `from`, `to`, `loop` and `controls`, written for the teacher).

use yew::prelude::*;

use crate::app::components::copy_link::CopyLink;
use crate::model::lab::Action;

#[derive(Properties, PartialEq)]
pub struct EmbedCodeProps {
    /// The HTML to paste.
    pub html: AttrValue,
    /// The stretch played: its first event and its last (`None`: the run's end).
    pub from: usize,
    pub to: Option<usize>,
    pub looping: bool,
    pub controls: bool,
    pub dispatch: Callback<Action>,
}

#[function_component(EmbedCode)]
pub fn embed_code(props: &EmbedCodeProps) -> Html {
    let d = &props.dispatch;
    let to = props
        .to
        .map_or("its end".to_string(), |t| format!("event {t}"));
    html! {
        <details id="embed-code" class="embed-code">
            <summary>{ "Embed in a page" }</summary>
            <p id="embed-stretch">{ format!("Plays the run from event {} to {to}.", props.from) }</p>
            <div class="buttons">
                <button id="embed-from" onclick={d.reform(|_| Action::StretchFrom)}
                    title="Start the stretch at the event shown">{ "from here" }</button>
                <button id="embed-to" onclick={d.reform(|_| Action::StretchTo)}
                    title="End the stretch at the event shown">{ "to here" }</button>
                <button id="embed-whole" onclick={d.reform(|_| Action::ClearStretch)}>{ "whole run" }</button>
                <label><input id="embed-loop" type="checkbox" checked={props.looping}
                    onchange={d.reform(|_| Action::ToggleLoop)} />{ " loop" }</label>
                <label><input id="embed-controls" type="checkbox" checked={props.controls}
                    onchange={d.reform(|_| Action::ToggleEmbedControls)} />{ " controls" }</label>
            </div>
            <CopyLink link={props.html.clone()} label="HTML to paste" input_id="embed-html"
                button_id="copy-embed" result_id="embed-copied" />
        </details>
    }
}
