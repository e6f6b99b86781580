//! The page's player: the events received so far and a cursor. The board shown is the state after
//! `cursor` events, rebuilt with the core's [`Replay`]; checkpoints every [`CHECKPOINT`] events
//! make seeking backwards cheap. Kept free of browser types so it is tested natively.

use sudoku_core::{line_of, Event, Grid, Line, Replay, Rule, Size};
use sudoku_draw::{Mark, MarkFinder};

use super::narration::narrate_in;
use sudoku_core::spec::Branching;

/// Events between two saved states.
pub const CHECKPOINT: usize = 4_096;

/// One line of the progress chart: the whole run received so far, and where playback is on it.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: String,
    pub points: Vec<(f64, f64)>,
    /// The x of the playback cursor on this line (`None`: before its first point). The chart
    /// draws the line past it faded, so a long run's whole curve shows from the start.
    pub at: Option<f64>,
}

/// What the progress chart shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    pub title: &'static str,
    pub x_label: &'static str,
    pub series: Vec<Series>,
}

impl Progress {
    /// Each line's playback place, in the chart's order of lines.
    pub fn cursors(&self) -> Vec<Option<f64>> {
        self.series.iter().map(|s| s.at).collect()
    }

    /// As the line drawer takes them: lines without bands.
    pub fn lines(&self) -> Vec<sudoku_core::report::Line> {
        self.series
            .iter()
            .map(|s| sudoku_core::report::Line {
                name: s.name.clone(),
                points: s.points.clone(),
                band: Vec::new(),
            })
            .collect()
    }
}

/// Where a summary event stands on its chart's x axis (its iteration, temperature step,
/// generation, conflict or construction).
fn x_of(event: &Event) -> f64 {
    match *event {
        Event::Iteration { iteration, .. } => iteration as f64,
        Event::Temperature { step, .. } => step as f64,
        Event::Generation { generation, .. } => generation as f64,
        Event::Conflict { conflict, .. } => conflict as f64,
        Event::Restart { attempt, .. } => attempt as f64 - 1.0,
        _ => 0.0,
    }
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
    /// The moments to find again (guesses, backtracks, restarts, new bests, generations): the
    /// cursor that shows each as the current event, in order.
    marks: Vec<(usize, Mark)>,
    finder: MarkFinder,
    /// How the run's algorithm guesses: what a guess is told to be one of.
    branching: Branching,
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
            marks: Vec::new(),
            finder: MarkFinder::default(),
            branching: Branching::Cell,
        }
    }

    /// A player for a run of `algorithm`: its guesses told as it chooses them.
    pub fn of_run(puzzle: &Grid, algorithm: sudoku_core::Algorithm) -> Timeline {
        Timeline {
            branching: algorithm.spec().branching,
            ..Timeline::new(puzzle)
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
                Event::Restart { .. } | Event::Handover { .. } => Some(0),
                _ => None,
            };
            self.has_frontier |= matches!(event, Event::Push { .. });
            if let Some(mark) = self.finder.see(&event) {
                self.marks.push((self.events.len() + 1, mark));
            }
            self.events.push(event);
            if let Some(depth) = depth {
                self.depths.push((self.events.len(), depth));
            }
        }
    }

    /// The heuristic's progress over the events received, as chart series, each with the
    /// cursor's place on it: cost and best cost per iteration or temperature step,
    /// best/mean/worst fitness per generation, or cells coloured per failed construction. At
    /// most `max_points` points per series (evenly sampled, the last one always kept). `None`
    /// when the run reports no such summary.
    pub fn progress(&self, max_points: usize) -> Option<Progress> {
        if self.summaries.is_empty() {
            return self.depth_progress(max_points);
        }
        let shown = self.summaries.partition_point(|(i, _)| *i < self.cursor);
        let summaries = &self.summaries;
        // The first summary says which kind of progress the run reports (a portfolio's
        // handover and a search's restart are moments, not measures). A construction's restart
        // measures only where nothing else does (the colourings): an ant colony restarts every
        // tour and measures its cycles.
        let measures = || {
            self.summaries
                .iter()
                .map(|(_, e)| e)
                .filter(|e| !matches!(e, Event::Handover { .. } | Event::SearchRestart { .. }))
        };
        let first = measures()
            .find(|e| !matches!(e, Event::Restart { .. }))
            .or_else(|| measures().next())?;
        let kind = std::mem::discriminant(first);
        let at = summaries[..shown]
            .iter()
            .rev()
            .find(|(_, e)| std::mem::discriminant(e) == kind)
            .map(|(_, e)| x_of(e));
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
            at,
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
            Event::Conflict { .. } => Progress {
                title: "each conflict's learned clause and back-jump",
                x_label: "conflict",
                series: vec![
                    series("literals", &|e| match *e {
                        Event::Conflict {
                            conflict, learned, ..
                        } => Some((conflict as f64, learned as f64)),
                        _ => None,
                    }),
                    series("LBD", &|e| match *e {
                        Event::Conflict { conflict, lbd, .. } => {
                            Some((conflict as f64, lbd as f64))
                        }
                        _ => None,
                    }),
                    series("back-jump depth", &|e| match *e {
                        Event::Conflict {
                            conflict, depth, ..
                        } => Some((conflict as f64, depth as f64)),
                        _ => None,
                    }),
                ],
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

    /// A search's depth over the events received (the deepest level of each of at most
    /// `max_points` stretches, so no dive is hidden by the sampling), the cursor placed on it.
    /// `None` for a run without guesses.
    fn depth_progress(&self, max_points: usize) -> Option<Progress> {
        if self.depths.is_empty() {
            return None;
        }
        let stride = self.depths.len().div_ceil(max_points.max(1)).max(1);
        let mut points: Vec<(f64, f64)> = vec![(0.0, 0.0)];
        points.extend(self.depths.chunks(stride).map(|chunk| {
            let (at, depth) = chunk
                .iter()
                .max_by_key(|(_, d)| *d)
                .copied()
                .unwrap_or_default();
            (at as f64, depth as f64)
        }));
        if let Some(&(at, depth)) = self.depths.last() {
            points.push((at as f64, depth as f64));
        }
        points.push((self.events.len() as f64, points.last().map_or(0.0, |p| p.1)));
        points.dedup();
        Some(Progress {
            title: "search depth per event",
            x_label: "event",
            series: vec![Series {
                name: "depth".to_string(),
                points,
                at: Some(self.cursor as f64),
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

    /// The pencil marks at the cursor, as the rules leave them (see `Replay::allowed`).
    pub fn candidates(&self) -> Vec<u32> {
        self.replay.allowed()
    }

    /// Candidate weights (cell × n + digit − 1) when the run reported any (`ilp`'s LP
    /// relaxation); empty otherwise.
    pub fn weights(&self) -> &[f32] {
        &self.replay.weights
    }

    /// Whether the run searched (guessed, went back or started again): its board is tinted by
    /// decision level.
    pub fn has_guesses(&self) -> bool {
        !self.depths.is_empty()
    }

    /// The decision level each value on the board was placed at (0: before any guess).
    pub fn placed_at(&self) -> &[u16] {
        &self.replay.placed_at
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

    /// The marked moments received so far (see [`Mark`]).
    pub fn marks(&self) -> &[(usize, Mark)] {
        &self.marks
    }

    /// The cursor of the first mark after the cursor.
    pub fn next_mark(&self) -> Option<usize> {
        let i = self.marks.partition_point(|(at, _)| *at <= self.cursor);
        self.marks.get(i).map(|(at, _)| *at)
    }

    /// The cursor of the last mark before the cursor.
    pub fn previous_mark(&self) -> Option<usize> {
        let i = self.marks.partition_point(|(at, _)| *at < self.cursor);
        i.checked_sub(1).map(|i| self.marks[i].0)
    }

    /// The current event in words (see [`narrate`]).
    pub fn narration(&self, size: Size) -> String {
        match self.current() {
            None => "start: the puzzle as given".into(),
            Some(e) => narrate_in(
                size,
                e,
                self.replay.candidates_before_guess().as_deref(),
                self.branching,
            ),
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

    /// The cell the last event touched, to highlight it (as the exported drawings do).
    pub fn current_cell(&self) -> Option<usize> {
        self.current().and_then(sudoku_draw::event_cell)
    }
}

#[cfg(test)]
mod tests;
