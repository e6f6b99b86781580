//! What the lab hands its export dialog (a bundle of its own, loaded when "Export…" is first
//! pressed): the run shown, as its settings make it again, and what is on screen.

use serde::{Deserialize, Serialize};

use super::RunRequest;

/// The run to export and the lab's view of it, written as JSON into the dialog's element.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExportRequest {
    pub run: RunRequest,
    /// The step on screen (events applied): the SVG frame's, and where a range may start.
    pub step: usize,
    /// The stretch the lab plays (`from=`, `to=`), the animation's default range.
    pub from: usize,
    pub to: Option<usize>,
    /// `board`, `graph` or `circle` (the hypergraph is drawn by the page only: its board).
    pub view: String,
    /// The pencil marks the rules leave, as the board shows them.
    pub candidates: bool,
}
