//! The search loop: decide, propagate, learn from each conflict and jump back, restart and
//! reduce the learned clauses now and then.

use std::mem;

use super::{
    Answer, Cdcl, Conflict, Listener, Lit, ALWAYS_FALSE, ALWAYS_TRUE, BINARY, CLAUSE_DECAY,
    LEARNED_BINARY, NO_REASON, REDUCE_GROWTH,
};
use crate::trace::Flow;

impl Cdcl {
    /// Undoes every level above `level`, saving the phases and returning the variables to the
    /// branching order.
    pub(super) fn cancel_until(&mut self, level: u32) {
        if self.decision_level() <= level {
            return;
        }
        let start = self.trail_lim[level as usize];
        for i in (start..self.trail.len()).rev() {
            let lit = self.trail[i];
            let v = lit.var();
            self.values[lit.index()] = 0;
            self.values[(!lit).index()] = 0;
            self.reason[v as usize] = NO_REASON;
            self.phase[v as usize] = lit.is_positive();
            if self.decision[v as usize] {
                self.order.insert(v);
            }
        }
        self.trail.truncate(start);
        self.trail_lim.truncate(level as usize);
        self.qhead = self.trail.len();
    }

    /// The next decision: the most active unassigned decision variable, then any other.
    pub(super) fn pick(&mut self) -> Option<Lit> {
        let var = loop {
            match self.order.pop() {
                Some(v) if self.value(v).is_none() => break Some(v),
                Some(_) => continue,
                None => break (0..self.vars() as u32).find(|&v| self.value(v).is_none()),
            }
        }?;
        let positive = match self.polarity[var as usize] {
            ALWAYS_TRUE => true,
            ALWAYS_FALSE => false,
            _ => self.phase[var as usize],
        };
        Some(Lit::new(var, positive))
    }

    /// Searches for a model; can be called again after more clauses are added.
    pub fn solve<L: Listener + ?Sized>(&mut self, listener: &mut L) -> Answer {
        self.solve_assuming(&[], listener)
    }

    /// Searches for a model in which every literal of `assumptions` is true: they are decided
    /// together, as level 1, which back-jumps and restarts keep (hundreds of givens would
    /// otherwise be assumed again, one level each, after every jump below them). A conflict at
    /// level 1 then says no model has them all; the clauses (and all that was learned, which
    /// holds without them) stay ready for other assumptions — the incremental use the
    /// generator's uniqueness tests make of one formula.
    pub fn solve_assuming<L: Listener + ?Sized>(
        &mut self,
        assumptions: &[Lit],
        listener: &mut L,
    ) -> Answer {
        self.halted = false;
        self.cancel_until(0);
        if !self.ok {
            return Answer::Unsatisfiable;
        }
        let budget_end = match self.options.max_conflicts {
            0 => u64::MAX,
            max => self.counters.conflicts.saturating_add(max),
        };
        for lit in mem::take(&mut self.untold) {
            self.counters.propagations += 1;
            if listener.wants_detail() {
                self.tell_implied(lit, listener, false);
            }
        }
        // The level the search never leaves: the assumptions' (0 without any).
        let floor = u32::from(!assumptions.is_empty());
        loop {
            let conflict = self.propagate(listener);
            if self.halted {
                return Answer::Cancelled;
            }
            if let Some(conflict) = conflict {
                self.counters.conflicts += 1;
                if self.decision_level() == 0 {
                    self.ok = false;
                    return Answer::Unsatisfiable;
                }
                if self.decision_level() == floor {
                    // Everything at level 1 follows from the assumptions.
                    return Answer::Unsatisfiable;
                }
                self.learn_from(conflict, listener);
                if self.halted {
                    return Answer::Cancelled;
                }
                if self.counters.conflicts >= budget_end {
                    return Answer::Budget;
                }
                continue;
            }
            if self.decision_level() == 0 && self.trail.len() > self.simplified {
                self.remove_satisfied();
            }
            if self.decision_level() > floor && self.schedule.due() {
                self.cancel_until(floor);
                self.schedule.restarted();
                self.counters.restarts += 1;
                if listener.restart() == Flow::Stop {
                    return Answer::Cancelled;
                }
                continue;
            }
            if self.options.reduce && self.counters.conflicts >= self.next_reduce {
                self.reduce_gap += REDUCE_GROWTH;
                self.next_reduce = self.counters.conflicts + self.reduce_gap;
                self.reduce_learned();
            }
            if self.decision_level() < floor {
                self.trail_lim.push(self.trail.len());
                for &assumed in assumptions {
                    match self.value_of(assumed) {
                        1 => {}
                        -1 => return Answer::Unsatisfiable,
                        _ => {
                            self.counters.decisions += 1;
                            self.assign(assumed, NO_REASON);
                            if listener.decide(assumed, floor) == Flow::Stop {
                                return Answer::Cancelled;
                            }
                        }
                    }
                }
                continue;
            }
            let Some(lit) = self.pick() else {
                return Answer::Satisfiable;
            };
            self.counters.decisions += 1;
            self.trail_lim.push(self.trail.len());
            self.assign(lit, NO_REASON);
            if listener.decide(lit, self.decision_level()) == Flow::Stop {
                return Answer::Cancelled;
            }
        }
    }

    /// Analyses a conflict, jumps back and asserts the learned clause.
    pub(super) fn learn_from<L: Listener + ?Sized>(
        &mut self,
        conflict: Conflict,
        listener: &mut L,
    ) {
        if listener.wants_detail() {
            let mut lits = mem::take(&mut self.stack);
            lits.clear();
            let learned = match conflict {
                Conflict::Binary(a, b) => {
                    lits.extend([a, b]);
                    false
                }
                Conflict::Long(c) => {
                    lits.extend(self.arena.lits(c));
                    self.arena.is_learned(c)
                }
            };
            if listener.conflict(&lits, learned) == Flow::Stop {
                self.halted = true;
            }
            self.stack = lits;
        }
        let (level, lbd) = self.analyze(conflict);
        let learnt = mem::take(&mut self.learnt);
        if listener.learn(&learnt, lbd, level) == Flow::Stop {
            self.halted = true;
        }
        self.cancel_until(level);
        if listener.backjump(level) == Flow::Stop {
            self.halted = true;
        }
        self.counters.learned_literals += learnt.len() as u64;
        let asserting = learnt[0];
        match learnt[..] {
            [_] => {
                self.assign(asserting, NO_REASON);
                self.counters.propagations += 1;
                if listener.wants_detail() {
                    self.tell_implied(asserting, listener, true);
                }
            }
            [a, b] => {
                self.watch_binary(a, b, LEARNED_BINARY);
                self.imply(a, BINARY | LEARNED_BINARY | b.0, listener);
            }
            _ => {
                let c = self.arena.push(&learnt, true, lbd);
                self.arena.set_activity(c, self.clause_increment);
                self.learned.push(c);
                self.watch_long(c);
                self.imply(asserting, c, listener);
            }
        }
        self.learnt = learnt;
        self.order.decay();
        self.clause_increment /= CLAUSE_DECAY;
        self.schedule.conflict(lbd);
    }
}
