//! Grid generation: the two polynomial fills of the empty grid, random solved grids obtained
//! from it by validity-preserving symmetries, unique-solution puzzles by digging holes, and
//! minimal puzzles by level and symmetry (the generator).

pub mod generator;
pub mod givens;
pub mod pattern;
pub mod rated;
#[cfg(feature = "sat")]
pub mod removal;
pub mod symmetry;
pub mod unique;

pub use generator::{
    generate, generate_seeded, generate_seeded_where, generate_where, is_unique, minimal_from,
    minimal_puzzle, reachable, Minimality, Settings, SettingsError, Symmetry,
};
pub use givens::{check_givens, min_givens, with_givens, with_givens_seeded, GivensError};
pub use pattern::{
    fill, pattern_solution, random_solution, remove_cells, transform_randomly, transform_seeded,
    Fill,
};
pub use rated::{er_range, hodoku_level, RatedAs};
pub use unique::dig_unique;
