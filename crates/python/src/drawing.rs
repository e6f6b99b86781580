//! A trace's frames for Python, drawn by `sudoku-draw` as the CLI's `render` draws them: one
//! frame as SVG or PNG with the narration's sentence, a range of frames, the run as a GIF.

use pyo3::prelude::*;
use pyo3::types::PyBytes;

use sudoku_core::trace::TraceFile;
use sudoku_core::Grid;
use sudoku_draw::animation::{self, each_frame, Animation, Steps, View, ANIMATION_FRAMES};
use sudoku_draw::raster::Rasterizer;
use sudoku_draw::Style;

use crate::error;

/// A trace file's bytes read and checked, with its puzzle.
fn read(bytes: &[u8]) -> PyResult<(TraceFile, Grid)> {
    let trace = TraceFile::read(bytes).map_err(|e| error(e.to_string()))?;
    let puzzle = trace.check().map_err(|e| error(e.to_string()))?;
    Ok((trace, puzzle))
}

/// How the trace's algorithm guesses (its captions tell a guess as it chose), from its
/// configuration; a cell's candidates for a configuration this lab does not know.
fn branching(trace: &TraceFile) -> sudoku_core::spec::Branching {
    sudoku_core::Configuration::parse(&trace.header.configuration)
        .map_or(sudoku_core::spec::Branching::Cell, |c| {
            c.algorithm.spec().branching
        })
}

fn style(cell_size: f64, dark: bool) -> PyResult<Style> {
    if !(8.0..=400.0).contains(&cell_size) {
        return Err(error(format!(
            "cell_size={cell_size}: from 8 to 400 pixels"
        )));
    }
    Ok(Style {
        cell: cell_size,
        dark,
    })
}

/// The steps asked: `first`..=`last` every `every`, the end by default.
fn steps(
    events: usize,
    first: Option<usize>,
    last: Option<usize>,
    every: usize,
) -> PyResult<Steps> {
    let last = last.unwrap_or(events);
    Steps {
        from: first.unwrap_or(last),
        to: last,
        every,
    }
    .check(events)
    .map_err(error)
}

/// Frames of a trace: (step, drawing) for each step of `first..=last` every `every`, as SVG
/// text's bytes or PNG, and the narration's sentence of each step.
#[pyfunction]
#[pyo3(signature = (bytes, first, last, every, view, candidates, dark, cell_size, png))]
#[allow(clippy::too_many_arguments)]
pub fn draw_frames(
    py: Python<'_>,
    bytes: &[u8],
    first: Option<usize>,
    last: Option<usize>,
    every: usize,
    view: &str,
    candidates: bool,
    dark: bool,
    cell_size: f64,
    png: bool,
) -> PyResult<Vec<(usize, Py<PyBytes>, String)>> {
    let (trace, puzzle) = read(bytes)?;
    let view = View::parse(view).map_err(error)?;
    let style = style(cell_size, dark)?;
    let steps = steps(trace.events.len(), first, last, every)?;
    if steps.count() > 10_000 {
        return Err(error(format!(
            "{} frames asked; at most 10000 (use every=)",
            steps.count()
        )));
    }
    let rasterizer = png.then(Rasterizer::new);
    let branching = branching(&trace);
    let drawn = py.detach(|| {
        let mut drawn = Vec::with_capacity(steps.count());
        each_frame(&puzzle, &trace.events, &steps, candidates, |shot| {
            let svg = view.svg(&shot.frame, &style);
            let file = match &rasterizer {
                None => svg.into_bytes(),
                Some(rasterizer) => rasterizer.png(&svg, 1.0)?,
            };
            drawn.push((shot.step, file, shot.caption(branching)));
            Ok::<(), String>(())
        })
        .map(|()| drawn)
    });
    let drawn = drawn.map_err(error)?;
    Ok(drawn
        .into_iter()
        .map(|(step, file, caption)| (step, PyBytes::new(py, &file).unbind(), caption))
        .collect())
}

/// One frame as SVG with its sentence, for the notebook player (a step at a time).
#[pyfunction]
#[pyo3(signature = (bytes, step, view, candidates, dark, cell_size))]
pub fn draw_step(
    bytes: &[u8],
    step: usize,
    view: &str,
    candidates: bool,
    dark: bool,
    cell_size: f64,
) -> PyResult<(String, String)> {
    let (trace, puzzle) = read(bytes)?;
    let view = View::parse(view).map_err(error)?;
    let style = style(cell_size, dark)?;
    let mut drawn = (String::new(), String::new());
    let branching = branching(&trace);
    let steps = Steps::at(step).check(trace.events.len()).map_err(error)?;
    each_frame(&puzzle, &trace.events, &steps, candidates, |shot| {
        drawn = (view.svg(&shot.frame, &style), shot.caption(branching));
        Ok::<(), String>(())
    })
    .map_err(error)?;
    Ok(drawn)
}

/// A range of a trace (the whole run in at most 300 frames by default) as a looping GIF.
#[pyfunction]
#[pyo3(signature = (bytes, first, last, every, view, candidates, dark, cell_size, frame_ms, hold_ms))]
#[allow(clippy::too_many_arguments)]
pub fn draw_gif(
    py: Python<'_>,
    bytes: &[u8],
    first: Option<usize>,
    last: Option<usize>,
    every: Option<usize>,
    view: &str,
    candidates: bool,
    dark: bool,
    cell_size: f64,
    frame_ms: u32,
    hold_ms: u32,
) -> PyResult<Py<PyBytes>> {
    let (trace, puzzle) = read(bytes)?;
    let events = trace.events.len();
    let steps = match (first, last) {
        (None, None) => Steps::whole(events, every, ANIMATION_FRAMES)
            .check(events)
            .map_err(error)?,
        _ => steps(events, Some(first.unwrap_or(0)), last, every.unwrap_or(1))?,
    };
    if frame_ms < 20 {
        return Err(error(format!(
            "frame_ms={frame_ms}: at least 20 (browsers show a shorter GIF frame for 100 ms)"
        )));
    }
    let animation = Animation {
        view: View::parse(view).map_err(error)?,
        style: style(cell_size, dark)?,
        candidates,
        frame_ms,
        hold_ms,
    };
    let gif = py
        .detach(|| animation::gif(&puzzle, &trace.events, &steps, &animation))
        .map_err(error)?;
    Ok(PyBytes::new(py, &gif).unbind())
}
