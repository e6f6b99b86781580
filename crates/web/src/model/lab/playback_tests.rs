//! Playback within a stretch of the run (`from`, `to`, `loop`), without controls, and from mark
//! to mark: what an embed that shows "the first backtrack" over and over relies on.

use super::tests::{answer, lab, lab_from, Asked, HARD};
use super::*;
use crate::runner;
use sudoku_draw::Mark;

/// The cursor after each of `ticks` ticks.
fn cursors(lab: &mut Lab, ticks: usize) -> Vec<usize> {
    (0..ticks)
        .map(|_| {
            lab.apply(Action::Tick);
            lab.run.as_ref().unwrap().timeline.cursor()
        })
        .collect()
}

#[test]
fn a_looping_stretch_plays_from_its_start_to_its_end_again_and_again() {
    let (mut lab, effects) = lab_from(&format!(
        "?puzzle={HARD}&algorithm=backtracking&from=30&to=130&loop=1&run=1"
    ));
    assert!(lab.playing);
    answer(&mut lab, effects);
    assert_eq!(
        lab.run.as_ref().unwrap().timeline.cursor(),
        30,
        "the run's events show the stretch's start before any tick"
    );
    // 1,000 events a second: 25 a tick, so the stretch of 100 takes 4 ticks and its end is
    // held a second (40 ticks).
    let seen = cursors(&mut lab, 200);
    assert!(seen.iter().all(|&c| (30..=130).contains(&c)), "{seen:?}");
    assert_eq!(
        seen[0], 55,
        "the first tick starts the stretch at its start"
    );
    let restarts = seen.windows(2).filter(|w| w[1] < w[0]).count();
    assert!(restarts >= 3, "{seen:?}");
    assert!(seen.windows(2).any(|w| w == [130, 30]));
    assert!(lab.playing);
    // The share link keeps the stretch.
    let link = lab.share_query().to_search();
    assert!(link.contains("from=30&to=130&loop=1"), "{link}");
}

#[test]
fn a_stretch_that_does_not_loop_stops_at_its_end_and_play_starts_it_again() {
    let (mut lab, effects) = lab(&[
        ("puzzle", HARD),
        ("algorithm", "backtracking"),
        ("from", "10"),
        ("to", "60"),
        ("run", "1"),
    ]);
    // Events arrive while playing: the cursor still never passes the stretch's end.
    let (job, request) = effects.post().unwrap();
    for message in runner::run_to_messages(&request) {
        lab.apply(Action::FromWorker { job, message });
        lab.apply(Action::Tick);
        assert!(lab.run.as_ref().unwrap().timeline.cursor() <= 60);
    }
    while lab.playing {
        lab.apply(Action::Tick);
    }
    assert_eq!(lab.run.as_ref().unwrap().timeline.cursor(), 60);
    lab.apply(Action::Play);
    assert_eq!(lab.run.as_ref().unwrap().timeline.cursor(), 10);
    // Home is the stretch's start.
    lab.apply(Action::End);
    lab.apply(Action::Home);
    assert_eq!(lab.run.as_ref().unwrap().timeline.cursor(), 10);
}

#[test]
fn a_stretch_past_the_run_is_said_and_widened() {
    let (mut lab, effects) = lab(&[("puzzle", HARD), ("to", "99999999"), ("run", "1")]);
    answer(&mut lab, effects);
    let said = lab.notice.clone().unwrap_or_default();
    assert!(
        said.starts_with("to=99999999 is past the run's end (")
            && said.ends_with("playing to its end"),
        "{said}"
    );
    while lab.playing {
        lab.apply(Action::Tick);
    }
    assert!(lab.run.as_ref().unwrap().timeline.at_end());
    let (mut lab, effects) = lab_from(&format!("?puzzle={HARD}&from=99999999&run=1"));
    answer(&mut lab, effects);
    let said = lab.notice.clone().unwrap_or_default();
    assert!(said.ends_with("playing the whole run"), "{said}");
    assert_eq!(lab.share_query().from, None);
}

#[test]
fn controls_off_is_kept_in_the_share_link() {
    let (lab, _) = lab_from(&format!("?puzzle={HARD}&controls=0&speed=30"));
    assert!(!lab.controls);
    let link = lab.share_query().to_search();
    assert!(
        link.contains("speed=30") && link.contains("controls=0"),
        "{link}"
    );
    let (lab, _) = lab_from(&format!("?puzzle={HARD}"));
    assert!(lab.controls);
    assert!(!lab.share_query().to_search().contains("controls"));
}

#[test]
fn the_mark_keys_step_from_guess_to_backtrack() {
    let (mut lab, effects) = lab(&[("puzzle", HARD), ("algorithm", "dlx"), ("run", "1")]);
    answer(&mut lab, effects);
    lab.apply(Action::Home);
    let mut kinds = Vec::new();
    let marks = lab.run.as_ref().unwrap().timeline.marks().len();
    while !kinds.contains(&Mark::Backtrack) {
        assert!(kinds.len() < marks, "the run never backtracks");
        lab.apply(Action::NextMark);
        let t = &lab.run.as_ref().unwrap().timeline;
        let (_, mark) = t.marks().iter().find(|(at, _)| *at == t.cursor()).unwrap();
        kinds.push(*mark);
    }
    assert!(!lab.playing);
    assert_eq!(kinds[0], Mark::Guess);
    let at = lab.run.as_ref().unwrap().timeline.cursor();
    lab.apply(Action::PreviousMark);
    let before = lab.run.as_ref().unwrap().timeline.cursor();
    assert!(before < at);
    lab.apply(Action::NextMark);
    assert_eq!(lab.run.as_ref().unwrap().timeline.cursor(), at);
}

#[test]
fn the_embed_snippet_plays_the_stretch_set_from_the_event_shown() {
    let (mut lab, effects) = lab_from(&format!(
        "?puzzle={HARD}&algorithm=dlx&seed=1&autoplay=0&step=40&run=1"
    ));
    answer(&mut lab, effects);
    lab.apply(Action::StretchTo);
    lab.apply(Action::Scrub(10));
    lab.apply(Action::StretchFrom);
    lab.apply(Action::ToggleLoop);
    lab.apply(Action::ToggleEmbedControls);
    let html = lab.embed_snippet("https://lab.example/");
    assert!(
        html.starts_with("<iframe src=\"https://lab.example/?puzzle="),
        "{html}"
    );
    let src = html.split('"').nth(1).unwrap().replace("&amp;", "&");
    for part in [
        "algorithm=dlx",
        "seed=1",
        "from=10",
        "to=40",
        "loop=1",
        "controls=0",
        "embed=1",
        "run=1",
    ] {
        assert!(src.contains(part), "{part} not in {src}");
    }
    assert!(
        !src.contains("step=") && !src.contains("autoplay=0"),
        "{src}"
    );
    // The page the snippet opens plays that stretch, looping.
    let (mut embedded, effects) = lab_from(&src["https://lab.example/".len()..]);
    assert_eq!(embedded.url_errors, Vec::<String>::new());
    assert!(embedded.embed && !embedded.controls && embedded.playing);
    answer(&mut embedded, effects);
    let seen: Vec<usize> = (0..200)
        .map(|_| {
            embedded.apply(Action::Tick);
            embedded.run.as_ref().unwrap().timeline.cursor()
        })
        .collect();
    assert!(seen.iter().all(|c| (10..=40).contains(c)), "{seen:?}");
    assert!(seen.windows(2).any(|w| w == [40, 10]));
    // A new end before the start keeps only the end; "whole run" clears the stretch.
    lab.apply(Action::Scrub(5));
    lab.apply(Action::StretchTo);
    assert_eq!((lab.play_from, lab.play_to), (0, Some(5)));
    lab.apply(Action::ClearStretch);
    assert_eq!((lab.play_from, lab.play_to), (0, None));
    assert!(!lab.share_query().to_search().contains("to="));
}

#[test]
fn export_hands_the_dialog_the_run_its_step_stretch_and_view() {
    let (mut lab, _) = lab_from(&format!("?puzzle={HARD}&algorithm=dlx&seed=3"));
    lab.apply(Action::Export);
    assert_eq!(lab.export_request(), None, "no run: nothing to export");
    assert!(lab
        .notice
        .as_deref()
        .unwrap()
        .contains("run an algorithm first"));
    let (mut lab, effects) = lab_from(&format!(
        "?puzzle={HARD}&algorithm=dlx&seed=3&autoplay=0&step=40&from=10&to=90&view=graph&run=1"
    ));
    answer(&mut lab, effects);
    lab.apply(Action::Export);
    let handed: crate::protocol::export::ExportRequest =
        serde_json::from_str(lab.export_request().expect("the dialog opens")).unwrap();
    assert_eq!(
        Some(&handed.run),
        lab.run.as_ref().unwrap().settings.as_ref()
    );
    assert_eq!(handed.run.seed, 3);
    assert_eq!((handed.step, handed.from, handed.to), (40, 10, Some(90)));
    assert_eq!(handed.view, "graph");
    assert!(!lab.playing, "the run waits while the dialog is open");
    lab.apply(Action::CloseExport);
    assert_eq!(lab.export_request(), None);
    // A new run closes a dialog left open on the last one.
    lab.apply(Action::Export);
    assert!(lab.export_request().is_some());
    let effects = lab.apply(Action::Run);
    assert_eq!(lab.export_request(), None, "the dialog was the last run's");
    answer(&mut lab, effects);
    assert_eq!(lab.export_request(), None);
}
