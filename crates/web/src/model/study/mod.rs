//! The study page's state and actions, as a reducer: the core's study (a population, its
//! configurations, seeds and a budget) run on the worker pool in two phases — the population's
//! puzzles made (generated and rated, or pasted and rated), then its jobs, each sent with its
//! puzzle — and summarised by a worker when the jobs are over (or cancelled: what finished is
//! kept). The charts are drawn from the records as they arrive; the tables (bootstrap intervals,
//! pairwise tests) come with the summary. Every number is the core's, as `sudoku study` gives it.

use sudoku_core::study::ert::Hits;
use sudoku_core::study::file::{Population, StudyFile};
use sudoku_core::study::{Member, Record, Settings, Study, Summary};

use super::chunks::{Chunks, Out};
use super::form::{count, optional_count, seed_field};
use super::jobs::{Jobs, Pending};
use super::query::{Page, Query, MAX_BUDGET, MAX_RUNS};
use crate::protocol::study;
use crate::protocol::{
    ExperimentReply, ExperimentRequest, RecordChunk, Reply, StudyJobsRequest, StudyMakeRequest,
    StudySummaryRequest,
};

mod race;
mod report;
mod run;

pub use race::RaceRun;
#[cfg(test)]
mod tests;

/// The study the page opens with: the colouring paper's question in small.
pub const DEFAULT_GENERATE: &str = "9:easy,medium,hard:10";
pub const DEFAULT_CONFIGURATIONS: &str = "coloring-bfs;origin=random\ncoloring-dsatur";

/// Where a study stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    Idle,
    /// Making the population's puzzles.
    Making,
    Running,
    Done,
    /// Stopped by the user: what finished is kept and summarised.
    Cancelled,
    Failed(String),
}

impl Status {
    pub fn id(&self) -> &'static str {
        match self {
            Status::Idle => "idle",
            Status::Making => "making",
            Status::Running => "running",
            Status::Done => "done",
            Status::Cancelled => "cancelled",
            Status::Failed(_) => "failed",
        }
    }
}

/// The form, as typed (read when a study starts, so a typo is named rather than ignored).
#[derive(Clone, Debug, PartialEq)]
pub struct Form {
    /// `SIZE:CLASSES:COUNT`.
    pub generate: String,
    pub symmetry: String,
    /// Use the pasted puzzles instead of generating.
    pub use_pasted: bool,
    pub pasted: String,
    /// One configuration per line, `ID[;NAME=VALUE…]`.
    pub configurations: String,
    pub seeds: String,
    /// Empty: each algorithm's own budget.
    pub budget: String,
    pub seed: String,
    /// Race the configurations (F-race: the worse dropped as instances come in) rather than
    /// run every job; a line's `NAME=LOW..HIGH` gives five candidates.
    pub race: bool,
}

#[derive(Clone, Debug)]
pub enum StudyAction {
    SetGenerate(String),
    SetSymmetry(String),
    UsePasted(bool),
    SetPasted(String),
    SetConfigurations(String),
    SetSeeds(String),
    SetBudget(String),
    SetSeed(String),
    SetRace(bool),
    Start {
        now: f64,
    },
    Cancel {
        now: f64,
    },
    FromWorker {
        job: u64,
        message: ExperimentReply,
        now: f64,
    },
    /// The pool could not run a request.
    Failed {
        job: u64,
        error: String,
        now: f64,
    },
}

/// What the page must do after an action.
#[derive(Debug, Default)]
pub struct StudyEffects {
    pub jobs: Jobs<ExperimentRequest>,
}

/// The study page.
pub struct StudyPage {
    pub form: Form,
    pub status: Status,
    /// Values of the URL that could not be used.
    pub errors: Vec<String>,
    /// The running (or ended) study's setup, and the study once its population is made.
    pub setup: Option<StudyFile>,
    /// Its settings while the population is made (then the study's own).
    settings: Option<Settings>,
    pub study: Option<Study>,
    /// Puzzles of the population made so far, and how many it has.
    made: Vec<Option<Member>>,
    pub records: Vec<Record>,
    /// The same records written as JSON chunk by chunk as they came, for the summary request.
    written: Vec<RecordChunk>,
    /// Each job's hits of the cost targets (`hits[job]`), for the ECDF.
    hits: Vec<Option<Hits>>,
    pub summary: Option<Summary>,
    /// The race, when the study races its configurations.
    pub race: Option<RaceRun>,
    /// The study started as a race (the form may change meanwhile).
    racing: bool,
    /// The phase's items to send: puzzles to make, then jobs to run.
    chunks: Chunks,
    /// The jobs out with the pool: chunks of the phase's items, and the summary (the report).
    out: Pending<Out>,
    /// When the current phase began, and when the study ended.
    phase_started_ms: f64,
    pub started_ms: f64,
    pub ended_ms: Option<f64>,
    workers: usize,
    workers_asked: Option<usize>,
    /// The workers' clock ticks in 0.1 ms (a page that is not cross-origin isolated): time is
    /// then shown but not tested, and the page says so.
    pub coarse_clock: bool,
    /// Studies started on this page so far: a report is of one of them.
    started: u64,
    /// The last report and what it was made from (see `report`).
    report_cache: std::cell::RefCell<Option<(report::Made, Option<sudoku_core::report::Report>)>>,
}

impl StudyPage {
    /// The page as its URL asks (`generate`, `symmetry`, `configs`, `seeds`, `budget`,
    /// `seed`); starts at once with `run=1`.
    pub fn new(query: Query, workers: usize, now: f64) -> (StudyPage, StudyEffects) {
        let form = Form {
            generate: query
                .generate
                .clone()
                .unwrap_or_else(|| DEFAULT_GENERATE.into()),
            symmetry: query.symmetry.clone().unwrap_or_else(|| "none".into()),
            use_pasted: false,
            pasted: String::new(),
            configurations: if query.configs.is_empty() {
                DEFAULT_CONFIGURATIONS.into()
            } else {
                query.configs.join("\n")
            },
            seeds: query.seeds.unwrap_or(2).to_string(),
            budget: query.budget.map(|m| m.to_string()).unwrap_or_default(),
            seed: query.seed.unwrap_or(1).to_string(),
            race: query.race,
        };
        let mut page = StudyPage {
            form,
            status: Status::Idle,
            errors: query.errors,
            setup: None,
            settings: None,
            study: None,
            made: Vec::new(),
            records: Vec::new(),
            written: Vec::new(),
            hits: Vec::new(),
            summary: None,
            race: None,
            racing: false,
            chunks: Chunks::default(),
            phase_started_ms: now,
            started_ms: now,
            ended_ms: None,
            workers: workers.max(1),
            workers_asked: query.workers,
            out: Pending::default(),
            coarse_clock: false,
            started: 0,
            report_cache: Default::default(),
        };
        let effects = if query.run && page.errors.is_empty() {
            page.apply(StudyAction::Start { now })
        } else {
            StudyEffects::default()
        };
        (page, effects)
    }

    pub fn workers(&self) -> usize {
        self.workers
    }

    pub fn is_running(&self) -> bool {
        matches!(self.status, Status::Making | Status::Running)
    }

    /// The `data-status` test hook: the status, but `summarising` while the summary of the
    /// finished runs is on its way (the tables are final only then).
    pub fn status_id(&self) -> &'static str {
        if self.out.any(|o| *o == Out::Report) {
            "summarising"
        } else {
            self.status.id()
        }
    }

    /// (done, all) of the current phase: puzzles made, or jobs run.
    pub fn progress(&self) -> (usize, usize) {
        match (&self.status, &self.study) {
            (Status::Making, _) => (self.made.iter().flatten().count(), self.made.len()),
            (_, Some(study)) => (self.records.len(), study.jobs()),
            _ => (0, 0),
        }
    }

    /// Estimated milliseconds left in the current phase, once some of it is done.
    pub fn time_left_ms(&self, now: f64) -> Option<f64> {
        let (done, all) = self.progress();
        (done > 0 && self.is_running())
            .then(|| (now - self.phase_started_ms) * all.saturating_sub(done) as f64 / done as f64)
    }

    pub fn elapsed_ms(&self, now: f64) -> f64 {
        self.ended_ms.unwrap_or(now) - self.started_ms
    }

    /// The URL of this study's settings (pasted puzzles are not carried).
    pub fn query(&self) -> Query {
        let form = &self.form;
        Query {
            page: Some(Page::Study),
            generate: (!form.use_pasted).then(|| form.generate.trim().to_string()),
            symmetry: (form.symmetry != "none").then(|| form.symmetry.clone()),
            configs: configuration_lines(&form.configurations),
            seeds: form.seeds.trim().parse().ok(),
            budget: form.budget.trim().parse().ok(),
            seed: form.seed.trim().parse().ok(),
            workers: self.workers_asked,
            race: form.race,
            ..Query::default()
        }
    }

    pub fn apply(&mut self, action: StudyAction) -> StudyEffects {
        let mut effects = StudyEffects::default();
        match action {
            StudyAction::SetGenerate(s) => self.form.generate = s,
            StudyAction::SetSymmetry(s) => self.form.symmetry = s,
            StudyAction::UsePasted(on) => self.form.use_pasted = on,
            StudyAction::SetPasted(s) => self.form.pasted = s,
            StudyAction::SetConfigurations(s) => self.form.configurations = s,
            StudyAction::SetSeeds(s) => self.form.seeds = s,
            StudyAction::SetBudget(s) => self.form.budget = s,
            StudyAction::SetSeed(s) => self.form.seed = s,
            StudyAction::SetRace(on) => self.form.race = on,
            StudyAction::Start { now } => self.start(now, &mut effects),
            StudyAction::Cancel { now } => {
                if self.is_running() {
                    let had_jobs = self.status == Status::Running;
                    self.stop(Status::Cancelled, now, &mut effects);
                    if had_jobs && !self.records.is_empty() {
                        self.ask_summary(&mut effects);
                    }
                }
            }
            StudyAction::FromWorker { job, message, now } => {
                self.received(job, message, now, &mut effects)
            }
            StudyAction::Failed { job, error, now } => {
                if self.out.get(job).is_some() {
                    self.stop(Status::Failed(error), now, &mut effects);
                }
            }
        }
        effects
    }

    /// The form's setup and the settings it reads as (checked once, here), or what is wrong
    /// with it (each mistake naming its field).
    fn setup(&self) -> Result<(StudyFile, Settings), String> {
        let form = &self.form;
        let seed = seed_field(&form.seed)?;
        let seeds = count(&form.seeds, "seeds", MAX_RUNS)?;
        let budget = optional_count(&form.budget, "budget", MAX_BUDGET)?.map(|m| m as u64);
        let population = if form.use_pasted {
            if form.pasted.trim().is_empty() {
                return Err("population: paste puzzles (one per line), or generate them".into());
            }
            study::pasted(&form.pasted)?
        } else {
            Population::generated(form.generate.trim(), form.symmetry.trim())
                .map_err(|e| format!("population: {e}"))?
        };
        let mut configurations = configuration_lines(&form.configurations);
        if form.race {
            configurations = race::expanded(&configurations)?;
        }
        let setup = StudyFile {
            seed: Some(seed),
            seeds: Some(seeds),
            budget,
            configurations,
            population: Some(population),
        };
        let settings = study::settings(&setup, true)?;
        Ok((setup, settings))
    }
}

/// The configurations of the form's text: one per line (commas separate them too, as in the URL).
fn configuration_lines(text: &str) -> Vec<String> {
    text.split(['\n', ','])
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(str::to_string)
        .collect()
}
