//! The lab page's behaviour, driven through its actions (the worker's side run natively).
use super::*;
use crate::model::jobs::Order;
use crate::model::library::library;
use crate::protocol::SolverReply;
use crate::protocol::{GenerateRequest, RunRequest, SolverRequest};
use crate::runner;
/// The worker's answers about the puzzle, which the puzzle tools' tests feed back.
pub(super) use crate::worker::{progress, tools};

/// What the effects ask the worker, one kind of request at a time (the tests read them so).
pub(super) trait Asked {
    fn find<T>(&self, pick: impl Fn(&SolverRequest) -> Option<T>) -> Option<(u64, T)>;
    fn post(&self) -> Option<(u64, RunRequest)> {
        self.find(|r| match r {
            SolverRequest::Run(run) => Some(run.clone()),
            _ => None,
        })
    }
    fn hint(&self) -> Option<(u64, Grid)> {
        self.find(|r| match r {
            SolverRequest::Hint(puzzle) => Some(puzzle.clone()),
            _ => None,
        })
    }
    fn analyse(&self) -> Option<(u64, Grid)> {
        self.find(|r| match r {
            SolverRequest::Analyse(puzzle) => Some(puzzle.clone()),
            _ => None,
        })
    }
    fn generate(&self) -> Option<(u64, GenerateRequest)> {
        self.find(|r| match r {
            SolverRequest::Generate(request) => Some(request.clone()),
            _ => None,
        })
    }
    fn resend(&self) -> Option<(u64, SolverRequest)>;
    fn restart_worker(&self) -> bool;
}

impl Asked for Effects {
    fn find<T>(&self, pick: impl Fn(&SolverRequest) -> Option<T>) -> Option<(u64, T)> {
        self.jobs
            .submitted()
            .find_map(|(job, request)| pick(request).map(|t| (job, t)))
    }
    fn resend(&self) -> Option<(u64, SolverRequest)> {
        self.jobs.orders.iter().find_map(|o| match o {
            Order::ToFullWorker { job, request } => Some((*job, request.clone())),
            _ => None,
        })
    }
    fn restart_worker(&self) -> bool {
        self.jobs.cancels_all()
    }
}

pub(super) const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

pub(super) fn lab(pairs: &[(&str, &str)]) -> (Lab, Effects) {
    Lab::new(Query::parse(pairs.iter().copied()), library(), 42)
}

/// The lab a link opens.
pub(super) fn lab_from(search: &str) -> (Lab, Effects) {
    Lab::new(Query::from_search(search), library(), 42)
}

/// Runs a posted request natively, as the worker would, and feeds every message back.
pub(super) fn answer(lab: &mut Lab, effects: Effects) {
    let (job, request) = effects.post().expect("a run was posted");
    for message in runner::run_to_messages(&request) {
        lab.apply(Action::FromWorker { job, message });
    }
}

fn line(values: &[u8]) -> String {
    values
        .iter()
        .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
        .collect()
}

#[test]
fn the_url_loads_runs_and_plays_to_the_verified_solution() {
    let (mut lab, effects) = lab(&[
        ("puzzle", HARD),
        ("algorithm", "dlx"),
        ("seed", "7"),
        ("run", "1"),
    ]);
    assert!(lab.playing && lab.is_running());
    answer(&mut lab, effects);
    let run = lab.run.as_ref().unwrap();
    assert_eq!(run.summary.as_ref().unwrap().verified, Some(Ok(())));
    assert!(run.timeline.len() > 10);
    // The ticker plays it through and stops at the end.
    let mut ticks = 0;
    while lab.playing {
        lab.apply(Action::Tick);
        ticks += 1;
        assert!(ticks < 100_000);
    }
    let run = lab.run.as_ref().unwrap();
    assert!(run.timeline.at_end());
    assert_eq!(
        run.values(),
        run.summary.as_ref().unwrap().outcome.grid.values()
    );
    let share = lab.share_query().to_search();
    assert!(share.contains("algorithm=dlx") && share.contains("seed=7") && share.contains(HARD));
    assert_eq!(lab.run.as_ref().unwrap().outcome(), Some("verified"));
    let compare = lab.compare_query();
    assert_eq!(entries(&compare), ["dlx", "backtracking"]);
    assert_eq!(compare.seed, Some(7));
}

fn entries(query: &Query) -> Vec<String> {
    query.compare.iter().map(|e| e.to_text()).collect()
}

#[test]
fn compare_with_opens_beside_what_the_configuration_is_best_set_beside() {
    // A heuristic beside itself with two more seeds: its runs differ by seed.
    let (annealing, _) = lab(&[
        ("algorithm", "annealing"),
        ("seed", "4"),
        ("p.cooling", "0.95"),
    ]);
    let compare = annealing.compare_query();
    assert_eq!(
        entries(&compare),
        [
            "annealing;cooling=0.95",
            "annealing;cooling=0.95;seed=5",
            "annealing;cooling=0.95;seed=6"
        ]
    );
    assert_eq!(compare.seed, Some(4));
    // Backtracking beside what forward checking and MRV save; an exact solver beside backtracking.
    let (backtracking, _) = lab(&[("algorithm", "backtracking")]);
    assert_eq!(
        entries(&backtracking.compare_query()),
        ["backtracking", "fc-mrv"]
    );
    let (logic, _) = lab(&[("algorithm", "logic")]);
    assert_eq!(entries(&logic.compare_query()), ["logic", "backtracking"]);
    // The address reads back as the same configurations.
    let search = logic.compare_query().to_search();
    let read = Query::from_search(&search);
    assert_eq!(entries(&read), ["logic", "backtracking"]);
}

#[test]
fn step_back_and_forth_and_scrub_pause_playback() {
    let (mut lab, effects) = lab(&[("puzzle", HARD), ("algorithm", "norvig"), ("run", "1")]);
    answer(&mut lab, effects);
    lab.apply(Action::Scrub(0));
    assert!(!lab.playing);
    lab.apply(Action::Step);
    lab.apply(Action::Step);
    lab.apply(Action::Step);
    lab.apply(Action::StepBack);
    let t = &lab.run.as_ref().unwrap().timeline;
    assert_eq!(t.cursor(), 2);
    let after_two = t.values().to_vec();
    lab.apply(Action::End);
    lab.apply(Action::Home);
    lab.apply(Action::Step);
    lab.apply(Action::Step);
    assert_eq!(lab.run.as_ref().unwrap().timeline.values(), &after_two[..]);
    lab.apply(Action::TogglePlay);
    assert!(lab.playing);
    lab.apply(Action::TogglePlay);
    assert!(!lab.playing);
    // Play at the end starts over.
    lab.apply(Action::End);
    lab.apply(Action::Play);
    assert_eq!(lab.run.as_ref().unwrap().timeline.cursor(), 0);
}

#[test]
fn a_url_step_is_shown_once_the_run_is_in_and_does_not_autoplay() {
    let (mut lab, effects) = lab(&[("puzzle", HARD), ("step", "5"), ("run", "1")]);
    assert!(!lab.playing);
    answer(&mut lab, effects);
    assert_eq!(lab.run.as_ref().unwrap().timeline.cursor(), 5);
    assert_eq!(lab.share_query().step, Some(5));
    // The share link reopens the run at the same event, paused.
    let link = lab.share_query().to_search();
    assert!(link.contains("run=1") && link.contains("step=5"), "{link}");
    let (mut again, effects) = lab_from(&link);
    answer(&mut again, effects);
    assert!(!again.playing);
    let (a, b) = (
        &lab.run.as_ref().unwrap().timeline,
        &again.run.as_ref().unwrap().timeline,
    );
    assert_eq!((b.cursor(), b.values()), (a.cursor(), a.values()));
    // No run, no run in the link.
    let (idle, _) = lab_from(&format!("puzzle={HARD}"));
    assert!(!idle.share_query().run);
}

#[test]
fn a_url_step_past_the_end_is_said_and_a_new_puzzle_clears_old_notices() {
    let (mut lab, effects) = lab(&[("puzzle", HARD), ("step", "99999"), ("run", "1")]);
    answer(&mut lab, effects);
    let t = &lab.run.as_ref().unwrap().timeline;
    assert!(t.at_end());
    let notice = lab.notice.clone().unwrap_or_default();
    assert!(
        notice.starts_with("step=99999 is past the run's end ("),
        "{notice}"
    );
    // A bad puzzle's notice goes once another puzzle is loaded.
    let clashing = format!("4....4{}", &HARD[6..]);
    lab.apply(Action::Text(clashing));
    lab.apply(Action::LoadText);
    lab.apply(Action::Run);
    let said = lab.notice.clone().unwrap_or_default();
    assert!(said.starts_with("fix the puzzle first"), "{said}");
    lab.apply(Action::Text(HARD.into()));
    lab.apply(Action::LoadText);
    assert_eq!(lab.notice, None);
}

#[test]
fn cancel_replaces_the_worker_and_drops_its_late_messages() {
    let (mut lab, effects) = lab(&[("puzzle", HARD), ("run", "1")]);
    let (job, _) = effects.post().unwrap();
    let cancel = lab.apply(Action::Cancel);
    assert!(cancel.restart_worker());
    assert_eq!(lab.run.as_ref().unwrap().outcome(), Some("cancelled"));
    assert!(lab.notice.as_deref().unwrap().contains("cancelled"));
    assert!(!lab.is_running());
    let late = lab.apply(Action::FromWorker {
        job,
        message: SolverReply::Events(vec![sudoku_core::Event::Assign {
            cell: 1,
            value: 1,
            reason: sudoku_core::Reason::STEP,
        }]),
    });
    assert!(late.quiet);
    assert!(lab.run.as_ref().unwrap().timeline.is_empty());
    // The next run gets a new job id and the fresh worker.
    let again = lab.apply(Action::Run);
    let (next, _) = again.post().unwrap();
    assert!(next > job);
    assert!(!again.restart_worker(), "the worker was already replaced");
    answer(&mut lab, again);
    assert!(lab.run.as_ref().unwrap().summary.is_some());
}

#[test]
fn bad_input_is_reported_and_run_refused() {
    let (mut lab, _) = lab(&[]);
    lab.apply(Action::Text(HARD[..80].to_string()));
    lab.apply(Action::LoadText);
    assert!(lab.input_error.as_deref().unwrap().contains("80 cells"));
    let refused = lab.apply(Action::Run);
    assert!(refused.post().is_none());
    assert!(lab
        .notice
        .as_deref()
        .unwrap()
        .contains("fix the puzzle first"));
    // Clashing givens are shown on the board, marked.
    lab.apply(Action::Text(format!("44{}", &HARD[2..])));
    lab.apply(Action::LoadText);
    assert_eq!(lab.bad_cells, vec![0, 1]);
    assert_eq!(lab.puzzle.values()[..2], [4, 4]);
    // A bad parameter or seed is named; Run is refused.
    lab.apply(Action::Text(HARD.into()));
    lab.apply(Action::LoadText);
    lab.apply(Action::Param("max_nodes", "many".into()));
    assert_eq!(lab.param_errors().len(), 1);
    assert!(lab.apply(Action::Run).post().is_none());
    lab.apply(Action::Param("max_nodes", "0".into()));
    assert_eq!(lab.param_conflict(), None);
    lab.apply(Action::Seed("seven".into()));
    assert!(lab.apply(Action::Run).post().is_none());
    assert!(lab.notice.as_deref().unwrap().contains("seed 'seven'"));
}

#[test]
fn keys_edit_the_givens_and_move_the_focus() {
    let (mut lab, _) = lab(&[]);
    lab.apply(Action::NewGrid(4));
    let key = |lab: &mut Lab, cell, key: &str| {
        lab.apply(Action::Key {
            cell,
            key: key.into(),
        })
    };
    assert!(key(&mut lab, 0, "1").handled);
    assert_eq!(key(&mut lab, 0, "ArrowRight").focus, Some(1));
    key(&mut lab, 1, "2");
    assert_eq!(key(&mut lab, 1, "ArrowDown").focus, Some(5));
    key(&mut lab, 5, "3");
    key(&mut lab, 5, "Delete");
    assert!(!key(&mut lab, 5, "x").handled);
    assert!(!key(&mut lab, 5, "5").handled, "5 is not a 4×4 digit");
    assert!(!key(&mut lab, 5, "F1").handled);
    assert_eq!(line(lab.puzzle.values()), "12..............");
    assert_eq!(key(&mut lab, 0, "ArrowLeft").focus, Some(3));
    assert_eq!(key(&mut lab, 0, "ArrowUp").focus, Some(12));
    // Editing leaves a run and replaces a busy worker.
    let effects = lab.apply(Action::Run);
    assert!(effects.post().is_some());
    assert!(key(&mut lab, 2, "3").restart_worker());
    assert!(lab.run.is_none());
    // Nothing changes silently: a clash is explained, a replaced or cleared given is said.
    key(&mut lab, 3, "1");
    assert_eq!(
        lab.notice.as_deref(),
        Some("r1c4: 1 appears twice in row 1 (r1c1, r1c4)")
    );
    key(&mut lab, 3, "4");
    assert_eq!(lab.notice.as_deref(), Some("r1c4: the given 1 is now 4"));
    key(&mut lab, 3, "Delete");
    assert_eq!(lab.notice.as_deref(), Some("r1c4: the given 4 cleared"));
    key(&mut lab, 3, "4");
    assert_eq!(lab.notice, None);
}

#[test]
fn picking_an_algorithm_resets_its_parameters_and_speed_is_bounded() {
    let (mut lab, _) = lab(&[("algorithm", "genetic"), ("p.population", "50")]);
    assert_eq!(lab.params["population"], "50");
    lab.apply(Action::Param("elite", "50".into()));
    assert!(lab
        .param_conflict()
        .unwrap()
        .contains("elite = 50 must be less than population = 50"));
    assert!(
        lab.apply(Action::Run).post().is_none(),
        "the worker would refuse it"
    );
    lab.apply(Action::Pick("annealing".into()));
    assert_eq!(lab.params["cooling"], "0.99");
    assert!(!lab.params.contains_key("population"));
    lab.apply(Action::Pick("nonsense".into()));
    assert_eq!(lab.algorithm, Algorithm::Annealing);
    lab.apply(Action::SpeedBy(10));
    assert_eq!(lab.speed, 100);
    lab.apply(Action::SpeedBy(-20));
    assert_eq!(lab.speed, 0);
    assert!((lab.events_per_second() - 1.0).abs() < 1e-9);
}

#[test]
fn a_failed_request_or_worker_is_reported() {
    let (mut lab, effects) = lab(&[("puzzle", HARD), ("run", "1")]);
    let (job, _) = effects.post().unwrap();
    lab.apply(Action::FromWorker {
        job,
        message: SolverReply::Failed("unknown algorithm 'x'".into()),
    });
    assert!(lab.run.is_none());
    assert_eq!(lab.notice.as_deref(), Some("unknown algorithm 'x'"));
    let effects = lab.apply(Action::Run);
    assert!(effects.post().is_some());
    let failed = lab.apply(Action::WorkerFailed("the worker failed: oops".into()));
    assert!(failed.restart_worker());
    assert!(!lab.is_running());
    assert!(lab.notice.as_deref().unwrap().contains("fresh worker"));
}

#[test]
fn a_long_run_plays_within_thirty_seconds_unless_a_speed_was_asked_for() {
    assert_eq!(run::speed_to_play(1_000), DEFAULT_SPEED);
    assert_eq!(run::speed_to_play(10_000_000), 100);
    // Colouring's 10,000 failed constructions on the hard puzzle: hundreds of thousands of events.
    let long = [
        ("puzzle", HARD),
        ("algorithm", "coloring-bfs"),
        ("run", "1"),
    ];
    let (mut played, effects) = lab(&long);
    answer(&mut played, effects);
    let events = played.run.as_ref().unwrap().timeline.len() as f64;
    assert!(
        events > 1_000.0 * LONG_RUN_SECONDS,
        "{events} events: longer than 30 s at the default"
    );
    assert!(events / played.events_per_second() <= LONG_RUN_SECONDS);
    // The slowest speed that does: one notch slower would take longer.
    let one_slower = 10f64.powf((played.speed - 1) as f64 / 20.0);
    assert!(events / one_slower > LONG_RUN_SECONDS);
    // A short run keeps the default; a speed from the URL or the slider is kept.
    let (mut short, effects) = lab(&[("puzzle", HARD), ("algorithm", "dlx"), ("run", "1")]);
    answer(&mut short, effects);
    assert_eq!(short.speed, DEFAULT_SPEED);
    let (mut asked, effects) = lab(&[long[0], long[1], long[2], ("speed", "40")]);
    answer(&mut asked, effects);
    assert_eq!(asked.speed, 40);
}
