//! Sudoku Lab in the browser. The page (`app`) never runs a solver: it posts a run to the worker
//! (`bin/worker.rs`, driving [`runner`]), receives batches of events and plays them back with the
//! [`timeline`]. `protocol` is what crosses between the two.

pub mod protocol;
pub mod runner;
pub mod timeline;

#[cfg(target_arch = "wasm32")]
pub mod app;
