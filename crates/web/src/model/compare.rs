//! The compare page's state and actions, as a reducer: up to eight configurations (algorithm,
//! parameters, seed) run on one puzzle, each in a worker of the pool; a metrics table; their
//! traces played back under one cursor — at the same fraction of each run, or at the same
//! event count ("each at its own pace").

use std::cmp::Ordering;

use sudoku_core::{Algorithm, Event, Grid, Params, Size};

use super::lab::TICKS_PER_SECOND;
use super::query::{CompareEntry, Query, MAX_COMPARE};
use super::timeline::{Progress, Timeline};
use crate::protocol::{RunRequest, RunSummary, WorkerMessage};

/// One configuration's run.
pub struct Lane {
    pub entry: CompareEntry,
    pub seed: u64,
    /// The job of its current run (0: never run).
    pub job: u64,
    pub timeline: Timeline,
    pub summary: Option<RunSummary>,
    pub cancelled: bool,
    /// Why the worker could not run it.
    pub failed: Option<String>,
    /// The last generation reported (genetic algorithm).
    pub generations: u64,
}

impl Lane {
    /// `verified`, `no-solution`, `gave-up`, `cancelled`, `failed`, or `running` / `waiting`.
    pub fn outcome(&self) -> &'static str {
        use sudoku_core::Status;
        if self.failed.is_some() {
            return "failed";
        }
        if self.cancelled {
            return "cancelled";
        }
        let Some(summary) = &self.summary else {
            return if self.job == 0 { "waiting" } else { "running" };
        };
        match (&summary.outcome.status, &summary.verified) {
            (Status::Solved, Some(Ok(()))) => "verified",
            (Status::Solved, _) => "failed",
            (Status::NoSolution, _) => "no-solution",
            (Status::Cancelled, _) => "cancelled",
            (Status::GaveUp(_), _) => "gave-up",
        }
    }

    pub fn is_running(&self) -> bool {
        self.job != 0 && self.summary.is_none() && !self.cancelled && self.failed.is_none()
    }

    /// The configuration in words: id, the parameters set, the seed.
    pub fn label(&self) -> String {
        let params: Vec<String> = self
            .entry
            .params
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        if params.is_empty() {
            format!("{} (seed {})", self.entry.algorithm.id(), self.seed)
        } else {
            format!(
                "{} ({}; seed {})",
                self.entry.algorithm.id(),
                params.join(", "),
                self.seed
            )
        }
    }

    /// A metric of the table, for sorting (`None` sorts last).
    pub fn metric(&self, column: Column) -> Option<f64> {
        let summary = self.summary.as_ref();
        let stats = summary.map(|s| s.outcome.stats);
        match column {
            Column::Configuration | Column::Outcome => None,
            Column::Time => summary.map(|s| s.elapsed_ms),
            Column::Nodes => stats.map(|s| s.nodes as f64),
            Column::Iterations => stats.map(|s| s.iterations as f64),
            Column::Restarts => stats.map(|s| s.restarts as f64),
            Column::Generations => Some(self.generations as f64),
            Column::Events => Some(self.timeline.len() as f64),
        }
    }
}

/// The metrics table's columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    Configuration,
    Outcome,
    Time,
    Nodes,
    Iterations,
    Restarts,
    Generations,
    Events,
}

impl Column {
    pub const ALL: [Column; 8] = [
        Column::Configuration,
        Column::Outcome,
        Column::Time,
        Column::Nodes,
        Column::Iterations,
        Column::Restarts,
        Column::Generations,
        Column::Events,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Column::Configuration => "configuration",
            Column::Outcome => "outcome",
            Column::Time => "time in the worker (ms)",
            Column::Nodes => "nodes",
            Column::Iterations => "iterations",
            Column::Restarts => "restarts",
            Column::Generations => "generations",
            Column::Events => "events",
        }
    }
}

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
        message: WorkerMessage,
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
    pub submit: Vec<(u64, RunRequest)>,
    pub cancel: Vec<u64>,
    pub quiet: bool,
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
            timeline: Timeline::new(&self.puzzle),
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

    /// The URL of this comparison.
    pub fn share_query(&self) -> Query {
        Query {
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
                    return CompareEffects {
                        cancel: vec![lane.job],
                        ..CompareEffects::default()
                    };
                }
            }
            CompareAction::CancelAll => {
                let mut cancel = Vec::new();
                for lane in self.lanes.iter_mut().filter(|l| l.is_running()) {
                    lane.cancelled = true;
                    cancel.push(lane.job);
                }
                return CompareEffects {
                    cancel,
                    ..CompareEffects::default()
                };
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
                    WorkerMessage::Events(events) => {
                        for event in &events {
                            if let Event::Generation { generation, .. } = *event {
                                lane.generations = lane.generations.max(generation as u64);
                            }
                        }
                        lane.timeline.extend(events);
                    }
                    WorkerMessage::Done(summary) => {
                        lane.summary = Some(summary);
                        if !self.is_running() && !self.playing {
                            // All in: show the ends, ready to scrub.
                            self.position = 1.0;
                            self.place_cursors();
                        }
                    }
                    WorkerMessage::Failed(error) => lane.failed = Some(error),
                    WorkerMessage::Ready => {}
                }
            }
            CompareAction::Failed { job, error } => {
                if let Some(lane) = self.lanes.iter_mut().find(|l| l.job == job) {
                    lane.failed = Some(error);
                }
            }
            CompareAction::Add(algorithm) => {
                if self.lanes.len() < MAX_COMPARE {
                    self.push(CompareEntry {
                        algorithm,
                        params: Default::default(),
                        seed: None,
                    });
                }
            }
            CompareAction::Remove(i) => {
                if i < self.lanes.len() {
                    let lane = self.lanes.remove(i);
                    if lane.is_running() {
                        return CompareEffects {
                            cancel: vec![lane.job],
                            ..CompareEffects::default()
                        };
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
                let events = 10f64.powf(self.speed as f64 / 20.0) / TICKS_PER_SECOND;
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

    fn run_all(&mut self) -> CompareEffects {
        let mut effects = CompareEffects::default();
        if self.puzzle_error.is_some() || !self.puzzle.conflicts().is_empty() {
            return effects;
        }
        self.position = 0.0;
        self.playing = false;
        let givens = self.puzzle.givens_only();
        for lane in &mut self.lanes {
            if lane.is_running() {
                effects.cancel.push(lane.job);
            }
            let mut params = Params::default();
            for (name, value) in &lane.entry.params {
                // Checked when the URL was read.
                if let Ok(v) = lane
                    .entry
                    .algorithm
                    .param(name)
                    .and_then(|s| s.parse(value))
                {
                    params.set(name, v);
                }
            }
            lane.job = self.next_job;
            self.next_job += 1;
            lane.timeline = Timeline::new(&givens);
            lane.summary = None;
            lane.cancelled = false;
            lane.failed = None;
            lane.generations = 0;
            effects.submit.push((
                lane.job,
                RunRequest {
                    algorithm: lane.entry.algorithm.id().to_string(),
                    params,
                    puzzle: givens.clone(),
                    seed: lane.seed,
                },
            ));
        }
        effects
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner;
    use std::cell::Cell;

    const EASY: &str =
        ".4....179..2..8.54..6..5..8.8..7.91..5..9..3..19.6..4.3..4..7..57.1..2..928....6.";

    fn compare(list: &str) -> (Compare, CompareEffects) {
        Compare::new(
            Query::parse([
                ("compare", list),
                ("puzzle", EASY),
                ("seed", "1"),
                ("run", "1"),
            ]),
            9,
        )
    }

    /// Runs every submitted job natively, as the pool's workers would, in `order`.
    fn answer(compare: &mut Compare, effects: &CompareEffects, order: &[usize]) {
        for &k in order {
            let (job, request) = &effects.submit[k];
            let clock = Cell::new(0.0);
            let now = || {
                clock.set(clock.get() + 1.0);
                clock.get()
            };
            let mut messages = Vec::new();
            runner::run(request, &now, &mut |m| messages.push(m));
            for message in messages {
                compare.apply(CompareAction::FromWorker { job: *job, message });
            }
        }
    }

    #[test]
    fn every_configuration_runs_and_the_table_sorts() {
        let (mut c, effects) =
            compare("dlx,annealing;max_iterations=2000000,genetic;generations=5,norvig;seed=4");
        assert_eq!(effects.submit.len(), 4);
        assert_eq!(effects.submit[3].1.seed, 4);
        assert_eq!(effects.submit[0].1.seed, 1);
        answer(&mut c, &effects, &[2, 0, 3, 1]);
        let outcomes: Vec<&str> = c.lanes.iter().map(Lane::outcome).collect();
        assert_eq!(outcomes[0], "verified");
        assert_eq!(outcomes[3], "verified");
        assert_eq!(outcomes[1], "verified");
        assert!(matches!(outcomes[2], "verified" | "gave-up"));
        assert_eq!(
            c.lanes[2].generations,
            c.lanes[2]
                .summary
                .as_ref()
                .unwrap()
                .outcome
                .stats
                .iterations
        );
        c.apply(CompareAction::Sort(Column::Events));
        let events: Vec<usize> = c
            .order()
            .iter()
            .map(|&i| c.lanes[i].timeline.len())
            .collect();
        assert!(events.windows(2).all(|w| w[0] <= w[1]), "{events:?}");
        c.apply(CompareAction::Sort(Column::Events));
        let events: Vec<usize> = c
            .order()
            .iter()
            .map(|&i| c.lanes[i].timeline.len())
            .collect();
        assert!(events.windows(2).all(|w| w[0] >= w[1]), "{events:?}");
        // Annealing reports temperature steps, the GA generations: two charts.
        let titles: Vec<&str> = c.charts().iter().map(|p| p.title).collect();
        assert!(titles.contains(&"fitness per generation"), "{titles:?}");
        assert!(titles.contains(&"cost per temperature step"), "{titles:?}");
        let share = c.share_query().to_search();
        assert!(
            share.contains("norvig;seed=4") && share.contains("seed=1"),
            "{share}"
        );
    }

    #[test]
    fn the_shared_cursor_moves_every_run_by_fraction_or_by_event() {
        let (mut c, effects) = compare("dlx,norvig");
        answer(&mut c, &effects, &[0, 1]);
        assert!(
            c.lanes.iter().all(|l| l.timeline.at_end()),
            "all in: the ends are shown"
        );
        let lens: Vec<usize> = c.lanes.iter().map(|l| l.timeline.len()).collect();
        assert_ne!(lens[0], lens[1]);
        c.apply(CompareAction::Seek(500));
        for (lane, &len) in c.lanes.iter().zip(&lens) {
            assert_eq!(lane.timeline.cursor(), (len as f64 * 0.5).round() as usize);
        }
        c.apply(CompareAction::SetPace(Pace::Own));
        let longest = *lens.iter().max().unwrap();
        let at = (longest as f64 * 0.5).round() as usize;
        for (lane, &len) in c.lanes.iter().zip(&lens) {
            assert_eq!(lane.timeline.cursor(), at.min(len));
        }
        c.apply(CompareAction::Seek(0));
        c.apply(CompareAction::Play);
        let mut ticks = 0;
        while c.playing {
            c.apply(CompareAction::Tick);
            ticks += 1;
            assert!(ticks < 100_000);
        }
        assert!(c.lanes.iter().all(|l| l.timeline.at_end()));
    }

    #[test]
    fn cancel_and_late_messages() {
        let (mut c, effects) = compare("dlx,backtracking");
        let cancel = c.apply(CompareAction::Cancel(1));
        assert_eq!(cancel.cancel, vec![effects.submit[1].0]);
        answer(&mut c, &effects, &[0, 1]);
        assert_eq!(c.lanes[1].outcome(), "cancelled");
        assert!(
            c.lanes[1].timeline.is_empty(),
            "its late messages were dropped"
        );
        assert_eq!(c.lanes[0].outcome(), "verified");
        c.apply(CompareAction::Failed {
            job: effects.submit[0].0,
            error: "boom".into(),
        });
        assert_eq!(c.lanes[0].outcome(), "failed");
        // Running again gives every lane a new job.
        let again = c.apply(CompareAction::RunAll);
        assert!(again
            .submit
            .iter()
            .all(|(job, _)| *job > effects.submit[1].0));
    }

    #[test]
    fn bad_puzzles_and_configurations_are_reported_and_nothing_runs() {
        let (c, effects) = Compare::new(
            Query::parse([("compare", "dlx,nope"), ("puzzle", "123"), ("run", "1")]),
            1,
        );
        assert!(effects.submit.is_empty());
        assert!(c.puzzle_error.as_deref().unwrap().contains("3 cells"));
        assert!(c.errors[0].contains("unknown algorithm 'nope'"));
        assert_eq!(c.lanes.len(), 1);
        let (mut c, _) = compare("dlx");
        for _ in 0..10 {
            c.apply(CompareAction::Add(Algorithm::Norvig));
        }
        assert_eq!(c.lanes.len(), MAX_COMPARE);
        c.apply(CompareAction::Remove(0));
        assert_eq!(c.lanes.len(), MAX_COMPARE - 1);
    }
}
