//! One assumption followed through: "if this candidate were true (false), then…". Every fact it
//! leads to is kept with the facts that caused it, so a conclusion can be shown as the chain
//! that proves it and measured by how many facts that chain needs.
//!
//! The implications, as forcing chains use them: a candidate true takes the cell's other
//! candidates and the digit from the cell's peers; a candidate false can leave a cell one
//! candidate or a unit one place for a digit, which is then true. A static chain only takes
//! the second kind from a cell or unit that had two candidates (places) before the assumption
//! (each fact from one cause); a dynamic one from whatever the assumption has removed so far.
//! Dynamic (+) also applies locked candidates, naked and hidden pairs and X-Wings to the board
//! the assumption leaves, and nested the contradictions of dynamic forcing chains there as well.
//! Nishio is dynamic on one digit: the assumption's digit leaves its peers, and a unit left one
//! place for it is that place; nothing passes through a cell to another digit.

use super::super::{Board, Link, Technique};
use crate::bits::{digit_bit, digits, lowest_digit};
use crate::size::Geometry;

/// How far a probe's implications reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Reach {
    Static,
    Nishio,
    Dynamic,
    Plus,
    Nested,
}

/// The techniques a dynamic (+) probe applies between singles (Sudoku Explainer's choice).
const PLUS: [Technique; 5] = [
    Technique::Pointing,
    Technique::Claiming,
    Technique::NakedPair,
    Technique::HiddenPair,
    Technique::XWing,
];

/// The largest side nested chains run on: each probe runs a whole search inside, so their cost
/// grows with the square of the candidates (16×16 boards have ten times 9×9's).
const NESTED_UP_TO: usize = 9;

/// A candidate true or false, as a number: `(cell · n + digit − 1) · 2 + on`.
pub type Node = usize;

/// A fact and its causes (indices into the probe's facts; none for the assumption).
struct Fact {
    node: Node,
    causes: std::ops::Range<usize>,
}

/// Where one assumption leads.
pub struct Probe {
    facts: Vec<Fact>,
    causes: Vec<usize>,
    /// Facts that cannot all hold, when the assumption proved impossible.
    contradiction: Option<Vec<usize>>,
}

/// A table from node to fact (+1), sized for a board, reused from probe to probe.
pub struct Scratch {
    index: Vec<u32>,
}

impl Scratch {
    pub fn new(board: &Board) -> Scratch {
        Scratch {
            index: vec![0; 2 * board.size().cells() * board.size().n()],
        }
    }
}

impl Probe {
    /// Follows `assumption` on `start` as far as `reach` allows.
    pub fn run(
        start: &Board,
        geometry: &Geometry,
        assumption: Link,
        reach: Reach,
        scratch: &mut Scratch,
    ) -> Probe {
        let mut run = Run {
            start,
            geometry,
            n: start.size().n(),
            board: start.clone(),
            reach,
            probe: Probe {
                facts: Vec::new(),
                causes: Vec::new(),
                contradiction: None,
            },
            index: &mut scratch.index,
        };
        let first = assumption.node(run.n);
        run.add(first, &[]);
        run.propagate();
        for fact in &run.probe.facts {
            run.index[fact.node] = 0;
        }
        run.probe
    }

    /// The facts that cannot all hold, if the assumption is impossible.
    pub fn contradiction(&self) -> Option<&[usize]> {
        self.contradiction.as_deref()
    }

    /// Every fact's node, in the order found (the assumption first).
    pub fn nodes(&self) -> impl Iterator<Item = Node> + '_ {
        self.facts.iter().map(|f| f.node)
    }

    /// The index of the fact about `node`, if the probe reached it.
    pub fn find(&self, node: Node) -> Option<usize> {
        self.facts.iter().position(|f| f.node == node)
    }

    /// How many facts the given ones need, themselves included (the chain's length, as
    /// Sudoku Explainer counts it).
    pub fn complexity(&self, facts: &[usize]) -> usize {
        let mut seen = vec![false; self.facts.len()];
        let mut stack: Vec<usize> = facts.to_vec();
        let mut count = 0;
        while let Some(f) = stack.pop() {
            if std::mem::replace(&mut seen[f], true) {
                continue;
            }
            count += 1;
            stack.extend(&self.causes[self.facts[f].causes.clone()]);
        }
        count
    }

    /// The chain from the assumption to a fact, through each fact's first cause.
    pub fn chain(&self, n: usize, mut fact: usize) -> Vec<Link> {
        let mut chain = vec![Link::of_node(n, self.facts[fact].node)];
        while let Some(&cause) = self.causes[self.facts[fact].causes.clone()].first() {
            chain.push(Link::of_node(n, self.facts[cause].node));
            fact = cause;
        }
        chain.reverse();
        chain
    }
}

/// Candidates removed (cell, digit), and the facts they rest on.
type Deduction = (Vec<(usize, u8)>, Vec<usize>);

/// A probe under way.
struct Run<'a> {
    start: &'a Board,
    geometry: &'a Geometry,
    n: usize,
    board: Board,
    reach: Reach,
    probe: Probe,
    index: &'a mut Vec<u32>,
}

impl Run<'_> {
    /// Records a fact (once); one whose opposite is known is a contradiction.
    fn add(&mut self, node: Node, causes: &[usize]) {
        if self.probe.contradiction.is_some() || self.index[node] != 0 {
            return;
        }
        if self.index[node ^ 1] != 0 {
            let mut facts = causes.to_vec();
            facts.push(self.index[node ^ 1] as usize - 1);
            self.probe.contradiction = Some(facts);
            return;
        }
        let from = self.probe.causes.len();
        self.probe.causes.extend_from_slice(causes);
        self.probe.facts.push(Fact {
            node,
            causes: from..self.probe.causes.len(),
        });
        self.index[node] = self.probe.facts.len() as u32;
    }

    /// The fact that a candidate of the start board is false (every removed one has one).
    fn removal(&self, cell: usize, digit: u8) -> Option<usize> {
        (self.index[Link::off(cell, digit).node(self.n)] as usize).checked_sub(1)
    }

    /// The facts that removed the start board's candidates of `cell` but `keep`.
    fn removed_in_cell(&self, cell: usize, keep: u32) -> Vec<usize> {
        digits(self.start.candidates(cell) & !keep)
            .filter_map(|d| self.removal(cell, d))
            .collect()
    }

    /// The facts that removed `digit` from the start board's places in `unit` but `keep`.
    fn removed_in_unit(&self, unit: usize, digit: u8, keep: Option<usize>) -> Vec<usize> {
        let bit = digit_bit(digit);
        self.geometry.units[unit]
            .iter()
            .filter(|&&c| Some(c) != keep && self.start.candidates(c) & bit != 0)
            .filter_map(|&c| self.removal(c, digit))
            .collect()
    }

    fn propagate(&mut self) {
        let mut next = 0;
        loop {
            while next < self.probe.facts.len() && self.probe.contradiction.is_none() {
                let fact = next;
                next += 1;
                let Link { cell, digit, on } = Link::of_node(self.n, self.probe.facts[fact].node);
                if on {
                    self.set(fact, cell, digit);
                } else {
                    self.clear(cell, digit);
                }
            }
            if self.probe.contradiction.is_some() || !self.more() {
                return;
            }
        }
    }

    /// A candidate true: the cell's others and its peers' copies go.
    fn set(&mut self, fact: usize, cell: usize, digit: u8) {
        let bit = digit_bit(digit);
        if self.reach != Reach::Nishio {
            for other in digits(self.board.candidates[cell] & !bit) {
                self.add(Link::off(cell, other).node(self.n), &[fact]);
            }
        }
        for i in 0..self.geometry.peers[cell].len() {
            let peer = self.geometry.peers[cell][i];
            if self.board.candidates[peer] & bit != 0 {
                self.add(Link::off(peer, digit).node(self.n), &[fact]);
            }
        }
        self.board.values[cell] = digit;
        self.board.candidates[cell] &= !bit;
    }

    /// A candidate false: its cell may be left one candidate, its units one place.
    fn clear(&mut self, cell: usize, digit: u8) {
        let bit = digit_bit(digit);
        if self.board.candidates[cell] & bit == 0 {
            return;
        }
        self.board.candidates[cell] &= !bit;
        let dynamic = self.reach != Reach::Static;
        if self.board.values[cell] == 0 && self.reach != Reach::Nishio {
            let left = self.board.candidates[cell];
            // A static chain's contradiction is a candidate both true and false (Sudoku
            // Explainer's): a cell of two candidates emptied is one (the second, true, against
            // its removal); one of more, emptied by several chains, a multiple chain's.
            if left == 0 && (dynamic || self.start.candidates(cell).count_ones() == 2) {
                self.probe.contradiction = Some(self.removed_in_cell(cell, 0));
                return;
            }
            if left.count_ones() == 1 && (dynamic || self.start.candidates(cell).count_ones() == 2)
            {
                let causes = self.removed_in_cell(cell, left);
                self.add(Link::on(cell, lowest_digit(left)).node(self.n), &causes);
            }
        }
        for unit in self.geometry.cell_units[cell] {
            let cells = &self.geometry.units[unit];
            if cells.iter().any(|&c| self.board.values[c] == digit) {
                continue;
            }
            let mut places = cells
                .iter()
                .copied()
                .filter(|&c| self.board.candidates[c] & bit != 0);
            let before = || {
                cells
                    .iter()
                    .filter(|&&c| self.start.candidates(c) & bit != 0)
                    .count()
            };
            match (places.next(), places.next()) {
                (None, _) if dynamic || before() == 2 => {
                    self.probe.contradiction = Some(self.removed_in_unit(unit, digit, None));
                    return;
                }
                (Some(last), None) if dynamic || before() == 2 => {
                    let causes = self.removed_in_unit(unit, digit, Some(last));
                    self.add(Link::on(last, digit).node(self.n), &causes);
                }
                _ => {}
            }
        }
    }

    /// Dynamic (+) and nested: one more deduction on the board the probe has reached, as new
    /// facts; false when there is none.
    fn more(&mut self) -> bool {
        if self.reach < Reach::Plus {
            return false;
        }
        let found = PLUS
            .iter()
            .find_map(|&t| self.board.find(self.geometry, t))
            .map(|step| {
                let mut causes = Vec::new();
                for &c in &step.pattern {
                    causes.extend(self.removed_in_cell(c, 0));
                }
                for &u in &step.units {
                    for &d in &step.digits {
                        causes.extend(self.removed_in_unit(u, d, None));
                    }
                }
                (step.eliminations, causes)
            })
            .or_else(|| self.nested());
        let Some((eliminations, mut causes)) = found else {
            return false;
        };
        causes.sort_unstable();
        causes.dedup();
        let before = self.probe.facts.len();
        for (cell, digit) in eliminations {
            self.add(Link::off(cell, digit).node(self.n), &causes);
        }
        self.probe.facts.len() > before || self.probe.contradiction.is_some()
    }

    /// Nested: the candidates a dynamic forcing chain proves false on the probe's board (all
    /// of them, in one pass); they rest on everything the probe has found.
    fn nested(&self) -> Option<Deduction> {
        if self.reach < Reach::Nested || self.n > NESTED_UP_TO {
            return None;
        }
        let eliminations = super::contradictions(&self.board, self.geometry, Reach::Dynamic);
        (!eliminations.is_empty()).then(|| (eliminations, (0..self.probe.facts.len()).collect()))
    }
}
