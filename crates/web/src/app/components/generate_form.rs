//! The Generate form: size, level, symmetry and seed for the core's generator (run in the
//! worker); the new puzzle replaces the board's.

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use sudoku_core::generate::symmetry::Symmetry;

use crate::model::lab::{Action, GenerateField, GenerateForm};

#[derive(Properties, PartialEq)]
pub struct GenerateFormProps {
    pub form: GenerateForm,
    /// A request is out: the button waits.
    pub generating: bool,
    /// How far the generator has come, while it works.
    #[prop_or_default]
    pub progress: Option<AttrValue>,
    pub dispatch: Callback<Action>,
}

fn select(
    id: &'static str,
    field: GenerateField,
    current: &str,
    options: &[(&'static str, &'static str)],
    dispatch: &Callback<Action>,
) -> Html {
    let onchange = dispatch.reform(move |e: Event| {
        Action::GenerateSet(
            field,
            e.target_unchecked_into::<HtmlSelectElement>().value(),
        )
    });
    html! {
        <select id={id} onchange={onchange}>
            { for options.iter().map(|(value, label)| html! {
                <option value={*value} selected={*value == current}>{ *label }</option>
            }) }
        </select>
    }
}

#[function_component(GenerateFormView)]
pub fn generate_form(props: &GenerateFormProps) -> Html {
    let d = &props.dispatch;
    let form = &props.form;
    let on_seed = d.reform(|e: InputEvent| {
        Action::GenerateSet(
            GenerateField::Seed,
            e.target_unchecked_into::<HtmlInputElement>().value(),
        )
    });
    let size = form.size.to_string();
    html! {
        <fieldset class="generate-form">
            <legend>{ "Generate" }</legend>
            <div class="fields">
                <label>{ "size " }
                    { select("gen-size", GenerateField::Size, &size,
                        &[("4", "4×4"), ("9", "9×9"), ("16", "16×16"), ("25", "25×25")], d) }
                </label>
                <label>{ "level " }
                    { select("gen-level", GenerateField::Level, &form.level,
                        &[("any", "any"), ("easy", "easy"), ("medium", "medium"), ("hard", "hard"), ("expert", "expert"), ("extreme", "extreme")], d) }
                </label>
                <label>{ "symmetry " }
                    { select("gen-symmetry", GenerateField::Symmetry, &form.symmetry,
                        &Symmetry::CHOICES, d) }
                </label>
                <label>{ "seed " }
                    <input id="gen-seed" inputmode="numeric" size="8" value={form.seed.clone()} oninput={on_seed} />
                </label>
            </div>
            <button id="generate" disabled={props.generating} onclick={d.reform(|_| Action::Generate)}
                title="A puzzle with one solution, minimal under its symmetry, at the level asked">
                { if props.generating { "Generating…" } else { "Generate" } }
            </button>
            if let Some(far) = &props.progress {
                <p id="generate-progress" aria-live="polite">{ far.clone() }</p>
            }
        </fieldset>
    }
}
