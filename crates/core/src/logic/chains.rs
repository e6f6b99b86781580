//! Chains. A strong link joins two candidates of which one is true (a digit's only two places in
//! a unit; a cell's only two digits); a weak link joins two of which at most one is (a digit in
//! two cells that see each other; two digits of one cell). A chain alternating them, strong
//! first and last, proves that one of its two ends is true: any candidate that sees both ends
//! goes.
//!
//! X-Chain: one digit, strong links through units with two places, weak links between cells that
//! see each other (the Skyscraper, the 2-String Kite, the Turbot Fish and simple colours' trap
//! are its short forms, tried before it). XY-Chain: bivalue cells, each cell's two digits its strong link,
//! consecutive cells seeing each other and sharing the digit that passes; when the first cell's
//! other digit comes out at the end, that digit goes from every cell seeing both ends.
//!
//! Each search is breadth-first, so the chain found is a shortest one (easiest to read), and
//! bounded in length.

use std::collections::VecDeque;

use super::explain::{chain, removals};
use super::{Board, Step, Technique};
use crate::bits::{digit_bit, lowest_digit};
use crate::grid::digit_char;
use crate::size::{Geometry, Size};

/// Cells in a chain at most (longer ones are hard to follow and costly to find).
const MAX_CELLS: usize = 12;

/// Candidates (cell, digit) that see both ends of a chain, other than its cells.
fn seeing_both(board: &Board, geometry: &Geometry, chain: &[usize], digit: u8) -> Vec<(usize, u8)> {
    let (first, last) = (chain[0], chain[chain.len() - 1]);
    let bit = digit_bit(digit);
    geometry.peers[first]
        .iter()
        .copied()
        .filter(|c| board.candidates[*c] & bit != 0 && !chain.contains(c))
        .filter(|c| geometry.peers[last].contains(c))
        .map(|c| (c, digit))
        .collect()
}

/// The chain that ends at `node`, from its parents.
pub(super) fn path(parent: &[Option<usize>], mut node: usize) -> Vec<usize> {
    let mut chain = vec![node];
    while let Some(p) = parent[node] {
        chain.push(p);
        node = p;
    }
    chain.reverse();
    chain
}

/// X-Chain on one digit: from each start, breadth-first over (cell, true?) nodes, strong links
/// out of a false node, weak links out of a true one.
pub fn x_chain(board: &Board, geometry: &Geometry) -> Option<Step> {
    let cells = board.size.cells();
    for digit in 1..=board.size.n() as u8 {
        let bit = digit_bit(digit);
        let holds = |c: usize| board.candidates[c] & bit != 0;
        // Strong partners: the other place in each unit where the digit has two.
        let strong: Vec<Vec<usize>> = (0..cells)
            .map(|c| {
                if !holds(c) {
                    return Vec::new();
                }
                geometry.cell_units[c]
                    .iter()
                    .filter_map(|&u| {
                        let mut places = geometry.units[u].iter().copied().filter(|&p| holds(p));
                        match (places.next(), places.next(), places.next()) {
                            (Some(a), Some(b), None) => Some(if a == c { b } else { a }),
                            _ => None,
                        }
                    })
                    .collect()
            })
            .collect();
        for start in (0..cells).filter(|&c| !strong[c].is_empty()) {
            // Node = cell * 2 + (1 if the cell holds the digit, given the start does not).
            let mut parent: Vec<Option<usize>> = vec![None; 2 * cells];
            let mut depth = vec![usize::MAX; 2 * cells];
            let mut queue = VecDeque::new();
            depth[2 * start] = 0;
            queue.push_back(2 * start);
            while let Some(node) = queue.pop_front() {
                let (cell, on) = (node / 2, node % 2 == 1);
                if depth[node] + 1 >= MAX_CELLS {
                    continue;
                }
                let next: Vec<usize> = if on {
                    geometry.peers[cell]
                        .iter()
                        .copied()
                        .filter(|&p| holds(p))
                        .map(|p| 2 * p)
                        .collect()
                } else {
                    strong[cell].iter().map(|&p| 2 * p + 1).collect()
                };
                for n in next {
                    if depth[n] != usize::MAX || n / 2 == start {
                        continue;
                    }
                    depth[n] = depth[node] + 1;
                    parent[n] = Some(node);
                    // A true end three or more links away: one of start and end holds it.
                    if n % 2 == 1 && depth[n] >= 3 {
                        let chain: Vec<usize> = path(&parent, n).iter().map(|&x| x / 2).collect();
                        let eliminations = seeing_both(board, geometry, &chain, digit);
                        if !eliminations.is_empty() {
                            return Some(Step {
                                technique: Technique::XChain,
                                placements: Vec::new(),
                                eliminations,
                                // An eliminated candidate, assumed true, then each cell's.
                                complexity: chain.len() + 2,
                                pattern: chain,
                                units: Vec::new(),
                                digits: vec![digit],
                                chains: Vec::new(),
                            });
                        }
                    }
                    queue.push_back(n);
                }
            }
        }
    }
    None
}

/// XY-Chain: from each bivalue cell and each of its digits x (assumed false), breadth-first over
/// (cell, digit true) nodes through bivalue cells that see each other.
pub fn xy_chain(board: &Board, geometry: &Geometry) -> Option<Step> {
    let n = board.size.n();
    let cells = board.size.cells();
    let bivalue: Vec<bool> = (0..cells)
        .map(|c| board.values[c] == 0 && board.candidates[c].count_ones() == 2)
        .collect();
    for start in (0..cells).filter(|&c| bivalue[c]) {
        let both = board.candidates[start];
        for x in super::digit_list(both) {
            // Node = cell * n + (digit − 1): that digit is true in that cell.
            let mut parent: Vec<Option<usize>> = vec![None; cells * n];
            let mut length = vec![0usize; cells * n];
            let first = start * n + lowest_digit(both & !digit_bit(x)) as usize - 1;
            length[first] = 1;
            let mut queue = VecDeque::from([first]);
            while let Some(node) = queue.pop_front() {
                let (cell, on) = (node / n, (node % n) as u8 + 1);
                if length[node] >= MAX_CELLS {
                    continue;
                }
                // `on` is true here, so false in the bivalue peers that hold it: their other digit.
                for &p in &geometry.peers[cell] {
                    if !bivalue[p] || board.candidates[p] & digit_bit(on) == 0 || p == start {
                        continue;
                    }
                    let other = lowest_digit(board.candidates[p] & !digit_bit(on));
                    let next = p * n + other as usize - 1;
                    if length[next] != 0 {
                        continue;
                    }
                    length[next] = length[node] + 1;
                    parent[next] = Some(node);
                    if other == x && length[next] >= 3 {
                        let chain: Vec<usize> =
                            path(&parent, next).iter().map(|&v| v / n).collect();
                        let eliminations = seeing_both(board, geometry, &chain, x);
                        if !eliminations.is_empty() {
                            return Some(Step {
                                technique: Technique::XyChain,
                                placements: Vec::new(),
                                eliminations,
                                // An eliminated candidate, then both digits of each cell.
                                complexity: 2 * chain.len() + 2,
                                pattern: chain,
                                units: Vec::new(),
                                digits: vec![x],
                                chains: Vec::new(),
                            });
                        }
                    }
                    queue.push_back(next);
                }
            }
        }
    }
    None
}

/// A chain in words: its cells and links, and what its two ends prove.
pub(super) fn words(size: Size, step: &Step) -> String {
    let name = step.technique.name();
    if step.technique == Technique::XChain {
        return format!(
            "{name} on {}: {}, each link alternately the digit's only two places in a unit and two cells that see each other; one end holds {}, so {}",
            digit_char(size, step.digits[0]),
            chain(size, &step.pattern, "=", "-"),
            digit_char(size, step.digits[0]),
            removals(size, &step.eliminations)
        );
    }
    format!(
        "{name}: {}, cells of two digits each passing one on; one end holds {}, so {}",
        chain(size, &step.pattern, "-", "-"),
        digit_char(size, step.digits[0]),
        removals(size, &step.eliminations)
    )
}
