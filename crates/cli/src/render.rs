//! `sudoku render TRACE`: frames of a recorded run drawn as the page draws them (the board or
//! the Sudoku graph at a step), from a trace file of `solve --trace` or Python: SVG for print,
//! PNG frames, or the run as a looping animated GIF for slides and course pages.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

/// Where a frame's step goes in `--out` for a range of frames.
const STEP: &str = "{step}";
/// Frames one `render` writes at most.
const MAX_FRAMES: usize = 10_000;

use sudoku_draw::animation::{self, each_frame, Animation, Steps, View, ANIMATION_FRAMES};
use sudoku_draw::raster::Rasterizer;
use sudoku_draw::Style;

use crate::{tracefile, UsageError};

/// What `render` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RenderFormat {
    /// A standalone SVG document (vector: for print and slides).
    Svg,
    /// A PNG image per frame.
    Png,
    /// One animated GIF of the frames, looping.
    Gif,
}

impl RenderFormat {
    /// The format a file's name asks for (`run.gif`), if any.
    fn of_path(path: &str) -> Option<RenderFormat> {
        let extension = Path::new(path).extension()?.to_str()?.to_ascii_lowercase();
        match extension.as_str() {
            "svg" => Some(RenderFormat::Svg),
            "png" => Some(RenderFormat::Png),
            "gif" => Some(RenderFormat::Gif),
            _ => None,
        }
    }
}

/// Which of the page's views is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RenderView {
    /// The board, with pencil marks if asked.
    Board,
    /// The Sudoku graph on the grid (row and column edges as arcs).
    Graph,
    /// The Sudoku graph on a circle.
    Circle,
}

#[derive(clap::Args)]
pub struct RenderArgs {
    /// The trace file (binary, JSON or gzip: as `solve --trace` writes them).
    trace: PathBuf,
    /// Draw the board after this many events (0: the puzzle as given; default: the end, or
    /// for a GIF the whole run).
    #[arg(long, conflicts_with_all = ["from", "to"])]
    step: Option<usize>,
    /// The first of a range of frames: one file per step (`--out` names them with `{step}`),
    /// or one GIF.
    #[arg(long, requires = "to")]
    from: Option<usize>,
    /// The last of the range (at most 10,000 frames).
    #[arg(long, requires = "from")]
    to: Option<usize>,
    /// Draw every N-th step of the range (a GIF of a whole run: enough to keep 300 frames).
    #[arg(long)]
    every: Option<usize>,
    /// svg, png or gif; by default the `--out` file's extension, else svg.
    #[arg(long, value_enum)]
    format: Option<RenderFormat>,
    /// The view drawn, as the page shows it.
    #[arg(long, value_enum, default_value_t = RenderView::Board)]
    view: RenderView,
    /// Show the empty cells' candidates (pencil marks), as the rules leave them.
    #[arg(long)]
    candidates: bool,
    /// The page's dark colours.
    #[arg(long)]
    dark: bool,
    /// Side of a cell in pixels.
    #[arg(long, default_value_t = 40.0)]
    cell_size: f64,
    /// A GIF's time per frame, in milliseconds (the format counts in tens).
    #[arg(long, default_value_t = 150, value_name = "MS")]
    frame_ms: u32,
    /// How long a GIF holds its last frame before it loops, in milliseconds.
    #[arg(long, default_value_t = 2000, value_name = "MS")]
    hold_ms: u32,
    /// Write the drawing to this file instead of standard output; with --from/--to a pattern
    /// with `{step}` (e.g. `frames/{step}.png`), one file per frame, except a GIF (one file).
    #[arg(long, short = 'o', value_name = "FILE")]
    out: Option<String>,
}

pub fn render(args: &RenderArgs) -> Result<(), UsageError> {
    if !(8.0..=400.0).contains(&args.cell_size) {
        return Err(UsageError(format!(
            "--cell-size {}: from 8 to 400 pixels",
            args.cell_size
        )));
    }
    if args.frame_ms < 20 {
        return Err(UsageError(format!(
            "--frame-ms {}: at least 20 (browsers show a shorter GIF frame for 100 ms)",
            args.frame_ms
        )));
    }
    if args.every == Some(0) {
        return Err(UsageError("--every: at least 1".into()));
    }
    let format = args
        .format
        .or_else(|| args.out.as_deref().and_then(RenderFormat::of_path))
        .unwrap_or(RenderFormat::Svg);
    let trace = tracefile::read(&args.trace).map_err(UsageError)?;
    let puzzle = trace.check().map_err(|e| UsageError(e.to_string()))?;
    if let Err(e) = sudoku_core::Configuration::parse(&trace.header.configuration) {
        // The frames are the events': a configuration this lab does not know still draws.
        eprintln!("sudoku: note: the trace's configuration does not read here: {e}");
    }
    let events = trace.events.len();
    let past_end = |flag: &str, step: usize| {
        UsageError(format!(
            "{flag} {step}: the trace has {events} events (0 to {events})"
        ))
    };
    let steps = match (args.from, args.to, args.step) {
        (Some(from), Some(to), _) => {
            if from > to {
                return Err(UsageError(format!("--from {from} is after --to {to}")));
            }
            if to > events {
                return Err(past_end("--to", to));
            }
            Steps {
                from,
                to,
                every: args.every.unwrap_or(1),
            }
        }
        (_, _, Some(step)) if step > events => return Err(past_end("--step", step)),
        (_, _, Some(step)) => Steps::at(step),
        // A GIF with no step asked is the whole run, in at most 300 frames unless told.
        _ if format == RenderFormat::Gif => Steps::whole(events, args.every, ANIMATION_FRAMES),
        _ => Steps::at(events),
    };
    if steps.count() > MAX_FRAMES {
        return Err(UsageError(format!(
            "{} frames asked; at most {MAX_FRAMES} (use --every)",
            steps.count()
        )));
    }
    let view = match args.view {
        RenderView::Board => View::Board,
        RenderView::Graph => View::Graph,
        RenderView::Circle => View::Circle,
    };
    let animation = Animation {
        view,
        style: Style {
            cell: args.cell_size,
            dark: args.dark,
        },
        candidates: args.candidates,
        frame_ms: args.frame_ms,
        hold_ms: args.hold_ms,
    };
    let rasterizer = (format == RenderFormat::Png).then(Rasterizer::new);
    // A frame as a file's bytes: SVG or PNG.
    let file = |frame: &sudoku_draw::BoardFrame| -> Result<Vec<u8>, UsageError> {
        let svg = view.svg(frame, &animation.style);
        match &rasterizer {
            None => Ok(svg.into_bytes()),
            Some(rasterizer) => rasterizer.png(&svg, 1.0).map_err(UsageError),
        }
    };
    let (puzzle, events) = (&puzzle, &trace.events[..]);
    match format {
        RenderFormat::Gif => {
            if args.out.as_deref().is_some_and(|p| p.contains(STEP)) {
                return Err(UsageError(
                    "a GIF is one file of all the frames: --out without {step}".into(),
                ));
            }
            if args.from.is_none() && args.step.is_none() && steps.every > 1 {
                eprintln!(
                    "sudoku: note: a frame every {} of the {} events, {} frames (choose with --every or --from/--to)",
                    steps.every,
                    steps.to,
                    steps.count()
                );
            }
            let bytes = animation::gif(puzzle, events, &steps, &animation).map_err(UsageError)?;
            emit(args.out.as_deref(), &bytes, format)
        }
        _ if args.from.is_some() => {
            let pattern = args
                .out
                .as_deref()
                .filter(|p| p.contains(STEP))
                .ok_or_else(|| UsageError("--from/--to write one file per frame: give --out with {step} in it (e.g. frames/{step}.svg)".into()))?;
            // Zero-padded, so the files sort in playing order.
            let width = steps.to.to_string().len();
            each_frame(puzzle, events, &steps, args.candidates, |shot| {
                let path = pattern.replace(STEP, &format!("{:0width$}", shot.step));
                std::fs::write(&path, file(&shot.frame)?)
                    .map_err(|e| UsageError(format!("{path}: {e}")))
            })
        }
        _ => {
            let mut bytes = Vec::new();
            each_frame(puzzle, events, &steps, args.candidates, |shot| {
                bytes = file(&shot.frame)?;
                Ok(())
            })?;
            emit(args.out.as_deref(), &bytes, format)
        }
    }
}

/// Writes one drawing to its file, or to standard output — but no image to a terminal.
fn emit(out: Option<&str>, bytes: &[u8], format: RenderFormat) -> Result<(), UsageError> {
    let written = match out {
        Some(path) => std::fs::write(path, bytes).map_err(|e| format!("{path}: {e}")),
        None if format != RenderFormat::Svg && std::io::stdout().is_terminal() => {
            return Err(UsageError(format!(
                "a {} image is not shown on a terminal: give --out FILE or redirect the output",
                match format {
                    RenderFormat::Png => "PNG",
                    _ => "GIF",
                }
            )))
        }
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(bytes)
                .and_then(|()| {
                    if format == RenderFormat::Svg {
                        out.write_all(b"\n")
                    } else {
                        Ok(())
                    }
                })
                .map_err(|e| e.to_string())
        }
    };
    written.map_err(UsageError)
}
