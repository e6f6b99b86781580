//! The lab page's state and every action on it, as a reducer: [`Lab::apply`] takes an
//! [`Action`] and returns the [`Effects`] the page must carry out (post a run to the worker,
//! replace the worker, move the focus). No browser types: the page's behaviour is tested here.

use std::collections::BTreeMap;

use sudoku_core::grid::char_digit;
use sudoku_core::{Algorithm, Conflict, Grid, ParseError, Size, Status};

use super::library::Entry;
use super::query::Query;
use super::timeline::Timeline;
use super::View;
use crate::protocol::{RunRequest, RunSummary, WorkerMessage};

/// Playback ticks per second (the page's ticker calls [`Action::Tick`] this often).
pub const TICKS_PER_SECOND: f64 = 40.0;
/// Default position of the speed slider (10^(60/20) = 1,000 events per second).
pub const DEFAULT_SPEED: u32 = 60;

/// One run of an algorithm as the page sees it.
pub struct Run {
    /// Tags the worker's messages: those of an older job are dropped.
    pub job: u64,
    pub algorithm: Algorithm,
    pub puzzle: Grid,
    pub seed: u64,
    pub timeline: Timeline,
    pub summary: Option<RunSummary>,
    /// Stopped by the user before the worker answered.
    pub cancelled: bool,
}

impl Run {
    /// Still computing in the worker.
    pub fn is_running(&self) -> bool {
        self.summary.is_none() && !self.cancelled
    }

    /// How the run ended, as the test hooks and the embed page's `done` notice name it:
    /// `verified`, `no-solution`, `gave-up`, `cancelled` or `failed` (solved but not verified);
    /// `None` while it runs.
    pub fn outcome(&self) -> Option<&'static str> {
        if self.cancelled {
            return Some("cancelled");
        }
        let summary = self.summary.as_ref()?;
        Some(match (&summary.outcome.status, &summary.verified) {
            (Status::Solved, Some(Ok(()))) => "verified",
            (Status::Solved, _) => "failed",
            (Status::NoSolution, _) => "no-solution",
            (Status::Cancelled, _) => "cancelled",
            (Status::GaveUp(_), _) => "gave-up",
        })
    }

    /// The values to draw at the cursor. A capped trace ends before the solver did: at its end,
    /// the final grid is shown.
    pub fn values(&self) -> &[u8] {
        match &self.summary {
            Some(s) if s.dropped_events > 0 && self.timeline.at_end() => s.outcome.grid.values(),
            _ => self.timeline.values(),
        }
    }
}

/// Everything a user (or the worker, or the ticker) can do to the lab page.
#[derive(Clone, Debug)]
pub enum Action {
    /// The puzzle text field changed (not loaded yet).
    Text(String),
    /// Text pasted onto the board: loaded at once.
    Paste(String),
    /// Load the text field's puzzle.
    LoadText,
    /// Load a library entry by index.
    LoadLibrary(usize),
    /// A new empty grid of this side.
    NewGrid(usize),
    /// Empty the board, keeping its size.
    Clear,
    Select(usize),
    /// A key pressed on a board cell (`KeyboardEvent.key`).
    Key {
        cell: usize,
        key: String,
    },
    /// Choose an algorithm by id.
    Pick(String),
    Param(&'static str, String),
    Seed(String),
    NewSeed(u64),
    Run,
    Cancel,
    /// A message of the worker running `job`.
    FromWorker {
        job: u64,
        message: WorkerMessage,
    },
    /// The worker crashed or could not start.
    WorkerFailed(String),
    Play,
    Pause,
    /// Play if paused, pause if playing (the Space shortcut).
    TogglePlay,
    Step,
    StepBack,
    Home,
    End,
    Scrub(usize),
    Speed(u32),
    /// Speed one notch up (+) or down (−): the `]` and `[` shortcuts.
    SpeedBy(i32),
    Tick,
    ToggleCandidates,
    SetView(View),
}

/// What the page must do after an action.
#[derive(Debug, Default)]
pub struct Effects {
    /// Post this run to the worker, tagged with its job id.
    pub post: Option<(u64, RunRequest)>,
    /// Terminate the worker (it may be busy) and start a fresh one.
    pub restart_worker: bool,
    /// Move the keyboard focus to this board cell.
    pub focus: Option<usize>,
    /// The action used the key (the page prevents the browser's default).
    pub handled: bool,
    /// Nothing visible changed: no redraw needed.
    pub quiet: bool,
}

impl Effects {
    fn quiet() -> Effects {
        Effects {
            quiet: true,
            ..Effects::default()
        }
    }
}

/// The lab page.
pub struct Lab {
    /// The puzzle being edited (givens; a clashing one is shown so it can be fixed).
    pub puzzle: Grid,
    pub text: String,
    pub input_error: Option<String>,
    pub bad_cells: Vec<usize>,
    pub library: Vec<Entry>,
    pub algorithm: Algorithm,
    /// Parameter values as typed, by name (checked when shown and when run).
    pub params: BTreeMap<&'static str, String>,
    pub seed: String,
    /// What the last action could not do, or what it did behind the scenes.
    pub notice: Option<String>,
    /// Values of the page's URL that could not be used.
    pub url_errors: Vec<String>,
    pub run: Option<Run>,
    pub playing: bool,
    /// Speed slider position 0..=100: 10^(v/20) events per second.
    pub speed: u32,
    /// Fraction of an event owed by the last tick.
    carry: f64,
    pub selected: usize,
    pub show_candidates: bool,
    pub view: View,
    /// Play as soon as a run starts.
    pub autoplay: bool,
    /// Event to show once the run is complete (the URL's `step`).
    pending_step: Option<usize>,
    /// The compact page for an iframe (`embed=1`).
    pub embed: bool,
    next_job: u64,
}

fn default_params(algorithm: Algorithm) -> BTreeMap<&'static str, String> {
    algorithm
        .params()
        .iter()
        .map(|p| (p.name, p.default_value().to_string()))
        .collect()
}

impl Lab {
    /// The page as a URL asks for it; `seed` is used when the URL gives none. Starts the run
    /// when the URL says `run=1` (see the returned effects).
    pub fn new(query: Query, library: Vec<Entry>, seed: u64) -> (Lab, Effects) {
        let algorithm = query.algorithm.unwrap_or(Algorithm::Propagation);
        let mut params = default_params(algorithm);
        params.extend(query.params.iter().map(|(k, v)| (*k, v.clone())));
        let puzzle = library
            .first()
            .map(|e| e.grid.clone())
            .unwrap_or_else(|| Grid::empty(Size::NINE));
        let mut lab = Lab {
            text: puzzle.to_line(),
            puzzle,
            input_error: None,
            bad_cells: Vec::new(),
            library,
            algorithm,
            params,
            seed: query.seed.unwrap_or(seed).to_string(),
            notice: None,
            url_errors: query.errors,
            run: None,
            playing: false,
            speed: query.speed.unwrap_or(DEFAULT_SPEED),
            carry: 0.0,
            selected: 0,
            show_candidates: false,
            view: query.view.unwrap_or(View::Board),
            autoplay: query.autoplay.unwrap_or(query.step.is_none()),
            pending_step: query.step,
            embed: query.embed,
            next_job: 1,
        };
        if let Some(text) = &query.puzzle {
            lab.text = text.clone();
            lab.load_text(text);
        }
        let effects = if query.run {
            lab.start()
        } else {
            Effects::default()
        };
        (lab, effects)
    }

    pub fn size(&self) -> Size {
        self.puzzle.size()
    }

    /// Events per second at the current speed.
    pub fn events_per_second(&self) -> f64 {
        10f64.powf(self.speed as f64 / 20.0)
    }

    pub fn is_running(&self) -> bool {
        self.run.as_ref().is_some_and(Run::is_running)
    }

    /// Messages for the parameters that do not parse (Run is off while there are any).
    pub fn param_errors(&self) -> Vec<String> {
        self.params
            .iter()
            .filter_map(|(name, value)| {
                let spec = self.algorithm.param(name).ok()?;
                spec.parse(value).err().map(|e| e.to_string())
            })
            .collect()
    }

    /// A rule between parameters that the values break (each value being in range), if any.
    pub fn param_conflict(&self) -> Option<String> {
        let mut params = sudoku_core::Params::default();
        for (name, value) in &self.params {
            let value = self.algorithm.param(name).ok()?.parse(value).ok()?;
            params.set(name, value);
        }
        self.algorithm.check(&params).err().map(|e| e.to_string())
    }

    /// The URL state of the page, for the share link.
    pub fn share_query(&self) -> Query {
        let step = self
            .run
            .as_ref()
            .map(|r| r.timeline.cursor())
            .filter(|&c| c > 0 && self.run.as_ref().is_some_and(|r| !r.timeline.at_end()));
        Query {
            puzzle: Some(Query::puzzle_line(&self.puzzle)),
            algorithm: Some(self.algorithm),
            seed: self.seed.trim().parse().ok(),
            params: self
                .params
                .iter()
                .map(|(k, v)| (*k, v.trim().to_string()))
                .collect(),
            view: Some(self.view),
            step,
            embed: self.embed,
            ..Query::default()
        }
    }

    /// The compare page with the current configuration, to add others to.
    pub fn compare_query(&self) -> Query {
        let defaults = default_params(self.algorithm);
        Query {
            puzzle: Some(Query::puzzle_line(&self.puzzle)),
            seed: self.seed.trim().parse().ok(),
            compare: vec![super::query::CompareEntry {
                algorithm: self.algorithm,
                params: self
                    .params
                    .iter()
                    .filter(|(k, v)| defaults.get(*k).map(|d| d.trim()) != Some(v.trim()))
                    .map(|(k, v)| (*k, v.trim().to_string()))
                    .collect(),
                seed: None,
            }],
            ..Query::default()
        }
    }

    /// Carries out one action.
    pub fn apply(&mut self, action: Action) -> Effects {
        match action {
            Action::Text(text) => self.text = text,
            Action::Paste(text) => {
                self.load_text(&text);
                self.text = text;
                return self.stopped_run();
            }
            Action::LoadText => {
                let text = self.text.clone();
                self.load_text(&text);
                return self.stopped_run();
            }
            Action::LoadLibrary(i) => {
                if let Some(grid) = self.library.get(i).map(|e| e.grid.clone()) {
                    self.set_puzzle(grid);
                    return self.stopped_run();
                }
            }
            Action::NewGrid(n) => {
                if let Some(size) = Size::from_side(n) {
                    self.set_puzzle(Grid::empty(size));
                    self.selected = 0;
                    return self.stopped_run();
                }
            }
            Action::Clear => {
                self.set_puzzle(Grid::empty(self.size()));
                self.text.clear();
                return self.stopped_run();
            }
            Action::Select(cell) => self.selected = cell.min(self.size().cells() - 1),
            Action::Key { cell, key } => return self.key(cell, &key),
            Action::Pick(id) => match Algorithm::from_id(&id) {
                Some(a) => {
                    self.algorithm = a;
                    self.params = default_params(a);
                }
                None => self.notice = Some(format!("unknown algorithm '{id}'")),
            },
            Action::Param(name, value) => {
                self.params.insert(name, value);
            }
            Action::Seed(seed) => self.seed = seed,
            Action::NewSeed(seed) => self.seed = seed.to_string(),
            Action::Run => return self.start(),
            Action::Cancel => {
                if let Some(run) = self.run.as_mut().filter(|r| r.is_running()) {
                    run.cancelled = true;
                    self.playing = false;
                    self.notice = Some(
                        "run cancelled: the worker was stopped and a fresh one started".into(),
                    );
                    return Effects {
                        restart_worker: true,
                        ..Effects::default()
                    };
                }
                return Effects::quiet();
            }
            Action::FromWorker { job, message } => return self.received(job, message),
            Action::WorkerFailed(message) => {
                self.notice = Some(format!("{message}; a fresh worker was started"));
                if let Some(run) = self.run.as_mut().filter(|r| r.is_running()) {
                    run.cancelled = true;
                }
                self.playing = false;
                return Effects {
                    restart_worker: true,
                    ..Effects::default()
                };
            }
            Action::Play => self.play(),
            Action::Pause => self.playing = false,
            Action::TogglePlay => {
                if self.playing {
                    self.playing = false;
                } else {
                    self.play();
                }
            }
            Action::Step => self.move_cursor(|t| {
                t.forward(1);
            }),
            Action::StepBack => self.move_cursor(|t| t.seek(t.cursor().saturating_sub(1))),
            Action::Home => self.move_cursor(|t| t.seek(0)),
            Action::End => self.move_cursor(|t| t.seek(usize::MAX)),
            Action::Scrub(to) => self.move_cursor(|t| t.seek(to)),
            Action::Speed(v) => self.speed = v.min(100),
            Action::SpeedBy(notches) => {
                self.speed = (self.speed as i32 + 10 * notches).clamp(0, 100) as u32
            }
            Action::Tick => return self.tick(),
            Action::ToggleCandidates => self.show_candidates = !self.show_candidates,
            Action::SetView(view) => self.view = view,
        }
        Effects::default()
    }

    fn move_cursor(&mut self, f: impl FnOnce(&mut Timeline)) {
        self.playing = false;
        if let Some(run) = &mut self.run {
            f(&mut run.timeline);
        }
    }

    fn play(&mut self) {
        if let Some(run) = &mut self.run {
            if run.timeline.at_end() && !run.is_running() {
                // Played to the end: play again from the start.
                run.timeline.seek(0);
            }
            self.playing = true;
            self.carry = 0.0;
        }
    }

    fn tick(&mut self) -> Effects {
        let Some(run) = &mut self.run else {
            self.playing = false;
            return Effects::default();
        };
        if !self.playing {
            return Effects::quiet();
        }
        let per_tick = 10f64.powf(self.speed as f64 / 20.0) / TICKS_PER_SECOND + self.carry;
        let count = per_tick.floor() as usize;
        self.carry = per_tick - count as f64;
        let moved = run.timeline.forward(count);
        if run.timeline.at_end() && !run.is_running() {
            self.playing = false;
            return Effects::default();
        }
        Effects {
            quiet: moved == 0,
            ..Effects::default()
        }
    }

    fn received(&mut self, job: u64, message: WorkerMessage) -> Effects {
        let Some(run) = self.run.as_mut().filter(|r| r.job == job && !r.cancelled) else {
            // A late message of a replaced run.
            return Effects::quiet();
        };
        match message {
            WorkerMessage::Ready => return Effects::quiet(),
            WorkerMessage::Events(events) => run.timeline.extend(events),
            WorkerMessage::Done(summary) => {
                run.summary = Some(summary);
                if let Some(step) = self.pending_step.take() {
                    run.timeline.seek(step);
                    self.playing = false;
                }
            }
            WorkerMessage::Failed(message) => {
                self.notice = Some(message);
                self.run = None;
                self.playing = false;
            }
        }
        Effects::default()
    }

    /// The run request for the current form, or why there is none.
    fn request(&self) -> Result<RunRequest, String> {
        if let Some(e) = &self.input_error {
            return Err(format!("fix the puzzle first: {e}"));
        }
        if let Some(c) = self.puzzle.conflicts().first() {
            return Err(format!("the givens clash: {}", c.describe(self.size())));
        }
        let mut params = sudoku_core::Params::default();
        for (name, value) in &self.params {
            let spec = self.algorithm.param(name).map_err(|e| e.to_string())?;
            params.set(name, spec.parse(value).map_err(|e| e.to_string())?);
        }
        self.algorithm.check(&params).map_err(|e| e.to_string())?;
        let seed = self.seed.trim().parse::<u64>().map_err(|_| {
            format!(
                "the seed '{}' is not a whole number from 0 to 2^64-1",
                self.seed
            )
        })?;
        Ok(RunRequest {
            algorithm: self.algorithm.id().to_string(),
            params,
            puzzle: self.puzzle.givens_only(),
            seed,
        })
    }

    fn start(&mut self) -> Effects {
        let request = match self.request() {
            Ok(r) => r,
            Err(e) => {
                self.notice = Some(e);
                return Effects::default();
            }
        };
        // A run still computing occupies the worker: replace it.
        let restart_worker = self.is_running();
        let job = self.next_job;
        self.next_job += 1;
        self.notice = None;
        self.run = Some(Run {
            job,
            algorithm: self.algorithm,
            puzzle: request.puzzle.clone(),
            seed: request.seed,
            timeline: Timeline::new(&request.puzzle),
            summary: None,
            cancelled: false,
        });
        self.playing = self.autoplay;
        self.carry = 0.0;
        Effects {
            post: Some((job, request)),
            restart_worker,
            ..Effects::default()
        }
    }

    /// Leaves the current run (after the puzzle changed); a busy worker is replaced.
    fn stopped_run(&mut self) -> Effects {
        let restart_worker = self.is_running();
        self.run = None;
        self.playing = false;
        Effects {
            restart_worker,
            ..Effects::default()
        }
    }

    /// Puts a puzzle on the board (the caller leaves any run).
    fn set_puzzle(&mut self, grid: Grid) {
        self.bad_cells = Conflict::cells_of(&grid.conflicts());
        self.input_error = None;
        self.text = grid.to_line();
        self.selected = self.selected.min(grid.size().cells() - 1);
        self.puzzle = grid;
    }

    fn load_text(&mut self, text: &str) {
        match Grid::parse(text) {
            Ok(grid) => self.set_puzzle(grid),
            Err(e) => {
                self.bad_cells = e.cells();
                if let ParseError::Clash { grid, .. } = &e {
                    // Show the clashing givens on the board so they can be fixed there.
                    self.selected = self.selected.min(grid.size().cells() - 1);
                    self.puzzle = grid.clone();
                }
                self.input_error = Some(e.to_string());
            }
        }
    }

    /// Board editing: arrows move, a symbol sets a given, Backspace/Delete clear.
    fn key(&mut self, cell: usize, key: &str) -> Effects {
        let size = self.size();
        let n = size.n();
        if cell >= size.cells() {
            return Effects::quiet();
        }
        let (r, c) = (cell / n, cell % n);
        let target = match key {
            "ArrowUp" => Some(((r + n - 1) % n) * n + c),
            "ArrowDown" => Some(((r + 1) % n) * n + c),
            "ArrowLeft" => Some(r * n + (c + n - 1) % n),
            "ArrowRight" => Some(r * n + (c + 1) % n),
            _ => None,
        };
        if let Some(t) = target {
            self.selected = t;
            return Effects {
                focus: Some(t),
                handled: true,
                ..Effects::default()
            };
        }
        let mut chars = key.chars();
        let value = match (key, chars.next(), chars.next()) {
            ("Backspace" | "Delete", _, _) => Some(0),
            (_, Some(ch), None) => char_digit(size, ch),
            _ => None,
        };
        let Some(v) = value else {
            return Effects::quiet();
        };
        let mut effects = self.stopped_run();
        self.puzzle.set_given(cell, v);
        self.text = self.puzzle.to_line();
        self.input_error = None;
        self.bad_cells = Conflict::cells_of(&self.puzzle.conflicts());
        self.selected = cell;
        effects.focus = Some(cell);
        effects.handled = true;
        effects
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::library::library;
    use crate::runner;
    use std::cell::Cell;

    const HARD: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn lab(pairs: &[(&str, &str)]) -> (Lab, Effects) {
        Lab::new(Query::parse(pairs.iter().copied()), library(), 42)
    }

    /// Runs a posted request natively, as the worker would, and feeds every message back.
    fn answer(lab: &mut Lab, effects: Effects) {
        let (job, request) = effects.post.expect("a run was posted");
        let clock = Cell::new(0.0);
        let now = || {
            clock.set(clock.get() + 1.0);
            clock.get()
        };
        let mut messages = Vec::new();
        runner::run(&request, &now, &mut |m| messages.push(m));
        for message in messages {
            lab.apply(Action::FromWorker { job, message });
        }
    }

    fn line(values: &[u8]) -> String {
        values
            .iter()
            .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
            .collect()
    }

    #[test]
    fn the_url_loads_runs_and_plays_to_the_verified_solution() {
        let (mut lab, effects) = lab(&[
            ("puzzle", HARD),
            ("algorithm", "dlx"),
            ("seed", "7"),
            ("run", "1"),
        ]);
        assert!(lab.playing && lab.is_running());
        answer(&mut lab, effects);
        let run = lab.run.as_ref().unwrap();
        assert_eq!(run.summary.as_ref().unwrap().verified, Some(Ok(())));
        assert!(run.timeline.len() > 10);
        // The ticker plays it through and stops at the end.
        let mut ticks = 0;
        while lab.playing {
            lab.apply(Action::Tick);
            ticks += 1;
            assert!(ticks < 100_000);
        }
        let run = lab.run.as_ref().unwrap();
        assert!(run.timeline.at_end());
        assert_eq!(
            run.values(),
            run.summary.as_ref().unwrap().outcome.grid.values()
        );
        let share = lab.share_query().to_search();
        assert!(
            share.contains("algorithm=dlx") && share.contains("seed=7") && share.contains(HARD)
        );
        assert_eq!(lab.run.as_ref().unwrap().outcome(), Some("verified"));
        let compare = lab.compare_query().to_search();
        assert!(
            compare.contains("compare=dlx&") || compare.ends_with("compare=dlx"),
            "{compare}"
        );
    }

    #[test]
    fn step_back_and_forth_and_scrub_pause_playback() {
        let (mut lab, effects) = lab(&[("puzzle", HARD), ("algorithm", "norvig"), ("run", "1")]);
        answer(&mut lab, effects);
        lab.apply(Action::Scrub(0));
        assert!(!lab.playing);
        lab.apply(Action::Step);
        lab.apply(Action::Step);
        lab.apply(Action::Step);
        lab.apply(Action::StepBack);
        let t = &lab.run.as_ref().unwrap().timeline;
        assert_eq!(t.cursor(), 2);
        let after_two = t.values().to_vec();
        lab.apply(Action::End);
        lab.apply(Action::Home);
        lab.apply(Action::Step);
        lab.apply(Action::Step);
        assert_eq!(lab.run.as_ref().unwrap().timeline.values(), &after_two[..]);
        lab.apply(Action::TogglePlay);
        assert!(lab.playing);
        lab.apply(Action::TogglePlay);
        assert!(!lab.playing);
        // Play at the end starts over.
        lab.apply(Action::End);
        lab.apply(Action::Play);
        assert_eq!(lab.run.as_ref().unwrap().timeline.cursor(), 0);
    }

    #[test]
    fn a_url_step_is_shown_once_the_run_is_in_and_does_not_autoplay() {
        let (mut lab, effects) = lab(&[("puzzle", HARD), ("step", "5"), ("run", "1")]);
        assert!(!lab.playing);
        answer(&mut lab, effects);
        assert_eq!(lab.run.as_ref().unwrap().timeline.cursor(), 5);
        assert_eq!(lab.share_query().step, Some(5));
    }

    #[test]
    fn cancel_replaces_the_worker_and_drops_its_late_messages() {
        let (mut lab, effects) = lab(&[("puzzle", HARD), ("run", "1")]);
        let (job, _) = effects.post.unwrap();
        let cancel = lab.apply(Action::Cancel);
        assert!(cancel.restart_worker);
        assert_eq!(lab.run.as_ref().unwrap().outcome(), Some("cancelled"));
        assert!(lab.notice.as_deref().unwrap().contains("cancelled"));
        assert!(!lab.is_running());
        let late = lab.apply(Action::FromWorker {
            job,
            message: WorkerMessage::Events(vec![sudoku_core::Event::Assign {
                cell: 1,
                value: 1,
                reason: sudoku_core::Reason::STEP,
            }]),
        });
        assert!(late.quiet);
        assert!(lab.run.as_ref().unwrap().timeline.is_empty());
        // The next run gets a new job id and the fresh worker.
        let again = lab.apply(Action::Run);
        let (next, _) = again.post.as_ref().unwrap();
        assert!(*next > job);
        assert!(!again.restart_worker, "the worker was already replaced");
        answer(&mut lab, again);
        assert!(lab.run.as_ref().unwrap().summary.is_some());
    }

    #[test]
    fn bad_input_is_reported_and_run_refused() {
        let (mut lab, _) = lab(&[]);
        lab.apply(Action::Text(HARD[..80].to_string()));
        lab.apply(Action::LoadText);
        assert!(lab.input_error.as_deref().unwrap().contains("80 cells"));
        let refused = lab.apply(Action::Run);
        assert!(refused.post.is_none());
        assert!(lab
            .notice
            .as_deref()
            .unwrap()
            .contains("fix the puzzle first"));
        // Clashing givens are shown on the board, marked.
        lab.apply(Action::Text(format!("44{}", &HARD[2..])));
        lab.apply(Action::LoadText);
        assert_eq!(lab.bad_cells, vec![0, 1]);
        assert_eq!(lab.puzzle.values()[..2], [4, 4]);
        // A bad parameter or seed is named; Run is refused.
        lab.apply(Action::Text(HARD.into()));
        lab.apply(Action::LoadText);
        lab.apply(Action::Param("max_nodes", "many".into()));
        assert_eq!(lab.param_errors().len(), 1);
        assert!(lab.apply(Action::Run).post.is_none());
        lab.apply(Action::Param("max_nodes", "0".into()));
        assert_eq!(lab.param_conflict(), None);
        lab.apply(Action::Seed("seven".into()));
        assert!(lab.apply(Action::Run).post.is_none());
        assert!(lab.notice.as_deref().unwrap().contains("seed 'seven'"));
    }

    #[test]
    fn keys_edit_the_givens_and_move_the_focus() {
        let (mut lab, _) = lab(&[]);
        lab.apply(Action::NewGrid(4));
        let key = |lab: &mut Lab, cell, key: &str| {
            lab.apply(Action::Key {
                cell,
                key: key.into(),
            })
        };
        assert!(key(&mut lab, 0, "1").handled);
        assert_eq!(key(&mut lab, 0, "ArrowRight").focus, Some(1));
        key(&mut lab, 1, "2");
        assert_eq!(key(&mut lab, 1, "ArrowDown").focus, Some(5));
        key(&mut lab, 5, "3");
        key(&mut lab, 5, "Delete");
        assert!(!key(&mut lab, 5, "x").handled);
        assert!(!key(&mut lab, 5, "5").handled, "5 is not a 4×4 digit");
        assert!(!key(&mut lab, 5, "F1").handled);
        assert_eq!(line(lab.puzzle.values()), "12..............");
        assert_eq!(key(&mut lab, 0, "ArrowLeft").focus, Some(3));
        assert_eq!(key(&mut lab, 0, "ArrowUp").focus, Some(12));
        // Editing leaves a run and replaces a busy worker.
        let effects = lab.apply(Action::Run);
        assert!(effects.post.is_some());
        assert!(key(&mut lab, 2, "3").restart_worker);
        assert!(lab.run.is_none());
    }

    #[test]
    fn picking_an_algorithm_resets_its_parameters_and_speed_is_bounded() {
        let (mut lab, _) = lab(&[("algorithm", "genetic"), ("p.population", "50")]);
        assert_eq!(lab.params["population"], "50");
        lab.apply(Action::Param("elite", "50".into()));
        assert!(lab
            .param_conflict()
            .unwrap()
            .contains("elite = 50 must be less than population = 50"));
        assert!(
            lab.apply(Action::Run).post.is_none(),
            "the worker would refuse it"
        );
        lab.apply(Action::Pick("annealing".into()));
        assert_eq!(lab.params["cooling"], "0.99");
        assert!(!lab.params.contains_key("population"));
        lab.apply(Action::Pick("nonsense".into()));
        assert_eq!(lab.algorithm, Algorithm::Annealing);
        lab.apply(Action::SpeedBy(10));
        assert_eq!(lab.speed, 100);
        lab.apply(Action::SpeedBy(-20));
        assert_eq!(lab.speed, 0);
        assert!((lab.events_per_second() - 1.0).abs() < 1e-9);
    }

    #[test]
    fn a_failed_request_or_worker_is_reported() {
        let (mut lab, effects) = lab(&[("puzzle", HARD), ("run", "1")]);
        let (job, _) = effects.post.unwrap();
        lab.apply(Action::FromWorker {
            job,
            message: WorkerMessage::Failed("unknown algorithm 'x'".into()),
        });
        assert!(lab.run.is_none());
        assert_eq!(lab.notice.as_deref(), Some("unknown algorithm 'x'"));
        let effects = lab.apply(Action::Run);
        assert!(effects.post.is_some());
        let failed = lab.apply(Action::WorkerFailed("the worker failed: oops".into()));
        assert!(failed.restart_worker);
        assert!(!lab.is_running());
        assert!(lab.notice.as_deref().unwrap().contains("fresh worker"));
    }
}
