//! The compare page's behaviour, driven through its actions (the workers' side run natively).
use super::*;
use crate::protocol::RunRequest;
use crate::runner;
use std::cell::Cell;

const EASY: &str =
    ".4....179..2..8.54..6..5..8.8..7.91..5..9..3..19.6..4.3..4..7..57.1..2..928....6.";

fn compare(list: &str) -> (Compare, CompareEffects) {
    Compare::new(
        Query::parse([
            ("compare", list),
            ("puzzle", EASY),
            ("seed", "1"),
            ("run", "1"),
        ]),
        9,
    )
}

/// The runs the effects submit.
fn runs(effects: &CompareEffects) -> Vec<(u64, RunRequest)> {
    effects
        .jobs
        .submitted()
        .map(|(job, request)| match request {
            SolverRequest::Run(run) => (job, run.clone()),
            other => panic!("not a run: {other:?}"),
        })
        .collect()
}

/// Runs every submitted job natively, as the pool's workers would, in `order`.
fn answer(compare: &mut Compare, effects: &CompareEffects, order: &[usize]) {
    for &k in order {
        let (job, request) = &runs(effects)[k];
        let clock = Cell::new(0.0);
        let now = || {
            clock.set(clock.get() + 1.0);
            clock.get()
        };
        let mut messages = Vec::new();
        runner::run(request, &now, &mut |m| messages.push(m));
        for message in messages {
            compare.apply(CompareAction::FromWorker { job: *job, message });
        }
    }
}

#[test]
fn every_configuration_runs_and_the_table_sorts() {
    let (mut c, effects) =
        compare("dlx,annealing;max_iterations=2000000,genetic;generations=5,norvig;seed=4");
    assert_eq!(runs(&effects).len(), 4);
    assert_eq!(runs(&effects)[3].1.seed, 4);
    assert_eq!(runs(&effects)[0].1.seed, 1);
    answer(&mut c, &effects, &[2, 0, 3, 1]);
    let outcomes: Vec<&str> = c.lanes.iter().map(Lane::outcome).collect();
    assert_eq!(outcomes[0], "verified");
    assert_eq!(outcomes[3], "verified");
    assert_eq!(outcomes[1], "verified");
    assert!(matches!(outcomes[2], "verified" | "gave-up"));
    assert_eq!(
        c.lanes[2].generations,
        c.lanes[2]
            .summary
            .as_ref()
            .unwrap()
            .outcome
            .stats
            .iterations
    );
    // Each lane's counters where its algorithm keeps them, "–" (None) elsewhere: dlx has nodes
    // and no iterations, the GA generations and no nodes, annealing iterations.
    let metric = |lane: usize, column| c.lanes[lane].metric(column);
    assert!(metric(0, Column::Nodes).is_some());
    assert_eq!(metric(0, Column::Iterations), None);
    assert_eq!(metric(0, Column::Generations), None);
    assert_eq!(metric(2, Column::Nodes), None);
    assert_eq!(
        metric(2, Column::Iterations),
        None,
        "in the generations column"
    );
    assert!(metric(2, Column::Generations).is_some());
    assert!(metric(1, Column::Iterations).unwrap() > 0.0);
    assert_eq!(metric(1, Column::Nodes), None);
    // Sorting by events, then the other way.
    for ascending in [true, false] {
        c.apply(CompareAction::Sort(Column::Events));
        let events: Vec<usize> = c
            .order()
            .iter()
            .map(|&i| c.lanes[i].timeline.len())
            .collect();
        let sorted = events.windows(2).all(|w| {
            if ascending {
                w[0] <= w[1]
            } else {
                w[0] >= w[1]
            }
        });
        assert!(sorted, "{events:?}");
    }
    // Annealing reports temperature steps, the GA generations: two charts.
    let titles: Vec<&str> = c.charts().iter().map(|p| p.title).collect();
    assert!(titles.contains(&"fitness per generation"), "{titles:?}");
    assert!(titles.contains(&"cost per temperature step"), "{titles:?}");
    let share = c.share_query().to_search();
    assert!(
        share.contains("norvig;seed=4") && share.contains("seed=1") && share.contains("run=1"),
        "{share}"
    );
}

#[test]
fn the_shared_cursor_moves_every_run_by_fraction_or_by_event() {
    let (mut c, effects) = compare("dlx,norvig");
    answer(&mut c, &effects, &[0, 1]);
    assert!(
        c.lanes.iter().all(|l| l.timeline.at_end()),
        "all in: the ends are shown"
    );
    let lens: Vec<usize> = c.lanes.iter().map(|l| l.timeline.len()).collect();
    assert_ne!(lens[0], lens[1]);
    c.apply(CompareAction::Seek(500));
    for (lane, &len) in c.lanes.iter().zip(&lens) {
        assert_eq!(lane.timeline.cursor(), (len as f64 * 0.5).round() as usize);
    }
    c.apply(CompareAction::SetPace(Pace::Own));
    let longest = *lens.iter().max().unwrap();
    let at = (longest as f64 * 0.5).round() as usize;
    for (lane, &len) in c.lanes.iter().zip(&lens) {
        assert_eq!(lane.timeline.cursor(), at.min(len));
    }
    c.apply(CompareAction::Seek(0));
    c.apply(CompareAction::Play);
    let mut ticks = 0;
    while c.playing {
        c.apply(CompareAction::Tick);
        ticks += 1;
        assert!(ticks < 100_000);
    }
    assert!(c.lanes.iter().all(|l| l.timeline.at_end()));
}

#[test]
fn cancel_and_late_messages() {
    let (mut c, effects) = compare("dlx,backtracking");
    let cancel = c.apply(CompareAction::Cancel(1));
    assert_eq!(cancel.jobs.cancelled(), vec![runs(&effects)[1].0]);
    answer(&mut c, &effects, &[0, 1]);
    assert_eq!(c.lanes[1].outcome(), "cancelled");
    assert!(
        c.lanes[1].timeline.is_empty(),
        "its late messages were dropped"
    );
    assert_eq!(c.lanes[0].outcome(), "verified");
    c.apply(CompareAction::Failed {
        job: runs(&effects)[0].0,
        error: "boom".into(),
    });
    assert_eq!(c.lanes[0].outcome(), "failed");
    // Running again gives every lane a new job.
    let again = c.apply(CompareAction::RunAll);
    assert!(runs(&again)
        .iter()
        .all(|(job, _)| *job > runs(&effects)[1].0));
}

#[test]
fn bad_puzzles_and_configurations_are_reported_and_nothing_runs() {
    let (c, effects) = Compare::new(
        Query::parse([("compare", "dlx,nope"), ("puzzle", "123"), ("run", "1")]),
        1,
    );
    assert!(runs(&effects).is_empty());
    assert!(c.puzzle_error.as_deref().unwrap().contains("3 cells"));
    assert!(c.errors[0].contains("unknown algorithm 'nope'"));
    assert_eq!(c.lanes.len(), 1);
    let (mut c, _) = compare("dlx");
    for _ in 0..10 {
        c.apply(CompareAction::Add(Algorithm::Norvig));
    }
    assert_eq!(c.lanes.len(), MAX_COMPARE);
    c.apply(CompareAction::Remove(0));
    assert_eq!(c.lanes.len(), MAX_COMPARE - 1);
}

#[test]
fn compare_on_many_puzzles_opens_a_study_of_the_same_configurations() {
    let (compare, _) = Compare::new(
        Query::from_search(&format!(
            "compare=dlx,coloring-bfs;origin=random;seed=9&puzzle={}",
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
        )),
        1,
    );
    let study = Query::from_search(&compare.study_query().to_search());
    assert_eq!(study.errors, Vec::<String>::new());
    assert_eq!(study.page, Some(crate::model::query::Page::Study));
    assert_eq!(study.configs, vec!["dlx", "coloring-bfs;origin=random"]);
    assert_eq!(study.generate.as_deref(), Some("9:easy,medium,hard:10"));
    // The study page takes it as it is.
    let (page, _) = crate::model::study::StudyPage::new(Query { run: true, ..study }, 1, 0.0);
    assert_eq!(page.status, crate::model::study::Status::Making);
}

/// A configuration added before anything ran waits for Run all; one added after runs at once,
/// beside the others, which are not run again; the page stops adding at its limit.
#[test]
fn an_added_configuration_runs_at_once_once_the_others_have_run() {
    let (mut c, _) = Compare::new(
        Query::parse([("compare", "dlx"), ("puzzle", EASY), ("seed", "1")]),
        9,
    );
    let effects = c.apply(CompareAction::Add(Algorithm::Norvig));
    assert!(runs(&effects).is_empty(), "nothing has run: it waits");
    assert!(!c.share_query().run, "its link opens it waiting too");
    assert_eq!(c.lanes[1].outcome(), "waiting");
    let effects = c.apply(CompareAction::RunAll);
    assert_eq!(runs(&effects).len(), 2);
    answer(&mut c, &effects, &[0, 1]);
    let effects = c.apply(CompareAction::Add(Algorithm::Backtracking));
    let added = runs(&effects);
    assert_eq!(added.len(), 1, "only the new configuration runs");
    assert!(c
        .share_query()
        .to_search()
        .contains("compare=dlx,norvig,backtracking"));
    assert_eq!(added[0].1.algorithm, Algorithm::Backtracking);
    assert_eq!(added[0].1.seed, 1);
    answer(&mut c, &effects, &[0]);
    let outcomes: Vec<&str> = c.lanes.iter().map(Lane::outcome).collect();
    assert_eq!(outcomes, ["verified"; 3]);
    for lane in &c.lanes {
        let grid = lane.timeline.values().to_vec();
        assert!(!grid.contains(&0), "{}: its board is filled", lane.label());
    }
    while c.lanes.len() < MAX_COMPARE {
        c.apply(CompareAction::Add(Algorithm::Dlx));
    }
    assert!(runs(&c.apply(CompareAction::Add(Algorithm::Dlx))).is_empty());
    assert_eq!(c.lanes.len(), MAX_COMPARE);
}
