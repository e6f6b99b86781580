//! Sudoku Lab core: the puzzle model for n×n grids (n = 4, 9, 16, 25), its graph and hypergraph
//! views, the observer contract every algorithm reports through, and the algorithms.
//!
//! Every algorithm is a pure function of (puzzle, parameters, seed) that reports what it does to
//! an [`Observer`]; the registry ([`Algorithm`]) is the one list the CLI and the page show.
//!
//! ```
//! use sudoku_core::{Algorithm, Grid, NullObserver, RunConfig, Status, verify_solution};
//!
//! let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
//!     .parse()
//!     .unwrap();
//! let outcome = Algorithm::Propagation.run(&puzzle, &RunConfig::default(), &mut NullObserver).unwrap();
//! assert_eq!(outcome.status, Status::Solved);
//! assert!(verify_solution(&puzzle, &outcome.grid).is_ok());
//! ```

pub mod batch;
pub mod bits;
pub mod domain;
pub mod exact;
pub mod experiment;
pub mod generate;
pub mod graph;
pub mod grid;
pub mod heuristic;
pub mod latin;
pub mod logic;
pub mod parse;
pub mod pseudocode;
pub mod recording;
pub mod registry;
pub mod report;
pub mod runs;
pub mod size;
pub mod solve;
pub mod spec;
pub mod study;
pub mod trace;
pub mod verify;
pub mod words;

pub use exact::{count_solutions, count_solutions_within, SolutionCount};
pub use graph::{Graph, Hyperedge, Hypergraph};
pub use grid::{cell_name, Conflict, Grid};
pub use parse::{
    parse_bytes, parse_bytes_with, parse_line, parse_records, parse_records_with,
    read_line_bounded, Format, Layout, Letters25, ParseError, Record, Records, Symbols,
};
pub use pseudocode::{line_of, Line, Mark};
pub use registry::{
    Algorithm, Configuration, Family, ParamError, ParamKind, ParamSpec, ParamValue, Params,
    RunConfig, WorkCounter,
};
pub use size::{Geometry, Size, Unit, UnitKind};
pub use solve::{Iteration, Limit, Limits, Outcome, Solver, Stats, Status};
pub use trace::{
    Clash, Counter, Event, Flow, NullObserver, Observer, Reason, Recorder, Replay, Rule,
};
pub use verify::{checked_answer, verify, verify_solution, VerifyError};
