//! Sudoku Lab's drawings, written once and used by every front end: a run's frame — the board
//! at one step of its trace — and its SVG, as the board or as the Sudoku graph, and the views'
//! geometry (`layout`), which the page's graph and hypergraph views draw with too. The CLI's
//! `render` writes these drawings; none of the front ends places a cell its own way.

pub mod animation;
pub mod frame;
pub mod graph;
pub mod layout;
pub mod marks;
pub mod maths;
pub mod narration;
pub mod svg;

pub use frame::{event_cell, BoardFrame};
pub use graph::graph_svg;
pub use marks::{Mark, MarkFinder};
pub use svg::{board_svg, Style};
#[cfg(feature = "raster")]
pub mod raster;
