//! A study's plan for Python: the settings in the core's one shape
//! ([`sudoku_core::study::file`], as a study file writes them), the population made once, the
//! jobs run in batches with the GIL released, each record handed over as a dict of the core's
//! named fields with its `records.csv` row and `records.jsonl` line.

use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde::de::DeserializeOwned;
use serde_json::Value;
use sudoku_core::study::anytime::parse_curve_row;
use sudoku_core::study::ert::{Hits, Measures};
use sudoku_core::study::file::{unknown_key, Population, StudyFile};
use sudoku_core::study::ranking::{ranking_csv, standings};
use sudoku_core::study::{Class, CurvePoint, Field, Member, Record, Study, Summary};

use crate::{error, puzzle};

/// A study's plan, built from a JSON payload (`{"study": …, "made": …, "max_seconds": …}`, which
/// the Python `Study` writes) so a Dask worker rebuilds the same plan from the same text.
#[pyclass(module = "sudoku_lab._core", frozen)]
pub struct StudyPlan {
    pub(crate) study: Study,
}

/// A record as Python receives it: its fields by name, its CSV row, its JSON line.
/// A record: its fields by the names of CSV_HEADER, its records.csv row, its records.jsonl line,
/// and its anytime curve as curves.csv rows (empty for a record read back from a file).
type RecordOut = (Py<PyDict>, String, String, String);

/// `value` as a `T`, a type error naming the key at fault (`generate.count: invalid type…`).
fn typed<T: DeserializeOwned>(value: &Value, section: &str) -> Result<T, String> {
    serde_json::from_value(value.clone()).map_err(|whole| {
        let culprit = value.as_object().and_then(|object| {
            object.iter().find_map(|(key, v)| {
                let alone = Value::Object([(key.clone(), v.clone())].into_iter().collect());
                serde_json::from_value::<T>(alone)
                    .err()
                    .map(|e| (key.clone(), e))
            })
        });
        match culprit {
            Some((key, e)) if section.is_empty() => format!("{key}: {e}"),
            Some((key, e)) => format!("{section}.{key}: {e}"),
            None => whole.to_string(),
        }
    })
}

/// The keyword a Python `Study` gave its population by: `puzzles` or `generate`.
fn keyword(study: &Value) -> &'static str {
    match study.get("population").and_then(|p| p.get("puzzles")) {
        Some(_) => "puzzles",
        None => "generate",
    }
}

/// A message of the study file's words in those of Python's keywords: `population.levels` is
/// `generate.levels`, `population.puzzles[0]` is `puzzles[0]`.
fn in_python_words(message: String, keyword: &str) -> String {
    message
        .replacen("population.puzzles", "puzzles", 1)
        .replacen("population.", &format!("{keyword}."), 1)
        .replacen("population:", &format!("{keyword}:"), 1)
}

/// The study from the payload, every key and type checked (its population named by `keyword`).
fn study_file(study: &Value, keyword: &str) -> Result<StudyFile, String> {
    let object = study.as_object().ok_or("the study's settings: a dict")?;
    unknown_key("", object.keys().map(String::as_str))?;
    if let Some(population) = object.get("population").filter(|p| !p.is_null()) {
        let keys = population
            .as_object()
            .ok_or_else(|| format!("{keyword}: a dict of size, levels or givens, count, symmetry"))?
            .keys();
        unknown_key(keyword, keys.map(String::as_str))?;
        typed::<Population>(population, keyword)?;
    }
    typed(study, "")
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
    /// Checks the settings and makes the population (or takes the one the payload carries).
    #[new]
    fn new(py: Python<'_>, payload: &str) -> PyResult<StudyPlan> {
        let value: Value = serde_json::from_str(payload).map_err(|e| error(e.to_string()))?;
        let keyword = keyword(&value["study"]);
        let file = study_file(&value["study"], keyword).map_err(error)?;
        let no_file = |_: &str| Err("a file is the CLI's: pass puzzles=[...]".to_string());
        let settings = file
            .settings(&no_file)
            .map_err(|e| error(in_python_words(e, keyword)))?;
        // A population made before (by the driver), sent along so workers need not make it again.
        let study = match value.get("made").and_then(Value::as_array) {
            Some(made) => {
                let population = made
                    .iter()
                    .map(|m| {
                        let line = m.get(0).and_then(Value::as_str).unwrap_or_default();
                        let class = m.get(1).and_then(Value::as_str).and_then(Class::parse);
                        Ok(Member::of(puzzle(line)?, class))
                    })
                    .collect::<PyResult<Vec<_>>>()?;
                Study::new(settings, population)
            }
            None => {
                let max_seconds = value
                    .get("max_seconds")
                    .and_then(Value::as_f64)
                    .filter(|s| *s > 0.0)
                    .unwrap_or(600.0);
                let clock = Clocked(std::time::Instant::now());
                py.detach(|| Study::make(settings, &clock, max_seconds))
                    .map_err(error)?
            }
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
        self.check_job(k)?;
        let id = self.study.job(k);
        Ok((id.configuration, id.puzzle, id.repetition))
    }

    /// Runs the jobs, one after the other, with the GIL released; their records in order.
    fn run_jobs(&self, py: Python<'_>, jobs: Vec<usize>) -> PyResult<Vec<RecordOut>> {
        for &k in &jobs {
            self.check_job(k)?;
        }
        let study = &self.study;
        let records: Vec<(Record, Vec<CurvePoint>)> = py.detach(|| {
            let start = std::time::Instant::now();
            let seconds = move || start.elapsed().as_secs_f64();
            jobs.iter()
                .map(|&k| {
                    let puzzle = &study.population[study.job(k).puzzle].puzzle;
                    study.run_job_with_curve_on(k, puzzle, &seconds)
                })
                .collect()
        });
        records
            .iter()
            .map(|(record, curve)| self.out(py, record, curve))
            .collect()
    }

    /// A `records.csv` row of this study read back, if it is one (written by the CLI or by
    /// Python, byte for byte as this plan writes it).
    fn read_row(&self, py: Python<'_>, row: &str) -> PyResult<Option<RecordOut>> {
        match self.study.parse_csv_row(row) {
            Ok(record) if self.study.csv_row(&record) == row => {
                self.out(py, &record, &[]).map(Some)
            }
            _ => Ok(None),
        }
    }

    /// The summary of records given as `records.csv` rows without the header: (summary.csv,
    /// pairwise.csv, the Markdown table, the findings).
    fn summary(
        &self,
        py: Python<'_>,
        rows: &str,
    ) -> PyResult<(String, String, String, Vec<String>, String)> {
        let records = self.parse_rows(rows)?;
        let study = &self.study;
        Ok(py.detach(|| {
            let summary = Summary::of(study, &records);
            (
                summary.rows_csv(),
                summary.comparisons_csv(),
                summary.markdown(),
                summary.findings(),
                summary.latex(),
            )
        }))
    }

    /// `ranking.csv` of records given as `records.csv` rows and of their runs' `curves.csv`
    /// rows (neither with its header): the CLI's ranking of the same runs.
    fn ranking(&self, py: Python<'_>, rows: &str, curves: &str) -> PyResult<String> {
        let (records, hits) = self.records_with_hits(rows, curves)?;
        let study = &self.study;
        Ok(py.detach(|| {
            let summary = Summary::of(study, &records);
            ranking_csv(&standings(study, &records, &hits, Some(&summary)))
        }))
    }

    /// `ert.csv`, `ecdf.csv` and `ecdf_area.csv` of records and their curves, as `ranking`
    /// takes them: the CLI's runtime measures of the same runs.
    fn measures(
        &self,
        py: Python<'_>,
        rows: &str,
        curves: &str,
    ) -> PyResult<(String, String, String)> {
        let (records, hits) = self.records_with_hits(rows, curves)?;
        let study = &self.study;
        Ok(py.detach(|| {
            let measures = Measures::of(study, &records, &hits);
            (measures.ert_csv, measures.ecdf_csv, measures.area_csv)
        }))
    }

    /// The header line of `records.jsonl` (the CLI's, for the same settings).
    fn header(&self) -> String {
        self.study.json_header(env!("CARGO_PKG_VERSION"))
    }
}

impl StudyPlan {
    /// `records.csv` rows (without the header) read back as records.
    fn parse_rows(&self, rows: &str) -> PyResult<Vec<Record>> {
        rows.lines()
            .filter(|l| !l.is_empty())
            .enumerate()
            .map(|(i, row)| {
                self.study
                    .parse_csv_row(row)
                    .map_err(|e| error(format!("records row {i}: {e}")))
            })
            .collect()
    }

    /// Records read back from `records.csv` rows, and each job's hits of the cost targets from
    /// its `curves.csv` rows (`hits[job]`, as the CLI keeps them).
    fn records_with_hits(
        &self,
        rows: &str,
        curves: &str,
    ) -> PyResult<(Vec<Record>, Vec<Option<Hits>>)> {
        let records = self.parse_rows(rows)?;
        let study = &self.study;
        let mut points: Vec<Vec<CurvePoint>> = vec![Vec::new(); study.jobs()];
        for (i, line) in curves.lines().filter(|l| !l.is_empty()).enumerate() {
            let (job, point) = parse_curve_row(line)
                .filter(|(job, _)| *job < study.jobs())
                .ok_or_else(|| {
                    error(format!(
                        "curves row {i}: not a curves.csv row of this study"
                    ))
                })?;
            points[job].push(point);
        }
        let mut hits = vec![None; study.jobs()];
        for record in &records {
            hits[record.job] = Some(study.hits(record, &points[record.job]));
        }
        Ok((records, hits))
    }

    fn check_job(&self, k: usize) -> PyResult<()> {
        if k >= self.study.jobs() {
            return Err(error(format!(
                "no job {k}: the study has {}",
                self.study.jobs()
            )));
        }
        Ok(())
    }

    fn out(&self, py: Python<'_>, record: &Record, curve: &[CurvePoint]) -> PyResult<RecordOut> {
        let dict = PyDict::new(py);
        for (name, field) in self.study.fields(record) {
            match field {
                Field::Text(text) => dict.set_item(name, text)?,
                Field::Whole(n) | Field::Seed(n) => dict.set_item(name, n)?,
                Field::Millis(ms) => dict.set_item(name, ms)?,
            }
        }
        Ok((
            dict.unbind(),
            self.study.csv_row(record),
            self.study.json_line(record),
            self.study.curve_rows(record, curve),
        ))
    }
}
