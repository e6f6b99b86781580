//! Nice loops: chains of implications that close on themselves.
//!
//! Discontinuous: from a candidate back to its own negation. Assumed true, a candidate that
//! leads to its own falsehood is false; assumed false, one that leads to its own truth is true.
//! Continuous: from a candidate, true, back to itself, four links or more around. Every link of
//! such a loop holds both ways, so either every candidate the loop makes true is, or every one
//! it makes false is: a candidate that sees one of the first kind and one of the second, on
//! their digit and outside the loop's cells, goes.
//!
//! Sudoku Explainer calls the first its forcing chains — a "forcing X-chain" when every link is
//! on one digit (6.6), a "forcing chain" otherwise (7.0) — and the second its bidirectional
//! cycles (X- or Y-cycles 6.5, through both 7.0), each plus its length penalty, and takes the
//! easiest of them all first; HoDoKu scores both kinds as nice loops (280).
//!
//! The implications are static, as SE's first chains are: a candidate true takes its digit from
//! its peers (and, through cells, the cell's other digits); a candidate false makes true the
//! digit's other place in a unit where it has two (and, through cells, the other digit of a cell
//! with two). Each search is breadth-first from one assumption, so the loop found is a shortest
//! one, and it stops where no loop could be easier than the best found so far.

mod search;
#[cfg(test)]
mod tests;

use self::search::{longest_below, Links, Search};
use super::nets::chain_in_words;
use super::{length_penalty, Board, Link, Step, Technique};
use crate::bits::{digit_bit, digits};
use crate::size::{Geometry, Size};

/// SE's base difficulties in tenths: a cycle on one digit or through cells only; a chain to
/// the negation on one digit; either through both.
const CYCLE_ONE_KIND: u16 = 65;
const ONE_DIGIT: u16 = 66;
const BOTH_KINDS: u16 = 70;

/// A loop's difficulty on SE's scale in tenths, before the length penalty.
pub fn base(chain: &[Link]) -> u16 {
    let one_digit = chain.iter().all(|l| l.digit == chain[0].digit);
    if is_continuous(chain) {
        // Y-cycle: every strong link (false to true) within a cell.
        let in_cells = chain.windows(2).all(|w| w[0].on || w[0].cell == w[1].cell);
        if one_digit || in_cells {
            CYCLE_ONE_KIND
        } else {
            BOTH_KINDS
        }
    } else if one_digit {
        ONE_DIGIT
    } else {
        BOTH_KINDS
    }
}

/// Whether a loop closes on its own assumption (continuous) rather than its negation.
fn is_continuous(chain: &[Link]) -> bool {
    chain.first() == chain.last()
}

/// The easiest loop so far: its key (difficulty with the length penalty, then length) and step.
type Best = Option<((u16, usize), Step)>;

/// Keeps `step`, if it is easier than the best so far.
fn offer(step: Step, best: &mut Best) {
    let chain = &step.chains[0];
    let key = (
        base(chain) + length_penalty(step.complexity),
        step.complexity,
    );
    if best.as_ref().is_none_or(|(best, _)| key < *best) {
        *best = Some((key, step));
    }
}

/// The bound a search of loops of `base` difficulty runs under: at most as long as still beats
/// the best so far.
fn longest(search: &Search, base: u16, best: &Best) -> usize {
    longest_below(base, best.as_ref().map(|(key, _)| *key), search.cap())
}

/// The easiest nice loop on the board (the smallest difficulty with its length penalty, then
/// the shortest), as SE picks among its forcing chains and cycles.
pub fn nice_loop(board: &Board, geometry: &Geometry) -> Option<Step> {
    if !super::ALL_TECHNIQUES {
        return None;
    }
    let mut search = Search::new(board, geometry);
    let mut best: Best = None;
    // Discontinuous loops first: most boards have one, and the best bounds the cycles' search.
    let candidates: Vec<Link> = (0..board.size.cells())
        .flat_map(|cell| digits(board.candidates[cell]).map(move |digit| Link::on(cell, digit)))
        .collect();
    for &candidate in &candidates {
        for assumption in [candidate, candidate.negated()] {
            discontinuous(&mut search, assumption, &mut best);
        }
    }
    for &candidate in &candidates {
        continuous(&mut search, candidate, &mut best);
    }
    best.map(|(_, step)| step)
}

/// Loops from `assumption` to its negation. A loop on one digit is also a loop through cells,
/// so the search through both (bounded as loosely as one-digit loops are) tells whether to
/// look for one: most assumptions lead to no loop at all.
fn discontinuous(search: &mut Search, assumption: Link, best: &mut Best) {
    let Some(chain) =
        search.loop_to_negation(assumption, Links::Xy, longest(search, ONE_DIGIT, best))
    else {
        return;
    };
    offer(concluding(chain), best);
    if let Some(chain) =
        search.loop_to_negation(assumption, Links::X, longest(search, ONE_DIGIT, best))
    {
        offer(concluding(chain), best);
    }
}

/// Loops from `assumption` back to itself that remove candidates: through both kinds of link
/// first, then (when any closes) on its digit alone and through cells alone, whose base is
/// lower.
fn continuous(search: &mut Search, assumption: Link, best: &mut Best) {
    // A cycle of c candidates closes on the layer of c + 1 links.
    let bound = |search: &Search, best: &Best| longest(search, CYCLE_ONE_KIND, best) + 1;
    let cycles = search.cycles(assumption, Links::Xy, bound(search, best));
    if cycles.is_empty() {
        return;
    }
    let two_digits = search.board.candidates[assumption.cell].count_ones() == 2;
    let mut all = cycles;
    all.extend(search.cycles(assumption, Links::X, bound(search, best)));
    if two_digits {
        // SE starts its Y-cycles in two-digit cells only.
        all.extend(search.cycles(assumption, Links::Y, bound(search, best)));
    }
    for chain in all {
        if let Some(step) = removing(search, chain) {
            offer(step, best);
        }
    }
}

/// The step a discontinuous loop proves: its assumption's negation.
fn concluding(chain: Vec<Link>) -> Step {
    let first = chain[0];
    let (placements, eliminations) = if first.on {
        (Vec::new(), vec![(first.cell, first.digit)])
    } else {
        (vec![(first.cell, first.digit)], Vec::new())
    };
    loop_step(chain, placements, eliminations)
}

/// The step a continuous loop proves, if it removes anything: the candidates outside the loop's
/// cells that see, on their digit, a candidate the loop makes true and one it makes false.
fn removing(search: &Search, chain: Vec<Link>) -> Option<Step> {
    let (board, geometry) = (search.board, search.geometry);
    let cells: Vec<usize> = chain.iter().map(|l| l.cell).collect();
    // Candidates (cell · n + digit − 1) seen by a true link, by a false one.
    let candidates = board.size.cells() * board.size.n();
    let mut seen = [vec![false; candidates], vec![false; candidates]];
    for link in &chain[1..] {
        for &peer in &geometry.peers[link.cell] {
            if !cells.contains(&peer) && board.candidates[peer] & digit_bit(link.digit) != 0 {
                seen[link.on as usize][peer * board.size.n() + link.digit as usize - 1] = true;
            }
        }
    }
    let eliminations: Vec<(usize, u8)> = (0..candidates)
        .filter(|&c| seen[0][c] && seen[1][c])
        .map(|c| (c / board.size.n(), (c % board.size.n()) as u8 + 1))
        .collect();
    (!eliminations.is_empty()).then(|| loop_step(chain, Vec::new(), eliminations))
}

fn loop_step(
    chain: Vec<Link>,
    placements: Vec<(usize, u8)>,
    eliminations: Vec<(usize, u8)>,
) -> Step {
    let mut pattern: Vec<usize> = Vec::new();
    for link in &chain {
        if !pattern.contains(&link.cell) {
            pattern.push(link.cell);
        }
    }
    let mut digits: Vec<u8> = chain.iter().map(|l| l.digit).collect();
    digits.sort_unstable();
    digits.dedup();
    // SE counts a loop's distinct candidates: a continuous one's first is its last.
    let complexity = chain.len() - is_continuous(&chain) as usize;
    Step {
        technique: Technique::NiceLoop,
        placements,
        eliminations,
        pattern,
        units: Vec::new(),
        digits,
        complexity,
        chains: vec![chain],
    }
}

/// A discontinuous loop: "nice loop: r1c2=4 → r1c5≠4 → … → r1c2≠4: assuming r1c2=4 leads to
/// its own negation, so r1c2≠4". A continuous one: "nice loop: r1c2=4 → … → r1c2=4: each
/// link holds both ways, so remove 4 from r3c2; …".
pub fn words(size: Size, step: &Step) -> String {
    let name = step.technique.name();
    let Some(chain) = step.chains.first() else {
        return name.to_string();
    };
    let links = chain_in_words(size, chain);
    if is_continuous(chain) {
        return format!(
            "{name}: {links}: a continuous loop, each link holds both ways, so {}",
            super::explain::removals(size, &step.eliminations)
        );
    }
    let assumed = chain_in_words(size, &chain[..1]);
    let proved = chain_in_words(size, &[chain[0].negated()]);
    format!("{name}: {links}: assuming {assumed} leads to its own negation, so {proved}")
}
