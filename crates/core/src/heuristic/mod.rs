//! Heuristic solvers: they search a space of candidate grids and may give up within their budget.

pub mod coloring;

pub use coloring::{Coloring, Origin, Traversal};
