//! Domain filtering (Soto et al. 2015): the candidate digits of every cell, narrowed by AC-3 over
//! the pairwise ≠ constraints or by alldifferent bounds consistency (Hall intervals) per unit,
//! each iterated to a fixpoint. Used by `sudoku filter` and by the tabu-search hybrids.

use std::collections::VecDeque;

use crate::bits::{digit_bit, is_single};
use crate::grid::Grid;
use crate::size::Geometry;

/// Which filter to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Filter {
    /// Arc consistency (AC-3) on every pair of peers.
    Ac3,
    /// Bounds consistency of alldifferent on every row, column and box, by Hall intervals.
    AllDifferent,
    /// Generalised arc consistency of alldifferent on every unit (Régin's matching algorithm).
    AllDifferentGac,
}

impl Filter {
    pub fn from_id(id: &str) -> Option<Filter> {
        match id {
            "ac3" => Some(Filter::Ac3),
            // `alldiff`: the old name, kept for scripts that use it.
            "alldiff-bounds" | "alldiff" => Some(Filter::AllDifferent),
            "alldiff-gac" => Some(Filter::AllDifferentGac),
            _ => None,
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Filter::Ac3 => "ac3",
            Filter::AllDifferent => "alldiff-bounds",
            Filter::AllDifferentGac => "alldiff-gac",
        }
    }
}

/// The filter proved the puzzle has no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wipeout {
    /// This cell lost its last candidate.
    Cell(usize),
    /// This unit (flat index: rows, columns, boxes) cannot give each cell its own digit.
    Unit(usize),
}

/// The starting domains: a given's digit alone, every digit for an empty cell.
pub fn initial_domains(puzzle: &Grid) -> Vec<u32> {
    let all = puzzle.size().all_digits();
    puzzle
        .values()
        .iter()
        .map(|&v| if v == 0 { all } else { digit_bit(v) })
        .collect()
}

/// Σ |D(cell)|.
pub fn total_size(domains: &[u32]) -> u64 {
    domains.iter().map(|d| d.count_ones() as u64).sum()
}

/// Runs a filter to its fixpoint on `domains`.
pub fn filter(geometry: &Geometry, domains: &mut [u32], which: Filter) -> Result<(), Wipeout> {
    refilter(geometry, domains, which, None)
}

/// Runs a filter to its fixpoint on domains that were at a fixpoint before the domains of the
/// `changed` cells shrank (`None`: nothing is known, start from every cell). Only the constraints
/// on changed cells are revisited first, which is what makes filtering at every move cheap.
pub fn refilter(
    geometry: &Geometry,
    domains: &mut [u32],
    which: Filter,
    changed: Option<&[usize]>,
) -> Result<(), Wipeout> {
    refilter_reporting(geometry, domains, which, changed, &mut |_, _, _| {})
}

/// [`refilter`], telling `removed(unit, cell, values)` which unit's alldifferent took which
/// values (a bit set) from a cell's domain, as it happens. AC-3 reasons on pairs of cells, not
/// units, and reports nothing.
pub fn refilter_reporting(
    geometry: &Geometry,
    domains: &mut [u32],
    which: Filter,
    changed: Option<&[usize]>,
    removed: &mut dyn FnMut(usize, usize, u32),
) -> Result<(), Wipeout> {
    match which {
        Filter::Ac3 => ac3(geometry, domains, changed),
        Filter::AllDifferent => alldifferent_bounds(geometry, domains, changed, removed),
        Filter::AllDifferentGac => alldifferent_gac(geometry, domains, changed, removed),
    }
}

/// A first-in first-out queue of indices in which each index waits at most once.
struct Worklist {
    queue: VecDeque<usize>,
    queued: Vec<bool>,
}

impl Worklist {
    fn new(len: usize) -> Worklist {
        Worklist {
            queue: VecDeque::new(),
            queued: vec![false; len],
        }
    }

    fn push(&mut self, i: usize) {
        if !self.queued[i] {
            self.queued[i] = true;
            self.queue.push_back(i);
        }
    }

    fn pop(&mut self) -> Option<usize> {
        let i = self.queue.pop_front()?;
        self.queued[i] = false;
        Some(i)
    }
}

/// AC-3 on x ≠ y for every pair of peers: a value leaves D(x) when D(y) holds only that value.
fn ac3(geometry: &Geometry, domains: &mut [u32], changed: Option<&[usize]>) -> Result<(), Wipeout> {
    // The arcs (x, y) for one y are revised together: they can only prune when D(y) is a single
    // value, so the queue holds such y (the changed ones, or all of them at the start).
    let mut work = Worklist::new(domains.len());
    let mut start = |y: usize| {
        if is_single(domains[y]) {
            work.push(y);
        }
    };
    match changed {
        Some(cells) => cells.iter().for_each(|&y| start(y)),
        None => (0..domains.len()).for_each(start),
    }
    while let Some(y) = work.pop() {
        let dy = domains[y];
        if !is_single(dy) {
            continue;
        }
        for &x in &geometry.peers[y] {
            if domains[x] & dy != 0 {
                domains[x] &= !dy;
                if domains[x] == 0 {
                    return Err(Wipeout::Cell(x));
                }
                if is_single(domains[x]) {
                    work.push(x);
                }
            }
        }
    }
    Ok(())
}

/// Bounds consistency of alldifferent on every unit, repeated until no bound moves.
///
/// For each unit and each interval [lo, hi] of digits, the cells whose domain lies within the
/// interval are counted: more cells than digits is a contradiction; as many (a Hall interval) means
/// no other cell of the unit may take a bound inside it, so such bounds move outwards. Domains are
/// bit sets, so a bound moves to the next digit still in the domain (holes are kept, as bounds
/// consistency only reasons on the interval hull).
fn alldifferent_bounds(
    geometry: &Geometry,
    domains: &mut [u32],
    changed: Option<&[usize]>,
    removed: &mut dyn FnMut(usize, usize, u32),
) -> Result<(), Wipeout> {
    let n = geometry.size.n() as u32;
    unit_fixpoint(geometry, domains, changed, removed, |u, unit, domains| {
        let bounds = |d: u32| (d.trailing_zeros() + 1, 32 - d.leading_zeros());
        for lo in 1..=n {
            for hi in lo..=n {
                let width = hi - lo + 1;
                let inside = |d: u32| {
                    let (min, max) = bounds(d);
                    min >= lo && max <= hi
                };
                let count = unit.iter().filter(|&&c| inside(domains[c])).count() as u32;
                if count > width {
                    return Err(Wipeout::Unit(u));
                }
                if count < width {
                    continue;
                }
                let interval: u32 = ((1u64 << hi) - (1u64 << (lo - 1))) as u32;
                for &c in unit {
                    let d = domains[c];
                    if inside(d) {
                        continue;
                    }
                    let mut narrowed = d;
                    // Raise the lower bound past the interval, lower the upper bound below it.
                    while narrowed != 0 && narrowed & narrowed.wrapping_neg() & interval != 0 {
                        narrowed &= narrowed - 1;
                    }
                    while narrowed != 0 && (1u32 << (31 - narrowed.leading_zeros())) & interval != 0
                    {
                        narrowed &= !(1u32 << (31 - narrowed.leading_zeros()));
                    }
                    if narrowed == 0 {
                        return Err(Wipeout::Cell(c));
                    }
                    domains[c] = narrowed;
                }
            }
        }
        Ok(())
    })
}

/// Runs `narrow_unit` on every unit (or the units of the `changed` cells), then again on each unit
/// one of whose cells' domains changed, until nothing changes: the fixpoint over rows, columns and
/// boxes, without re-running units that nothing touched. What each unit removes is reported.
fn unit_fixpoint(
    geometry: &Geometry,
    domains: &mut [u32],
    changed: Option<&[usize]>,
    removed: &mut dyn FnMut(usize, usize, u32),
    mut narrow_unit: impl FnMut(usize, &[usize], &mut [u32]) -> Result<(), Wipeout>,
) -> Result<(), Wipeout> {
    let mut work = Worklist::new(geometry.units.len());
    match changed {
        None => (0..geometry.units.len()).for_each(|u| work.push(u)),
        Some(cells) => cells
            .iter()
            .flat_map(|&c| geometry.cell_units[c])
            .for_each(|u| work.push(u)),
    }
    let mut before = vec![0u32; geometry.size.n()];
    while let Some(u) = work.pop() {
        let unit = &geometry.units[u];
        for (saved, &c) in before.iter_mut().zip(unit) {
            *saved = domains[c];
        }
        let narrowed = narrow_unit(u, unit, domains);
        for (&saved, &c) in before.iter().zip(unit) {
            if domains[c] != saved {
                removed(u, c, saved & !domains[c]);
                for &v in &geometry.cell_units[c] {
                    work.push(v);
                }
            }
        }
        narrowed?;
    }
    Ok(())
}

/// Generalised arc consistency of alldifferent on every unit, repeated to a fixpoint (Régin 1994).
///
/// Per unit (n cells, n digits): a maximum matching of cells to digits (none covering every cell
/// is a contradiction); then, in the graph where matched pairs point digit → cell and the other
/// allowed pairs cell → digit, a pair (cell, digit) belongs to some solution of the unit exactly
/// when it is matched or both ends lie in one strongly connected component (the matching is
/// perfect, so no digit is free). Every other pair is removed.
fn alldifferent_gac(
    geometry: &Geometry,
    domains: &mut [u32],
    changed: Option<&[usize]>,
    removed: &mut dyn FnMut(usize, usize, u32),
) -> Result<(), Wipeout> {
    let n = geometry.size.n();
    unit_fixpoint(geometry, domains, changed, removed, |u, unit, domains| {
        let local: Vec<u32> = unit.iter().map(|&c| domains[c]).collect();
        let matched = perfect_matching(&local, n).ok_or(Wipeout::Unit(u))?;
        let component = components(&local, &matched, n);
        for (i, &cell) in unit.iter().enumerate() {
            let mut kept = 1u32 << matched[i];
            for d in crate::bits::digits(local[i]) {
                let v = d as usize - 1;
                if component[i] == component[n + v] {
                    kept |= 1 << v;
                }
            }
            domains[cell] = kept;
        }
        Ok(())
    })
}

/// `matched[i]` = the digit index (0-based) given to cell i, if every cell can get its own digit.
fn perfect_matching(domains: &[u32], n: usize) -> Option<Vec<usize>> {
    let mut owner: Vec<Option<usize>> = vec![None; n]; // digit index → cell
    fn augment(i: usize, domains: &[u32], owner: &mut [Option<usize>], seen: &mut u32) -> bool {
        for d in crate::bits::digits(domains[i] & !*seen) {
            let v = d as usize - 1;
            *seen |= 1 << v;
            if owner[v].is_none_or(|j| augment(j, domains, owner, seen)) {
                owner[v] = Some(i);
                return true;
            }
        }
        false
    }
    for i in 0..domains.len() {
        if !augment(i, domains, &mut owner, &mut 0) {
            return None;
        }
    }
    let mut matched = vec![0; domains.len()];
    for (v, o) in owner.iter().enumerate() {
        if let Some(i) = o {
            matched[*i] = v;
        }
    }
    Some(matched)
}

/// Strongly connected component of each node (cells 0..n, digits n..2n) of the matching graph,
/// by Tarjan's algorithm.
fn components(domains: &[u32], matched: &[usize], n: usize) -> Vec<usize> {
    let successors = |node: usize| -> Vec<usize> {
        if node < n {
            crate::bits::digits(domains[node])
                .map(|d| d as usize - 1)
                .filter(|&v| v != matched[node])
                .map(|v| n + v)
                .collect()
        } else {
            matched
                .iter()
                .position(|&m| m == node - n)
                .into_iter()
                .collect()
        }
    };
    struct Tarjan {
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        component: Vec<usize>,
        components: usize,
    }
    fn visit(t: &mut Tarjan, v: usize, succ: &dyn Fn(usize) -> Vec<usize>) {
        t.index[v] = Some(t.next);
        t.low[v] = t.next;
        t.next += 1;
        t.stack.push(v);
        t.on_stack[v] = true;
        for w in succ(v) {
            match t.index[w] {
                None => {
                    visit(t, w, succ);
                    t.low[v] = t.low[v].min(t.low[w]);
                }
                Some(iw) if t.on_stack[w] => t.low[v] = t.low[v].min(iw),
                _ => {}
            }
        }
        if Some(t.low[v]) == t.index[v] {
            while let Some(w) = t.stack.pop() {
                t.on_stack[w] = false;
                t.component[w] = t.components;
                if w == v {
                    break;
                }
            }
            t.components += 1;
        }
    }
    let mut t = Tarjan {
        index: vec![None; 2 * n],
        low: vec![0; 2 * n],
        on_stack: vec![false; 2 * n],
        stack: Vec::new(),
        next: 0,
        component: vec![0; 2 * n],
        components: 0,
    };
    for v in 0..2 * n {
        if t.index[v].is_none() {
            visit(&mut t, v, &successors);
        }
    }
    t.component
}

#[cfg(test)]
mod tests;
