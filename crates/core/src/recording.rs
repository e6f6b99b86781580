//! A run kept as a trace file: the driver that runs a configuration with an observer keeping
//! its events, and writes the header that runs it again.

use crate::registry::Configuration;
use crate::study::RunOutcome;
use crate::trace::{Event, Flow, Observer, TraceFile, TraceHeader, MAX_EVENTS};
use crate::{Grid, Outcome, Status};

/// How a run that gave no verified answer ended, as records and the compare page name it (a
/// "solved" grid the verifier refused: `failed`).
pub fn outcome_id(status: Status) -> &'static str {
    match status {
        Status::Solved => RunOutcome::Failed.id(),
        Status::Cancelled => "cancelled",
        status => RunOutcome::of(status).id(),
    }
}

/// Keeps a run's events for a file: per-cell detail up to a cap (then only counted, as the
/// page's runner does), summaries always, and stops the run at [`MAX_EVENTS`].
struct Recording {
    events: Vec<Event>,
    detail_cap: u64,
    detail: u64,
    dropped: u64,
    full: bool,
}

impl Observer for Recording {
    fn event(&mut self, event: Event) -> Flow {
        if event.is_cell_detail() {
            if self.detail >= self.detail_cap {
                self.dropped += 1;
                return Flow::Continue;
            }
            self.detail += 1;
        }
        if self.events.len() >= MAX_EVENTS {
            self.full = true;
            return Flow::Stop;
        }
        self.events.push(event);
        Flow::Continue
    }
}

/// Runs `configuration` on `puzzle` with `seed` and keeps its trace, per-cell events up to
/// `detail_cap`, with the run's outcome. `Err` when the configuration cannot run.
pub fn record(
    puzzle: &Grid,
    configuration: &Configuration,
    seed: u64,
    detail_cap: u64,
) -> Result<(TraceFile, Outcome), String> {
    let mut recording = Recording {
        events: Vec::new(),
        detail_cap,
        detail: 0,
        dropped: 0,
        full: false,
    };
    let config = crate::RunConfig {
        seed,
        params: configuration.params.clone(),
    };
    let outcome = configuration
        .algorithm
        .run(puzzle, &config, &mut recording)
        .map_err(|e| e.to_string())?;
    let cap = recording
        .full
        .then(|| format!("cancelled at the trace's cap of {MAX_EVENTS} events"));
    let trace = TraceFile {
        header: header(
            puzzle,
            configuration,
            seed,
            &outcome,
            cap,
            recording.dropped,
        ),
        events: recording.events,
    };
    Ok((trace, outcome))
}

/// The header of a run's trace: how it ended (`cap`: the words for a run the recording
/// stopped, which then counts as cancelled) and the settings that run it again.
pub fn header(
    puzzle: &Grid,
    configuration: &Configuration,
    seed: u64,
    outcome: &Outcome,
    cap: Option<String>,
    dropped: u64,
) -> TraceHeader {
    let (ended, status) = match (crate::checked_answer(puzzle, outcome), cap) {
        (Ok(_), _) => ("verified", outcome.status.to_string()),
        (Err(_), Some(words)) => ("cancelled", words),
        (Err(words), None) => (outcome_id(outcome.status), words),
    };
    TraceHeader {
        lab: env!("CARGO_PKG_VERSION").to_string(),
        puzzle: puzzle.to_line(),
        configuration: configuration.to_string(),
        seed,
        outcome: ended.to_string(),
        status,
        dropped,
    }
}
