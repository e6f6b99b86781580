//! A study as the page sends it to a worker: the core's one shape of a study's settings
//! ([`StudyFile`], as a study file and Python write them), and what the page allows of it. The
//! page's model checks a setup with [`settings`] before it starts; the worker reads each request's
//! setup with the same function.

use serde::{Deserialize, Serialize};
use sudoku_core::parse_bytes;
use sudoku_core::study::file::{Population, StudyFile};
use sudoku_core::study::Settings;
use sudoku_core::study::{Member, Record};
use sudoku_core::Grid;

/// Puzzles a study's population may have in the page, and jobs it may run: the records are
/// kept in the page and cross to a worker for the summary. The CLI has no such limit.
pub const MAX_PUZZLES: usize = 2_000;
pub const MAX_JOBS: usize = 50_000;

/// Largest pasted population read.
pub const MAX_PASTED_BYTES: usize = 1 << 20;

/// Pasted puzzles (any format, one or many) as a population; a line that is not one is named.
pub fn pasted(text: &str) -> Result<Population, String> {
    if text.len() > MAX_PASTED_BYTES {
        return Err(format!(
            "population: the pasted puzzles are {} bytes; at most {MAX_PASTED_BYTES} are read",
            text.len()
        ));
    }
    let mut puzzles = Vec::new();
    for record in parse_bytes(text.as_bytes()) {
        match record.result {
            Ok(puzzle) => puzzles.push(puzzle.to_line()),
            Err(e) => return Err(format!("population: {e}")),
        }
    }
    Ok(Population {
        puzzles: Some(puzzles),
        ..Population::default()
    })
}

/// The study's settings, checked, each mistake naming its field; with `population` false the
/// population's puzzles are not read (a chunk of jobs gets its puzzles with it).
pub fn settings(setup: &StudyFile, population: bool) -> Result<Settings, String> {
    let no_file = |_: &str| Err("the page reads no puzzle file: paste the puzzles".to_string());
    let settings = if population {
        setup.settings(&no_file)?
    } else {
        // Checked in full when the study started: a chunk of jobs reads only what a job needs,
        // not the pasted puzzles again.
        let mut setup = setup.clone();
        if let Some(given) = setup.population.as_mut().and_then(|p| p.puzzles.as_mut()) {
            given.clear();
        }
        setup.read(&no_file)?.unchecked()?
    };
    if population {
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

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StudyMakeRequest {
    pub setup: StudyFile,
    /// Indices of the population's puzzles to make.
    pub puzzles: Vec<usize>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StudyJobsRequest {
    pub setup: StudyFile,
    /// (job number, its puzzle).
    pub jobs: Vec<(usize, Grid)>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StudySummaryRequest {
    pub setup: StudyFile,
    pub population: Vec<Member>,
    /// The records, in the chunks they reached the page in.
    pub records: Vec<RecordChunk>,
    /// The records' times come from a coarse clock: not tested.
    #[serde(default)]
    pub coarse_clock: bool,
}

/// A chunk of a study's records, as it reached the page; the summary request sends them all.
/// The study page's build (feature `study-page`) keeps each chunk as the JSON written when it
/// came, so the request copies text instead of writing every record in one task (50,000
/// records took 57 ms, a long task, on 2026-12-07 in Chromium on an Intel Xeon). Every other
/// build (the worker that reads the request, the tests) holds the records themselves: the same
/// JSON either way.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RecordChunk(
    #[cfg(feature = "study-page")] Box<serde_json::value::RawValue>,
    #[cfg(not(feature = "study-page"))] Vec<Record>,
);

impl RecordChunk {
    /// `None` only if the records cannot be written as JSON, which these types never fail.
    pub fn of(records: &[Record]) -> Option<RecordChunk> {
        #[cfg(feature = "study-page")]
        return serde_json::value::to_raw_value(records)
            .ok()
            .map(RecordChunk);
        #[cfg(not(feature = "study-page"))]
        Some(RecordChunk(records.to_vec()))
    }

    /// The chunk's records, as the worker reads them.
    pub fn records(&self) -> Result<Vec<Record>, String> {
        #[cfg(feature = "study-page")]
        return serde_json::from_str(self.0.get()).map_err(|e| e.to_string());
        #[cfg(not(feature = "study-page"))]
        Ok(self.0.clone())
    }
}

impl PartialEq for RecordChunk {
    fn eq(&self, other: &RecordChunk) -> bool {
        self.records() == other.records()
    }
}
