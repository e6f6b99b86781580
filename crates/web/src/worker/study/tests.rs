//! The worker's study requests, driven as the page drives them, give the CLI's records and
//! summary (the core's study run in one thread); bad setups are named.
use super::*;
use crate::protocol::study::pasted;
use crate::protocol::{ExperimentRequest, RecordChunk};
use sudoku_core::runs::Sequential;
use sudoku_core::study::file::{Population, StudyFile};
use sudoku_core::study::Record;

const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

pub(crate) fn setup() -> StudyFile {
    StudyFile {
        population: Some(Population::generated("9:easy,30:3", "none").unwrap()),
        configurations: vec!["coloring-bfs;origin=random".into(), "dlx".into()],
        seeds: Some(2),
        budget: Some(2_000),
        seed: Some(5),
    }
}

/// What does not depend on the clock.
fn fixed(records: &[Record]) -> Vec<Record> {
    records
        .iter()
        .map(|r| Record {
            time_ms: 0.0,
            ..r.clone()
        })
        .collect()
}

#[test]
fn made_run_and_summarised_in_chunks_it_is_the_clis_study() {
    let setup = setup();
    let clock = || 0.0;
    let wanted = settings(&setup, true).unwrap();
    let cli = Study::make(wanted.clone(), &Sequential, 60.0).unwrap();
    let cli_records: Vec<Record> = (0..cli.jobs()).map(|k| cli.run_job(k, &clock)).collect();
    // The page: the population in chunks of two puzzles, the jobs in chunks of five.
    let indices: Vec<usize> = (0..wanted.source.len()).collect();
    let mut population = Vec::new();
    for chunk in indices.chunks(2) {
        let ExperimentReply::StudyMembers(members) = make(
            &StudyMakeRequest {
                setup: setup.clone(),
                puzzles: chunk.to_vec(),
            },
            &clock,
        ) else {
            panic!("members")
        };
        population.extend(members);
    }
    assert_eq!(population, cli.population);
    let study = Study::new(wanted, population.clone());
    let mut records = Vec::new();
    for chunk in (0..study.jobs()).collect::<Vec<_>>().chunks(5) {
        let jobs = chunk
            .iter()
            .map(|&k| (k, population[study.job(k).puzzle].puzzle.clone()))
            .collect();
        let ExperimentReply::StudyRecords { records: got, .. } = super::jobs(
            &StudyJobsRequest {
                setup: setup.clone(),
                jobs,
            },
            &clock,
        ) else {
            panic!("records")
        };
        records.extend(got);
    }
    assert_eq!(fixed(&records), fixed(&cli_records));
    // As the page sends it: the records in the chunks they came in, written as they came, and
    // the request read back from its JSON.
    let request = StudySummaryRequest {
        setup: setup.clone(),
        population,
        records: records.chunks(5).filter_map(RecordChunk::of).collect(),
        coarse_clock: false,
    };
    let text = serde_json::to_string(&ExperimentRequest::StudySummary(Box::new(request))).unwrap();
    let Ok(ExperimentRequest::StudySummary(request)) = serde_json::from_str(&text) else {
        panic!("the summary request reads back from its JSON")
    };
    let request = *request;
    let ExperimentReply::StudySummary(summary) = summary(&request) else {
        panic!("summary")
    };
    // A page whose clock is coarse gets the same summary with time untested.
    let ExperimentReply::StudySummary(coarse) = super::summary(&StudySummaryRequest {
        coarse_clock: true,
        ..request
    }) else {
        panic!("summary")
    };
    assert_eq!(coarse.rows_csv(), summary.rows_csv());
    assert!(coarse.comparisons.iter().all(|c| c.coarse_clock));
    // The clock is the one difference: at 0 ms everywhere both summaries read the same.
    let theirs = Summary::of(&cli, &cli_records);
    assert_eq!(summary.rows_csv(), theirs.rows_csv());
    assert_eq!(summary.comparisons_csv(), theirs.comparisons_csv());
    assert_eq!(summary.rows.len(), 2 * 2, "two configurations × two groups");
    assert!(
        summary.rows.iter().any(|r| r.solved > 0),
        "{}",
        summary.rows_csv()
    );
}

#[test]
fn bad_setups_name_their_field() {
    let with = |change: &dyn Fn(&mut StudyFile)| {
        let mut s = setup();
        change(&mut s);
        settings(&s, true).unwrap_err()
    };
    let generated = |text: &str| Some(Population::generated(text, "none").unwrap());
    assert!(Population::generated("9:tricky:3", "none")
        .unwrap_err()
        .starts_with("'tricky'"));
    assert!(Population::generated("9:easy:3", "spiral")
        .unwrap_err()
        .contains("no symmetry 'spiral'"));
    assert!(with(&|s| s.configurations = vec!["dlx;speed=9".into()])
        .starts_with("configurations[0]: dlx has no parameter 'speed'"));
    assert!(with(&|s| s.configurations.clear()).starts_with("configurations:"));
    assert!(with(&|s| s.seeds = Some(0)).starts_with("seeds:"));
    assert!(with(&|s| s.population = generated("9:easy:5000")).contains("at most 2000"));
    assert!(with(&|s| s.seeds = Some(10_000)).contains("the page runs at most 50000"));
    assert!(pasted(&format!("{HARD}\nnot a puzzle\n"))
        .unwrap_err()
        .starts_with("population: line 2"));
    assert!(with(&|s| s.population = None).starts_with("population: none given"));
    // Pasted puzzles are made (rated) in the page's order.
    let mut pasted = setup();
    pasted.population = Some(crate::protocol::study::pasted(&format!("{HARD}\n")).unwrap());
    let ExperimentReply::StudyMembers(members) = make(
        &StudyMakeRequest {
            setup: pasted.clone(),
            puzzles: vec![0],
        },
        &|| 0.0,
    ) else {
        panic!("members")
    };
    assert_eq!(members[0].puzzle.to_line(), HARD);
    let missing = make(
        &StudyMakeRequest {
            setup: pasted,
            puzzles: vec![1],
        },
        &|| 0.0,
    );
    assert!(matches!(missing, ExperimentReply::Failed(m) if m.contains("no puzzle 1")));
}
