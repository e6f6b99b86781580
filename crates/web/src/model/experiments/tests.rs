//! The experiments page driven as the browser drives it, with the worker's side run natively
//! (`worker::experiment`): chunks answered out of order, reports refreshed, cancel, failures.

use super::*;
use crate::protocol::ExperimentRequest;
use crate::worker::experiment;
use sudoku_core::experiment::{run as run_experiment, Context, Settings};
use sudoku_core::runs::Sequential;

fn query(text: &str) -> Query {
    let pairs: Vec<(String, String)> = text
        .split('&')
        .filter_map(|p| p.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Query::parse(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
}

/// What a worker answers to a request.
fn answer(request: &ExperimentRequest) -> ExperimentReply {
    experiment::answer(request, &|| 0.0)
}

/// Carries out effects like a pool of workers that finish the newest request first (the
/// hardest order for the page), until nothing is left; `now` advances 300 ms per answer.
fn drive(page: &mut Experiments, effects: ExperimentsEffects, now: &mut f64) -> usize {
    drive_in(page, effects, now, |waiting| waiting.len() - 1)
}

/// [`drive`] answering the request at the index `pick` chooses among those waiting.
fn drive_in(
    page: &mut Experiments,
    effects: ExperimentsEffects,
    now: &mut f64,
    pick: impl Fn(&[(u64, ExperimentRequest)]) -> usize,
) -> usize {
    let mut waiting: Vec<(u64, ExperimentRequest)> = Vec::new();
    let mut answered = 0;
    let push = |effects: ExperimentsEffects, waiting: &mut Vec<(u64, ExperimentRequest)>| {
        effects.jobs.queue_into(waiting)
    };
    push(effects, &mut waiting);
    while !waiting.is_empty() {
        let (job, request) = waiting.remove(pick(&waiting));
        *now += 300.0;
        let message = answer(&request);
        answered += 1;
        let effects = page.apply(ExperimentsAction::FromWorker {
            job,
            message,
            now: *now,
        });
        push(effects, &mut waiting);
    }
    answered
}

fn cli_report(name: &str, seed: u64, runs: usize, budget: u64) -> Report {
    let experiment = Experiment::from_id(name).unwrap();
    let settings = Settings {
        seed,
        runs: Some(runs),
        budget: Some(budget),
        instances: None,
    };
    run_experiment(experiment, &settings, &Sequential)
}

#[test]
fn a_url_run_ends_with_the_clis_report() {
    for name in ["coloring", "tabu", "filtering"] {
        let mut now = 0.0;
        let (mut page, effects) = Experiments::new(
            query(&format!(
                "page=experiments&experiment={name}&seed=5&runs=1&budget=40&run=1"
            )),
            3,
            now,
        );
        assert_eq!(page.status, Status::Running, "{name}");
        drive(&mut page, effects, &mut now);
        assert_eq!(page.status, Status::Done, "{name}");
        let run = page.run.as_ref().unwrap();
        assert_eq!(run.finished(), run.progress.jobs.len());
        assert_eq!(run.planned, run.progress.jobs.len(), "{name}");
        assert_eq!(
            page.report.as_ref(),
            Some(&cli_report(name, 5, 1, 40)),
            "{name}"
        );
        assert_eq!(run.time_left_ms(now), None);
    }
}

#[test]
fn a_report_asked_before_the_last_answers_is_not_the_final_one() {
    // A busy plan worker: the report asked for mid-run comes back after the last chunk, from a
    // progress that lacks it; the page must ask again rather than end on it.
    let mut now = 0.0;
    let (mut page, effects) = Experiments::new(
        query("page=experiments&experiment=filtering&seed=5&run=1"),
        3,
        now,
    );
    let plans_last = |waiting: &[(u64, ExperimentRequest)]| {
        waiting
            .iter()
            .position(|(_, r)| !matches!(r, ExperimentRequest::Plan(_)))
            .unwrap_or(0)
    };
    drive_in(&mut page, effects, &mut now, plans_last);
    assert_eq!(page.status, Status::Done);
    assert_eq!(
        page.report.as_ref(),
        Some(&cli_report("filtering", 5, 1, 40))
    );
}

#[test]
fn cancel_keeps_the_finished_jobs_and_drops_late_answers() {
    let mut now = 0.0;
    let (mut page, effects) = Experiments::new(
        query("page=experiments&experiment=coloring&runs=2&max_iterations=30&run=1"),
        2,
        now,
    );
    // The first plan, then two rounds of chunks answered.
    let (plan_job, plan, _) = effects.jobs.submissions().into_iter().next().unwrap();
    let effects = page.apply(ExperimentsAction::FromWorker {
        job: plan_job,
        message: answer(&plan),
        now,
    });
    let mut submitted = effects.jobs.submissions();
    assert_eq!(submitted.len(), 4, "two chunks per worker");
    let mut late = None;
    for _ in 0..2 {
        let (job, request, _) = submitted.remove(0);
        now += 10.0;
        let more = page.apply(ExperimentsAction::FromWorker {
            job,
            message: answer(&request),
            now,
        });
        submitted.extend(more.jobs.submissions());
    }
    let (late_job, late_request, _) = submitted.remove(0);
    late.replace((late_job, answer(&late_request)));
    let finished = page.run.as_ref().unwrap().finished();
    assert_eq!(finished, 2);
    let cancel = page.apply(ExperimentsAction::Cancel { now });
    assert_eq!(page.status, Status::Cancelled);
    assert_eq!(
        page.status_id(),
        "cancelling",
        "until the final report is in"
    );
    assert!(cancel.jobs.cancelled().contains(&late_job));
    // The final plan reports what finished.
    let submitted = cancel.jobs.submissions();
    let [(job, request, true)] = &submitted[..] else {
        panic!("{:?}", cancel.jobs)
    };
    page.apply(ExperimentsAction::FromWorker {
        job: *job,
        message: answer(request),
        now,
    });
    assert_eq!(page.status_id(), "cancelled");
    let report = page.report.as_ref().unwrap();
    let runs_table = report
        .tables
        .iter()
        .find(|t| t.name == "coloring-runs")
        .unwrap();
    let counted: usize = runs_table
        .rows
        .iter()
        .map(|r| r[5].parse::<usize>().unwrap())
        .sum();
    assert_eq!(
        counted, finished,
        "the report counts the finished runs only"
    );
    // A late answer of a cancelled chunk changes nothing.
    let (job, message) = late.unwrap();
    let effects = page.apply(ExperimentsAction::FromWorker { job, message, now });
    assert!(effects.jobs.is_empty());
    assert_eq!(page.run.as_ref().unwrap().finished(), finished);
    assert_eq!(page.status, Status::Cancelled);
}

#[test]
fn pasted_instances_run_the_valid_lines_and_list_the_others() {
    let mut now = 0.0;
    let (mut page, _) = Experiments::new(query("page=experiments&experiment=filtering"), 2, now);
    page.apply(ExperimentsAction::UsePasted(true));
    page.apply(ExperimentsAction::SetPasted(
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n\
         1234\n\
         ..9.....3.....9...7.....5.6..65..4.....3......28......3..75.6..6...........12.3.8\n"
            .into(),
    ));
    let effects = page.apply(ExperimentsAction::Start { now });
    drive(&mut page, effects, &mut now);
    assert_eq!(page.status, Status::Done);
    assert_eq!(page.instances, 2);
    assert_eq!(page.invalid.len(), 1);
    assert!(
        page.invalid[0].starts_with("line 2: "),
        "{:?}",
        page.invalid
    );
    assert_eq!(page.report.as_ref().unwrap().tables[1].rows.len(), 2);
}

#[test]
fn bad_settings_are_named_and_nothing_runs() {
    let (page, effects) = Experiments::new(
        query("page=experiments&experiment=alchemy&runs=0&budget=x&run=1"),
        2,
        0.0,
    );
    assert!(effects.jobs.is_empty(), "invalid URL values: no run");
    assert_eq!(page.errors.len(), 3, "{:?}", page.errors);
    assert!(page.errors[0].contains("choose one of coloring"));
    let (mut page, _) = Experiments::new(query("page=experiments"), 2, 0.0);
    page.apply(ExperimentsAction::SetRuns("-3".into()));
    let effects = page.apply(ExperimentsAction::Start { now: 0.0 });
    assert!(effects.jobs.is_empty());
    assert!(matches!(&page.status, Status::Failed(m) if m.contains("runs")));
    page.apply(ExperimentsAction::SetRuns(String::new()));
    page.apply(ExperimentsAction::UsePasted(true));
    page.apply(ExperimentsAction::Start { now: 0.0 });
    assert!(matches!(&page.status, Status::Failed(m) if m.contains("paste")));
    // A worker's refusal (too many jobs) ends the run with its message.
    page.apply(ExperimentsAction::UsePasted(false));
    page.apply(ExperimentsAction::SetExperiment(Experiment::Coloring));
    page.apply(ExperimentsAction::SetRuns("10000".into()));
    let effects = page.apply(ExperimentsAction::Start { now: 0.0 });
    let mut now = 0.0;
    drive(&mut page, effects, &mut now);
    assert!(
        matches!(&page.status, Status::Failed(m) if m.contains("at most")),
        "{:?}",
        page.status
    );
}

#[test]
fn the_url_names_the_experiment_and_round_trips() {
    let (page, _) = Experiments::new(
        query("page=experiments&experiment=tabu&seed=9&runs=3&budget=500&workers=3"),
        1,
        0.0,
    );
    assert_eq!(
        page.query().to_search(),
        "?page=experiments&experiment=tabu&runs=3&budget=500&workers=3&seed=9"
    );
    let context = Context::new(Experiment::Tabu, &Settings::default());
    assert!(!context.instances.is_empty());
}
