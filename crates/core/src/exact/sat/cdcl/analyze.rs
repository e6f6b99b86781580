//! Conflict analysis: from a conflict back along the implication graph to the first unique
//! implication point (first UIP) of the current level, the learned clause's minimisation, its
//! back-jump level and its LBD.

use std::mem;

use super::{Cdcl, Conflict, Lit, Reason, BINARY, NO_REASON};

impl Cdcl {
    /// Learns a clause from `conflict` into `self.learnt` (asserting literal first, a literal
    /// of the back-jump level second); returns that level and the clause's LBD.
    pub(super) fn analyze(&mut self, conflict: Conflict) -> (u32, u32) {
        let mut learnt = mem::take(&mut self.learnt);
        let mut lits = mem::take(&mut self.stack);
        learnt.clear();
        learnt.push(Lit(0));
        let current = self.decision_level();
        let mut pending = 0;
        let mut implied: Option<Lit> = None;
        let mut index = self.trail.len();
        let mut reason: Reason = match conflict {
            Conflict::Long(c) => c,
            Conflict::Binary(..) => NO_REASON,
        };
        loop {
            match (implied, conflict) {
                (None, Conflict::Binary(a, b)) => {
                    lits.clear();
                    lits.extend([a, b]);
                }
                (None, Conflict::Long(_)) | (Some(_), _) => {
                    self.load(reason, implied.unwrap_or(Lit(0)), &mut lits);
                    if reason & BINARY == 0 && self.arena.is_learned(reason) {
                        self.bump_clause(reason);
                    }
                }
            }
            for &q in &lits {
                if Some(q) == implied {
                    continue;
                }
                let v = q.var() as usize;
                if self.seen[v] == 0 && self.level[v] > 0 {
                    self.seen[v] = 1;
                    self.order.bump(q.var());
                    if self.level[v] >= current {
                        pending += 1;
                    } else {
                        learnt.push(q);
                    }
                }
            }
            // The latest literal of the trail involved so far.
            loop {
                index -= 1;
                if self.seen[self.trail[index].var() as usize] != 0 {
                    break;
                }
            }
            let p = self.trail[index];
            self.seen[p.var() as usize] = 0;
            implied = Some(p);
            pending -= 1;
            if pending == 0 {
                break;
            }
            reason = self.reason[p.var() as usize];
        }
        learnt[0] = !implied.expect("a conflict involves the current level");
        self.stack = lits;

        self.to_clear.clear();
        self.to_clear.extend_from_slice(&learnt);
        if self.options.minimise {
            let levels = learnt[1..]
                .iter()
                .fold(0u32, |acc, l| acc | self.abstract_level(l.var()));
            let before = learnt.len();
            let mut kept = 1;
            for i in 1..learnt.len() {
                let l = learnt[i];
                if self.reason[l.var() as usize] == NO_REASON || !self.redundant(l, levels) {
                    learnt[kept] = l;
                    kept += 1;
                }
            }
            learnt.truncate(kept);
            self.counters.minimised_literals += (before - kept) as u64;
        }
        for l in mem::take(&mut self.to_clear) {
            self.seen[l.var() as usize] = 0;
        }

        // The back-jump level: the highest level among the other literals, put second.
        let level = if learnt.len() == 1 {
            0
        } else {
            let (at, _) = learnt[1..]
                .iter()
                .enumerate()
                .max_by_key(|(_, l)| self.level[l.var() as usize])
                .expect("two literals at least");
            learnt.swap(1, at + 1);
            self.level[learnt[1].var() as usize]
        };
        let lbd = self.lbd(&learnt);
        self.learnt = learnt;
        (level, lbd)
    }

    /// A bit per level (mod 32): a cheap test that a literal's level is among the clause's.
    fn abstract_level(&self, var: u32) -> u32 {
        1 << (self.level[var as usize] & 31)
    }

    /// Whether `lit` (false, in the learned clause) is implied by the clause's other literals:
    /// every path back from it through reasons ends in literals of the clause or of level 0.
    fn redundant(&mut self, lit: Lit, levels: u32) -> bool {
        let mut stack = mem::take(&mut self.stack);
        let mut lits = mem::take(&mut self.clause_buf);
        stack.clear();
        stack.push(lit);
        let top = self.to_clear.len();
        let mut redundant = true;
        'search: while let Some(q) = stack.pop() {
            let reason = self.reason[q.var() as usize];
            self.load(reason, !q, &mut lits);
            for &l in &lits {
                let v = l.var() as usize;
                if l.var() == q.var() || self.seen[v] != 0 || self.level[v] == 0 {
                    continue;
                }
                if self.reason[v] != NO_REASON && self.abstract_level(l.var()) & levels != 0 {
                    self.seen[v] = 1;
                    stack.push(l);
                    self.to_clear.push(l);
                } else {
                    for cleared in self.to_clear.drain(top..) {
                        self.seen[cleared.var() as usize] = 0;
                    }
                    redundant = false;
                    break 'search;
                }
            }
        }
        self.stack = stack;
        self.clause_buf = lits;
        redundant
    }

    /// The number of distinct decision levels among the literals.
    pub(super) fn lbd(&mut self, lits: &[Lit]) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.level_stamp.fill(0);
            self.stamp = 1;
        }
        let mut count = 0;
        for l in lits {
            let level = self.level[l.var() as usize] as usize;
            if level >= self.level_stamp.len() {
                self.level_stamp.resize(level + 1, 0);
            }
            if self.level_stamp[level] != self.stamp {
                self.level_stamp[level] = self.stamp;
                count += 1;
            }
        }
        count
    }

    fn bump_clause(&mut self, c: u32) {
        let activity = self.arena.activity(c) + self.clause_increment;
        self.arena.set_activity(c, activity);
        if activity > 1e20 {
            for &l in &self.learned {
                let a = self.arena.activity(l);
                self.arena.set_activity(l, a * 1e-20);
            }
            self.clause_increment *= 1e-20;
        }
    }
}
