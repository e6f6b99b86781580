//! The band engine's depth-first search: settle, branch on the best cell, try each digit on a
//! copy of the state (the last one in place), count solutions up to a limit.

use super::narrate::Narrate;
use super::{Bands, Quiet, Stop, Watch};
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
fn weight(state: &Bands) -> u32 {
    state.candidate_count() + state.unsolved_count()
}

impl<O: Observer + ?Sized, W: Watch> Search<'_, '_, '_, O, W> {
    /// Settles `state` whose weight was `before`: its new weight, or `None` on a contradiction.
    #[inline(always)]
    fn settle(&mut self, state: &mut Bands, before: u32) -> Result<Option<u32>, Halt> {
        let result = state.settle(&mut self.watch, self.tracker);
        let after = weight(state);
        self.tracker.count_eliminations(before - after);
        match result {
            Ok(()) => Ok(Some(after)),
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
    fn explore(&mut self, state: &mut Bands, weight: u32, depth: u32) -> Result<bool, Halt> {
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
            if let Some(settled) = self.settle(child, weight)? {
                let done = if child.is_solved() {
                    self.solution(child)
                } else {
                    self.explore(child, settled, depth + 1)?
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

    fn run(&mut self, puzzle: &Grid) -> Result<u64, Halt> {
        let mut state = Bands::new();
        let mut givens = 0;
        for (cell, &v) in puzzle.values().iter().enumerate() {
            if v != 0 {
                givens += 1;
                if state.place_given(cell, v as usize - 1).is_err() {
                    return Ok(0); // a given whose digit a clashing given already took
                }
            }
        }
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
        if let Some(settled) = self.settle(&mut state, before)? {
            if state.is_solved() {
                self.solution(&state);
            } else {
                self.explore(&mut state, settled, 1)?;
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
        .run(puzzle)
    } else {
        Search {
            tracker,
            watch: Quiet,
            limit,
            found: 0,
            on_solution,
        }
        .run(puzzle)
    }
}
