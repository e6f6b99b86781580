//! A human-style solver: the techniques people use, in order of difficulty, each step returned as
//! data (the technique, the digits placed, the candidates removed, the cells and units of its
//! pattern) so that a page can show and explain it, a rating can name the hardest one a puzzle
//! needs, and the `logic` algorithm can replay them (guessing, and saying so, only where no
//! technique applies). One file per technique family; every technique works on every size.

mod chains;
mod explain;
mod fish;
mod locked;
mod rate;
mod singles;
mod solver;
mod subsets;
#[cfg(test)]
mod tests;
mod wings;

pub use explain::describe;
pub use rate::{ending, rate, rating_line, rating_line_with, solve_path, Level, Rating};
pub use solver::{Logic, PSEUDOCODE, SPEC};

use crate::bits::{digit_bit, digits};
use crate::grid::Grid;
use crate::size::{Geometry, Size};

/// The techniques, easiest first (the order they are tried in; [`Technique::difficulty`] grows
/// along it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// The last empty cell of a unit.
    FullHouse,
    /// A digit with one place left in a unit.
    HiddenSingle,
    /// A cell with one candidate left.
    NakedSingle,
    /// A box's candidates for a digit all in one row or column: not elsewhere in that line.
    Pointing,
    /// A row's or column's candidates for a digit all in one box: not elsewhere in that box.
    Claiming,
    NakedPair,
    XWing,
    HiddenPair,
    NakedTriple,
    Swordfish,
    HiddenTriple,
    XyWing,
    WWing,
    XyzWing,
    NakedQuad,
    Jellyfish,
    HiddenQuad,
    /// One digit's alternating chain of strong and weak links (see `chains`).
    XChain,
    /// A chain of bivalue cells.
    XyChain,
}

impl Technique {
    pub const ALL: [Technique; 19] = [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::XyWing,
        Technique::WWing,
        Technique::XyzWing,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::XChain,
        Technique::XyChain,
    ];

    /// Its id in the CLI's output and the page's explanations.
    pub fn id(self) -> &'static str {
        match self {
            Technique::FullHouse => "full-house",
            Technique::HiddenSingle => "hidden-single",
            Technique::NakedSingle => "naked-single",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked-pair",
            Technique::HiddenPair => "hidden-pair",
            Technique::NakedTriple => "naked-triple",
            Technique::XWing => "x-wing",
            Technique::HiddenTriple => "hidden-triple",
            Technique::XyWing => "xy-wing",
            Technique::WWing => "w-wing",
            Technique::Swordfish => "swordfish",
            Technique::XyzWing => "xyz-wing",
            Technique::NakedQuad => "naked-quad",
            Technique::Jellyfish => "jellyfish",
            Technique::HiddenQuad => "hidden-quad",
            Technique::XChain => "x-chain",
            Technique::XyChain => "xy-chain",
        }
    }

    /// Its name in sentences.
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "full house",
            Technique::HiddenSingle => "hidden single",
            Technique::NakedSingle => "naked single",
            Technique::Pointing => "pointing (locked candidates)",
            Technique::Claiming => "claiming (locked candidates)",
            Technique::NakedPair => "naked pair",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::XWing => "X-Wing",
            Technique::HiddenTriple => "hidden triple",
            Technique::XyWing => "XY-Wing",
            Technique::WWing => "W-Wing",
            Technique::Swordfish => "Swordfish",
            Technique::XyzWing => "XYZ-Wing",
            Technique::NakedQuad => "naked quad",
            Technique::Jellyfish => "Jellyfish",
            Technique::HiddenQuad => "hidden quad",
            Technique::XChain => "X-Chain",
            Technique::XyChain => "XY-Chain",
        }
    }

    /// Its difficulty on a scale after Sudoku Explainer's (1.0 a full house … 5.4 a hidden quad,
    /// 6.6 an X-Chain, 7.0 an XY-Chain); a puzzle's rating is its hardest step's.
    pub fn difficulty(self) -> f32 {
        match self {
            Technique::FullHouse => 1.0,
            Technique::HiddenSingle => 1.5,
            Technique::NakedSingle => 2.3,
            Technique::Pointing => 2.6,
            Technique::Claiming => 2.8,
            Technique::NakedPair => 3.0,
            Technique::HiddenPair => 3.4,
            Technique::NakedTriple => 3.6,
            Technique::XWing => 3.2,
            Technique::HiddenTriple => 4.0,
            Technique::XyWing => 4.2,
            Technique::WWing => 4.3,
            Technique::Swordfish => 3.8,
            Technique::XyzWing => 4.4,
            Technique::NakedQuad => 5.0,
            Technique::Jellyfish => 5.2,
            Technique::HiddenQuad => 5.4,
            Technique::XChain => 6.6,
            Technique::XyChain => 7.0,
        }
    }

    /// Its number (the index in [`Technique::ALL`]), as events carry it.
    pub fn index(self) -> u16 {
        Technique::ALL.iter().position(|&t| t == self).unwrap_or(0) as u16
    }

    pub fn from_index(index: u16) -> Option<Technique> {
        Technique::ALL.get(index as usize).copied()
    }

    pub fn from_id(id: &str) -> Option<Technique> {
        Technique::ALL.into_iter().find(|t| t.id() == id)
    }
}

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
}

impl Board {
    /// The givens placed, every empty cell with the digits its peers' givens leave.
    pub fn new(puzzle: &Grid, geometry: &Geometry) -> Result<Board, Contradiction> {
        let size = puzzle.size();
        let mut board = Board {
            size,
            values: puzzle.values().to_vec(),
            candidates: vec![0; size.cells()],
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

    pub fn size(&self) -> Size {
        self.size
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
        Technique::ALL
            .iter()
            .find_map(|&technique| self.find(geometry, technique))
    }

    /// The first step of one technique, if it applies.
    pub fn find(&self, geometry: &Geometry, technique: Technique) -> Option<Step> {
        match technique {
            Technique::FullHouse => singles::full_house(self, geometry),
            Technique::HiddenSingle => singles::hidden_single(self, geometry),
            Technique::NakedSingle => singles::naked_single(self, geometry),
            Technique::Pointing => locked::pointing(self, geometry),
            Technique::Claiming => locked::claiming(self, geometry),
            Technique::NakedPair => subsets::naked(self, geometry, 2),
            Technique::NakedTriple => subsets::naked(self, geometry, 3),
            Technique::NakedQuad => subsets::naked(self, geometry, 4),
            Technique::HiddenPair => subsets::hidden(self, geometry, 2),
            Technique::HiddenTriple => subsets::hidden(self, geometry, 3),
            Technique::HiddenQuad => subsets::hidden(self, geometry, 4),
            Technique::XWing => fish::fish(self, geometry, 2),
            Technique::Swordfish => fish::fish(self, geometry, 3),
            Technique::Jellyfish => fish::fish(self, geometry, 4),
            Technique::XyWing => wings::xy_wing(self, geometry),
            Technique::XyzWing => wings::xyz_wing(self, geometry),
            Technique::WWing => wings::w_wing(self, geometry),
            Technique::XChain => chains::x_chain(self, geometry),
            Technique::XyChain => chains::xy_chain(self, geometry),
        }
    }

    /// Applies a step: its placements (with the peers' candidates) and its eliminations.
    pub fn apply(&mut self, geometry: &Geometry, step: &Step) -> Result<(), Contradiction> {
        for &(cell, digit) in &step.placements {
            self.place(geometry, cell, digit)?;
        }
        for &(cell, digit) in &step.eliminations {
            self.eliminate(cell, digit);
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
