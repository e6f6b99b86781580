//! The experiments' tests: the shared pieces, then each experiment on small settings.

use super::*;
use crate::report::{Chart, FiveNumbers, Table};
use crate::runs::{run_seed, Sequential};

#[test]
fn tables_print_as_markdown_and_csv() {
    let mut t = Table::new("demo", "Demo", &["name", "value"]);
    t.push(vec!["a, b".into(), "1.5".into()]);
    assert_eq!(t.csv(), "name,value\n\"a, b\",1.5\n");
    assert!(t.markdown().contains("|---|---:|"), "{}", t.markdown());
}

#[test]
fn the_instance_set_is_embedded_and_seeds_depend_on_coordinates() {
    let picked = mantere_koljonen(&[("easy", &["s06"]), ("expert", &["s09"])]);
    assert_eq!(picked.len(), 6);
    assert_eq!(picked[0].name, "s06a");
    assert_eq!(picked[5].class, "expert");
    assert_ne!(run_seed(1, &[0, 1]), run_seed(1, &[1, 0]));
    assert_eq!(run_seed(1, &[2, 3]), run_seed(1, &[2, 3]));
    let s = Moments::of(&[1.0, 3.0]);
    assert_eq!((s.min, s.mean, s.max, s.std_dev), (1.0, 2.0, 3.0, 1.0));
}

/// Small settings: two instances, few runs, small budgets.
fn small(instances: Vec<Instance>) -> Settings {
    Settings {
        seed: 7,
        runs: Some(2),
        budget: Some(50),
        instances: Some(instances),
    }
}

fn easy_two() -> Vec<Instance> {
    let mut picked = mantere_koljonen(&[("easy", &["s06a", "s06b"])]);
    picked[1].class = "other".into();
    picked
}

#[test]
fn every_experiment_runs_and_fills_its_tables() {
    for experiment in Experiment::ALL {
        let settings = small(easy_two());
        let report = run(experiment, &settings, &Sequential);
        assert!(!report.tables.is_empty(), "{}", experiment.id());
        for table in &report.tables {
            assert!(!table.rows.is_empty(), "{} {}", experiment.id(), table.name);
            assert!(table.rows.iter().all(|r| r.len() == table.columns.len()));
        }
        // Same seed, same report (times read 0 under Sequential).
        assert_eq!(
            report,
            run(experiment, &settings, &Sequential),
            "{}",
            experiment.id()
        );
        assert_eq!(Experiment::from_id(experiment.id()), Some(experiment));
    }
}

#[test]
fn coloring_levels_get_one_table_each_and_a_summary() {
    let report = run(Experiment::Coloring, &small(easy_two()), &Sequential);
    let names: Vec<&str> = report.tables.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "coloring-best",
            "coloring-easy",
            "coloring-other",
            "coloring-runs"
        ]
    );
    // 3 methods × 4 origins rows per level table.
    assert_eq!(report.tables[1].rows.len(), 12);
    // s06a has 36 givens: some configuration solves it within 50 constructions.
    assert!(report.tables[1]
        .rows
        .iter()
        .flat_map(|row| &row[2..])
        .any(|cell| cell.parse::<f64>().unwrap() > 0.0));
}

#[test]
fn tabu_counts_runs_until_the_wanted_successes() {
    let settings = Settings {
        runs: Some(3),
        budget: Some(10_000),
        ..small(easy_two())
    };
    let report = run(Experiment::Tabu, &settings, &Sequential);
    for row in &report.tables[0].rows {
        // Easy puzzles: every run solves, so 3 runs give 3 successes.
        assert_eq!((row[3].as_str(), row[4].as_str()), ("3", "3"), "{row:?}");
    }
}

#[test]
fn the_default_instance_sets_are_as_documented() {
    let genetic = genetic::instances();
    let mut givens: Vec<usize> = genetic.iter().map(|i| i.puzzle.given_count()).collect();
    givens.dedup();
    assert_eq!(givens, [25, 26, 29, 31]);
    assert_eq!(norvig_hardest("h").len(), 11);
    assert_eq!(mantere_koljonen(&coloring::LEVELS).len(), 12);
    let tabu = mantere_koljonen(&tabu::LEVELS);
    assert_eq!(tabu.len(), 13);
    assert_eq!(
        tabu.last().map(|i| (i.name.as_str(), i.class.as_str())),
        Some(("s16", "AI Escargot"))
    );
}

/// The page's way: jobs finish in any order (here last first), reports are asked for between
/// them; the final report is the one `run` gives, and the plan's total is then exact.
#[test]
fn a_plan_run_out_of_order_gives_the_same_report_as_run() {
    for experiment in Experiment::ALL {
        let settings = Settings {
            runs: Some(3),
            budget: Some(200),
            ..small(easy_two())
        };
        let context = Context::new(experiment, &settings);
        let mut progress = Progress::default();
        loop {
            let jobs = experiment.next_jobs(&context, &progress);
            if jobs.is_empty() {
                break;
            }
            for index in progress.issue(jobs).rev() {
                let job = progress.jobs[index].clone();
                let measures = experiment.run_job(&context, &job, &|| 0.0).unwrap();
                assert!(progress.record(index, measures));
                if index % 7 == 0 {
                    let partial = experiment.report(&context, &progress);
                    assert!(!partial.tables.is_empty(), "{}", experiment.id());
                }
            }
            assert!(progress.is_complete());
        }
        assert_eq!(
            experiment.report(&context, &progress),
            run(experiment, &settings, &Sequential),
            "{}",
            experiment.id()
        );
        assert_eq!(
            experiment.planned_jobs(&context, &progress),
            progress.jobs.len(),
            "{}",
            experiment.id()
        );
        assert_eq!(progress.finished(), progress.jobs.len());
    }
}

#[test]
fn jobs_that_name_nothing_are_refused() {
    let context = Context::new(Experiment::Coloring, &small(easy_two()));
    for job in [
        vec![],
        vec![0, 0, 0, 0],
        vec![2, 0, 0, 0, 0],
        vec![0, 3, 0, 0, 0],
    ] {
        assert_eq!(
            Experiment::Coloring.run_job(&context, &job, &|| 0.0),
            Err(BadJob(job.clone()))
        );
    }
    assert!(!Progress::default().record(0, vec![1.0]));
}

#[test]
fn pasted_instances_keep_the_valid_lines_and_name_the_others() {
    let text = b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n12345\n\xff\xfe\n";
    let (instances, invalid) = pasted_instances(text);
    assert_eq!(instances.len(), 1);
    assert_eq!(instances[0].name, "line 1");
    assert_eq!(invalid.len(), 2, "{invalid:?}");
    assert!(invalid[0].starts_with("line 2: "), "{invalid:?}");
    assert!(invalid[1].starts_with("line 3: "), "{invalid:?}");
}

#[test]
fn charts_follow_the_tables() {
    let settings = small(easy_two());
    let coloring = run(Experiment::Coloring, &settings, &Sequential);
    let Some(Chart::HeatMap {
        rows,
        columns,
        values,
        ..
    }) = coloring.charts.first()
    else {
        panic!("{:?}", coloring.charts)
    };
    assert_eq!((rows.len(), columns.len()), (12, 4));
    // The heat map's first row is the level table's first row, as numbers.
    let table_row: Vec<f64> = coloring.tables[1].rows[0][2..]
        .iter()
        .map(|c| c.parse().unwrap())
        .collect();
    let chart_row: Vec<f64> = values[0].iter().map(|v| v.unwrap()).collect();
    for (t, c) in table_row.iter().zip(&chart_row) {
        assert!((t - c).abs() < 0.05, "{table_row:?} {chart_row:?}");
    }
    let tabu = run(Experiment::Tabu, &settings, &Sequential);
    assert!(matches!(&tabu.charts[0], Chart::Boxes { groups, .. } if groups.len() == 2));
    assert_eq!(
        FiveNumbers::of(&[4.0, 1.0, 3.0, 2.0, 5.0]),
        Some(FiveNumbers {
            min: 1.0,
            q1: 2.0,
            median: 3.0,
            q3: 4.0,
            max: 5.0
        })
    );
    assert_eq!(FiveNumbers::of(&[]), None);
}

/// Every experiment module's declared spec is in the list (one left out would silently vanish
/// from the CLI and the page), and ids round-trip.
#[test]
fn every_declared_experiment_is_listed() {
    let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/src/experiment");
    let mut declared = Vec::new();
    for entry in std::fs::read_dir(folder).unwrap().flatten() {
        if entry.file_name() == "tests.rs" {
            continue;
        }
        let text = std::fs::read_to_string(entry.path()).unwrap_or_default();
        for part in text.split(": ExperimentSpec = ExperimentSpec {").skip(1) {
            let id = part
                .split("id: \"")
                .nth(1)
                .and_then(|r| r.split('"').next());
            declared.push(id.expect("a spec names its id first").to_string());
        }
    }
    assert_eq!(declared.len(), Experiment::ALL.len(), "{declared:?}");
    for id in &declared {
        let experiment = Experiment::from_id(id).unwrap_or_else(|| panic!("{id} is not listed"));
        assert_eq!(experiment.id(), id);
    }
}

/// The tables of a run not yet done (the page shows them as runs come in) show no mean of
/// nothing: a time where no run was made reads "–", not 0.000.
#[test]
fn a_report_before_its_runs_shows_no_mean_of_nothing() {
    for experiment in Experiment::ALL {
        let context = Context::new(experiment, &small(easy_two()));
        let mut progress = Progress::default();
        let jobs = experiment.next_jobs(&context, &progress);
        progress.issue(jobs);
        let report = experiment.report(&context, &progress);
        for table in &report.tables {
            for row in &table.rows {
                assert!(
                    !row.iter().any(|cell| cell.starts_with("0.000")),
                    "{}: {row:?}",
                    experiment.id()
                );
            }
        }
    }
}

/// A report that sets a paper's figures beside ours says why they differ, in a note of its own
/// (the page shows the notes above the tables).
#[test]
fn a_report_beside_a_papers_figures_says_why_ours_differ() {
    let mut with_paper = 0;
    for experiment in Experiment::ALL {
        let context = Context::new(experiment, &Settings::default());
        let report = experiment.report(&context, &Progress::default());
        let beside = report
            .tables
            .iter()
            .any(|t| t.columns.iter().any(|c| c.starts_with("paper")));
        if beside {
            with_paper += 1;
            assert!(
                report
                    .notes
                    .iter()
                    .any(|n| n.starts_with(super::WHY_OURS_DIFFER)),
                "{}: no note on why ours differ",
                experiment.id()
            );
        }
    }
    assert!(
        with_paper >= 2,
        "{with_paper} reports set a paper's figures beside ours"
    );
}
