//! The timeline: seeking anywhere equals a straight replay; progress and narration follow the
//! cursor.

use super::*;
use sudoku_core::{Algorithm, NullObserver, Recorder, RunConfig};

const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn recorded(algorithm: Algorithm) -> (Grid, Vec<Event>, Grid) {
    let puzzle: Grid = HARD.parse().unwrap();
    let mut recorder = Recorder::default();
    let mut config = RunConfig::default();
    config
        .params
        .set("max_nodes", sudoku_core::ParamValue::Integer(20_000));
    let outcome = algorithm.run(&puzzle, &config, &mut recorder).unwrap();
    (puzzle, recorder.events, outcome.grid)
}

#[test]
fn playing_to_the_end_shows_the_solution() {
    let (puzzle, events, solution) = recorded(Algorithm::Dlx);
    let mut t = Timeline::new(&puzzle);
    t.extend(events.iter().copied());
    while t.forward(1000) > 0 {}
    assert!(t.at_end());
    assert_eq!(t.values(), solution.values());
}

#[test]
fn seeking_back_and_forth_matches_a_straight_replay() {
    let (puzzle, events, _) = recorded(Algorithm::Backtracking);
    assert!(events.len() > 3 * CHECKPOINT, "needs several checkpoints");
    let mut t = Timeline::new(&puzzle);
    t.extend(events.iter().copied());
    for target in [
        events.len(),
        5,
        2 * CHECKPOINT + 17,
        CHECKPOINT,
        0,
        events.len() - 1,
        3,
    ] {
        t.seek(target);
        let straight = Replay::after(&puzzle, &events[..target]);
        assert_eq!(t.cursor(), target);
        assert_eq!(t.values(), &straight.values[..], "at {target}");
        assert_eq!(t.candidates(), straight.allowed(), "at {target}");
    }
}

#[test]
fn events_arriving_during_playback_are_appended() {
    let (puzzle, events, solution) = recorded(Algorithm::Propagation);
    let mut t = Timeline::new(&puzzle);
    for chunk in events.chunks(7) {
        t.extend(chunk.iter().copied());
        t.forward(5);
    }
    t.seek(usize::MAX);
    assert_eq!(t.values(), solution.values());
    let _ = Algorithm::Propagation.run(&puzzle, &RunConfig::default(), &mut NullObserver);
    assert!(t.narration(puzzle.size()).len() > 3);
}

/// The events of a seeded run (seed 1) that solves the puzzle.
fn solved_with_seed_1(algorithm: Algorithm, puzzle: &Grid) -> Vec<Event> {
    let mut recorder = Recorder::default();
    let config = RunConfig {
        seed: 1,
        ..RunConfig::default()
    };
    let outcome = algorithm.run(puzzle, &config, &mut recorder).unwrap();
    assert!(outcome.is_solved(), "{algorithm}");
    recorder.events
}

#[test]
fn progress_shows_the_whole_run_with_the_cursor_and_is_sampled() {
    let puzzle: Grid =
        ".4....179..2..8.54..6..5..8.8..7.91..5..9..3..19.6..4.3..4..7..57.1..2..928....6."
            .parse()
            .unwrap();
    let events = solved_with_seed_1(Algorithm::Annealing, &puzzle);
    let steps = events
        .iter()
        .filter(|e| matches!(e, Event::Temperature { .. }))
        .count();
    assert!(steps > 10, "{steps} temperature steps");
    let mut t = Timeline::new(&puzzle);
    assert_eq!(t.progress(50), None);
    t.extend(events.iter().copied());
    // The whole curve shows from the start, the cursor before its first point.
    t.seek(0);
    let start = t.progress(10).unwrap();
    assert!(start.series.iter().all(|s| s.at.is_none()));
    t.seek(usize::MAX);
    let all = t.progress(10).unwrap();
    assert_eq!(all.series.len(), 2);
    assert_eq!(start.series[1].points, all.series[1].points);
    let best = &all.series[1];
    assert!(best.points.len() <= 11 && best.points.len() >= 2);
    // The best cost never rises, and the last point is the last step, where the cursor is.
    assert!(best.points.windows(2).all(|w| w[1].1 <= w[0].1));
    assert_eq!(best.points.last().unwrap().0, steps as f64);
    assert_eq!(all.cursors(), vec![Some(steps as f64); 2]);
    // Halfway, the cursor is on the step of the last temperature event played.
    let half = events.len() / 2;
    t.seek(half);
    let played = events[..half]
        .iter()
        .filter(|e| matches!(e, Event::Temperature { .. }))
        .count();
    assert!(played > 0 && played < steps);
    assert_eq!(t.progress(10).unwrap().series[0].at, Some(played as f64));
}

#[test]
fn every_event_of_a_run_has_its_pseudocode_line_and_narration() {
    let (puzzle, events, _) = recorded(Algorithm::Norvig);
    let code = Algorithm::Norvig.pseudocode();
    let mut t = Timeline::new(&puzzle);
    t.extend(events.iter().copied());
    assert_eq!(t.current_line(code), None);
    let mut rules = std::collections::BTreeSet::new();
    while t.forward(1) == 1 {
        let line = t.current_line(code).expect("every event has a line");
        assert!(!code[line].marks.is_empty());
        assert!(!t.narration(puzzle.size()).is_empty());
        if let Some(Event::Assign { reason, .. }) = t.current() {
            rules.insert(format!("{:?}", reason.rule));
            if reason.rule == Rule::HiddenSingle {
                // The unit it names is one of the cell's and is what the view highlights.
                let unit = t.current_unit(puzzle.size()).unwrap();
                let cell = t.current_cell().unwrap();
                assert!(puzzle.size().units_of(cell).contains(&unit));
                assert!(t.narration(puzzle.size()).contains("the only place for"));
            }
        }
    }
    assert!(
        rules.contains("HiddenSingle") && rules.contains("NakedSingle"),
        "{rules:?}"
    );
}

#[test]
fn the_depth_chart_shows_the_whole_run_with_the_cursor_and_keeps_the_deepest_dive() {
    let (puzzle, events, _) = recorded(Algorithm::Dlx);
    let deepest = events
        .iter()
        .filter_map(|e| match e {
            Event::Guess { depth, .. } => Some(*depth),
            _ => None,
        })
        .max()
        .unwrap();
    let mut t = Timeline::new(&puzzle);
    t.extend(events.iter().copied());
    t.seek(usize::MAX);
    let all = t.progress(20).unwrap();
    assert_eq!(all.title, "search depth per event");
    let points = &all.series[0].points;
    assert!(points.len() <= 24);
    assert_eq!(points.iter().map(|p| p.1 as u32).max(), Some(deepest));
    assert!(points.windows(2).all(|w| w[0].0 <= w[1].0));
    assert_eq!(points.last().unwrap().0, events.len() as f64);
    t.seek(10);
    let early = t.progress(20).unwrap();
    assert_eq!(
        early.series[0].points, *points,
        "the whole run from the start"
    );
    assert_eq!(early.series[0].at, Some(10.0));
}

/// A search's board carries the level each value was placed at: none above the open levels,
/// some above 0 while guessing, and the same whether the cursor got there by playing or seeking.
#[test]
fn values_carry_their_decision_level() {
    let (puzzle, events, _) = recorded(Algorithm::FcMrv);
    let mut t = Timeline::new(&puzzle);
    t.extend(events.iter().copied());
    assert!(t.has_guesses());
    let mut deepest = 0;
    while t.forward(1) > 0 {
        for (cell, &level) in t.placed_at().iter().enumerate() {
            if t.values()[cell] != 0 {
                assert!(level as usize <= t.depth());
                deepest = deepest.max(level);
            }
        }
    }
    assert!(deepest >= 2, "{deepest}");
    let played = t.placed_at().to_vec();
    t.seek(0);
    t.seek(events.len());
    assert_eq!(t.placed_at(), &played[..]);
}

/// The digits the rules allow in `cell` given `values` (counted here from the peers, apart from
/// the core's reckoning).
fn allowed_by_rules(size: Size, values: &[u8], cell: usize) -> u32 {
    let taken: std::collections::BTreeSet<u8> = (0..size.cells())
        .filter(|&other| other != cell && size.sees(cell, other) && values[other] != 0)
        .map(|other| values[other])
        .collect();
    (size.n() - taken.len()) as u32
}

#[test]
fn a_guess_says_how_many_digits_the_rules_allowed_and_pencil_marks_keep_the_rules() {
    // dlx and backtracking report no eliminations: their counts and marks come from the rules.
    for algorithm in [Algorithm::Dlx, Algorithm::Backtracking, Algorithm::Norvig] {
        let (puzzle, events, _) = recorded(algorithm);
        let size = puzzle.size();
        let mut t = Timeline::new(&puzzle);
        t.extend(events.iter().copied());
        let mut guesses = 0;
        for (i, event) in events.iter().enumerate().take(3_000) {
            let before = t.values().to_vec();
            let marks = t.candidates();
            for cell in (0..size.cells()).filter(|&c| before[c] == 0) {
                assert!(
                    marks[cell].count_ones() <= allowed_by_rules(size, &before, cell),
                    "{algorithm} at {i}: r{}c{} has marks a peer rules out",
                    size.row_of(cell) + 1,
                    size.col_of(cell) + 1
                );
            }
            t.forward(1);
            if let Event::Guess { cell, .. } = *event {
                let said = t.narration(size);
                let allowed = allowed_by_rules(size, &before, cell as usize);
                if algorithm == Algorithm::Norvig {
                    // Its own eliminations go further than the peers' digits: never more.
                    let k: u32 = said
                        .split(" (")
                        .nth(1)
                        .and_then(|r| r.split(' ').next())
                        .and_then(|k| k.parse().ok())
                        .unwrap_or(0);
                    assert!(
                        k <= allowed,
                        "{algorithm}: {said}, the rules allow {allowed}"
                    );
                } else {
                    assert!(
                        said.contains(&format!("({allowed} candidates)")) || allowed <= 1,
                        "{algorithm}: {said}, the rules allow {allowed}"
                    );
                }
                guesses += 1;
            }
        }
        assert!(guesses > 0, "{algorithm} guessed");
    }
}

/// An ant colony restarts every tour and measures its cycles: its chart is the open cells per
/// cycle, not the colourings' cells per construction.
#[test]
fn an_ant_colony_charts_its_cycles() {
    let puzzle: Grid = HARD.parse().unwrap();
    let events = solved_with_seed_1(Algorithm::AntColony, &puzzle);
    let cycles = events
        .iter()
        .filter(|e| matches!(e, Event::Iteration { .. }))
        .count();
    assert!(cycles >= 2, "{cycles} cycles");
    assert!(matches!(
        events
            .iter()
            .find(|e| matches!(e, Event::Restart { .. } | Event::Iteration { .. })),
        Some(Event::Restart { .. })
    ));
    let mut t = Timeline::new(&puzzle);
    t.extend(events.iter().copied());
    t.seek(usize::MAX);
    let chart = t.progress(50).unwrap();
    assert_eq!(chart.title, "cost per iteration");
    assert_eq!(chart.series[0].points.len(), cycles);
}

#[test]
fn the_marks_lead_from_guess_to_backtrack_as_a_straight_reading_finds_them() {
    let (puzzle, events, _) = recorded(Algorithm::Backtracking);
    let mut t = Timeline::new(&puzzle);
    for chunk in events.chunks(1000) {
        t.extend(chunk.iter().copied());
    }
    assert_eq!(t.marks(), &sudoku_draw::marks::marks(&events)[..]);
    assert_eq!(t.previous_mark(), None);
    // Stepping from mark to mark shows each marked event as the current one.
    let mut seen = 0;
    while let Some(at) = t.next_mark() {
        assert!(at > t.cursor());
        t.seek(at);
        assert!(matches!(
            t.current(),
            Some(Event::Guess { .. } | Event::Backtrack { .. })
        ));
        seen += 1;
    }
    assert_eq!(seen, t.marks().len());
    assert!(seen > 100, "a hard puzzle's search guesses often");
    let last = t.cursor();
    t.seek(last + 1);
    if t.cursor() > last {
        assert_eq!(t.previous_mark(), Some(last));
    }
    t.seek(last);
    assert!(t.previous_mark().unwrap() < last);
}

/// The options a guess's narration counts, as a number.
fn options_told(narration: &str) -> usize {
    let Some(start) = narration.find(" (") else {
        return 1;
    };
    let words = &narration[start + 2..];
    let words = words.strip_prefix("one of ").unwrap_or(words);
    words.split(' ').next().unwrap().parse().unwrap()
}

/// A guess is told as one of the options its algorithm chose among: for dlx, the rows of the
/// column it branched on. Where dlx leaves a choice after trying every row of it, the guesses
/// made there are exactly as many as told. Backtracking chooses cells: its guesses are told by the cell's candidates.
#[test]
fn guesses_are_told_as_one_of_the_options_their_algorithm_chose_among() {
    for algorithm in [Algorithm::Dlx, Algorithm::Backtracking] {
        let (puzzle, events, _) = recorded(algorithm);
        let mut t = Timeline::of_run(&puzzle, algorithm);
        t.extend(events.iter().copied());
        // (depth, options told, guesses made) of each open choice.
        let mut open: Vec<(u32, usize, usize)> = Vec::new();
        let (mut exhausted, mut by_place) = (0, 0);
        while t.forward(1) == 1 {
            let Some(&Event::Guess { depth, .. }) = t.current() else {
                continue;
            };
            let said = t.narration(puzzle.size());
            let told = options_told(&said);
            by_place += usize::from(said.contains(" places for "));
            while open.last().is_some_and(|&(d, _, _)| d > depth) {
                let (_, told, made) = open.pop().unwrap();
                exhausted += 1;
                if algorithm == Algorithm::Dlx {
                    assert_eq!(made, told, "a choice left after all its rows");
                } else {
                    assert!(made <= told);
                }
            }
            match open.last_mut() {
                Some((d, options, made)) if *d == depth => {
                    assert_eq!(*options, told, "{said}: the same choice");
                    *made += 1;
                }
                _ => open.push((depth, told, 1)),
            }
        }
        assert!(exhausted > 10, "{algorithm:?}: {exhausted} choices left");
        if algorithm == Algorithm::Backtracking {
            assert_eq!(by_place, 0, "backtracking chooses cells");
        }
    }
}
