//! The export dialog's settings as typed, checked into what is drawn: which steps, in which
//! view, at which pace and size, into which kind of file. The dialog's bundle draws and encodes;
//! everything that can be wrong with the settings is said here, before any frame is drawn.

use sudoku_draw::animation::{Steps, View, ANIMATION_FRAMES};

use crate::protocol::export::ExportRequest;

/// The most frames one export draws (a GIF, a video, a zip of PNGs): about 20 s of work.
pub const MAX_FRAMES: usize = 2_000;

/// The kinds of file a run is exported to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// A looping animated GIF (slides, course pages): the CLI's `render --format gif` bytes.
    Gif,
    /// A WebM video, recorded by the browser's MediaRecorder from the frames played at pace.
    Webm,
    /// Every frame as a PNG, in one zip.
    PngZip,
    /// The frame on screen as SVG (vector, for print): the CLI's `render --step` bytes.
    Svg,
}

impl Format {
    pub const ALL: [Format; 4] = [Format::Gif, Format::Webm, Format::PngZip, Format::Svg];

    pub fn id(self) -> &'static str {
        match self {
            Format::Gif => "gif",
            Format::Webm => "webm",
            Format::PngZip => "png",
            Format::Svg => "svg",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Format::Gif => "Animated GIF",
            Format::Webm => "WebM video",
            Format::PngZip => "PNG frames (zip)",
            Format::Svg => "SVG of this frame",
        }
    }

    pub fn from_id(id: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.id() == id)
    }

    /// Whether the file is one frame, not a stretch of the run.
    pub fn is_single(self) -> bool {
        self == Format::Svg
    }

    fn extension(self) -> &'static str {
        match self {
            Format::PngZip => "zip",
            other => other.id(),
        }
    }
}

/// The dialog's fields as typed.
#[derive(Clone, Debug, PartialEq)]
pub struct ExportForm {
    pub format: Format,
    pub from: String,
    pub to: String,
    /// Every N-th step; empty: as many as fit in [`ANIMATION_FRAMES`] frames.
    pub every: String,
    pub frame_ms: String,
    /// The frame's size against the drawing's own (1: the CLI's 40 px cells).
    pub scale: String,
    pub view: View,
    pub candidates: bool,
}

/// What one export draws, checked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plan {
    pub format: Format,
    pub steps: Steps,
    pub view: View,
    pub candidates: bool,
    pub frame_ms: u32,
    pub scale: f32,
}

impl ExportForm {
    /// The dialog as the lab opens it on a run of `events` events: the lab's stretch (the whole
    /// run if it plays all of it), its view and pencil marks, a GIF's pace.
    pub fn new(request: &ExportRequest, events: usize) -> ExportForm {
        ExportForm {
            format: Format::Gif,
            from: request.from.min(events).to_string(),
            to: request.to.unwrap_or(events).min(events).to_string(),
            every: String::new(),
            frame_ms: "150".into(),
            scale: "1".into(),
            view: View::parse(&request.view).unwrap_or(View::Board),
            candidates: request.candidates,
        }
    }

    /// The settings checked against a run of `events` events, the frame on screen at `step`;
    /// or every field that is wrong, named.
    pub fn plan(&self, events: usize, step: usize) -> Result<Plan, String> {
        let mut wrong = Vec::new();
        let mut number = |name: &str, text: &str, low: u64, high: u64| -> Option<u64> {
            match text.trim().parse::<u64>() {
                Ok(v) if (low..=high).contains(&v) => Some(v),
                _ => {
                    wrong.push(format!("{name}: a whole number from {low} to {high}"));
                    None
                }
            }
        };
        let from = number("from step", &self.from, 0, events as u64);
        let to = number("to step", &self.to, 0, events as u64);
        let every = if self.every.trim().is_empty() {
            None
        } else {
            number("every", &self.every, 1, events.max(1) as u64)
        };
        let frame_ms = number("time per frame (ms)", &self.frame_ms, 20, 10_000);
        let scale = match self.scale.trim().parse::<f32>() {
            Ok(s) if (0.25..=4.0).contains(&s) => Some(s),
            _ => {
                wrong.push("size: a number from 0.25 to 4".into());
                None
            }
        };
        let (Some(from), Some(to), Some(frame_ms), Some(scale)) = (from, to, frame_ms, scale)
        else {
            return Err(wrong.join("; "));
        };
        if !wrong.is_empty() {
            return Err(wrong.join("; "));
        }
        let (from, to) = (from as usize, to as usize);
        let steps = if self.format.is_single() {
            Steps::at(step.min(events))
        } else if from > to {
            return Err(format!("from step {from} is after to step {to}"));
        } else {
            let whole = Steps::whole(to - from, every.map(|e| e as usize), ANIMATION_FRAMES);
            Steps {
                from,
                to,
                every: whole.every,
            }
        };
        if steps.count() > MAX_FRAMES {
            return Err(format!(
                "{} frames: at most {MAX_FRAMES} in one file (draw every N-th step, or a shorter stretch)",
                steps.count()
            ));
        }
        Ok(Plan {
            format: self.format,
            steps,
            view: self.view,
            candidates: self.candidates,
            frame_ms: frame_ms as u32,
            scale,
        })
    }
}

impl Plan {
    /// The file's name: the run (algorithm and seed, as "Save the run" names it) and its steps.
    pub fn file_name(&self, algorithm: &str, seed: u64) -> String {
        let steps = if self.format.is_single() {
            format!("step{}", self.steps.from)
        } else {
            format!("steps{}-{}", self.steps.from, self.steps.to)
        };
        format!("{algorithm}-seed{seed}-{steps}.{}", self.format.extension())
    }

    /// A frame's file name inside the zip, numbered to sort in playing order.
    pub fn frame_name(&self, step: usize) -> String {
        let digits = self.steps.to.max(1).ilog10() as usize + 1;
        format!("step{step:0digits$}.png")
    }

    /// How long the video or animation plays, in milliseconds (the last frame held 2 s in a
    /// GIF, a frame's time in a video).
    pub fn duration_ms(&self) -> u64 {
        self.steps.count() as u64 * u64::from(self.frame_ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::RunRequest;
    use sudoku_core::{Algorithm, Grid, Size};

    fn request(from: usize, to: Option<usize>) -> ExportRequest {
        ExportRequest {
            run: RunRequest {
                algorithm: Algorithm::Dlx,
                params: Default::default(),
                puzzle: Grid::empty(Size::NINE),
                seed: 3,
            },
            step: 40,
            from,
            to,
            view: "graph".into(),
            candidates: true,
        }
    }

    #[test]
    fn the_dialog_opens_on_the_labs_stretch_and_view() {
        let form = ExportForm::new(&request(10, Some(90)), 120);
        assert_eq!((form.from.as_str(), form.to.as_str()), ("10", "90"));
        assert_eq!(form.view, View::Graph);
        assert!(form.candidates);
        let whole = ExportForm::new(&request(0, None), 8365);
        let plan = whole.plan(8365, 40).unwrap();
        assert_eq!((plan.steps.from, plan.steps.to), (0, 8365));
        assert!(
            plan.steps.count() <= ANIMATION_FRAMES,
            "{}",
            plan.steps.count()
        );
        assert_eq!(plan.file_name("dlx", 3), "dlx-seed3-steps0-8365.gif");
        assert_eq!(plan.frame_name(7), "step0007.png");
        // A stretch past a shorter run is cut to its end.
        let cut = ExportForm::new(&request(500, Some(900)), 120);
        assert_eq!((cut.from.as_str(), cut.to.as_str()), ("120", "120"));
    }

    #[test]
    fn the_svg_is_the_frame_on_screen() {
        let mut form = ExportForm::new(&request(0, None), 120);
        form.format = Format::Svg;
        let plan = form.plan(120, 40).unwrap();
        assert_eq!(plan.steps, Steps::at(40));
        assert_eq!(plan.file_name("dlx", 3), "dlx-seed3-step40.svg");
    }

    #[test]
    fn every_wrong_field_is_named_before_anything_is_drawn() {
        let mut form = ExportForm::new(&request(0, None), 120);
        form.from = "x".into();
        form.frame_ms = "5".into();
        form.scale = "9".into();
        let said = form.plan(120, 0).unwrap_err();
        for field in ["from step", "time per frame", "size"] {
            assert!(said.contains(field), "{said}");
        }
        let mut backwards = ExportForm::new(&request(0, None), 120);
        (backwards.from, backwards.to) = ("90".into(), "10".into());
        assert!(backwards.plan(120, 0).unwrap_err().contains("after"));
        let mut past = ExportForm::new(&request(0, None), 120);
        past.to = "121".into();
        assert!(past.plan(120, 0).unwrap_err().contains("to step"));
        let mut many = ExportForm::new(&request(0, None), 9_000);
        many.every = "1".into();
        assert!(many.plan(9_000, 0).unwrap_err().contains("at most 2000"));
        many.every = "5".into();
        assert_eq!(many.plan(9_000, 0).unwrap().steps.count(), 1_801);
    }
}
