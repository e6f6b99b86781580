//! `sudoku_lab._core`: the core's entry points for Python, and nothing else. Arguments are read
//! and checked here (a bad one raises `ValueError` with the core's message), the GIL is released
//! while the core runs, and answers go back as plain values (tuples, lists, JSON text) that the
//! package's Python side shapes into its types. No algorithm or statistic is written here.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde_json::Value;

use sudoku_core::generate::{generate_seeded, with_givens_seeded, Settings as GenerateSettings};
use sudoku_core::logic::{describe, ending, rating_line_on, solve_path, Scale};
use sudoku_core::study::{Class, Member, Record, RunOutcome, Settings, Source, Study, Summary};
use sudoku_core::{
    checked_answer, count_solutions, parse_records, Configuration, Event, Flow, Grid, Observer,
    Size,
};

fn error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// The one puzzle of `text` (any format the CLI reads).
fn puzzle(text: &str) -> PyResult<Grid> {
    read_puzzle(text).map_err(error)
}

/// [`puzzle`]'s reading, its error a message: a text of one line is not told its line number
/// ("line 1" says nothing about a Python string); a block grid's lines are.
fn read_puzzle(text: &str) -> Result<Grid, String> {
    let mut records = parse_records(text).into_iter();
    let first = records.next().ok_or("no puzzle in the text")?;
    if records.next().is_some() {
        return Err("the text holds more than one puzzle: pass one".into());
    }
    let one_line = text.trim().lines().count() <= 1;
    first.result.map_err(|e| {
        if one_line {
            e.without_line()
        } else {
            e.to_string()
        }
    })
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

/// `sudoku rate`'s line, on the lab's scale or (`scale = "se"`) Sudoku Explainer's.
#[pyfunction]
#[pyo3(signature = (puzzle_text, scale = "lab"))]
fn rate(py: Python<'_>, puzzle_text: &str, scale: &str) -> PyResult<String> {
    let scale = Scale::from_id(scale).ok_or_else(|| error("scale must be lab or se"))?;
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

/// Puzzles of a seeded batch, one line each.
#[pyfunction]
#[pyo3(signature = (size, count, level, symmetry, seed, givens))]
fn generate(
    py: Python<'_>,
    size: usize,
    count: u64,
    level: Option<&str>,
    symmetry: &str,
    seed: u64,
    givens: Option<usize>,
) -> PyResult<Vec<String>> {
    let settings =
        GenerateSettings::parse(size, level, symmetry).map_err(|e| error(e.to_string()))?;
    if let Some(givens) = givens {
        if level.is_some() {
            return Err(error("give level or givens, not both"));
        }
        sudoku_core::generate::check_givens(settings.size, givens)
            .map_err(|e| error(e.to_string()))?;
    }
    Ok(py.detach(|| {
        (0..count)
            .filter_map(|index| {
                let never = || false;
                match givens {
                    Some(g) => with_givens_seeded(
                        settings.size,
                        g,
                        settings.symmetry,
                        (seed, index),
                        &never,
                    )
                    .ok()
                    .flatten(),
                    None => generate_seeded(
                        settings.size,
                        settings.level,
                        settings.symmetry,
                        (seed, index),
                        &never,
                    ),
                }
            })
            .map(|p| p.to_line())
            .collect()
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
) -> PyResult<(String, String, bool, usize)> {
    let grid = puzzle(puzzle_text)?;
    let configuration = configuration(algorithm, &params)?;
    let config = sudoku_core::RunConfig {
        seed,
        params: configuration.params,
    };
    let mut capped = Capped {
        events: Vec::new(),
        cap: max_events,
    };
    let outcome = py
        .detach(|| configuration.algorithm.run(&grid, &config, &mut capped))
        .map_err(|e| error(e.to_string()))?;
    let cut = capped.events.len() >= max_events;
    let words = match checked_answer(&grid, &outcome) {
        Ok(_) => "verified",
        Err(_) if cut => "cancelled",
        Err(_) => RunOutcome::of(outcome.status).id(),
    };
    let events = serde_json::to_string(&capped.events).map_err(|e| error(e.to_string()))?;
    Ok((events, words.to_string(), cut, grid.size().n()))
}

/// A study's plan: its settings, its population made, its jobs run in batches with the GIL
/// released. Built from JSON settings (the Python `Study` writes them) so a Dask worker rebuilds
/// the same plan from the same text.
#[pyclass(module = "sudoku_lab._core", frozen)]
struct StudyPlan {
    study: Study,
}

/// A record as Python receives it: ((job, configuration, puzzle, level, givens, rating, seed,
/// outcome), (time_ms, iterations, nodes, restarts, generations, events)).
type RecordRow = (
    (usize, String, String, String, usize, String, u64, String),
    (f64, u64, u64, u64, u64, u64),
);

/// A record as Python sends it back for a summary: (job, seed, outcome, time_ms, iterations,
/// nodes, restarts, generations, events); the rest follows from the job.
type Measured = (usize, u64, String, f64, u64, u64, u64, u64, u64);

fn field<'a>(settings: &'a Value, name: &str) -> Option<&'a Value> {
    settings.get(name).filter(|v| !v.is_null())
}

fn source(settings: &Value) -> PyResult<Source> {
    if let Some(puzzles) = field(settings, "puzzles") {
        let lines = puzzles
            .as_array()
            .ok_or_else(|| error("puzzles: a list of puzzles"))?;
        let mut grids = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            let text = line
                .as_str()
                .ok_or_else(|| error(format!("puzzles[{i}]: not a string")))?;
            grids.push(read_puzzle(text).map_err(|e| error(format!("puzzles[{i}]: {e}")))?);
        }
        return Ok(Source::Given(grids));
    }
    let generate =
        field(settings, "generate").ok_or_else(|| error("give puzzles=[...] or generate={...}"))?;
    // As strict as the study file's [population]: a key it does not know is an error, not
    // silently the default.
    const KEYS: [&str; 6] = ["size", "levels", "givens", "count", "symmetry", "seed"];
    let keys = generate
        .as_object()
        .ok_or_else(|| error("generate: a dict of size, levels or givens, count, symmetry"))?;
    if let Some(unknown) = keys.keys().find(|k| !KEYS.contains(&k.as_str())) {
        return Err(error(format!(
            "generate: {}",
            sudoku_core::words::unknown("key", unknown, &KEYS)
        )));
    }
    for key in ["size", "count"] {
        if let Some(v) = generate.get(key).filter(|v| !v.is_null()) {
            if v.as_u64().is_none() {
                return Err(error(format!("generate.{key}: a whole number, not {v}")));
            }
        }
    }
    let side = generate.get("size").and_then(Value::as_u64).unwrap_or(9) as usize;
    let size = Size::from_side(side).ok_or_else(|| {
        error(format!(
            "generate.size: no {side}×{side} grid: use 4, 9, 16 or 25"
        ))
    })?;
    let list = |name: &str| -> Option<String> {
        let value = generate.get(name).filter(|v| !v.is_null())?;
        Some(match value {
            Value::Array(items) => items
                .iter()
                .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string))
                .collect::<Vec<_>>()
                .join(","),
            other => other
                .as_str()
                .map_or_else(|| other.to_string(), str::to_string),
        })
    };
    let (name, classes) = match (list("levels"), list("givens")) {
        (Some(levels), None) => ("levels", levels),
        (None, Some(givens)) => ("givens", givens),
        _ => return Err(error("generate: give levels or givens")),
    };
    let classes =
        Class::parse_list(&classes).map_err(|e| error(format!("generate.{name}: {e}")))?;
    let symmetry_id = generate
        .get("symmetry")
        .and_then(Value::as_str)
        .unwrap_or("none");
    let symmetry = sudoku_core::generate::Symmetry::from_id(symmetry_id).ok_or_else(|| {
        error(format!(
            "generate.symmetry: no symmetry '{symmetry_id}': use none, 180, 90, mirror or diagonal"
        ))
    })?;
    let count = generate.get("count").and_then(Value::as_u64).unwrap_or(10) as usize;
    Ok(Source::Generated {
        size,
        classes,
        count,
        symmetry,
    })
}

/// A population made before: each puzzle's line and the class it was made for.
type Made = Vec<(String, Option<String>)>;

/// The settings, the population sent along (if any) and the generator's time limit in seconds.
fn settings(text: &str) -> PyResult<(Settings, Option<Made>, f64)> {
    let value: Value = serde_json::from_str(text).map_err(|e| error(e.to_string()))?;
    let configurations = field(&value, "configurations")
        .and_then(Value::as_array)
        .ok_or_else(|| error("configurations: a list of 'ID[;NAME=VALUE…]'"))?
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let text = c
                .as_str()
                .ok_or_else(|| error(format!("configurations[{i}]: not a string")))?;
            Configuration::parse(text).map_err(|e| error(format!("configurations[{i}]: {e}")))
        })
        .collect::<PyResult<Vec<_>>>()?;
    let number = |name: &str| -> PyResult<Option<u64>> {
        match field(&value, name) {
            None => Ok(None),
            Some(v) => v
                .as_u64()
                .map(Some)
                .ok_or_else(|| error(format!("{name}: a whole number ≥ 0"))),
        }
    };
    let settings = Settings {
        source: source(&value)?,
        configurations,
        seeds: number("seeds")?.unwrap_or(1) as usize,
        max_iterations: number("max_iterations")?,
        seed: number("seed")?.unwrap_or(1),
    };
    settings.check().map_err(error)?;
    // A population made before (by the driver), sent along so workers need not make it again.
    let made = match field(&value, "population") {
        None => None,
        Some(list) => Some(
            list.as_array()
                .ok_or_else(|| error("population: a list of [puzzle, class]"))?
                .iter()
                .map(|m| {
                    let line = m.get(0).and_then(Value::as_str).unwrap_or_default();
                    let class = m.get(1).and_then(Value::as_str).map(str::to_string);
                    (line.to_string(), class)
                })
                .collect(),
        ),
    };
    let max_seconds = field(&value, "max_seconds")
        .and_then(Value::as_f64)
        .filter(|s| *s > 0.0)
        .unwrap_or(600.0);
    Ok((settings, made, max_seconds))
}

/// Makes a population one puzzle after the other with a real clock, so the generator's time
/// limit holds (a count of givens it can hardly reach ends with a message, not a hang).
struct Clocked(std::time::Instant);

impl sudoku_core::runs::Executor for Clocked {
    fn map<T: Sync, R: Send>(&self, items: &[T], job: &(dyn Fn(&T) -> R + Sync)) -> Vec<R> {
        items.iter().map(job).collect()
    }

    fn seconds(&self) -> f64 {
        self.0.elapsed().as_secs_f64()
    }
}

#[pymethods]
impl StudyPlan {
    /// Checks the settings and makes the population (or takes the one the settings carry).
    #[new]
    fn new(py: Python<'_>, settings_json: &str) -> PyResult<StudyPlan> {
        let (settings, made, max_seconds) = settings(settings_json)?;
        let study = match made {
            Some(members) => {
                let population = members
                    .iter()
                    .map(|(line, class)| {
                        let grid = puzzle(line)?;
                        Ok(Member::of(grid, class.as_deref().and_then(Class::parse)))
                    })
                    .collect::<PyResult<Vec<_>>>()?;
                Study::new(settings, population)
            }
            None => py
                .detach(|| Study::make(settings, &Clocked(std::time::Instant::now()), max_seconds))
                .map_err(error)?,
        };
        Ok(StudyPlan { study })
    }

    /// Jobs in the study.
    fn jobs(&self) -> usize {
        self.study.jobs()
    }

    /// The population: (puzzle, class or None, level, rating, givens) each.
    fn population(&self) -> Vec<(String, Option<String>, String, String, usize)> {
        self.study
            .population
            .iter()
            .map(|m| {
                (
                    m.puzzle.to_line(),
                    m.class.map(|c| c.label()),
                    m.level.map_or(String::new(), |l| l.id().to_string()),
                    m.rating.clone(),
                    m.givens,
                )
            })
            .collect()
    }

    /// Job `k`'s (configuration, puzzle, repetition).
    fn job(&self, k: usize) -> PyResult<(usize, usize, usize)> {
        if k >= self.study.jobs() {
            return Err(error(format!(
                "no job {k}: the study has {}",
                self.study.jobs()
            )));
        }
        let id = self.study.job(k);
        Ok((id.configuration, id.puzzle, id.repetition))
    }

    /// Runs the jobs, one after the other, with the GIL released; their records in order.
    fn run_jobs(&self, py: Python<'_>, jobs: Vec<usize>) -> PyResult<Vec<RecordRow>> {
        if let Some(&bad) = jobs.iter().find(|&&k| k >= self.study.jobs()) {
            return Err(error(format!(
                "no job {bad}: the study has {}",
                self.study.jobs()
            )));
        }
        let study = &self.study;
        let records: Vec<Record> = py.detach(|| {
            let start = std::time::Instant::now();
            let seconds = move || start.elapsed().as_secs_f64();
            jobs.iter().map(|&k| study.run_job(k, &seconds)).collect()
        });
        Ok(records.iter().map(|r| self.row(r)).collect())
    }

    /// The summary of records: (summary.csv, pairwise.csv, the Markdown table, the findings).
    fn summary(
        &self,
        py: Python<'_>,
        rows: Vec<Measured>,
    ) -> PyResult<(String, String, String, Vec<String>)> {
        let records = rows
            .iter()
            .map(|row| self.record(row))
            .collect::<PyResult<Vec<_>>>()?;
        let study = &self.study;
        Ok(py.detach(|| {
            let summary = Summary::of(study, &records);
            (
                summary.rows_csv(),
                summary.comparisons_csv(),
                summary.markdown(),
                summary.findings(),
            )
        }))
    }

    /// The header line of `records.jsonl` (the CLI's, for the same settings).
    fn header(&self) -> String {
        self.study.json_header(env!("CARGO_PKG_VERSION"))
    }

    /// A record as the CLI's `records.csv` row.
    fn csv_row(&self, row: Measured) -> PyResult<String> {
        Ok(self.study.csv_row(&self.record(&row)?))
    }

    /// A record as the CLI's `records.jsonl` line.
    fn json_line(&self, row: Measured) -> PyResult<String> {
        Ok(self.study.json_line(&self.record(&row)?))
    }
}

impl StudyPlan {
    fn row(&self, record: &Record) -> RecordRow {
        let member = &self.study.population[record.puzzle];
        (
            (
                record.job,
                self.study.runs[record.configuration].to_string(),
                member.puzzle.to_line(),
                member.level.map_or(String::new(), |l| l.id().to_string()),
                member.givens,
                member.rating.clone(),
                record.seed,
                record.outcome.id().to_string(),
            ),
            (
                record.time_ms,
                record.iterations,
                record.nodes,
                record.restarts,
                record.generations,
                record.events,
            ),
        )
    }

    fn record(&self, row: &Measured) -> PyResult<Record> {
        let (job, seed, ref outcome, time_ms, iterations, nodes, restarts, generations, events) =
            *row;
        if job >= self.study.jobs() {
            return Err(error(format!(
                "no job {job}: the study has {}",
                self.study.jobs()
            )));
        }
        let id = self.study.job(job);
        Ok(Record {
            job,
            configuration: id.configuration,
            puzzle: id.puzzle,
            seed,
            outcome: RunOutcome::from_id(outcome)
                .ok_or_else(|| error(format!("'{outcome}' is not an outcome")))?,
            time_ms,
            iterations,
            nodes,
            restarts,
            generations,
            events,
        })
    }
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(algorithms, m)?)?;
    m.add_function(wrap_pyfunction!(trace, m)?)?;
    m.add_class::<StudyPlan>()?;
    m.add("VERSION", env!("CARGO_PKG_VERSION"))?;
    m.add("CSV_HEADER", sudoku_core::study::records::CSV_HEADER)?;
    Ok(())
}
