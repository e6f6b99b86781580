//! The lab page's state and every action on it, as a reducer: [`Lab::apply`] takes an
//! [`Action`] and returns the [`Effects`] the page must carry out (post a run to the worker,
//! replace the worker, move the focus). No browser types: the page's behaviour is tested here.

use std::collections::BTreeMap;

use sudoku_core::{Algorithm, Grid, Size};

mod actions;
mod editing;
mod hint;
mod links;
mod puzzle_tools;
mod run;

pub use actions::{Action, Effects};
pub use puzzle_tools::{GenerateField, GenerateForm};

use super::jobs::Pending;
use super::library::Entry;
use super::query::Query;
use super::timeline::Timeline;
use super::View;
use crate::protocol::{Analysis, Hint, Reply, RunSummary, SolverReply};

/// Playback ticks per second (the page's ticker calls [`Action::Tick`] this often).
pub const TICKS_PER_SECOND: f64 = 40.0;
/// Default position of the speed slider (10^(60/20) = 1,000 events per second).
pub const DEFAULT_SPEED: u32 = 60;
/// Events per second at a slider position: 10^(speed/20).
fn events_per_second(speed: u32) -> f64 {
    crate::maths::pow(10.0, speed as f64 / 20.0)
}

/// Unless a speed was asked for, a run plays within this many seconds: a longer one (an
/// annealing run's hundreds of thousands of events) is played faster.
pub const LONG_RUN_SECONDS: f64 = 30.0;

/// What a job out with the worker is for (the lab's replies are routed by it).
#[derive(Clone, Debug, PartialEq)]
enum Asked {
    Run,
    /// A trace file played as a run (see [`crate::replayed`]), with the address a link can
    /// carry when it came from the URL's `trace_url` (not a chosen file's blob URL).
    Open(Option<String>),
    Hint(Grid),
    Analysis(Grid),
    /// Kept to go to the full worker when the first one sends it back.
    Generate(crate::protocol::GenerateRequest),
    /// The run shown, recorded again as a trace file to download.
    Save,
}

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
    /// The recorded run's address, when it was opened from the URL's `trace_url`: the share
    /// link opens the file again rather than running anew.
    pub trace_url: Option<String>,
    /// The settings that make the run again (what "Save the run" records), when the page knows
    /// them (an opened trace of a configuration this lab cannot run has none).
    pub settings: Option<crate::protocol::RunRequest>,
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
        self.summary.as_ref().map(RunSummary::outcome_id)
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
    /// Whether the speed was asked for (the URL's `speed=`, the slider, a key): a long run then
    /// keeps it.
    speed_chosen: bool,
    /// Fraction of an event owed by the last tick.
    carry: f64,
    pub selected: usize,
    pub show_candidates: bool,
    pub view: View,
    /// Play as soon as a run starts.
    pub autoplay: bool,
    /// Event to show once the run is complete (the URL's `step`).
    pending_step: Option<usize>,
    /// The stretch playback keeps to (the URL's `from` and `to`) and whether it starts again at
    /// its end (`loop=1`).
    pub play_from: usize,
    pub play_to: Option<usize>,
    pub looping: bool,
    /// Ticks the end of a looping stretch has been shown: it is held a moment before the
    /// stretch starts again.
    held: u32,
    /// The player's buttons, speed and timeline are shown (`controls=0` hides them).
    pub controls: bool,
    /// The embed snippet keeps the player's controls.
    pub embed_controls: bool,
    /// The compact page for an iframe (`embed=1`).
    pub embed: bool,
    /// The next step on the puzzle, once the worker has answered a hint request.
    pub hint: Option<Hint>,
    /// The current puzzle's rating and steps in words, once the worker has answered.
    pub analysis: Option<Analysis>,
    /// The puzzle the analysis (or the request out) is for.
    analysed: Option<Grid>,
    /// How far the rating has come, while the worker says (a large grid's takes seconds).
    pub rating_progress: Option<String>,
    /// How far the generator has come, while the worker says.
    pub generate_progress: Option<String>,
    /// The steps in words are shown (after Explain).
    pub show_explanation: bool,
    pub generate_form: GenerateForm,
    /// The export dialog is open on the run of this job, with what it was handed (an
    /// `ExportRequest` as JSON: the dialog is a bundle of its own, which reads it from its
    /// element). Another run (a new one, an opened trace, an edit) closes it.
    export: Option<(u64, String)>,
    /// The jobs out with the worker, each with what it is for.
    out: Pending<Asked>,
}

fn default_params(algorithm: Algorithm) -> BTreeMap<&'static str, String> {
    super::param_map(
        algorithm
            .params()
            .iter()
            .map(|p| (p.name, p.default_value().to_string())),
    )
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
            export: None,
            url_errors: query.errors,
            run: None,
            playing: false,
            speed: query.speed.unwrap_or(DEFAULT_SPEED),
            speed_chosen: query.speed.is_some(),
            carry: 0.0,
            selected: 0,
            show_candidates: false,
            view: query.view.unwrap_or(View::Board),
            autoplay: query.autoplay.unwrap_or(query.step.is_none()),
            pending_step: query.step,
            play_from: query.from.unwrap_or(0),
            play_to: query.to,
            looping: query.looping,
            held: 0,
            controls: query.controls.unwrap_or(true),
            embed_controls: true,
            embed: query.embed,
            hint: None,
            analysis: None,
            analysed: None,
            rating_progress: None,
            generate_progress: None,
            show_explanation: false,
            generate_form: GenerateForm::default(),
            out: Pending::default(),
        };
        if let Some(text) = &query.puzzle {
            lab.text = text.clone();
            lab.load_text(text);
        }
        let mut effects = match (&query.trace_url, query.run) {
            (Some(url), _) => lab.open_trace(url.clone(), true),
            (None, true) => lab.start(),
            (None, false) => Effects::default(),
        };
        lab.follow_puzzle(&mut effects);
        (lab, effects)
    }

    pub fn size(&self) -> Size {
        self.puzzle.size()
    }

    /// Whether the board holds a puzzle (text that reads, no clashing givens): what a run, a
    /// hint, an explanation and a rating need.
    pub fn puzzle_is_valid(&self) -> bool {
        self.input_error.is_none() && self.bad_cells.is_empty()
    }

    /// Whether a new puzzle is being generated.
    pub fn is_generating(&self) -> bool {
        self.out.any(|a| matches!(a, Asked::Generate(_)))
    }

    /// A worker's reply, routed by what its job was asked for; a dropped job's late reply is
    /// ignored. A request the first-load worker sends back goes to the full worker.
    fn route(&mut self, job: u64, message: SolverReply) -> Effects {
        if let SolverReply::NeedsFullWorker = message {
            let mut effects = Effects::quiet();
            if let Some(request) = self.sent_back(job) {
                effects.jobs.to_full_worker(job, request);
            }
            return effects;
        }
        let Some(asked) = self.out.answered(job, message.ends_request()) else {
            return Effects::quiet();
        };
        match asked {
            Asked::Run => return self.received(job, message),
            Asked::Open(link) => return self.trace_reply(job, message, link),
            Asked::Hint(_) => self.hint_answered(message),
            Asked::Analysis(_) => self.analysis_answered(message),
            Asked::Generate(_) => self.generated(message),
            Asked::Save => return self.saved(message),
        }
        Effects::default()
    }

    /// Events per second at the current speed.
    pub fn events_per_second(&self) -> f64 {
        events_per_second(self.speed)
    }

    /// What the open export dialog was handed, while the run it was opened on is shown.
    pub fn export_request(&self) -> Option<&str> {
        let (job, request) = self.export.as_ref()?;
        (self.run.as_ref()?.job == *job).then_some(request.as_str())
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
        let params = self.typed_params().ok()?;
        self.algorithm.check(&params).err().map(|e| e.to_string())
    }

    /// The form's parameter values read against the algorithm's schema.
    fn typed_params(&self) -> Result<sudoku_core::Params, sudoku_core::ParamError> {
        self.algorithm
            .parse_params(self.params.iter().map(|(k, v)| (*k, v.as_str())))
    }

    /// Carries out one action; a puzzle that changed is sent to be rated.
    pub fn apply(&mut self, action: Action) -> Effects {
        let mut effects = self.apply_action(action);
        self.follow_puzzle(&mut effects);
        effects
    }

    fn apply_action(&mut self, action: Action) -> Effects {
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
            Action::OpenTrace(url) => return self.open_trace(url, false),
            Action::SaveRun => return self.save(),
            Action::Export => self.open_export(),
            Action::CloseExport => self.export = None,
            Action::Cancel => {
                if let Some(run) = self.run.as_mut().filter(|r| r.is_running()) {
                    run.cancelled = true;
                    self.playing = false;
                    self.notice = Some(
                        "run cancelled: the worker was stopped and a fresh one started".into(),
                    );
                    return Effects::restarting_worker();
                }
                return Effects::quiet();
            }
            Action::FromWorker { job, message } => return self.route(job, message),
            Action::WorkerFailed(message) => {
                self.notice = Some(format!("{message}; a fresh worker was started"));
                if let Some(run) = self.run.as_mut().filter(|r| r.is_running()) {
                    run.cancelled = true;
                }
                self.playing = false;
                return Effects::restarting_worker();
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
            Action::Home => {
                let from = self.play_from;
                self.move_cursor(|t| t.seek(from))
            }
            Action::NextMark => self.move_cursor(|t| {
                if let Some(at) = t.next_mark() {
                    t.seek(at)
                }
            }),
            Action::PreviousMark => self.move_cursor(|t| {
                if let Some(at) = t.previous_mark() {
                    t.seek(at)
                }
            }),
            Action::StretchFrom | Action::StretchTo | Action::ClearStretch => {
                self.set_stretch(&action)
            }
            Action::ToggleLoop => self.looping = !self.looping,
            Action::ToggleEmbedControls => self.embed_controls = !self.embed_controls,
            Action::End => self.move_cursor(|t| t.seek(usize::MAX)),
            Action::Scrub(to) => self.move_cursor(|t| t.seek(to)),
            Action::Speed(v) => {
                self.speed = v.min(100);
                self.speed_chosen = true;
            }
            Action::SpeedBy(notches) => {
                self.speed = (self.speed as i32 + 10 * notches).clamp(0, 100) as u32;
                self.speed_chosen = true;
            }
            Action::Tick => return self.tick(),
            Action::ToggleCandidates => self.show_candidates = !self.show_candidates,
            Action::SetView(view) => self.view = view,
            Action::Hint => return self.ask_hint(),
            Action::Explain => return self.explain(),
            Action::GenerateSet(field, value) => self.generate_form.set(field, value),
            Action::Generate => return self.ask_generate(),
        }
        Effects::default()
    }
}

#[cfg(test)]
mod playback_tests;
#[cfg(test)]
mod puzzle_tools_tests;
#[cfg(test)]
mod tests;
