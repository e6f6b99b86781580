//! The page's player: the events received so far and a cursor. The board shown is the state after
//! `cursor` events, rebuilt with the core's [`Replay`]; checkpoints every [`CHECKPOINT`] events
//! make seeking backwards cheap. Kept free of browser types so it is tested natively.

use sudoku_core::{Event, Grid, Replay};

/// Events between two saved states.
pub const CHECKPOINT: usize = 4_096;

/// One line of the progress chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: &'static str,
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
        }
    }

    /// Appends received events (the cursor does not move).
    pub fn extend(&mut self, events: impl IntoIterator<Item = Event>) {
        for event in events {
            if !event.is_cell_detail() {
                self.summaries.push((self.events.len(), event));
            }
            self.events.push(event);
        }
    }

    /// The heuristic's progress up to the cursor, as chart series: cost and best cost per
    /// iteration or temperature step, best/mean/worst fitness per generation, or cells coloured
    /// per failed construction. At most `max_points` points per series (evenly sampled, the last
    /// one always kept). `None` when the run reports no such summary.
    pub fn progress(&self, max_points: usize) -> Option<Progress> {
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
            name,
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
                    Event::Restart { attempt, progress } => {
                        Some((attempt as f64 - 1.0, progress as f64))
                    }
                    _ => None,
                })],
            },
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

    /// Counts of guesses and backtracks among the applied events (for the step display).
    pub fn describe_current(&self, size: sudoku_core::Size) -> String {
        use sudoku_core::cell_name;
        match self.current() {
            None => "start".into(),
            Some(e) => {
                match *e {
                    Event::Guess { cell, value, depth } => {
                        format!(
                            "guess {value} in {} (level {depth})",
                            cell_name(size, cell as usize)
                        )
                    }
                    Event::Assign { cell, value } => {
                        format!("place {value} in {}", cell_name(size, cell as usize))
                    }
                    Event::Eliminate { cell, value } => {
                        format!("remove {value} from {}", cell_name(size, cell as usize))
                    }
                    Event::Backtrack { depth } => format!("backtrack: undo level {depth}"),
                    Event::Unassign { cell, value } => {
                        format!("empty {} (was {value})", cell_name(size, cell as usize))
                    }
                    Event::Swap { a, b } => format!(
                        "swap {} and {}",
                        cell_name(size, a as usize),
                        cell_name(size, b as usize)
                    ),
                    Event::Restart { attempt, progress } => {
                        format!("restart {attempt} (last construction coloured {progress} cells)")
                    }
                    Event::Iteration {
                        iteration,
                        cost,
                        best,
                    } => {
                        format!("iteration {iteration}: cost {cost}, best {best}")
                    }
                    Event::Generation {
                        generation,
                        best,
                        mean,
                        worst,
                    } => {
                        format!("generation {generation}: best {best:.1}, mean {mean:.1}, worst {worst:.1}")
                    }
                    Event::Temperature {
                        step,
                        temperature,
                        cost,
                        best,
                    } => {
                        format!("temperature step {step}: T = {temperature:.3}, cost {cost}, best {best}")
                    }
                }
            }
        }
    }

    /// The cell the last event touched, to highlight it.
    pub fn current_cell(&self) -> Option<usize> {
        match self.current()? {
            Event::Guess { cell, .. }
            | Event::Assign { cell, .. }
            | Event::Eliminate { cell, .. }
            | Event::Unassign { cell, .. } => Some(*cell as usize),
            Event::Swap { a, .. } => Some(*a as usize),
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
        assert!(t.describe_current(puzzle.size()).len() > 3);
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
}
