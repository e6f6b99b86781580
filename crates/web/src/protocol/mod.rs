//! Messages between the page and the workers, one request and one reply type per worker kind.
//! The page never runs a solver: it posts a [`SolverRequest`] or an [`ExperimentRequest`]. For
//! a run the solvers' worker answers with batches of events and ends with [`SolverReply::Done`];
//! the experiments' worker answers an experiment's jobs with their measures, its plan with the
//! next jobs and the report of the finished ones, and a study's requests with its puzzles,
//! records and summary ([`ExperimentReply`]).

pub mod export;
pub mod study;

pub use study::{RecordChunk, StudyJobsRequest, StudyMakeRequest, StudySummaryRequest};

pub use sudoku_core::trace::binary::{decode_events, encode_events, EVENT_WORDS};

use serde::{Deserialize, Serialize};
use sudoku_core::experiment::{Job, Measures, Progress};
use sudoku_core::report::Report;
use sudoku_core::study::ert::Hits;
use sudoku_core::study::{Member, Record, Summary};
use sudoku_core::{Event, Grid, Outcome, Params, SolutionCount, Status};

/// What the solver worker (lab and compare pages) reads: one run, answered with its events and
/// its outcome. The two workers' requests and replies are separate types, so each bundle carries
/// the JSON code of its own messages only.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SolverRequest {
    Run(RunRequest),
    /// The next step of the human-style solver on this puzzle, in words.
    Hint(Grid),
    /// The puzzle's rating and the human-style solver's steps in words.
    Analyse(Grid),
    /// A new puzzle from the generator.
    Generate(GenerateRequest),
    /// A teacher's lesson played through (its runs answered as the page will answer them) and
    /// every claim held against them: what it says of the run's next cell, event or line.
    CheckLesson(String),
    /// A trace file at this URL (the page's own origin, or a file the user chose, as a blob
    /// URL), played as a run: answered with [`SolverReply::Opened`], its events and `Done`.
    OpenTrace(String),
    /// This run recorded again as a trace file (the same events: a run is a function of its
    /// settings), answered with [`SolverReply::Saved`]: what "Save the run" downloads.
    Save(RunRequest),
}

/// The grid side from which runs, hints and ratings go to the full worker. The lab's first
/// worker is built for size (opt-level "z"), which runs the propagation engine's 16×16 and 25×25
/// bit boards about six times slower than a build for speed (one 25×25 puzzle of 16,856 nodes:
/// 98.8 s against 15.1 s under Node); the full worker is built for speed.
pub const FULL_WORKER_FROM_SIDE: usize = 16;

impl SolverRequest {
    /// Whether only the full worker answers it: a run of an algorithm the lab's worker is built
    /// without (`ilp`), the generator; and whether it should go there: a large grid's run, hint
    /// or rating ([`FULL_WORKER_FROM_SIDE`]).
    pub fn needs_full_worker(&self) -> bool {
        let large = |grid: &Grid| grid.size().n() >= FULL_WORKER_FROM_SIDE;
        match self {
            SolverRequest::Run(run) => !run.algorithm.available() || large(&run.puzzle),
            SolverRequest::Generate(_)
            | SolverRequest::CheckLesson(_)
            | SolverRequest::OpenTrace(_)
            | SolverRequest::Save(_) => true,
            SolverRequest::Hint(grid) | SolverRequest::Analyse(grid) => large(grid),
        }
    }
}

/// What the generator is asked for (the page's Generate form, as `sudoku generate` takes it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GenerateRequest {
    /// Side: 4, 9, 16 or 25.
    pub size: usize,
    /// A level id (`easy`, `medium`, `hard`, `extreme`), or any level.
    pub level: Option<String>,
    /// A symmetry id (`none`, `180`, `90`, `mirror`, `diagonal`).
    pub symmetry: String,
    pub seed: u64,
}

/// A puzzle's rating and explanation, as the page shows them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    /// `sudoku rate`'s verdict (`hard 4.2 xy-wing`, `not unique`…).
    pub rating: String,
    /// Sudoku Explainer's ER/EP/ED (`7.1/1.2/1.2`, `sudoku rate --scale se`), for a rated puzzle.
    #[serde(default)]
    pub explainer: Option<String>,
    /// HoDoKu's level, score and hardest step (`unfair 1812 x-chain`, `sudoku rate --scale
    /// hodoku`), for a rated puzzle.
    #[serde(default)]
    pub hodoku: Option<String>,
    /// The human-style solver's steps in words, in order.
    pub steps: Vec<String>,
    /// How they ended (solved, stuck, contradiction).
    pub ending: String,
}

/// The human-style solver's next step, as the page shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hint {
    pub technique: String,
    /// The step in words ("hidden single: r3c5 = 7, the only place for 7 in box 2").
    pub text: String,
    /// The cells of its pattern, and the cells it places a digit in or removes candidates from.
    pub pattern: Vec<u16>,
    pub changes: Vec<u16>,
}

/// What the experiments' worker reads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ExperimentRequest {
    /// Run these jobs of an experiment and send back their measures.
    Jobs(JobsRequest),
    /// Given the jobs so far, the experiment's next jobs and the report of the finished ones.
    Plan(PlanRequest),
    /// Make these puzzles of a study's population (generated, or pasted and rated).
    StudyMake(StudyMakeRequest),
    /// Run these jobs of a study, each on the puzzle sent with it.
    StudyJobs(StudyJobsRequest),
    /// The summary (intervals, pairwise tests) of a study's records.
    StudySummary(Box<StudySummaryRequest>),
}

/// Which experiment, on which instances, with which settings: all a worker needs to rebuild the
/// experiment's context (the workers keep no state between requests).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExperimentSetup {
    pub experiment: String,
    pub seed: u64,
    pub runs: Option<usize>,
    pub budget: Option<u64>,
    /// Pasted puzzles, one per line (or any format the reader takes), instead of the
    /// experiment's own set.
    pub pasted: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JobsRequest {
    pub setup: ExperimentSetup,
    pub jobs: Vec<Job>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlanRequest {
    pub setup: ExperimentSetup,
    pub progress: Progress,
}

/// The worker's answer to a [`PlanRequest`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlanReply {
    /// The next batch (empty while jobs are still running, and when the experiment is over).
    pub next: Vec<Job>,
    /// The jobs the whole experiment is expected to run.
    pub planned: usize,
    pub report: Report,
    /// How many instances it runs on.
    pub instances: usize,
    /// Pasted lines that are not puzzles, each with its error.
    pub invalid: Vec<String>,
}

/// One run: the algorithm (the registry's, sent typed: the worker parses no id), parameters,
/// the puzzle and the seed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunRequest {
    pub algorithm: sudoku_core::Algorithm,
    pub params: Params,
    pub puzzle: Grid,
    pub seed: u64,
}

/// What a worker's replies say to the pool that runs it, whatever their kind: each worker kind
/// has its own reply type ([`SolverReply`], [`ExperimentReply`]), so a page reads only the
/// replies of the workers it runs.
pub trait Reply: Sized + 'static {
    /// What the worker reads (as JSON, encoded by the pool in one place).
    type Request: Serialize + 'static;
    /// Whether only the full build of the worker answers `request`.
    fn needs_full_worker(_request: &Self::Request) -> bool {
        false
    }
    /// The worker's wasm is loaded and it takes requests.
    fn ready() -> Self;
    /// The request could not be read or run.
    fn failed(message: String) -> Self;
    fn is_ready(&self) -> bool;
    /// Whether this reply ends its request (the worker then takes the next).
    fn ends_request(&self) -> bool;
}

/// What the solvers' worker posts back. Event batches cross as words (see [`encode_events`]:
/// the page then needs no JSON reader for events, which saves its bundle about a tenth of its
/// code); every other reply as JSON.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum SolverReply {
    Ready,
    /// The next events of the trace, in order (never JSON).
    #[serde(skip)]
    Events(Vec<Event>),
    /// What an opened trace file holds, as [`crate::replayed::Opened::encode`] writes it (its
    /// events and `Done` follow).
    Opened(String),
    /// The run ended.
    Done(RunSummary),
    /// The request could not be run (a bad parameter, a request the worker cannot read).
    Failed(String),
    /// What is wrong with a lesson, each problem with its step (none: it plays as it says).
    LessonChecked(Vec<String>),
    /// The answer to a hint request.
    Hint(Hint),
    /// The answer to an analysis request.
    Analysis(Analysis),
    /// The generator's new puzzle.
    Generated(Grid),
    /// A recorded run's trace file, as a blob URL the worker made (the page downloads it under
    /// `name`; the worker lets go of the previous one when it makes the next).
    Saved {
        url: String,
        name: String,
    },
    /// How far a long answer (a rating, the generator) has come, in words; the answer follows.
    Working(String),
    /// The first-load worker cannot answer this hint or analysis (the puzzle needs forcing
    /// chains, which only the full worker has): the page sends the request there.
    NeedsFullWorker,
}

impl Reply for SolverReply {
    type Request = SolverRequest;
    fn needs_full_worker(request: &SolverRequest) -> bool {
        request.needs_full_worker()
    }
    fn ready() -> Self {
        SolverReply::Ready
    }
    fn failed(message: String) -> Self {
        SolverReply::Failed(message)
    }
    fn is_ready(&self) -> bool {
        matches!(self, SolverReply::Ready)
    }
    fn ends_request(&self) -> bool {
        !matches!(
            self,
            SolverReply::Ready
                | SolverReply::Events(_)
                | SolverReply::Opened(_)
                | SolverReply::Working(_)
        )
    }
}

/// What the experiments' worker posts back (all JSON text): an experiment's measures and plans,
/// a study's puzzles, records and summary.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum ExperimentReply {
    Ready,
    Failed(String),
    /// The measures of a [`JobsRequest`]'s jobs, in order, and the time they took.
    Measured {
        measures: Vec<Measures>,
        elapsed_ms: f64,
    },
    /// The answer to a [`PlanRequest`].
    Planned(Box<PlanReply>),
    /// The puzzles of a [`StudyMakeRequest`], in order.
    StudyMembers(Vec<Member>),
    /// The records of a [`StudyJobsRequest`]'s jobs, in order, and the time they took.
    StudyRecords {
        records: Vec<Record>,
        elapsed_ms: f64,
        /// Each run's lowest cost (`None`: it reported none), which a race ranks unsolved runs by.
        #[serde(default)]
        best_costs: Vec<Option<u32>>,
        /// Each run's hits of the cost targets, for the ECDF.
        #[serde(default)]
        hits: Vec<Hits>,
    },
    StudySummary(Box<Summary>),
}

impl Reply for ExperimentReply {
    type Request = ExperimentRequest;
    fn ready() -> Self {
        ExperimentReply::Ready
    }
    fn failed(message: String) -> Self {
        ExperimentReply::Failed(message)
    }
    fn is_ready(&self) -> bool {
        matches!(self, ExperimentReply::Ready)
    }
    fn ends_request(&self) -> bool {
        !self.is_ready()
    }
}

/// A solver worker's JSON reply, read.
pub fn read_solver_reply(text: &str) -> Option<SolverReply> {
    serde_json::from_str(text).ok()
}

/// A solver worker's event batch, read from its words.
pub fn read_solver_words(words: &[u32]) -> Option<SolverReply> {
    decode_events(words).map(SolverReply::Events)
}

/// An experiments' worker's JSON reply, read.
pub fn read_experiment_reply(text: &str) -> Option<ExperimentReply> {
    serde_json::from_str(text).ok()
}

/// The experiments' worker sends no words.
pub fn read_experiment_words(_: &[u32]) -> Option<ExperimentReply> {
    None
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

#[cfg(test)]
mod tests;
