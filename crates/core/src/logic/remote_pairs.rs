//! Remote pairs: cells that all hold the same two candidates {a, b} and nothing else, each
//! seeing the next, make a chain along which a and b alternate (a cell's digit is the one its
//! neighbour does not take). Two cells an odd number of links apart hold one a and one b between
//! them, so a cell that sees both holds neither. One link apart is a naked pair; HoDoKu's Remote
//! Pair, as here, needs three links or more (four cells).

use std::collections::VecDeque;

use super::chains::path;
use super::explain::{chain, removals};
use super::wings::seeing_all;
use super::{digit_list, Board, Step, Technique};
use crate::grid::digit_char;
use crate::size::{Geometry, Size};

/// The first remote pair that removes a candidate: for each pair of digits, a shortest chain
/// (three links, then five, …) between two of its cells, found breadth-first from each.
pub fn remote_pair(board: &Board, geometry: &Geometry) -> Option<Step> {
    let cells = board.size().cells();
    let bivalue = |c: usize| board.values()[c] == 0 && board.candidates(c).count_ones() == 2;
    let mut pairs: Vec<u32> = (0..cells)
        .filter(|&c| bivalue(c))
        .map(|c| board.candidates(c))
        .collect();
    pairs.sort_unstable();
    pairs.dedup();
    for pair in pairs {
        let members: Vec<usize> = (0..cells)
            .filter(|&c| board.candidates(c) == pair)
            .collect();
        if members.len() < 4 {
            continue;
        }
        let pair_digits = digit_list(pair);
        let searches: Vec<_> = (0..members.len())
            .map(|start| breadth_first(board.size(), &members, start))
            .collect();
        // The shortest chain first: three links, then five, …
        for links in (3..members.len()).step_by(2) {
            for (start, (order, parent, depth)) in searches.iter().enumerate() {
                for &end in order
                    .iter()
                    .filter(|&&end| end > start && depth[end] == links)
                {
                    let ends = [members[start], members[end]];
                    let eliminations: Vec<(usize, u8)> = pair_digits
                        .iter()
                        .flat_map(|&d| seeing_all(board, geometry, &ends, d))
                        .collect();
                    if eliminations.is_empty() {
                        continue;
                    }
                    return Some(Step {
                        technique: Technique::RemotePair,
                        placements: Vec::new(),
                        eliminations,
                        pattern: path(parent, end).into_iter().map(|i| members[i]).collect(),
                        units: Vec::new(),
                        digits: pair_digits,
                        chains: Vec::new(),
                        complexity: 0,
                    });
                }
            }
        }
    }
    None
}

/// Breadth-first over the members (indices into `members`) from `start`, a link between two that
/// see each other: the members reached in order, each one's parent and its number of links.
fn breadth_first(
    size: Size,
    members: &[usize],
    start: usize,
) -> (Vec<usize>, Vec<Option<usize>>, Vec<usize>) {
    let mut parent = vec![None; members.len()];
    let mut depth = vec![usize::MAX; members.len()];
    let mut order = Vec::new();
    depth[start] = 0;
    let mut queue = VecDeque::from([start]);
    while let Some(at) = queue.pop_front() {
        order.push(at);
        for next in 0..members.len() {
            if depth[next] == usize::MAX && size.sees(members[at], members[next]) {
                depth[next] = depth[at] + 1;
                parent[next] = Some(at);
                queue.push_back(next);
            }
        }
    }
    (order, parent, depth)
}

/// A remote pair in words: "remote pair on 3 and 7: r1c1 - r1c5 - r4c5 - r4c2 each hold only 3
/// and 7 and see the next, so the two digits alternate along them and the two ends hold one
/// each; so remove 3 from r2c2; remove 7 from r2c2".
pub(super) fn words(size: Size, step: &Step) -> String {
    let both = format!(
        "{} and {}",
        digit_char(size, step.digits[0]),
        digit_char(size, step.digits[1])
    );
    format!(
        "{} on {both}: {} each hold only {both} and see the next, so the two digits alternate \
         along them and the two ends hold one each; so {}",
        step.technique.name(),
        chain(size, &step.pattern, "-", "-"),
        removals(size, &step.eliminations)
    )
}
