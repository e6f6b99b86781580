//! The algorithm panel: the registry's algorithms, the chosen one's parameter form (from its
//! schema, each value checked as typed), the seed, Run and Cancel, and the share link.

use std::collections::BTreeMap;

use sudoku_core::{Algorithm, ParamKind};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::app::browser::{copy_text, random_seed};

use crate::model::lab::Action;

#[derive(Properties, PartialEq)]
pub struct AlgorithmFormProps {
    pub algorithm: Algorithm,
    pub params: BTreeMap<&'static str, String>,
    pub seed: AttrValue,
    pub running: bool,
    pub notice: Option<AttrValue>,
    pub share: AttrValue,
    /// The compare page with this configuration.
    pub compare: AttrValue,
    /// A rule between the parameters that their values break.
    pub conflict: Option<AttrValue>,
    pub dispatch: Callback<Action>,
}

#[function_component(AlgorithmForm)]
pub fn algorithm_form(props: &AlgorithmFormProps) -> Html {
    let d = &props.dispatch;
    let mut can_run = props.conflict.is_none();
    let params = props.algorithm.params().iter().map(|spec| {
        let name = spec.name;
        let id = format!("param-{name}");
        let value = props.params.get(name).cloned().unwrap_or_default();
        let error = spec.parse(&value).err().map(|e| e.to_string());
        can_run &= error.is_none();
        let input = match spec.kind {
            ParamKind::Choice { options, .. } => html! {
                <select id={id.clone()} onchange={d.reform(move |e: Event| {
                    Action::Param(name, e.target_unchecked_into::<HtmlSelectElement>().value())
                })}>
                    { for options.iter().map(|o| html! {
                        <option value={*o} selected={*o == value}>{ *o }</option>
                    }) }
                </select>
            },
            _ => html! {
                <input id={id.clone()} type="text" inputmode="decimal" value={value.clone()}
                    aria-invalid={error.is_some().to_string()}
                    oninput={d.reform(move |e: InputEvent| {
                        Action::Param(name, e.target_unchecked_into::<HtmlInputElement>().value())
                    })} />
            },
        };
        html! {
            <div class="param">
                <label for={id} title={spec.description}>{ name }</label>
                { input }
                <small>{ spec.description }{ " (" }{ spec.expected() }{ ")" }</small>
                if let Some(e) = error { <p class="error">{ e }</p> }
            </div>
        }
    }).collect::<Html>();
    // What the last Copy did: copied, or not (then the link is selected, to copy by hand).
    let copied = use_state(|| None::<bool>);
    let copy = {
        let share = props.share.clone();
        let copied = copied.clone();
        Callback::from(move |_| {
            let copied = copied.clone();
            copy_text(
                &share,
                Callback::from(move |ok: bool| {
                    if !ok {
                        select_share_link();
                    }
                    copied.set(Some(ok));
                }),
            )
        })
    };
    {
        // A new link is not yet copied.
        let copied = copied.clone();
        use_effect_with(props.share.clone(), move |_| copied.set(None));
    }
    html! {
        <>
        <fieldset class="run">
            <legend>{ "Algorithm" }</legend>
            <label for="algorithm">{ "Algorithm" }</label>
            <select id="algorithm" onchange={d.reform(|e: Event| {
                Action::Pick(e.target_unchecked_into::<HtmlSelectElement>().value())
            })}>
                { for Algorithm::ALL.iter().map(|a| html! {
                    <option value={a.id()} selected={*a == props.algorithm}>
                        { format!("{} ({})", a.name(), a.family()) }
                    </option>
                }) }
            </select>
            <p class="description">{ props.algorithm.description() }</p>
            { params }
            if let Some(conflict) = &props.conflict {
                <p id="param-conflict" class="error" role="alert">{ conflict.clone() }</p>
            }
            <div class="param">
                <label for="seed">{ "seed" }</label>
                <input id="seed" type="text" inputmode="numeric" value={props.seed.clone()}
                    oninput={d.reform(|e: InputEvent| Action::Seed(e.target_unchecked_into::<HtmlInputElement>().value()))} />
                <button onclick={d.reform(|_| Action::NewSeed(random_seed()))}>{ "new seed" }</button>
            </div>
        </fieldset>
        <fieldset class="run-controls">
            <legend>{ "Run" }</legend>
            <div class="buttons">
                <button id="run" class="primary" disabled={!can_run} onclick={d.reform(|_| Action::Run)}>{ "Run" }</button>
                <button id="cancel" disabled={!props.running} onclick={d.reform(|_| Action::Cancel)}>{ "Cancel" }</button>
                <a id="compare-with" href={props.compare.clone()}>{ "Compare with…" }</a>
            </div>
            if let Some(n) = &props.notice {
                <p id="notice" class="notice" role="status">{ n.clone() }</p>
            }
            <label for="share">{ "Share link" }</label>
            <div class="share">
                <input id="share" type="text" readonly=true value={props.share.clone()} />
                <button id="copy-share" onclick={copy}>{ "Copy" }</button>
            </div>
            <p id="copy-result" class="copy-result" role="status">
                { match *copied {
                    Some(true) => "Copied to the clipboard.",
                    Some(false) => "This browser did not allow copying: the link is selected, press Ctrl+C (⌘C).",
                    None => "",
                } }
            </p>
        </fieldset>
        </>
    }
}

/// Selects the share link's text, for a browser that refused the clipboard.
fn select_share_link() {
    use wasm_bindgen::JsCast;
    if let Some(input) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("share"))
        .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
    {
        let _ = input.focus();
        input.select();
    }
}
