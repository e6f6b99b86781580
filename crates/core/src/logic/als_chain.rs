//! ALS-XY-Chain: almost locked sets A1, A2, …, Ak (four or more, no two sharing a cell), each
//! tied to the next by a restricted common x1, x2, …, each x different from the one before.
//! Were A1 to lack a digit z it holds, A1 would be locked, so it would hold x1; A2 would then
//! lack x1 and be locked, holding x2; and so on to Ak, locked, holding z. So A1 or Ak holds z
//! (z other than x1 and the last x): z goes from every cell that sees all its places in both.
//! Two sets are ALS-XZ, three ALS-XY-Wing (see `als`).
//!
//! The search is breadth-first from each set over (set, the common it was reached by), so a
//! shortest chain is found first, and bounded in length.

use std::collections::VecDeque;

use super::als::{seeing_every_place, sets_of, step, Sets};
use super::{Board, Step, Technique};
use crate::bits::digits;
use crate::size::Geometry;

/// Sets in a chain at most.
const MAX_SETS: usize = 6;

/// The first ALS-XY-Chain of four sets or more that removes a candidate.
pub fn als_xy_chain(board: &Board, geometry: &Geometry) -> Option<Step> {
    let all = sets_of(board, geometry);
    let sets = &all.sets;
    // Each set's ties: (the other set, a restricted common).
    let mut ties: Vec<Vec<(usize, u8)>> = vec![Vec::new(); sets.len()];
    for (i, j, commons) in &all.pairs {
        for &x in commons {
            ties[*i].push((*j, x));
            ties[*j].push((*i, x));
        }
    }
    let n = board.size().n();
    for start in 0..sets.len() {
        if let Some(step) = chain_from(board, &all, &ties, start, n) {
            return Some(step);
        }
    }
    None
}

/// A state of the search: a set reached by a common (the start by none, 0).
type State = (usize, u8);

/// The shortest chains from `start`, checked as they end at each set reached.
fn chain_from(
    board: &Board,
    all: &Sets,
    ties: &[Vec<(usize, u8)>],
    start: usize,
    n: usize,
) -> Option<Step> {
    let sets = &all.sets;
    let index = |(set, x): State| set * (n + 1) + usize::from(x);
    let mut parent: Vec<Option<State>> = vec![None; sets.len() * (n + 1)];
    let mut depth = vec![usize::MAX; sets.len() * (n + 1)];
    depth[index((start, 0))] = 0;
    let mut queue = VecDeque::from([(start, 0u8)]);
    while let Some(state) = queue.pop_front() {
        let d = depth[index(state)];
        if d + 1 >= MAX_SETS {
            continue;
        }
        for &(next, x) in &ties[state.0] {
            let reached = (next, x);
            if x == state.1 || next == start || depth[index(reached)] != usize::MAX {
                continue;
            }
            depth[index(reached)] = d + 1;
            parent[index(reached)] = Some(state);
            queue.push_back(reached);
            // Four sets or more: three ties.
            if d + 1 < 3 {
                continue;
            }
            let path = path_to(&parent, index, reached);
            if let Some(step) = conclude(board, all, &path) {
                return Some(step);
            }
        }
    }
    None
}

/// The states from the start to `end`, in order.
fn path_to(parent: &[Option<State>], index: impl Fn(State) -> usize, end: State) -> Vec<State> {
    let mut path = vec![end];
    while let Some(before) = parent[index(*path.last().unwrap_or(&end))] {
        path.push(before);
    }
    path.reverse();
    path
}

/// The chain's removals, if its sets share no cell and it removes anything.
fn conclude(board: &Board, all: &Sets, path: &[State]) -> Option<Step> {
    let sets: Vec<_> = path.iter().map(|&(s, _)| &all.sets[s]).collect();
    for (i, a) in sets.iter().enumerate() {
        if sets[i + 1..].iter().any(|b| a.set.meets(b.set)) {
            return None;
        }
    }
    let commons: Vec<u8> = path[1..].iter().map(|&(_, x)| x).collect();
    let (first, last) = (sets[0], sets[sets.len() - 1]);
    let (x_first, x_last) = (commons[0], commons[commons.len() - 1]);
    let mut gone = Vec::new();
    for z in digits(first.digits & last.digits) {
        if z != x_first && z != x_last {
            gone.extend(seeing_every_place(all, &[first, last], z));
        }
    }
    (!gone.is_empty()).then(|| step(Technique::AlsXyChain, board, &sets, &commons, gone))
}
