//! Backtracking with forward checking and the minimum-remaining-values heuristic.
//!
//! Each empty cell keeps a domain (bit set). Assigning a digit removes it from the domains of the
//! cell's empty peers (forward checking); a peer left with an empty domain is a dead end, found
//! before the search walks into it. The next cell to assign is the one with the smallest domain
//! (MRV, first in reading order on ties), found by a linear scan as in the textbook version —
//! the `propagation` solver shows the O(1) choice. Removals are recorded on a trail and undone on
//! backtracking.

use crate::bits::{digit_bit, digits};
use crate::grid::Grid;
use crate::pseudocode::{line, step, Line, Mark};
use crate::size::Geometry;
use crate::solve::{Halt, Limits, Outcome, Solver, Tracker};
use crate::spec::{max_nodes, Args, Branching, Family, IntParam, Spec, WorkCounter};
use crate::trace::{Observer, Reason, Rule};
use crate::words::prose;

/// Forward checking + MRV.
#[derive(Clone, Debug, Default)]
pub struct FcMrv {
    pub limits: Limits,
}

struct Search<'g> {
    geometry: &'g Geometry,
    values: Vec<u8>,
    domains: Vec<u32>,
    /// (cell, removed bit) pairs, undone back to a mark on backtracking.
    trail: Vec<(usize, u32)>,
}

impl Search<'_> {
    /// Places `value` and prunes it from the empty peers; `Ok(false)` on a domain wipe-out.
    fn assign<O: Observer + ?Sized>(
        &mut self,
        cell: usize,
        value: u8,
        tracker: &mut Tracker<'_, O>,
    ) -> Result<bool, Halt> {
        self.values[cell] = value;
        let bit = digit_bit(value);
        let mut wiped = false;
        for &peer in &self.geometry.peers[cell] {
            if self.values[peer] == 0 && self.domains[peer] & bit != 0 {
                self.domains[peer] &= !bit;
                self.trail.push((peer, bit));
                tracker.eliminate(peer, value, Reason::peer(cell))?;
                wiped |= self.domains[peer] == 0;
            }
        }
        Ok(!wiped)
    }

    fn undo(&mut self, cell: usize, mark: usize) {
        self.values[cell] = 0;
        for (peer, bit) in self.trail.drain(mark..) {
            self.domains[peer] |= bit;
        }
    }

    /// The empty cell with the fewest remaining values, if any cell is empty.
    fn most_constrained(&self) -> Option<usize> {
        let mut best: Option<(u32, usize)> = None;
        for (cell, &v) in self.values.iter().enumerate() {
            if v == 0 {
                let count = self.domains[cell].count_ones();
                if best.is_none_or(|(c, _)| count < c) {
                    best = Some((count, cell));
                    if count <= 1 {
                        break;
                    }
                }
            }
        }
        best.map(|(_, cell)| cell)
    }

    fn search<O: Observer + ?Sized>(
        &mut self,
        depth: u32,
        tracker: &mut Tracker<'_, O>,
    ) -> Result<bool, Halt> {
        let Some(cell) = self.most_constrained() else {
            return Ok(true);
        };
        for value in digits(self.domains[cell]) {
            tracker.guess(cell, value, depth)?;
            let mark = self.trail.len();
            if self.assign(cell, value, tracker)? && self.search(depth + 1, tracker)? {
                return Ok(true);
            }
            self.undo(cell, mark);
            tracker.backtrack(depth)?;
        }
        Ok(false)
    }
}

impl Solver for FcMrv {
    fn solve<O: Observer + ?Sized>(&mut self, puzzle: &Grid, observer: &mut O) -> Outcome {
        let geometry = Geometry::new(puzzle.size());
        let mut tracker = Tracker::new(observer, self.limits);
        let all = puzzle.size().all_digits();
        let mut search = Search {
            geometry: &geometry,
            values: vec![0; puzzle.size().cells()],
            domains: vec![all; puzzle.size().cells()],
            trail: Vec::new(),
        };
        let result = (|| {
            for cell in 0..puzzle.size().cells() {
                let v = puzzle.get(cell);
                if v != 0 {
                    if search.domains[cell] & digit_bit(v) == 0 {
                        return Ok(false);
                    }
                    search.domains[cell] = digit_bit(v);
                    if !search.assign(cell, v, &mut tracker)? {
                        // A wiped-out empty peer: no digit fits there.
                        return Ok(false);
                    }
                }
            }
            search.search(1, &mut tracker)
        })();
        let values = search.values;
        tracker.finish(
            puzzle,
            result.map(|found| found.then_some(values.as_slice())),
        )
    }
}

/// The search-node budget (0 = none).
const MAX_NODES: IntParam = max_nodes(20_000_000);

/// Forward checking with the minimum-remaining-values order.
pub const PSEUDOCODE: &[Line] = &[
    line(0, "FC-MRV(grid):"),
    line(
        1,
        "D(c) ← all digits for each cell; place each given as below",
    ),
    line(1, "SEARCH():"),
    line(
        2,
        "c ← the empty cell with the smallest domain D(c); none: return solved",
    ),
    line(2, "for v in D(c):"),
    step(3, "c ← v", &[Mark::Guess]),
    step(
        3,
        "remove v from D(p) of every empty neighbour p",
        &[Mark::Eliminate(Rule::Peer)],
    ),
    line(3, "if no D(p) is empty and SEARCH(): return solved"),
    step(
        3,
        "undo: empty c, give the neighbours v back",
        &[Mark::Backtrack],
    ),
    line(2, "return fail"),
];

/// The registry's entry for this solver.
pub const SPEC: Spec = Spec {
    id: "fc-mrv",
    name: "Forward checking + MRV",
    family: Family::Exact,
    description: prose(
        "Removes each placed digit from the peers' domains; branches on the smallest domain.",
    ),
    params: &[MAX_NODES.spec()],
    budget: Some(MAX_NODES.name),
    pseudocode: PSEUDOCODE,
    counters: &[
        WorkCounter::Nodes,
        WorkCounter::Backtracks,
        WorkCounter::Propagations,
    ],
    check: None,
    branching: Branching::Cell,
};

/// The algorithm in plain words, for newcomers (the help page, `sudoku list`).
pub const IN_PLAIN_WORDS: &str = "Keeps the digits still possible in each empty cell. Placing a digit crosses it off the cells of its row, column and box at once (forward checking), and the next guess goes to the cell with the fewest digits left (minimum remaining values), so dead ends show up early.";

impl FcMrv {
    pub fn from_args(args: &Args) -> FcMrv {
        FcMrv {
            limits: Limits::nodes(MAX_NODES.read(args).max(0) as u64),
        }
    }
}
