//! Pseudo-code as data: each algorithm's module declares its lines and which events each line
//! executes (its marks), after Algorithms in Action's bookmarks. The page highlights the line of
//! the event under the playback cursor; it knows no algorithm.

use crate::trace::{Event, Rule};
use crate::words::prose;

/// What kind of step an event is, as far as the pseudo-code cares: its kind, and for
/// placements and eliminations the rule behind them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    Guess,
    Assign(Rule),
    Eliminate(Rule),
    Backtrack,
    Unassign,
    Swap,
    Weight,
    Push,
    Pop,
    Restart,
    Iteration,
    Generation,
    Temperature,
    Conflict,
    Handover,
}

impl Event {
    /// The mark a pseudo-code line must carry to execute this event.
    pub fn mark(&self) -> Mark {
        match *self {
            Event::Guess { .. } => Mark::Guess,
            Event::Assign { reason, .. } => Mark::Assign(reason.rule),
            Event::Eliminate { reason, .. } => Mark::Eliminate(reason.rule),
            Event::Backtrack { .. } => Mark::Backtrack,
            Event::Unassign { .. } => Mark::Unassign,
            Event::Swap { .. } => Mark::Swap,
            Event::Weight { .. } => Mark::Weight,
            Event::Push { .. } => Mark::Push,
            Event::Pop { .. } => Mark::Pop,
            Event::Restart { .. } | Event::SearchRestart { .. } => Mark::Restart,
            Event::Iteration { .. } => Mark::Iteration,
            Event::Generation { .. } => Mark::Generation,
            Event::Temperature { .. } => Mark::Temperature,
            Event::Conflict { .. } => Mark::Conflict,
            Event::Handover { .. } => Mark::Handover,
        }
    }
}

/// One line of pseudo-code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    /// Nesting level (each level is drawn as one indent).
    pub indent: u8,
    pub text: &'static str,
    /// The events this line executes.
    pub marks: &'static [Mark],
}

/// A line with no event of its own (control flow, comments).
pub const fn line(indent: u8, text: &'static str) -> Line {
    Line {
        indent,
        text: prose(text),
        marks: &[],
    }
}

/// A line that executes the events with these marks.
pub const fn step(indent: u8, text: &'static str, marks: &'static [Mark]) -> Line {
    Line {
        indent,
        text: prose(text),
        marks,
    }
}

/// The line of `code` that executes `event`: the first line carrying its mark.
pub fn line_of(code: &[Line], event: &Event) -> Option<usize> {
    let mark = event.mark();
    code.iter().position(|l| l.marks.contains(&mark))
}
