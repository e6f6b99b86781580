//! The worker's side of a study, free of browser types so it is tested natively. Like an
//! experiment's, the worker keeps no state: each request carries the study's setup. The page
//! holds the population once made and sends each job with its puzzle, so a chunk of jobs costs
//! the worker no population of its own; the summary (bootstrap intervals, pairwise tests) is
//! computed here too, off the page's thread.

use sudoku_core::study::{Settings, Source, Study, Summary};
use sudoku_core::{parse_bytes, Configuration};

use crate::protocol::{
    ExperimentReply, StudyJobsRequest, StudyMakeRequest, StudySetup, StudySummaryRequest,
};

/// Puzzles a study's population may have in the page, and jobs it may run: the records are
/// kept in the page and cross to a worker for the summary. The CLI has no such limit.
pub const MAX_PUZZLES: usize = 2_000;
pub const MAX_JOBS: usize = 50_000;

/// Largest pasted population read.
pub const MAX_PASTED_BYTES: usize = 1 << 20;

/// Seconds the generator may take for one puzzle before the study says it cannot make it.
pub const MAX_SECONDS_PER_PUZZLE: f64 = 60.0;

/// The study's settings, checked, each mistake naming its field; with `population` false the
/// pasted puzzles are not read (a chunk of jobs gets its puzzles with it).
pub fn settings(setup: &StudySetup, population: bool) -> Result<Settings, String> {
    let source = match (&setup.generate, &setup.pasted) {
        (Some(text), _) => Source::parse_generated(text, &setup.symmetry)
            .map_err(|e| format!("population: {e}"))?,
        (None, Some(_)) if !population => Source::Given(Vec::new()),
        (None, Some(text)) => pasted(text)?,
        (None, None) => {
            return Err("population: generate puzzles (SIZE:CLASSES:COUNT) or paste some".into())
        }
    };
    let configurations = setup
        .configurations
        .iter()
        .map(|c| Configuration::parse(c).map_err(|e| format!("configuration '{c}': {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    let settings = Settings {
        source,
        configurations,
        seeds: setup.seeds,
        max_iterations: setup.max_iterations,
        seed: setup.seed,
    };
    if population {
        settings.check()?;
        let (puzzles, jobs) = (settings.source.len(), settings.planned_jobs());
        if puzzles > MAX_PUZZLES {
            return Err(format!(
                "population: {puzzles} puzzles; the page runs studies of at most {MAX_PUZZLES} (the CLI's sudoku study has no such limit)"
            ));
        }
        if jobs > MAX_JOBS {
            return Err(format!(
                "{jobs} jobs (configurations × puzzles × seeds); the page runs at most {MAX_JOBS} (the CLI's sudoku study has no such limit)"
            ));
        }
    }
    Ok(settings)
}

/// Pasted puzzles; a line that is not one is named.
fn pasted(text: &str) -> Result<Source, String> {
    if text.len() > MAX_PASTED_BYTES {
        return Err(format!(
            "population: the pasted puzzles are {} bytes; at most {MAX_PASTED_BYTES} are read",
            text.len()
        ));
    }
    let mut puzzles = Vec::new();
    for record in parse_bytes(text.as_bytes()) {
        match record.result {
            Ok(puzzle) => puzzles.push(puzzle),
            Err(e) => return Err(format!("population: {e}")),
        }
    }
    Ok(Source::Given(puzzles))
}

/// Makes the asked puzzles of the population; `seconds` reads the worker's clock.
pub fn make(request: &StudyMakeRequest, seconds: &dyn Fn() -> f64) -> ExperimentReply {
    let settings = match settings(&request.setup, true) {
        Ok(settings) => settings,
        Err(e) => return ExperimentReply::Failed(e),
    };
    let mut members = Vec::with_capacity(request.puzzles.len());
    for &index in &request.puzzles {
        if index >= settings.source.len() {
            return ExperimentReply::Failed(format!("the population has no puzzle {index}"));
        }
        let start = seconds();
        let expired = || seconds() - start > MAX_SECONDS_PER_PUZZLE;
        match settings.source.make(index, settings.seed, &expired) {
            Some(member) => members.push(member),
            None => {
                return ExperimentReply::Failed(format!(
                    "population: the generator made no puzzle {} within {MAX_SECONDS_PER_PUZZLE} s (a smaller size, or an easier level)",
                    index + 1
                ))
            }
        }
    }
    ExperimentReply::StudyMembers(members)
}

/// Runs a chunk of jobs; `seconds` reads the worker's clock.
pub fn jobs(request: &StudyJobsRequest, seconds: &dyn Fn() -> f64) -> ExperimentReply {
    let settings = match settings(&request.setup, false) {
        Ok(settings) => settings,
        Err(e) => return ExperimentReply::Failed(e),
    };
    let study = Study::new(settings, Vec::new());
    let started = seconds();
    let records = request
        .jobs
        .iter()
        .map(|(k, puzzle)| study.run_job_on(*k, puzzle, seconds))
        .collect();
    ExperimentReply::StudyRecords {
        records,
        elapsed_ms: (seconds() - started) * 1e3,
    }
}

/// The summary of the records sent.
pub fn summary(request: &StudySummaryRequest) -> ExperimentReply {
    let settings = match settings(&request.setup, false) {
        Ok(settings) => settings,
        Err(e) => return ExperimentReply::Failed(e),
    };
    let study = Study::new(settings, request.population.clone());
    let fits = request
        .records
        .iter()
        .all(|r| r.puzzle < study.population.len() && r.configuration < study.runs.len());
    if !fits {
        return ExperimentReply::Failed("the page sent records of another study".into());
    }
    ExperimentReply::StudySummary(Box::new(Summary::of(&study, &request.records)))
}

#[cfg(test)]
mod tests;
