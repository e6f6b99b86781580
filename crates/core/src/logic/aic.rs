//! Alternating inference chains (AIC): the chains of X-Chain and XY-Chain with any candidates,
//! digits and cells mixed. A strong link joins two candidates of which one is true (a digit's
//! only two places in a unit, a cell's only two digits); a weak link two of which at most one is
//! (two digits of a cell, a digit in two cells that see each other). A chain from candidate A,
//! assumed false, through strong and weak links in turn to candidate E, reached true, proves "A
//! or E":
//!
//! - A and E the same digit in two cells: the digit goes from every cell that sees both;
//! - two digits of one cell: the cell's other digits go;
//! - two digits in cells that see each other: each cell loses the other end's digit;
//! - E is A itself (a discontinuous nice loop): A is true.
//!
//! The search is breadth-first from each candidate with a strong link, so the chain found is a
//! shortest one, and is bounded in length; a weak link leads only to candidates with a strong
//! link of their own (the chain goes on by one).

use std::collections::VecDeque;

use super::{Board, Link, Step, Technique};
use crate::bits::{digit_bit, digits};
use crate::size::{Geometry, Size};

/// Candidates in a chain at most.
const MAX_LINKS: usize = 12;

pub fn aic(board: &Board, geometry: &Geometry) -> Option<Step> {
    let size = board.size();
    let n = size.n();
    let id = |cell: usize, digit: u8| cell * n + usize::from(digit) - 1;
    let link_of = |node: usize, on: bool| Link {
        cell: node / n,
        digit: (node % n) as u8 + 1,
        on,
    };
    let strong = strong_links(board, geometry);
    for start in (0..strong.len()).filter(|&s| !strong[s].is_empty()) {
        // Node = candidate * 2 + (1 when true), the start false.
        let mut parent: Vec<Option<usize>> = vec![None; 2 * strong.len()];
        let mut depth = vec![usize::MAX; 2 * strong.len()];
        depth[2 * start] = 0;
        let mut queue = VecDeque::from([2 * start]);
        while let Some(node) = queue.pop_front() {
            let (candidate, on) = (node / 2, node % 2 == 1);
            if depth[node] + 1 >= MAX_LINKS {
                continue;
            }
            let mut next: Vec<usize> = Vec::new();
            if on {
                // Weak: the cell's other digits, the digit in the cell's peers.
                let (cell, digit) = (candidate / n, (candidate % n) as u8 + 1);
                next.extend(
                    digits(board.candidates(cell))
                        .filter(|&d| d != digit)
                        .map(|d| id(cell, d)),
                );
                next.extend(
                    geometry.peers[cell]
                        .iter()
                        .filter(|&&p| board.candidates(p) & digit_bit(digit) != 0)
                        .map(|&p| id(p, digit)),
                );
                next.retain(|&w| !strong[w].is_empty());
                next.iter_mut().for_each(|w| *w *= 2);
            } else {
                next.extend(strong[candidate].iter().map(|&s| 2 * s + 1));
            }
            for to in next {
                if depth[to] != usize::MAX {
                    continue;
                }
                depth[to] = depth[node] + 1;
                parent[to] = Some(node);
                if to % 2 == 1 && depth[to] >= 3 {
                    let (a, e) = (link_of(start, true), link_of(to / 2, true));
                    let (placements, eliminations) = conclusions(board, geometry, a, e);
                    if !placements.is_empty() || !eliminations.is_empty() {
                        let mut chain = vec![to];
                        while let Some(p) = parent[*chain.last().expect("not empty")] {
                            chain.push(p);
                        }
                        chain.reverse();
                        let links: Vec<Link> =
                            chain.iter().map(|&v| link_of(v / 2, v % 2 == 1)).collect();
                        let mut pattern: Vec<usize> = links.iter().map(|l| l.cell).collect();
                        pattern.dedup();
                        return Some(Step {
                            technique: Technique::Aic,
                            placements,
                            eliminations,
                            pattern,
                            units: Vec::new(),
                            digits: vec![a.digit, e.digit],
                            complexity: links.len() + 1,
                            chains: vec![links],
                        });
                    }
                }
                queue.push_back(to);
            }
        }
    }
    None
}

/// Each candidate's strong partners (index `cell * n + digit − 1`): the cell's other digit where
/// it has two, the digit's other place in each unit where it has two.
fn strong_links(board: &Board, geometry: &Geometry) -> Vec<Vec<usize>> {
    let size = board.size();
    let n = size.n();
    let mut strong: Vec<Vec<usize>> = vec![Vec::new(); size.cells() * n];
    let mut join = |a: usize, b: usize| {
        if !strong[a].contains(&b) {
            strong[a].push(b);
            strong[b].push(a);
        }
    };
    for cell in 0..size.cells() {
        let both: Vec<u8> = digits(board.candidates(cell)).collect();
        if let [x, y] = both[..] {
            join(cell * n + usize::from(x) - 1, cell * n + usize::from(y) - 1);
        }
    }
    for unit in 0..geometry.units.len() {
        for digit in 1..=n as u8 {
            if let [p, q] = board.places(geometry, unit, digit)[..] {
                let d = usize::from(digit) - 1;
                join(p * n + d, q * n + d);
            }
        }
    }
    strong
}

/// Candidates as (cell, digit).
type Candidates = Vec<(usize, u8)>;

/// What "`a` or `e`" proves: `a` placed when the chain came back to it, else the candidates
/// that cannot hold with both false.
fn conclusions(board: &Board, geometry: &Geometry, a: Link, e: Link) -> (Candidates, Candidates) {
    let size = board.size();
    let holds = |cell: usize, digit: u8| board.candidates(cell) & digit_bit(digit) != 0;
    if a == e {
        return (vec![(a.cell, a.digit)], Vec::new());
    }
    let eliminations = if a.digit == e.digit {
        geometry.peers[a.cell]
            .iter()
            .copied()
            .filter(|&c| c != e.cell && holds(c, a.digit) && size.sees(c, e.cell))
            .map(|c| (c, a.digit))
            .collect()
    } else if a.cell == e.cell {
        digits(board.candidates(a.cell))
            .filter(|&d| d != a.digit && d != e.digit)
            .map(|d| (a.cell, d))
            .collect()
    } else if size.sees(a.cell, e.cell) {
        [(a.cell, e.digit), (e.cell, a.digit)]
            .into_iter()
            .filter(|&(c, d)| holds(c, d))
            .collect()
    } else {
        Vec::new()
    };
    (Vec::new(), eliminations)
}

/// An AIC in words: "AIC: r1c2≠5 → r1c8=5 → r1c8≠3 → r4c8=3; r1c2=5 or r4c8=3, so remove …".
pub(super) fn words(size: Size, step: &Step) -> String {
    let links = &step.chains[0];
    let chain = super::nets::chain_in_words(size, links);
    let ends = super::nets::chain_in_words(size, &[links[0].negated()])
        + " or "
        + &super::nets::chain_in_words(size, &links[links.len() - 1..]);
    match step.placements.first() {
        Some(_) => format!(
            "{}: {chain}: assuming {} false makes it true, so it holds",
            step.technique.name(),
            super::nets::chain_in_words(size, &[links[0].negated()])
        ),
        None => format!(
            "{}: {chain}, each link alternately strong and weak: {ends}, so {}",
            step.technique.name(),
            super::explain::removals(size, &step.eliminations)
        ),
    }
}
