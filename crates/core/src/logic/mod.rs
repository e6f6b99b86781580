//! A human-style solver: the techniques people use, in order of difficulty, each step returned as
//! data (the technique, the digits placed, the candidates removed, the cells and units of its
//! pattern) so that a page can show and explain it, a rating can name the hardest one a puzzle
//! needs, and the `logic` algorithm can replay them (guessing, and saying so, only where no
//! technique applies). One file per technique family; every technique works on every size.

mod aic;
mod als;
mod als_chain;
mod cell_set;
mod chains;
mod colours;
mod explain;
mod finned_fish;
mod fish;
mod hodoku;
mod locked;
mod nets;
mod nice_loops;
mod rate;
mod remote_pairs;
mod scale;
mod single_digit;
mod singles;
mod solver;
mod subset_search;
mod subsets;
mod sue_de_coq;
mod technique;
#[cfg(test)]
mod tests;
mod uniqueness;
mod wings;

pub use explain::describe;
pub use hodoku::{
    hodoku_of, hodoku_path, hodoku_path_heard, hodoku_unique, step_score as hodoku_step_score,
    Hodoku, HodokuLevel, ORDER as HODOKU_ORDER,
};
pub use rate::{
    ending, rate, rate_within, rating_and_ending, rating_line, rating_line_on, solve_path,
    solve_path_by, solve_path_heard, solves_within, tenths_of, unique_solve_path,
    unique_solve_path_heard, unrated, Level, Rating,
};
pub use scale::{
    explainer, explainer_after, explainer_after_heard, explainer_difficulty, explainer_of,
    explainer_unique, length_penalty, tenths, Explainer, Scale,
};
pub use solver::{Logic, IN_PLAIN_WORDS, PSEUDOCODE, SPEC};
pub use technique::Technique;

use crate::bits::{digit_bit, digits};
use crate::grid::Grid;
use crate::size::{Geometry, Size, MAX_BOX};
use subset_search::first_subset;

/// The most digits a grid has (25×25).
const MAX_N: usize = MAX_BOX * MAX_BOX;

/// Whether this build has every technique (feature `all-techniques`): without it the techniques
/// from [`Technique::FIRST_LEFT_OUT`] on find nothing (the single-digit patterns and the forcing
/// chains, whose code the page's first-load worker leaves out).
pub const ALL_TECHNIQUES: bool = cfg!(feature = "all-techniques");

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
    /// A step of `technique` that places and removes nothing: what a scale's table or a test
    /// asks the technique itself is worth.
    pub fn bare(technique: Technique) -> Step {
        Step {
            technique,
            placements: Vec::new(),
            eliminations: Vec::new(),
            pattern: Vec::new(),
            units: Vec::new(),
            digits: Vec::new(),
            chains: Vec::new(),
            complexity: 0,
        }
    }

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
    /// The link as a number among an n×n board's candidates, `(cell · n + digit − 1) · 2 + on`:
    /// the chain searches' index into their per-candidate tables.
    pub(crate) fn node(self, n: usize) -> usize {
        (self.cell * n + self.digit as usize - 1) * 2 + self.on as usize
    }

    /// The link numbered `node` ([`Link::node`]'s inverse).
    pub(crate) fn of_node(n: usize, node: usize) -> Link {
        let candidate = node / 2;
        Link {
            cell: candidate / n,
            digit: (candidate % n) as u8 + 1,
            on: node % 2 == 1,
        }
    }

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
        Self::cells_at(geometry, unit, self.place_mask(geometry, unit, digit))
    }

    /// The cells of `unit` at the positions `mask` marks (see [`Board::unit_places`]), in the
    /// unit's order.
    pub fn cells_at(geometry: &Geometry, unit: usize, mask: u32) -> Vec<usize> {
        let cells = &geometry.units[unit];
        let mut at = Vec::new();
        // The set bits as digits (bit i is digit i + 1): the iterator the techniques already use.
        for d in digits(mask) {
            at.push(cells[usize::from(d) - 1]);
        }
        at
    }

    /// Where `digit` may go in `unit`, as a mask of positions in the unit (bit `i`: the unit's
    /// `i`-th cell).
    pub fn place_mask(&self, geometry: &Geometry, unit: usize, digit: u8) -> u32 {
        let bit = digit_bit(digit);
        geometry.units[unit]
            .iter()
            .enumerate()
            .fold(0, |m, (i, &c)| {
                m | u32::from(self.candidates[c] & bit != 0) << i
            })
    }

    /// Where each digit may go in `unit`, as masks of positions in the unit (bit `i` of entry
    /// `d`: the unit's `i`-th cell may hold `d`; entry 0 unused): one pass over the unit, to
    /// count and join places without collecting them.
    pub fn unit_places(&self, geometry: &Geometry, unit: usize) -> [u32; MAX_N + 1] {
        let mut places = [0u32; MAX_N + 1];
        for (i, &cell) in geometry.units[unit].iter().enumerate() {
            for d in digits(self.candidates[cell]) {
                places[usize::from(d)] |= 1 << i;
            }
        }
        places
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
        self.next_step_in(geometry, Technique::ALL, allowed)
    }

    /// The first step of the first technique of `order` that `allowed` lets through and that
    /// applies (a scale's own order: see [`Scale::order`]).
    pub fn next_step_in(
        &self,
        geometry: &Geometry,
        order: &[Technique],
        allowed: &dyn Fn(Technique) -> bool,
    ) -> Option<Step> {
        order
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

    /// Takes the easiest step `allowed` lets through, again and again, until the board is
    /// solved, no technique applies, or a step meets a contradiction (the givens, or a digit
    /// taken out by the caller, admit no solution); `taken` hears every step applied, the
    /// contradicting one included. The one loop of the rating, its cheaper tests and the
    /// generator's removal test.
    pub fn solve_by(
        &mut self,
        geometry: &Geometry,
        allowed: &dyn Fn(Technique) -> bool,
        taken: impl FnMut(Step),
    ) -> Ended {
        self.solve_in(geometry, Technique::ALL, allowed, taken)
    }

    /// [`Board::solve_by`], trying the techniques in `order`.
    pub fn solve_in(
        &mut self,
        geometry: &Geometry,
        order: &[Technique],
        allowed: &dyn Fn(Technique) -> bool,
        mut taken: impl FnMut(Step),
    ) -> Ended {
        while !self.is_solved() {
            let Some(step) = self.next_step_in(geometry, order, allowed) else {
                return Ended::Stuck;
            };
            let applied = self.apply(geometry, &step);
            taken(step);
            if applied.is_err() {
                return Ended::Contradiction;
            }
        }
        Ended::Solved
    }
}

/// How [`Board::solve_by`] ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ended {
    Solved,
    /// No technique allowed applies: the board is left as far as they took it.
    Stuck,
    Contradiction,
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
