//! Messages between the page and the worker. The page never runs a solver: it posts a
//! [`RunRequest`]; the worker answers with batches of events and ends with [`WorkerMessage::Done`].

use serde::{Deserialize, Serialize};
use sudoku_core::{Event, Grid, Outcome, Params};

/// One run: algorithm id (registry), parameters, the puzzle and the seed.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RunRequest {
    pub algorithm: String,
    pub params: Params,
    pub puzzle: Grid,
    pub seed: u64,
}

/// What the worker posts back.
#[derive(Clone, Debug, Serialize, Deserialize)]
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

/// How a run ended, as the page shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunSummary {
    pub outcome: Outcome,
    /// The verifier's word on a solved grid (`None` when not solved).
    pub verified: Option<Result<(), String>>,
    /// Milliseconds the solver ran in the worker (event posting included).
    pub elapsed_ms: f64,
    /// Per-cell events kept in the trace and dropped past the cap (summaries are always kept).
    pub kept_events: u64,
    pub dropped_events: u64,
}
