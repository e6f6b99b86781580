//! Replaying a trace: the board rebuilt from the events alone, as the page's player does.

use super::Event;

/// Rebuilds the board from a trace, as the page's player does: values, candidates and one saved
/// state per open decision level. Candidates are only meaningful for solvers that report eliminations.
#[derive(Clone, Debug)]
pub struct Replay {
    pub values: Vec<u8>,
    pub candidates: Vec<u32>,
    /// The traversal's frontier, in the order the cells entered it.
    pub frontier: Vec<u16>,
    /// Candidate weights (cell × n + digit − 1), once a solver reported any
    /// ([`Event::Weight`]); empty otherwise.
    pub weights: Vec<f32>,
    /// The decision level each cell's value was placed at (0: before any guess), what the
    /// page tints the board by; meaningful only where the cell has a value. A back-jump needs no
    /// copy of it: the values it restores were placed below the level it undoes.
    pub placed_at: Vec<u16>,
    levels: Vec<(Vec<u8>, Vec<u32>)>,
    /// The puzzle's state, which a restart returns to.
    start: (Vec<u8>, Vec<u32>),
}

/// `candidates` less, in each empty cell, the digits its row, column and box hold in `values`.
fn allowed(values: &[u8], candidates: &[u32]) -> Vec<u32> {
    let Some(size) = crate::size::Size::from_cell_count(values.len()) else {
        return candidates.to_vec();
    };
    let mut used = vec![0u32; size.unit_count()];
    for (cell, &value) in values.iter().enumerate() {
        if value != 0 {
            for unit in size.units_of(cell) {
                used[unit] |= crate::bits::digit_bit(value);
            }
        }
    }
    values
        .iter()
        .zip(candidates)
        .enumerate()
        .map(|(cell, (&value, &candidates))| {
            if value != 0 {
                candidates
            } else {
                let [a, b, c] = size.units_of(cell);
                candidates & !(used[a] | used[b] | used[c])
            }
        })
        .collect()
}

impl Replay {
    /// Starts from a puzzle: givens placed, every empty cell with all n candidates.
    pub fn new(puzzle: &crate::grid::Grid) -> Replay {
        let all = puzzle.size().all_digits();
        let values = puzzle.values().to_vec();
        let candidates: Vec<u32> = values
            .iter()
            .map(|&v| {
                if v == 0 {
                    all
                } else {
                    crate::bits::digit_bit(v)
                }
            })
            .collect();
        Replay {
            start: (values.clone(), candidates.clone()),
            placed_at: vec![0; values.len()],
            values,
            candidates,
            frontier: Vec::new(),
            weights: Vec::new(),
            levels: Vec::new(),
        }
    }

    /// The board after a whole trace from the puzzle.
    pub fn after<'e>(
        puzzle: &crate::grid::Grid,
        events: impl IntoIterator<Item = &'e Event>,
    ) -> Replay {
        let mut replay = Replay::new(puzzle);
        for event in events {
            replay.apply(event);
        }
        replay
    }

    /// Open decision levels.
    pub fn depth(&self) -> usize {
        self.levels.len()
    }

    /// The candidates as they were before the latest open guess (what it chose from), as the
    /// rules leave them (see [`Replay::allowed`]).
    pub fn candidates_before_guess(&self) -> Option<Vec<u32>> {
        self.levels
            .last()
            .map(|(values, candidates)| allowed(values, candidates))
    }

    /// The candidates as the rules leave them: those the trace did not remove, less every digit
    /// a peer holds. A solver that reports no eliminations (dlx, backtracking) still gets pencil
    /// marks that keep the rules, not every digit in every empty cell.
    pub fn allowed(&self) -> Vec<u32> {
        allowed(&self.values, &self.candidates)
    }

    pub fn apply(&mut self, event: &Event) {
        match *event {
            Event::Guess { cell, value, depth } => {
                self.levels.truncate(depth.saturating_sub(1) as usize);
                self.levels
                    .push((self.values.clone(), self.candidates.clone()));
                self.values[cell as usize] = value;
                self.candidates[cell as usize] = crate::bits::digit_bit(value);
                self.placed_at[cell as usize] = self.levels.len().min(u16::MAX as usize) as u16;
            }
            Event::Assign { cell, value, .. } => {
                self.placed_at[cell as usize] = self.levels.len().min(u16::MAX as usize) as u16;
                self.values[cell as usize] = value;
                self.candidates[cell as usize] = crate::bits::digit_bit(value);
            }
            Event::Eliminate { cell, value, .. } => {
                self.candidates[cell as usize] &= !crate::bits::digit_bit(value);
            }
            Event::Backtrack { depth } => {
                let level = depth.saturating_sub(1) as usize;
                if level < self.levels.len() {
                    let (values, candidates) = self.levels.swap_remove(level);
                    self.levels.truncate(level);
                    self.values = values;
                    self.candidates = candidates;
                }
            }
            Event::Unassign { cell, .. } => self.values[cell as usize] = 0,
            Event::Swap { a, b } => self.values.swap(a as usize, b as usize),
            Event::Push { cell } => self.frontier.push(cell),
            Event::Pop { cell } => {
                if let Some(i) = self.frontier.iter().rposition(|&c| c == cell) {
                    self.frontier.remove(i);
                }
            }
            Event::Restart { .. } | Event::Handover { .. } => {
                self.levels.clear();
                self.frontier.clear();
                self.values.clone_from(&self.start.0);
                self.candidates.clone_from(&self.start.1);
            }
            Event::Weight {
                cell,
                value,
                weight,
            } => {
                let n = self.values.len().isqrt();
                if self.weights.is_empty() {
                    self.weights = vec![0.0; self.values.len() * n];
                }
                if let Some(w) = self.weights.get_mut(cell as usize * n + value as usize - 1) {
                    *w = weight;
                }
            }
            Event::Iteration { .. }
            | Event::Generation { .. }
            | Event::Temperature { .. }
            | Event::Conflict { .. }
            | Event::SearchRestart { .. } => {}
        }
    }
}
