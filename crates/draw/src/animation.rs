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

/// The frames at `steps`, one at a time, replaying the trace once: what a caller that must
/// pause between frames (the page's export, which lets the browser draw between them) walks.
pub struct Frames<'a> {
    puzzle: &'a Grid,
    events: &'a [Event],
    steps: std::iter::StepBy<std::ops::RangeInclusive<usize>>,
    replay: Replay,
    applied: usize,
    candidates: bool,
}

impl<'a> Frames<'a> {
    /// `steps` must have been checked against `events` ([`Steps::check`]).
    pub fn new(puzzle: &'a Grid, events: &'a [Event], steps: &Steps, candidates: bool) -> Self {
        Frames {
            puzzle,
            events,
            steps: (steps.from..=steps.to).step_by(steps.every.max(1)),
            replay: Replay::new(puzzle),
            applied: 0,
            candidates,
        }
    }

    /// The next step's frame, or `None` after the last.
    pub fn next_shot(&mut self) -> Option<Shot<'_>> {
        let step = self.steps.next()?;
        for event in &self.events[self.applied..step] {
            self.replay.apply(event);
        }
        self.applied = step;
        let last = step.checked_sub(1).map(|i| &self.events[i]);
        let frame = BoardFrame::of_replay(self.puzzle, &self.replay, last, self.candidates);
        Some(Shot {
            step,
            frame,
            replay: &self.replay,
            last,
        })
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
    let mut frames = Frames::new(puzzle, events, steps, candidates);
    while let Some(shot) = frames.next_shot() {
        take(&shot)?;
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

/// A looping animated GIF made a frame at a time, the last of `frames` held: the CLI's and
/// Python's `gif` and the page's export write the same bytes for the same frames.
#[cfg(feature = "raster")]
pub struct GifMaker {
    rasterizer: crate::raster::Rasterizer,
    animation: Animation,
    scale: f32,
    writer: Option<crate::raster::GifWriter<Vec<u8>>>,
    frames: usize,
    drawn: usize,
}

#[cfg(feature = "raster")]
impl GifMaker {
    /// An animation of `frames` frames, drawn at `scale` times the drawing's own size.
    pub fn new(animation: Animation, frames: usize, scale: f32) -> GifMaker {
        GifMaker {
            rasterizer: crate::raster::Rasterizer::new(),
            animation,
            scale,
            writer: None,
            frames,
            drawn: 0,
        }
    }

    /// Draws the next frame.
    pub fn add(&mut self, shot: &Shot) -> Result<(), String> {
        let svg = self.animation.view.svg(&shot.frame, &self.animation.style);
        let image = self.rasterizer.pixels(&svg, self.scale)?;
        let writer = match &mut self.writer {
            Some(writer) => writer,
            None => self.writer.insert(crate::raster::GifWriter::new(
                Vec::new(),
                image.width,
                image.height,
            )?),
        };
        self.drawn += 1;
        let delay = if self.drawn == self.frames {
            self.animation.hold_ms
        } else {
            self.animation.frame_ms
        };
        writer.add(&image, delay)
    }

    /// The file's bytes.
    pub fn finish(self) -> Result<Vec<u8>, String> {
        self.writer.ok_or("no frame to draw")?.finish()
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
    let mut maker = GifMaker::new(*animation, steps.count(), 1.0);
    each_frame(puzzle, events, steps, animation.candidates, |shot| {
        maker.add(shot)
    })?;
    maker.finish()
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
