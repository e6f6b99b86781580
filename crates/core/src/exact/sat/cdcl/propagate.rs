//! Assignments and unit propagation over the watch lists.

use std::mem;

use super::{
    Cdcl, Conflict, Listener, Lit, Reason, Watch, BINARY, LEARNED_BINARY, LIT_BITS, NO_REASON,
};
use crate::trace::Flow;

impl Cdcl {
    #[inline(always)]
    pub(super) fn assign(&mut self, lit: Lit, reason: Reason) {
        let v = lit.var() as usize;
        self.values[lit.index()] = 1;
        self.values[(!lit).index()] = -1;
        self.level[v] = self.decision_level();
        self.reason[v] = reason;
        self.trail.push(lit);
    }

    /// The literals of a reason or conflict, into `out`.
    pub(super) fn load(&self, reason: Reason, implied: Lit, out: &mut Vec<Lit>) {
        out.clear();
        if reason == NO_REASON {
            out.push(implied);
        } else if reason & BINARY != 0 {
            out.extend([implied, Lit(reason & LIT_BITS)]);
        } else {
            out.extend(self.arena.lits(reason));
        }
    }

    /// Assigns `lit` forced by `reason` and tells the listener.
    #[inline(always)]
    pub(super) fn imply<L: Listener + ?Sized>(
        &mut self,
        lit: Lit,
        reason: Reason,
        listener: &mut L,
    ) {
        self.assign(lit, reason);
        self.counters.propagations += 1;
        if listener.wants_detail() {
            self.tell_implied(lit, listener, false);
        }
    }

    /// Tells the listener why `lit` holds (`learned_unit`: it is a learned unit clause).
    pub(super) fn tell_implied<L: Listener + ?Sized>(
        &mut self,
        lit: Lit,
        listener: &mut L,
        learned_unit: bool,
    ) {
        let reason = self.reason[lit.var() as usize];
        let mut clause = mem::take(&mut self.clause_buf);
        self.load(reason, lit, &mut clause);
        let learned = if reason == NO_REASON {
            learned_unit
        } else if reason & BINARY != 0 {
            reason & LEARNED_BINARY != 0
        } else {
            self.arena.is_learned(reason)
        };
        if listener.imply(lit, self.level[lit.var() as usize], &clause, learned) == Flow::Stop {
            self.halted = true;
        }
        self.clause_buf = clause;
    }

    /// Unit propagation over the watch lists; the conflict, if one is found.
    pub(super) fn propagate<L: Listener + ?Sized>(&mut self, listener: &mut L) -> Option<Conflict> {
        while self.qhead < self.trail.len() {
            let p = self.trail[self.qhead];
            self.qhead += 1;
            let false_lit = !p;
            let mut ws = mem::take(&mut self.watches[p.index()]);
            let (mut i, mut j) = (0, 0);
            let mut conflict = None;
            while i < ws.len() {
                let w = ws[i];
                i += 1;
                let blocker = self.value_of(w.blocker);
                if blocker > 0 {
                    ws[j] = w;
                    j += 1;
                    continue;
                }
                if w.clause & BINARY != 0 {
                    ws[j] = w;
                    j += 1;
                    if blocker < 0 {
                        conflict = Some(Conflict::Binary(false_lit, w.blocker));
                        break;
                    }
                    self.imply(w.blocker, w.clause | false_lit.0, listener);
                    if self.halted {
                        break;
                    }
                    continue;
                }
                let c = w.clause;
                if self.arena.lit(c, 0) == false_lit {
                    self.arena.swap(c, 0, 1);
                }
                let first = self.arena.lit(c, 0);
                let watch = Watch {
                    blocker: first,
                    clause: c,
                };
                if first != w.blocker && self.value_of(first) > 0 {
                    ws[j] = watch;
                    j += 1;
                    continue;
                }
                let len = self.arena.len(c);
                let replacement = (2..len).find(|&k| self.value_of(self.arena.lit(c, k)) >= 0);
                if let Some(k) = replacement {
                    let l = self.arena.lit(c, k);
                    self.arena.set_lit(c, 1, l);
                    self.arena.set_lit(c, k, false_lit);
                    self.watches[(!l).index()].push(watch);
                    continue;
                }
                ws[j] = watch;
                j += 1;
                if self.value_of(first) < 0 {
                    conflict = Some(Conflict::Long(c));
                    break;
                }
                self.imply(first, c, listener);
                if self.halted {
                    break;
                }
            }
            ws.copy_within(i.., j);
            ws.truncate(j + ws.len() - i);
            self.watches[p.index()] = ws;
            if conflict.is_some() {
                self.qhead = self.trail.len();
                return conflict;
            }
            if self.halted {
                // `p`'s list is looked at again next time (what was done of it holds).
                self.qhead -= 1;
                return None;
            }
        }
        None
    }
}
