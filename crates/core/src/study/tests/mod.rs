//! Studies on small populations: the plan, the records (verified, reproducible from their seed,
//! read back from their CSV row) and the summary.

use super::*;
use crate::generate::Symmetry;
use crate::logic::Level;
use crate::parse::parse_records;
use crate::registry::Algorithm;
use crate::runs::Sequential;
use crate::size::Size;
use crate::verify::verify_solution;
use crate::{NullObserver, Status};

mod figures;

fn configurations(list: &[&str]) -> Vec<Configuration> {
    list.iter()
        .map(|c| Configuration::parse(c).unwrap())
        .collect()
}

fn generated(classes: Vec<Class>, count: usize) -> Settings {
    Settings {
        source: Source::Generated {
            size: Size::NINE,
            classes,
            count,
            symmetry: Symmetry::None,
        },
        configurations: configurations(&["coloring-dsatur", "coloring-bfs", "dlx"]),
        seeds: 2,
        budget: Some(200),
        seed: 11,
    }
}

/// Every job's record and its hits of the cost targets (`hits[job]`), as the drivers keep them.
fn run_all_with_hits(study: &Study) -> (Vec<Record>, Vec<Option<ert::Hits>>) {
    (0..study.jobs())
        .map(|k| {
            let puzzle = &study.population[study.job(k).puzzle].puzzle;
            let (record, curve) = study.run_job_with_curve_on(k, puzzle, &|| 0.0);
            let hits = study.hits(&record, &curve);
            (record, Some(hits))
        })
        .unzip()
}

fn run_all(study: &Study) -> Vec<Record> {
    (0..study.jobs())
        .map(|k| study.run_job(k, &|| 0.0))
        .collect()
}

#[test]
fn a_generated_study_runs_every_configuration_on_the_same_puzzles_and_seeds() {
    let settings = generated(vec![Class::Level(Level::Easy), Class::Givens(30)], 3);
    assert_eq!(settings.planned_jobs(), 3 * 6 * 2);
    let study = Study::make(settings, &Sequential, 60.0).unwrap();
    assert_eq!(study.population.len(), 6);
    assert_eq!(study.population[0].level, Some(Level::Easy));
    assert_eq!(study.population[3].givens, 30);
    assert_eq!(study.population[4].group(), "30");
    let records = run_all(&study);
    assert_eq!(records.len(), 36);
    // The first jobs run every configuration on puzzle 0 with seed 0: a study stopped early
    // still has its pairs.
    let first: Vec<JobId> = (0..3).map(|k| study.job(k)).collect();
    assert!(first.iter().all(|j| j.puzzle == 0 && j.repetition == 0));
    assert_eq!(records[0].seed, records[1].seed);
    assert_ne!(records[0].seed, records[3].seed);
    for record in &records {
        let id = study.job(record.job);
        let configuration = &study.runs[id.configuration];
        let puzzle = &study.population[id.puzzle].puzzle;
        // The record's seed and the configuration's parameters repeat the run.
        let again = configuration
            .algorithm
            .run(
                puzzle,
                &RunConfig {
                    seed: record.seed,
                    params: configuration.params.clone(),
                },
                &mut NullObserver,
            )
            .unwrap();
        assert_eq!(again.stats.iterations, record.iterations);
        assert_eq!(again.status == Status::Solved, record.solved());
        if record.solved() {
            assert!(verify_solution(puzzle, &again.grid).is_ok());
        }
        // dlx and DSATUR solve every one; the budget applies to the colouring.
        if configuration.algorithm != Algorithm::ColoringBfs {
            assert!(record.solved(), "{configuration} on {}", puzzle.to_line());
        } else {
            assert!(record.restarts <= 200);
        }
        let row = study.csv_row(record);
        assert_eq!(study.parse_csv_row(&row), Ok(record.clone()));
        // A row written when the colouring's budget was `max_iter` is read as the same job's.
        let old = row.replace("max_iterations=", "max_iter=");
        assert_eq!(study.parse_csv_row(&old), Ok(record.clone()));
    }
}

#[test]
fn the_summary_counts_rates_and_compares_on_pairs() {
    let study = Study::make(generated(vec![Class::Givens(24)], 4), &Sequential, 60.0).unwrap();
    let records = run_all(&study);
    let summary = Summary::of(&study, &records);
    assert_eq!(summary.rows.len(), 3);
    assert_eq!(summary.comparisons.len(), 3);
    for (c, row) in summary.rows.iter().enumerate() {
        let mine: Vec<&Record> = records.iter().filter(|r| r.configuration == c).collect();
        let solved = mine.iter().filter(|r| r.solved()).count();
        assert_eq!((row.runs, row.solved), (8, solved));
        assert_eq!(row.rate, solved as f64 / 8.0);
        assert!(row.wilson_low <= row.rate && row.rate <= row.wilson_high);
    }
    // dlx solves everything: its row's interval reaches 1 exactly.
    assert_eq!(
        (summary.rows[2].solved, summary.rows[2].wilson_high),
        (8, 1.0)
    );
    let versus = &summary.comparisons[1]; // DSATUR against dlx
                                          // Configurations are named as the records name them: with the budget that applied.
    assert_eq!(
        (versus.a.as_str(), versus.b.as_str()),
        ("coloring-dsatur;max_iterations=200", "dlx;max_nodes=200")
    );
    for (row, run) in summary.rows.iter().zip(&study.runs) {
        assert_eq!(row.configuration, run.to_string());
    }
    // Work in each family's unit: the colouring's iterations, dlx's nodes (it counts no
    // iterations), both columns in the CSV.
    assert_eq!(summary.rows[2].work_unit(), "nodes");
    assert_eq!(summary.rows[2].iterations.median, 0.0);
    assert!(summary.rows[2].nodes.median > 0.0);
    assert_eq!(summary.rows[0].work_unit(), "iterations");
    assert!(
        summary.markdown().contains(" nodes ("),
        "{}",
        summary.markdown()
    );
    assert_eq!(versus.pairs, 8);
    assert_eq!((versus.a_only, versus.b_only), (0, 8 - versus.a_solved));
    assert_eq!(versus.a_solved, summary.rows[0].solved);
    assert!(
        versus.finding().contains("puzzles of 24 givens"),
        "{}",
        versus.finding()
    );
    // Half the records summarise the same way as far as they go.
    let half = Summary::of(&study, &records[..12]);
    assert_eq!(half.rows[0].runs, 4);
    let csv = summary.rows_csv();
    assert!(csv.starts_with("configuration,level,givens,runs,solved,rate,wilson_low,wilson_high"));
    assert!(csv.contains("dlx;max_nodes=200,,24,8,8,1.0000,"), "{csv}");
    assert!(csv.lines().next().unwrap().ends_with(",nodes_q1,nodes_q3"));
    let pairwise = summary.comparisons_csv();
    assert!(pairwise.lines().count() == 4);
    // A comparison whose effort was not compared has no p-value for it (empty), not 1.
    let header = crate::report::csv::split_row(pairwise.lines().next().unwrap());
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    for (c, line) in summary.comparisons.iter().zip(pairwise.lines().skip(1)) {
        let fields = crate::report::csv::split_row(line);
        let (p_time, p_time_holm) = (&fields[column("p_time")], &fields[column("p_time_holm")]);
        if c.finding().contains("not compared") {
            assert!(p_time.is_empty() && p_time_holm.is_empty(), "{line}");
        } else {
            assert!(p_time.parse::<f64>().is_ok(), "{line}");
        }
    }
    // With a coarse clock, time is never tested.
    let coarse = summary.clone().with_coarse_clock();
    for line in coarse.comparisons_csv().lines().skip(1) {
        let fields = crate::report::csv::split_row(line);
        assert!(fields[column("p_time")].is_empty(), "{line}");
        assert!(fields[column("finding")].contains("not compared"), "{line}");
    }
}

#[test]
fn effort_is_compared_in_evaluations_where_both_count_the_same_unit() {
    // Two exact searches (nodes) and a heuristic (iterations) on puzzles every one solves.
    let settings = Settings {
        configurations: configurations(&["dlx", "fc-mrv", "coloring-dsatur"]),
        budget: None,
        ..generated(vec![Class::Givens(36)], 8)
    };
    let study = Study::make(settings, &Sequential, 60.0).unwrap();
    let records = run_all(&study);
    let summary = Summary::of(&study, &records);
    let pair = |a: &str, b: &str| {
        summary
            .comparisons
            .iter()
            .find(|c| c.a == a && c.b == b)
            .unwrap()
            .clone()
    };
    let exact = pair("dlx", "fc-mrv");
    // The medians of each one's nodes on the runs both solved, counted again here.
    let both: Vec<(&Record, &Record)> = records
        .iter()
        .filter(|r| r.configuration == 0 && r.solved())
        .filter_map(|x| {
            let id = study.job(x.job);
            let y = records.iter().find(|y| {
                let other = study.job(y.job);
                y.configuration == 1
                    && other.puzzle == id.puzzle
                    && other.repetition == id.repetition
            })?;
            y.solved().then_some((x, y))
        })
        .collect();
    assert_eq!(exact.both_solved, both.len());
    let median = |v: Vec<f64>| stats::quantile(&stats::sorted(&v), 0.5);
    assert_eq!(
        exact.a_evaluations,
        median(both.iter().map(|p| p.0.nodes as f64).collect())
    );
    assert_eq!(
        exact.b_evaluations,
        median(both.iter().map(|p| p.1.nodes as f64).collect())
    );
    let differences: Vec<f64> = both
        .iter()
        .map(|(x, y)| x.nodes as f64 - y.nodes as f64)
        .collect();
    assert_eq!(
        exact.p_evaluations,
        stats::wilcoxon_signed_rank(&differences).1
    );
    assert!(
        exact.finding().contains("evaluations"),
        "{}",
        exact.finding()
    );
    // Nodes and iterations are not the same unit: not compared.
    let mixed = pair("dlx", "coloring-dsatur");
    assert!(mixed.a_evaluations.is_nan() && mixed.p_evaluations.is_nan());
    assert!(
        !mixed.finding().contains("evaluations"),
        "{}",
        mixed.finding()
    );
    // Holm's correction counts the tests made only: the exact pair's is its own p here.
    assert_eq!(exact.p_evaluations_holm, exact.p_evaluations);
}

#[test]
fn given_puzzles_are_grouped_by_their_level() {
    let puzzles: Vec<_> = parse_records(include_str!("../../../../../tests/data/top95.txt"))
        .into_iter()
        .take(6)
        .filter_map(|r| r.result.ok())
        .collect();
    let settings = Settings {
        source: Source::Given(puzzles),
        configurations: configurations(&["propagation", "norvig"]),
        seeds: 1,
        budget: None,
        seed: 1,
    };
    let study = Study::make(settings, &Sequential, 1.0).unwrap();
    let records = run_all(&study);
    assert!(records.iter().all(Record::solved));
    let summary = Summary::of(&study, &records);
    let groups: Vec<&str> = summary.rows.iter().map(|r| r.group.as_str()).collect();
    assert!(
        groups.iter().all(|g| Level::from_id(g).is_some()),
        "{groups:?}"
    );
    assert!(
        summary.findings()[0].contains("solve"),
        "{:?}",
        summary.findings()
    );
}

#[test]
fn bad_settings_name_their_field() {
    let mut settings = generated(vec![Class::Level(Level::Hard)], 1);
    settings.seeds = 0;
    assert_eq!(settings.check().unwrap_err(), "seeds: must be at least 1");
    settings.seeds = 1;
    settings.configurations.clear();
    assert!(settings.check().unwrap_err().starts_with("configurations:"));
    let mut small = generated(vec![Class::Level(Level::Hard)], 1);
    small.source = Source::Generated {
        size: Size::FOUR,
        classes: vec![Class::Level(Level::Hard)],
        count: 1,
        symmetry: Symmetry::None,
    };
    assert!(small
        .check()
        .unwrap_err()
        .contains("4×4 puzzles never need more than singles"));
    let mut few = generated(vec![Class::Givens(12)], 1);
    assert!(few
        .check()
        .unwrap_err()
        .contains("population: no unique 9×9 puzzle has 12 givens"));
    few.source = Source::Given(Vec::new());
    assert_eq!(few.check().unwrap_err(), "population: no puzzle to run on");
    assert!(Class::parse_list("easy,22-24").unwrap().len() == 4);
    assert!(Class::parse_list("medium,x")
        .unwrap_err()
        .contains("'x' is neither"));
}
