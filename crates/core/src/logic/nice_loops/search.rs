//! The breadth-first search of nice loops over the static implications between candidates.

use super::super::{length_penalty, Board, Link};
use crate::bits::{digit_bit, digits};
use crate::size::Geometry;

/// Which links a loop may take, as Sudoku Explainer's chains are searched: between places of
/// one digit in a unit (X), within cells (Y), or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Links {
    /// On to off: the digit's peers; off to on: the digit's other place in a unit.
    X,
    /// On to off: the cell's other digits and the digit's peers; off to on: a two-digit cell's
    /// other digit.
    Y,
    Xy,
}

impl Links {
    fn through_cells(self) -> bool {
        self != Links::X
    }

    fn through_units(self) -> bool {
        self != Links::Y
    }
}

/// A node: a candidate true or false, `(cell · n + digit − 1) · 2 + on`.
type Node = usize;

/// The most links a loop of `base` difficulty may have and still be easier than `bound` (its
/// difficulty with the length penalty, then its length), at most `cap`.
pub fn longest_below(base: u16, bound: Option<(u16, usize)>, cap: usize) -> usize {
    let Some(bound) = bound else {
        return cap;
    };
    let mut links = 0;
    while links < cap && (base + length_penalty(links + 1), links + 1) < bound {
        links += 1;
    }
    links
}

/// Each node's implications by one kind of links, in the order [`implications`] gives them,
/// made the first time a breadth-first search reaches the node and kept for the rest of the
/// search (the board does not change during it): they were made again at each node of each
/// search, a fifth of the time Sudoku Explainer's scale took on top1465.
#[derive(Default)]
struct Graph {
    /// Where a node's implications are in `to` and how many: `NOT_MADE` until made.
    at: Vec<(u32, u32)>,
    to: Vec<u32>,
}

const NOT_MADE: (u32, u32) = (u32::MAX, 0);

impl Graph {
    /// Where `node`'s implications are in `to`, made by `make` if they are not yet.
    fn of(&mut self, node: Node, make: impl FnOnce(&mut dyn FnMut(Node))) -> (usize, usize) {
        if self.at[node] == NOT_MADE {
            let from = self.to.len();
            make(&mut |child| self.to.push(child as u32));
            self.at[node] = (from as u32, (self.to.len() - from) as u32);
        }
        let (from, count) = self.at[node];
        (from as usize, from as usize + count as usize)
    }
}

/// Breadth-first search state, reused from one assumption to the next.
pub struct Search<'a> {
    pub board: &'a Board,
    pub geometry: &'a Geometry,
    n: usize,
    /// The node each node was reached from, valid where `seen` holds the current round.
    parent: Vec<u32>,
    seen: Vec<u32>,
    /// Links in the chain from the assumption to each node (1 for the assumption).
    links: Vec<u32>,
    round: u32,
    queue: Vec<Node>,
    /// The graphs made so far, by [`Links`] (X, Y, XY), empty until first needed.
    graphs: [Graph; 3],
}

impl<'a> Search<'a> {
    pub fn new(board: &'a Board, geometry: &'a Geometry) -> Search<'a> {
        let nodes = 2 * board.size.cells() * board.size.n();
        Search {
            board,
            geometry,
            n: board.size.n(),
            parent: vec![0; nodes],
            seen: vec![0; nodes],
            links: vec![0; nodes],
            round: 0,
            queue: Vec::new(),
            graphs: Default::default(),
        }
    }

    /// The index in `graphs` of the graph of `links`, sized when first needed.
    fn graph(&mut self, links: Links) -> usize {
        let k = match links {
            Links::X => 0,
            Links::Y => 1,
            Links::Xy => 2,
        };
        if self.graphs[k].at.is_empty() {
            self.graphs[k].at = vec![NOT_MADE; self.parent.len()];
        }
        k
    }

    /// The most links any loop could have.
    pub fn cap(&self) -> usize {
        self.parent.len()
    }

    fn node(&self, link: Link) -> Node {
        link.node(self.n)
    }

    fn link(&self, node: Node) -> Link {
        Link::of_node(self.n, node)
    }

    /// The shortest chain of at most `longest` links from `assumption` to its negation
    /// (a discontinuous loop).
    pub fn loop_to_negation(
        &mut self,
        assumption: Link,
        links: Links,
        longest: usize,
    ) -> Option<Vec<Link>> {
        let start = self.node(assumption);
        let end = self.breadth_first(start, links, longest, Ok(start ^ 1), &mut Vec::new())?;
        Some(self.chain(start, end))
    }

    /// The loops of four links or more, and of at most `longest`, from `assumption` (true)
    /// back to itself (continuous loops), each with the assumption at both ends.
    pub fn cycles(&mut self, assumption: Link, links: Links, longest: usize) -> Vec<Vec<Link>> {
        let start = self.node(assumption);
        // The false candidates that make the assumption true: where a loop closes.
        let mut closers = Vec::new();
        for off in self.implications_of(assumption, links) {
            let mut back = Vec::new();
            self.implications(self.link(off), links, &mut back);
            if back.contains(&start) {
                closers.push(off);
            }
        }
        // Without a strong link, no loop passes through the assumption.
        if closers.is_empty() {
            return Vec::new();
        }
        let mut closing = Vec::new();
        self.breadth_first(start, links, longest, Err(&closers), &mut closing);
        closing
            .into_iter()
            .map(|(last, closer)| {
                let mut chain = self.chain(start, last);
                chain.push(self.link(closer));
                chain.push(assumption);
                chain
            })
            .collect()
    }

    /// What `fact` implies at once by `links`, as nodes.
    fn implications_of(&self, fact: Link, links: Links) -> Vec<Node> {
        let mut out = Vec::new();
        self.implications(fact, links, &mut out);
        out
    }

    /// Breadth-first from `start` up to chains of `longest` links. With a target (`Ok`), returns
    /// it when reached. With the false candidates that close a loop back to `start` (`Err`),
    /// gathers in `closing` each true node, three links or more from the start, that makes
    /// one of them false without passing through it: the loops of four links or more.
    fn breadth_first(
        &mut self,
        start: Node,
        links: Links,
        longest: usize,
        goal: Result<Node, &[Node]>,
        closing: &mut Vec<(Node, Node)>,
    ) -> Option<Node> {
        let graph = self.graph(links);
        self.round += 1;
        let round = self.round;
        let Search {
            board,
            geometry,
            n,
            graphs,
            parent,
            seen,
            links: lengths,
            queue,
            ..
        } = self;
        let (board, geometry, n) = (*board, *geometry, *n);
        let graph = &mut graphs[graph];
        queue.clear();
        queue.push(start);
        seen[start] = round;
        lengths[start] = 1;
        let mut at = 0;
        while at < queue.len() {
            let node = queue[at];
            at += 1;
            // Layers come in order: past the longest, nothing shorter is left to find.
            let length = lengths[node] + 1;
            if length as usize > longest {
                return None;
            }
            let (from, to) = graph.of(node, |push| {
                implications(board, geometry, Link::of_node(n, node), links, push)
            });
            for k in from..to {
                let child = graph.to[k] as usize;
                if let Err(closers) = goal {
                    // A loop closes on the next link: it must fit too.
                    if length >= 4
                        && (length as usize) < longest
                        && closers.contains(&child)
                        && !on_path(parent, start, node, child)
                    {
                        closing.push((node, child));
                    }
                }
                if seen[child] == round {
                    continue;
                }
                seen[child] = round;
                parent[child] = node as u32;
                lengths[child] = length;
                if goal == Ok(child) {
                    return Some(child);
                }
                queue.push(child);
            }
        }
        None
    }

    /// The links from `start` to `end` along the parents.
    fn chain(&self, start: Node, end: Node) -> Vec<Link> {
        let mut nodes = vec![end];
        let mut node = end;
        while node != start {
            node = self.parent[node] as usize;
            nodes.push(node);
        }
        nodes.iter().rev().map(|&node| self.link(node)).collect()
    }

    /// What `fact` implies at once by `links`, as nodes.
    fn implications(&self, fact: Link, links: Links, out: &mut Vec<Node>) {
        implications(self.board, self.geometry, fact, links, &mut |node| {
            out.push(node)
        });
    }
}

/// Whether `node` lies on the chain from `start` to `end`, along `parent`.
fn on_path(parent: &[u32], start: Node, end: Node, node: Node) -> bool {
    let mut at = end;
    loop {
        if at == node {
            return true;
        }
        if at == start {
            return false;
        }
        at = parent[at] as usize;
    }
}

/// What `fact` implies at once by `links` on `board`, each node given to `push`.
fn implications(
    board: &Board,
    geometry: &Geometry,
    fact: Link,
    links: Links,
    push: &mut dyn FnMut(Node),
) {
    let n = board.size.n();
    let Link { cell, digit, on } = fact;
    let bit = digit_bit(digit);
    if on {
        if links.through_cells() {
            for other in digits(board.candidates[cell] & !bit) {
                push(Link::off(cell, other).node(n));
            }
        }
        for &peer in &geometry.peers[cell] {
            if board.candidates[peer] & bit != 0 {
                push(Link::off(peer, digit).node(n));
            }
        }
    } else {
        if links.through_cells() && board.candidates[cell].count_ones() == 2 {
            let other = digits(board.candidates[cell] & !bit)
                .next()
                .expect("two digits");
            push(Link::on(cell, other).node(n));
        }
        if links.through_units() {
            for &unit in &geometry.cell_units[cell] {
                let mut others = geometry.units[unit]
                    .iter()
                    .copied()
                    .filter(|&c| c != cell && board.candidates[c] & bit != 0);
                if let (Some(other), None) = (others.next(), others.next()) {
                    push(Link::on(other, digit).node(n));
                }
            }
        }
    }
}
