//! The page's player: the events received so far and a cursor. The board shown is the state after
//! `cursor` events, rebuilt with the core's [`Replay`]; checkpoints every [`CHECKPOINT`] events
//! make seeking backwards cheap. Kept free of browser types so it is tested natively.

use sudoku_core::{line_of, Event, Grid, Line, Replay, Rule, Size};

use super::narration::narrate;

/// Events between two saved states.
pub const CHECKPOINT: usize = 4_096;

/// One line of the progress chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: String,
    pub points: Vec<(f64, f64)>,
}

/// What the progress chart shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    pub title: &'static str,
    pub x_label: &'static str,
    pub series: Vec<Series>,
}

pub struct Timeline {
    events: Vec<Event>,
    /// The summary events (restarts, iterations, generations, temperature steps) with their
    /// index in `events`: what the progress chart draws.
    summaries: Vec<(usize, Event)>,
    cursor: usize,
    replay: Replay,
    /// `checkpoints[i]` = the state after `i * CHECKPOINT` events.
    checkpoints: Vec<Replay>,
    /// (events applied, search depth then) at every guess, backtrack and restart: the depth
    /// chart of the exact solvers.
    depths: Vec<(usize, u32)>,
    /// A cell entered a frontier (colouring runs keep a queue or a stack).
    has_frontier: bool,
}

impl Timeline {
    pub fn new(puzzle: &Grid) -> Timeline {
        let replay = Replay::new(puzzle);
        Timeline {
            events: Vec::new(),
            summaries: Vec::new(),
            cursor: 0,
            checkpoints: vec![replay.clone()],
            replay,
            depths: Vec::new(),
            has_frontier: false,
        }
    }

    /// Appends received events (the cursor does not move).
    pub fn extend(&mut self, events: impl IntoIterator<Item = Event>) {
        for event in events {
            if !event.is_cell_detail() {
                self.summaries.push((self.events.len(), event));
            }
            let depth = match event {
                Event::Guess { depth, .. } => Some(depth),
                Event::Backtrack { depth } => Some(depth.saturating_sub(1)),
                Event::Restart { .. } => Some(0),
                _ => None,
            };
            self.has_frontier |= matches!(event, Event::Push { .. });
            self.events.push(event);
            if let Some(depth) = depth {
                self.depths.push((self.events.len(), depth));
            }
        }
    }

    /// The heuristic's progress up to the cursor, as chart series: cost and best cost per
    /// iteration or temperature step, best/mean/worst fitness per generation, or cells coloured
    /// per failed construction. At most `max_points` points per series (evenly sampled, the last
    /// one always kept). `None` when the run reports no such summary.
    pub fn progress(&self, max_points: usize) -> Option<Progress> {
        if self.summaries.is_empty() {
            return self.depth_progress(max_points);
        }
        let shown = self.summaries.partition_point(|(i, _)| *i < self.cursor);
        let summaries = &self.summaries[..shown];
        // The first summary says which kind of progress the run reports.
        let first = &self.summaries.first()?.1;
        let kind = std::mem::discriminant(first);
        let points: Vec<&Event> = summaries
            .iter()
            .map(|(_, e)| e)
            .filter(|e| std::mem::discriminant(*e) == kind)
            .collect();
        let stride = points.len().div_ceil(max_points.max(1)).max(1);
        let sampled: Vec<&Event> = points
            .iter()
            .enumerate()
            .filter(|(i, _)| i % stride == 0 || i + 1 == points.len())
            .map(|(_, e)| *e)
            .collect();
        let series = |name: &'static str, value: &dyn Fn(&Event) -> Option<(f64, f64)>| Series {
            name: name.to_string(),
            points: sampled.iter().filter_map(|e| value(e)).collect(),
        };
        Some(match first {
            Event::Iteration { .. } => Progress {
                title: "cost per iteration",
                x_label: "iteration",
                series: vec![
                    series("cost", &|e| match *e {
                        Event::Iteration {
                            iteration, cost, ..
                        } => Some((iteration as f64, cost as f64)),
                        _ => None,
                    }),
                    series("best", &|e| match *e {
                        Event::Iteration {
                            iteration, best, ..
                        } => Some((iteration as f64, best as f64)),
                        _ => None,
                    }),
                ],
            },
            Event::Temperature { .. } => Progress {
                title: "cost per temperature step",
                x_label: "temperature step",
                series: vec![
                    series("cost", &|e| match *e {
                        Event::Temperature { step, cost, .. } => Some((step as f64, cost as f64)),
                        _ => None,
                    }),
                    series("best", &|e| match *e {
                        Event::Temperature { step, best, .. } => Some((step as f64, best as f64)),
                        _ => None,
                    }),
                ],
            },
            Event::Generation { .. } => Progress {
                title: "fitness per generation",
                x_label: "generation",
                series: ["best", "mean", "worst"]
                    .into_iter()
                    .enumerate()
                    .map(|(k, name)| {
                        series(name, &move |e: &Event| match *e {
                            Event::Generation {
                                generation,
                                best,
                                mean,
                                worst,
                            } => Some((generation as f64, [best, mean, worst][k] as f64)),
                            _ => None,
                        })
                    })
                    .collect(),
            },
            _ => Progress {
                title: "cells coloured per failed construction",
                x_label: "construction",
                series: vec![series("coloured", &|e| match *e {
                    Event::Restart {
                        attempt, progress, ..
                    } => Some((attempt as f64 - 1.0, progress as f64)),
                    _ => None,
                })],
            },
        })
    }

    /// A search's depth over the events up to the cursor (the deepest level of each of at most
    /// `max_points` stretches, so no dive is hidden by the sampling). `None` for a run without
    /// guesses.
    fn depth_progress(&self, max_points: usize) -> Option<Progress> {
        if self.depths.is_empty() {
            return None;
        }
        let shown = &self.depths[..self.depths.partition_point(|(i, _)| *i <= self.cursor)];
        let stride = shown.len().div_ceil(max_points.max(1)).max(1);
        let mut points: Vec<(f64, f64)> = vec![(0.0, 0.0)];
        points.extend(shown.chunks(stride).map(|chunk| {
            let (at, depth) = chunk
                .iter()
                .max_by_key(|(_, d)| *d)
                .copied()
                .unwrap_or_default();
            (at as f64, depth as f64)
        }));
        if let Some(&(at, depth)) = shown.last() {
            points.push((at as f64, depth as f64));
        }
        points.push((self.cursor as f64, self.depth() as f64));
        points.dedup();
        Some(Progress {
            title: "search depth per event",
            x_label: "event",
            series: vec![Series {
                name: "depth".to_string(),
                points,
            }],
        })
    }

    pub fn len(&self) -> usize {
        self.events.len()
    }

    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// Events applied so far.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    pub fn at_end(&self) -> bool {
        self.cursor == self.events.len()
    }

    /// The last applied event.
    pub fn current(&self) -> Option<&Event> {
        self.cursor.checked_sub(1).map(|i| &self.events[i])
    }

    pub fn values(&self) -> &[u8] {
        &self.replay.values
    }

    pub fn candidates(&self) -> &[u32] {
        &self.replay.candidates
    }

    /// Candidate weights (cell × n + digit − 1) when the run reported any (`ilp`'s LP
    /// relaxation); empty otherwise.
    pub fn weights(&self) -> &[f32] {
        &self.replay.weights
    }

    /// Whether the run reports a traversal frontier.
    pub fn has_frontier(&self) -> bool {
        self.has_frontier
    }

    /// The traversal's frontier at the cursor, in the order its cells entered it.
    pub fn frontier(&self) -> &[u16] {
        &self.replay.frontier
    }

    /// Open decision levels at the cursor.
    pub fn depth(&self) -> usize {
        self.replay.depth()
    }

    /// Applies up to `count` more events; returns how many were applied.
    pub fn forward(&mut self, count: usize) -> usize {
        let target = (self.cursor + count).min(self.events.len());
        let moved = target - self.cursor;
        while self.cursor < target {
            self.replay.apply(&self.events[self.cursor]);
            self.cursor += 1;
            if self.cursor.is_multiple_of(CHECKPOINT)
                && self.checkpoints.len() == self.cursor / CHECKPOINT
            {
                self.checkpoints.push(self.replay.clone());
            }
        }
        moved
    }

    /// Moves the cursor to `target` (clamped), backwards through the nearest checkpoint.
    pub fn seek(&mut self, target: usize) {
        let target = target.min(self.events.len());
        if target < self.cursor {
            let index = (target / CHECKPOINT).min(self.checkpoints.len() - 1);
            self.replay = self.checkpoints[index].clone();
            self.cursor = index * CHECKPOINT;
        }
        self.forward(target - self.cursor);
    }

    /// The current event in words (see [`narrate`]).
    pub fn narration(&self, size: Size) -> String {
        match self.current() {
            None => "start: the puzzle as given".into(),
            Some(e) => narrate(size, e, self.replay.candidates_before_guess()),
        }
    }

    /// The unit the current event acts in, when its algorithm names one (a hidden single), or
    /// the unit a peer elimination shares with the placed neighbour.
    pub fn current_unit(&self, size: Size) -> Option<usize> {
        match *self.current()? {
            Event::Assign { reason, .. } | Event::Eliminate { reason, .. }
                if reason.unit().is_some() =>
            {
                reason.unit()
            }
            Event::Eliminate { cell, reason, .. } if reason.rule == Rule::Peer => {
                let (a, b) = (cell as usize, reason.at as usize);
                let [row, col, bx] = size.units_of(a);
                Some(if size.row_of(a) == size.row_of(b) {
                    row
                } else if size.col_of(a) == size.col_of(b) {
                    col
                } else {
                    bx
                })
            }
            _ => None,
        }
    }

    /// The pseudo-code line the current event executes.
    pub fn current_line(&self, code: &[Line]) -> Option<usize> {
        line_of(code, self.current()?)
    }

    /// The cell the last event touched, to highlight it.
    pub fn current_cell(&self) -> Option<usize> {
        match self.current()? {
            Event::Guess { cell, .. }
            | Event::Assign { cell, .. }
            | Event::Eliminate { cell, .. }
            | Event::Unassign { cell, .. } => Some(*cell as usize),
            Event::Swap { a, .. } => Some(*a as usize),
            Event::Push { cell } | Event::Pop { cell } | Event::Weight { cell, .. } => {
                Some(*cell as usize)
            }
            Event::Restart { stuck, .. } => stuck.map(|c| c as usize),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
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
            assert_eq!(t.candidates(), &straight.candidates[..], "at {target}");
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

    #[test]
    fn progress_follows_the_cursor_and_is_sampled() {
        let puzzle: Grid =
            ".4....179..2..8.54..6..5..8.8..7.91..5..9..3..19.6..4.3..4..7..57.1..2..928....6."
                .parse()
                .unwrap();
        let mut recorder = Recorder::default();
        let outcome = Algorithm::Annealing
            .run(
                &puzzle,
                &RunConfig {
                    seed: 1,
                    ..RunConfig::default()
                },
                &mut recorder,
            )
            .unwrap();
        assert!(outcome.is_solved());
        let steps = recorder
            .events
            .iter()
            .filter(|e| matches!(e, Event::Temperature { .. }))
            .count();
        assert!(steps > 10, "{steps} temperature steps");
        let mut t = Timeline::new(&puzzle);
        assert_eq!(t.progress(50), None);
        t.extend(recorder.events.iter().copied());
        t.seek(0);
        let none_yet = t.progress(50).unwrap();
        assert!(none_yet.series.iter().all(|s| s.points.is_empty()));
        t.seek(usize::MAX);
        let all = t.progress(10).unwrap();
        assert_eq!(all.series.len(), 2);
        let best = &all.series[1];
        assert!(best.points.len() <= 11 && best.points.len() >= 2);
        // The best cost never rises, and the last point is the last step.
        assert!(best.points.windows(2).all(|w| w[1].1 <= w[0].1));
        assert_eq!(best.points.last().unwrap().0, steps as f64);
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
    fn the_depth_chart_follows_the_cursor_and_keeps_the_deepest_dive() {
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
        t.seek(10);
        let early = t.progress(20).unwrap();
        assert!(early.series[0].points.iter().all(|p| p.0 <= 10.0));
        assert_eq!(early.series[0].points.last().unwrap().1, t.depth() as f64);
    }
}
