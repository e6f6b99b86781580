//! A link to copy: its label, the link in a read-only field, Copy, and what Copy did — copied,
//! or refused by the browser, in which case the link is selected to copy by hand.

use wasm_bindgen::JsCast;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::app::browser::copy_text;

#[derive(Properties, PartialEq)]
pub struct CopyLinkProps {
    pub link: AttrValue,
    pub label: AttrValue,
    /// The label is for screen readers only.
    #[prop_or_default]
    pub label_hidden: bool,
    /// The ids of the field, the button and the message (test hooks and the label's `for`).
    pub input_id: AttrValue,
    pub button_id: AttrValue,
    pub result_id: AttrValue,
}

#[function_component(CopyLink)]
pub fn copy_link(props: &CopyLinkProps) -> Html {
    let copied = use_state(|| None::<bool>);
    let copy = {
        let (link, copied, input_id) = (props.link.clone(), copied.clone(), props.input_id.clone());
        Callback::from(move |_: MouseEvent| {
            let (copied, input_id) = (copied.clone(), input_id.clone());
            copy_text(
                &link,
                Callback::from(move |ok: bool| {
                    if !ok {
                        select(&input_id);
                    }
                    copied.set(Some(ok));
                }),
            )
        })
    };
    {
        // A new link is not yet copied.
        let copied = copied.clone();
        use_effect_with(props.link.clone(), move |_| copied.set(None));
    }
    html! {
        <>
            <label for={props.input_id.clone()} class={classes!(props.label_hidden.then_some("sr-only"))}>
                { props.label.clone() }
            </label>
            <div class="share">
                <input id={props.input_id.clone()} type="text" readonly=true value={props.link.clone()} />
                <button id={props.button_id.clone()} onclick={copy}>{ "Copy" }</button>
            </div>
            <p id={props.result_id.clone()} class="copy-result" role="status">
                { match *copied {
                    Some(true) => "Copied to the clipboard.",
                    Some(false) => "This browser did not allow copying: the link is selected, press Ctrl+C (⌘C).",
                    None => "",
                } }
            </p>
        </>
    }
}

/// Selects the field's text, for a browser that refused the clipboard.
fn select(input_id: &str) {
    if let Some(input) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(input_id))
        .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
    {
        let _ = input.focus();
        input.select();
    }
}
