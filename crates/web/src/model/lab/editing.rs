//! Editing the puzzle: loading text (any format the core reads), the library, typing on the
//! board; each leaves the current run.

use sudoku_core::grid::{char_digit, digit_char};
use sudoku_core::{cell_name, Conflict, Grid, ParseError};

use super::{Effects, Lab};

impl Lab {
    /// Leaves the current run (after the puzzle changed); a busy worker is replaced.
    pub(super) fn stopped_run(&mut self) -> Effects {
        let busy = self.is_running();
        self.run = None;
        self.playing = false;
        if busy {
            Effects::restarting_worker()
        } else {
            Effects::default()
        }
    }

    /// Puts a puzzle on the board (the caller leaves any run).
    pub(super) fn set_puzzle(&mut self, grid: Grid) {
        // What was said of the last puzzle ("fix the puzzle first…") is not said of this one.
        self.notice = None;
        self.forget_hint();
        self.bad_cells = Conflict::cells_of(&grid.conflicts());
        self.input_error = None;
        self.text = grid.to_line();
        self.selected = self.selected.min(grid.size().cells() - 1);
        self.puzzle = grid;
    }

    pub(super) fn load_text(&mut self, text: &str) {
        match Grid::parse(text) {
            Ok(grid) => self.set_puzzle(grid),
            Err(e) => {
                self.bad_cells = e.cells();
                if let ParseError::Clash { grid, .. } = &e {
                    // Show the clashing givens on the board so they can be fixed there.
                    self.selected = self.selected.min(grid.size().cells() - 1);
                    self.forget_hint();
                    self.puzzle = grid.clone();
                }
                self.input_error = Some(e.to_string());
            }
        }
    }

    /// Board editing: arrows move, a symbol sets a given, Backspace/Delete clear.
    pub(super) fn key(&mut self, cell: usize, key: &str) -> Effects {
        let size = self.size();
        let n = size.n();
        if cell >= size.cells() {
            return Effects::quiet();
        }
        let (r, c) = (cell / n, cell % n);
        let target = match key {
            "ArrowUp" => Some(((r + n - 1) % n) * n + c),
            "ArrowDown" => Some(((r + 1) % n) * n + c),
            "ArrowLeft" => Some(r * n + (c + n - 1) % n),
            "ArrowRight" => Some(r * n + (c + 1) % n),
            _ => None,
        };
        if let Some(t) = target {
            self.selected = t;
            return Effects {
                focus: Some(t),
                handled: true,
                ..Effects::default()
            };
        }
        let mut chars = key.chars();
        let value = match (key, chars.next(), chars.next()) {
            ("Backspace" | "Delete", _, _) => Some(0),
            (_, Some(ch), None) => char_digit(size, ch),
            _ => None,
        };
        let Some(v) = value else {
            return Effects::quiet();
        };
        let mut effects = self.stopped_run();
        self.forget_hint();
        let before = self.puzzle.get(cell);
        self.puzzle.set_given(cell, v);
        self.text = self.puzzle.to_line();
        self.input_error = None;
        let conflicts = self.puzzle.conflicts();
        self.bad_cells = Conflict::cells_of(&conflicts);
        // Nothing changes silently: a replaced given is said, and a clash is explained.
        let name = cell_name(size, cell);
        let clash = conflicts
            .iter()
            .find(|c| c.cells.contains(&cell))
            .map(|c| c.describe(size));
        self.notice = match (clash, before) {
            (Some(clash), _) => Some(format!("{name}: {clash}")),
            (None, old) if old != 0 && old != v && v != 0 => Some(format!(
                "{name}: the given {} is now {}",
                digit_char(size, old),
                digit_char(size, v)
            )),
            (None, old) if old != 0 && v == 0 => Some(format!(
                "{name}: the given {} cleared",
                digit_char(size, old)
            )),
            _ => None,
        };
        self.selected = cell;
        effects.focus = Some(cell);
        effects.handled = true;
        effects
    }
}
