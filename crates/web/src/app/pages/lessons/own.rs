//! A teacher's own lesson on the index: paste a lesson file or choose one, the page checks it
//! (every mistake named with its step, its runs played to hold each step's claims against them)
//! and keeps it in this browser, never sending it anywhere;
//! it then plays as `?lesson=pasted`. A file served beside the lab plays by `?lesson_url=`.

use yew::prelude::*;

use super::PASTED_KEY;
use crate::app::browser::{self, share_link};
use crate::app::hooks::{use_lazy_worker_pool, PoolEvent, WorkerKind};
use crate::model::jobs::{Jobs, Pending};
use crate::model::lesson::{self, Source, MAX_FILE_BYTES};
use crate::protocol::{SolverReply, SolverRequest};

/// The paste box, the file chooser and the lesson pasted earlier.
#[function_component(OwnLesson)]
pub fn own_lesson() -> Html {
    let kept = use_state(|| browser::stored(PASTED_KEY));
    let text = use_state(|| (*kept).clone().unwrap_or_default());
    let problems = use_state(Vec::<String>::new);
    let oninput = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| {
            let area: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
            text.set(area.value());
        })
    };
    let onchange = {
        let (text, problems) = (text.clone(), problems.clone());
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let Some(file) = input.files().and_then(|files| files.get(0)) else {
                return;
            };
            let (text, problems) = (text.clone(), problems.clone());
            wasm_bindgen_futures::spawn_local(async move {
                match browser::read_chosen_file(file, MAX_FILE_BYTES).await {
                    Ok(read) => {
                        text.set(read);
                        problems.set(Vec::new());
                    }
                    Err(e) => problems.set(vec![e]),
                }
            });
        })
    };
    // Open: the file read here, then played through in the full worker (off the page's
    // thread: a lesson's runs may take seconds) so that what a step claims of its run is held
    // against the run before a student sees it; kept and opened only then. The worker starts
    // at the first check.
    let checking = use_state(|| false);
    let asked = use_mut_ref(Pending::<String>::default);
    let on_event = {
        let (problems, checking, asked) = (problems.clone(), checking.clone(), asked.clone());
        Callback::from(move |event: PoolEvent<SolverReply>| {
            let (job, found) = match event {
                PoolEvent::Message { job, message } => match message {
                    SolverReply::LessonChecked(found) => (job, found),
                    SolverReply::Failed(e) => (job, vec![cannot_check(&e)]),
                    _ => return,
                },
                PoolEvent::Failed { job, error } => (job, vec![cannot_check(&error)]),
            };
            let Some(text) = asked.borrow_mut().answered(job, true) else {
                return;
            };
            checking.set(false);
            if !found.is_empty() {
                problems.set(found);
            } else if !browser::store(PASTED_KEY, &text) {
                problems.set(vec![
                    "This browser keeps no data for pages (storage is off or full): the lesson cannot be kept to play.".to_string(),
                ]);
            } else {
                browser::navigate(&share_link(&Source::Pasted.query(1, false)));
            }
        })
    };
    let checker = use_lazy_worker_pool(1, WorkerKind::SOLVER_FULL, on_event);
    let open = {
        let (text, problems, checking) = (text.clone(), problems.clone(), checking.clone());
        Callback::from(move |_: MouseEvent| {
            if let Err(found) = lesson::read(&text) {
                problems.set(found);
                return;
            }
            problems.set(Vec::new());
            checking.set(true);
            let mut jobs = Jobs::default();
            // Only the latest check counts.
            let mut asked = asked.borrow_mut();
            asked.cancel_all(&mut jobs);
            let job = asked.issue(String::clone(&text));
            jobs.submit(job, SolverRequest::CheckLesson(String::clone(&text)));
            drop(asked);
            checker.carry_out_jobs(&jobs);
        })
    };
    let forget = {
        let (kept, text, problems) = (kept.clone(), text.clone(), problems.clone());
        Callback::from(move |_: MouseEvent| {
            browser::forget(PASTED_KEY);
            kept.set(None);
            text.set(String::new());
            problems.set(Vec::new());
        })
    };
    let kept_lesson = kept.as_deref().and_then(|t| lesson::read(t).ok());
    html! {
        <section class="lesson-own" aria-labelledby="own-lesson-heading">
            <h2 id="own-lesson-heading">{ "Your own lesson" }</h2>
            <p>
                { "Write a lesson file (the README's “Writing a lesson” says how; each lesson above links to its file, a good start), paste it here or choose it, and open it: the page checks it, names every mistake with its step, and keeps it in this browser only — it is never sent anywhere. A lesson file served beside the lab opens with " }
                <code>{ "?lesson_url=ADDRESS" }</code>
                { " (from the lab's own site only)." }
            </p>
            if let Some(kept) = kept_lesson {
                <p id="lesson-pasted">
                    { "Kept in this browser: " }
                    <a href={share_link(&Source::Pasted.query(1, false))} data-lesson={lesson::PASTED}
                        data-steps={kept.steps.len().to_string()}>{ kept.title }</a>
                    { " " }
                    <button id="lesson-forget" onclick={forget}>{ "Forget it" }</button>
                </p>
            }
            <label for="lesson-paste">{ "Lesson file (TOML)" }</label>
            <textarea id="lesson-paste" rows="12" spellcheck="false" value={(*text).clone()} {oninput}
                aria-describedby="lesson-paste-errors" />
            <div class="buttons">
                <label class="file-choice">{ "Choose a file… " }
                    <input id="lesson-file" type="file" accept=".toml,text/plain" {onchange} />
                </label>
                <button id="lesson-open-pasted" class="primary" onclick={open} disabled={*checking}>{ "Check and open" }</button>
            </div>
            <div id="lesson-paste-errors" role="alert">
                if *checking {
                    <p id="lesson-checking" role="status">{ "Playing the lesson's runs to check what each step says of them…" }</p>
                }
                if !problems.is_empty() {
                    <p class="error">{ match problems.len() {
                        1 => "The lesson cannot be played:".to_string(),
                        n => format!("The lesson cannot be played ({n} mistakes):"),
                    } }</p>
                    <ul class="error">{ for problems.iter().map(|p| html! { <li>{ p.clone() }</li> }) }</ul>
                }
            </div>
        </section>
    }
}

fn cannot_check(why: &str) -> String {
    format!("the lesson could not be checked: {why}")
}
