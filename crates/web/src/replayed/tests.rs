use std::io::Write;

use sudoku_core::recording::record;
use sudoku_core::trace::JsonTrace;
use sudoku_core::Event;

use super::*;
use crate::model::lab::{Action, Lab};
use crate::model::library::library;
use crate::model::query::Query;
use crate::protocol::SolverRequest;
use sudoku_core::{Algorithm, Grid};

const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn recorded(configuration: &str, seed: u64) -> TraceFile {
    let puzzle = Grid::parse(HARD).unwrap();
    let configuration = Configuration::parse(configuration).unwrap();
    record(&puzzle, &configuration, seed, u64::MAX).unwrap().0
}

fn replies(trace: TraceFile) -> Vec<SolverReply> {
    let mut out = Vec::new();
    play(trace, &mut |m| out.push(m));
    out
}

#[test]
fn every_form_of_a_file_reads_to_the_same_trace() {
    let trace = recorded("dlx", 2);
    let binary = trace.to_bytes();
    let json = serde_json::to_vec(&JsonTrace::from(&trace)).unwrap();
    let gzip = |bytes: &[u8]| {
        let mut out = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        out.write_all(bytes).unwrap();
        out.finish().unwrap()
    };
    for bytes in [binary.clone(), json.clone(), gzip(&binary), gzip(&json)] {
        assert_eq!(read(&bytes).unwrap(), trace);
    }
    assert!(read(b"hello")
        .unwrap_err()
        .contains("not a Sudoku Lab trace"));
    assert!(read(&gzip(&binary)[..30]).unwrap_err().contains("gzip"));
    assert!(read(b"{\"format\": 3}").unwrap_err().contains("JSON form"));
}

#[test]
fn a_played_trace_is_a_runs_replies_ending_on_its_verified_answer() {
    let trace = recorded("norvig", 1);
    let events = trace.events.clone();
    let messages = replies(trace);
    let SolverReply::Opened(opened) = &messages[0] else {
        panic!("opens with what it holds: {:?}", messages[0]);
    };
    let opened = Opened::decode(opened).expect("reads back");
    assert_eq!(opened.configuration, "norvig");
    assert_eq!(
        (opened.seed, opened.puzzle.to_line()),
        (1, HARD.to_string())
    );
    assert!(
        opened.said.contains(&format!("{} events", events.len())),
        "{}",
        opened.said
    );
    let played: Vec<Event> = messages
        .iter()
        .filter_map(|m| match m {
            SolverReply::Events(batch) => Some(batch.clone()),
            _ => None,
        })
        .flatten()
        .collect();
    assert_eq!(played, events);
    let Some(SolverReply::Done(summary)) = messages.last() else {
        panic!("ends with Done");
    };
    assert_eq!(summary.outcome_id(), "verified");
    verify_solution(&Grid::parse(HARD).unwrap(), &summary.outcome.grid).unwrap();
}

#[test]
fn a_trace_that_gave_up_says_so_with_its_budget() {
    let trace = recorded("backtracking;max_nodes=40", 1);
    assert_eq!(trace.header.outcome, "gave-up");
    let Some(SolverReply::Done(summary)) = replies(trace).pop() else {
        panic!("ends with Done");
    };
    assert_eq!(summary.outcome.status, Status::GaveUp(Limit::Nodes(40)));
    assert_eq!(summary.outcome_id(), "gave-up");
}

#[test]
fn an_unknown_configuration_still_plays_and_says_so() {
    let mut trace = recorded("dlx", 1);
    trace.header.configuration = "quantum-annealer;qubits=9".into();
    let messages = replies(trace);
    let SolverReply::Opened(opened) = &messages[0] else {
        panic!("opens");
    };
    let opened = Opened::decode(opened).expect("reads back");
    assert!(opened.said.contains("quantum-annealer"), "{}", opened.said);
    assert!(matches!(messages.last(), Some(SolverReply::Done(_))));
}

#[test]
fn a_claimed_answer_the_events_do_not_reach_is_not_called_verified() {
    let mut trace = recorded("dlx", 1);
    trace.events.truncate(trace.events.len() / 2);
    let Some(SolverReply::Done(summary)) = replies(trace).pop() else {
        panic!("ends with Done");
    };
    assert_eq!(summary.outcome_id(), "failed");
}

/// The lab opens a trace: the full worker is asked, and its replies set the puzzle, the
/// algorithm with its parameters and the seed, and play as a run.
#[test]
fn the_lab_plays_an_opened_trace_with_its_settings() {
    let (mut lab, _) = Lab::new(Query::parse(std::iter::empty()), library(), 42);
    let effects = lab.apply(Action::OpenTrace("blob:trace".into()));
    let (job, request) = effects.jobs.submitted().next().expect("a request");
    assert_eq!(request, &SolverRequest::OpenTrace("blob:trace".into()));
    assert!(request.needs_full_worker());
    for message in replies(recorded("coloring-dfs;list_size=2", 5)) {
        lab.apply(Action::FromWorker { job, message });
    }
    assert_eq!(lab.puzzle.to_line(), HARD);
    assert_eq!(lab.algorithm, Algorithm::ColoringDfs);
    assert_eq!(lab.params.get("list_size").map(String::as_str), Some("2"));
    assert_eq!(lab.seed, "5");
    assert!(lab
        .notice
        .as_ref()
        .unwrap()
        .contains("a recorded run: coloring-dfs;list_size=2, seed 5"));
    let run = lab.run.as_ref().unwrap();
    assert!(run.summary.is_some() && !run.timeline.is_empty());
    // Run again from the page's settings: the same events.
    let effects = lab.apply(Action::Run);
    let (_, request) = effects.jobs.submitted().next().unwrap();
    let SolverRequest::Run(run) = request else {
        panic!("a run");
    };
    let again = crate::runner::run_to_messages(run);
    let events: Vec<Event> = again
        .into_iter()
        .filter_map(|m| match m {
            SolverReply::Events(batch) => Some(batch),
            _ => None,
        })
        .flatten()
        .collect();
    assert_eq!(events, recorded("coloring-dfs;list_size=2", 5).events);
}

/// A link naming a recorded run (`trace_url`) opens it at once, at the link's step; the share
/// link then names the file again, and a chosen file (a blob URL) is never put in a link.
#[test]
fn a_linked_trace_opens_at_once_and_stays_in_the_share_link() {
    let url = "https://lab.example/runs/dfs.trace";
    let (mut lab, effects) = Lab::new(
        Query::from_search(&format!("?trace_url={url}&step=7&run=1")),
        library(),
        42,
    );
    let (job, _) = effects
        .jobs
        .submitted()
        .find(|(_, r)| **r == SolverRequest::OpenTrace(url.into()))
        .expect("the trace is opened");
    assert!(
        !effects
            .jobs
            .submitted()
            .any(|(_, r)| matches!(r, SolverRequest::Run(_))),
        "the trace, not a run"
    );
    for message in replies(recorded("coloring-dfs", 5)) {
        lab.apply(Action::FromWorker { job, message });
    }
    assert_eq!(lab.run.as_ref().unwrap().timeline.cursor(), 7);
    let link = lab.share_query().to_search();
    assert!(
        link.starts_with("?trace_url=https%3A%2F%2Flab.example%2Fruns%2Fdfs.trace"),
        "{link}"
    );
    assert!(link.contains("step=7") && !link.contains("run=1"), "{link}");
    let again = Query::from_search(&link);
    assert_eq!(again.trace_url.as_deref(), Some(url));
    // A file chosen on this computer: the link runs the recorded settings instead.
    let effects = lab.apply(Action::OpenTrace("blob:x".into()));
    let (job, _) = effects
        .jobs
        .submitted()
        .find(|(_, r)| matches!(r, SolverRequest::OpenTrace(_)))
        .unwrap();
    for message in replies(recorded("coloring-dfs", 5)) {
        lab.apply(Action::FromWorker { job, message });
    }
    let link = lab.share_query().to_search();
    assert!(
        !link.contains("trace_url") && link.contains("run=1"),
        "{link}"
    );
}

#[test]
fn a_file_that_does_not_open_is_said_and_the_page_keeps_its_puzzle() {
    let (mut lab, _) = Lab::new(Query::parse(std::iter::empty()), library(), 42);
    let before = lab.puzzle.clone();
    let effects = lab.apply(Action::OpenTrace("blob:x".into()));
    let (job, _) = effects.jobs.submitted().next().unwrap();
    let message = SolverReply::Failed(format!(
        "the trace file does not open: {}",
        read(b"junk").unwrap_err()
    ));
    lab.apply(Action::FromWorker { job, message });
    assert_eq!(lab.puzzle, before);
    assert!(lab.run.is_none());
    let notice = lab.notice.clone().unwrap();
    assert!(
        notice.starts_with("the trace file does not open: not a Sudoku Lab trace"),
        "{notice}"
    );
}

#[test]
fn a_recorded_give_up_reads_back_as_the_limit_its_words_name() {
    use sudoku_core::solve::{Limit, Status};
    for make in Limit::EVERY {
        for n in [1, 1_000] {
            let gave_up = Status::GaveUp(make(n));
            let words = format!("unsolved: {gave_up}");
            assert_eq!(super::status("gave-up", &words), gave_up, "{words}");
        }
    }
}

/// "Save the run": the full worker records the run shown again from its settings; the file holds
/// the events the page played, and the page downloads it under the run's name.
#[test]
fn a_saved_run_holds_the_events_the_page_played() {
    let (mut lab, effects) = Lab::new(
        Query::from_search(&format!(
            "?puzzle={HARD}&algorithm=tabu-alldiff&seed=9&run=1"
        )),
        library(),
        42,
    );
    let (job, request) = effects
        .jobs
        .submitted()
        .find_map(|(job, r)| match r {
            SolverRequest::Run(run) => Some((job, run.clone())),
            _ => None,
        })
        .unwrap();
    for message in crate::runner::run_to_messages(&request) {
        lab.apply(Action::FromWorker { job, message });
    }
    let effects = lab.apply(Action::SaveRun);
    let (job, asked) = effects
        .jobs
        .submitted()
        .find(|(_, r)| matches!(r, SolverRequest::Save(_)))
        .unwrap();
    assert!(asked.needs_full_worker());
    let SolverRequest::Save(settings) = asked else {
        unreachable!()
    };
    let trace = super::recorded(settings).unwrap();
    assert!(trace.header.configuration.starts_with("tabu-alldiff;"));
    assert_eq!(trace.header.seed, 9);
    let played = lab.run.as_ref().unwrap();
    assert_eq!(trace.events.len(), played.timeline.len());
    let reread = TraceFile::from_bytes(&trace.to_bytes()).unwrap();
    assert_eq!(reread.events, trace.events);
    // The worker's answer becomes a download under its name, and is said.
    let effects = lab.apply(Action::FromWorker {
        job,
        message: SolverReply::Saved {
            url: "blob:saved".into(),
            name: "tabu-alldiff-seed9.trace".into(),
        },
    });
    assert_eq!(
        effects.download,
        Some(("blob:saved".into(), "tabu-alldiff-seed9.trace".into()))
    );
    assert!(lab
        .notice
        .as_deref()
        .unwrap()
        .starts_with("saved as tabu-alldiff-seed9.trace"));
    // No run yet: nothing to save, and said.
    let (mut idle, _) = Lab::new(Query::parse(std::iter::empty()), library(), 42);
    let effects = idle.apply(Action::SaveRun);
    assert_eq!(effects.jobs.submitted().count(), 0);
    assert_eq!(
        idle.notice.as_deref(),
        Some("no run to save: run an algorithm first")
    );
}
