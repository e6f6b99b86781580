//! A human-style solver: the techniques people use, in order of difficulty, each step returned as
//! data (the technique, the digits placed, the candidates removed, the cells and units of its
//! pattern) so that a page can show and explain it, a rating can name the hardest one a puzzle
//! needs, and the `logic` algorithm can replay them (guessing, and saying so, only where no
//! technique applies). One file per technique family; every technique works on every size.

mod chains;
mod explain;
mod fish;
mod locked;
mod nets;
mod rate;
mod scale;
mod singles;
mod solver;
mod subsets;
mod technique;
#[cfg(test)]
mod tests;
mod uniqueness;
mod wings;

pub use explain::describe;
pub use rate::{
    ending, rate, rate_within, rating_and_ending, rating_line, rating_line_on, solve_path,
    solve_path_by, solves_within, tenths_of, unique_solve_path, unrated, Level, Rating,
};
pub use scale::{
    explainer, explainer_after, explainer_difficulty, explainer_of, length_penalty, tenths,
    Explainer, Scale,
};
pub use solver::{Logic, PSEUDOCODE, SPEC};
pub use technique::Technique;

use crate::bits::{digit_bit, digits};
use crate::grid::Grid;
use crate::size::{Geometry, Size};

/// Whether this build has the forcing chains (feature `forcing-chains`): without them the
/// techniques stop after XY-Chain, as in the page's first-load worker.
pub const FORCING_CHAINS: bool = cfg!(feature = "forcing-chains");

/// The largest side whose solutions are counted to let the uniqueness steps apply.
const UNIQUENESS_UP_TO: usize = 16;

/// One step of a human-style solve, as data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub technique: Technique,
    /// Digits placed: (cell, digit).
    pub placements: Vec<(usize, u8)>,
    /// Candidates removed: (cell, digit).
    pub eliminations: Vec<(usize, u8)>,
    /// The cells that make the pattern (the subset, the fish's corners, the wing's pivot first).
    pub pattern: Vec<usize>,
    /// The units the pattern lives in (flat index: rows, columns, boxes).
    pub units: Vec<usize>,
    /// The digits the pattern is about.
    pub digits: Vec<u8>,
    /// A forcing chain's branches, each from its assumption to what it proves (empty for the
    /// other techniques).
    pub chains: Vec<Vec<Link>>,
    /// How many candidates a chain's proof takes (the assumption, every fact it rests on and the
    /// conclusion, as Sudoku Explainer counts them for its length penalty); 0 for the patterns.
    pub complexity: usize,
}

impl Step {
    /// The candidates the step removes from the board: its eliminations, but a direct step's
    /// are only its reason — it places its single and leaves them to later steps, as Sudoku
    /// Explainer's direct steps do (its ratings follow from that path).
    pub fn removals(&self) -> &[(usize, u8)] {
        if self.technique.is_direct() {
            &[]
        } else {
            &self.eliminations
        }
    }
}

/// One candidate of a chain, true (`on`) or false.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Link {
    pub cell: usize,
    pub digit: u8,
    pub on: bool,
}

impl Link {
    /// A candidate, true.
    pub fn on(cell: usize, digit: u8) -> Link {
        Link {
            cell,
            digit,
            on: true,
        }
    }

    /// A candidate, false.
    pub fn off(cell: usize, digit: u8) -> Link {
        Link {
            cell,
            digit,
            on: false,
        }
    }

    /// The same candidate, the other way.
    pub fn negated(self) -> Link {
        Link {
            on: !self.on,
            ..self
        }
    }
}

/// The board proved impossible (a cell without candidates, a digit without a place in a unit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

/// Digits placed and candidates left: the state the techniques read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    size: Size,
    values: Vec<u8>,
    /// Candidates of each empty cell (0 for a placed cell).
    candidates: Vec<u32>,
    /// Whether the puzzle is known to have one solution (uniqueness steps apply).
    unique: bool,
}

impl Board {
    /// The givens placed, every empty cell with the digits its peers' givens leave.
    pub fn new(puzzle: &Grid, geometry: &Geometry) -> Result<Board, Contradiction> {
        let size = puzzle.size();
        let mut board = Board {
            size,
            values: puzzle.values().to_vec(),
            candidates: vec![0; size.cells()],
            unique: false,
        };
        for c in 0..size.cells() {
            if board.values[c] == 0 {
                let taken = geometry.peers[c]
                    .iter()
                    .fold(0u32, |m, &p| m | placed_bit(board.values[p]));
                board.candidates[c] = size.all_digits() & !taken;
            } else if geometry.peers[c]
                .iter()
                .any(|&p| board.values[p] == board.values[c])
            {
                return Err(Contradiction);
            }
        }
        board.check(geometry)?;
        Ok(board)
    }

    /// The givens placed (as [`Board::new`]), with the uniqueness steps on when the puzzle has
    /// exactly one solution — counted up to 16×16; a larger board goes without them, since
    /// counting its solutions can take longer than solving it.
    pub fn with_uniqueness(puzzle: &Grid, geometry: &Geometry) -> Result<Board, Contradiction> {
        let mut board = Board::new(puzzle, geometry)?;
        if puzzle.size().n() <= UNIQUENESS_UP_TO
            && crate::exact::count_solutions(puzzle, 2).is_unique()
        {
            board.assume_unique();
        }
        Ok(board)
    }

    pub fn size(&self) -> Size {
        self.size
    }

    /// Lets the uniqueness steps apply: the caller knows the puzzle has exactly one solution.
    pub fn assume_unique(&mut self) {
        self.unique = true;
    }

    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The candidates of an empty cell (0 for a placed one).
    pub fn candidates(&self, cell: usize) -> u32 {
        self.candidates[cell]
    }

    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The cells of `unit` where `digit` is a candidate, as a list.
    pub fn places(&self, geometry: &Geometry, unit: usize, digit: u8) -> Vec<usize> {
        let bit = digit_bit(digit);
        geometry.units[unit]
            .iter()
            .copied()
            .filter(|&c| self.candidates[c] & bit != 0)
            .collect()
    }

    /// Places `digit` in `cell` and removes it from the peers' candidates; returns the peers it
    /// was removed from.
    pub fn place(
        &mut self,
        geometry: &Geometry,
        cell: usize,
        digit: u8,
    ) -> Result<Vec<usize>, Contradiction> {
        let bit = digit_bit(digit);
        if self.values[cell] != 0 || self.candidates[cell] & bit == 0 {
            return Err(Contradiction);
        }
        self.values[cell] = digit;
        self.candidates[cell] = 0;
        let mut removed = Vec::new();
        for &p in &geometry.peers[cell] {
            if self.candidates[p] & bit != 0 {
                self.candidates[p] &= !bit;
                removed.push(p);
            }
        }
        Ok(removed)
    }

    /// Removes a candidate (no-op if it is gone).
    pub fn eliminate(&mut self, cell: usize, digit: u8) {
        self.candidates[cell] &= !digit_bit(digit);
    }

    /// Whether every empty cell keeps a candidate and every unit a place for each missing digit.
    pub fn check(&self, geometry: &Geometry) -> Result<(), Contradiction> {
        for c in 0..self.size.cells() {
            if self.values[c] == 0 && self.candidates[c] == 0 {
                return Err(Contradiction);
            }
        }
        for cells in &geometry.units {
            let (placed, open) = cells.iter().fold((0u32, 0u32), |(p, o), &c| {
                (p | placed_bit(self.values[c]), o | self.candidates[c])
            });
            if (placed | open) != self.size.all_digits() {
                return Err(Contradiction);
            }
        }
        Ok(())
    }

    /// The first step of the easiest technique that applies, or `None` when none does.
    pub fn next_step(&self, geometry: &Geometry) -> Option<Step> {
        self.next_step_within(geometry, Technique::HARDEST)
    }

    /// The first step of the easiest technique up to `hardest` that applies.
    pub fn next_step_within(&self, geometry: &Geometry, hardest: Technique) -> Option<Step> {
        self.next_step_by(geometry, &|technique| technique <= hardest)
    }

    /// The first step of the easiest technique `allowed` lets through that applies.
    pub fn next_step_by(
        &self,
        geometry: &Geometry,
        allowed: &dyn Fn(Technique) -> bool,
    ) -> Option<Step> {
        Technique::ALL
            .iter()
            .filter(|&&technique| allowed(technique))
            .filter(|technique| self.unique || !technique.assumes_uniqueness())
            .find_map(|&technique| self.find(geometry, technique))
    }

    /// The first step of one technique, if it applies.
    pub fn find(&self, geometry: &Geometry, technique: Technique) -> Option<Step> {
        technique.find(self, geometry)
    }

    /// Applies a step: its placements (with the peers' candidates) and its eliminations.
    pub fn apply(&mut self, geometry: &Geometry, step: &Step) -> Result<(), Contradiction> {
        for &(cell, digit) in step.removals() {
            self.eliminate(cell, digit);
        }
        for &(cell, digit) in &step.placements {
            self.place(geometry, cell, digit)?;
        }
        self.check(geometry)
    }
}

/// The bit of a placed digit, 0 for an empty cell.
fn placed_bit(value: u8) -> u32 {
    if value == 0 {
        0
    } else {
        digit_bit(value)
    }
}

/// The digits of a mask, as a list.
fn digit_list(mask: u32) -> Vec<u8> {
    digits(mask).collect()
}

/// Every k-element subset of `items` (k ≤ 4), in lexicographic order.
fn combinations(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut pick = Vec::with_capacity(k);
    fn walk(
        items: &[usize],
        k: usize,
        from: usize,
        pick: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if pick.len() == k {
            out.push(pick.clone());
            return;
        }
        for i in from..items.len() {
            if items.len() - i < k - pick.len() {
                break;
            }
            pick.push(items[i]);
            walk(items, k, i + 1, pick, out);
            pick.pop();
        }
    }
    walk(items, k, 0, &mut pick, &mut out);
    out
}
