//! A frame: what the board shows at one step of a trace, as plain data.

use sudoku_core::{Event, Grid, Replay, Size};

/// The board at one moment of a run: its digits, which were given, the pencil marks, the cell
/// the step acted on and the decision level each value was placed at.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardFrame {
    pub size: Size,
    pub values: Vec<u8>,
    pub givens: Vec<bool>,
    /// Candidates of the empty cells (bit d − 1 for digit d), when pencil marks are shown.
    pub candidates: Option<Vec<u32>>,
    /// The cell the step acted on.
    pub current: Option<usize>,
    /// Cells a hint points at.
    pub marked: Vec<usize>,
    /// Clashing cells.
    pub bad: Vec<usize>,
    /// The decision level each value was placed at (0: before any guess); empty when unknown.
    pub placed_at: Vec<u16>,
}

/// The cell an event acts on, the one a player highlights.
pub fn event_cell(event: &Event) -> Option<usize> {
    match *event {
        Event::Guess { cell, .. }
        | Event::Assign { cell, .. }
        | Event::Eliminate { cell, .. }
        | Event::Unassign { cell, .. }
        | Event::Push { cell }
        | Event::Pop { cell }
        | Event::Weight { cell, .. } => Some(cell as usize),
        Event::Swap { a, .. } => Some(a as usize),
        Event::Restart { stuck, .. } => stuck.map(|c| c as usize),
        _ => None,
    }
}

impl BoardFrame {
    /// The puzzle as given, before any step.
    pub fn of_puzzle(puzzle: &Grid) -> BoardFrame {
        BoardFrame::after(puzzle, &[], false)
    }

    /// The board after `events` (the first steps of a trace whose every event fits the puzzle,
    /// as a read trace file's do), with the pencil marks the rules leave when `candidates`.
    pub fn after(puzzle: &Grid, events: &[Event], candidates: bool) -> BoardFrame {
        BoardFrame::of_replay(
            puzzle,
            &Replay::after(puzzle, events),
            events.last(),
            candidates,
        )
    }

    /// The board a replay has reached, `last` being the event it applied last: a range of
    /// frames replays the trace once, taking a frame at each step.
    pub fn of_replay(
        puzzle: &Grid,
        replay: &Replay,
        last: Option<&Event>,
        candidates: bool,
    ) -> BoardFrame {
        BoardFrame {
            size: puzzle.size(),
            givens: puzzle.values().iter().map(|&v| v != 0).collect(),
            candidates: candidates.then(|| replay.allowed()),
            current: last.and_then(event_cell),
            marked: Vec::new(),
            bad: Vec::new(),
            placed_at: replay.placed_at.clone(),
            values: replay.values.clone(),
        }
    }

    /// "row 1 column 2, given 5" / "row 1 column 2, 5" / "row 1 column 2, empty": what a
    /// screen reader says of a cell, on the page and in the drawing alike.
    pub fn cell_label(&self, cell: usize) -> String {
        cell_label(self.size, cell, self.values[cell], self.givens[cell])
    }
}

/// A cell's accessible label (see [`BoardFrame::cell_label`]).
pub fn cell_label(size: Size, cell: usize, value: u8, given: bool) -> String {
    let place = format!(
        "row {} column {}",
        size.row_of(cell) + 1,
        size.col_of(cell) + 1
    );
    match (value, given) {
        (0, _) => format!("{place}, empty"),
        (v, true) => format!("{place}, given {}", sudoku_core::grid::digit_char(size, v)),
        (v, false) => format!("{place}, {}", sudoku_core::grid::digit_char(size, v)),
    }
}
