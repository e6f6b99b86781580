//! A trace file played as a run: read in any of its forms (binary, JSON, gzip around either),
//! checked by the core, and posted to the page as a run's replies — what was opened, the events
//! in batches (per-cell detail capped as a live run's), and how the run ended. Kept free of
//! browser types so it is tested natively; the full worker fetches the file and calls it.

use std::io::Read;

use sudoku_core::trace::TraceFile;
use sudoku_core::{
    verify_solution, Configuration, Grid, Limit, Observer, Outcome, Replay, Stats, Status,
};

use crate::protocol::{RunSummary, SolverReply};
use crate::runner::Batcher;

/// Bytes of a trace file the page opens at most (decompressed).
pub const MAX_TRACE_BYTES: usize = 128 << 20;

/// What an opened trace says of its run, before its events: the puzzle, the configuration
/// (`ID;NAME=VALUE…`) and seed that run it again, and what the page says about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Opened {
    pub puzzle: Grid,
    pub configuration: String,
    pub seed: u64,
    /// "a recorded run: dlx, seed 3, 312 events (Sudoku Lab 0.1.0)", or why the lab cannot run
    /// its configuration.
    pub said: String,
}

impl Opened {
    /// As it crosses to the page: one line each for the puzzle, configuration, seed and words
    /// (the page's first load reads it, and a text costs it no JSON reader of its own).
    pub fn encode(&self) -> String {
        format!(
            "{}\n{}\n{}\n{}",
            self.puzzle.to_line(),
            self.configuration,
            self.seed,
            self.said.replace('\n', " ")
        )
    }

    /// What [`Opened::encode`] wrote; `None` if it is not that.
    pub fn decode(text: &str) -> Option<Opened> {
        let mut lines = text.splitn(4, '\n');
        Some(Opened {
            puzzle: Grid::parse(lines.next()?).ok()?,
            configuration: lines.next()?.to_string(),
            seed: lines.next()?.parse().ok()?,
            said: lines.next()?.to_string(),
        })
    }
}

/// A trace file's bytes as a checked trace; `Err` says what is wrong.
pub fn read(bytes: &[u8]) -> Result<TraceFile, String> {
    let inflated;
    let bytes = if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut out = Vec::new();
        flate2::read::MultiGzDecoder::new(bytes)
            .take(MAX_TRACE_BYTES as u64 + 1)
            .read_to_end(&mut out)
            .map_err(|e| format!("the file is not a whole gzip stream ({e})"))?;
        inflated = out;
        &inflated[..]
    } else {
        bytes
    };
    if bytes.len() > MAX_TRACE_BYTES {
        return Err(format!(
            "the trace is over {} MB: the page opens smaller ones (sudoku render draws any)",
            MAX_TRACE_BYTES >> 20
        ));
    }
    TraceFile::read(bytes).map_err(|e| e.to_string())
}

/// How a recorded run ended, from its header: the outcome's id and, for a run that gave up,
/// its budget as the status words say it ("unsolved: gave up after 1,000 nodes").
fn status(outcome: &str, words: &str) -> Status {
    match outcome {
        "verified" | "failed" => Status::Solved,
        "no-solution" => Status::NoSolution,
        "gave-up" => {
            let after = words.rsplit("after ").next().unwrap_or_default();
            let (count, unit) = after.split_once(' ').unwrap_or((after, ""));
            let count = count.replace(',', "").parse().unwrap_or(0);
            let unit = unit.trim_end_matches('s');
            Status::GaveUp(Limit::of_unit(unit, count).unwrap_or(Limit::Nodes(count)))
        }
        _ => Status::Cancelled,
    }
}

/// Posts a read trace as a run's replies: [`SolverReply::Opened`], the events in batches, then
/// [`SolverReply::Done`] with the board the events end on, verified when the run says it solved.
/// A run recorded again from its settings as a trace file ("Save the run"), keeping the cell
/// events the page keeps ([`crate::runner::DETAIL_CAP`]): the events the page played.
pub fn recorded(request: &crate::protocol::RunRequest) -> Result<TraceFile, String> {
    let configuration = sudoku_core::Configuration {
        algorithm: request.algorithm,
        params: request.params.clone(),
        seed: None,
    };
    sudoku_core::recording::record(
        &request.puzzle,
        &configuration,
        request.seed,
        crate::runner::DETAIL_CAP,
    )
    .map(|(trace, _)| trace)
    .map_err(|e| format!("the run could not be recorded: {e}"))
}

pub fn play(trace: TraceFile, post: &mut dyn FnMut(SolverReply)) {
    let puzzle = match trace.check() {
        Ok(puzzle) => puzzle,
        Err(e) => return post(SolverReply::Failed(e.to_string())),
    };
    let header = &trace.header;
    let said = match Configuration::parse(&header.configuration) {
        Ok(_) => format!(
            "a recorded run: {}, seed {}, {} (Sudoku Lab {})",
            header.configuration,
            header.seed,
            sudoku_core::words::count(trace.events.len(), "event"),
            header.lab
        ),
        Err(e) => format!(
            "a recorded run of a configuration this lab does not run ({e}); its events play all the same"
        ),
    };
    let end = Replay::after(&puzzle, &trace.events);
    let grid = puzzle.with_values(&end.values);
    let opened = Opened {
        puzzle: puzzle.clone(),
        configuration: header.configuration.clone(),
        seed: header.seed,
        said,
    };
    post(SolverReply::Opened(opened.encode()));
    let now = || 0.0;
    let (kept, dropped) = {
        let mut batcher = Batcher::new(&now, post);
        for &event in &trace.events {
            batcher.event(event);
        }
        batcher.flush();
        (batcher.kept, batcher.dropped)
    };
    let status = status(&header.outcome, &header.status);
    let verified = (status == Status::Solved).then(|| {
        if header.dropped > 0 {
            return Err(format!(
                "the file left out {} per-cell events, so its answer cannot be checked from it",
                header.dropped
            ));
        }
        verify_solution(&puzzle, &grid).map_err(|e| e.describe(&grid))
    });
    post(SolverReply::Done(RunSummary {
        outcome: Outcome {
            status,
            grid,
            stats: Stats::default(),
        },
        verified,
        solutions: None,
        elapsed_ms: 0.0,
        kept_events: kept,
        dropped_events: dropped + header.dropped,
    }));
}

#[cfg(test)]
mod tests;
