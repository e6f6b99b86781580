//! Probing, the digit-board engine's lookahead before it branches (failed-literal probing, as
//! SAT solvers call it; singleton consistency on two-valued cells, in CP's words).
//!
//! Each cell with two candidates is tried with each of them on a copy of the state, and the
//! copy propagated. A digit whose trial ends in a contradiction cannot be there: the cell takes
//! the other one, with no search node, and propagation and probing start again. When no trial
//! fails, the search branches on the cell whose two trials removed the most (the product of the
//! two counts, as lookahead SAT solvers score a variable): both its branches start small.
//!
//! A trial costs one propagation (singles only: with locked candidates too, trials on 100
//! minimal 16×16 puzzles took 1.6× the time for 20 % fewer nodes), so probing pays where a
//! search node is dear and trees are deep: 16×16 and 25×25 (docs/benchmarks-log.md: all 40 minimal
//! 25×25 puzzles of a batch solved within 16,000 nodes each, where the degree rule alone left
//! 7 over two million). It starts once the search has backtracked: a grid that a straight line
//! of guesses solves is done sooner without it (the fixtures of every size: 6.6 µs a puzzle,
//! 17 µs when probing from the first branch). The 9×9 band engine does not probe: its nodes
//! cost less than the trials would.

use super::{and_not, cells_of, is_empty, Engine};
use crate::solve::{Limits, Tracker};
use crate::trace::{NullObserver, Reason};

/// What probing the two-candidate cells found.
pub(super) enum Lookahead {
    /// Digit index `failed` in `slot` leads to a contradiction: the cell holds `digit`.
    Forced {
        slot: usize,
        digit: usize,
        failed: usize,
    },
    /// Both digits of a cell lead to a contradiction: the state has no solution.
    Dead,
    /// No trial failed: branch on `slot`, trying digit index `first` first.
    Branch { slot: usize, first: usize },
}

/// Where a trial that ended without a contradiction left the grid.
#[derive(Clone, Copy)]
enum Trial {
    /// Every cell placed.
    Done,
    /// Cells left open; the count of candidates removed and cells placed.
    Open(u64),
}
use Trial::{Done, Open};

impl<const W: usize, const N: usize> Engine<W, N> {
    /// Probes every cell with two candidates of the settled state (see the module doc) when
    /// `probe` says the search has backtracked; without probing, or with no such cell, the
    /// branch is [`Engine::most_constrained`]'s.
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    pub(super) fn look_ahead(&mut self, probe: bool) -> Lookahead {
        let unplaced = and_not(self.tables.all, self.state.placed);
        let [_, twice, thrice] = self.candidate_counts(unplaced);
        let pairs = and_not(twice, thrice);
        if is_empty(&pairs) || !self.probing || !probe {
            let slot = self.most_constrained();
            let first = self.digits_of(slot).trailing_zeros() as usize;
            return Lookahead::Branch { slot, first };
        }
        let mut best = (0, usize::MAX, 0);
        for slot in cells_of(pairs) {
            let digits = self.digits_of(slot);
            let first = digits.trailing_zeros() as usize;
            let second = (digits & (digits - 1)).trailing_zeros() as usize;
            match (self.trial(slot, first), self.trial(slot, second)) {
                (None, None) => return Lookahead::Dead,
                (None, Some(_)) => {
                    return Lookahead::Forced {
                        slot,
                        digit: second,
                        failed: first,
                    }
                }
                (Some(_), None) => {
                    return Lookahead::Forced {
                        slot,
                        digit: first,
                        failed: second,
                    }
                }
                // A trial that filled the grid: that branch is the answer (the search finds
                // it again at once; on an easy grid, probing the other cells would cost more
                // than the whole search).
                (Some(Done), _) => return Lookahead::Branch { slot, first },
                (_, Some(Done)) => {
                    return Lookahead::Branch {
                        slot,
                        first: second,
                    }
                }
                (Some(Open(a)), Some(Open(b))) => {
                    // +1: a trial that removed nothing but its own cell still ranks its partner.
                    let score = (a + 1) * (b + 1);
                    if score > best.0 {
                        best = (score, slot, first);
                    }
                }
            }
        }
        Lookahead::Branch {
            slot: best.1,
            first: best.2,
        }
    }

    /// Places digit index `d` in `slot` on the state and propagates the singles, unobserved;
    /// then puts the state back. The count is of the candidates removed and the cells placed.
    /// Locked candidates are left out of trials: on 100 minimal 16×16 puzzles trials with them
    /// took 15.8 nodes a puzzle instead of 12.3 but 1.6× the time.
    #[cfg_attr(target_arch = "x86_64", inline(always))]
    fn trial(&mut self, slot: usize, d: usize) -> Option<Trial> {
        let saved = self.state;
        let mut observer = NullObserver;
        let mut tracker = Tracker::new(&mut observer, Limits::NONE);
        self.dirty = 0;
        self.unlocked = 0;
        // The quiet observer never stops a run and there is no budget: no `Err` can come.
        let alive = self
            .place(slot, d, Reason::PROPAGATION, &mut tracker)
            .and_then(|()| self.propagate_with(false, &mut tracker))
            .unwrap_or(false);
        let done = is_empty(&and_not(self.tables.all, self.state.placed));
        self.state = saved;
        // The saved state was settled: nothing is left to check.
        self.dirty = 0;
        self.unlocked = 0;
        alive.then_some(if done {
            Done
        } else {
            Open(tracker.stats.propagations)
        })
    }
}
