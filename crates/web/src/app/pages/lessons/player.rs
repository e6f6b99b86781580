//! A lesson's player: the step's text beside the lab (or above the compare or experiments page),
//! which the step's URL sets; Back and Next
//! move through the steps in the page (the address follows, so each step has its link). The
//! lesson is read first — at once when shipped or pasted, fetched from the lab's own origin for
//! `lesson_url` — and a lesson that cannot be read says why, every mistake named.

use std::rc::Rc;

use wasm_bindgen::JsValue;
use yew::prelude::*;

use super::PASTED_KEY;
use crate::app::browser::{self, current_query, on_history_move, share_link};
use crate::app::components::copy_link::CopyLink;
use crate::app::components::stage::Pointed;
use crate::app::pages::compare::ComparePage;
use crate::app::pages::embed::Embed;
use crate::app::pages::experiments::ExperimentsPage;
use crate::app::pages::lab::Lab;
use crate::app::pages::study::Studies;
use crate::model::lesson::{self, paragraphs, Lesson, Source, MAX_FILE_BYTES};
use crate::model::query::Page;

/// The lesson as far as the page has read it.
#[derive(Clone, PartialEq)]
enum Loaded {
    Reading,
    Ready(Rc<Lesson>),
    Failed(Vec<String>),
}

/// Reads a shipped or pasted lesson (a file is fetched: see [`fetch_file`]).
fn read_now(source: &Source) -> Loaded {
    let result = match source {
        Source::Shipped(name) => {
            lesson::find(name).ok_or_else(|| vec![format!("There is no lesson named '{name}'.")])
        }
        Source::Pasted => match browser::stored(PASTED_KEY) {
            Some(text) => lesson::read(&text),
            None => Err(vec![
                "No lesson has been pasted in this browser: paste one on the lessons page."
                    .to_string(),
            ]),
        },
        Source::Url(_) => return Loaded::Reading,
    };
    match result {
        Ok(lesson) => Loaded::Ready(Rc::new(lesson)),
        Err(problems) => Loaded::Failed(problems),
    }
}

/// Reads a lesson file from the lab's own origin; another origin's is refused unread.
async fn fetch_file(url: String) -> Loaded {
    let Some(resolved) = browser::resolve(&url) else {
        return Loaded::Failed(vec![format!("lesson_url={url} is not an address")]);
    };
    if let Err(refused) = lesson::allowed_origin(&resolved.origin, &resolved.page_origin, &url) {
        return Loaded::Failed(vec![refused]);
    }
    match browser::fetch_own_text(&resolved.href, MAX_FILE_BYTES).await {
        Ok(text) => match lesson::read(&text) {
            Ok(lesson) => Loaded::Ready(Rc::new(lesson)),
            Err(problems) => Loaded::Failed(problems),
        },
        Err(e) => Loaded::Failed(vec![e]),
    }
}

#[derive(Properties, PartialEq)]
pub struct LessonPlayerProps {
    pub source: Source,
    /// The step to open (1-based), from the URL.
    pub step: usize,
    pub embed: bool,
}

/// Reads the lesson, then plays it; a lesson that cannot be read says why and links to the index.
#[function_component(LessonPlayer)]
pub fn lesson_player(props: &LessonPlayerProps) -> Html {
    let loaded = use_state(|| read_now(&props.source));
    {
        let loaded = loaded.clone();
        use_effect_with(props.source.clone(), move |source| {
            if let Source::Url(url) = source.clone() {
                wasm_bindgen_futures::spawn_local(async move { loaded.set(fetch_file(url).await) });
            }
        });
    }
    match &*loaded {
        Loaded::Reading => html! {
            <main class="lessons">
                <h1>{ "Sudoku Lab — lessons" }</h1>
                <p id="lesson-reading" role="status">{ format!("Reading {}…", props.source.describe()) }</p>
            </main>
        },
        Loaded::Failed(problems) => html! {
            <main class="lessons">
                <h1>{ "Sudoku Lab — lessons" }</h1>
                <div id="lesson-error" class="error" role="alert">
                    <p>{ format!("Cannot play {}:", props.source.describe()) }</p>
                    <ul>{ for problems.iter().map(|p| html! { <li>{ p.clone() }</li> }) }</ul>
                    <p><a href="?page=lessons">{ "See the lessons" }</a></p>
                </div>
            </main>
        },
        Loaded::Ready(lesson) => html! {
            <LessonSteps source={props.source.clone()} lesson={lesson.clone()} step={props.step} embed={props.embed} />
        },
    }
}

#[derive(Properties, PartialEq)]
struct LessonStepsProps {
    source: Source,
    lesson: Rc<Lesson>,
    step: usize,
    embed: bool,
}

/// A read lesson's steps: the current one's panel beside the lab (or a link to its page).
#[function_component(LessonSteps)]
fn lesson_steps(props: &LessonStepsProps) -> Html {
    let count = props.lesson.steps.len();
    let step = use_state(|| props.step.clamp(1, count));
    let go = {
        let (step, source, embed) = (step.clone(), props.source.clone(), props.embed);
        Callback::from(move |to: usize| {
            let to = to.clamp(1, count);
            if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
                let url = share_link(&source.query(to, embed));
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
    let k = *step;
    let current = &props.lesson.steps[k - 1];
    let query = current.query();
    let pointed = Pointed {
        cells: current
            .cell_indices(lesson::step_size(&query))
            .unwrap_or_default(),
        line: current.line.map(|l| l - 1),
    };
    let panel = html! {
        <StepPanel source={props.source.clone()} lesson={props.lesson.clone()} step={k} embed={props.embed} go={go.clone()} />
    };
    let key = format!("step-{k}");
    match current.page() {
        Page::Compare => {
            html! { <ComparePage key={key} query={Some(query)} aside={Some(panel)} /> }
        }
        Page::Experiments => {
            html! { <ExperimentsPage key={key} query={Some(query)} aside={Some(panel)} /> }
        }
        Page::Study => html! { <Studies key={key} query={Some(query)} aside={Some(panel)} /> },
        // The lessons' index: the step's text, the index a link away.
        Page::Lessons => html! {
            <main class="lessons" key={key}>
                { panel }
                <p><a id="lesson-open-page" href={share_link(&query)}>{ "Open this step's page" }</a></p>
            </main>
        },
        Page::Lab if props.embed => {
            html! { <Embed key={key} query={Some(query)} aside={Some(panel)} pointed={pointed} /> }
        }
        Page::Lab => {
            html! { <Lab key={key} query={Some(query)} aside={Some(panel)} pointed={pointed} /> }
        }
    }
}

#[derive(Properties, PartialEq)]
struct StepPanelProps {
    source: Source,
    lesson: Rc<Lesson>,
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
    let link = share_link(&props.source.query(k, props.embed));
    let back = props.go.reform(move |_: MouseEvent| k.saturating_sub(1));
    let next = props.go.reform(move |_: MouseEvent| k + 1);
    let name = match &props.source {
        Source::Shipped(name) => name.clone(),
        Source::Pasted => lesson::PASTED.to_string(),
        Source::Url(url) => url.clone(),
    };
    html! {
        <section class="lesson-step" aria-label="Lesson" data-lesson={name}>
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
            if k == count {
                <Onward source={props.source.clone()} embed={props.embed} />
            }
            <CopyLink link={link} label="Link to this step" label_hidden=true input_id="lesson-link"
                button_id="copy-lesson-link" result_id="lesson-link-copied" />
            if props.source == Source::Pasted {
                <p class="meta" id="lesson-pasted-note">
                    { "This lesson was pasted in this browser: its link opens it here only. To share it, serve its file beside the lab (lesson_url) or send the file." }
                </p>
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct OnwardProps {
    source: Source,
    embed: bool,
}

/// Where a lesson's last step leads: the next shipped lesson in teaching order, or the lessons.
#[function_component(Onward)]
fn onward(props: &OnwardProps) -> Html {
    let next = match &props.source {
        Source::Shipped(name) => lesson::next_after(name),
        _ => None,
    };
    match next {
        Some((name, next)) => html! {
            <p class="lesson-onward">
                { "End of this lesson. Next: " }
                <a id="lesson-onward" href={share_link(&Source::Shipped(name.into()).query(1, props.embed))}>
                    { format!("{} →", next.title) }</a>
            </p>
        },
        None => html! {
            <p class="lesson-onward">
                { "End of this lesson. " }
                <a id="lesson-onward" href="?page=lessons">{ "Back to the lessons" }</a>
            </p>
        },
    }
}
