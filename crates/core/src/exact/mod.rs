//! Exact solvers: each proves a solution or that there is none (within its node budget).

pub mod backtracking;
pub mod bitmask;
pub mod brute_force;
pub mod cp;
pub mod dlx;
pub mod fc_mrv;
#[cfg(test)]
pub(crate) mod fixtures;
pub mod ilp;
pub mod norvig;
pub mod portfolio;
pub mod propagation;
pub mod sat;

pub use backtracking::Backtracking;
pub use bitmask::Bitmask;
pub use brute_force::BruteForce;
pub use cp::Cp;
pub use dlx::Dlx;
pub use fc_mrv::FcMrv;
pub use ilp::Ilp;
pub use norvig::Norvig;
pub use portfolio::{count_solutions, Portfolio};
pub use propagation::{count_solutions_within, Propagation, SolutionCount};
pub use sat::Sat;
