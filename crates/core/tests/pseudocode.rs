//! Every event any registered algorithm emits is executed by one line of its pseudo-code (the
//! page highlights that line), on every size, on solvable and unsolvable puzzles, and when a
//! budget runs out; and the work counters it declares are those its runs report.

mod common;

use std::collections::BTreeSet;

use common::fixtures;
use sudoku_core::{
    line_of, Algorithm, Grid, NullObserver, ParamValue, Recorder, RunConfig, WorkCounter,
};

/// Small budgets: enough for every kind of event, quick for the slow algorithms.
fn config(algorithm: Algorithm) -> RunConfig {
    let mut config = RunConfig {
        seed: 3,
        ..RunConfig::default()
    };
    // A heuristic's iterations are moves, constructions (colouring, GRASP: with a hill climb,
    // slow on 16×16) or generations.
    let iterations = match algorithm {
        Algorithm::Grasp => 20,
        Algorithm::Genetic | Algorithm::GeneticAllDiff => 30,
        a if a.id().starts_with("coloring") => 300,
        _ => 3_000,
    };
    for (name, value) in [
        ("max_nodes", 20_000),
        ("max_iterations", iterations),
        ("population", 40),
        ("elite", 10),
    ] {
        if algorithm.param(name).is_ok() {
            config.params.set(name, ParamValue::Integer(value));
        }
    }
    config
}

/// Every size up to 16×16, hard 9×9 puzzles and one with no solution.
fn puzzles() -> Vec<Grid> {
    let mut puzzles: Vec<Grid> = fixtures("sizes.txt")
        .into_iter()
        .map(|f| f.puzzle)
        .filter(|p| p.size().n() <= 16)
        .collect();
    puzzles.extend(
        fixtures("hardest.txt")
            .into_iter()
            .take(2)
            .map(|f| f.puzzle),
    );
    puzzles.extend(
        fixtures("mantere_koljonen.txt")
            .into_iter()
            .take(2)
            .map(|f| f.puzzle),
    );
    // No solution: two clash-free givens that leave r1c3 without a digit.
    let mut dead: Grid = "12.......\n..3......\n.........\n.........\n.........\n.........\n........4\n.........\n........."
        .replace('\n', "")
        .parse()
        .unwrap();
    for (cell, v) in [
        (9 * 5 + 2, 4),
        (9 * 6 + 2, 5),
        (9 * 7 + 2, 6),
        (9 * 8 + 2, 7),
        (9 * 4 + 2, 8),
        (9 * 3 + 2, 9),
    ] {
        dead.set_given(cell, v);
    }
    assert!(dead.conflicts().is_empty());
    puzzles.push(dead);
    puzzles
}

#[test]
fn every_event_of_every_algorithm_maps_to_a_line_of_its_pseudocode() {
    let puzzles = puzzles();
    for &algorithm in Algorithm::ALL {
        let code = algorithm.pseudocode();
        assert!(code.len() >= 5, "{algorithm}: pseudo-code too short");
        // Each kind of event has one line: the highlight can never point at the wrong one.
        let marks: Vec<_> = code.iter().flat_map(|l| l.marks.iter()).collect();
        for (i, mark) in marks.iter().enumerate() {
            assert!(
                !marks[i + 1..].contains(mark),
                "{algorithm}: {mark:?} is on two lines"
            );
        }
        assert!(
            code.iter().any(|l| !l.marks.is_empty()),
            "{algorithm}: no line executes anything"
        );
        if !algorithm.available() {
            // The core alone, without the `ilp` feature: refused, and checked where it is built
            // (the workspace's tests build every feature).
            assert!(algorithm
                .run(&puzzles[0], &config(algorithm), &mut Recorder::default())
                .is_err());
            continue;
        }
        let mut seen = BTreeSet::new();
        for puzzle in &puzzles {
            let mut recorder = Recorder::default();
            algorithm
                .run(puzzle, &config(algorithm), &mut recorder)
                .unwrap();
            for event in &recorder.events {
                let line = line_of(code, event);
                assert!(
                    line.is_some(),
                    "{algorithm}: no pseudo-code line for {event:?} ({:?})",
                    event.mark()
                );
                seen.insert(line);
            }
        }
        assert!(
            seen.len() >= 2,
            "{algorithm}: its runs executed only {seen:?}"
        );
    }
}

/// [`config`], with what makes the rarer counters count on small puzzles: SAT restarting by
/// Luby's sequence on the minimal encoding (more conflicts), annealing reheating after one
/// chain without a new best.
fn counting_config(algorithm: Algorithm) -> RunConfig {
    let mut config = config(algorithm);
    match algorithm {
        Algorithm::Sat => {
            config
                .params
                .set("restarts", ParamValue::Choice("luby".into()));
            config
                .params
                .set("encoding", ParamValue::Choice("minimal".into()));
        }
        Algorithm::Annealing => {
            config.params.set("reheat_after", ParamValue::Integer(1));
            config
                .params
                .set("max_iterations", ParamValue::Integer(30_000));
        }
        _ => {}
    }
    config
}

/// The counters an algorithm's module declares are those its runs report: no other counter
/// is ever more than 0 (a page showing only the declared ones hides nothing), and each declared
/// one counts something on these puzzles (none is shown that stays 0).
#[test]
fn every_algorithm_declares_the_counters_its_runs_report() {
    let puzzles = puzzles();
    let mut unused = Vec::new();
    for &algorithm in Algorithm::ALL {
        if !algorithm.available() {
            continue;
        }
        let declared = algorithm.spec().counters;
        let mut counted = BTreeSet::new();
        for puzzle in &puzzles {
            let outcome = algorithm
                .run(puzzle, &counting_config(algorithm), &mut NullObserver)
                .unwrap();
            for field in WorkCounter::shown(&[], &outcome.stats) {
                let counter = declared.iter().find(|d| d.field() == field);
                let value = field.of(&outcome.stats);
                let counter = counter.unwrap_or_else(|| {
                    panic!(
                        "{algorithm} counts {} ({value}) but does not declare it",
                        field.name()
                    )
                });
                counted.insert(counter.name());
            }
        }
        for counter in declared {
            if !counted.contains(counter.name()) {
                unused.push(format!("{algorithm}: {}", counter.name()));
            }
        }
    }
    assert!(unused.is_empty(), "declared but never counted: {unused:?}");
}
