//! The 9×9 path of the `propagation` engine: candidates stored per digit and per band.
//!
//! The idea of keeping, for each digit and each band (three rows), one 27-bit word of the cells
//! where the digit may still go, and of reasoning on a whole word at once, comes from JCZSolve
//! (zhouyundong, 2012, later refined by champagne, JasonLion and, in Rust, emerentius). This
//! module is our own formulation of it:
//!
//! - **Word update.** When a digit's word of a band has changed since it was last looked at, its
//!   nine (row, box) "triplets" go through one table that applies locked candidates inside the
//!   band to a fixpoint (a row confined to one box clears that box's other rows; a box confined
//!   to one row clears that row's other boxes) and spots a row or box with no place left. A box
//!   left with one column clears that column in the two other bands. A row left with one triplet
//!   whose box has one column has one cell: the digit is placed there (hidden singles of rows and
//!   boxes) and the cell leaves the eight other digits' words.
//! - **Placing** a digit only clears the row and box neighbours in its own word; the word update
//!   does the rest, so a placement costs one AND.
//! - **Naked singles** and empty cells come from "seen once / seen twice" counts over the nine
//!   words of a band; the same pass keeps the cells with two candidates.
//! - **Column claims**, when neither finds anything more: a digit with no place left in a column
//!   is a contradiction, and a column only one band still offers claims it inside its box there
//!   (which also yields the hidden singles of columns). Done at the fixpoint rather than in every
//!   word update: measured, the same pruning for far less work.
//! - **Search** branches on a cell with two candidates (there almost always is one), taking the
//!   one with the most unsolved neighbours (MRV with the degree rule as tie-break: on the forum's
//!   hardest it needs 94 nodes a puzzle where the first such cell needs 141), else on the cell
//!   with the fewest candidates. A search level saves the 60-word state (70 with x86-64's
//!   padding words) by copy; the last digit of a cell is tried in place.
//!
//! - **Copies.** On x86-64 the search is compiled three times, for x86-64-v2, x86-64-v3 and
//!   x86-64-v3 with AVX-512F; `cpu::choice` picks one at run time. The AVX-512 copy settles by
//!   wide passes ([`Bands::settle_words_wide`]): a pass's updates read the state as the pass
//!   began and gather their eliminations as masks in vector registers, applied when the pass
//!   ends, so that the updates do not wait on one another through memory; it claims columns
//!   with vector instructions too. The same fixpoint, so the same search, nodes and answers.
//!
//! A [`Watch`] sees every step: the quiet one compiles to nothing, the narrating one turns the
//! difference between two steps into the trace's Assign and Eliminate events.

use crate::solve::{Halt, Tracker};
use crate::trace::Observer;

mod changed;
mod narrate;
mod search;
mod tables;
#[cfg(target_arch = "x86_64")]
mod wide;

use changed::changed_words;
pub(crate) use search::search;
use tables::*;

/// Why settling stopped: the state has no solution, or the run must end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    Dead,
    Halt(Halt),
}

impl From<Halt> for Stop {
    fn from(halt: Halt) -> Stop {
        Stop::Halt(halt)
    }
}

/// What the search saves per level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(align(32))]
struct Bands {
    /// `cand[3 * d + b]`: the cells of band b where digit d + 1 may go (a placed digit keeps its cell).
    cand: [u32; WORDS],
    /// Each word as its last update left it; a word that differs has news.
    seen: [u32; WORDS],
    /// Cells of each band not known to be placed yet.
    unsolved: [u32; 3],
    /// Unsolved cells with exactly two candidates, as of the last naked-singles pass.
    pairs: [u32; 3],
}

/// Words per array: the 27, and padding words, always 0 in both arrays: in wasm a 28th, so that
/// [`changed_words`] makes seven aligned vector comparisons instead of an overlapping last one
/// (under V8 1–2 % more puzzles a second; natively about 1 % fewer on the 17-clue set); on
/// x86-64 five, so that the AVX-512 copy reads and writes each array as two 16-word vectors.
const WORDS: usize = if cfg!(target_arch = "wasm32") {
    28
} else if cfg!(target_arch = "x86_64") {
    32
} else {
    27
};

/// The nonzero bytes of `values`, as a bit set in two halves (cells 0..64, then 64..81): eight
/// at a time (the high bit of each nonzero byte, gathered by one multiplication), so that the
/// givens are visited without a mispredicted branch per cell. In 64-bit halves, not one u128:
/// wasm has no 128-bit shifts (each is a call).
fn filled_cells(values: &[u8; 81]) -> [u64; 2] {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut set = [0u64; 2];
    for (i, chunk) in values.chunks_exact(8).enumerate() {
        let x = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        // Bit 7 of each byte: the byte is nonzero (its low seven bits carry into it, or it is set).
        let nonzero = (((x & LOW7) + LOW7) | x) & HIGH;
        // Bits 7, 15, …, 63 to bits 56..64, in order.
        let byte = (nonzero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        set[i / 8] |= byte << (8 * (i % 8));
    }
    set[1] |= ((values[80] != 0) as u64) << 16;
    set
}

/// Sees each settling step; may stop the run.
trait Watch {
    /// Whether [`Watch::step`] does anything (lets the engine skip the calls).
    const NARRATES: bool;
    fn step<O: Observer + ?Sized>(
        &mut self,
        now: &Bands,
        tracker: &mut Tracker<'_, O>,
    ) -> Result<(), Halt>;
    /// The observer's board is now `to` (after a guess or a backtrack).
    fn reset(&mut self, to: &Bands);
    /// The naked singles of `now` are about to be placed: tell them first, so the observer sees
    /// each value before the eliminations it causes.
    fn singles<O: Observer + ?Sized>(
        &mut self,
        now: &Bands,
        tracker: &mut Tracker<'_, O>,
    ) -> Result<(), Halt>;
}

/// Sees nothing: every call compiles away.
struct Quiet;

impl Watch for Quiet {
    const NARRATES: bool = false;
    #[inline(always)]
    fn step<O: Observer + ?Sized>(
        &mut self,
        _: &Bands,
        _: &mut Tracker<'_, O>,
    ) -> Result<(), Halt> {
        Ok(())
    }
    #[inline(always)]
    fn reset(&mut self, _: &Bands) {}
    #[inline(always)]
    fn singles<O: Observer + ?Sized>(
        &mut self,
        _: &Bands,
        _: &mut Tracker<'_, O>,
    ) -> Result<(), Halt> {
        Ok(())
    }
}

impl Bands {
    fn new() -> Bands {
        Bands {
            // The padding word, if any, is 0 in both: never changed.
            cand: std::array::from_fn(|s| if s < 27 { ALL } else { 0 }),
            seen: [0; WORDS],
            unsolved: [ALL; 3],
            pairs: [0; 3],
        }
    }

    #[cfg_attr(target_arch = "x86_64", inline(always))]
    fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// Candidate bits left over the whole grid (placed cells count one each).
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    fn candidate_count(&self) -> u32 {
        // Two words per 64-bit count: half the popcounts. A plain loop (no iterator adaptors)
        // so that it is inlined into each instruction set's copy of the search.
        let mut count = self.cand[26].count_ones();
        for pair in 0..13 {
            count +=
                (self.cand[2 * pair] as u64 | (self.cand[2 * pair + 1] as u64) << 32).count_ones();
        }
        count
    }

    #[cfg_attr(target_arch = "x86_64", inline(always))]
    fn unsolved_count(&self) -> u32 {
        let [u0, u1, u2] = self.unsolved;
        (u0 as u64 | (u1 as u64) << 32).count_ones() + u2.count_ones()
    }

    /// The digit-index set of a cell (0..81 in reading order).
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    fn candidates(&self, cell: usize) -> u32 {
        self.candidates_at(cell / 27, cell % 27)
    }

    /// The digit-index set of cell p of band b: its bit in the nine words at once.
    #[inline(always)]
    fn candidates_at(&self, b: usize, p: usize) -> u32 {
        let mut set = 0;
        for d in 0..9 {
            set |= (self.cand[3 * d + b] >> p & 1) << d;
        }
        set
    }

    /// Places the filled cells of `values` (81, in reading order) on a new state: each digit
    /// leaves its row, box and column, each cell the other digits. All at once, without a branch
    /// per cell; `false` if two clash (a cell lost its digit to another). In place, with the
    /// givens gathered in `seen` until every word is marked changed, so that no state is copied
    /// and no array zeroed per puzzle (in wasm each is a call out of the module).
    fn place_givens(&mut self, values: &[u8; 81]) -> bool {
        debug_assert_eq!(*self, Bands::new());
        for (half, mut filled) in filled_cells(values).into_iter().enumerate() {
            while filled != 0 {
                let cell = 64 * half + filled.trailing_zeros() as usize;
                filled &= filled - 1;
                let (b, p, d) = (cell / 27, cell % 27, values[cell] as usize - 1);
                let s = 3 * d + b;
                // The cells given each word's digit, for now.
                self.seen[s] |= 1 << p;
                self.place(b, d, p);
                let [_, other, another] = WORD_PEERS[s].map(usize::from);
                self.cand[other] &= !COLUMN_OF[p];
                self.cand[another] &= !COLUMN_OF[p];
            }
        }
        let mut placed = [0u32; 3];
        let mut kept = true;
        for s in 0..27 {
            let givens = self.seen[s];
            kept &= self.cand[s] & givens == givens;
            placed[s % 3] |= givens;
        }
        for s in 0..27 {
            self.cand[s] = self.cand[s] & !placed[s % 3] | self.seen[s];
            // Bits past the band's 27 cells: every word differs from it, so each is updated
            // first — even one that is only its givens, which may leave a row without the digit.
            self.seen[s] = !ALL;
        }
        self.unsolved = placed.map(|p| ALL & !p);
        kept
    }

    /// The cell holds digit d: unsolved no more, no other digit there (neighbours untouched).
    fn mark_placed(&mut self, cell: usize, d: usize) {
        let (b, bit) = (cell / 27, 1u32 << (cell % 27));
        let own = self.cand[3 * d + b] & bit;
        self.unsolved[b] &= !bit;
        for e in 0..9 {
            self.cand[3 * e + b] &= !bit;
        }
        self.cand[3 * d + b] |= own;
    }

    /// Places digit d in a cell: only its own word changes (its row and box neighbours lose the
    /// digit); during the search the word update does the rest.
    #[inline(always)]
    fn place(&mut self, b: usize, d: usize, p: usize) {
        self.cand[3 * d + b] &= KEEP_AFTER_PLACING[p];
    }

    /// Word update (see the module doc) of word `s` (< 27).
    #[inline(always)]
    fn update(&mut self, s: usize) -> Result<(), Stop> {
        let [b, other, another] = WORD_PEERS[s].map(usize::from);
        let word = self.cand[s];
        let by_triplets = by_triplets_of(word);
        let word = word & by_triplets.keep;
        if word == 0 {
            return Err(Stop::Dead);
        }
        self.seen[s] = word;
        let by_columns = by_columns_of(word);
        self.cand[other] &= by_columns.other_bands;
        self.cand[another] &= by_columns.other_bands;
        // A row down to one triplet whose box is down to one column: one cell left.
        let placed = word & by_triplets.lone & by_columns.one_column_boxes;
        // The placed cells leave every digit's word of the band (nine ANDs: cheaper than
        // testing which are new, or whether there are any: 4 % slower on the hardest set),
        // then this word is stored, over what the loop made of its old value (one store: the
        // peers' ANDs above never touch it).
        self.unsolved[b] &= !placed;
        for e in 0..9 {
            self.cand[3 * e + b] &= !placed;
        }
        self.cand[s] = word;
        Ok(())
    }

    /// Updates every changed word until none changes. Each pass finds the changed words at
    /// once, without a branch ([`changed_words`]), and updates them in turn; a word an update
    /// changes meanwhile waits for the next pass. A branch per word, as the pass was first
    /// written (27 tests, unrolled), mispredicted on most changed words: this is 6–7 % faster on
    /// the hard sets, 12 % on the 17-clue set, and a quarter of the code.
    #[inline(always)]
    fn settle_words<W: Watch, O: Observer + ?Sized, const WIDE: bool>(
        &mut self,
        watch: &mut W,
        tracker: &mut Tracker<'_, O>,
    ) -> Result<(), Stop> {
        #[cfg(target_arch = "x86_64")]
        if WIDE && !W::NARRATES {
            // SAFETY: WIDE is set only by the AVX-512 copy of the search (`cpu::choice`).
            return unsafe { self.settle_words_wide() };
        }
        loop {
            let mut news = changed_words(&self.cand, &self.seen);
            if news == 0 {
                return Ok(());
            }
            // Two updates a turn: natively about 3 % faster than one in the default copy, 4–7 %
            // in the portable one (docs/benchmarks-log.md); in wasm the same.
            while news != 0 {
                self.update_lowest::<W, O>(&mut news, watch, tracker)?;
                if news == 0 {
                    break;
                }
                self.update_lowest::<W, O>(&mut news, watch, tracker)?;
            }
        }
    }

    /// Updates the lowest word of the set `news` and takes it out of the set.
    #[inline(always)]
    fn update_lowest<W: Watch, O: Observer + ?Sized>(
        &mut self,
        news: &mut u32,
        watch: &mut W,
        tracker: &mut Tracker<'_, O>,
    ) -> Result<(), Stop> {
        let s = news.trailing_zeros() as usize;
        *news &= *news - 1;
        self.update(s)?;
        if W::NARRATES {
            watch.step(self, tracker)?;
        }
        Ok(())
    }

    /// The cells of band `b` with at least one, two and three candidates (placed cells count
    /// their own digit).
    #[inline(always)]
    fn seen_counts(&self, b: usize) -> [u32; 3] {
        let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
        for d in 0..9 {
            let w = self.cand[3 * d + b];
            thrice |= twice & w;
            twice |= once & w;
            once |= w;
        }
        [once, twice, thrice]
    }

    /// Whether every cell has exactly one candidate (a solved state's check).
    fn one_digit_per_cell(&self) -> bool {
        (0..3).all(|b| {
            let [once, twice, _] = self.seen_counts(b);
            once == ALL && twice == 0
        })
    }

    /// Places the naked singles (cells with one candidate) and notes the cells with two;
    /// `Ok(false)` if there was none.
    #[inline(always)]
    fn naked_singles(&mut self) -> Result<bool, Stop> {
        let mut any = false;
        for b in 0..3 {
            let [once, twice, thrice] = self.seen_counts(b);
            if once != ALL {
                return Err(Stop::Dead);
            }
            self.pairs[b] = twice & !thrice & self.unsolved[b];
            let mut singles = once & !twice & self.unsolved[b];
            any |= singles != 0;
            while singles != 0 {
                let p = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                // The cell's digit from all nine words at once (a search word by word ends where
                // no predictor can tell); none if an earlier single of this pass took the cell's
                // last digit.
                let digits = self.candidates_at(b, p);
                if digits == 0 {
                    return Err(Stop::Dead);
                }
                // Only the word changes here: its next update finds the cell alone in its row
                // and box and marks it solved. Settling ends on that (an update that could miss
                // it would leave this single to be found again, pass after pass).
                self.place(b, digits.trailing_zeros() as usize, p);
            }
        }
        Ok(any)
    }

    /// Columns across bands, once the word updates and the naked singles found nothing: a digit
    /// needs every column (none left is a contradiction), and a column only one band still
    /// offers claims it inside its box there. `Ok(true)` if a word changed.
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    fn claim_columns(&mut self) -> Result<bool, Stop> {
        let mut changed = false;
        for d in 0..9 {
            let words = [self.cand[3 * d], self.cand[3 * d + 1], self.cand[3 * d + 2]];
            let columns = words.map(|w| (w | w >> 9 | w >> 18) & ROW);
            if columns[0] | columns[1] | columns[2] != ROW {
                return Err(Stop::Dead);
            }
            for b in 0..3 {
                let only_here = columns[b] & !(columns[(b + 1) % 3] | columns[(b + 2) % 3]);
                let kept = words[b] & KEEP_FOR_CLAIMED_COLUMNS[only_here as usize];
                changed |= kept != words[b];
                self.cand[3 * d + b] = kept;
            }
        }
        Ok(changed)
    }

    /// [`Bands::claim_columns`], by the wide copy's vector instructions when `WIDE`.
    #[inline(always)]
    fn claim_columns_of<const WIDE: bool>(&mut self) -> Result<bool, Stop> {
        #[cfg(target_arch = "x86_64")]
        if WIDE {
            // SAFETY: WIDE is set only by the AVX-512 copy of the search (`cpu::choice`).
            return unsafe { self.claim_columns_wide() };
        }
        self.claim_columns()
    }

    /// [`Bands::settle`] of a settled state in which only word `s` has changed since (a guess
    /// was placed): that word is updated first, without a pass over the 27 to find it.
    #[inline(always)]
    fn settle_after<W: Watch, O: Observer + ?Sized, const WIDE: bool>(
        &mut self,
        s: usize,
        watch: &mut W,
        tracker: &mut Tracker<'_, O>,
    ) -> Result<(), Stop> {
        if WIDE && !W::NARRATES {
            // The wide pass finds the word changed by itself.
            return self.settle::<W, O, WIDE>(watch, tracker);
        }
        self.update(s)?;
        if W::NARRATES {
            watch.step(self, tracker)?;
        }
        self.settle::<W, O, WIDE>(watch, tracker)
    }

    /// Runs word updates, naked singles and column claims to a fixpoint (or a contradiction).
    #[inline(always)]
    fn settle<W: Watch, O: Observer + ?Sized, const WIDE: bool>(
        &mut self,
        watch: &mut W,
        tracker: &mut Tracker<'_, O>,
    ) -> Result<(), Stop> {
        loop {
            self.settle_words::<W, O, WIDE>(watch, tracker)?;
            if self.is_solved() {
                // A wide pass leaves a contradiction it made to the next naked-singles pass (a
                // cell left without a digit): a solution is checked here instead.
                if WIDE && !self.one_digit_per_cell() {
                    return Err(Stop::Dead);
                }
                return Ok(());
            }
            if W::NARRATES {
                watch.singles(self, tracker)?;
            }
            if !self.naked_singles()? && !self.claim_columns_of::<WIDE>()? {
                return Ok(());
            }
            if W::NARRATES {
                watch.step(self, tracker)?;
            }
        }
    }

    /// The cell to branch on: among the cells with two candidates (known from the last
    /// naked-singles pass, after which nothing changed), the one with the most unsolved
    /// neighbours; else the first with the fewest candidates.
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    fn branch_cell(&self) -> usize {
        // The degree rule breaks MRV's ties: each branch on a well-connected cell settles more.
        // Degree = unsolved cells of its row and box (one band word) and of its column (three).
        let [u0, u1, u2] = self.unsolved;
        let mut best = (0, usize::MAX);
        for b in 0..3 {
            let mut rest = self.pairs[b];
            while rest != 0 {
                let p = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let row_and_box = self.unsolved[b] & ROW_AND_BOX[p];
                // Its column's unsolved cells of the three bands, side by side (constant shifts
                // only: a shift by the column is two more instructions in wasm engines).
                let in_column = COLUMN_OF[p];
                let column = (u0 & in_column) | (u1 & in_column) << 1 | (u2 & in_column) << 2;
                let degree = (row_and_box as u64 | (column as u64) << 32).count_ones();
                if degree > best.0 {
                    best = (degree, 27 * b + p);
                }
            }
        }
        if best.1 != usize::MAX {
            return best.1;
        }
        self.fewest_candidates_cell()
    }

    /// The first unsolved cell with the fewest candidates, when no cell has two (rare: kept out
    /// of line so that the search's hot loop stays small).
    #[cold]
    #[inline(never)]
    fn fewest_candidates_cell(&self) -> usize {
        // at_least[k] holds the cells with at least k + 1 candidates.
        let mut best = (u32::MAX, 0);
        for b in 0..3 {
            let mut at_least = [0u32; 9];
            for d in 0..9 {
                let w = self.cand[3 * d + b];
                for k in (1..9).rev() {
                    at_least[k] |= at_least[k - 1] & w;
                }
                at_least[0] |= w;
            }
            for k in 1..8 {
                let exactly = at_least[k] & !at_least[k + 1] & self.unsolved[b];
                if exactly != 0 && (k as u32) < best.0 {
                    best = (k as u32, 27 * b + exactly.trailing_zeros() as usize);
                }
            }
            let full = at_least[8] & self.unsolved[b];
            if full != 0 && best.0 == u32::MAX {
                best = (8, 27 * b + full.trailing_zeros() as usize);
            }
        }
        debug_assert!(
            best.0 != u32::MAX,
            "an unsolved cell exists when the search branches"
        );
        best.1
    }

    /// Every cell's digit (1..=9) once solved, in reading order.
    fn values(&self) -> [u8; 81] {
        let mut values = [0u8; 81];
        for (s, &word) in self.cand.iter().enumerate() {
            let (digit, base) = (s as u8 / 3 + 1, 27 * (s % 3));
            let mut rest = word;
            while rest != 0 {
                values[base + rest.trailing_zeros() as usize] = digit;
                rest &= rest - 1;
            }
        }
        values
    }
}

#[cfg(test)]
mod tests;
