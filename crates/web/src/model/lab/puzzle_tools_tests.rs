//! The puzzle's own tools in the lab: Hint, the rating and Explain, Generate, and the worker's
//! words of progress while they take long.

use super::tests::{answer, lab, progress, tools, Asked};
use super::*;
use crate::protocol::SolverReply;
use std::cell::Cell;

#[test]
fn a_hint_shows_the_next_step_until_the_puzzle_changes() {
    let easy = ".4....179..2..8.54..6..5..8.8..7.91..5..9..3..19.6..4.3..4..7..57.1..2..928....6.";
    let (mut lab, _) = lab(&[("puzzle", easy)]);
    let effects = lab.apply(Action::Hint);
    let (job, puzzle) = effects.hint().expect("a hint was asked");
    assert_eq!(puzzle.to_line(), easy);
    // A late answer to another job is not the hint.
    lab.apply(Action::FromWorker {
        job: job + 100,
        message: tools::hint(&puzzle),
    });
    assert!(lab.hint.is_none());
    lab.apply(Action::FromWorker {
        job,
        message: tools::hint(&puzzle),
    });
    let hint = lab.hint.clone().expect("answered");
    assert!(!hint.text.is_empty());
    assert!(!lab.hint_cells().is_empty());
    // Typing on the board changes the puzzle: the hint goes.
    lab.apply(Action::Key {
        cell: 0,
        key: "8".into(),
    });
    assert!(lab.hint.is_none());
    assert!(lab.hint_cells().is_empty());
    // A hint the first-load worker sends back (it needs forcing chains) goes to the full one,
    // under the same job, and its answer there is the hint.
    let (job, puzzle) = lab.apply(Action::Hint).hint().unwrap();
    let request = crate::protocol::SolverRequest::Hint(puzzle.clone());
    let effects = lab.apply(Action::FromWorker {
        job,
        message: SolverReply::NeedsFullWorker,
    });
    assert_eq!(effects.resend(), Some((job, request)));
    assert!(lab.hint.is_none());
    lab.apply(Action::FromWorker {
        job,
        message: tools::hint(&puzzle),
    });
    assert!(lab.hint.is_some());
    // A full grid has no hint: the worker's words become the notice.
    let solved =
        "845632179732918654196745328683574912457291836219863547361429785574186293928357461";
    let (mut lab, _) = self::lab(&[("puzzle", solved)]);
    let (job, puzzle) = lab.apply(Action::Hint).hint().unwrap();
    lab.apply(Action::FromWorker {
        job,
        message: tools::hint(&puzzle),
    });
    assert!(lab.hint.is_none());
    assert!(
        lab.notice.as_deref().unwrap_or("").contains("full"),
        "{:?}",
        lab.notice
    );
}

/// Feeds the worker's answer to an analysis request back, as the page does.
fn answer_analysis(lab: &mut Lab, effects: &Effects) {
    let (job, puzzle) = effects.analyse().clone().expect("an analysis was asked");
    lab.apply(Action::FromWorker {
        job,
        message: tools::analyse(&puzzle, &mut |_, _| {}),
    });
}

#[test]
fn the_puzzle_is_rated_whenever_it_changes_and_explain_plays_the_logic_run() {
    let easy = ".4....179..2..8.54..6..5..8.8..7.91..5..9..3..19.6..4.3..4..7..57.1..2..928....6.";
    let (mut lab, effects) = lab(&[("puzzle", easy)]);
    // The URL's puzzle is sent to be rated at once; a stale answer is not this puzzle's.
    let (job, _) = effects.analyse().clone().expect("rated at load");
    lab.apply(Action::FromWorker {
        job: job + 50,
        message: tools::analyse(&Grid::empty(Size::NINE), &mut |_, _| {}),
    });
    assert!(lab.analysis.is_none());
    answer_analysis(&mut lab, &effects);
    let rating = lab.analysis.as_ref().expect("answered").rating.clone();
    assert!(rating.starts_with("easy "), "{rating}");
    // Nothing changed: nothing more is asked.
    assert!(lab.apply(Action::ToggleCandidates).analyse().is_none());
    // An edit: asked again, the old rating gone until the answer.
    let effects = lab.apply(Action::Key {
        cell: 0,
        key: "8".into(),
    });
    assert!(lab.analysis.is_none());
    answer_analysis(&mut lab, &effects);
    assert!(lab.analysis.is_some());
    // Clashing givens are not rated.
    let effects = lab.apply(Action::Key {
        cell: 2,
        key: "4".into(),
    });
    assert!(effects.analyse().is_none() && lab.analysis.is_none());
    let effects = lab.apply(Action::Key {
        cell: 2,
        key: "Delete".into(),
    });
    answer_analysis(&mut lab, &effects);
    // Explain: the steps in words, and the logic solver's run.
    let effects = lab.apply(Action::Explain);
    assert!(lab.show_explanation);
    assert_eq!(lab.algorithm, Algorithm::Logic);
    let steps = lab.analysis.as_ref().unwrap().steps.len();
    assert!(steps > 20);
    answer(&mut lab, effects);
    let run = lab.run.as_ref().unwrap();
    assert_eq!(run.summary.as_ref().unwrap().verified, Some(Ok(())));
    // A cancelled worker drops the request out: it is asked again.
    let effects = lab.apply(Action::NewGrid(4));
    assert!(effects.analyse().is_some());
    let effects = lab.apply(Action::Run);
    let effects_cancel = lab.apply(Action::Cancel);
    drop(effects);
    assert!(lab.analysis.is_none());
    if effects_cancel.restart_worker() {
        assert!(
            effects_cancel.analyse().is_some(),
            "the 4×4's rating is asked again"
        );
    }
}

#[test]
fn generate_asks_the_worker_and_loads_its_puzzle() {
    let (mut lab, _) = lab(&[]);
    lab.apply(Action::GenerateSet(GenerateField::Size, "4".into()));
    lab.apply(Action::GenerateSet(GenerateField::Symmetry, "90".into()));
    lab.apply(Action::GenerateSet(GenerateField::Seed, "8".into()));
    let effects = lab.apply(Action::Generate);
    let (job, request) = effects.generate().expect("asked");
    assert_eq!(
        (
            request.size,
            request.level.as_deref(),
            request.symmetry.as_str(),
            request.seed
        ),
        (4, None, "90", 8)
    );
    assert!(lab.is_generating());
    let clock = Cell::new(0.0);
    let now = || {
        clock.set(clock.get() + 1.0);
        clock.get()
    };
    let message = tools::generate(&request, &now, &|| {});
    let effects = lab.apply(Action::FromWorker { job, message });
    assert!(!lab.is_generating());
    assert_eq!(lab.size(), Size::FOUR);
    assert!(sudoku_core::generate::is_unique(&lab.puzzle));
    assert!(effects.analyse().is_some(), "the new puzzle is rated");
    // Bad requests are said: a seed that is no number, a level 4×4 cannot reach.
    lab.apply(Action::GenerateSet(GenerateField::Seed, "x".into()));
    assert!(lab.apply(Action::Generate).generate().is_none());
    assert!(lab.notice.as_deref().unwrap_or("").contains("seed"));
    lab.apply(Action::GenerateSet(GenerateField::Seed, "1".into()));
    lab.apply(Action::GenerateSet(GenerateField::Level, "hard".into()));
    let (job, request) = lab.apply(Action::Generate).generate().unwrap();
    let message = tools::generate(&request, &now, &|| {});
    lab.apply(Action::FromWorker { job, message });
    assert!(!lab.is_generating());
    assert!(lab
        .notice
        .as_deref()
        .unwrap_or("")
        .contains("never need more than singles"));
    assert!(!lab.is_generating());
}

/// The worker's words of progress stand in the rating's and the generator's place until their
/// answer, which replaces them; a new puzzle drops the old rating's.
#[test]
fn progress_is_shown_until_the_answer_comes() {
    let hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let (mut lab, effects) = lab(&[("puzzle", hard)]);
    let (job, puzzle) = effects.analyse().clone().expect("rated at load");
    let clock = Cell::new(0.0);
    let now = || {
        clock.set(clock.get() + 300.0);
        clock.get()
    };
    let mut told = Vec::new();
    let answer = progress::analyse(&puzzle, &now, &mut |r| told.push(r));
    assert!(told.len() > 1);
    for message in told {
        lab.apply(Action::FromWorker { job, message });
        let far = lab.rating_progress.as_deref().expect("progress shown");
        assert!(far.contains(" of 81 cells filled in "), "{far}");
        assert!(lab.analysis.is_none());
    }
    lab.apply(Action::FromWorker {
        job,
        message: answer,
    });
    assert!(lab.analysis.is_some() && lab.rating_progress.is_none());
    // A later word of a job no longer out is not shown.
    lab.apply(Action::FromWorker {
        job,
        message: SolverReply::Working("late".into()),
    });
    assert!(lab.rating_progress.is_none());

    lab.apply(Action::GenerateSet(GenerateField::Level, "expert".into()));
    let (job, request) = lab.apply(Action::Generate).generate().unwrap();
    lab.apply(Action::FromWorker {
        job,
        message: SolverReply::Working("2 puzzles drawn, none expert yet, 1 s so far".into()),
    });
    assert_eq!(
        lab.generate_progress.as_deref(),
        Some("2 puzzles drawn, none expert yet, 1 s so far")
    );
    let message = tools::generate(&request, &now, &|| {});
    lab.apply(Action::FromWorker { job, message });
    assert!(lab.generate_progress.is_none() && !lab.is_generating());
}
