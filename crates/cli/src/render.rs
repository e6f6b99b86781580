//! `sudoku render TRACE`: frames of a recorded run drawn as the page draws them (the board or
//! the Sudoku graph at a step, as SVG), from a trace file of `solve --trace` or Python.

use std::io::Write;
use std::path::PathBuf;

/// Where a frame's step goes in `--out` for a range of frames.
const STEP: &str = "{step}";
/// Frames one `render` writes at most.
const MAX_FRAMES: usize = 10_000;

use sudoku_core::Replay;
use sudoku_draw::layout::GraphShape;
use sudoku_draw::{board_svg, graph_svg, BoardFrame, Style};

use crate::{tracefile, UsageError};

/// What `render` draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RenderFormat {
    /// A standalone SVG document (vector: for print and slides).
    Svg,
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
    /// Draw the board after this many events (0: the puzzle as given; default: the end).
    #[arg(long, conflicts_with_all = ["from", "to"])]
    step: Option<usize>,
    /// The first of a range of frames, one file per step (`--out` names them with `{step}`).
    #[arg(long, requires = "to")]
    from: Option<usize>,
    /// The last of the range (at most 10,000 frames).
    #[arg(long, requires = "from")]
    to: Option<usize>,
    /// Draw every N-th step of the range.
    #[arg(long, default_value_t = 1)]
    every: usize,
    #[arg(long, value_enum, default_value_t = RenderFormat::Svg)]
    format: RenderFormat,
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
    /// Write the drawing to this file instead of standard output; with --from/--to a pattern
    /// with `{step}` (e.g. `frames/{step}.svg`), one file per frame.
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
    let trace = tracefile::read(&args.trace).map_err(UsageError)?;
    let puzzle = trace.check().map_err(|e| UsageError(e.to_string()))?;
    if let Err(e) = sudoku_core::Configuration::parse(&trace.header.configuration) {
        // The frames are the events': a configuration this lab does not know still draws.
        eprintln!("sudoku: note: the trace's configuration does not read here: {e}");
    }
    let events = trace.events.len();
    let style = Style {
        cell: args.cell_size,
        dark: args.dark,
    };
    let draw = |frame: &BoardFrame| match (args.format, args.view) {
        (RenderFormat::Svg, RenderView::Board) => board_svg(frame, &style),
        (RenderFormat::Svg, RenderView::Graph) => graph_svg(frame, GraphShape::Grid, &style),
        (RenderFormat::Svg, RenderView::Circle) => graph_svg(frame, GraphShape::Circle, &style),
    };
    let past_end = |flag: &str, step: usize| {
        UsageError(format!(
            "{flag} {step}: the trace has {events} events (0 to {events})"
        ))
    };
    if let (Some(from), Some(to)) = (args.from, args.to) {
        let pattern = args
            .out
            .as_deref()
            .filter(|p| p.contains(STEP))
            .ok_or_else(|| UsageError("--from/--to write one file per frame: give --out with {step} in it (e.g. frames/{step}.svg)".into()))?;
        if from > to {
            return Err(UsageError(format!("--from {from} is after --to {to}")));
        }
        if to > events {
            return Err(past_end("--to", to));
        }
        if args.every == 0 {
            return Err(UsageError("--every: at least 1".into()));
        }
        let frames = (to - from) / args.every + 1;
        if frames > MAX_FRAMES {
            return Err(UsageError(format!(
                "{frames} frames asked; at most {MAX_FRAMES} (use --every)"
            )));
        }
        // Zero-padded, so the files sort in playing order.
        let width = to.to_string().len();
        // One replay of the trace, a frame taken at each step of the range.
        let mut replay = Replay::new(&puzzle);
        let mut applied = 0;
        for step in (from..=to).step_by(args.every) {
            for event in &trace.events[applied..step] {
                replay.apply(event);
            }
            applied = step;
            let last = step.checked_sub(1).map(|i| &trace.events[i]);
            let frame = BoardFrame::of_replay(&puzzle, &replay, last, args.candidates);
            let path = pattern.replace(STEP, &format!("{step:0width$}"));
            std::fs::write(&path, draw(&frame)).map_err(|e| UsageError(format!("{path}: {e}")))?;
        }
        return Ok(());
    }
    let step = args.step.unwrap_or(events);
    if step > events {
        return Err(past_end("--step", step));
    }
    let drawing = draw(&BoardFrame::after(
        &puzzle,
        &trace.events[..step],
        args.candidates,
    ));
    let written = match &args.out {
        Some(path) => std::fs::write(path, drawing.as_bytes()).map_err(|e| format!("{path}: {e}")),
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(drawing.as_bytes())
                .and_then(|()| out.write_all(b"\n"))
                .map_err(|e| e.to_string())
        }
    };
    written.map_err(UsageError)
}
