//! Nice loops (discontinuous): a chain of implications from a candidate back to itself. Assumed
//! true, a candidate that leads to its own falsehood is false; assumed false, one that leads to
//! its own truth is true. Sudoku Explainer calls these its forcing chains: a "forcing X-chain"
//! when every link is on the assumption's digit (6.6), a "forcing chain" otherwise (7.0), each
//! plus its length penalty.
//!
//! The implications are static, as SE's first chains are: a candidate true takes its digit from
//! its peers (and, through cells, the cell's other digits); a candidate false makes true the
//! digit's other place in a unit where it has two (and, through cells, the other digit of a cell
//! with two). Each search is breadth-first from one assumption, so the loop found is a shortest
//! one, and it stops where no loop could be easier than the best found so far.

use super::nets::chain_in_words;
use super::{length_penalty, Board, Link, Step, Technique};
use crate::bits::{digit_bit, digits};
use crate::size::{Geometry, Size};

/// SE's base difficulties in tenths: links on one digit only, or through cells too.
const ONE_DIGIT: u16 = 66;
const THROUGH_CELLS: u16 = 70;

/// The easiest nice loop on the board (the smallest difficulty with its length penalty, then
/// the shortest), as SE picks among its forcing chains.
pub fn nice_loop(board: &Board, geometry: &Geometry) -> Option<Step> {
    if !super::ALL_TECHNIQUES {
        return None;
    }
    let mut search = Search::new(board, geometry);
    let mut best: Best = None;
    for cell in 0..board.size.cells() {
        for digit in digits(board.candidates[cell]) {
            for on in [true, false] {
                let assumption = Link { cell, digit, on };
                let bound = best.as_ref().map(|(key, _)| *key);
                // A loop on one digit is also a loop through cells, so the search through
                // cells (bounded as loosely as one-digit loops are) tells whether to look for
                // one: most assumptions lead to no loop at all.
                let Some(through) = search.run(assumption, true, ONE_DIGIT, bound) else {
                    continue;
                };
                offer(THROUGH_CELLS, through, &mut best);
                let bound = best.as_ref().map(|(key, _)| *key);
                if let Some(found) = search.run(assumption, false, ONE_DIGIT, bound) {
                    offer(ONE_DIGIT, found, &mut best);
                }
            }
        }
    }
    best.map(|(_, chain)| step(chain))
}

/// The easiest loop so far: its key (difficulty with the length penalty, then length) and links.
type Best = Option<((u16, usize), Vec<Link>)>;

/// Keeps `found`, of `base` difficulty, if it is easier than the best so far.
fn offer(base: u16, found: Vec<Link>, best: &mut Best) {
    let key = (base + length_penalty(found.len()), found.len());
    if best.as_ref().is_none_or(|(best, _)| key < *best) {
        *best = Some((key, found));
    }
}

/// The step a loop proves: its assumption's negation.
fn step(chain: Vec<Link>) -> Step {
    let first = chain[0];
    let (placements, eliminations) = if first.on {
        (Vec::new(), vec![(first.cell, first.digit)])
    } else {
        (vec![(first.cell, first.digit)], Vec::new())
    };
    let mut pattern: Vec<usize> = Vec::new();
    for link in &chain {
        if !pattern.contains(&link.cell) {
            pattern.push(link.cell);
        }
    }
    let mut digits: Vec<u8> = chain.iter().map(|l| l.digit).collect();
    digits.sort_unstable();
    digits.dedup();
    Step {
        technique: Technique::NiceLoop,
        placements,
        eliminations,
        pattern,
        units: Vec::new(),
        digits,
        complexity: chain.len(),
        chains: vec![chain],
    }
}

/// The most links a loop of `base` difficulty may have and still be easier than `bound` (its
/// difficulty with the length penalty, then its length), at most `cap`.
fn longest_below(base: u16, bound: Option<(u16, usize)>, cap: usize) -> usize {
    let Some(bound) = bound else {
        return cap;
    };
    let mut links = 0;
    while links < cap && (base + length_penalty(links + 1), links + 1) < bound {
        links += 1;
    }
    links
}

/// A node: a candidate true or false, `(cell · n + digit − 1) · 2 + on`.
type Node = usize;

/// Breadth-first search state, reused from one assumption to the next.
struct Search<'a> {
    board: &'a Board,
    geometry: &'a Geometry,
    n: usize,
    /// The node each node was reached from, valid where `seen` holds the current round.
    parent: Vec<u32>,
    seen: Vec<u32>,
    /// Links in the chain from the assumption to each node (1 for the assumption).
    links: Vec<u32>,
    round: u32,
    queue: Vec<Node>,
}

impl<'a> Search<'a> {
    fn new(board: &'a Board, geometry: &'a Geometry) -> Search<'a> {
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
        }
    }

    fn node(&self, link: Link) -> Node {
        (link.cell * self.n + link.digit as usize - 1) * 2 + link.on as usize
    }

    fn link(&self, node: Node) -> Link {
        let candidate = node / 2;
        Link {
            cell: candidate / self.n,
            digit: (candidate % self.n) as u8 + 1,
            on: node % 2 == 1,
        }
    }

    /// The shortest loop from `assumption` to its negation whose key (difficulty with the
    /// length penalty, then length) is below `bound`, as the chain of its links.
    fn run(
        &mut self,
        assumption: Link,
        through_cells: bool,
        base: u16,
        bound: Option<(u16, usize)>,
    ) -> Option<Vec<Link>> {
        let longest = longest_below(base, bound, 2 * self.parent.len());
        self.round += 1;
        let start = self.node(assumption);
        let target = start ^ 1;
        self.queue.clear();
        self.queue.push(start);
        self.seen[start] = self.round;
        self.links[start] = 1;
        let mut next = Vec::new();
        let mut at = 0;
        while at < self.queue.len() {
            let node = self.queue[at];
            at += 1;
            // Layers come in order: past the longest, no loop is left to find.
            let links = self.links[node] + 1;
            if links as usize > longest {
                return None;
            }
            next.clear();
            self.implications(self.link(node), through_cells, &mut next);
            for &child in &next {
                if self.seen[child] == self.round {
                    continue;
                }
                self.seen[child] = self.round;
                self.parent[child] = node as u32;
                self.links[child] = links;
                if child == target {
                    return Some(self.chain(start, target));
                }
                self.queue.push(child);
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

    /// What `fact` implies at once, as nodes.
    fn implications(&self, fact: Link, through_cells: bool, out: &mut Vec<Node>) {
        let board = self.board;
        let Link { cell, digit, on } = fact;
        let bit = digit_bit(digit);
        if on {
            if through_cells {
                for other in digits(board.candidates[cell] & !bit) {
                    out.push(self.node(Link::off(cell, other)));
                }
            }
            for &peer in &self.geometry.peers[cell] {
                if board.candidates[peer] & bit != 0 {
                    out.push(self.node(Link::off(peer, digit)));
                }
            }
        } else {
            if through_cells && board.candidates[cell].count_ones() == 2 {
                let other = digits(board.candidates[cell] & !bit)
                    .next()
                    .expect("two digits");
                out.push(self.node(Link::on(cell, other)));
            }
            for &unit in &self.geometry.cell_units[cell] {
                let mut others = self.geometry.units[unit]
                    .iter()
                    .copied()
                    .filter(|&c| c != cell && board.candidates[c] & bit != 0);
                if let (Some(other), None) = (others.next(), others.next()) {
                    out.push(self.node(Link::on(other, digit)));
                }
            }
        }
    }
}

/// "nice loop: r1c2=4 → r1c5≠4 → … → r1c2≠4: assuming r1c2=4 leads to its own negation, so
/// r1c2≠4".
pub fn words(size: Size, step: &Step) -> String {
    let Some(chain) = step.chains.first() else {
        return step.technique.name().to_string();
    };
    let assumed = chain_in_words(size, &chain[..1]);
    let proved = chain_in_words(size, &[chain[0].negated()]);
    format!(
        "{}: {}: assuming {assumed} leads to its own negation, so {proved}",
        step.technique.name(),
        chain_in_words(size, chain)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::fixtures::{puzzles, HARDEST, TOP95};
    use crate::logic::Scale;

    /// Whether `to` follows from `from` at once on `board`, by the rules a loop may use.
    fn implies(board: &Board, geometry: &Geometry, from: Link, to: Link) -> bool {
        let has = |cell: usize, digit: u8| board.candidates[cell] & digit_bit(digit) != 0;
        if !has(from.cell, from.digit) || !has(to.cell, to.digit) || from.on == to.on {
            return false;
        }
        let same_cell = from.cell == to.cell && from.digit != to.digit;
        let same_digit = from.cell != to.cell && from.digit == to.digit;
        if from.on {
            same_cell || (same_digit && geometry.peers[from.cell].contains(&to.cell))
        } else {
            (same_cell && board.candidates[from.cell].count_ones() == 2)
                || (same_digit
                    && geometry.cell_units[from.cell].iter().any(|&unit| {
                        let places: Vec<usize> = geometry.units[unit]
                            .iter()
                            .copied()
                            .filter(|&c| has(c, from.digit))
                            .collect();
                        places.len() == 2 && places.contains(&to.cell)
                    }))
        }
    }

    /// On Sudoku Explainer's path through the fixtures, every nice loop is a chain of
    /// implications from its assumption to the assumption's negation, its step concludes that
    /// negation, and its length is its complexity.
    #[test]
    fn every_loop_is_a_chain_of_implications_back_to_its_assumption() {
        let mut loops = 0;
        let mut one_digit = 0;
        for puzzle in [TOP95, HARDEST].into_iter().flat_map(puzzles).take(60) {
            let geometry = Geometry::new(puzzle.size());
            let mut board = Board::with_uniqueness(&puzzle, &geometry).unwrap();
            let scale = Scale::Explainer;
            while let Some(step) = board.next_step_in(&geometry, scale.order(), &|t| scale.uses(t))
            {
                if step.technique == Technique::NiceLoop {
                    loops += 1;
                    let chain = &step.chains[0];
                    let (first, last) = (chain[0], chain[chain.len() - 1]);
                    assert_eq!(last, first.negated(), "{step:?}");
                    for pair in chain.windows(2) {
                        assert!(
                            implies(&board, &geometry, pair[0], pair[1]),
                            "{pair:?} in {step:?}"
                        );
                    }
                    assert_eq!(step.complexity, chain.len());
                    let concluded = if first.on {
                        (&step.eliminations, &step.placements)
                    } else {
                        (&step.placements, &step.eliminations)
                    };
                    assert_eq!(concluded.0, &vec![(first.cell, first.digit)]);
                    assert!(concluded.1.is_empty());
                    if chain.iter().all(|l| l.digit == first.digit) {
                        one_digit += 1;
                    }
                }
                if board.apply(&geometry, &step).is_err() {
                    panic!("{step:?} contradicts {}", puzzle.to_line());
                }
            }
        }
        // Both kinds occur: loops on one digit (SE's forcing X-chains) and through cells.
        assert!(
            loops > 20 && one_digit > 0 && one_digit < loops,
            "{loops} loops, {one_digit} on one digit"
        );
    }

    #[test]
    fn a_loop_is_told_from_its_assumption_to_its_negation() {
        let step = step(vec![
            Link::on(0, 4),
            Link::off(4, 4),
            Link::on(4, 7),
            Link::off(0, 7),
            Link::on(0, 2),
            Link::off(0, 4),
        ]);
        assert_eq!(
            words(Size::NINE, &step),
            "nice loop: r1c1=4 → r1c5≠4 → r1c5=7 → r1c1≠7 → r1c1=2 → r1c1≠4: assuming r1c1=4 leads to its own negation, so r1c1≠4"
        );
        assert_eq!(step.eliminations, vec![(0, 4)]);
        assert_eq!(step.pattern, vec![0, 4]);
    }
}
