//! Sudoku Lab in the browser. The page (`app`) never runs a solver: it posts a run to a worker
//! (`bin/worker.rs`, or `bin/full_worker.rs` for `ilp` and the generator, both on
//! [`worker::solver`]), receives batches of events and plays them back. The page's state and logic
//! are plain Rust in [`model`] (tested natively); `app` holds the function components and hooks
//! that draw it; [`worker`] is everything that runs in a worker; `protocol` is what crosses
//! between the two.

pub use sudoku_draw::maths;
pub mod help;
pub mod model;
pub mod protocol;
pub mod replayed;
pub mod runner;
pub mod worker;

#[cfg(target_arch = "wasm32")]
pub mod app;
