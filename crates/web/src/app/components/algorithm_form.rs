//! The algorithm panel: the registry's algorithms, the chosen one's parameter form (from its
//! schema, each value checked as typed), the seed, Run and Cancel, and the share link.

use std::collections::BTreeMap;

use sudoku_core::{Algorithm, ParamKind};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::app::browser::random_seed;
use crate::app::components::copy_link::CopyLink;

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
            <p id="algorithm-plain" class="description">{ props.algorithm.in_plain_words() }{ " " }
                <a id="plain-words" href={"help.html#algorithm-".to_owned() + props.algorithm.id()}>{ "More in the help" }</a></p>
            <details id="algorithm-technical" class="technical">
                <summary>{ "Technically" }</summary>
                <p class="description">{ props.algorithm.description() }</p>
            </details>
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
                <button id="run" class="primary" disabled={!can_run} onclick={d.reform(|_| {
                        crate::app::browser::show_board_on_narrow_screen();
                        Action::Run
                    })}>{ "Run" }</button>
                <button id="cancel" disabled={!props.running} onclick={d.reform(|_| Action::Cancel)}>{ "Cancel" }</button>
                <a id="compare-with" href={props.compare.clone()}>{ "Compare with…" }</a>
            </div>
            if let Some(n) = &props.notice {
                <p id="notice" class="notice" role="status">{ n.clone() }</p>
            }
            <CopyLink link={props.share.clone()} label="Share link" input_id="share"
                button_id="copy-share" result_id="copy-result" />
        </fieldset>
        </>
    }
}
