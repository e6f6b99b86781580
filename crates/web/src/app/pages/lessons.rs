//! The lessons: an index (`?page=lessons`) and the player (`?lesson=NAME&step=K`, also with
//! `embed=1`): the step's text beside the lab, which the step's URL sets; Back and Next move
//! through the steps in the page (the address follows, so each step has its link). A bundle of
//! its own (`lessons_app`, with the lessons' texts), so the lab's first visit carries none of it.

use wasm_bindgen::JsValue;
use yew::prelude::*;

use crate::app::browser::{current_query, on_history_move, share_link};
use crate::app::components::copy_link::CopyLink;
use crate::app::components::stage::Pointed;
use crate::app::hooks::use_theme;
use crate::app::pages::embed::Embed;
use crate::app::pages::lab::Lab;
use crate::model::lesson::{self, paragraphs, Lesson};
use crate::model::query::Query;

/// The element the lessons bundle draws into (see [`crate::app::bundle`]).
pub const ROOT_ID: &str = "lessons-root";

/// Draws the lessons page the URL asks for: the entry point of the `lessons_app` bundle.
pub fn mount() {
    crate::app::bundle::mount::<LessonsPage>(ROOT_ID);
}

/// The index or a lesson's player, as the URL says.
#[function_component(LessonsPage)]
pub fn lessons_page() -> Html {
    let query = use_memo((), |_| crate::app::browser::query());
    match &query.lesson {
        Some(name) => html! {
            <LessonPlayer name={AttrValue::from(name.clone())} step={query.step.unwrap_or(1)} embed={query.embed} />
        },
        None => html! { <LessonIndex /> },
    }
}

/// The lesson index.
#[function_component(LessonIndex)]
pub fn lesson_index() -> Html {
    let (theme, next_theme) = use_theme();
    let lessons = lesson::shipped();
    html! {
        <main class="lessons">
            <header>
                <h1>{ "Sudoku Lab — lessons" }</h1>
                <p class="tagline">
                    { "Guided tours built from the lab's own runs: each step sets the lab and says what to look at. " }
                    <a id="back-to-lab" href="?">{ "Back to the lab" }</a>
                </p>
                <button id="theme" class="theme-toggle" onclick={next_theme.reform(|_: MouseEvent| ())}>{ theme.label() }</button>
            </header>
            <ol class="lesson-list">
                { for lessons.iter().map(|(name, l)| html! {
                    <li>
                        <a href={share_link(&lesson_query(name, 1, false))} data-lesson={*name}
                            data-steps={l.steps.len().to_string()}>{ l.title.clone() }</a>
                        <p class="summary">{ l.summary.clone() }</p>
                        <p class="meta">{ format!("{} steps · for {}", l.steps.len(), l.audience) }</p>
                        if !l.sources.is_empty() {
                            <p class="meta">{ format!("Follows: {}", l.sources.join("; ")) }</p>
                        }
                    </li>
                }) }
            </ol>
        </main>
    }
}

/// The URL of a lesson's step (1-based).
fn lesson_query(name: &str, step: usize, embed: bool) -> Query {
    Query {
        lesson: Some(name.to_string()),
        step: Some(step),
        embed,
        ..Query::default()
    }
}

#[derive(Properties, PartialEq)]
pub struct LessonPlayerProps {
    pub name: AttrValue,
    /// The step to open (1-based), from the URL.
    pub step: usize,
    pub embed: bool,
}

/// A lesson's player; an unknown name says so and links to the index.
#[function_component(LessonPlayer)]
pub fn lesson_player(props: &LessonPlayerProps) -> Html {
    let found = use_memo(props.name.clone(), |name| lesson::find(name));
    let count = found.as_ref().as_ref().map_or(1, |l| l.steps.len());
    let step = use_state(|| props.step.clamp(1, count));
    let go = {
        let (step, name, embed) = (step.clone(), props.name.clone(), props.embed);
        Callback::from(move |to: usize| {
            let to = to.clamp(1, count);
            if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
                let url = share_link(&lesson_query(&name, to, embed));
                let _ = history.push_state_with_url(&JsValue::NULL, "", Some(&url));
            }
            step.set(to);
        })
    };
    {
        // The browser's Back and Forward move through the steps too.
        let step = step.clone();
        use_effect_with((), move |_| {
            let listener = on_history_move(move || {
                step.set(current_query().step.unwrap_or(1).clamp(1, count));
            });
            move || drop(listener)
        });
    }
    let Some(lesson) = found.as_ref() else {
        return html! {
            <main class="lessons">
                <h1>{ "Sudoku Lab — lessons" }</h1>
                <p id="lesson-error" class="error" role="alert">
                    { format!("There is no lesson named '{}'. ", props.name) }
                    <a href="?page=lessons">{ "See the lessons" }</a>
                </p>
            </main>
        };
    };
    let k = *step;
    let current = &lesson.steps[k - 1];
    let query = current.query();
    let pointed = Pointed {
        cells: current
            .cell_indices(lesson::step_size(&query))
            .unwrap_or_default(),
        line: current.line.map(|l| l - 1),
    };
    let panel = html! {
        <StepPanel name={props.name.clone()} lesson={lesson.clone()} step={k} embed={props.embed} go={go.clone()} />
    };
    let key = format!("{}-{k}", props.name);
    if current.opens_other_page() {
        // A step on another page: its text here, the page a link away.
        return html! {
            <main class="lessons" key={key}>
                { panel }
                <p><a id="lesson-open-page" href={share_link(&query)}>{ "Open this step's page" }</a></p>
            </main>
        };
    }
    if props.embed {
        html! { <Embed key={key} query={Some(query)} aside={Some(panel)} pointed={pointed} /> }
    } else {
        html! { <Lab key={key} query={Some(query)} aside={Some(panel)} pointed={pointed} /> }
    }
}

#[derive(Properties, PartialEq)]
struct StepPanelProps {
    name: AttrValue,
    lesson: Lesson,
    step: usize,
    embed: bool,
    go: Callback<usize>,
}

/// The step's text, its question, Back / Next and its link.
#[function_component(StepPanel)]
fn step_panel(props: &StepPanelProps) -> Html {
    let (lesson, k) = (&props.lesson, props.step);
    let step = &lesson.steps[k - 1];
    let count = lesson.steps.len();
    let link = share_link(&lesson_query(&props.name, k, props.embed));
    let back = props.go.reform(move |_: MouseEvent| k.saturating_sub(1));
    let next = props.go.reform(move |_: MouseEvent| k + 1);
    html! {
        <section class="lesson-step" aria-label="Lesson" data-lesson={props.name.clone()}>
            <p class="lesson-title"><a href="?page=lessons">{ "Lessons" }</a>{ " › " }{ lesson.title.clone() }</p>
            <h2 id="lesson-step-heading" tabindex="-1">{ format!("Step {k} of {count}") }</h2>
            <div class="lesson-text" data-lesson-step={k.to_string()} aria-live="polite">
                { for paragraphs(&step.text).into_iter().map(|spans| html! {
                    <p>{ for spans.into_iter().map(|(strong, text)| if strong {
                        html! { <strong>{ text }</strong> }
                    } else {
                        html! { { text } }
                    }) }</p>
                }) }
                if !step.cells.is_empty() || step.line.is_some() {
                    <p class="lesson-points">
                        { "Look at: " }
                        { [
                            step.line.map(|l| format!("line {l} of the pseudo-code")),
                            (!step.cells.is_empty()).then(|| format!("cells {}", step.cells.join(", "))),
                        ].into_iter().flatten().collect::<Vec<_>>().join("; ") }
                    </p>
                }
            </div>
            if let Some(q) = &step.question {
                <details class="lesson-question" key={format!("q{k}")}>
                    <summary>{ q.ask.clone() }<span class="reveal">{ " — show the answer" }</span></summary>
                    <p class="answer">{ q.answer.clone() }</p>
                </details>
            }
            <div class="buttons" role="group" aria-label="Lesson steps">
                <button id="lesson-back" disabled={k == 1} onclick={back}>{ "← Back" }</button>
                <button id="lesson-next" class="primary" disabled={k == count} onclick={next}>{ "Next →" }</button>
            </div>
            <CopyLink link={link} label="Link to this step" label_hidden=true input_id="lesson-link"
                button_id="copy-lesson-link" result_id="lesson-link-copied" />
        </section>
    }
}
