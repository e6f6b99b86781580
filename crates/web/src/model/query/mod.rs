//! The URL contract of the lab page: read from the query string's (already decoded) pairs,
//! checked, and printed back for share links. Unknown or invalid values become messages that
//! name them and the valid choices; they never stop the page from loading.

use std::collections::BTreeMap;

use sudoku_core::experiment::Experiment;
use sudoku_core::registry::shown;
use sudoku_core::Configuration;
use sudoku_core::{Algorithm, Grid};

use super::View;

/// Configurations a compare page runs at most.
pub const MAX_COMPARE: usize = 8;
/// The experiments page's `runs` at most (repetitions per configuration).
pub const MAX_RUNS: usize = 10_000;
/// The experiments page's `workers` at most.
pub const MAX_WORKERS: usize = 16;
/// The experiments and study pages' `budget` at most (per run).
pub const MAX_BUDGET: usize = 10_000_000;

/// The pages the URL can ask for (`page=…`); without it the compare list or `embed` decide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    Lab,
    Compare,
    Experiments,
    /// The lessons' index.
    Lessons,
    /// A study: configurations over a population of puzzles, with statistics.
    Study,
}

impl Page {
    pub const ALL: [Page; 5] = [
        Page::Lab,
        Page::Compare,
        Page::Experiments,
        Page::Lessons,
        Page::Study,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Page::Lab => "lab",
            Page::Compare => "compare",
            Page::Experiments => "experiments",
            Page::Lessons => "lessons",
            Page::Study => "study",
        }
    }
}

/// One configuration of the compare page: an algorithm, parameters that differ from its
/// defaults, and a seed of its own if it has one.
#[derive(Clone, Debug, PartialEq)]
pub struct CompareEntry {
    pub algorithm: Algorithm,
    pub params: BTreeMap<&'static str, String>,
    pub seed: Option<u64>,
}

impl CompareEntry {
    /// `ID[;NAME=V…]`, as the `compare` parameter lists it.
    pub fn to_text(&self) -> String {
        let mut out = self.algorithm.id().to_string();
        for (name, value) in &self.params {
            out.push_str(&format!(";{name}={}", value.trim()));
        }
        if let Some(seed) = self.seed {
            out.push_str(&format!(";seed={seed}"));
        }
        out
    }

    /// Its parameters read against the algorithm's schema.
    pub fn typed_params(&self) -> Result<sudoku_core::Params, sudoku_core::ParamError> {
        self.algorithm
            .parse_params(self.params.iter().map(|(k, v)| (*k, v.as_str())))
    }

    /// Reads one `ID[;NAME=V…]` (the core's [`Configuration`] reading); `Err` names what is
    /// wrong and the valid choices.
    pub fn parse(text: &str) -> Result<CompareEntry, String> {
        let configuration = Configuration::parse(text).map_err(|e| format!("compare: {e}"))?;
        let algorithm = configuration.algorithm;
        Ok(CompareEntry {
            algorithm,
            params: super::param_map(algorithm.params().iter().filter_map(|spec| {
                let value = configuration.params.0.get(spec.name)?;
                Some((spec.name, value.to_string()))
            })),
            seed: configuration.seed,
        })
    }
}

/// What a lab URL asks for. Fields are `None` when the URL does not say (or said it wrongly).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Query {
    /// The puzzle's text as given (parsed by the lab, which reports its errors inline).
    pub puzzle: Option<String>,
    pub algorithm: Option<Algorithm>,
    pub seed: Option<u64>,
    /// `p.NAME=VALUE` pairs, checked against the algorithm's schema.
    pub params: BTreeMap<&'static str, String>,
    pub run: bool,
    pub view: Option<View>,
    /// Playback position to show once the run's events are in.
    pub step: Option<usize>,
    /// Speed slider position, 0..=100 (10^(v/20) events per second).
    pub speed: Option<u32>,
    pub autoplay: Option<bool>,
    /// The stretch of the run playback keeps to (`from=K`, `to=L`: event numbers), and whether
    /// it starts again at its end (`loop=1`): an embed showing "the first backtrack" over and
    /// over.
    pub from: Option<usize>,
    pub to: Option<usize>,
    pub looping: bool,
    /// `controls=0`: the player without its buttons, speed and timeline (the counter and the
    /// narration stay), for an embed that only plays.
    pub controls: Option<bool>,
    /// The compact page for an iframe.
    pub embed: bool,
    /// The compare page's configurations (empty: not the compare page).
    pub compare: Vec<CompareEntry>,
    /// The page asked for by `page=…`.
    pub page: Option<Page>,
    /// The experiments page's experiment, repetitions and budget per run.
    pub experiment: Option<Experiment>,
    pub runs: Option<usize>,
    pub budget: Option<usize>,
    /// Workers the experiments page runs (default: one per logical processor but one).
    pub workers: Option<usize>,
    /// `simd=0`: run the workers' baseline wasm build even where the browser has wasm SIMD (to
    /// compare the two, or to try the build older browsers get).
    pub simd: Option<bool>,
    /// A recorded run to open from the lab's own origin (`trace_url=runs/first.trace`), as
    /// "Open a recorded run…" does; the page refuses another origin's (see [`own_origin`]).
    pub trace_url: Option<String>,
    /// A lesson to play (`lesson=NAME`); its `step` is then the lesson's step (1-based).
    pub lesson: Option<String>,
    /// A lesson file to play from the lab's own origin (`lesson_url=lessons/mine.toml`); the
    /// page refuses another origin's (see `model::lesson::Source`).
    pub lesson_url: Option<String>,
    /// The study page's population (`generate=SIZE:CLASSES:COUNT`, as `sudoku study
    /// --generate`) and its symmetry, configurations (`configs=ID[;NAME=V…],…`) and seeds per
    /// puzzle; read and checked when the study starts, which names any mistake.
    pub generate: Option<String>,
    pub symmetry: Option<String>,
    pub configs: Vec<String>,
    pub seeds: Option<usize>,
    /// `race=1`: the study page races its configurations.
    pub race: bool,
    /// One message per value that could not be used.
    pub errors: Vec<String>,
}

/// Longest value read from the URL (a 25×25 grid with separators fits easily).
const MAX_VALUE: usize = 4_096;

fn flag(name: &str, value: &str, errors: &mut Vec<String>) -> Option<bool> {
    match value {
        "1" | "true" | "yes" => Some(true),
        "0" | "false" | "no" => Some(false),
        _ => {
            errors.push(format!(
                "{name}={} is not understood: use 1 or 0",
                shown(value)
            ));
            None
        }
    }
}

/// A whole number from 1 to `max`, or a message.
fn bounded(name: &str, value: &str, max: usize, errors: &mut Vec<String>) -> Option<usize> {
    match value.trim().parse::<usize>() {
        Ok(v) if (1..=max).contains(&v) => Some(v),
        _ => {
            errors.push(format!(
                "{name}={} is not a whole number from 1 to {max}",
                shown(value)
            ));
            None
        }
    }
}

impl Query {
    /// Reads the decoded `(key, value)` pairs of a query string. Later pairs win; unknown keys
    /// are reported, not ignored silently.
    /// A query from its text (`a=1&b=2`, with or without the `?`), decoded as the browser does.
    pub fn from_search(search: &str) -> Query {
        let pairs: Vec<(String, String)> = search
            .trim_start_matches('?')
            .split('&')
            .filter(|pair| !pair.is_empty())
            .map(|pair| {
                let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
                (decode(key), decode(value))
            })
            .collect();
        Query::parse(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
    }

    pub fn parse<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Query {
        let mut q = Query::default();
        let mut raw_params: Vec<(String, String)> = Vec::new();
        for (key, value) in pairs {
            if value.len() > MAX_VALUE {
                q.errors
                    .push(format!("{key} is too long ({} characters)", value.len()));
                continue;
            }
            match key {
                "puzzle" => q.puzzle = Some(value.to_string()),
                "algorithm" => match Algorithm::parse(value) {
                    Ok(a) => q.algorithm = Some(a),
                    Err(message) => q.errors.push(message),
                },
                "seed" => match value.trim().parse() {
                    Ok(s) => q.seed = Some(s),
                    Err(_) => q.errors.push(format!(
                        "seed={} is not a whole number from 0 to 2^64-1",
                        shown(value)
                    )),
                },
                "run" => q.run = flag(key, value, &mut q.errors).unwrap_or(false),
                "race" => q.race = flag(key, value, &mut q.errors).unwrap_or(false),
                "autoplay" => q.autoplay = flag(key, value, &mut q.errors),
                "embed" => q.embed = flag(key, value, &mut q.errors).unwrap_or(false),
                "compare" => {
                    q.compare.clear();
                    for text in value.split(',').filter(|t| !t.trim().is_empty()) {
                        match CompareEntry::parse(text) {
                            Ok(entry) if q.compare.len() < MAX_COMPARE => q.compare.push(entry),
                            Ok(_) => {
                                q.errors.push(format!(
                                    "compare: at most {MAX_COMPARE} configurations; {} left out",
                                    shown(text)
                                ));
                            }
                            Err(e) => q.errors.push(e),
                        }
                    }
                }
                "page" => match Page::ALL.into_iter().find(|p| p.id() == value) {
                    Some(p) => q.page = Some(p),
                    None => q.errors.push(format!(
                        "page={} is not a page: use lab, compare, experiments, lessons or study",
                        shown(value)
                    )),
                },
                "experiment" => match Experiment::from_id(value) {
                    Some(e) => q.experiment = Some(e),
                    None => q.errors.push(sudoku_core::words::unknown(
                        "experiment",
                        value,
                        &Experiment::ALL.map(Experiment::id),
                    )),
                },
                "lesson" => {
                    let fits = (1..=60).contains(&value.len())
                        && value
                            .bytes()
                            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
                    if fits {
                        q.lesson = Some(value.to_string());
                    } else {
                        q.errors.push(format!(
                            "lesson={} is not a lesson name (lower-case letters, digits and -)",
                            shown(value)
                        ));
                    }
                }
                "lesson_url" | "trace_url" => match value.trim() {
                    "" => q
                        .errors
                        .push(format!("{key} is empty: give a file's address")),
                    url if key == "trace_url" => q.trace_url = Some(url.to_string()),
                    url => q.lesson_url = Some(url.to_string()),
                },
                "runs" => q.runs = bounded(key, value, MAX_RUNS, &mut q.errors),
                "seeds" => q.seeds = bounded(key, value, MAX_RUNS, &mut q.errors),
                "generate" => q.generate = Some(value.trim().to_string()),
                "symmetry" => q.symmetry = Some(value.trim().to_string()),
                "configs" => {
                    q.configs = value
                        .split(',')
                        .map(str::trim)
                        .filter(|c| !c.is_empty())
                        .map(str::to_string)
                        .collect()
                }
                "workers" => q.workers = bounded(key, value, MAX_WORKERS, &mut q.errors),
                "simd" => q.simd = flag(key, value, &mut q.errors),
                // `max_iterations`: its old name, which older links carry.
                "budget" | "max_iterations" => {
                    q.budget = bounded(key, value, MAX_BUDGET, &mut q.errors)
                }
                "view" => match View::from_id(value) {
                    Some(v) => q.view = Some(v),
                    None => q.errors.push(format!(
                        "view={} is not a view: use board, graph or hypergraph",
                        shown(value)
                    )),
                },
                "step" | "from" | "to" => match value.trim().parse() {
                    Ok(s) => match key {
                        "step" => q.step = Some(s),
                        "from" => q.from = Some(s),
                        _ => q.to = Some(s),
                    },
                    Err(_) => q
                        .errors
                        .push(format!("{key}={} is not an event number", shown(value))),
                },
                "loop" => q.looping = flag(key, value, &mut q.errors).unwrap_or(false),
                "controls" => q.controls = flag(key, value, &mut q.errors),
                "speed" => match value.parse::<u32>() {
                    Ok(s) if s <= 100 => q.speed = Some(s),
                    _ => q
                        .errors
                        .push(format!("speed={} is not from 0 to 100", shown(value))),
                },
                _ => match key.strip_prefix("p.") {
                    Some(name) => raw_params.push((name.to_string(), value.to_string())),
                    None => q
                        .errors
                        .push(format!("unknown URL parameter {}", shown(key))),
                },
            }
        }
        if let (Some(from), Some(to)) = (q.from, q.to) {
            if from >= to {
                q.errors.push(format!(
                    "from={from} is not before to={to}: playing the whole run"
                ));
                (q.from, q.to) = (None, None);
            }
        }
        // Parameters are checked once the algorithm is known, whatever the order in the URL.
        let algorithm = q.algorithm.unwrap_or(Algorithm::Propagation);
        for (name, value) in raw_params {
            match algorithm.param(&name) {
                Ok(spec) => match spec.parse(&value) {
                    Ok(_) => {
                        q.params.insert(spec.name, value);
                    }
                    Err(e) => q.errors.push(e.to_string()),
                },
                Err(e) => q.errors.push(e.to_string()),
            }
        }
        q
    }

    /// The query string (with its `?`) for a share link.
    pub fn to_search(&self) -> String {
        // (key, encoded value), in the order printed.
        let mut pairs: Vec<(String, String)> = Vec::new();
        let mut put = |key: &str, value: &str| pairs.push((encode(key), encode(value)));
        if let Some(p) = self.page {
            put("page", p.id());
        }
        if let Some(l) = &self.lesson {
            put("lesson", l);
        }
        if let Some(u) = &self.lesson_url {
            put("lesson_url", u);
        }
        if let Some(u) = &self.trace_url {
            put("trace_url", u);
        }
        if let Some(e) = self.experiment {
            put("experiment", e.id());
        }
        if let Some(r) = self.runs {
            put("runs", &r.to_string());
        }
        if let Some(s) = &self.symmetry {
            put("symmetry", s);
        }
        if let Some(s) = self.seeds {
            put("seeds", &s.to_string());
        }
        if let Some(m) = self.budget {
            put("budget", &m.to_string());
        }
        if let Some(w) = self.workers {
            put("workers", &w.to_string());
        }
        if self.simd == Some(false) {
            put("simd", "0");
        }
        if let Some(p) = &self.puzzle {
            put("puzzle", p);
        }
        if let Some(a) = self.algorithm {
            put("algorithm", a.id());
        }
        if let Some(s) = self.seed {
            put("seed", &s.to_string());
        }
        for (name, value) in &self.params {
            put(&format!("p.{name}"), value.trim());
        }
        if let Some(v) = self.view.filter(|v| *v != View::Board) {
            put("view", v.id());
        }
        if let Some(s) = self.step {
            put("step", &s.to_string());
        }
        if let Some(s) = self.speed {
            put("speed", &s.to_string());
        }
        if let Some(a) = self.autoplay {
            put("autoplay", if a { "1" } else { "0" });
        }
        if let Some(f) = self.from {
            put("from", &f.to_string());
        }
        if let Some(t) = self.to {
            put("to", &t.to_string());
        }
        if self.looping {
            put("loop", "1");
        }
        if self.controls == Some(false) {
            put("controls", "0");
        }
        // A study's population and configurations, their separators readable.
        if let Some(g) = &self.generate {
            pairs.push(("generate".into(), encode_keeping(g, b":,")));
        }
        if !self.configs.is_empty() {
            pairs.push((
                "configs".into(),
                encode_keeping(&self.configs.join(","), b",;="),
            ));
        }
        if !self.compare.is_empty() {
            let list: Vec<String> = self.compare.iter().map(CompareEntry::to_text).collect();
            // The list's separators stay readable.
            pairs.push(("compare".into(), encode_keeping(&list.join(","), b",;=")));
        }
        if self.embed {
            pairs.push(("embed".into(), "1".into()));
        }
        if self.race {
            pairs.push(("race".into(), "1".into()));
        }
        if self.run {
            pairs.push(("run".into(), "1".into()));
        }
        pairs
            .iter()
            .enumerate()
            .map(|(i, (k, v))| format!("{}{k}={v}", if i == 0 { '?' } else { '&' }))
            .collect()
    }

    /// A share link's query for a puzzle: its givens as one line.
    pub fn puzzle_line(grid: &Grid) -> String {
        grid.givens_only().to_line()
    }
}

mod address;
use address::{decode, encode, encode_keeping};
pub use address::{iframe, own_origin};

#[cfg(test)]
mod tests;
