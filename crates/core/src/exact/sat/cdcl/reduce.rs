//! Keeping the clause database small: learned clauses of poor quality deleted every few
//! thousand conflicts, clauses satisfied at level 0 removed, and the arena compacted when half
//! of it is garbage.

use super::{Cdcl, BINARY, NO_REASON};

impl Cdcl {
    /// Deletes the worse half of the learned clauses (highest LBD, then least active), keeping
    /// glue clauses (LBD ≤ 2) and those that are the reason of an assignment.
    pub(super) fn reduce_learned(&mut self) {
        let mut candidates: Vec<u32> = self
            .learned
            .iter()
            .copied()
            .filter(|&c| self.arena.lbd(c) > 2 && !self.is_reason(c))
            .collect();
        candidates.sort_by(|&a, &b| {
            self.arena.lbd(b).cmp(&self.arena.lbd(a)).then(
                self.arena
                    .activity(a)
                    .partial_cmp(&self.arena.activity(b))
                    .unwrap_or(std::cmp::Ordering::Equal),
            )
        });
        let delete = candidates.len() / 2;
        for &c in &candidates[..delete] {
            self.arena.delete(c);
        }
        self.counters.deleted += delete as u64;
        self.forget_deleted();
    }

    /// Whether clause `c` is the reason of its first literal's value.
    fn is_reason(&self, c: u32) -> bool {
        let first = self.arena.lit(c, 0);
        self.value_of(first) > 0 && self.reason[first.var() as usize] == c
    }

    /// At level 0: removes every clause a level-0 literal satisfies (they can never matter
    /// again), two-literal ones from the watch lists.
    pub(super) fn remove_satisfied(&mut self) {
        debug_assert_eq!(self.decision_level(), 0);
        self.simplified = self.trail.len();
        let satisfied: Vec<u32> = self
            .originals
            .iter()
            .chain(&self.learned)
            .copied()
            .filter(|&c| self.arena.lits(c).any(|l| self.values[l.index()] > 0))
            .collect();
        for c in satisfied {
            self.arena.delete(c);
        }
        // Level 0's reasons are never read again (analysis stops above level 0), and some of
        // them were just deleted.
        for lit in &self.trail {
            self.reason[lit.var() as usize] = NO_REASON;
        }
        let arena = &self.arena;
        for (index, list) in self.watches.iter_mut().enumerate() {
            if self.values[index] < 0 {
                // This list's clauses hold the true negation of its literal.
                *list = Vec::new();
                continue;
            }
            list.retain(|w| {
                if w.clause & BINARY != 0 {
                    self.values[w.blocker.index()] <= 0
                } else {
                    !arena.is_deleted(w.clause)
                }
            });
        }
        self.originals.retain(|&c| !self.arena.is_deleted(c));
        self.learned.retain(|&c| !self.arena.is_deleted(c));
        self.collect_garbage();
    }

    /// Drops deleted clauses from the watch lists and the learned list.
    fn forget_deleted(&mut self) {
        let arena = &self.arena;
        for list in &mut self.watches {
            list.retain(|w| w.clause & BINARY != 0 || !arena.is_deleted(w.clause));
        }
        self.learned.retain(|&c| !self.arena.is_deleted(c));
        self.collect_garbage();
    }

    /// Compacts the arena once half of it is deleted clauses, moving every reference.
    fn collect_garbage(&mut self) {
        if self.arena.wasted * 2 <= self.arena.words() {
            return;
        }
        let moved = self.arena.compact();
        let at = |c: u32| moved.get(c).expect("live clauses are moved");
        for list in &mut self.watches {
            for w in list.iter_mut().filter(|w| w.clause & BINARY == 0) {
                w.clause = at(w.clause);
            }
        }
        for lit in &self.trail {
            let reason = &mut self.reason[lit.var() as usize];
            if *reason != NO_REASON && *reason & BINARY == 0 {
                *reason = at(*reason);
            }
        }
        for c in self.originals.iter_mut().chain(self.learned.iter_mut()) {
            *c = at(*c);
        }
    }
}
