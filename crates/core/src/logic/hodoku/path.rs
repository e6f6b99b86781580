//! HoDoKu's solution path. Its solver finds singles not by scanning the board but from two
//! queues, in the order they arose: a cell joins the naked-single queue when its candidates come
//! down to one, a (cell, digit) joins the hidden-single queue when the digit's places in one of
//! the cell's units come down to one — each as a candidate is removed, peers in ascending order,
//! a cell's units as row, column, box. A full house is a queued naked single that is the last
//! empty cell of a unit; a hidden single is the first queued entry whose cell is still empty,
//! and when that entry no longer holds, HoDoKu finds no hidden single this time round (it tries
//! the next technique). Which single comes first decides how many are naked (4 points) and how
//! many hidden (14), so the score follows HoDoKu's only when the path does.

use std::collections::VecDeque;

use super::ORDER;
use crate::bits::{digit_bit, digits};
use crate::grid::Grid;
use crate::logic::{Board, Ended, Step, Technique};
use crate::size::Geometry;

/// The board with HoDoKu's single queues beside it.
struct Queues<'g> {
    board: Board,
    geometry: &'g Geometry,
    /// Places of each digit in each unit (`unit * (n + 1) + digit`).
    free: Vec<u8>,
    naked: VecDeque<(usize, u8)>,
    hidden: VecDeque<(usize, u8)>,
}

impl<'g> Queues<'g> {
    /// An empty board of the puzzle's size with the givens set one by one in cell order, as
    /// HoDoKu reads a puzzle (the queues fill as it goes).
    fn new(puzzle: &Grid, geometry: &'g Geometry) -> Option<Queues<'g>> {
        let size = puzzle.size();
        let n = size.n();
        let empty = Grid::from_givens(size, &vec![0; size.cells()])?;
        let mut queues = Queues {
            board: Board::new(&empty, geometry).ok()?,
            geometry,
            free: (0..geometry.units.len() * (n + 1))
                .map(|i| if i % (n + 1) == 0 { 0 } else { n as u8 })
                .collect(),
            naked: VecDeque::new(),
            hidden: VecDeque::new(),
        };
        for (cell, &value) in puzzle.values().iter().enumerate() {
            if value != 0 {
                queues.set(cell, value)?;
            }
        }
        queues.board.assume_unique();
        queues.board.check(geometry).ok()?;
        Some(queues)
    }

    fn n(&self) -> usize {
        self.board.size().n()
    }

    /// One fewer place for `digit` in `unit`; at one left, that place joins the hidden queue.
    fn one_place_fewer(&mut self, unit: usize, digit: u8, except: Option<u8>) {
        let at = unit * (self.n() + 1) + usize::from(digit);
        self.free[at] = self.free[at].saturating_sub(1);
        if self.free[at] == 1 && except != Some(digit) {
            let bit = digit_bit(digit);
            let left = self.geometry.units[unit]
                .iter()
                .copied()
                .filter(|&c| self.board.candidates(c) & bit != 0)
                .min();
            if let Some(cell) = left {
                self.hidden.push_back((cell, digit));
            }
        }
    }

    /// Removes a candidate as HoDoKu does, queueing what it makes single.
    fn remove(&mut self, cell: usize, digit: u8) {
        if self.board.candidates(cell) & digit_bit(digit) == 0 {
            return;
        }
        self.board.eliminate(cell, digit);
        for unit in self.geometry.cell_units[cell] {
            self.one_place_fewer(unit, digit, None);
        }
        let left = self.board.candidates(cell);
        if left.count_ones() == 1 {
            self.naked
                .push_back((cell, digits(left).next().unwrap_or(0)));
        }
    }

    /// Places a digit as HoDoKu does: out of each peer (ascending), then the cell's own
    /// candidates out of its units.
    fn set(&mut self, cell: usize, digit: u8) -> Option<()> {
        if self.board.candidates(cell) & digit_bit(digit) == 0 {
            return None;
        }
        for i in 0..self.geometry.peers[cell].len() {
            self.remove(self.geometry.peers[cell][i], digit);
        }
        let own = self.board.candidates(cell);
        self.board.place(self.geometry, cell, digit).ok()?;
        for d in digits(own) {
            for unit in self.geometry.cell_units[cell] {
                self.one_place_fewer(unit, d, Some(digit));
            }
        }
        Some(())
    }

    /// A single step placing `digit` in `cell`.
    fn single(technique: Technique, cell: usize, digit: u8) -> Step {
        Step {
            technique,
            placements: vec![(cell, digit)],
            eliminations: Vec::new(),
            pattern: vec![cell],
            units: Vec::new(),
            digits: vec![digit],
            chains: Vec::new(),
            complexity: 0,
        }
    }

    fn full_house(&self) -> Option<Step> {
        let values = self.board.values();
        self.naked.iter().find_map(|&(cell, digit)| {
            let last = self.geometry.cell_units[cell].iter().any(|&unit| {
                self.geometry.units[unit]
                    .iter()
                    .all(|&c| c == cell || values[c] != 0)
            });
            (values[cell] == 0 && last).then(|| Self::single(Technique::FullHouse, cell, digit))
        })
    }

    fn naked_single(&mut self) -> Option<Step> {
        while let Some((cell, digit)) = self.naked.pop_front() {
            if self.board.values()[cell] == 0 {
                return Some(Self::single(Technique::NakedSingle, cell, digit));
            }
        }
        None
    }

    fn hidden_single(&mut self) -> Option<Step> {
        let n = self.n();
        while let Some((cell, digit)) = self.hidden.pop_front() {
            if self.board.values()[cell] == 0 {
                let holds = self.geometry.cell_units[cell]
                    .iter()
                    .any(|&unit| self.free[unit * (n + 1) + usize::from(digit)] == 1);
                let step = Self::single(Technique::HiddenSingle, cell, digit);
                return holds.then_some(step);
            }
        }
        None
    }

    fn apply(&mut self, step: &Step) -> Option<()> {
        for &(cell, digit) in step.removals() {
            self.remove(cell, digit);
        }
        for &(cell, digit) in &step.placements {
            self.set(cell, digit)?;
        }
        self.board.check(self.geometry).ok()
    }
}

/// The first step of a technique as HoDoKu finds it: subsets box first (which one comes first
/// changes the path), the rest as the lab finds them.
fn find(board: &Board, geometry: &Geometry, technique: Technique) -> Option<Step> {
    use Technique as T;
    let (k, naked) = match technique {
        T::NakedPair => (2, true),
        T::NakedTriple => (3, true),
        T::NakedQuad => (4, true),
        T::HiddenPair => (2, false),
        T::HiddenTriple => (3, false),
        T::HiddenQuad => (4, false),
        _ => return board.find(geometry, technique),
    };
    crate::logic::subsets::boxes_first(board, geometry, k, naked)
}

/// HoDoKu's solution path of a puzzle known to have one solution, and how it ended.
pub(super) fn solution_path(puzzle: &Grid, heard: &mut dyn FnMut(&Step)) -> (Vec<Step>, Ended) {
    let geometry = Geometry::new(puzzle.size());
    let Some(mut queues) = Queues::new(puzzle, &geometry) else {
        return (Vec::new(), Ended::Contradiction);
    };
    let others = |t: Technique| {
        !matches!(
            t,
            Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle
        )
    };
    let mut steps = Vec::new();
    while !queues.board.is_solved() {
        let step = match queues.full_house() {
            Some(step) => Some(step),
            None => queues
                .naked_single()
                .or_else(|| queues.hidden_single())
                .or_else(|| {
                    ORDER
                        .iter()
                        .filter(|&&t| others(t))
                        .find_map(|&t| find(&queues.board, &geometry, t))
                }),
        };
        let Some(step) = step else {
            if queues.hidden.is_empty() && queues.naked.is_empty() {
                return (steps, Ended::Stuck);
            }
            continue;
        };
        let applied = queues.apply(&step);
        heard(&step);
        steps.push(step);
        if applied.is_none() {
            return (steps, Ended::Contradiction);
        }
    }
    (steps, Ended::Solved)
}
