//! The worker's side of a study, free of browser types so it is tested natively. Like an
//! experiment's, the worker keeps no state: each request carries the study's setup. The page
//! holds the population once made and sends each job with its puzzle, so a chunk of jobs costs
//! the worker no population of its own; the summary (bootstrap intervals, pairwise tests) is
//! computed here too, off the page's thread.

use sudoku_core::study::{Study, Summary};

use crate::protocol::study::settings;
use crate::protocol::{ExperimentReply, StudyJobsRequest, StudyMakeRequest, StudySummaryRequest};

/// Seconds the generator may take for one puzzle before the study says it cannot make it.
pub const MAX_SECONDS_PER_PUZZLE: f64 = 60.0;

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
    let (mut records, mut best_costs, mut hits) = (Vec::new(), Vec::new(), Vec::new());
    for (k, puzzle) in &request.jobs {
        let (record, curve) = study.run_job_with_curve_on(*k, puzzle, seconds);
        best_costs.push(curve.last().map(|p| p.cost));
        hits.push(study.hits(&record, &curve));
        records.push(record);
    }
    ExperimentReply::StudyRecords {
        records,
        elapsed_ms: (seconds() - started) * 1e3,
        best_costs,
        hits,
    }
}

/// The summary of the records sent.
pub fn summary(request: &StudySummaryRequest) -> ExperimentReply {
    let settings = match settings(&request.setup, false) {
        Ok(settings) => settings,
        Err(e) => return ExperimentReply::Failed(e),
    };
    let study = Study::new(settings, request.population.clone());
    let mut records = Vec::new();
    for chunk in &request.records {
        match chunk.records() {
            Ok(mut list) => records.append(&mut list),
            Err(e) => {
                return ExperimentReply::Failed(format!(
                    "the page sent records the worker cannot read: {e}"
                ))
            }
        }
    }
    let fits = records
        .iter()
        .all(|r| r.puzzle < study.population.len() && r.configuration < study.runs.len());
    if !fits {
        return ExperimentReply::Failed("the page sent records of another study".into());
    }
    let summary = Summary::of(&study, &records);
    ExperimentReply::StudySummary(Box::new(if request.coarse_clock {
        summary.with_coarse_clock()
    } else {
        summary
    }))
}

#[cfg(test)]
mod tests;
