//! A run's frames in order: which steps of a trace are drawn, in which view, and (feature
//! `raster`) the run as a looping GIF — what the CLI's `render` and Python's `Trace.render` and
//! player share, so a frame is the same whoever asks for it.

use sudoku_core::{Event, Grid, Replay};

use crate::frame::BoardFrame;
use crate::layout::GraphShape;
use crate::narration::narrate_in;
use crate::{board_svg, graph_svg, Style};
use sudoku_core::spec::Branching;

/// Frames a run's animation is cut to when no range is asked (every N-th step).
pub const ANIMATION_FRAMES: usize = 300;

/// Which of the page's views a frame shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    /// The board, with pencil marks if asked.
    Board,
    /// The Sudoku graph on the grid (row and column edges as arcs).
    Graph,
    /// The Sudoku graph on a circle.
    Circle,
}

impl View {
    /// The view a word names (`board`, `graph`, `circle`).
    pub fn parse(word: &str) -> Result<View, String> {
        match word {
            "board" => Ok(View::Board),
            "graph" => Ok(View::Graph),
            "circle" => Ok(View::Circle),
            other => Err(format!(
                "view {other:?}: choose one of board, graph, circle"
            )),
        }
    }

    /// The frame drawn in this view as a standalone SVG document.
    pub fn svg(self, frame: &BoardFrame, style: &Style) -> String {
        match self {
            View::Board => board_svg(frame, style),
            View::Graph => graph_svg(frame, GraphShape::Grid, style),
            View::Circle => graph_svg(frame, GraphShape::Circle, style),
        }
    }
}

/// The steps drawn, in playing order: `from`, `from + every`, … up to `to` (a step is the
/// number of events applied: 0 is the puzzle as given).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Steps {
    pub from: usize,
    pub to: usize,
    pub every: usize,
}

impl Steps {
    /// One step.
    pub fn at(step: usize) -> Steps {
        Steps {
            from: step,
            to: step,
            every: 1,
        }
    }

    /// A whole run of `events` events in at most `frames` frames (every N-th step), unless
    /// `every` is given.
    pub fn whole(events: usize, every: Option<usize>, frames: usize) -> Steps {
        Steps {
            from: 0,
            to: events,
            every: every.unwrap_or_else(|| events.div_ceil(frames.max(2) - 1).max(1)),
        }
    }

    /// The steps checked against a trace of `events` events.
    pub fn check(self, events: usize) -> Result<Steps, String> {
        if self.every == 0 {
            return Err("every: at least 1".into());
        }
        if self.from > self.to {
            return Err(format!("from {} is after to {}", self.from, self.to));
        }
        if self.to > events {
            return Err(format!(
                "step {}: the trace has {events} events (0 to {events})",
                self.to
            ));
        }
        Ok(self)
    }

    pub fn count(&self) -> usize {
        (self.to - self.from) / self.every.max(1) + 1
    }

    pub fn iter(&self) -> impl Iterator<Item = usize> {
        (self.from..=self.to).step_by(self.every.max(1))
    }
}

/// A frame taken at a step of a replay, with what is needed to say it in words.
pub struct Shot<'a> {
    /// Events applied (0: the puzzle as given).
    pub step: usize,
    pub frame: BoardFrame,
    replay: &'a Replay,
    last: Option<&'a Event>,
}

impl Shot<'_> {
    /// The sentence the page's narration line says of this step: the event that led here, with
    /// its reason ("the puzzle as given" at step 0), a guess told as the algorithm's `branching`
    /// chooses.
    pub fn caption(&self, branching: Branching) -> String {
        match self.last {
            Some(event) => narrate_in(
                self.frame.size,
                event,
                self.replay.candidates_before_guess().as_deref(),
                branching,
            ),
            None => "the puzzle as given".to_string(),
        }
    }
}

/// Takes a frame at each of `steps` (checked against `events`), replaying the trace once.
pub fn each_frame<E>(
    puzzle: &Grid,
    events: &[Event],
    steps: &Steps,
    candidates: bool,
    mut take: impl FnMut(&Shot) -> Result<(), E>,
) -> Result<(), E> {
    let mut replay = Replay::new(puzzle);
    let mut applied = 0;
    for step in steps.iter() {
        for event in &events[applied..step] {
            replay.apply(event);
        }
        applied = step;
        let last = step.checked_sub(1).map(|i| &events[i]);
        let frame = BoardFrame::of_replay(puzzle, &replay, last, candidates);
        take(&Shot {
            step,
            frame,
            replay: &replay,
            last,
        })?;
    }
    Ok(())
}

/// How an animation is drawn and timed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Animation {
    pub view: View,
    pub style: Style,
    pub candidates: bool,
    /// Time per frame, in milliseconds.
    pub frame_ms: u32,
    /// How long the last frame is held before the loop starts again.
    pub hold_ms: u32,
}

impl Default for Animation {
    fn default() -> Animation {
        Animation {
            view: View::Board,
            style: Style::default(),
            candidates: false,
            frame_ms: 150,
            hold_ms: 2000,
        }
    }
}

/// The steps of a trace as one looping animated GIF, the last frame held.
#[cfg(feature = "raster")]
pub fn gif(
    puzzle: &Grid,
    events: &[Event],
    steps: &Steps,
    animation: &Animation,
) -> Result<Vec<u8>, String> {
    use crate::raster::{GifWriter, Rasterizer};

    let rasterizer = Rasterizer::new();
    let count = steps.count();
    let mut gif: Option<GifWriter<Vec<u8>>> = None;
    let mut drawn = 0;
    each_frame(puzzle, events, steps, animation.candidates, |shot| {
        let image = rasterizer.pixels(&animation.view.svg(&shot.frame, &animation.style), 1.0)?;
        let writer = match &mut gif {
            Some(writer) => writer,
            None => gif.insert(GifWriter::new(Vec::new(), image.width, image.height)?),
        };
        drawn += 1;
        let delay = if drawn == count {
            animation.hold_ms
        } else {
            animation.frame_ms
        };
        writer.add(&image, delay)
    })?;
    gif.ok_or("no frame to draw")?.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_cover_a_run_in_bounded_frames_and_are_checked() {
        let whole = Steps::whole(8365, None, ANIMATION_FRAMES);
        assert!(whole.count() <= ANIMATION_FRAMES, "{}", whole.count());
        assert_eq!(whole.iter().next(), Some(0));
        assert_eq!(Steps::whole(51, None, ANIMATION_FRAMES).count(), 52);
        assert_eq!(Steps::whole(0, None, ANIMATION_FRAMES).count(), 1);
        assert_eq!(
            Steps {
                from: 3,
                to: 9,
                every: 3
            }
            .iter()
            .collect::<Vec<_>>(),
            [3, 6, 9]
        );
        assert!(Steps::at(52).check(51).is_err());
        assert!(Steps {
            from: 5,
            to: 3,
            every: 1
        }
        .check(9)
        .is_err());
        assert!(Steps {
            from: 0,
            to: 3,
            every: 0
        }
        .check(9)
        .is_err());
        assert!(View::parse("hypergraph").is_err());
    }
}
