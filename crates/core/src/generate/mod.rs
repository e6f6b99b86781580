//! Grid generation. For now: the polynomial pattern fill of the empty grid and random solved grids
//! obtained from it by validity-preserving symmetries (used by tests and benchmarks).

pub mod pattern;

pub use pattern::{pattern_solution, random_solution, remove_cells};
