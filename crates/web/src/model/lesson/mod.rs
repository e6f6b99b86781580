//! Lessons: guided tours made of the lab's own states. A lesson is a TOML file (`web/lessons/`,
//! or pasted by a teacher): a title, its audience and steps; each step sets the lab through the
//! URL contract (`lab = "puzzle=…&algorithm=…&step=K"`), says a few sentences, may point at a
//! pseudo-code line or cells, and may ask a question whose answer is shown on request — checked
//! against the run itself where the question says how (`check`).
//!
//! [`Lesson::parse`] reads and checks what can be checked without running (the URL contract's
//! own checks, cells and lines in range); [`play`] runs every step natively, as the page's worker
//! would, and checks the rest (a step past its run's end, a checked answer that the run
//! contradicts).

mod play;
mod source;

pub use play::{play, StepState};
pub use source::{allowed_origin, read, Source, MAX_FILE_BYTES, PASTED};

use serde::Deserialize;

use crate::model::query::{Page, Query};

mod shipped {
    include!(concat!(env!("OUT_DIR"), "/lessons.rs"));
}

/// The lessons that come with the lab, by name (`web/lessons/NAME.toml`), in teaching order
/// (`web/lessons/order.txt`). A lesson that does not read is left out (its file's test names the
/// mistake).
pub fn shipped() -> Vec<(&'static str, Lesson)> {
    shipped::SHIPPED
        .iter()
        .filter_map(|(name, json)| Some((*name, serde_json::from_str(json).ok()?)))
        .collect()
}

/// The shipped lesson `name`.
pub fn find(name: &str) -> Option<Lesson> {
    shipped()
        .into_iter()
        .find(|(n, _)| *n == name)
        .map(|(_, l)| l)
}

/// The shipped lesson after `name` in teaching order, with its name: where a lesson's last step
/// leads (none after the last lesson, or after a lesson that is not shipped).
pub fn next_after(name: &str) -> Option<(&'static str, Lesson)> {
    let lessons = shipped();
    let at = lessons.iter().position(|(n, _)| *n == name)?;
    lessons.into_iter().nth(at + 1)
}

/// At most this many steps in a lesson, and this many characters in a step's text: a lesson is
/// a short tour, not a book.
pub const MAX_STEPS: usize = 40;
pub const MAX_TEXT: usize = 1_500;

/// A lesson as its file says it.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    pub title: String,
    /// Who it is written for ("first-year students").
    pub audience: String,
    /// One or two sentences for the lesson index.
    pub summary: String,
    /// The papers or books it follows, as the index cites them.
    #[serde(default)]
    pub sources: Vec<String>,
    pub steps: Vec<Step>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The lab's state: a URL query of the lab's contract (without `?`).
    pub lab: String,
    pub text: String,
    /// A pseudo-code line the text points at (1-based, as the panel numbers them).
    #[serde(default)]
    pub line: Option<usize>,
    /// Cells the text points at, as `r1c1` … (highlighted on the board).
    #[serde(default)]
    pub cells: Vec<String>,
    #[serde(default)]
    pub question: Option<Question>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Question {
    pub ask: String,
    pub answer: String,
    /// How the run confirms the answer, if it can: see [`Check`].
    #[serde(default)]
    pub check: Option<String>,
}

/// What a question's answer can be checked against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// The answer names the cell (`r3c5`) the run gives a digit (a colour) to next.
    NextCell,
    /// The answer names the run's outcome: `verified`, `gave-up` or `no-solution`.
    Outcome,
}

impl Check {
    fn parse(text: &str) -> Result<Check, String> {
        match text {
            "next-cell" => Ok(Check::NextCell),
            "outcome" => Ok(Check::Outcome),
            other => Err(format!("unknown check '{other}': next-cell or outcome")),
        }
    }
}

impl Step {
    /// The step's lab state, parsed by the URL contract.
    pub fn query(&self) -> Query {
        Query::from_search(&self.lab)
    }

    /// The pointed cells as indices on an `n`×`n` board.
    pub fn cell_indices(&self, n: usize) -> Result<Vec<usize>, String> {
        self.cells.iter().map(|c| cell_index(c, n)).collect()
    }

    /// The page the step shows: the lab, or the compare or experiments page it sets (shown
    /// under the step's text), or the lessons' index (a link).
    pub fn page(&self) -> Page {
        let query = self.query();
        if !query.compare.is_empty() {
            return Page::Compare;
        }
        query.page.unwrap_or(Page::Lab)
    }

    /// The step shows a page other than the lab: there is no run of the lab's to play.
    pub fn opens_other_page(&self) -> bool {
        self.page() != Page::Lab
    }

    pub fn check(&self) -> Option<Check> {
        self.question
            .as_ref()
            .and_then(|q| q.check.as_deref())
            .and_then(|c| Check::parse(c).ok())
    }
}

/// A step's text as paragraphs (split at blank lines, lines joined) of spans, each plain or
/// strong (`**…**`): the little markup a lesson's text has.
pub fn paragraphs(text: &str) -> Vec<Vec<(bool, String)>> {
    text.split("\n\n")
        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|p| !p.is_empty())
        .map(|p| {
            p.split("**")
                .enumerate()
                .filter(|(_, part)| !part.is_empty())
                .map(|(k, part)| (k % 2 == 1, part.to_string()))
                .collect()
        })
        .collect()
}

/// `r3c5` → its index on an `n`×`n` board.
pub fn cell_index(text: &str, n: usize) -> Result<usize, String> {
    let bad = || format!("cell '{text}' is not r<row>c<column>");
    let rest = text.trim().strip_prefix(['r', 'R']).ok_or_else(bad)?;
    let (row, column) = rest.split_once(['c', 'C']).ok_or_else(bad)?;
    let (row, column): (usize, usize) = (
        row.parse().map_err(|_| bad())?,
        column.parse().map_err(|_| bad())?,
    );
    if !(1..=n).contains(&row) || !(1..=n).contains(&column) {
        return Err(format!("cell '{text}' is outside the {n}×{n} board"));
    }
    Ok((row - 1) * n + column - 1)
}

impl Lesson {
    /// Reads a lesson file and checks it without running anything. Every mistake is named, with
    /// its step (1-based, as the player numbers them).
    pub fn parse(text: &str) -> Result<Lesson, Vec<String>> {
        let lesson: Lesson = toml::from_str(text).map_err(|e| vec![describe_toml_error(&e)])?;
        let problems = lesson.problems();
        if problems.is_empty() {
            Ok(lesson)
        } else {
            Err(problems)
        }
    }

    /// What is wrong with the lesson that is visible without running it.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        if self.title.trim().is_empty() {
            problems.push("the title is empty".to_string());
        }
        if self.steps.is_empty() {
            problems.push("a lesson needs at least one step".to_string());
        }
        if self.steps.len() > MAX_STEPS {
            problems.push(format!(
                "{} steps: a lesson has at most {MAX_STEPS}",
                self.steps.len()
            ));
        }
        for (k, step) in self.steps.iter().enumerate() {
            let at = |p: String| format!("step {}: {p}", k + 1);
            if step.text.trim().is_empty() {
                problems.push(at("the text is empty".into()));
            }
            if step.text.chars().count() > MAX_TEXT {
                problems.push(at(format!(
                    "the text has {} characters; at most {MAX_TEXT}",
                    step.text.chars().count()
                )));
            }
            let query = step.query();
            problems.extend(query.errors.iter().map(|e| at(e.clone())));
            let n = step_size(&query);
            if let Err(e) = step.cell_indices(n) {
                problems.push(at(e));
            }
            if let Some(line) = step.line {
                let lines = query.algorithm.map(|a| a.pseudocode().len());
                // A misspelt algorithm is named once, by the URL's own message.
                let misspelt = query.errors.iter().any(|e| e.contains("unknown algorithm"));
                match lines {
                    None if misspelt => {}
                    None => problems.push(at(format!(
                        "line {line} points at pseudo-code, but the step names no algorithm"
                    ))),
                    Some(count) if !(1..=count).contains(&line) => problems.push(at(format!(
                        "line {line} is not a line of {}'s pseudo-code (1–{count})",
                        query.algorithm.map(|a| a.id()).unwrap_or_default()
                    ))),
                    _ => {}
                }
            }
            if let Some(question) = &step.question {
                if question.ask.trim().is_empty() || question.answer.trim().is_empty() {
                    problems.push(at("a question needs both ask and answer".into()));
                }
                if let Some(check) = &question.check {
                    match Check::parse(check) {
                        Err(e) => problems.push(at(e)),
                        Ok(_) if !query.run => problems.push(at(format!(
                            "the answer is checked against the run ({check}), but the step does not run (run=1)"
                        ))),
                        Ok(_) => {}
                    }
                }
            }
        }
        problems
    }
}

/// The board side a step's puzzle has (9 when it names none: the lab's default).
pub fn step_size(query: &Query) -> usize {
    query
        .puzzle
        .as_deref()
        .and_then(|p| sudoku_core::Grid::parse(p).ok())
        .map(|grid| grid.size().n())
        .unwrap_or(9)
}

fn describe_toml_error(error: &toml::de::Error) -> String {
    let message = error.message().trim().to_string();
    match error.span() {
        Some(span) => format!("not a lesson file (at byte {}): {message}", span.start),
        None => format!("not a lesson file: {message}"),
    }
}

#[cfg(test)]
mod tests;
