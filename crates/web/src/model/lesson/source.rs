//! Where a lesson comes from: shipped with the lab (`lesson=NAME`), pasted by a teacher and kept
//! in their browser (`lesson=pasted`), or a file on the lab's own origin (`lesson_url=…`). A
//! file from another origin is refused: a lesson sets the lab through links and texts a reader
//! trusts as the lab's own, so only whoever serves the lab may serve its lessons.

use crate::model::query::{own_origin, Query};

use super::Lesson;

/// The name under which the pasted lesson plays (`?lesson=pasted`); no shipped lesson has it.
pub const PASTED: &str = "pasted";

/// A lesson file's largest size: far above what [`super::MAX_STEPS`] steps of
/// [`super::MAX_TEXT`] characters need, and small enough to read at once.
pub const MAX_FILE_BYTES: usize = 256 * 1024;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    Shipped(String),
    Pasted,
    /// The address as the URL gives it (relative to the page, or absolute on its origin).
    Url(String),
}

impl Source {
    /// The lesson the URL asks for: `lesson_url` when given, else `lesson`.
    pub fn from_query(query: &Query) -> Option<Source> {
        if let Some(url) = &query.lesson_url {
            return Some(Source::Url(url.clone()));
        }
        query.lesson.as_deref().map(|name| match name {
            PASTED => Source::Pasted,
            name => Source::Shipped(name.to_string()),
        })
    }

    /// The URL of this lesson's step `step` (1-based).
    pub fn query(&self, step: usize, embed: bool) -> Query {
        let (lesson, lesson_url) = match self {
            Source::Shipped(name) => (Some(name.clone()), None),
            Source::Pasted => (Some(PASTED.to_string()), None),
            Source::Url(url) => (None, Some(url.clone())),
        };
        Query {
            lesson,
            lesson_url,
            step: Some(step),
            embed,
            ..Query::default()
        }
    }

    /// How the page names this lesson to its reader when it cannot be played.
    pub fn describe(&self) -> String {
        match self {
            Source::Shipped(name) => format!("the lesson '{name}'"),
            Source::Pasted => "the lesson pasted in this browser".to_string(),
            Source::Url(url) => format!("the lesson file {url}"),
        }
    }
}

/// Reads a lesson file's text as the page got it (pasted, chosen or fetched): too large a file
/// or one that does not check gets every mistake named.
pub fn read(text: &str) -> Result<Lesson, Vec<String>> {
    if text.len() > MAX_FILE_BYTES {
        return Err(vec![format!(
            "the lesson file has {} bytes; at most {MAX_FILE_BYTES}",
            text.len()
        )]);
    }
    if text.trim().is_empty() {
        return Err(vec!["the lesson file is empty".to_string()]);
    }
    Lesson::parse(text)
}

/// Whether a lesson file at `file_origin` may be read by the page at `page_origin`: only on the
/// page's own origin (see [`own_origin`]).
pub fn allowed_origin(file_origin: &str, page_origin: &str, url: &str) -> Result<(), String> {
    own_origin("lesson_url", url, file_origin, page_origin)
        .map_err(|e| format!("{e}. Paste the lesson on the lessons page instead."))
}
