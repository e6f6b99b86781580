//! The lessons: an index (`?page=lessons`, with a box for a teacher's own lesson) and the player
//! (`?lesson=NAME&step=K`, `?lesson=pasted`, `?lesson_url=FILE`, each also with `embed=1`). A
//! bundle of its own (`lessons_app`, with the lessons' texts and a lesson file reader), so the
//! lab's first visit carries none of it.

mod own;
mod player;

use yew::prelude::*;

use crate::app::browser::share_link;
use crate::app::components::page_header::PageHeader;
use crate::model::lesson::{self, Source};
use crate::model::query::Page;

pub use player::LessonPlayer;

/// The element the lessons bundle draws into (see [`crate::app::bundle`]).
pub const ROOT_ID: &str = "lessons-root";

/// Where the page keeps a pasted lesson's text (this browser only; it is never sent anywhere).
const PASTED_KEY: &str = "sudoku-lab-pasted-lesson";

/// Draws the lessons page the URL asks for: the entry point of the `lessons_app` bundle.
pub fn mount() {
    crate::app::bundle::mount::<LessonsPage>(ROOT_ID);
}

/// The index or a lesson's player, as the URL says.
#[function_component(LessonsPage)]
pub fn lessons_page() -> Html {
    let query = use_memo((), |_| crate::app::browser::query());
    match Source::from_query(&query) {
        Some(source) => html! {
            <LessonPlayer source={source} step={query.step.unwrap_or(1)} embed={query.embed} />
        },
        None => html! { <LessonIndex /> },
    }
}

/// The lesson index: the shipped lessons, then the teacher's own.
#[function_component(LessonIndex)]
pub fn lesson_index() -> Html {
    let lessons = lesson::shipped();
    html! {
        <main class="lessons">
            <PageHeader title="Sudoku Lab — lessons" page={Page::Lessons}>
                { "Guided tours built from the lab's own runs: each step sets the lab and says what to look at." }
            </PageHeader>
            <ol class="lesson-list">
                { for lessons.iter().map(|(name, l)| html! {
                    <li>
                        <a href={share_link(&Source::Shipped(name.to_string()).query(1, false))} data-lesson={*name}
                            data-steps={l.steps.len().to_string()}>{ l.title.clone() }</a>
                        <p class="summary">{ l.summary.clone() }</p>
                        <p class="meta">
                            { format!("{} steps · for {} · ", l.steps.len(), l.audience) }
                            <a class="lesson-source" href={format!("lessons/{name}.toml")}
                                aria-label={format!("The lesson file of {}", l.title)}>{ "its file" }</a>
                        </p>
                        if !l.sources.is_empty() {
                            <p class="meta">{ format!("Follows: {}", l.sources.join("; ")) }</p>
                        }
                    </li>
                }) }
            </ol>
            <own::OwnLesson />
        </main>
    }
}
