//! A run as the page receives it, kept free of browser types so it is tested natively (the worker
//! runs it, the lesson player runs it natively to know what the page will show): the solver
//! runs with an observer that batches events (by count and by time) and hands each batch to `post`.

use sudoku_core::{
    count_solutions_within, verify_solution, Event, Flow, Limits, Observer, RunConfig,
};

use crate::protocol::{RunRequest, RunSummary, SolverReply};

/// Events per batch at most.
pub const BATCH_EVENTS: usize = 2_000;
/// A batch is also posted when this many milliseconds passed since the last one.
pub const BATCH_MILLIS: f64 = 16.0;
/// Search nodes the uniqueness check after a solve may spend; past it the page makes no claim.
pub const UNIQUENESS_NODES: u64 = 2_000_000;
/// Per-cell events kept in a trace; past it only summaries (restarts, iterations, generations)
/// are kept, so a long run cannot exhaust the page's memory.
pub const DETAIL_CAP: u64 = 300_000;

/// Batches events and posts them; drops per-cell detail past [`DETAIL_CAP`].
pub struct Batcher<'a> {
    batch: Vec<Event>,
    last_post: f64,
    now: &'a dyn Fn() -> f64,
    post: &'a mut dyn FnMut(SolverReply),
    pub(crate) kept: u64,
    pub(crate) dropped: u64,
}

impl<'a> Batcher<'a> {
    pub fn new(now: &'a dyn Fn() -> f64, post: &'a mut dyn FnMut(SolverReply)) -> Self {
        Batcher {
            batch: Vec::with_capacity(BATCH_EVENTS),
            last_post: now(),
            now,
            post,
            kept: 0,
            dropped: 0,
        }
    }

    pub(crate) fn flush(&mut self) {
        if !self.batch.is_empty() {
            let events = std::mem::replace(&mut self.batch, Vec::with_capacity(BATCH_EVENTS));
            (self.post)(SolverReply::Events(events));
        }
        self.last_post = (self.now)();
    }
}

impl Observer for Batcher<'_> {
    fn event(&mut self, event: Event) -> Flow {
        if event.is_cell_detail() && self.kept >= DETAIL_CAP {
            self.dropped += 1;
            return Flow::Continue;
        }
        self.kept += 1;
        self.batch.push(event);
        if self.batch.len() >= BATCH_EVENTS || (self.now)() - self.last_post >= BATCH_MILLIS {
            self.flush();
        }
        Flow::Continue
    }
}

/// Runs one request to the end natively, on a clock that ticks once per reading, and returns
/// every message the worker would post (the lab's tests and the lessons' checker play runs so).
pub fn run_to_messages(request: &RunRequest) -> Vec<SolverReply> {
    let clock = std::cell::Cell::new(0.0);
    let now = || {
        clock.set(clock.get() + 1.0);
        clock.get()
    };
    let mut messages = Vec::new();
    run(request, &now, &mut |m| messages.push(m));
    messages
}

/// Runs one request to the end, posting event batches and then `Done` (or `Failed`).
pub fn run(request: &RunRequest, now: &dyn Fn() -> f64, post: &mut dyn FnMut(SolverReply)) {
    let algorithm = request.algorithm;
    let config = RunConfig {
        seed: request.seed,
        params: request.params.clone(),
    };
    let started = now();
    let mut batcher = Batcher::new(now, post);
    // As `dyn Observer`: the instance of the engine the core's counting uses in wasm too.
    let observer: &mut dyn Observer = &mut batcher;
    let result = algorithm.run(&request.puzzle, &config, observer);
    batcher.flush();
    let (kept, dropped) = (batcher.kept, batcher.dropped);
    let elapsed_ms = now() - started;
    match result {
        Ok(outcome) => {
            let verified = outcome.is_solved().then(|| {
                verify_solution(&request.puzzle, &outcome.grid)
                    .map_err(|e| e.describe(&outcome.grid))
            });
            let solutions = outcome
                .is_solved()
                .then(|| {
                    count_solutions_within(&request.puzzle, 2, Limits::nodes(UNIQUENESS_NODES))
                })
                .flatten();
            post(SolverReply::Done(RunSummary {
                outcome,
                verified,
                solutions,
                elapsed_ms,
                kept_events: kept,
                dropped_events: dropped,
            }));
        }
        Err(e) => post(SolverReply::Failed(e.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;
    use sudoku_core::Algorithm;
    use sudoku_core::{Grid, Params, Replay, Status};

    const HARD: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn collect(request: &RunRequest) -> Vec<SolverReply> {
        let clock = Cell::new(0.0);
        let now = || {
            clock.set(clock.get() + 0.01);
            clock.get()
        };
        let mut out = Vec::new();
        run(request, &now, &mut |m| out.push(m));
        out
    }

    #[test]
    fn a_run_streams_batches_then_a_verified_outcome() {
        let puzzle: Grid = HARD.parse().unwrap();
        for algorithm in ["propagation", "dlx", "norvig", "fc-mrv"] {
            let request = RunRequest {
                algorithm: Algorithm::from_id(algorithm).unwrap(),
                params: Params::default(),
                puzzle: puzzle.clone(),
                seed: 1,
            };
            let messages = collect(&request);
            let Some(SolverReply::Done(summary)) = messages.last() else {
                panic!("{algorithm}: no Done");
            };
            assert_eq!(summary.outcome.status, Status::Solved);
            assert_eq!(summary.verified, Some(Ok(())));
            let mut replay = Replay::new(&puzzle);
            let mut count = 0;
            for m in &messages[..messages.len() - 1] {
                let SolverReply::Events(events) = m else {
                    panic!("{algorithm}: {m:?}")
                };
                assert!(events.len() <= BATCH_EVENTS);
                for e in events {
                    replay.apply(e);
                    count += 1;
                }
            }
            assert_eq!(count, summary.kept_events);
            assert_eq!(replay.values, summary.outcome.grid.values(), "{algorithm}");
        }
    }

    #[test]
    fn detail_past_the_cap_is_dropped_and_counted() {
        let puzzle: Grid = HARD.parse().unwrap();
        let mut params = Params::default();
        params.set("max_nodes", sudoku_core::ParamValue::Integer(400_000));
        let request = RunRequest {
            algorithm: Algorithm::Bitmask,
            params,
            puzzle,
            seed: 0,
        };
        let messages = collect(&request);
        let Some(SolverReply::Done(summary)) = messages.last() else {
            panic!("no Done")
        };
        assert_eq!(summary.kept_events, DETAIL_CAP);
        assert!(summary.dropped_events > 0);
        assert!(matches!(summary.outcome.status, Status::GaveUp(_)));
    }

    #[test]
    fn several_solutions_are_reported() {
        let unique = RunRequest {
            algorithm: Algorithm::Dlx,
            params: Params::default(),
            puzzle: HARD.parse().unwrap(),
            seed: 0,
        };
        let Some(SolverReply::Done(summary)) = collect(&unique).pop() else {
            panic!("no Done")
        };
        assert!(summary.solutions.unwrap().is_unique());
        let multi = RunRequest {
            puzzle: Grid::empty(sudoku_core::Size::FOUR),
            ..unique
        };
        let Some(SolverReply::Done(summary)) = collect(&multi).pop() else {
            panic!("no Done")
        };
        assert_eq!(summary.verified, Some(Ok(())));
        assert_eq!(summary.solutions.unwrap().count, 2);
    }

    #[test]
    fn an_unknown_algorithm_is_not_a_request() {
        // The algorithm crosses typed: a request naming another is refused as it is read
        // (the message loop answers it `Failed` with the reader's words).
        let text = serde_json::to_string(&crate::protocol::SolverRequest::Run(RunRequest {
            algorithm: Algorithm::Dlx,
            params: Params::default(),
            puzzle: Grid::empty(sudoku_core::Size::NINE),
            seed: 0,
        }))
        .unwrap()
        .replace("Dlx", "Quantum");
        let error = serde_json::from_str::<crate::protocol::SolverRequest>(&text).unwrap_err();
        assert!(error.to_string().contains("Quantum"), "{error}");
    }
}
