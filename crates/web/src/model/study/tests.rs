//! The study page driven as the pool drives it (newest request answered first): a URL's study
//! ends with the CLI's records and summary; cancel keeps what finished; mistakes are named.
use super::*;
use crate::protocol::study::settings;
use crate::worker::experiment::answer;
use sudoku_core::report::Report;
use sudoku_core::runs::Sequential;
use sudoku_core::study::ranking::RANKING_HEADER;
use sudoku_core::study::records::CSV_HEADER;

/// Answers requests newest first until nothing is left, or `stop_after` answers.
fn drive(page: &mut StudyPage, effects: StudyEffects, now: &mut f64, stop_after: usize) -> usize {
    let mut waiting: Vec<(u64, ExperimentRequest)> = Vec::new();
    let push = |effects: StudyEffects, waiting: &mut Vec<(u64, ExperimentRequest)>| {
        effects.jobs.queue_into(waiting)
    };
    push(effects, &mut waiting);
    let mut answered = 0;
    while let Some((job, request)) = waiting.pop() {
        if answered == stop_after {
            waiting.push((job, request));
            break;
        }
        *now += 100.0;
        let message = answer(&request, &|| 0.0);
        answered += 1;
        let effects = page.apply(StudyAction::FromWorker {
            job,
            message,
            now: *now,
        });
        push(effects, &mut waiting);
    }
    answered
}

const URL: &str = "page=study&generate=9:easy,30:2&configs=coloring-bfs;origin=random,dlx&seeds=2&budget=2000&seed=3&run=1";

#[test]
fn a_url_study_ends_with_the_clis_records_and_summary() {
    let mut now = 0.0;
    let (mut page, effects) = StudyPage::new(Query::from_search(URL), 2, now);
    assert_eq!(page.status, Status::Making);
    assert_eq!(page.progress(), (0, 4));
    drive(&mut page, effects, &mut now, usize::MAX);
    assert_eq!(page.status, Status::Done, "{:?}", page.status);
    assert_eq!(page.status_id(), "done");
    // The CLI's study of the same settings, in one thread.
    let setup = page.setup.clone().unwrap();
    let cli = Study::make(settings(&setup, true).unwrap(), &Sequential, 60.0).unwrap();
    let cli_records: Vec<Record> = (0..cli.jobs()).map(|k| cli.run_job(k, &|| 0.0)).collect();
    let mut csv = format!("{CSV_HEADER}\n");
    for record in &cli_records {
        csv.push_str(&cli.csv_row(record));
        csv.push('\n');
    }
    assert_eq!(page.records_csv(), csv);
    let summary = page.summary.as_ref().unwrap();
    let theirs = Summary::of(&cli, &cli_records);
    assert_eq!(summary.rows_csv(), theirs.rows_csv());
    assert_eq!(summary.comparisons_csv(), theirs.comparisons_csv());
    assert_eq!(page.progress(), (16, 16));
    assert_eq!(page.time_left_ms(now), None);
    // The page's link is the study's URL again.
    let again = Query::from_search(&page.query().to_search());
    assert_eq!(again.generate.as_deref(), Some("9:easy,30:2"));
    assert_eq!(again.configs, vec!["coloring-bfs;origin=random", "dlx"]);
    assert_eq!(
        (again.seeds, again.budget, again.seed),
        (Some(2), Some(2000), Some(3))
    );
}

#[test]
fn cancel_keeps_the_finished_runs_and_summarises_them() {
    let mut now = 0.0;
    let (mut page, effects) = StudyPage::new(Query::from_search(URL), 1, now);
    // The population (4 puzzles), then two chunks of jobs.
    let mut waiting = Vec::new();
    let mut effects = Some(effects);
    let mut answered = 0;
    while answered < 6 {
        let submitted = effects.take().map(|e| e.jobs.submissions());
        waiting.extend(
            submitted
                .unwrap_or_default()
                .into_iter()
                .map(|(j, r, _)| (j, r)),
        );
        let (job, request) = waiting.remove(0);
        let message = answer(&request, &|| 0.0);
        now += 100.0;
        effects = Some(page.apply(StudyAction::FromWorker { job, message, now }));
        answered += 1;
    }
    assert_eq!(page.status, Status::Running);
    let kept = page.records.len();
    assert!(kept > 0 && kept < 16, "{kept}");
    let cancel = page.apply(StudyAction::Cancel { now });
    assert!(
        !cancel.jobs.cancelled().is_empty(),
        "the chunks out are dropped"
    );
    assert_eq!(page.status_id(), "summarising");
    let (job, request, _) = cancel
        .jobs
        .submissions()
        .into_iter()
        .next()
        .expect("a summary asked");
    let ExperimentRequest::StudySummary(asked) = &request else {
        panic!("summary")
    };
    assert_eq!(asked.records.len(), kept);
    // A late answer of a dropped chunk changes nothing.
    for (late, request) in waiting {
        let message = answer(&request, &|| 0.0);
        page.apply(StudyAction::FromWorker {
            job: late,
            message,
            now,
        });
    }
    assert_eq!(page.records.len(), kept);
    page.apply(StudyAction::FromWorker {
        job,
        message: answer(&request, &|| 0.0),
        now,
    });
    assert_eq!(page.status_id(), "cancelled");
    let runs: usize = page
        .summary
        .as_ref()
        .unwrap()
        .rows
        .iter()
        .map(|r| r.runs)
        .sum();
    assert_eq!(runs, kept);
}

#[test]
fn mistakes_are_named_before_anything_runs() {
    let start = |url: &str| {
        let (page, effects) = StudyPage::new(Query::from_search(url), 2, 0.0);
        assert!(effects.jobs.is_empty(), "{url}");
        match page.status {
            Status::Failed(e) => e,
            other => panic!("{url}: {other:?}"),
        }
    };
    assert!(start("page=study&generate=9:tricky:3&run=1").starts_with("population: 'tricky'"));
    assert!(start("page=study&configs=quantum&run=1")
        .starts_with("configurations[0]: unknown algorithm 'quantum'"));
    assert!(start("page=study&generate=9:easy:2000&seeds=30&run=1")
        .contains("the page runs at most 50000"));
    let (mut page, _) = StudyPage::new(Query::from_search("page=study"), 2, 0.0);
    assert_eq!(page.status, Status::Idle);
    page.apply(StudyAction::SetSeeds("many".into()));
    page.apply(StudyAction::Start { now: 0.0 });
    assert!(matches!(&page.status, Status::Failed(e) if e.starts_with("seeds: 'many'")));
    page.apply(StudyAction::SetSeeds("1".into()));
    page.apply(StudyAction::UsePasted(true));
    page.apply(StudyAction::Start { now: 0.0 });
    assert!(matches!(&page.status, Status::Failed(e) if e.starts_with("population: paste")));
    // A worker's failure ends the study with its message.
    page.apply(StudyAction::UsePasted(false));
    let effects = page.apply(StudyAction::Start { now: 0.0 });
    let (job, _) = effects.jobs.submitted().next().unwrap();
    page.apply(StudyAction::Failed {
        job,
        error: "the worker crashed".into(),
        now: 1.0,
    });
    assert_eq!(page.status, Status::Failed("the worker crashed".into()));
}

#[test]
fn the_report_tables_download_as_the_clis_files() {
    let mut now = 0.0;
    let (mut page, effects) = StudyPage::new(Query::from_search(URL), 2, now);
    drive(&mut page, effects, &mut now, usize::MAX);
    let report = page.report().unwrap();
    let summary = page.summary.as_ref().unwrap();
    // The ranking first, then the summary and the pairwise tests, each shown for people and
    // downloaded as the CLI's data.
    assert_eq!(report.tables[0].name, "ranking");
    assert!(report.tables[0].csv().starts_with(RANKING_HEADER));
    assert_eq!(
        report.tables[0].rows.len(),
        page.study.as_ref().unwrap().runs.len()
    );
    assert_eq!(report.tables[1].name, "summary");
    assert_eq!(report.tables[1].csv(), summary.rows_csv());
    assert!(
        report.tables[1].rows[0][4].contains(" % ("),
        "{:?}",
        report.tables[1].rows[0]
    );
    assert_eq!(report.tables[2].name, "pairwise");
    assert_eq!(report.tables[2].csv(), summary.comparisons_csv());
    assert_eq!(
        report.charts.len(),
        6,
        "ECDF, success, time, iterations, nodes, wins"
    );
    assert!(report.charts[0].title().starts_with("Targets reached"));
    assert!(
        report.notes[0].contains("16 of 16 runs"),
        "{:?}",
        report.notes
    );
    assert!(report.notes.len() > 1, "the findings in words");
}

#[test]
fn the_report_is_made_again_only_when_what_it_reads_changes() {
    let mut now = 0.0;
    let (mut page, effects) = StudyPage::new(Query::from_search(URL), 2, now);
    drive(&mut page, effects, &mut now, usize::MAX);
    let first = page.report().unwrap();
    assert_eq!(Some(first.clone()), page.fresh_report());
    // The form alone changes: the report is the finished study's.
    page.apply(StudyAction::SetConfigurations(
        "dlx\ncoloring-dsatur".into(),
    ));
    assert_eq!(page.report(), Some(first.clone()));
    // A second study of as many runs reports itself.
    let effects = page.apply(StudyAction::Start { now });
    drive(&mut page, effects, &mut now, usize::MAX);
    assert_eq!(page.status, Status::Done, "{:?}", page.status);
    let second = page.report().unwrap();
    assert_eq!(Some(second.clone()), page.fresh_report());
    assert!(
        second.notes[0].contains("16 of 16 runs"),
        "{:?}",
        second.notes
    );
    let names = |report: &Report| -> Vec<String> {
        let mut names: Vec<String> = report.tables[0].rows.iter().map(|r| r[1].clone()).collect();
        names.sort();
        names
    };
    assert_eq!(
        names(&second),
        ["coloring-dsatur;max_iterations=2000", "dlx;max_nodes=2000"]
    );
    assert_ne!(names(&first), names(&second));
}

#[test]
fn a_race_ends_as_the_clis_race_and_its_runs_are_summarised() {
    // Annealing with one, two and 20,000 moves, ranges expanded from one line.
    let url = "page=study&generate=9:30:8&configs=annealing;max_iterations=1,annealing;max_iterations=2,dlx;max_nodes=1..3&seeds=1&seed=4&race=1&run=1";
    let mut now = 0.0;
    let (mut page, effects) = StudyPage::new(Query::from_search(url), 2, now);
    assert!(page.form.race);
    drive(&mut page, effects, &mut now, usize::MAX);
    assert_eq!(page.status, Status::Done, "{:?}", page.status);
    let setup = page.setup.clone().unwrap();
    assert_eq!(
        setup.configurations,
        [
            "annealing;max_iterations=1",
            "annealing;max_iterations=2",
            "dlx;max_nodes=1",
            "dlx;max_nodes=2",
            "dlx;max_nodes=3",
        ]
    );
    // `sudoku tune` on the same study: the same standings, tests and runs.
    let cli = Study::make(settings(&setup, true).unwrap(), &Sequential, 60.0).unwrap();
    let theirs = sudoku_core::study::race::race_study(
        &cli,
        sudoku_core::study::race::RaceSettings::default(),
        &Sequential,
        &mut |_, _| {},
    );
    let study = page.study.as_ref().unwrap();
    let run = page.race.as_ref().unwrap();
    assert_eq!(run.table(study), cli.race_table(&theirs));
    assert_eq!(run.race.tests(), theirs.tests());
    assert!(!run.race.tests().is_empty());
    assert_eq!(page.records.len(), theirs.runs());
    assert!(page.records.len() < study.jobs(), "the race saved runs");
    assert!(page.summary.is_some());
    // The link races again.
    assert!(page.query().to_search().contains("race=1"));
}

#[test]
fn a_race_line_that_does_not_expand_is_named() {
    let url = "page=study&generate=9:30:4&configs=tabu-ac3;tenure=9..x,dlx&race=1&run=1";
    let (page, _) = StudyPage::new(Query::from_search(url), 2, 0.0);
    let Status::Failed(message) = &page.status else {
        panic!("{:?}", page.status)
    };
    assert!(
        message.contains("tabu-ac3;tenure=9..x") && message.contains("not a number"),
        "{message}"
    );
}
