//! `sudoku_lab._core`: the core's entry points for Python, and nothing else. Arguments are read
//! and checked here (a bad one raises `ValueError` with the core's message), the GIL is released
//! while the core runs, and answers go back as plain values (tuples, lists, JSON text) that the
//! package's Python side shapes into its types. No algorithm or statistic is written here.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use sudoku_core::generate::{
    generate_seeded_where, with_givens_seeded, Minimality, Settings as GenerateSettings,
};
use sudoku_core::logic::{describe, ending, rating_line_on, solve_path, Scale};
use sudoku_core::parse::read_puzzle;
use sudoku_core::recording;
use sudoku_core::study::RunOutcome;
use sudoku_core::trace::{JsonTrace, TraceFile};
use sudoku_core::{checked_answer, count_solutions, Configuration, Event, Flow, Grid, Observer};

fn error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// The one puzzle of `text` (any format the CLI reads).
fn puzzle(text: &str) -> PyResult<Grid> {
    read_puzzle(text).map_err(error)
}

/// A configuration from an id and `NAME=VALUE` pairs.
fn configuration(algorithm: &str, params: &[(String, String)]) -> PyResult<Configuration> {
    let mut text = algorithm.trim().to_string();
    for (name, value) in params {
        if name.contains([';', '=']) || value.contains(';') {
            return Err(error(format!(
                "parameter {name}={value}: ';' and '=' cannot appear in it"
            )));
        }
        text.push_str(&format!(";{name}={value}"));
    }
    Configuration::parse(&text).map_err(error)
}

/// One run: (solution or None, outcome, nodes, backtracks, propagations, iterations, restarts).
#[pyfunction]
#[pyo3(signature = (puzzle_text, algorithm, seed, params))]
#[allow(clippy::type_complexity)]
fn solve(
    py: Python<'_>,
    puzzle_text: &str,
    algorithm: &str,
    seed: u64,
    params: Vec<(String, String)>,
) -> PyResult<(Option<String>, String, u64, u64, u64, u64, u64)> {
    let grid = puzzle(puzzle_text)?;
    let configuration = configuration(algorithm, &params)?;
    let config = sudoku_core::RunConfig {
        seed,
        params: configuration.params,
    };
    let outcome = py
        .detach(|| {
            configuration
                .algorithm
                .run(&grid, &config, &mut sudoku_core::NullObserver)
        })
        .map_err(|e| error(e.to_string()))?;
    let (solution, words) = match checked_answer(&grid, &outcome) {
        Ok(solution) => (Some(solution.to_line()), "verified".to_string()),
        Err(_) => (None, RunOutcome::of(outcome.status).id().to_string()),
    };
    let s = outcome.stats;
    Ok((
        solution,
        words,
        s.nodes,
        s.backtracks,
        s.propagations,
        s.iterations,
        s.restarts,
    ))
}

/// Solutions counted up to `limit` (0, 1, or `limit` meaning "at least").
#[pyfunction]
fn count(py: Python<'_>, puzzle_text: &str, limit: u64) -> PyResult<u64> {
    if limit == 0 {
        return Err(error("limit must be at least 1"));
    }
    let grid = puzzle(puzzle_text)?;
    Ok(py.detach(|| count_solutions(&grid, limit).count))
}

/// `sudoku rate`'s line, on the lab's scale, Sudoku Explainer's (`scale = "se"`) or HoDoKu's
/// (`"hodoku"`).
#[pyfunction]
#[pyo3(signature = (puzzle_text, scale = "lab"))]
fn rate(py: Python<'_>, puzzle_text: &str, scale: &str) -> PyResult<String> {
    let scale = Scale::from_id(scale).ok_or_else(|| error("scale must be lab, se or hodoku"))?;
    let grid = puzzle(puzzle_text)?;
    Ok(py.detach(|| rating_line_on(&grid, scale)))
}

/// The human-style steps in words, and how they ended.
#[pyfunction]
fn explain(py: Python<'_>, puzzle_text: &str) -> PyResult<(Vec<String>, String)> {
    let grid = puzzle(puzzle_text)?;
    Ok(py.detach(|| {
        let (steps, rating) = solve_path(&grid);
        let words = steps.iter().map(|s| describe(grid.size(), s)).collect();
        (words, ending(&grid, &rating))
    }))
}

/// Puzzles of a seeded batch, one line each, in batch order: as many as were found before
/// `max_seconds` (the caller says when that is fewer than `count`).
#[pyfunction]
#[pyo3(signature = (size, count, level, symmetry, seed, givens, minimality, hodoku, er, max_seconds))]
#[allow(clippy::too_many_arguments)]
fn generate(
    py: Python<'_>,
    size: usize,
    count: u64,
    level: Option<&str>,
    symmetry: &str,
    seed: u64,
    givens: Option<usize>,
    minimality: &str,
    hodoku: Option<&str>,
    er: Option<&str>,
    max_seconds: f64,
) -> PyResult<Vec<String>> {
    use sudoku_core::generate::{er_range, hodoku_level, RatedAs};
    let mut settings =
        GenerateSettings::parse(size, level, symmetry).map_err(|e| error(e.to_string()))?;
    settings.minimality = Minimality::from_id(minimality)
        .ok_or_else(|| error(format!("minimality: no '{minimality}': use exact or logic")))?;
    let wanted = RatedAs {
        hodoku: hodoku
            .map(hodoku_level)
            .transpose()
            .map_err(|e| error(format!("hodoku: {e}")))?,
        er: er
            .map(er_range)
            .transpose()
            .map_err(|e| error(format!("er: {e}")))?,
    };
    if let Some(givens) = givens {
        if level.is_some() || !wanted.any() {
            return Err(error("give a level (or hodoku, er) or givens, not both"));
        }
        sudoku_core::generate::check_givens(settings.size, givens)
            .map_err(|e| error(e.to_string()))?;
    }
    if max_seconds.is_nan() || max_seconds <= 0.0 {
        return Err(error("max_seconds: a positive number of seconds"));
    }
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs_f64(max_seconds);
    Ok(py.detach(|| {
        let expired = || std::time::Instant::now() >= deadline;
        let mut found = Vec::new();
        for index in 0..count {
            let puzzle = match givens {
                Some(g) => {
                    with_givens_seeded(settings.size, g, settings.symmetry, (seed, index), &expired)
                        .ok()
                        .flatten()
                }
                None => generate_seeded_where(&settings, (seed, index), &expired, &|p| {
                    wanted.accepts(p)
                }),
            };
            match puzzle {
                Some(puzzle) => found.push(puzzle.to_line()),
                None => break,
            }
        }
        found
    }))
}

/// The registry with every parameter, as JSON.
#[pyfunction]
fn algorithms() -> String {
    serde_json::to_string(&sudoku_core::registry::listing()).expect("plain data")
}

/// Keeps a run's events up to a cap, then stops the run.
struct Capped {
    events: Vec<Event>,
    cap: usize,
}

impl Observer for Capped {
    fn event(&mut self, event: Event) -> Flow {
        if self.events.len() >= self.cap {
            return Flow::Stop;
        }
        self.events.push(event);
        Flow::Continue
    }
}

/// A run's events (JSON, one object each with its `kind`), its outcome and whether the cap cut it.
#[pyfunction]
#[pyo3(signature = (puzzle_text, algorithm, seed, params, max_events))]
fn trace(
    py: Python<'_>,
    puzzle_text: &str,
    algorithm: &str,
    seed: u64,
    params: Vec<(String, String)>,
    max_events: usize,
) -> PyResult<(String, String, bool, usize, Py<PyBytes>)> {
    let grid = puzzle(puzzle_text)?;
    let configuration = configuration(algorithm, &params)?;
    let config = sudoku_core::RunConfig {
        seed,
        params: configuration.params.clone(),
    };
    let mut capped = Capped {
        events: Vec::new(),
        cap: max_events,
    };
    let outcome = py
        .detach(|| configuration.algorithm.run(&grid, &config, &mut capped))
        .map_err(|e| error(e.to_string()))?;
    let cut = capped.events.len() >= max_events;
    let cap = cut.then(|| format!("cancelled at max_events={max_events}"));
    let header = recording::header(&grid, &configuration, seed, &outcome, cap, 0);
    let events = serde_json::to_string(&capped.events).map_err(|e| error(e.to_string()))?;
    // The same run as a trace file (`Trace.save`), as the CLI writes it.
    let words = header.outcome.clone();
    let file = TraceFile {
        header,
        events: capped.events,
    };
    let bytes = PyBytes::new(py, &file.to_bytes()).unbind();
    Ok((events, words, cut, grid.size().n(), bytes))
}

/// A trace file's bytes (binary or JSON form) read and checked: (events as JSON, the header as
/// JSON, the grid's side, the binary form).
#[pyfunction]
fn read_trace(py: Python<'_>, bytes: &[u8]) -> PyResult<(String, String, usize, Py<PyBytes>)> {
    let trace = TraceFile::read(bytes).map_err(|e| error(e.to_string()))?;
    let side = trace.check().map_err(|e| error(e.to_string()))?.size().n();
    let events = serde_json::to_string(&trace.events).map_err(|e| error(e.to_string()))?;
    let header = serde_json::to_string(&trace.header).map_err(|e| error(e.to_string()))?;
    let binary = PyBytes::new(py, &trace.to_bytes()).unbind();
    Ok((events, header, side, binary))
}

/// A trace file's binary form as its JSON form.
#[pyfunction]
fn trace_json(bytes: &[u8]) -> PyResult<String> {
    let trace = TraceFile::from_bytes(bytes).map_err(|e| error(e.to_string()))?;
    serde_json::to_string(&JsonTrace::from(&trace)).map_err(|e| error(e.to_string()))
}

/// A trace file's marked moments, as the page's timeline marks them: (the step at which the
/// marked event is the current one, its kind).
#[pyfunction]
fn trace_marks(bytes: &[u8]) -> PyResult<Vec<(usize, &'static str)>> {
    let trace = TraceFile::from_bytes(bytes).map_err(|e| error(e.to_string()))?;
    Ok(sudoku_draw::marks::marks(&trace.events)
        .into_iter()
        .map(|(step, mark)| (step, mark.id()))
        .collect())
}

mod drawing;
mod race;
mod study;

use study::StudyPlan;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(algorithms, m)?)?;
    m.add_function(wrap_pyfunction!(trace, m)?)?;
    m.add_function(wrap_pyfunction!(read_trace, m)?)?;
    m.add_function(wrap_pyfunction!(trace_json, m)?)?;
    m.add_function(wrap_pyfunction!(trace_marks, m)?)?;
    m.add_function(wrap_pyfunction!(drawing::draw_frames, m)?)?;
    m.add_function(wrap_pyfunction!(drawing::draw_step, m)?)?;
    m.add_function(wrap_pyfunction!(drawing::draw_gif, m)?)?;
    m.add_class::<StudyPlan>()?;
    m.add_function(wrap_pyfunction!(race::race_candidates, m)?)?;
    m.add_function(wrap_pyfunction!(race::race, m)?)?;
    m.add("VERSION", env!("CARGO_PKG_VERSION"))?;
    m.add("CSV_HEADER", sudoku_core::study::records::CSV_HEADER)?;
    m.add("CURVES_HEADER", sudoku_core::study::CURVES_HEADER)?;
    Ok(())
}
