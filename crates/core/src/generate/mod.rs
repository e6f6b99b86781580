//! Grid generation: the polynomial pattern fill of the empty grid, random solved grids obtained
//! from it by validity-preserving symmetries, and unique-solution puzzles by digging holes.

pub mod pattern;
pub mod unique;

pub use pattern::{pattern_solution, random_solution, remove_cells};
pub use unique::dig_unique;
