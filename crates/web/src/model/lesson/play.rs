//! A lesson played through natively: each step's lab built from its URL, its run answered by the
//! worker's own code ([`crate::runner`]), so what the page will show at each step is known
//! before a student sees it — and what a step claims (its event, its pseudo-code line, a checked
//! answer) is held against it.

use sudoku_core::{cell_name, Event, Size};

use super::{cell_index, Check, Lesson, Step};
use crate::model::lab::{Action, Lab};
use crate::model::library::library;
use crate::protocol::SolverRequest;
use crate::runner;

/// What the lab shows at a step (for a lab step that runs).
#[derive(Clone, Debug, PartialEq)]
pub struct StepState {
    /// Events in the run's trace, and the cursor the step puts the playback at.
    pub events: usize,
    pub cursor: usize,
    /// The pseudo-code line (1-based) of the event at the cursor.
    pub line: Option<usize>,
    /// The cell the event at the cursor acts on, and the next cell the run gives a digit (or a
    /// colour) to after the cursor.
    pub cell: Option<usize>,
    pub next_cell: Option<usize>,
    /// The event that fills `next_cell`.
    pub next_fill_event: Option<usize>,
    /// `verified`, `gave-up`, `no-solution`…
    pub outcome: Option<&'static str>,
    /// The narration of the event at the cursor and of the next one, as the page words them.
    pub narration: String,
    pub next_narration: String,
    /// The board at the cursor.
    pub values: Vec<u8>,
}

/// Plays every step; returns each step's state (`None` for a step that does not run, or shows
/// another page) and the problems found, each with its step (1-based).
pub fn play(lesson: &Lesson) -> (Vec<Option<StepState>>, Vec<String>) {
    let mut states = Vec::with_capacity(lesson.steps.len());
    let mut problems = Vec::new();
    for (k, step) in lesson.steps.iter().enumerate() {
        let at = |p: String| format!("step {}: {p}", k + 1);
        match play_step(step) {
            Ok(state) => {
                if let Some(state) = &state {
                    problems.extend(claims(step, state).into_iter().map(at));
                }
                states.push(state);
            }
            Err(problem) => {
                problems.push(at(problem));
                states.push(None);
            }
        }
    }
    (states, problems)
}

/// The lab at a step, its run answered natively.
fn play_step(step: &Step) -> Result<Option<StepState>, String> {
    let query = step.query();
    if step.opens_other_page() || query.embed || !query.run {
        return Ok(None);
    }
    let wanted = query.step;
    let (mut lab, effects) = Lab::new(query, library(), 1);
    let run = effects
        .jobs
        .submitted()
        .find_map(|(job, request)| match request {
            SolverRequest::Run(run) => Some((job, run.clone())),
            _ => None,
        });
    let (job, request) = run.ok_or_else(|| {
        lab.notice
            .clone()
            .unwrap_or_else(|| "the run does not start".into())
    })?;
    for message in runner::run_to_messages(&request) {
        lab.apply(Action::FromWorker { job, message });
    }
    let algorithm = lab.algorithm;
    let run = lab.run.as_mut().ok_or("the run did not start")?;
    let events = run.timeline.len();
    if let Some(wanted) = wanted {
        if wanted > events {
            return Err(format!(
                "step={wanted} is past the run's end ({events} events)"
            ));
        }
    }
    let cursor = run.timeline.cursor();
    let line = run
        .timeline
        .current_line(algorithm.pseudocode())
        .map(|l| l + 1);
    let cell = run.timeline.current_cell();
    let values = run.values().to_vec();
    let outcome = run.outcome();
    let size = run.puzzle.size();
    let narration = run.timeline.narration(size);
    let next_narration = if cursor < events {
        run.timeline.seek(cursor + 1);
        run.timeline.narration(size)
    } else {
        String::new()
    };
    run.timeline.seek(cursor);
    let (mut next_cell, mut next_fill_event) = (None, None);
    while run.timeline.forward(1) == 1 {
        if let Some(Event::Assign { cell, .. } | Event::Guess { cell, .. }) = run.timeline.current()
        {
            next_cell = Some(*cell as usize);
            next_fill_event = Some(run.timeline.cursor());
            break;
        }
    }
    run.timeline.seek(cursor);
    Ok(Some(StepState {
        events,
        cursor,
        line,
        cell,
        next_cell,
        next_fill_event,
        outcome,
        narration,
        next_narration,
        values,
    }))
}

/// What the step says that its state contradicts.
fn claims(step: &Step, state: &StepState) -> Vec<String> {
    let mut problems = Vec::new();
    if let (Some(said), Some(shown)) = (step.line, state.line) {
        if state.cursor > 0 && said != shown {
            problems.push(format!(
                "the text points at line {said}, but the event at {} runs line {shown}",
                state.cursor
            ));
        }
    }
    let size = Size::from_cell_count(state.values.len()).unwrap_or(Size::NINE);
    let n = size.n();
    if let (Some(check), Some(question)) = (step.check(), &step.question) {
        let answer = question.answer.trim();
        match check {
            Check::NextCell => {
                let named = first_cell(answer, n);
                match (named, state.next_cell) {
                    (None, _) => problems.push(format!(
                        "the answer is checked as a cell, but names none (r<row>c<column>): '{answer}'"
                    )),
                    (Some(_), None) => problems.push(
                        "the answer is checked against the next cell the run fills, but it fills none"
                            .into(),
                    ),
                    (Some(named), Some(next)) if named != next => problems.push(format!(
                        "the answer names {}, but the next cell the run fills is {}",
                        cell_name(size, named),
                        cell_name(size, next)
                    )),
                    _ => {}
                }
            }
            Check::Outcome => {
                let outcome = state.outcome.unwrap_or("none");
                if !answer.to_lowercase().starts_with(outcome) {
                    problems.push(format!(
                        "the answer should start with the run's outcome '{outcome}': '{answer}'"
                    ));
                }
            }
        }
    }
    problems
}

/// The first `rXcY` word of a text.
fn first_cell(text: &str, n: usize) -> Option<usize> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .find_map(|word| cell_index(word, n).ok())
}
