//! The experiments page's state and actions, as a reducer: an experiment of the core re-run in
//! the page. Its jobs are farmed out to the worker pool in chunks sized to take about
//! [`crate::model::chunks::TARGET_CHUNK_MS`] each; a worker answers each chunk with its measures; the plan (next jobs,
//! report of the finished ones) is asked of a worker too, so the page holds no experiment's
//! logic: it keeps the jobs and their measures, and draws the report it is sent.

use sudoku_core::experiment::{Experiment, Progress};
use sudoku_core::report::Report;

use super::chunks::{Chunks, Out};
use super::form::{optional_count, seed_field};
use super::jobs::{Jobs, Pending};
use super::query::Query;
use crate::protocol::{
    ExperimentReply, ExperimentRequest, ExperimentSetup, JobsRequest, PlanReply, PlanRequest, Reply,
};

mod run;
#[cfg(test)]
mod tests;

pub use run::Run;

/// The report is asked for again this often while jobs run.
pub const REPORT_EVERY_MS: f64 = 1_000.0;

/// Where an experiment stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Status {
    Idle,
    Running,
    Done,
    /// Stopped by the user: the finished jobs' report stays.
    Cancelled,
    Failed(String),
}

impl Status {
    /// The `data-status` test hook.
    pub fn id(&self) -> &'static str {
        match self {
            Status::Idle => "idle",
            Status::Running => "running",
            Status::Done => "done",
            Status::Cancelled => "cancelled",
            Status::Failed(_) => "failed",
        }
    }
}

/// The form, as typed (read when a run starts, so a typo is named rather than ignored).
#[derive(Clone, Debug, PartialEq)]
pub struct Form {
    pub experiment: Experiment,
    pub seed: String,
    /// Empty: the paper's count.
    pub runs: String,
    /// Empty: the paper's budget.
    pub budget: String,
    /// Use the pasted puzzles instead of the experiment's own set.
    pub use_pasted: bool,
    pub pasted: String,
}

#[derive(Clone, Debug)]
pub enum ExperimentsAction {
    SetExperiment(Experiment),
    SetSeed(String),
    SetRuns(String),
    SetBudget(String),
    UsePasted(bool),
    SetPasted(String),
    /// `now`: milliseconds on the page's clock, as in every timed action.
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
    /// The pool could not run a job.
    Failed {
        job: u64,
        error: String,
        now: f64,
    },
}

/// What the page must do after an action.
#[derive(Debug, Default)]
pub struct ExperimentsEffects {
    /// Chunks of jobs submitted, plans submitted first, dropped chunks cancelled.
    pub jobs: Jobs<ExperimentRequest>,
}

/// The experiments page.
pub struct Experiments {
    pub form: Form,
    pub status: Status,
    pub run: Option<Run>,
    pub report: Option<Report>,
    /// Instances of the last plan, and the pasted lines that are not puzzles.
    pub instances: usize,
    pub invalid: Vec<String>,
    /// Values of the URL or the form that could not be used.
    pub errors: Vec<String>,
    workers: usize,
    /// The URL's `workers`, carried into the page's link.
    workers_asked: Option<usize>,
    /// The jobs out with the pool: chunks of the run's jobs, and the plan (its report).
    out: Pending<Out>,
}

impl Experiments {
    /// The workers its pool runs on.
    pub fn workers(&self) -> usize {
        self.workers
    }

    /// The page as its URL asks (`experiment`, `seed`, `runs`, `budget`); starts at
    /// once with `run=1`.
    pub fn new(query: Query, workers: usize, now: f64) -> (Experiments, ExperimentsEffects) {
        let form = Form {
            experiment: query.experiment.unwrap_or(Experiment::Filtering),
            seed: query
                .seed
                .unwrap_or(sudoku_core::experiment::Settings::default().seed)
                .to_string(),
            runs: query.runs.map(|r| r.to_string()).unwrap_or_default(),
            budget: query.budget.map(|m| m.to_string()).unwrap_or_default(),
            use_pasted: false,
            pasted: String::new(),
        };
        let mut page = Experiments {
            form,
            status: Status::Idle,
            run: None,
            report: None,
            instances: 0,
            invalid: Vec::new(),
            errors: query.errors,
            workers: workers.max(1),
            workers_asked: query.workers,
            out: Pending::default(),
        };
        let effects = if query.run && page.errors.is_empty() {
            page.apply(ExperimentsAction::Start { now })
        } else {
            ExperimentsEffects::default()
        };
        (page, effects)
    }

    pub fn is_running(&self) -> bool {
        self.status == Status::Running
    }

    /// The `data-status` test hook: the status, but `cancelling` until the report of the jobs
    /// that finished before a cancel has come back (the tables are final only then).
    pub fn status_id(&self) -> &'static str {
        let reporting = self.out.any(|o| *o == Out::Report);
        match self.status {
            Status::Cancelled if reporting => "cancelling",
            ref status => status.id(),
        }
    }

    /// The URL of this experiment's settings (pasted instances are not carried).
    pub fn query(&self) -> Query {
        Query {
            page: Some(super::query::Page::Experiments),
            experiment: Some(self.form.experiment),
            seed: self.form.seed.trim().parse().ok(),
            runs: self.form.runs.trim().parse().ok(),
            budget: self.form.budget.trim().parse().ok(),
            workers: self.workers_asked,
            ..Query::default()
        }
    }

    pub fn apply(&mut self, action: ExperimentsAction) -> ExperimentsEffects {
        let mut effects = ExperimentsEffects::default();
        match action {
            ExperimentsAction::SetExperiment(e) => self.form.experiment = e,
            ExperimentsAction::SetSeed(s) => self.form.seed = s,
            ExperimentsAction::SetRuns(s) => self.form.runs = s,
            ExperimentsAction::SetBudget(s) => self.form.budget = s,
            ExperimentsAction::UsePasted(on) => self.form.use_pasted = on,
            ExperimentsAction::SetPasted(s) => self.form.pasted = s,
            ExperimentsAction::Start { now } => self.start(now, &mut effects),
            ExperimentsAction::Cancel { now } => {
                if self.is_running() {
                    self.stop(Status::Cancelled, now, &mut effects);
                    // One more plan: the report of every job that finished.
                    self.ask_plan(now, &mut effects);
                }
            }
            ExperimentsAction::FromWorker { job, message, now } => {
                self.received(job, message, now, &mut effects)
            }
            ExperimentsAction::Failed { job, error, now } => {
                let ours = self.out.get(job).is_some();
                if ours && self.is_running() {
                    self.stop(Status::Failed(error), now, &mut effects);
                }
            }
        }
        effects
    }

    /// The form's settings, or what is wrong with them.
    fn setup(&self) -> Result<ExperimentSetup, String> {
        let form = &self.form;
        let seed = seed_field(&form.seed)?;
        let runs = optional_count(&form.runs, "runs", super::query::MAX_RUNS)?;
        let budget =
            optional_count(&form.budget, "budget", super::query::MAX_BUDGET)?.map(|m| m as u64);
        let pasted = if form.use_pasted {
            if form.pasted.trim().is_empty() {
                return Err("paste puzzles (one per line), or use the experiment's own set".into());
            }
            Some(form.pasted.clone())
        } else {
            None
        };
        Ok(ExperimentSetup {
            experiment: form.experiment.id().to_string(),
            seed,
            runs,
            budget,
            pasted,
        })
    }

    fn start(&mut self, now: f64, effects: &mut ExperimentsEffects) {
        if self.is_running() {
            return;
        }
        let setup = match self.setup() {
            Ok(setup) => setup,
            Err(e) => {
                self.status = Status::Failed(e);
                return;
            }
        };
        // A report still out is of the last run.
        self.out.cancel_all(&mut effects.jobs);
        self.status = Status::Running;
        self.report = None;
        self.invalid.clear();
        self.instances = 0;
        self.run = Some(Run {
            setup,
            progress: Progress::default(),
            chunks: Chunks::default(),
            plan_saw: 0,
            started_ms: now,
            ended_ms: None,
            last_plan_ms: now,
            planned: 0,
        });
        self.ask_plan(now, effects);
    }

    /// Ends the run: its chunks and plan are dropped from the pool.
    fn stop(&mut self, status: Status, now: f64, effects: &mut ExperimentsEffects) {
        self.status = status;
        self.out.cancel_all(&mut effects.jobs);
        if let Some(run) = self.run.as_mut() {
            run.chunks.clear();
            run.ended_ms = Some(now);
        }
    }

    fn ask_plan(&mut self, now: f64, effects: &mut ExperimentsEffects) {
        let Some(run) = self.run.as_mut() else { return };
        if self.out.any(|o| *o == Out::Report) {
            return;
        }
        let job = self.out.issue(Out::Report);
        run.plan_saw = run.progress.finished();
        run.last_plan_ms = now;
        let request = ExperimentRequest::Plan(PlanRequest {
            setup: run.setup.clone(),
            progress: run.progress.clone(),
        });
        effects.jobs.submit_first(job, request);
    }

    fn received(
        &mut self,
        job: u64,
        message: ExperimentReply,
        now: f64,
        effects: &mut ExperimentsEffects,
    ) {
        if self.run.is_none() {
            return;
        }
        let Some(out) = self.out.answered(job, message.ends_request()) else {
            return; // a late message of a cancelled job
        };
        let Out::Chunk(indices) = out else {
            match message {
                ExperimentReply::Planned(reply) => self.planned(*reply, now, effects),
                ExperimentReply::Failed(error) if self.is_running() => {
                    self.stop(Status::Failed(error), now, effects);
                }
                _ => {}
            }
            return;
        };
        match message {
            ExperimentReply::Measured {
                measures,
                elapsed_ms,
            } if measures.len() == indices.len() => {
                let run = self.run.as_mut().expect("checked above");
                for (&index, m) in indices.iter().zip(measures) {
                    run.progress.record(index, m);
                }
                run.chunks.measured(indices.len(), elapsed_ms);
            }
            ExperimentReply::Failed(error) => {
                self.stop(Status::Failed(error), now, effects);
                return;
            }
            _ => {
                self.stop(
                    Status::Failed("a worker answered a chunk of jobs with something else".into()),
                    now,
                    effects,
                );
                return;
            }
        }
        self.dispatch(effects);
        let run = self.run.as_ref().expect("checked above");
        let batch_over = run.chunks.is_over(&self.out);
        if batch_over || now - run.last_plan_ms >= REPORT_EVERY_MS {
            self.ask_plan(now, effects);
        }
    }

    fn planned(&mut self, reply: PlanReply, now: f64, effects: &mut ExperimentsEffects) {
        self.report = Some(reply.report);
        self.instances = reply.instances;
        self.invalid = reply.invalid;
        if !self.is_running() {
            return;
        }
        let Some(run) = self.run.as_mut() else { return };
        run.planned = reply.planned;
        // Answers that came in while the plan worker was busy are not in this reply: its next
        // jobs may repeat work and its report lacks them (a report that must not be the last).
        let current = run.plan_saw == run.progress.finished();
        if current && !reply.next.is_empty() && run.progress.is_complete() {
            let issued = run.progress.issue(reply.next);
            run.chunks.extend(issued);
        }
        if run.chunks.is_over(&self.out) {
            if current && run.progress.is_complete() {
                self.status = Status::Done;
                run.ended_ms = Some(now);
            } else {
                // Out of date, or (after a stop) jobs left unsent: ask again rather than stall.
                self.ask_plan(now, effects);
            }
            return;
        }
        self.dispatch(effects);
    }

    /// Sends chunks while a worker can take one.
    fn dispatch(&mut self, effects: &mut ExperimentsEffects) {
        let workers = self.workers;
        while let Some(run) = self.run.as_mut() {
            let Some((job, indices)) = run.chunks.next(&mut self.out, workers, None) else {
                return;
            };
            let jobs = indices
                .iter()
                .map(|&i| run.progress.jobs[i].clone())
                .collect();
            effects.jobs.submit(
                job,
                ExperimentRequest::Jobs(JobsRequest {
                    setup: run.setup.clone(),
                    jobs,
                }),
            );
        }
    }
}
