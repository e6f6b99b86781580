//! The page: edit or load a puzzle, pick an algorithm and its parameters, run it in the worker and
//! play back what it did.
//!
//! URL contract (tests and teaching pages): `?puzzle=<line>&algorithm=<id>&seed=<n>&run=1` loads the
//! puzzle, selects the algorithm and the seed, and starts the run; the share link shows the same.

mod board;
mod chart;
mod library;
mod worker;

use std::collections::BTreeMap;

use gloo_timers::callback::Interval;
use sudoku_core::grid::char_digit;
use sudoku_core::{Algorithm, Conflict, Grid, ParamKind, Params, ParseError, Size, Status};
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement, KeyboardEvent};
use yew::html::Scope;
use yew::prelude::*;

use crate::protocol::{RunRequest, RunSummary, WorkerMessage};
use crate::timeline::Timeline;
use board::Board;
use chart::Chart;
use worker::WorkerHandle;

/// Playback ticks per second.
const TICKS_PER_SECOND: f64 = 40.0;
/// Least time between two redraws caused by incoming events alone.
const REDRAW_MS: f64 = 250.0;

pub enum Msg {
    Text(String),
    Paste(String),
    LoadText,
    LoadLibrary(usize),
    NewGrid(usize),
    /// Empties the board, keeping its size.
    Clear,
    Key(usize, KeyboardEvent),
    Select(usize),
    Pick(String),
    Param(&'static str, String),
    Seed(String),
    NewSeed,
    Run,
    Cancel,
    FromWorker(WorkerMessage),
    WorkerFailed(String),
    Play,
    Pause,
    Step,
    End,
    Scrub(usize),
    Speed(u32),
    Tick,
    ToggleCandidates,
}

/// One run of an algorithm as the page sees it.
struct Run {
    algorithm: Algorithm,
    puzzle: Grid,
    seed: u64,
    timeline: Timeline,
    summary: Option<RunSummary>,
}

pub struct App {
    puzzle: Grid,
    text: String,
    input_error: Option<String>,
    bad_cells: Vec<usize>,
    library: Vec<(&'static str, String, Grid)>,
    algorithm: Algorithm,
    params: BTreeMap<&'static str, String>,
    seed: String,
    worker: Option<WorkerHandle>,
    worker_ready: bool,
    pending: Option<RunRequest>,
    notice: Option<String>,
    run: Option<Run>,
    playing: bool,
    /// Speed slider position 0..=100: 10^(v/20) events per second.
    speed: u32,
    carry: f64,
    ticker: Option<Interval>,
    selected: usize,
    show_candidates: bool,
    focus_pending: bool,
    last_redraw: f64,
}

fn random_seed() -> u64 {
    (js_sys::Math::random() * 4_294_967_296.0) as u64
}

fn query() -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let search = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    if let Ok(params) = web_sys::UrlSearchParams::new_with_str(&search) {
        for key in ["puzzle", "algorithm", "seed", "run"] {
            if let Some(v) = params.get(key) {
                out.insert(key.to_string(), v);
            }
        }
    }
    out
}

fn default_params(algorithm: Algorithm) -> BTreeMap<&'static str, String> {
    algorithm
        .params()
        .iter()
        .map(|p| (p.name, p.default_value().to_string()))
        .collect()
}

impl App {
    fn spawn_worker(&mut self, link: &Scope<Self>) {
        self.worker_ready = false;
        let on_message = link.callback(Msg::FromWorker);
        let on_error = link.callback(Msg::WorkerFailed);
        match WorkerHandle::spawn(move |m| on_message.emit(m), move |e| on_error.emit(e)) {
            Ok(handle) => self.worker = Some(handle),
            Err(e) => {
                self.worker = None;
                self.notice = Some(e);
            }
        }
    }

    /// Puts a puzzle on the board (leaving any run).
    fn set_puzzle(&mut self, grid: Grid) {
        self.stop_run();
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
                    self.stop_run();
                    self.puzzle = grid.clone();
                }
                self.input_error = Some(e.to_string());
            }
        }
    }

    fn stop_run(&mut self) {
        if self.run.as_ref().is_some_and(|r| r.summary.is_none()) {
            // A run still going: its worker is busy, replace it.
            self.worker = None;
        }
        self.run = None;
        self.playing = false;
        self.ticker = None;
    }

    fn param_errors(&self) -> Vec<String> {
        self.params
            .iter()
            .filter_map(|(name, value)| {
                let spec = self.algorithm.param(name).ok()?;
                spec.parse(value).err().map(|e| e.to_string())
            })
            .collect()
    }

    fn request(&self) -> Result<RunRequest, String> {
        if let Some(e) = &self.input_error {
            return Err(format!("fix the puzzle first: {e}"));
        }
        let conflicts = self.puzzle.conflicts();
        if let Some(c) = conflicts.first() {
            return Err(format!(
                "the givens clash: {}",
                c.describe(self.puzzle.size())
            ));
        }
        let mut params = Params::default();
        for (name, value) in &self.params {
            let spec = self.algorithm.param(name).map_err(|e| e.to_string())?;
            params.set(name, spec.parse(value).map_err(|e| e.to_string())?);
        }
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

    fn start(&mut self, link: &Scope<Self>) {
        let request = match self.request() {
            Ok(r) => r,
            Err(e) => {
                self.notice = Some(e);
                return;
            }
        };
        self.stop_run();
        if self.worker.is_none() {
            self.spawn_worker(link);
        }
        self.notice = None;
        self.run = Some(Run {
            algorithm: self.algorithm,
            puzzle: request.puzzle.clone(),
            seed: request.seed,
            timeline: Timeline::new(&request.puzzle),
            summary: None,
        });
        self.playing = true;
        self.carry = 0.0;
        self.start_ticker(link);
        if self.worker_ready {
            self.post(request);
        } else {
            self.pending = Some(request);
        }
    }

    fn post(&mut self, request: RunRequest) {
        if let Some(w) = &self.worker {
            if let Err(e) = w.post(&request) {
                self.notice = Some(e);
            }
        }
    }

    fn start_ticker(&mut self, link: &Scope<Self>) {
        let link = link.clone();
        self.ticker = Some(Interval::new(
            (1000.0 / TICKS_PER_SECOND) as u32,
            move || link.send_message(Msg::Tick),
        ));
    }

    fn events_per_second(&self) -> f64 {
        10f64.powf(self.speed as f64 / 20.0)
    }

    fn share_link(&self) -> String {
        let base = web_sys::window()
            .and_then(|w| {
                let l = w.location();
                Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
            })
            .unwrap_or_default();
        format!(
            "{base}?puzzle={}&algorithm={}&seed={}",
            self.puzzle.givens_only().to_line(),
            self.algorithm.id(),
            self.seed.trim()
        )
    }
}

impl Component for App {
    type Message = Msg;
    type Properties = ();

    fn create(ctx: &Context<Self>) -> Self {
        let q = query();
        let algorithm = q
            .get("algorithm")
            .and_then(|id| Algorithm::from_id(id))
            .unwrap_or(Algorithm::Propagation);
        let library = library::library();
        let mut app = App {
            puzzle: library
                .first()
                .map(|e| e.2.clone())
                .unwrap_or_else(|| Grid::empty(Size::NINE)),
            text: String::new(),
            input_error: None,
            bad_cells: Vec::new(),
            library,
            algorithm,
            params: default_params(algorithm),
            seed: q
                .get("seed")
                .cloned()
                .unwrap_or_else(|| random_seed().to_string()),
            worker: None,
            worker_ready: false,
            pending: None,
            notice: None,
            run: None,
            playing: false,
            speed: 60,
            carry: 0.0,
            ticker: None,
            selected: 0,
            show_candidates: false,
            focus_pending: false,
            last_redraw: 0.0,
        };
        app.text = app.puzzle.to_line();
        if let Some(p) = q.get("puzzle") {
            app.load_text(p);
        }
        app.spawn_worker(ctx.link());
        if q.get("run").is_some_and(|v| v == "1") {
            app.start(ctx.link());
        }
        app
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Text(text) => self.text = text,
            Msg::Paste(text) => {
                self.text = text.clone();
                self.load_text(&text);
            }
            Msg::LoadText => {
                let text = self.text.clone();
                self.load_text(&text);
            }
            Msg::LoadLibrary(i) => {
                if let Some((_, _, grid)) = self.library.get(i).cloned() {
                    self.set_puzzle(grid);
                }
            }
            Msg::NewGrid(n) => {
                if let Some(size) = Size::from_side(n) {
                    self.set_puzzle(Grid::empty(size));
                    self.selected = 0;
                }
            }
            Msg::Clear => {
                self.set_puzzle(Grid::empty(self.puzzle.size()));
                self.text.clear();
            }
            Msg::Select(cell) => self.selected = cell,
            Msg::Key(cell, e) => {
                let size = self.puzzle.size();
                let n = size.n();
                let (r, c) = (cell / n, cell % n);
                let key = e.key();
                let target = match key.as_str() {
                    "ArrowUp" => Some(((r + n - 1) % n) * n + c),
                    "ArrowDown" => Some(((r + 1) % n) * n + c),
                    "ArrowLeft" => Some(r * n + (c + n - 1) % n),
                    "ArrowRight" => Some(r * n + (c + 1) % n),
                    _ => None,
                };
                if let Some(t) = target {
                    e.prevent_default();
                    self.selected = t;
                    self.focus_pending = true;
                    return true;
                }
                let value = match key.as_str() {
                    "Backspace" | "Delete" => Some(0),
                    k if k.chars().count() == 1 => {
                        k.chars().next().and_then(|ch| char_digit(size, ch))
                    }
                    _ => None,
                };
                if let Some(v) = value {
                    e.prevent_default();
                    self.stop_run();
                    self.puzzle.set_given(cell, v);
                    self.text = self.puzzle.to_line();
                    self.input_error = None;
                    self.bad_cells = Conflict::cells_of(&self.puzzle.conflicts());
                    self.selected = cell;
                    self.focus_pending = true;
                } else {
                    return false;
                }
            }
            Msg::Pick(id) => {
                if let Some(a) = Algorithm::from_id(&id) {
                    self.algorithm = a;
                    self.params = default_params(a);
                }
            }
            Msg::Param(name, value) => {
                self.params.insert(name, value);
            }
            Msg::Seed(seed) => self.seed = seed,
            Msg::NewSeed => self.seed = random_seed().to_string(),
            Msg::Run => self.start(ctx.link()),
            Msg::Cancel => {
                if self.run.as_ref().is_some_and(|r| r.summary.is_none()) {
                    self.worker = None; // terminates the busy worker
                    self.pending = None;
                    self.spawn_worker(ctx.link());
                    self.notice = Some(
                        "run cancelled: the worker was stopped and a fresh one started".into(),
                    );
                    self.playing = false;
                    self.ticker = None;
                }
            }
            Msg::FromWorker(message) => match message {
                WorkerMessage::Ready => {
                    self.worker_ready = true;
                    if let Some(request) = self.pending.take() {
                        self.post(request);
                    }
                    return false;
                }
                WorkerMessage::Events(events) => {
                    if let Some(run) = &mut self.run {
                        run.timeline.extend(events);
                    }
                    // Batches can arrive hundreds of times a second: redraw for them at most every
                    // REDRAW_MS (playback ticks redraw anyway), so input is never starved.
                    let now = js_sys::Date::now();
                    if now - self.last_redraw < REDRAW_MS {
                        return false;
                    }
                    self.last_redraw = now;
                }
                WorkerMessage::Done(summary) => {
                    if let Some(run) = &mut self.run {
                        run.summary = Some(summary);
                    }
                }
                WorkerMessage::Failed(message) => {
                    self.notice = Some(message);
                    self.run = None;
                }
            },
            Msg::WorkerFailed(message) => {
                self.notice = Some(format!("{message}; a fresh worker was started"));
                self.worker = None;
                self.run = None;
                self.playing = false;
                self.ticker = None;
                self.spawn_worker(ctx.link());
            }
            Msg::Play => {
                if self.run.is_some() {
                    self.playing = true;
                    self.start_ticker(ctx.link());
                }
            }
            Msg::Pause => {
                self.playing = false;
                self.ticker = None;
            }
            Msg::Step => {
                self.playing = false;
                self.ticker = None;
                if let Some(run) = &mut self.run {
                    run.timeline.forward(1);
                }
            }
            Msg::End => {
                self.playing = false;
                self.ticker = None;
                if let Some(run) = &mut self.run {
                    run.timeline.seek(usize::MAX);
                }
            }
            Msg::Scrub(to) => {
                self.playing = false;
                self.ticker = None;
                if let Some(run) = &mut self.run {
                    run.timeline.seek(to);
                }
            }
            Msg::Speed(v) => self.speed = v.min(100),
            Msg::Tick => {
                let per_tick = self.events_per_second() / TICKS_PER_SECOND + self.carry;
                let count = per_tick.floor() as usize;
                self.carry = per_tick - count as f64;
                let Some(run) = &mut self.run else {
                    self.ticker = None;
                    return false;
                };
                let moved = run.timeline.forward(count);
                if run.timeline.at_end() && run.summary.is_some() {
                    self.playing = false;
                    self.ticker = None;
                }
                return moved > 0 || !self.playing;
            }
            Msg::ToggleCandidates => self.show_candidates = !self.show_candidates,
        }
        true
    }

    fn rendered(&mut self, _ctx: &Context<Self>, _first_render: bool) {
        if self.focus_pending {
            self.focus_pending = false;
            let element = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.get_element_by_id(&format!("cell-{}", self.selected)));
            if let Some(el) =
                element.and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok())
            {
                let _ = el.focus();
            }
        }
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let size = self.puzzle.size();
        let (values, givens, candidates, current): (
            Vec<u8>,
            Vec<bool>,
            Option<Vec<u32>>,
            Option<usize>,
        ) = match &self.run {
            Some(run) => (
                // A capped trace ends before the solver did: at its end, show the final grid.
                match &run.summary {
                    Some(s) if s.dropped_events > 0 && run.timeline.at_end() => {
                        s.outcome.grid.values().to_vec()
                    }
                    _ => run.timeline.values().to_vec(),
                },
                (0..size.cells()).map(|c| run.puzzle.is_given(c)).collect(),
                self.show_candidates
                    .then(|| run.timeline.candidates().to_vec()),
                run.timeline.current_cell(),
            ),
            None => (
                self.puzzle.values().to_vec(),
                (0..size.cells()).map(|c| self.puzzle.is_given(c)).collect(),
                None,
                None,
            ),
        };
        html! {
            <main class="lab">
                <header>
                    <h1>{ "Sudoku Lab" }</h1>
                    <p class="tagline">{ "Run the classic Sudoku algorithms and watch what they do, step by step." }</p>
                </header>
                <section class="left">
                    <Board size={size} values={values} givens={givens} candidates={candidates}
                           current={current} bad={self.bad_cells.clone()} selected={self.selected}
                           on_key={link.callback(|(cell, e)| Msg::Key(cell, e))}
                           on_select={link.callback(Msg::Select)}
                           on_paste={link.callback(Msg::Paste)} />
                    { self.view_playback(link) }
                </section>
                <section class="right">
                    { self.view_puzzle_input(link) }
                    { self.view_run_controls(link) }
                    { self.view_metrics() }
                </section>
            </main>
        }
    }
}

impl App {
    fn view_puzzle_input(&self, link: &Scope<Self>) -> Html {
        let groups = {
            let mut groups: Vec<(&str, Vec<(usize, &String)>)> = Vec::new();
            for (i, (group, label, _)) in self.library.iter().enumerate() {
                match groups.last_mut() {
                    Some((g, items)) if g == group => items.push((i, label)),
                    _ => groups.push((group, vec![(i, label)])),
                }
            }
            groups
        };
        html! {
            <fieldset class="puzzle-input">
                <legend>{ "Puzzle" }</legend>
                <label for="library">{ "Library" }</label>
                <select id="library" onchange={link.callback(|e: Event| {
                    let v = e.target_unchecked_into::<HtmlSelectElement>().value();
                    Msg::LoadLibrary(v.parse().unwrap_or(usize::MAX))
                })}>
                    <option value="" selected=true disabled=true>{ "Load a puzzle…" }</option>
                    { for groups.iter().map(|(group, items)| html! {
                        <optgroup label={group.to_string()}>
                            { for items.iter().map(|(i, label)| html! { <option value={i.to_string()}>{ label.to_string() }</option> }) }
                        </optgroup>
                    }) }
                </select>
                <label for="puzzle-text">{ "Paste a puzzle (a line of 81 symbols, a block grid, numbers…)" }</label>
                <textarea id="puzzle-text" rows="4" value={self.text.clone()}
                    oninput={link.callback(|e: InputEvent| Msg::Text(e.target_unchecked_into::<HtmlTextAreaElement>().value()))} />
                <div class="buttons">
                    <button id="load" onclick={link.callback(|_| Msg::LoadText)}>{ "Load" }</button>
                    <button id="clear" onclick={link.callback(|_| Msg::Clear)}>{ "Clear" }</button>
                    <label for="new-size">{ "New empty grid" }</label>
                    <select id="new-size" onchange={link.callback(|e: Event| {
                        Msg::NewGrid(e.target_unchecked_into::<HtmlSelectElement>().value().parse().unwrap_or(9))
                    })}>
                        <option value="" selected=true disabled=true>{ "size…" }</option>
                        { for [4, 9, 16, 25].iter().map(|n| html! { <option value={n.to_string()}>{ format!("{n}×{n}") }</option> }) }
                    </select>
                </div>
                if let Some(e) = &self.input_error {
                    <p id="input-error" class="error" role="alert">{ e.clone() }</p>
                }
            </fieldset>
        }
    }

    fn view_run_controls(&self, link: &Scope<Self>) -> Html {
        let running = self.run.as_ref().is_some_and(|r| r.summary.is_none());
        let params = self.algorithm.params().iter().map(|spec| {
            let name = spec.name;
            let value = self.params.get(name).cloned().unwrap_or_default();
            let error = spec.parse(&value).err().map(|e| e.to_string());
            let input = match spec.kind {
                ParamKind::Choice { options, .. } => html! {
                    <select id={format!("param-{name}")} onchange={link.callback(move |e: Event| {
                        Msg::Param(name, e.target_unchecked_into::<HtmlSelectElement>().value())
                    })}>
                        { for options.iter().map(|o| html! { <option value={o.to_string()} selected={*o == value}>{ o.to_string() }</option> }) }
                    </select>
                },
                _ => html! {
                    <input id={format!("param-{name}")} type="text" inputmode="decimal" value={value.clone()}
                        oninput={link.callback(move |e: InputEvent| Msg::Param(name, e.target_unchecked_into::<HtmlInputElement>().value()))} />
                },
            };
            html! {
                <div class="param">
                    <label for={format!("param-{name}")} title={spec.description}>{ name }</label>
                    { input }
                    <small>{ spec.description }{ " (" }{ spec.expected() }{ ")" }</small>
                    if let Some(e) = error { <p class="error">{ e }</p> }
                </div>
            }
        });
        html! {
            <fieldset class="run">
                <legend>{ "Algorithm" }</legend>
                <label for="algorithm">{ "Algorithm" }</label>
                <select id="algorithm" onchange={link.callback(|e: Event| Msg::Pick(e.target_unchecked_into::<HtmlSelectElement>().value()))}>
                    { for Algorithm::ALL.iter().map(|a| html! {
                        <option value={a.id()} selected={*a == self.algorithm}>{ format!("{} ({})", a.name(), a.family()) }</option>
                    }) }
                </select>
                <p class="description">{ self.algorithm.description() }</p>
                { for params }
                <div class="param">
                    <label for="seed">{ "seed" }</label>
                    <input id="seed" type="text" inputmode="numeric" value={self.seed.clone()}
                        oninput={link.callback(|e: InputEvent| Msg::Seed(e.target_unchecked_into::<HtmlInputElement>().value()))} />
                    <button onclick={link.callback(|_| Msg::NewSeed)}>{ "new seed" }</button>
                </div>
                <div class="buttons">
                    <button id="run" class="primary" disabled={!self.param_errors().is_empty()} onclick={link.callback(|_| Msg::Run)}>{ "Run" }</button>
                    <button id="cancel" disabled={!running} onclick={link.callback(|_| Msg::Cancel)}>{ "Cancel" }</button>
                </div>
                if let Some(n) = &self.notice {
                    <p id="notice" class="notice" role="status">{ n.clone() }</p>
                }
                <label for="share">{ "Share link" }</label>
                <input id="share" type="text" readonly=true value={self.share_link()} />
            </fieldset>
        }
    }

    fn view_playback(&self, link: &Scope<Self>) -> Html {
        let Some(run) = &self.run else {
            return html! { <p class="hint">{ "Type digits on the board (arrows move, Delete clears), paste or load a puzzle, then Run." }</p> };
        };
        let t = &run.timeline;
        let receiving = run.summary.is_none();
        html! {
            <div class="playback">
                <div class="buttons">
                    if self.playing {
                        <button id="pause" onclick={link.callback(|_| Msg::Pause)}>{ "Pause" }</button>
                    } else {
                        <button id="play" onclick={link.callback(|_| Msg::Play)}>{ "Play" }</button>
                    }
                    <button id="step" onclick={link.callback(|_| Msg::Step)}>{ "Step" }</button>
                    <button id="end" onclick={link.callback(|_| Msg::End)}>{ "Jump to end" }</button>
                    <label>
                        <input type="checkbox" checked={self.show_candidates} onchange={link.callback(|_| Msg::ToggleCandidates)} />
                        { " candidates" }
                    </label>
                </div>
                <label for="speed">{ format!("speed: {:.0} events/s", self.events_per_second()) }</label>
                <input id="speed" type="range" min="0" max="100" value={self.speed.to_string()}
                    oninput={link.callback(|e: InputEvent| Msg::Speed(e.target_unchecked_into::<HtmlInputElement>().value().parse().unwrap_or(60)))} />
                <label for="scrub">{ "timeline" }</label>
                <input id="scrub" type="range" min="0" max={t.len().to_string()} value={t.cursor().to_string()}
                    oninput={link.callback(|e: InputEvent| Msg::Scrub(e.target_unchecked_into::<HtmlInputElement>().value().parse().unwrap_or(0)))} />
                <p id="step-counter" aria-live="off">
                    { format!("event {} / {}{}: {}", t.cursor(), t.len(), if receiving { " (receiving…)" } else { "" },
                        t.describe_current(run.puzzle.size())) }
                    { format!(" · depth {}", t.depth()) }
                </p>
                if let Some(progress) = t.progress(300) {
                    <Chart progress={progress} />
                }
            </div>
        }
    }

    fn view_metrics(&self) -> Html {
        let Some(run) = &self.run else {
            return Html::default();
        };
        let Some(summary) = &run.summary else {
            return html! { <p id="status" class="running" role="status">{ format!("{} running in the worker…", run.algorithm.name()) }</p> };
        };
        let outcome = &summary.outcome;
        let verdict = match (&outcome.status, &summary.verified) {
            (Status::Solved, Some(Ok(()))) => match summary.solutions {
                Some(c) if c.is_unique() => "solved, verified; the solution is unique".to_string(),
                Some(c) if c.count > 1 => {
                    "solved, verified; this puzzle has several solutions, this is one of them"
                        .to_string()
                }
                _ => "solved, verified".to_string(),
            },
            (Status::Solved, Some(Err(e))) => format!("solved but NOT verified: {e}"),
            (Status::NoSolution, _) => "no solution: the givens admit no completion".to_string(),
            (status, _) => status.to_string(),
        };
        let s = outcome.stats;
        html! {
            <fieldset class="metrics">
                <legend>{ "Result" }</legend>
                <p id="status" role="status" class={if outcome.is_solved() { "ok" } else { "warn" }}>{ verdict }</p>
                <table>
                    <tr><th>{ "algorithm" }</th><td>{ run.algorithm.id() }</td></tr>
                    <tr><th>{ "seed" }</th><td>{ run.seed }</td></tr>
                    <tr><th>{ "time in the worker" }</th><td id="elapsed">{ format!("{:.1} ms", summary.elapsed_ms) }</td></tr>
                    <tr><th>{ "nodes" }</th><td id="nodes">{ s.nodes }</td></tr>
                    <tr><th>{ "backtracks" }</th><td>{ s.backtracks }</td></tr>
                    <tr><th>{ "propagations" }</th><td>{ s.propagations }</td></tr>
                    <tr><th>{ "iterations" }</th><td>{ s.iterations }</td></tr>
                    <tr><th>{ "restarts" }</th><td>{ s.restarts }</td></tr>
                    <tr><th>{ "events" }</th><td>{ format!("{} kept", summary.kept_events) }</td></tr>
                </table>
                if summary.dropped_events > 0 {
                    <p id="capped" class="notice">{ format!(
                        "Long run: {} cell-level events past the first {} were not kept; the trace ends there, the result above is complete.",
                        summary.dropped_events, summary.kept_events) }</p>
                }
            </fieldset>
        }
    }
}
