//! The workers' side: what runs in a Web Worker, kept free of browser types where it can be so
//! it is tested natively. [`crate::runner`] runs a solver and batches its events, [`tools`] answers about
//! the puzzle itself (hint, rating, generator) and [`progress`] tells how far a long one has come, [`experiment`] runs an experiment's jobs and
//! plans; `serve` is the one message loop both worker kinds run (request in, replies out), and
//! `solver` is the solvers' worker on it (`experiment::start` the experiments'); `open` fetches a
//! trace file for [`crate::replayed`] to play.

pub mod experiment;
pub mod progress;
pub mod study;
pub mod tools;

#[cfg(all(target_arch = "wasm32", feature = "full"))]
pub mod open;
#[cfg(target_arch = "wasm32")]
pub mod serve;
#[cfg(target_arch = "wasm32")]
pub mod solver;
