//! Heuristic solvers: they search a space of candidate grids and may give up within their budget.

pub mod annealing;
pub mod boxfill;
pub mod coloring;
pub mod genetic;
pub mod grasp;
pub mod tabu;

pub use annealing::Annealing;
pub use coloring::{Coloring, Origin, Traversal};
pub use genetic::{Genetic, MutationScope};
pub use grasp::Grasp;
pub use tabu::Tabu;
