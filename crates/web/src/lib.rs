//! Sudoku Lab in the browser. The page (`app`) never runs a solver: it posts a run to the worker
//! (`bin/worker.rs`, or `bin/full_worker.rs` for `ilp`, driving [`runner`]), receives batches of events and plays them back. The
//! page's state and logic are plain Rust in [`model`] (tested natively); `app` holds the
//! function components and hooks that draw it. `protocol` is what crosses between the two.

pub mod experiment_runner;
pub mod model;
pub mod protocol;
pub mod puzzle_tools;
pub mod runner;

#[cfg(target_arch = "wasm32")]
pub mod app;
#[cfg(target_arch = "wasm32")]
pub mod solver_worker;
#[cfg(target_arch = "wasm32")]
pub mod worker_scope;
