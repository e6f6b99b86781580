//! The narrating watch: each settling step of the band engine told as Assign and Eliminate
//! events, from the difference between what the observer was last shown and the state now.

use super::{Bands, Watch};
use crate::solve::{Halt, Tracker};
use crate::trace::{Event, Observer, Reason};

/// Turns each settling step into Assign and Eliminate events: the difference between what the
/// observer was last shown and the state now.
pub(super) struct Narrate {
    pub(super) shown: Bands,
    /// Naked singles already told as Assign that the engine has not marked placed yet: no
    /// second Assign, and no Eliminate of their other digits, when it does.
    pub(super) told: [u32; 3],
}

impl Watch for Narrate {
    const NARRATES: bool = true;

    fn step<O: Observer + ?Sized>(
        &mut self,
        now: &Bands,
        tracker: &mut Tracker<'_, O>,
    ) -> Result<(), Halt> {
        for b in 0..3 {
            let open = now.unsolved[b] & !self.told[b];
            for d in 0..9 {
                let s = 3 * d + b;
                let mut removed = self.shown.cand[s] & !now.cand[s] & open;
                while removed != 0 {
                    let p = removed.trailing_zeros() as usize;
                    removed &= removed - 1;
                    tracker.emit(Event::Eliminate {
                        cell: (27 * b + p) as u16,
                        value: d as u8 + 1,
                        reason: Reason::PROPAGATION,
                    })?;
                }
            }
            let mut placed = self.shown.unsolved[b] & !now.unsolved[b] & !self.told[b];
            while placed != 0 {
                let p = placed.trailing_zeros() as usize;
                placed &= placed - 1;
                let cell = 27 * b + p;
                tracker.emit(Event::Assign {
                    cell: cell as u16,
                    value: now.candidates(cell).trailing_zeros() as u8 + 1,
                    reason: Reason::PROPAGATION,
                })?;
            }
        }
        self.shown = *now;
        for b in 0..3 {
            self.told[b] &= now.unsolved[b];
            self.shown.unsolved[b] &= !self.told[b];
        }
        Ok(())
    }

    fn reset(&mut self, to: &Bands) {
        self.shown = *to;
        self.told = [0; 3];
    }

    fn singles<O: Observer + ?Sized>(
        &mut self,
        now: &Bands,
        tracker: &mut Tracker<'_, O>,
    ) -> Result<(), Halt> {
        for b in 0..3 {
            let [once, twice, _] = now.seen_counts(b);
            let mut singles = once & !twice & now.unsolved[b];
            while singles != 0 {
                let cell = 27 * b + singles.trailing_zeros() as usize;
                singles &= singles - 1;
                let d = now.candidates(cell).trailing_zeros() as usize;
                tracker.emit(Event::Assign {
                    cell: cell as u16,
                    value: d as u8 + 1,
                    reason: Reason::NAKED_SINGLE,
                })?;
                self.shown.mark_placed(cell, d);
                self.told[b] |= 1 << (cell % 27);
            }
        }
        Ok(())
    }
}
