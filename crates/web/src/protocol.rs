//! Messages between the page and the worker. The page never runs a solver: it posts a
//! [`RunRequest`]; the worker answers with batches of events and ends with [`WorkerMessage::Done`].

use serde::{Deserialize, Serialize};
use sudoku_core::{Event, Grid, Outcome, Params, Reason, Rule, SolutionCount, Status};

/// One run: algorithm id (registry), parameters, the puzzle and the seed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunRequest {
    pub algorithm: String,
    pub params: Params,
    pub puzzle: Grid,
    pub seed: u64,
}

/// What the worker posts back.
#[derive(Clone, Debug)]
pub enum WorkerMessage {
    /// The worker's wasm is loaded and it takes requests.
    Ready,
    /// The next events of the trace, in order.
    Events(Vec<Event>),
    /// The run ended.
    Done(RunSummary),
    /// The request could not be run (unknown algorithm, bad parameter).
    Failed(String),
}

/// The worker's messages that cross as JSON text (events cross as words, see
/// [`encode_events`]: the page then needs no JSON reader for events, which saves its bundle
/// about a tenth of its code).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Control {
    Ready,
    Done(RunSummary),
    Failed(String),
}

impl WorkerMessage {
    /// The JSON form of every message but an event batch.
    pub fn control(&self) -> Option<Control> {
        match self {
            WorkerMessage::Ready => Some(Control::Ready),
            WorkerMessage::Done(summary) => Some(Control::Done(summary.clone())),
            WorkerMessage::Failed(message) => Some(Control::Failed(message.clone())),
            WorkerMessage::Events(_) => None,
        }
    }
}

impl From<Control> for WorkerMessage {
    fn from(control: Control) -> WorkerMessage {
        match control {
            Control::Ready => WorkerMessage::Ready,
            Control::Done(summary) => WorkerMessage::Done(summary),
            Control::Failed(message) => WorkerMessage::Failed(message),
        }
    }
}

/// How a run ended, as the page shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunSummary {
    pub outcome: Outcome,
    /// The verifier's word on a solved grid (`None` when not solved).
    pub verified: Option<Result<(), String>>,
    /// Solutions of the puzzle counted up to 2 after a successful run: tells a unique puzzle from
    /// one with several solutions (`None` when the run did not solve it or the count did not
    /// settle within `runner::UNIQUENESS_NODES`).
    pub solutions: Option<SolutionCount>,
    /// Milliseconds the solver ran in the worker (event posting included).
    pub elapsed_ms: f64,
    /// Per-cell events kept in the trace and dropped past the cap (summaries are always kept).
    pub kept_events: u64,
    pub dropped_events: u64,
}

impl RunSummary {
    /// How the run ended, as the test hooks and the embed page's notices name it: `verified`,
    /// `no-solution`, `gave-up`, `cancelled`, or `failed` (solved but not verified).
    pub fn outcome_id(&self) -> &'static str {
        match (&self.outcome.status, &self.verified) {
            (Status::Solved, Some(Ok(()))) => "verified",
            (Status::Solved, _) => "failed",
            (Status::NoSolution, _) => "no-solution",
            (Status::Cancelled, _) => "cancelled",
            (Status::GaveUp(_), _) => "gave-up",
        }
    }
}

/// Words per event in the binary form of event batches.
pub const EVENT_WORDS: usize = 5;

/// Event batches cross to the page as flat `u32` words (a transferable typed array): no text to
/// build or parse, so the page stays responsive while a fast solver streams hundreds of
/// thousands of events. Layout: kind, then up to four fields (f32 fields as their bits).
pub fn encode_events(events: &[Event]) -> Vec<u32> {
    let mut out = Vec::with_capacity(events.len() * EVENT_WORDS);
    for e in events {
        let words: [u32; EVENT_WORDS] = match *e {
            Event::Guess { cell, value, depth } => [0, cell as u32, value as u32, depth, 0],
            Event::Assign {
                cell,
                value,
                reason,
            } => cell_change(1, cell, value, reason),
            Event::Eliminate {
                cell,
                value,
                reason,
            } => cell_change(2, cell, value, reason),
            Event::Backtrack { depth } => [3, depth, 0, 0, 0],
            Event::Unassign { cell, value } => [4, cell as u32, value as u32, 0, 0],
            Event::Swap { a, b } => [5, a as u32, b as u32, 0, 0],
            Event::Restart {
                attempt,
                progress,
                stuck,
            } => [6, attempt, progress, stuck.map_or(0, |c| c as u32 + 1), 0],
            Event::Push { cell } => [10, cell as u32, 0, 0, 0],
            Event::Pop { cell } => [11, cell as u32, 0, 0, 0],
            Event::Iteration {
                iteration,
                cost,
                best,
            } => [7, iteration, cost, best, 0],
            Event::Generation {
                generation,
                best,
                mean,
                worst,
            } => [
                8,
                generation,
                best.to_bits(),
                mean.to_bits(),
                worst.to_bits(),
            ],
            Event::Temperature {
                step,
                temperature,
                cost,
                best,
            } => [9, step, temperature.to_bits(), cost, best],
        };
        out.extend_from_slice(&words);
    }
    out
}

/// An Assign (kind 1) or Eliminate (kind 2): the cell, the value, the reason's rule and place.
fn cell_change(kind: u32, cell: u16, value: u8, reason: Reason) -> [u32; EVENT_WORDS] {
    let rule = Rule::ALL
        .iter()
        .position(|&r| r == reason.rule)
        .unwrap_or(0) as u32;
    [kind, cell as u32, value as u32, rule, reason.at as u32]
}

fn reason(rule: u32, at: u32) -> Option<Reason> {
    Some(Reason {
        rule: *Rule::ALL.get(rule as usize)?,
        at: u16::try_from(at).ok()?,
    })
}

/// The events of [`encode_events`]' words; `None` if the words are not a whole, valid batch.
pub fn decode_events(words: &[u32]) -> Option<Vec<Event>> {
    if !words.len().is_multiple_of(EVENT_WORDS) {
        return None;
    }
    words
        .chunks_exact(EVENT_WORDS)
        .map(|w| {
            let (cell, value) = (w[1] as u16, w[2] as u8);
            Some(match w[0] {
                0 => Event::Guess {
                    cell,
                    value,
                    depth: w[3],
                },
                1 => Event::Assign {
                    cell,
                    value,
                    reason: reason(w[3], w[4])?,
                },
                2 => Event::Eliminate {
                    cell,
                    value,
                    reason: reason(w[3], w[4])?,
                },
                3 => Event::Backtrack { depth: w[1] },
                4 => Event::Unassign { cell, value },
                5 => Event::Swap {
                    a: w[1] as u16,
                    b: w[2] as u16,
                },
                6 => Event::Restart {
                    attempt: w[1],
                    progress: w[2],
                    stuck: match w[3] {
                        0 => None,
                        c => Some(u16::try_from(c - 1).ok()?),
                    },
                },
                10 => Event::Push { cell },
                11 => Event::Pop { cell },
                7 => Event::Iteration {
                    iteration: w[1],
                    cost: w[2],
                    best: w[3],
                },
                8 => Event::Generation {
                    generation: w[1],
                    best: f32::from_bits(w[2]),
                    mean: f32::from_bits(w[3]),
                    worst: f32::from_bits(w[4]),
                },
                9 => Event::Temperature {
                    step: w[1],
                    temperature: f32::from_bits(w[2]),
                    cost: w[3],
                    best: w[4],
                },
                _ => return None,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_event_kind_round_trips() {
        let events = vec![
            Event::Guess {
                cell: 624,
                value: 25,
                depth: 400,
            },
            Event::Assign {
                cell: 3,
                value: 9,
                reason: Reason::hidden_single(26),
            },
            Event::Eliminate {
                cell: 80,
                value: 1,
                reason: Reason::peer(79),
            },
            Event::Assign {
                cell: 4,
                value: 2,
                reason: Reason::NAKED_SINGLE,
            },
            Event::Backtrack { depth: 7 },
            Event::Unassign { cell: 5, value: 2 },
            Event::Swap { a: 1, b: 2 },
            Event::Restart {
                attempt: 9_999,
                progress: 40,
                stuck: Some(624),
            },
            Event::Restart {
                attempt: 3,
                progress: 0,
                stuck: None,
            },
            Event::Push { cell: 17 },
            Event::Pop { cell: 624 },
            Event::Iteration {
                iteration: 10,
                cost: 4,
                best: 2,
            },
            Event::Generation {
                generation: 3,
                best: 240.5,
                mean: 200.25,
                worst: -1.0,
            },
            Event::Temperature {
                step: 2,
                temperature: 0.75,
                cost: 12,
                best: 3,
            },
        ];
        let words = encode_events(&events);
        assert_eq!(words.len(), events.len() * EVENT_WORDS);
        assert_eq!(decode_events(&words), Some(events));
        assert_eq!(decode_events(&words[1..]), None);
        assert_eq!(decode_events(&[42, 0, 0, 0, 0]), None);
        assert_eq!(decode_events(&[1, 0, 1, 99, 0]), None, "no such rule");
    }

    #[test]
    fn requests_with_impossible_grids_are_refused_when_read() {
        let good = RunRequest {
            algorithm: "dlx".into(),
            params: Params::default(),
            puzzle: Grid::empty(sudoku_core::Size::FOUR),
            seed: 1,
        };
        let text = serde_json::to_string(&good).unwrap();
        assert_eq!(serde_json::from_str::<RunRequest>(&text).unwrap(), good);
        for (from, to, why) in [
            (r#""box_side":2"#, r#""box_side":7"#, "boxes of side 7"),
            (
                r#""values":[0,"#,
                r#""values":[9,"#,
                "9 is no value of a 4×4 grid",
            ),
            (
                r#""values":[0,"#,
                r#""values":["#,
                "a 4×4 grid has 16 cells",
            ),
            (
                r#""given":[false,"#,
                r#""given":[true,"#,
                "marked given but empty",
            ),
        ] {
            let bad = text.replacen(from, to, 1);
            assert_ne!(bad, text, "{from}");
            let error = serde_json::from_str::<RunRequest>(&bad)
                .unwrap_err()
                .to_string();
            assert!(error.contains(why), "{why}: {error}");
        }
    }
}
