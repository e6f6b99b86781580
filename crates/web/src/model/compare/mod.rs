//! The compare page's state and actions, as a reducer: up to eight configurations (algorithm,
//! parameters, seed) run on one puzzle, each in a worker of the pool; a metrics table; their
//! traces played back under one cursor — at the same fraction of each run, or at the same
//! event count ("each at its own pace").

use std::cmp::Ordering;

use sudoku_core::{Algorithm, Event, Grid, Size};

mod lane;
mod run;

pub use lane::{Column, Lane};

use super::jobs::Jobs;
use super::lab::TICKS_PER_SECOND;
use super::query::{CompareEntry, Query, MAX_COMPARE};
use super::timeline::{Progress, Timeline};
use crate::protocol::{SolverReply, SolverRequest};

/// How the shared cursor moves the runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pace {
    /// Every run at the same fraction of its trace (their starts and ends line up).
    Shared,
    /// Every run at the same event number (a short run ends first).
    Own,
}

#[derive(Clone, Debug)]
pub enum CompareAction {
    RunAll,
    Cancel(usize),
    CancelAll,
    FromWorker {
        job: u64,
        message: SolverReply,
    },
    Failed {
        job: u64,
        error: String,
    },
    Add(Algorithm),
    Remove(usize),
    Play,
    Pause,
    Tick,
    /// Cursor position, 0..=1000 (thousandths of the runs in shared pace, of the longest run
    /// in own pace).
    Seek(u32),
    SetPace(Pace),
    Speed(u32),
    /// Sort by a column (again: the other direction).
    Sort(Column),
}

/// What the page must do after an action.
#[derive(Debug, Default)]
pub struct CompareEffects {
    pub jobs: Jobs<SolverRequest>,
    pub quiet: bool,
}

impl CompareEffects {
    fn cancel(job: u64) -> CompareEffects {
        let mut effects = CompareEffects::default();
        effects.jobs.cancel(job);
        effects
    }
}

/// The compare page.
pub struct Compare {
    pub puzzle: Grid,
    pub puzzle_error: Option<String>,
    pub lanes: Vec<Lane>,
    /// URL values that could not be used.
    pub errors: Vec<String>,
    pub pace: Pace,
    /// The shared cursor, 0.0..=1.0.
    pub position: f64,
    pub playing: bool,
    /// Speed slider, 0..=100: 10^(v/20) events per second (of the longest run).
    pub speed: u32,
    pub sort: (Column, bool),
    base_seed: u64,
    next_job: u64,
}

impl Compare {
    /// The study page with these configurations over a generated population of the puzzle's
    /// size ("compare on many puzzles…"): 10 puzzles per level, 2 seeds each.
    pub fn study_query(&self) -> Query {
        let n = self.puzzle.size().n();
        let levels = if n <= 9 { "easy,medium,hard" } else { "easy" };
        Query {
            page: Some(super::query::Page::Study),
            generate: Some(format!("{n}:{levels}:10")),
            configs: self
                .lanes
                .iter()
                .map(|lane| {
                    let mut entry = lane.entry.clone();
                    entry.seed = None;
                    entry.to_text()
                })
                .collect(),
            seeds: Some(2),
            ..Query::default()
        }
    }

    /// The page as its URL asks; runs at once with `run=1`.
    pub fn new(query: Query, seed: u64) -> (Compare, CompareEffects) {
        let base_seed = query.seed.unwrap_or(seed);
        let (puzzle, puzzle_error) = match query.puzzle.as_deref().map(Grid::parse) {
            Some(Ok(grid)) => (grid, None),
            Some(Err(e)) => (Grid::empty(Size::NINE), Some(e.to_string())),
            None => (
                Grid::empty(Size::NINE),
                Some("no puzzle: add puzzle=… to the URL".to_string()),
            ),
        };
        let mut compare = Compare {
            puzzle,
            puzzle_error,
            lanes: Vec::new(),
            errors: query.errors,
            pace: Pace::Shared,
            position: 0.0,
            playing: false,
            speed: query.speed.unwrap_or(super::lab::DEFAULT_SPEED),
            sort: (Column::Configuration, false),
            base_seed,
            next_job: 1,
        };
        for entry in query.compare {
            compare.push(entry);
        }
        let effects = if query.run {
            compare.apply(CompareAction::RunAll)
        } else {
            CompareEffects::default()
        };
        (compare, effects)
    }

    fn push(&mut self, entry: CompareEntry) {
        let seed = entry.seed.unwrap_or(self.base_seed);
        self.lanes.push(Lane {
            timeline: Timeline::of_run(&self.puzzle, entry.algorithm),
            entry,
            seed,
            job: 0,
            summary: None,
            cancelled: false,
            failed: None,
            generations: 0,
        });
    }

    /// The lanes' indices in the table's order.
    pub fn order(&self) -> Vec<usize> {
        let (column, descending) = self.sort;
        let mut order: Vec<usize> = (0..self.lanes.len()).collect();
        order.sort_by(|&a, &b| {
            let (la, lb) = (&self.lanes[a], &self.lanes[b]);
            let by = match column {
                Column::Configuration => a.cmp(&b),
                Column::Outcome => la.outcome().cmp(lb.outcome()),
                _ => match (la.metric(column), lb.metric(column)) {
                    (Some(x), Some(y)) => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
                    (Some(_), None) => Ordering::Less,
                    (None, Some(_)) => Ordering::Greater,
                    (None, None) => Ordering::Equal,
                },
            };
            if descending {
                by.reverse()
            } else {
                by
            }
        });
        order
    }

    /// The URL of this comparison (with `run=1` once it has run, so the link shows the runs).
    pub fn share_query(&self) -> Query {
        Query {
            run: self.lanes.iter().any(|l| l.job != 0),
            puzzle: Some(Query::puzzle_line(&self.puzzle)),
            seed: Some(self.base_seed),
            compare: self
                .lanes
                .iter()
                .map(|l| CompareEntry {
                    seed: (l.seed != self.base_seed).then_some(l.seed),
                    ..l.entry.clone()
                })
                .collect(),
            ..Query::default()
        }
    }

    /// Each run's progress chart, grouped by kind (cost, fitness, depth…): one chart per kind
    /// with one line per run, named by its configuration.
    pub fn charts(&self) -> Vec<Progress> {
        let mut charts: Vec<Progress> = Vec::new();
        for lane in &self.lanes {
            let Some(progress) = lane.timeline.progress(200) else {
                continue;
            };
            // The line that says most: the best so far where there is one.
            let main = progress
                .series
                .iter()
                .find(|s| s.name == "best")
                .or(progress.series.first())
                .cloned();
            let Some(mut series) = main else { continue };
            series.name = lane.label();
            match charts.iter_mut().find(|c| c.title == progress.title) {
                Some(chart) => chart.series.push(series),
                None => charts.push(Progress {
                    series: vec![series],
                    ..progress
                }),
            }
        }
        charts
    }

    pub fn is_running(&self) -> bool {
        self.lanes.iter().any(Lane::is_running)
    }

    fn longest(&self) -> usize {
        self.lanes
            .iter()
            .map(|l| l.timeline.len())
            .max()
            .unwrap_or(0)
    }

    /// Moves every run to the shared cursor.
    fn place_cursors(&mut self) {
        let longest = self.longest();
        for lane in &mut self.lanes {
            let len = lane.timeline.len();
            let target = match self.pace {
                Pace::Shared => (self.position * len as f64).round() as usize,
                Pace::Own => ((self.position * longest as f64).round() as usize).min(len),
            };
            lane.timeline.seek(target);
        }
    }

    pub fn apply(&mut self, action: CompareAction) -> CompareEffects {
        match action {
            CompareAction::RunAll => return self.run_all(),
            CompareAction::Cancel(i) => {
                if let Some(lane) = self.lanes.get_mut(i).filter(|l| l.is_running()) {
                    lane.cancelled = true;
                    return CompareEffects::cancel(lane.job);
                }
            }
            CompareAction::CancelAll => {
                let mut effects = CompareEffects::default();
                for lane in self.lanes.iter_mut().filter(|l| l.is_running()) {
                    lane.cancelled = true;
                    effects.jobs.cancel(lane.job);
                }
                return effects;
            }
            CompareAction::FromWorker { job, message } => {
                let Some(lane) = self
                    .lanes
                    .iter_mut()
                    .find(|l| l.job == job && l.is_running())
                else {
                    return CompareEffects {
                        quiet: true,
                        ..CompareEffects::default()
                    };
                };
                match message {
                    SolverReply::Events(events) => {
                        for event in &events {
                            if let Event::Generation { generation, .. } = *event {
                                lane.generations = lane.generations.max(generation as u64);
                            }
                        }
                        lane.timeline.extend(events);
                    }
                    SolverReply::Done(summary) => {
                        lane.summary = Some(summary);
                        if !self.is_running() && !self.playing {
                            // All in: show the ends, ready to scrub.
                            self.position = 1.0;
                            self.place_cursors();
                        }
                    }
                    SolverReply::Failed(error) => lane.failed = Some(error),
                    // Not a run's replies.
                    SolverReply::Ready
                    | SolverReply::Opened(_)
                    | SolverReply::Hint(_)
                    | SolverReply::Analysis(_)
                    | SolverReply::Generated(_)
                    | SolverReply::Saved { .. }
                    | SolverReply::LessonChecked(_)
                    | SolverReply::Working(_)
                    | SolverReply::NeedsFullWorker => {}
                }
            }
            CompareAction::Failed { job, error } => {
                if let Some(lane) = self.lanes.iter_mut().find(|l| l.job == job) {
                    lane.failed = Some(error);
                }
            }
            CompareAction::Add(algorithm) => {
                if self.lanes.len() < MAX_COMPARE {
                    // Once the others have run (or run now), the new one runs at once beside
                    // them; before, it waits for Run all with them.
                    let started = self.lanes.iter().any(|l| l.job != 0);
                    self.push(CompareEntry {
                        algorithm,
                        params: Default::default(),
                        seed: None,
                    });
                    if started && self.runnable() {
                        let mut effects = CompareEffects::default();
                        self.start(self.lanes.len() - 1, &mut effects);
                        return effects;
                    }
                }
            }
            CompareAction::Remove(i) => {
                if i < self.lanes.len() {
                    let lane = self.lanes.remove(i);
                    if lane.is_running() {
                        return CompareEffects::cancel(lane.job);
                    }
                }
            }
            CompareAction::Play => {
                if self.position >= 1.0 {
                    self.position = 0.0;
                }
                self.playing = true;
            }
            CompareAction::Pause => self.playing = false,
            CompareAction::Tick => {
                if !self.playing {
                    return CompareEffects {
                        quiet: true,
                        ..CompareEffects::default()
                    };
                }
                let longest = self.longest().max(1) as f64;
                let events = crate::maths::pow(10.0, self.speed as f64 / 20.0) / TICKS_PER_SECOND;
                self.position = (self.position + events / longest).min(1.0);
                self.place_cursors();
                if self.position >= 1.0 && !self.is_running() {
                    self.playing = false;
                }
            }
            CompareAction::Seek(thousandths) => {
                self.playing = false;
                self.position = (thousandths.min(1000) as f64) / 1000.0;
                self.place_cursors();
            }
            CompareAction::SetPace(pace) => {
                self.pace = pace;
                self.place_cursors();
            }
            CompareAction::Speed(v) => self.speed = v.min(100),
            CompareAction::Sort(column) => {
                self.sort = if self.sort.0 == column {
                    (column, !self.sort.1)
                } else {
                    (column, false)
                }
            }
        }
        CompareEffects::default()
    }
}

#[cfg(test)]
mod tests;
