//! Almost locked sets (ALS): N empty cells of one unit holding N + 1 digits between them (a
//! bivalue cell is the smallest). Take one digit out and the other N are locked in the set.
//!
//! - ALS-XZ: two sets A and B (no cell in common) share a digit x whose every place in A sees
//!   every place in B, so x is in one of them at most (a restricted common): the other is then
//!   locked. For any other digit z both hold, one of them holds z, so z goes from every cell
//!   that sees all of z's places in both. With two such x (doubly linked), both sets are locked:
//!   each of their other digits goes from every cell that sees all its places in the set, and
//!   each x from every cell that sees all its places in both.
//! - ALS-XY-Wing: sets A and B each share a restricted common with a third set C (x with A, y
//!   with B, x ≠ y). C cannot lose both, so A or B is locked: a digit z of both (not x or y)
//!   goes from every cell that sees all its places in A and B.
//!
//! Sets are searched in every unit with up to all but one of its empty cells (9×9), or up to
//! three cells on larger grids, where the number of subsets explodes.

use super::explain::{cells, digits as digit_text, removals};
use super::{Board, Link, Step, Technique};
use crate::bits::{digit_bit, digits};
use crate::size::{Geometry, Size};

use std::cell::RefCell;
use std::rc::Rc;

use super::cell_set::Cells;

/// Cells in a set at most on grids larger than 9×9.
const LARGE_GRID_CELLS: usize = 3;

/// One almost locked set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Als {
    /// Its cells, in ascending order.
    pub(super) cells: Vec<usize>,
    pub(super) set: Cells,
    unit: usize,
    /// The digits its cells hold (one more than its cells).
    pub(super) digits: u32,
    /// For each of its digits: its places in the set, and the cells that see all of them.
    by_digit: Vec<(u8, Cells, Cells)>,
}

impl Als {
    fn new(
        board: &Board,
        peers: &[Cells],
        everything: Cells,
        mut cells: Vec<usize>,
        unit: usize,
        digits_held: u32,
    ) -> Als {
        cells.sort_unstable();
        let by_digit = digits(digits_held)
            .map(|d| {
                let places: Vec<usize> = cells
                    .iter()
                    .copied()
                    .filter(|&c| board.candidates(c) & digit_bit(d) != 0)
                    .collect();
                let seen = places.iter().fold(everything, |m, &p| m.and(peers[p]));
                (d, Cells::of(places), seen)
            })
            .collect();
        Als {
            set: Cells::of(cells.iter().copied()),
            cells,
            unit,
            digits: digits_held,
            by_digit,
        }
    }

    /// Its places for `digit`, and the cells that see them all (none for a digit it lacks).
    fn digit(&self, digit: u8) -> (Cells, Cells) {
        self.by_digit
            .iter()
            .find(|(d, _, _)| *d == digit)
            .map_or((Cells::NONE, Cells::NONE), |&(_, places, seen)| {
                (places, seen)
            })
    }
}

/// The sets of a board, with each digit's candidates as cells.
pub(super) struct Sets {
    pub(super) sets: Vec<Als>,
    /// Entry `d`: the cells holding `d`.
    holders: Vec<Cells>,
    /// The pairs of sets with no cell in common tied by a restricted common or two: (the first
    /// set's index, the second's, the commons).
    pub(super) pairs: Vec<(usize, usize, Vec<u8>)>,
}

/// A board (its values and candidates) and its sets.
type BoardSets = (Vec<u8>, Vec<u32>, Rc<Sets>);

thread_local! {
    /// The last board's sets: ALS-XZ, ALS-XY-Wing and ALS-XY-Chain are tried in turn on one
    /// board, and building every set and every tied pair is most of their time.
    static LAST: RefCell<Option<BoardSets>> = const { RefCell::new(None) };
}

/// The board's sets, built once for consecutive finders on the same board.
pub(super) fn sets_of(board: &Board, geometry: &Geometry) -> Rc<Sets> {
    LAST.with(|last| {
        let mut last = last.borrow_mut();
        if let Some((values, candidates, sets)) = last.as_ref() {
            if *values == board.values && *candidates == board.candidates {
                return sets.clone();
            }
        }
        let sets = Rc::new(all_sets(board, geometry));
        *last = Some((board.values.clone(), board.candidates.clone(), sets.clone()));
        sets
    })
}

/// Every almost locked set on the board, each once (a set in a row and its box is one).
fn all_sets(board: &Board, geometry: &Geometry) -> Sets {
    let n = board.size().n();
    let peers: Vec<Cells> = geometry
        .peers
        .iter()
        .map(|p| Cells::of(p.iter().copied()))
        .collect();
    let everything = Cells::of(0..board.size().cells());
    let most = if n <= 9 { n } else { LARGE_GRID_CELLS };
    let mut found: Vec<Als> = Vec::new();
    for (unit, unit_cells) in geometry.units.iter().enumerate() {
        let open: Vec<usize> = unit_cells
            .iter()
            .copied()
            .filter(|&c| board.values()[c] == 0)
            .collect();
        let limit = most.min(open.len().saturating_sub(1));
        let mut chosen = Vec::new();
        let mut visit = |cells: &[usize], mask: u32| {
            if mask.count_ones() as usize == cells.len() + 1 {
                found.push(Als::new(
                    board,
                    &peers,
                    everything,
                    cells.to_vec(),
                    unit,
                    mask,
                ));
            }
        };
        subsets(board, &open, 0, limit, 0, &mut chosen, &mut visit);
    }
    // A set found in two units (a row and its box) once, in the first unit found.
    found.sort_by(|a, b| a.cells.cmp(&b.cells));
    found.dedup_by(|later, first| later.cells == first.cells);
    let holders = (0..=n as u8)
        .map(|d| {
            let cells = (0..board.size().cells())
                .filter(|&c| d > 0 && board.candidates(c) & digit_bit(d) != 0);
            Cells::of(cells)
        })
        .collect();
    let pairs = tied_pairs(&found);
    Sets {
        sets: found,
        holders,
        pairs,
    }
}

/// The pairs of sets with no cell in common and a restricted common or two: (the first set's
/// index, the second's, the commons).
fn tied_pairs(sets: &[Als]) -> Vec<(usize, usize, Vec<u8>)> {
    let mut pairs = Vec::new();
    for (i, a) in sets.iter().enumerate() {
        for (j, b) in sets.iter().enumerate().skip(i + 1) {
            if a.digits & b.digits == 0 || a.set.meets(b.set) {
                continue;
            }
            let commons = restricted_commons(a, b);
            if !commons.is_empty() {
                pairs.push((i, j, commons));
            }
        }
    }
    pairs
}

/// Every non-empty subset of `open[from..]` of at most `limit` cells, with its digits: a walk
/// that stops where a subset already holds more digits than an almost locked set of `limit`
/// cells could.
fn subsets(
    board: &Board,
    open: &[usize],
    from: usize,
    limit: usize,
    mask: u32,
    chosen: &mut Vec<usize>,
    visit: &mut dyn FnMut(&[usize], u32),
) {
    for i in from..open.len() {
        let joined = mask | board.candidates(open[i]);
        if joined.count_ones() as usize > limit + 1 {
            continue;
        }
        chosen.push(open[i]);
        visit(chosen, joined);
        if chosen.len() < limit {
            subsets(board, open, i + 1, limit, joined, chosen, visit);
        }
        chosen.pop();
    }
}

/// The restricted commons of two sets: digits both hold whose every place in one sees every
/// place in the other.
fn restricted_commons(a: &Als, b: &Als) -> Vec<u8> {
    let mut commons = Vec::new();
    for &(x, places, _) in &a.by_digit {
        if b.digits & digit_bit(x) != 0 && places.within(b.digit(x).1) {
            commons.push(x);
        }
    }
    commons
}

/// The digit's candidates outside the sets that see every place of it in all of them.
pub(super) fn seeing_every_place(all: &Sets, sets: &[&Als], digit: u8) -> Vec<(usize, u8)> {
    let seen = sets.iter().fold(all.holders[usize::from(digit)], |m, s| {
        m.and(s.digit(digit).1).minus(s.set)
    });
    seen.iter().map(|c| (c, digit)).collect()
}

/// A step of sets: their cells as chains (a cell's link `on` when it holds the restricted common
/// `x`), so the wording can tell them apart.
pub(super) fn step(
    technique: Technique,
    board: &Board,
    sets: &[&Als],
    x: &[u8],
    gone: Vec<(usize, u8)>,
) -> Step {
    let mut eliminations = gone;
    eliminations.sort_unstable();
    eliminations.dedup();
    Step {
        technique,
        placements: Vec::new(),
        eliminations,
        pattern: sets.iter().flat_map(|s| s.cells.iter().copied()).collect(),
        units: sets.iter().map(|s| s.unit).collect(),
        digits: x.to_vec(),
        chains: sets
            .iter()
            .map(|s| {
                s.cells
                    .iter()
                    .map(|&cell| Link {
                        cell,
                        digit: x[0],
                        on: board.candidates(cell) & digit_bit(x[0]) != 0,
                    })
                    .collect()
            })
            .collect(),
        complexity: 0,
    }
}

/// The first ALS-XZ (singly or doubly linked) that removes a candidate.
pub fn als_xz(board: &Board, geometry: &Geometry) -> Option<Step> {
    let all = sets_of(board, geometry);
    for (i, j, commons) in &all.pairs {
        let (a, b) = (&all.sets[*i], &all.sets[*j]);
        // An x and a z: two digits in common at least.
        if (a.digits & b.digits).count_ones() < 2 {
            continue;
        }
        let x = commons[0];
        let mut gone: Vec<(usize, u8)> = Vec::new();
        for z in digits(a.digits & b.digits).filter(|&z| z != x) {
            if commons.len() == 1 || !commons.contains(&z) {
                gone.extend(seeing_every_place(&all, &[a, b], z));
            }
        }
        if let [x, y] = commons[..] {
            // Doubly linked: both sets locked.
            for set in [a, b] {
                for z in digits(set.digits).filter(|&z| z != x && z != y) {
                    gone.extend(seeing_every_place(&all, &[set], z));
                }
            }
            gone.extend(seeing_every_place(&all, &[a, b], x));
            gone.extend(seeing_every_place(&all, &[a, b], y));
        }
        if !gone.is_empty() {
            return Some(step(Technique::AlsXz, board, &[a, b], commons, gone));
        }
    }
    None
}

/// The first ALS-XY-Wing that removes a candidate: for each pivot set C, two sets tied to it by
/// different restricted commons.
pub fn als_xy_wing(board: &Board, geometry: &Geometry) -> Option<Step> {
    let all = sets_of(board, geometry);
    let sets = &all.sets;
    // Each set's ties: (the other set, their restricted commons).
    let mut ties: Vec<Vec<(usize, &[u8])>> = vec![Vec::new(); sets.len()];
    for (i, j, commons) in &all.pairs {
        ties[*i].push((*j, commons));
        ties[*j].push((*i, commons));
    }
    for (c, tied) in ties.iter().enumerate() {
        for (k, &(a, ax)) in tied.iter().enumerate() {
            for &(b, by) in &tied[k + 1..] {
                let (a, b) = (&sets[a], &sets[b]);
                if a.digits & b.digits == 0 || a.set.meets(b.set) {
                    continue;
                }
                for &x in ax {
                    for &y in by.iter().filter(|&&y| y != x) {
                        let gone: Vec<(usize, u8)> = digits(a.digits & b.digits)
                            .filter(|&z| z != x && z != y)
                            .flat_map(|z| seeing_every_place(&all, &[a, b], z))
                            .collect();
                        if !gone.is_empty() {
                            let sets = [a, b, &sets[c]];
                            return Some(step(Technique::AlsXyWing, board, &sets, &[x, y], gone));
                        }
                    }
                }
            }
        }
    }
    None
}

/// An ALS step in words: "ALS-XZ: r1c2, r1c5 (row 1) hold 1, 4, 7 and box 4's r5c1 holds 4, 7;
/// 4 can be in one of the two sets only (each 4 of one sees each 4 of the other), so the other
/// set is locked and holds 7 either way: remove 7 from r5c2".
pub(super) fn words(size: Size, step: &Step) -> String {
    let set = |k: usize| -> String {
        let cells_of: Vec<usize> = step.chains[k].iter().map(|l| l.cell).collect();
        format!("{} ({})", cells(size, &cells_of), size.unit(step.units[k]))
    };
    let x = digit_text(size, &step.digits[..1]);
    match step.technique {
        Technique::AlsXyWing => {
            let y = digit_text(size, &step.digits[1..2]);
            format!(
                "{}: {}, {} and {} each hold one digit more than cells; {x} can be in only \
                 one of the first and the third, {y} in only one of the second and the third, \
                 and the third cannot lack both, so the first or the second is locked: {}",
                step.technique.name(),
                set(0),
                set(1),
                set(2),
                removals(size, &step.eliminations)
            )
        }
        Technique::AlsXyChain => {
            let sets: Vec<String> = (0..step.chains.len()).map(set).collect();
            let ties: Vec<String> = step
                .digits
                .iter()
                .map(|&d| digit_text(size, &[d]))
                .collect();
            format!(
                "{}: {} each hold one digit more than cells, and each is tied to the next by a \
                 digit only one of the two can hold ({}); were the first to lack a digit, every \
                 set after it would be locked, so a digit the first and the last hold is in one \
                 of them: {}",
                step.technique.name(),
                sets.join(", "),
                ties.join(", then "),
                removals(size, &step.eliminations)
            )
        }
        _ => {
            let doubly = if step.digits.len() == 2 {
                format!(
                    " (and {} too: both sets are locked)",
                    digit_text(size, &step.digits[1..])
                )
            } else {
                String::new()
            };
            format!(
                "{}: {} and {} each hold one digit more than cells; {x} can be in only one of \
                 them (each {x} of one sees each {x} of the other){doubly}, so the other is \
                 locked, and a digit both hold is in one of them: {}",
                step.technique.name(),
                set(0),
                set(1),
                removals(size, &step.eliminations)
            )
        }
    }
}
