//! Arbitrary input against what reads outside data: the puzzle reader (`parse_bytes`, every
//! format, every size) and the worker's request and event decoding. Nothing may panic; what is
//! read must be a valid grid that prints and reads back the same.
//!
//! `./dev test` runs a few thousand inputs per target; `./dev fuzz` runs 1,000,000
//! (`SUDOKU_FUZZ_CASES`), in release mode, and prints the figures. cargo-fuzz needs a nightly
//! toolchain, which this project does not have: proptest drives the inputs instead.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use sudoku_core::experiment::Progress;
use sudoku_core::study::file::{Population, StudyFile};
use sudoku_core::{parse_bytes, Algorithm};
use sudoku_web::protocol::{
    decode_events, encode_events, ExperimentRequest, ExperimentSetup, JobsRequest, PlanRequest,
    RunRequest, SolverRequest, StudyJobsRequest, StudySummaryRequest,
};
use sudoku_web::worker::experiment;

fn cases() -> u32 {
    std::env::var("SUDOKU_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3_000)
}

fn runner() -> TestRunner {
    TestRunner::new(Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    })
}

/// Real puzzle text of every size and format, to mutate.
const SEEDS: &[&str] = &[
    include_str!("../../../tests/data/sizes.txt"),
    include_str!("../../../tests/data/named.txt"),
    include_str!("../../../tests/data/formats_mixed.txt"),
    include_str!("../../../tests/data/formats_sadman.sdk"),
];

/// Bytes that mean something to the reader, and now and then any byte.
fn puzzle_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        8 => prop::sample::select(b"0123456789.*_|-+= \t\n\rABCDEFGPQY#[]".to_vec()),
        1 => any::<u8>(),
    ]
}

/// A stretch of a fixture with a few bytes replaced, inserted or removed.
fn mutated_fixture() -> impl Strategy<Value = Vec<u8>> {
    (
        prop::sample::select(SEEDS.to_vec()),
        prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, puzzle_byte()), 1..8),
        any::<prop::sample::Index>(),
        1usize..2_000,
    )
        .prop_map(|(text, edits, start, len)| {
            let bytes = text.as_bytes();
            let from = start.index(bytes.len());
            let mut out = bytes[from..(from + len).min(bytes.len())].to_vec();
            for (at, kind, byte) in edits {
                if out.is_empty() {
                    out.push(byte);
                    continue;
                }
                let i = at.index(out.len());
                match kind {
                    0 => out[i] = byte,
                    1 => out.insert(i, byte),
                    _ => {
                        out.remove(i);
                    }
                }
            }
            out
        })
}

fn reader_input() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..600),
        prop::collection::vec(puzzle_byte(), 0..1_500),
        mutated_fixture(),
    ]
}

/// Every record read is a valid grid that prints in its format and reads back the same; on
/// plain text, the byte reader (with its fast path for one-line puzzles) and the text reader
/// read the same records.
fn check_reader(input: &[u8]) -> Result<(), TestCaseError> {
    let lines = input.split(|&b| b == b'\n').count();
    let records = parse_bytes(input);
    if let Ok(text) = std::str::from_utf8(input) {
        if !text
            .chars()
            .any(|c| c.is_control() && c != '\t' && c != '\n')
        {
            let general = sudoku_core::parse_records(text);
            prop_assert_eq!(records.len(), general.len());
            for (a, b) in records.iter().zip(&general) {
                prop_assert_eq!(a.line, b.line);
                prop_assert_eq!(
                    a.result.as_ref().map_err(|e| e.to_string()),
                    b.result.as_ref().map_err(|e| e.to_string())
                );
            }
        }
    }
    // Streamed through a small buffer (lines span refills), the same records.
    let streamed: Vec<_> = sudoku_core::Records::new(
        std::io::BufReader::with_capacity(13, input),
        sudoku_core::Letters25::AToY,
    )
    .map(|r| r.expect("reading memory"))
    .collect();
    prop_assert_eq!(streamed.len(), records.len());
    for (a, b) in streamed.iter().zip(&records) {
        prop_assert_eq!(a.line, b.line);
        prop_assert_eq!(
            a.result.as_ref().map_err(|e| e.to_string()),
            b.result.as_ref().map_err(|e| e.to_string())
        );
    }
    for record in records {
        prop_assert!(record.line >= 1 && record.line <= lines);
        if let Ok(grid) = &record.result {
            let size = grid.size();
            prop_assert_eq!(grid.values().len(), size.cells());
            prop_assert!(grid.values().iter().all(|&v| v as usize <= size.n()));
            prop_assert!(grid.conflicts().is_empty());
            let printed = record.format.write(grid);
            let again = parse_bytes(printed.as_bytes());
            prop_assert_eq!(again.len(), 1, "{}", printed);
            prop_assert_eq!(again[0].result.as_ref().ok(), Some(grid), "{}", printed);
        }
    }
    Ok(())
}

#[test]
fn the_reader_never_panics_and_reads_only_valid_grids() {
    let started = std::time::Instant::now();
    runner()
        .run(&reader_input(), |input| check_reader(&input))
        .unwrap();
    eprintln!(
        "fuzz: parse_bytes, {} inputs in {:.1} s",
        cases(),
        started.elapsed().as_secs_f64()
    );
}

/// A request as the page sends it (a run, an experiment's jobs, an experiment's plan), with
/// bytes changed, or noise: the worker either refuses it with a message or gets a valid grid,
/// valid jobs and a progress it can report on.
fn request_text() -> impl Strategy<Value = String> {
    let setup = ExperimentSetup {
        experiment: "filtering".into(),
        seed: 3,
        runs: Some(2),
        budget: Some(10),
        pasted: None,
    };
    let four = sudoku_core::Grid::empty(sudoku_core::Size::FOUR);
    let study = StudyFile {
        population: Some(Population::generated("4:easy:2", "none").unwrap()),
        configurations: vec!["dlx".into(), "backtracking".into()],
        seeds: Some(2),
        budget: Some(10),
        seed: Some(1),
    };
    let valid = [
        serde_json::to_string(&SolverRequest::Run(RunRequest {
            algorithm: Algorithm::Dlx,
            params: Default::default(),
            puzzle: sudoku_core::Grid::empty(sudoku_core::Size::FOUR),
            seed: 7,
        })),
        serde_json::to_string(&ExperimentRequest::Jobs(JobsRequest {
            setup: setup.clone(),
            jobs: vec![vec![0], vec![1]],
        })),
        serde_json::to_string(&ExperimentRequest::StudyJobs(StudyJobsRequest {
            setup: study.clone(),
            jobs: vec![(0, four.clone()), (3, four.clone())],
        })),
        serde_json::to_string(&ExperimentRequest::StudySummary(Box::new(
            StudySummaryRequest {
                setup: study,
                population: vec![sudoku_core::study::Member::of(four.clone(), None)],
                records: Vec::new(),
                coarse_clock: true,
            },
        ))),
        serde_json::to_string(&ExperimentRequest::Plan(PlanRequest {
            setup,
            progress: Progress {
                jobs: vec![vec![0], vec![1]],
                results: vec![Some(vec![729.0, 300.0, 350.0, 280.0]), None],
            },
        })),
    ]
    .map(Result::unwrap);
    (
        prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 0..6),
        prop::collection::vec(any::<char>(), 0..40),
        any::<bool>(),
        0..valid.len(),
    )
        .prop_map(move |(edits, noise, keep, which)| {
            if !keep {
                return noise.into_iter().collect();
            }
            let mut bytes = valid[which].clone().into_bytes();
            for (at, byte) in edits {
                let i = at.index(bytes.len());
                bytes[i] = if byte.is_ascii() { byte } else { b'9' };
            }
            String::from_utf8_lossy(&bytes).into_owned()
        })
}

#[test]
fn the_worker_never_panics_on_what_the_page_might_send() {
    let started = std::time::Instant::now();
    runner()
        .run(&request_text(), |text| {
            // Each worker reads the text as its own requests.
            // (Not a study's population: a changed one may ask the generator for minutes.)
            match serde_json::from_str::<ExperimentRequest>(&text) {
                Ok(ExperimentRequest::StudyMake(_)) | Err(_) => {}
                Ok(request) => {
                    let _ = experiment::answer(&request, &|| 0.0);
                }
            }
            let Ok(SolverRequest::Run(request)) = serde_json::from_str::<SolverRequest>(&text)
            else {
                return Ok(());
            };
            {
                let size = request.puzzle.size();
                prop_assert_eq!(request.puzzle.values().len(), size.cells());
                prop_assert!(request
                    .puzzle
                    .values()
                    .iter()
                    .all(|&v| v as usize <= size.n()));
                let _ = request.algorithm.check(&request.params);
            }
            Ok(())
        })
        .unwrap();
    runner()
        .run(&prop::collection::vec(0u32..16, 0..60), |words| {
            if let Some(events) = decode_events(&words) {
                prop_assert_eq!(decode_events(&encode_events(&events)), Some(events));
            }
            Ok(())
        })
        .unwrap();
    eprintln!(
        "fuzz: worker requests and event batches, {} inputs each in {:.1} s",
        cases(),
        started.elapsed().as_secs_f64()
    );
}
