//! `sudoku render TRACE`: a frame of a recorded run drawn as the page draws it (the board at a
//! step, as SVG), from a trace file `solve --trace` or the page wrote.

use std::io::Write;
use std::path::PathBuf;

use sudoku_draw::{board_svg, BoardFrame, Style};

use crate::{tracefile, UsageError};

/// What `render` draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RenderFormat {
    /// A standalone SVG document (vector: for print and slides).
    Svg,
}

#[derive(clap::Args)]
pub struct RenderArgs {
    /// The trace file (binary, JSON or gzip: as `solve --trace` writes them).
    trace: PathBuf,
    /// Draw the board after this many events (0: the puzzle as given; default: the end).
    #[arg(long)]
    step: Option<usize>,
    #[arg(long, value_enum, default_value_t = RenderFormat::Svg)]
    format: RenderFormat,
    /// Show the empty cells' candidates (pencil marks), as the rules leave them.
    #[arg(long)]
    candidates: bool,
    /// The page's dark colours.
    #[arg(long)]
    dark: bool,
    /// Side of a cell in pixels.
    #[arg(long, default_value_t = 40.0)]
    cell_size: f64,
    /// Write the drawing to this file instead of standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    out: Option<PathBuf>,
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
    let step = args.step.unwrap_or(events);
    if step > events {
        return Err(UsageError(format!(
            "--step {step}: the trace has {events} events (0 to {events})"
        )));
    }
    let frame = BoardFrame::after(&puzzle, &trace.events[..step], args.candidates);
    let style = Style {
        cell: args.cell_size,
        dark: args.dark,
    };
    let drawing = match args.format {
        RenderFormat::Svg => board_svg(&frame, &style),
    };
    let written = match &args.out {
        Some(path) => {
            std::fs::write(path, drawing.as_bytes()).map_err(|e| format!("{}: {e}", path.display()))
        }
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(drawing.as_bytes())
                .and_then(|()| out.write_all(b"\n"))
                .map_err(|e| e.to_string())
        }
    };
    written.map_err(UsageError)
}
