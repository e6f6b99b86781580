//! The band engine's depth-first search: settle, branch on the best cell, try each digit on a
//! copy of the state (the last one in place), count solutions up to a limit.

use super::narrate::Narrate;
use super::{Bands, Quiet, Stop, Watch};
use crate::exact::propagation::cpu::{choice, Choice};
use crate::grid::Grid;
use crate::solve::{Halt, Tracker};
use crate::trace::Observer;

/// One depth-first search: the tracker (budget, events, statistics), the watch and the count.
struct Search<'a, 't, 'o, O: Observer + ?Sized, W: Watch> {
    tracker: &'t mut Tracker<'o, O>,
    watch: W,
    limit: u64,
    found: u64,
    on_solution: &'a mut dyn FnMut(&[u8]),
}

/// The work measure the statistics count: candidate bits plus unsolved cells (each elimination
/// and each placement lowers it by one).
#[cfg_attr(target_arch = "x86_64", inline(always))]
fn weight(state: &Bands) -> u32 {
    state.candidate_count() + state.unsolved_count()
}

impl<O: Observer + ?Sized, W: Watch> Search<'_, '_, '_, O, W> {
    /// Settles `state` whose weight was `before` (only its word `news` changed since it was
    /// last settled, if given): its new weight, or `None` on a contradiction (whose
    /// eliminations are not counted).
    #[inline(always)]
    fn settle<const WIDE: bool>(
        &mut self,
        state: &mut Bands,
        before: u32,
        news: Option<usize>,
    ) -> Result<Option<u32>, Halt> {
        let result = match news {
            Some(s) => state.settle_after::<W, O, WIDE>(s, &mut self.watch, self.tracker),
            None => state.settle::<W, O, WIDE>(&mut self.watch, self.tracker),
        };
        match result {
            Ok(()) => {
                // Counted for settlings that hold only: how far one that fails gets before it
                // sees the contradiction depends on the order of its updates, which differs
                // between the copies (the wide one updates a pass's words together), and the
                // statistics must not depend on the CPU.
                let after = weight(state);
                self.tracker.count_eliminations(before - after);
                Ok(Some(after))
            }
            Err(Stop::Dead) => Ok(None),
            Err(Stop::Halt(halt)) => Err(halt),
        }
    }

    /// A solution: `Ok(true)` once the limit is reached.
    fn solution(&mut self, state: &Bands) -> bool {
        self.found += 1;
        (self.on_solution)(&state.values());
        self.found >= self.limit
    }

    /// Explores the settled, unsolved `state` (of weight `weight`) by branching on one cell at
    /// decision level `depth`; `Ok(true)` once the limit is reached. The last digit is tried on
    /// `state` itself (no copy) unless the watch needs it to narrate the backtrack.
    /// `deeper` explores a child: this same function, as compiled for the same instruction set.
    #[inline(always)]
    fn explore<const WIDE: bool>(
        &mut self,
        state: &mut Bands,
        weight: u32,
        depth: u32,
        deeper: impl Fn(&mut Self, &mut Bands, u32, u32) -> Result<bool, Halt>,
    ) -> Result<bool, Halt> {
        let cell = state.branch_cell();
        let (b, p) = (cell / 27, cell % 27);
        let mut digits = state.candidates(cell);
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            self.tracker.guess(cell, d as u8 + 1, depth)?;
            let mut copy;
            let child = if digits == 0 && !W::NARRATES {
                &mut *state
            } else {
                copy = *state;
                &mut copy
            };
            if W::NARRATES {
                // The observer saw the guess itself, not yet what clearing its neighbours does.
                let mut shown = *child;
                shown.mark_placed(cell, d);
                self.watch.reset(&shown);
            }
            child.place(b, d, p);
            if let Some(settled) = self.settle::<WIDE>(child, weight, Some(3 * d + b))? {
                let done = if child.is_solved() {
                    self.solution(child)
                } else {
                    deeper(self, child, settled, depth + 1)?
                };
                if done {
                    return Ok(true);
                }
            }
            self.tracker.backtrack(depth)?;
            if W::NARRATES {
                self.watch.reset(state);
            }
        }
        Ok(false)
    }

    /// [`Search::explore`] for any CPU.
    fn explore_portable(
        &mut self,
        state: &mut Bands,
        weight: u32,
        depth: u32,
    ) -> Result<bool, Halt> {
        self.explore::<false>(state, weight, depth, Self::explore_portable)
    }

    /// [`Search::explore`] compiled for x86-64-v3.
    ///
    /// # Safety
    ///
    /// The CPU has AVX2, BMI1, BMI2, LZCNT, POPCNT and FMA (as `cpu::choice` checked).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
    unsafe fn explore_v3(
        &mut self,
        state: &mut Bands,
        weight: u32,
        depth: u32,
    ) -> Result<bool, Halt> {
        // A closure, not a named safe function: it can only be made inside a v3 function, so it
        // cannot be called on a CPU without the features (run_v3 makes the same one).
        self.explore::<false>(state, weight, depth, |search, child, weight, depth| {
            // SAFETY: the same CPU as this call's, which the caller vouched for.
            unsafe { search.explore_v3(child, weight, depth) }
        })
    }

    /// [`Search::explore`] compiled for x86-64-v3 with AVX-512F, settling by wide passes.
    ///
    /// # Safety
    ///
    /// The CPU has AVX-512F and the v3 features (as `cpu::choice` checked).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
    unsafe fn explore_v4(
        &mut self,
        state: &mut Bands,
        weight: u32,
        depth: u32,
    ) -> Result<bool, Halt> {
        self.explore::<true>(state, weight, depth, |search, child, weight, depth| {
            // SAFETY: the same CPU as this call's, which the caller vouched for.
            unsafe { search.explore_v4(child, weight, depth) }
        })
    }

    /// [`Search::run_with`] compiled as [`Search::explore_v4`].
    ///
    /// # Safety
    ///
    /// As for [`Search::explore_v4`].
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
    unsafe fn run_v4(&mut self, puzzle: &Grid) -> Result<u64, Halt> {
        self.run_with::<true>(puzzle, |search, state, weight, depth| {
            // SAFETY: as for this call.
            unsafe { search.explore_v4(state, weight, depth) }
        })
    }

    /// [`Search::run_with`] compiled for x86-64-v3.
    ///
    /// # Safety
    ///
    /// As for [`Search::explore_v3`].
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
    unsafe fn run_v3(&mut self, puzzle: &Grid) -> Result<u64, Halt> {
        self.run_with::<false>(puzzle, |search, state, weight, depth| {
            // SAFETY: as for this call.
            unsafe { search.explore_v3(state, weight, depth) }
        })
    }

    /// Runs the copy of the search `choice` names.
    fn run(&mut self, puzzle: &Grid, choice: Choice) -> Result<u64, Halt> {
        #[cfg(target_arch = "x86_64")]
        if choice == Choice::V3 {
            // SAFETY: `cpu::choice` names V3 only on a CPU with its features.
            return unsafe { self.run_v3(puzzle) };
        }
        #[cfg(target_arch = "x86_64")]
        if choice == Choice::V4 {
            // SAFETY: `cpu::choice` names V4 only on a CPU with its features.
            return unsafe { self.run_v4(puzzle) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = choice;
        // One call site: `run_with` is inlined, and a second one would double its code.
        self.run_with::<false>(puzzle, Self::explore_portable)
    }

    /// Places the givens, settles, and explores with `explore` (of the same instruction set).
    #[inline(always)]
    fn run_with<const WIDE: bool>(
        &mut self,
        puzzle: &Grid,
        explore: impl Fn(&mut Self, &mut Bands, u32, u32) -> Result<bool, Halt>,
    ) -> Result<u64, Halt> {
        let values = puzzle.values().try_into().expect("a 9×9 grid");
        let mut state = Bands::new();
        if !state.place_givens(values) {
            return Ok(0); // two givens clash
        }
        let givens = 81 - state.unsolved_count();
        // The weight of the bare givens: 9 candidates and one unsolved mark per empty cell.
        let before = 10 * (81 - givens) + givens;
        if W::NARRATES {
            let mut shown = Bands::new();
            for (cell, &v) in puzzle.values().iter().enumerate() {
                if v != 0 {
                    shown.mark_placed(cell, v as usize - 1);
                }
            }
            self.watch.reset(&shown);
            self.watch.step(&state, self.tracker)?;
        }
        if let Some(settled) = self.settle::<WIDE>(&mut state, before, None)? {
            if state.is_solved() {
                self.solution(&state);
            } else {
                explore(self, &mut state, settled, 1)?;
            }
        }
        Ok(self.found)
    }
}

/// Depth-first search of a 9×9 puzzle; calls `on_solution` (values in reading order) for each
/// solution until `limit` were found. Returns how many were found.
pub(crate) fn search<O: Observer + ?Sized>(
    puzzle: &Grid,
    limit: u64,
    tracker: &mut Tracker<'_, O>,
    on_solution: &mut dyn FnMut(&[u8]),
) -> Result<u64, Halt> {
    search_with(choice(), puzzle, limit, tracker, on_solution)
}

/// [`search`] on the copy `choice` names (the tests force each one this CPU has).
pub(super) fn search_with<O: Observer + ?Sized>(
    choice: Choice,
    puzzle: &Grid,
    limit: u64,
    tracker: &mut Tracker<'_, O>,
    on_solution: &mut dyn FnMut(&[u8]),
) -> Result<u64, Halt> {
    debug_assert_eq!(puzzle.size().n(), 9);
    if tracker.wants_cell_events() {
        let watch = Narrate {
            shown: Bands::new(),
            told: [0; 3],
        };
        Search {
            tracker,
            watch,
            limit,
            found: 0,
            on_solution,
        }
        .run(puzzle, choice)
    } else {
        Search {
            tracker,
            watch: Quiet,
            limit,
            found: 0,
            on_solution,
        }
        .run(puzzle, choice)
    }
}
