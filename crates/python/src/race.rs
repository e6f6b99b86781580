//! Tuning by racing for Python: the candidates' grid and the race over a study's plan (the
//! core's `study::race`, as `sudoku tune` runs it), with the GIL released and each instance's
//! candidates on this machine's cores.

use pyo3::prelude::*;
use sudoku_core::study::race::{grid, race_study, RaceSettings};
use sudoku_core::Algorithm;

use crate::error;
use crate::study::StudyPlan;

/// Every combination of `assignments` (`NAME=LOW..HIGH` or `NAME=A,B,C`) on `algorithm`, as
/// configurations' text.
#[pyfunction]
pub fn race_candidates(
    algorithm: &str,
    assignments: Vec<String>,
    levels: usize,
) -> PyResult<Vec<String>> {
    let algorithm = Algorithm::parse(algorithm).map_err(|e| error(format!("algorithm: {e}")))?;
    let candidates = grid::candidates(algorithm, &assignments, levels)
        .map_err(|e| error(format!("params: {e}")))?;
    Ok(candidates.iter().map(ToString::to_string).collect())
}

/// A test as Python receives it: instances run, candidates before it, statistic, p-value, the
/// configurations it dropped.
type TestOut = (usize, usize, Option<f64>, Option<f64>, Vec<String>);

/// Races the plan's configurations; the standings as CSV (the CLI's `--csv`) and every test.
#[pyfunction]
#[pyo3(signature = (plan, first_test, each_test, alpha, max_runs=None))]
pub fn race(
    py: Python<'_>,
    plan: &StudyPlan,
    first_test: usize,
    each_test: usize,
    alpha: f64,
    max_runs: Option<usize>,
) -> PyResult<(String, Vec<TestOut>)> {
    let settings = RaceSettings {
        first_test,
        each_test,
        alpha,
        max_runs: max_runs.unwrap_or(usize::MAX),
    };
    settings.check().map_err(error)?;
    let study = &plan.study;
    let race = py.detach(|| race_study(study, settings, &Threads::new(), &mut |_, _| {}));
    let tests = race
        .tests()
        .iter()
        .map(|t| {
            let dropped = t
                .dropped
                .iter()
                .map(|&c| study.runs[c].to_string())
                .collect();
            (t.instances, t.candidates, t.statistic, t.p_value, dropped)
        })
        .collect();
    Ok((study.race_table(&race).csv(), tests))
}

/// Runs a map's items on this machine's cores (scoped threads, items split in order).
struct Threads {
    start: std::time::Instant,
    threads: usize,
}

impl Threads {
    fn new() -> Threads {
        Threads {
            start: std::time::Instant::now(),
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}

impl sudoku_core::runs::Executor for Threads {
    fn map<T: Sync, R: Send>(&self, items: &[T], job: &(dyn Fn(&T) -> R + Sync)) -> Vec<R> {
        let size = items.len().div_ceil(self.threads.max(1)).max(1);
        std::thread::scope(|scope| {
            let handles: Vec<_> = items
                .chunks(size)
                .map(|chunk| scope.spawn(move || chunk.iter().map(job).collect::<Vec<R>>()))
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        })
    }

    fn seconds(&self) -> f64 {
        self.start.elapsed().as_secs_f64()
    }
}
