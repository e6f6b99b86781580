//! The `propagation` engine on any size: digit-major bit boards.
//!
//! - The state is one bit board per digit (the cells where the digit is still possible, a placed
//!   digit keeping its own cell) plus the board of placed cells: 9 × 128 bits on 9×9. A search
//!   level saves it with one small copy into a pre-allocated pool, so the search loop never
//!   allocates.
//! - Placing a digit clears its peers from the digit's board with one AND-NOT per word.
//! - Naked singles and dead cells are found for all cells at once with "seen once / seen twice"
//!   accumulators over the digit boards.
//! - Hidden singles (and digits with no place left in a unit) are checked per unit, only for the
//!   digits whose board changed since their last check.
//! - Locked candidates (a digit's places in a box on one line, or on a line in one box), once the
//!   singles found nothing, for the digits changed since their last check: one pass over the
//!   box–line segments of a digit's board, the removals made together.
//! - Probing before a branch ([`probe`]): each cell with two candidates is tried with both on a
//!   copy; a digit that fails gives the other, else the branch is on the cell whose two trials
//!   removed the most. The cells with exactly two candidates come from the same bit-parallel
//!   counters (`twice & !thrice`). With probing off (tests), the one with the most unplaced
//!   peers is taken (the degree rule, as the band engine does). Only when no cell has two
//!   candidates (about one branching in 2,700 on 25×25) are the cells scanned for the fewest.
//!
//! The engine is generic over the word count and the digit count, one instance per size
//! (4×4, 16×16, 25×25). 9×9 goes to the band engine of [`super::bands`], which is 2–3× faster
//! there; this engine's 9×9 instance is kept as a test oracle for it.

use std::any::Any;
use std::sync::OnceLock;

use crate::grid::Grid;
use crate::size::Size;
use crate::solve::{Halt, Tracker};
use crate::trace::{Event, Observer, Reason};

use super::cpu::{choice, Choice};

mod cells;
mod probe;

use cells::{and, and_not, cells_of, contains, count, is_empty, or, single, Cells};
use probe::Lookahead;

/// Peer and unit masks of one size, built once per process. A cell's bit in a cell set is its
/// index in reading order.
struct Tables<const W: usize, const N: usize> {
    all: Cells<W>,
    /// Indexed by slot.
    peers: Vec<Cells<W>>,
    units: Vec<Cells<W>>,
    /// The row, column and box of each slot as a set of unit indices.
    units_of: Vec<u128>,
    /// Every unit index.
    all_units: u128,
    /// Each box's intersection with a row or column it crosses (locked candidates).
    segments: Vec<Segment<W>>,
}

/// A box's cells on one of its rows or columns, and what is left of each unit around it.
struct Segment<const W: usize> {
    cells: Cells<W>,
    box_rest: Cells<W>,
    line_rest: Cells<W>,
    /// The box and the line as unit indices (bits of `State::settled`).
    units: u128,
}

impl<const W: usize, const N: usize> Tables<W, N> {
    fn get() -> &'static Self {
        static TABLES: [OnceLock<Box<dyn Any + Send + Sync>>; 4] = [const { OnceLock::new() }; 4];
        let size = Size::from_side(N).expect("engine instances exist for supported sizes only");
        TABLES[size.box_side() - crate::size::MIN_BOX]
            .get_or_init(|| Box::new(Self::new(size)))
            .downcast_ref()
            .expect("one table type per size")
    }

    fn new(size: Size) -> Self {
        let set =
            |cells: &mut dyn Iterator<Item = usize>| cells.fold([0u64; W], |m, c| or(m, single(c)));
        let mut peers = vec![[0u64; W]; 64 * W];
        let mut units_of = vec![0u128; 64 * W];
        for c in 0..size.cells() {
            peers[c] = set(&mut (0..size.cells()).filter(|&p| size.sees(c, p)));
            units_of[c] = size.units_of(c).iter().fold(0, |m, &u| m | 1u128 << u);
        }
        let units: Vec<Cells<W>> = (0..size.unit_count())
            .map(|u| set(&mut size.unit_cells(u)))
            .collect();
        let (lines, boxes) = (0..2 * size.n(), 2 * size.n()..3 * size.n());
        let mut segments = Vec::new();
        for b in boxes {
            for l in lines.clone() {
                let cells = and(units[b], units[l]);
                if !is_empty(&cells) {
                    segments.push(Segment {
                        cells,
                        box_rest: and_not(units[b], cells),
                        line_rest: and_not(units[l], cells),
                        units: 1 << b | 1 << l,
                    });
                }
            }
        }
        Tables {
            all: set(&mut (0..size.cells())),
            peers,
            units,
            units_of,
            all_units: (1u128 << size.unit_count()) - 1,
            segments,
        }
    }
}

/// Everything a search level saves and restores: a plain copy.
#[derive(Clone, Copy)]
struct State<const W: usize, const N: usize> {
    /// `boards[d]`: cells where digit d + 1 is possible or placed.
    boards: [Cells<W>; N],
    placed: Cells<W>,
    /// `settled[d]`: units where digit d + 1 is placed (no hidden single to look for there).
    settled: [u128; N],
}

pub(super) struct Engine<const W: usize, const N: usize> {
    tables: &'static Tables<W, N>,
    state: State<W, N>,
    /// Digits whose board changed since their last hidden-single check.
    dirty: u32,
    /// Digits whose board changed since their last locked-candidates check.
    unlocked: u32,
    /// Whether locked candidates run (the tests turn them off to check they change no answer).
    pub(super) locking: bool,
    /// Whether the search probes before it branches ([`probe`]; the tests turn it off likewise).
    pub(super) probing: bool,
    /// Saved states, one per depth, reused across the search.
    pool: Vec<State<W, N>>,
}

impl<const W: usize, const N: usize> Engine<W, N> {
    pub(super) fn new() -> Self {
        let tables = Tables::<W, N>::get();
        Engine {
            tables,
            state: State {
                boards: [tables.all; N],
                placed: [0; W],
                settled: [0; N],
            },
            dirty: 0,
            unlocked: 0,
            locking: true,
            probing: true,
            pool: Vec::new(),
        }
    }

    /// Places digit index `d` in `slot` (which must allow it): the cell leaves the other digits'
    /// boards, the digit leaves the peers.
    #[inline(always)]
    fn place<O: Observer + ?Sized>(
        &mut self,
        slot: usize,
        d: usize,
        reason: Reason,
        tracker: &mut Tracker<'_, O>,
    ) -> Result<(), Halt> {
        let here = single::<W>(slot);
        let cell = slot;
        let (word, bit) = (slot / 64, 1u64 << (slot % 64));
        // The cell leaves every other digit's board: branch-free over the boards, then the
        // digits that had it are reported.
        let mut had = 0u32;
        for (e, board) in self.state.boards.iter_mut().enumerate() {
            had |= ((board[word] & bit != 0) as u32) << e;
            board[word] &= !bit;
        }
        self.state.boards[d][word] |= bit;
        had &= !(1 << d);
        self.dirty |= had;
        tracker.count_eliminations(had.count_ones());
        if tracker.wants_cell_events() {
            let mut rest = had;
            while rest != 0 {
                let e = rest.trailing_zeros();
                rest &= rest - 1;
                tracker.emit(Event::Eliminate {
                    cell: cell as u16,
                    value: e as u8 + 1,
                    reason,
                })?;
            }
        }
        self.state.placed = or(self.state.placed, here);
        self.state.settled[d] |= self.tables.units_of[slot];
        tracker.assign(cell, d as u8 + 1, reason)?;
        let removed = and(self.state.boards[d], self.tables.peers[slot]);
        self.eliminate(d, removed, Reason::peer(cell), tracker)
    }

    /// Digit index `d` leaves the cells `removed` (all on its board), told with `reason`.
    #[inline(always)]
    fn eliminate<O: Observer + ?Sized>(
        &mut self,
        d: usize,
        removed: Cells<W>,
        reason: Reason,
        tracker: &mut Tracker<'_, O>,
    ) -> Result<(), Halt> {
        if is_empty(&removed) {
            return Ok(());
        }
        self.state.boards[d] = and_not(self.state.boards[d], removed);
        self.dirty |= 1 << d;
        tracker.count_eliminations(count(&removed));
        if tracker.wants_cell_events() {
            for cell in cells_of(removed) {
                tracker.emit(Event::Eliminate {
                    cell: cell as u16,
                    value: d as u8 + 1,
                    reason,
                })?;
            }
        }
        Ok(())
    }

    /// Cells with at least one, two and three candidates among the unplaced ones.
    #[inline(always)]
    fn candidate_counts(&self, unplaced: Cells<W>) -> [Cells<W>; 3] {
        let (mut once, mut twice, mut thrice) = ([0; W], [0; W], [0; W]);
        for board in &self.state.boards {
            let b = and(*board, unplaced);
            thrice = or(thrice, and(twice, b));
            twice = or(twice, and(once, b));
            once = or(once, b);
        }
        [once, twice, thrice]
    }

    /// Runs naked and hidden singles, then locked candidates, to a fixpoint; `Ok(false)` on a
    /// contradiction.
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    fn propagate<O: Observer + ?Sized>(
        &mut self,
        tracker: &mut Tracker<'_, O>,
    ) -> Result<bool, Halt> {
        self.propagate_with(self.locking, tracker)
    }

    /// [`Engine::propagate`], with or without locked candidates.
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    fn propagate_with<O: Observer + ?Sized>(
        &mut self,
        locking: bool,
        tracker: &mut Tracker<'_, O>,
    ) -> Result<bool, Halt> {
        loop {
            let unplaced = and_not(self.tables.all, self.state.placed);
            if is_empty(&unplaced) {
                return Ok(true);
            }
            let [once, twice, _] = self.candidate_counts(unplaced);
            if !is_empty(&and_not(unplaced, once)) {
                return Ok(false); // a cell with no candidate
            }
            let naked = and_not(once, twice);
            if !is_empty(&naked) {
                for slot in cells_of(naked) {
                    // An earlier single of this batch may have taken the cell's last digit.
                    let digits = self.digits_of(slot);
                    if digits == 0 {
                        return Ok(false);
                    }
                    let d = digits.trailing_zeros() as usize;
                    self.place(slot, d, Reason::NAKED_SINGLE, tracker)?;
                }
                continue;
            }
            let mut digits = std::mem::take(&mut self.dirty);
            self.unlocked |= digits;
            let mut progress = false;
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let Some(forced) = self.hidden_singles(d) else {
                    return Ok(false); // the digit has no place left in some unit
                };
                for slot in cells_of(and_not(forced, self.state.placed)) {
                    // An earlier single of this batch may have taken the place.
                    if !contains(&self.state.boards[d], slot) || contains(&self.state.placed, slot)
                    {
                        return Ok(false);
                    }
                    let reason = if tracker.wants_cell_events() {
                        self.hidden_single_reason(slot, d)
                    } else {
                        Reason::PROPAGATION
                    };
                    self.place(slot, d, reason, tracker)?;
                    progress = true;
                }
            }
            if !progress && self.dirty == 0 && !(locking && self.locked_candidates(tracker)?) {
                return Ok(true);
            }
        }
    }

    /// Locked candidates for the digits changed since their last check: a digit whose places in
    /// a box lie on one line leaves the rest of that line (pointing), one whose places on a line
    /// lie in one box leaves the rest of that box (claiming). `Ok(true)` if a board changed.
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    fn locked_candidates<O: Observer + ?Sized>(
        &mut self,
        tracker: &mut Tracker<'_, O>,
    ) -> Result<bool, Halt> {
        let mut digits = std::mem::take(&mut self.unlocked);
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let (board, settled) = (self.state.boards[d], self.state.settled[d]);
            // Every removal follows from this board: they can be made together.
            let mut removed = [0u64; W];
            for segment in &self.tables.segments {
                if settled & segment.units != 0 || is_empty(&and(board, segment.cells)) {
                    continue;
                }
                let in_box_rest = and(board, segment.box_rest);
                let in_line_rest = and(board, segment.line_rest);
                if is_empty(&in_box_rest) {
                    removed = or(removed, in_line_rest);
                } else if is_empty(&in_line_rest) {
                    removed = or(removed, in_box_rest);
                }
            }
            self.eliminate(d, removed, Reason::PROPAGATION, tracker)?;
        }
        Ok(self.dirty != 0)
    }

    /// The cells that are digit `d`'s only place in a unit, or `None` if a unit has no place
    /// for it. 9×9 tests every unit at once; other sizes scan the units where `d` is not placed.
    #[inline(always)]
    fn hidden_singles(&self, d: usize) -> Option<Cells<W>> {
        let board = self.state.boards[d];
        let mut forced = [0u64; W];
        let mut open = self.tables.all_units & !self.state.settled[d];
        while open != 0 {
            let unit = open.trailing_zeros() as usize;
            open &= open - 1;
            let places = and(board, self.tables.units[unit]);
            match count(&places) {
                0 => return None,
                1 => forced = or(forced, places),
                _ => {}
            }
        }
        Some(forced)
    }

    /// Names the unit where `slot` is digit `d`'s only place (for the narration only).
    fn hidden_single_reason(&self, slot: usize, d: usize) -> Reason {
        let board = self.state.boards[d];
        let mut units = self.tables.units_of[slot];
        while units != 0 {
            let unit = units.trailing_zeros() as usize;
            units &= units - 1;
            if count(&and(board, self.tables.units[unit])) == 1 {
                return Reason::hidden_single(unit);
            }
        }
        Reason::PROPAGATION
    }

    /// The cell (as a slot) to branch on: among those with two candidates the one with the most
    /// unplaced peers (the first in reading order among equals), else the fewest candidates.
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    fn most_constrained(&self) -> usize {
        let unplaced = and_not(self.tables.all, self.state.placed);
        let [_, twice, thrice] = self.candidate_counts(unplaced);
        let pairs = and_not(twice, thrice);
        if !is_empty(&pairs) {
            // The degree rule breaks MRV's ties: the cell with the most unplaced peers.
            let mut best = (0, usize::MAX);
            for slot in cells_of(pairs) {
                let degree = count(&and(unplaced, self.tables.peers[slot]));
                if degree > best.0 || best.1 == usize::MAX {
                    best = (degree, slot);
                }
            }
            return best.1;
        }
        self.fewest_candidates_cell(unplaced)
    }

    /// The first unplaced cell with the fewest candidates, when no cell has two (rare: kept out
    /// of line so that the search's loop stays small).
    #[cold]
    #[inline(never)]
    fn fewest_candidates_cell(&self, unplaced: Cells<W>) -> usize {
        cells_of(unplaced)
            .min_by_key(|&cell| self.digits_of(cell).count_ones())
            .expect("an unplaced cell exists when the search branches")
    }

    /// The candidates of a slot as a digit-index bit set.
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    fn digits_of(&self, slot: usize) -> u32 {
        let mut digits = 0;
        for (d, board) in self.state.boards.iter().enumerate() {
            digits |= (contains(board, slot) as u32) << d;
        }
        digits
    }

    /// Tries digit index `d` in `slot` as a search decision and propagates.
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    fn try_digit<O: Observer + ?Sized>(
        &mut self,
        slot: usize,
        d: usize,
        depth: u32,
        tracker: &mut Tracker<'_, O>,
    ) -> Result<bool, Halt> {
        tracker.guess(slot, d as u8 + 1, depth)?;
        self.dirty = 0;
        self.unlocked = 0;
        self.place(slot, d, Reason::DECISION, tracker)?;
        self.propagate(tracker)
    }

    /// The grid in reading order (every cell placed).
    fn values(&self) -> Vec<u8> {
        let mut values = vec![0u8; N * N];
        for (d, board) in self.state.boards.iter().enumerate() {
            for slot in cells_of(*board) {
                values[slot] = d as u8 + 1;
            }
        }
        values
    }

    /// Depth-first search; calls `on_solution` for each solution until `limit` were found.
    /// Returns how many were found. Runs the copy of the search this CPU has (see
    /// [`super::cpu`]).
    pub(super) fn search<O: Observer + ?Sized>(
        &mut self,
        puzzle: &Grid,
        limit: u64,
        tracker: &mut Tracker<'_, O>,
        on_solution: &mut dyn FnMut(&[u8]),
    ) -> Result<u64, Halt> {
        self.search_with(choice(), puzzle, limit, tracker, on_solution)
    }

    /// [`Engine::search`] on the copy `choice` names (the tests force each one this CPU has).
    pub(super) fn search_with<O: Observer + ?Sized>(
        &mut self,
        choice: Choice,
        puzzle: &Grid,
        limit: u64,
        tracker: &mut Tracker<'_, O>,
        on_solution: &mut dyn FnMut(&[u8]),
    ) -> Result<u64, Halt> {
        if choice != Choice::Portable {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `cpu::choice` names V3 only on a CPU with its features.
            return unsafe { self.run_v3(puzzle, limit, tracker, on_solution) };
        }
        // One call site: `run` is inlined, and a second one would double the engine's code.
        self.run(puzzle, limit, tracker, on_solution)
    }

    /// [`Engine::run`] compiled for x86-64-v3.
    ///
    /// # Safety
    ///
    /// The CPU has AVX2, BMI1, BMI2, LZCNT, POPCNT and FMA (as `cpu::choice` checked).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
    unsafe fn run_v3<O: Observer + ?Sized>(
        &mut self,
        puzzle: &Grid,
        limit: u64,
        tracker: &mut Tracker<'_, O>,
        on_solution: &mut dyn FnMut(&[u8]),
    ) -> Result<u64, Halt> {
        self.run(puzzle, limit, tracker, on_solution)
    }

    /// The search itself: givens, propagation, then depth-first decisions with an explicit stack.
    #[inline(always)]
    fn run<O: Observer + ?Sized>(
        &mut self,
        puzzle: &Grid,
        limit: u64,
        tracker: &mut Tracker<'_, O>,
        on_solution: &mut dyn FnMut(&[u8]),
    ) -> Result<u64, Halt> {
        // Givens first; a given whose digit is already gone from its cell clashes with another.
        let mut ok = true;
        for (cell, &v) in puzzle.values().iter().enumerate() {
            if v != 0 {
                let d = v as usize - 1;
                let slot = cell;
                if !contains(&self.state.boards[d], slot) || contains(&self.state.placed, slot) {
                    ok = false;
                    break;
                }
                self.place(slot, d, Reason::GIVEN, tracker)?;
            }
        }
        ok = ok && self.propagate(tracker)?;
        let mut found = 0u64;
        // frames[i] = (slot, digit indices left to try) of decision level i + 1.
        let mut frames: Vec<(usize, u32)> = Vec::new();
        loop {
            if ok {
                if is_empty(&and_not(self.tables.all, self.state.placed)) {
                    found += 1;
                    on_solution(&self.values());
                    if found >= limit {
                        return Ok(found);
                    }
                    ok = false;
                    continue;
                }
                let (cell, d) = match self.look_ahead(tracker.stats.backtracks > 0) {
                    Lookahead::Branch { slot, first } => (slot, first),
                    Lookahead::Dead => {
                        ok = false;
                        continue;
                    }
                    Lookahead::Forced {
                        slot,
                        digit,
                        failed,
                    } => {
                        self.dirty = 0;
                        self.unlocked = 0;
                        self.place(slot, digit, Reason::probe(failed as u8 + 1), tracker)?;
                        ok = self.propagate(tracker)?;
                        continue;
                    }
                };
                let digits = self.digits_of(cell);
                let depth = frames.len();
                if self.pool.len() == depth {
                    self.pool.push(self.state);
                } else {
                    self.pool[depth] = self.state;
                }
                frames.push((cell, digits & !(1 << d)));
                ok = self.try_digit(cell, d, frames.len() as u32, tracker)?;
            } else {
                let depth = frames.len();
                let Some(&mut (cell, ref mut rest)) = frames.last_mut() else {
                    return Ok(found);
                };
                tracker.backtrack(depth as u32)?;
                if *rest == 0 {
                    frames.pop();
                    continue;
                }
                let d = rest.trailing_zeros() as usize;
                *rest &= *rest - 1;
                self.state = self.pool[depth - 1];
                ok = self.try_digit(cell, d, depth as u32, tracker)?;
            }
        }
    }
}
