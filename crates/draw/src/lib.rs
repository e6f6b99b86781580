//! Sudoku Lab's drawings, written once and used by every front end: a run's frame — the board
//! at one step of its trace — and its SVG. The page exports it, the CLI's `render` writes it,
//! the notebook player shows it; none of them draws the board its own way.

pub mod frame;
pub mod svg;

pub use frame::{event_cell, BoardFrame};
pub use svg::{board_svg, Style};
