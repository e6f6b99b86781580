//! A conflict-driven clause-learning (CDCL) SAT solver. It knows nothing of Sudoku: variables
//! are numbers, clauses are lists of literals, and what it does is told to a [`Listener`] in
//! those terms (the Sudoku layer maps them back to cells and digits).
//!
//! What it does, as the textbooks (and MiniSat, Glucose and CaDiCaL) describe it:
//! - **two watched literals** per clause with a blocking literal, and two-literal clauses kept
//!   inside the watch lists, so a clause is looked at only when one of its watches turns false;
//! - **first-UIP learning**: a conflict is resolved back along the implication graph until one
//!   literal of the current level is left; the learned clause is **minimised** (a literal
//!   implied by others of the clause is dropped, recursively) and scored by its **LBD** (the
//!   number of decision levels among its literals);
//! - **non-chronological back-jumping** to the second-highest level of the learned clause,
//!   where it asserts its first literal;
//! - **EVSIDS** branching (`order`), **phase saving**, **restarts** (`restart`: Luby or
//!   Glucose-style), and **clause database reduction** (`reduce`: half of the learned clauses
//!   with the worst LBD dropped every few thousand conflicts; "glue" clauses of LBD ≤ 2 kept).

mod analyze;
mod clauses;
mod listener;
mod lit;
mod order;
mod propagate;
mod reduce;
mod restart;
mod search;
#[cfg(test)]
mod tests;

use std::mem;

use clauses::{Arena, ClauseRef};
pub use listener::{Listener, Silent};
pub use lit::Lit;
use order::Order;
pub use restart::{luby, Restarts};

/// How a solve ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Every variable has a value ([`Cdcl::value`]) and every clause holds.
    Satisfiable,
    /// Proved: no assignment satisfies the clauses.
    Unsatisfiable,
    /// The conflict budget ran out.
    Budget,
    /// The listener asked to stop.
    Cancelled,
}

/// The solver's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    pub restarts: Restarts,
    /// Drop the literals of a learned clause that the others imply.
    pub minimise: bool,
    /// Delete the worse half of the learned clauses from time to time.
    pub reduce: bool,
    /// Stop after this many conflicts (0 = never).
    pub max_conflicts: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            restarts: Restarts::Glucose,
            minimise: true,
            reduce: true,
            max_conflicts: 0,
        }
    }
}

/// Work counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    pub decisions: u64,
    /// Literals implied by a clause (unit propagation).
    pub propagations: u64,
    pub conflicts: u64,
    /// Literals of all learned clauses, after minimisation.
    pub learned_literals: u64,
    /// Literals minimisation removed.
    pub minimised_literals: u64,
    pub restarts: u64,
    /// Learned clauses deleted by reductions.
    pub deleted: u64,
}

/// Why a variable holds its value: nothing (a decision, an input unit), a two-literal clause
/// (`BINARY`, `LEARNED` if learned, and the clause's other literal in the low bits), or a
/// longer clause (its arena reference).
type Reason = u32;
const NO_REASON: Reason = u32::MAX;
const BINARY: u32 = 1 << 31;
const LEARNED_BINARY: u32 = 1 << 30;
const LIT_BITS: u32 = LEARNED_BINARY - 1;

/// An entry of a watch list: a clause watching the negation of the list's literal, and a
/// literal of it that, when true, saves looking at the clause (for a two-literal clause: the
/// other literal, and `clause` says `BINARY`).
#[derive(Clone, Copy, Debug)]
struct Watch {
    blocker: Lit,
    clause: u32,
}

/// Where a conflict was found.
#[derive(Clone, Copy, Debug)]
enum Conflict {
    Binary(Lit, Lit),
    Long(ClauseRef),
}

/// A variable's polarity at decisions.
const SAVED_PHASE: u8 = 0;
const ALWAYS_TRUE: u8 = 1;
const ALWAYS_FALSE: u8 = 2;

/// Conflicts before the first clause-database reduction, and how much the gap grows each time.
const FIRST_REDUCE: u64 = 2_000;
const REDUCE_GROWTH: u64 = 300;
const CLAUSE_DECAY: f32 = 0.999;

/// The CDCL solver over variables `0..vars`.
pub struct Cdcl {
    options: Options,
    /// Per literal: 1 true, −1 false, 0 unassigned.
    values: Vec<i8>,
    level: Vec<u32>,
    reason: Vec<Reason>,
    trail: Vec<Lit>,
    /// Where each decision level starts on the trail.
    trail_lim: Vec<usize>,
    /// The next trail literal to propagate.
    qhead: usize,
    /// Per literal `p`: the clauses that watch `¬p`, looked at when `p` becomes true.
    watches: Vec<Vec<Watch>>,
    arena: Arena,
    originals: Vec<ClauseRef>,
    learned: Vec<ClauseRef>,
    order: Order,
    phase: Vec<bool>,
    polarity: Vec<u8>,
    decision: Vec<bool>,
    schedule: restart::Schedule,
    next_reduce: u64,
    reduce_gap: u64,
    clause_increment: f32,
    counters: Counters,
    /// False once the clauses are proved unsatisfiable.
    ok: bool,
    halted: bool,
    /// Level-0 literals assigned by `add_clause`, told to the listener when a solve starts.
    untold: Vec<Lit>,
    /// The trail's length at level 0 when satisfied clauses were last removed.
    simplified: usize,
    // Scratch space of the conflict analysis.
    seen: Vec<u8>,
    learnt: Vec<Lit>,
    to_clear: Vec<Lit>,
    stack: Vec<Lit>,
    clause_buf: Vec<Lit>,
    level_stamp: Vec<u32>,
    stamp: u32,
}

impl Cdcl {
    pub fn new(vars: usize, options: Options) -> Cdcl {
        Cdcl {
            options,
            values: vec![0; 2 * vars],
            level: vec![0; vars],
            reason: vec![NO_REASON; vars],
            trail: Vec::with_capacity(vars),
            trail_lim: Vec::new(),
            qhead: 0,
            watches: vec![Vec::new(); 2 * vars],
            arena: Arena::default(),
            originals: Vec::new(),
            learned: Vec::new(),
            order: Order::new(vars, 0.95),
            phase: vec![false; vars],
            polarity: vec![SAVED_PHASE; vars],
            decision: vec![true; vars],
            schedule: restart::Schedule::new(options.restarts),
            next_reduce: FIRST_REDUCE,
            reduce_gap: FIRST_REDUCE,
            clause_increment: 1.0,
            counters: Counters::default(),
            ok: true,
            halted: false,
            untold: Vec::new(),
            simplified: 0,
            seen: vec![0; vars],
            learnt: Vec::new(),
            to_clear: Vec::new(),
            stack: Vec::new(),
            clause_buf: Vec::new(),
            level_stamp: vec![0; vars + 1],
            stamp: 0,
        }
    }

    pub fn vars(&self) -> usize {
        self.level.len()
    }

    pub fn counters(&self) -> Counters {
        self.counters
    }

    /// The conflicts one search may take before it answers `Budget` (0: no bound).
    pub fn set_max_conflicts(&mut self, max: u64) {
        self.options.max_conflicts = max;
    }

    /// The variable's value in the last model (or `None` if it has none now).
    pub fn value(&self, var: u32) -> Option<bool> {
        match self.values[Lit::new(var, true).index()] {
            0 => None,
            v => Some(v > 0),
        }
    }

    /// Decide this variable always with this value (no phase saving).
    pub fn set_polarity(&mut self, var: u32, value: bool) {
        self.polarity[var as usize] = if value { ALWAYS_TRUE } else { ALWAYS_FALSE };
    }

    /// A variable that is not a decision variable is decided only once every decision variable
    /// has a value (e.g. the auxiliary variables of an encoding, which then follow).
    pub fn set_decision(&mut self, var: u32, decision: bool) {
        self.decision[var as usize] = decision;
        if decision {
            self.order.insert(var);
        } else {
            self.order.remove(var);
        }
    }

    #[inline(always)]
    fn value_of(&self, lit: Lit) -> i8 {
        self.values[lit.index()]
    }

    fn decision_level(&self) -> u32 {
        self.trail_lim.len() as u32
    }

    /// Adds a whole formula: the watch lists are sized first (a formula of hundreds of
    /// thousands of two-literal clauses would otherwise grow them many times over).
    pub fn add_clauses<'c>(&mut self, clauses: impl Iterator<Item = &'c [Lit]> + Clone) -> bool {
        let mut watching = vec![0u32; self.watches.len()];
        for clause in clauses.clone() {
            if let [a, b, ..] = clause {
                watching[(!*a).index()] += 1;
                watching[(!*b).index()] += 1;
            }
        }
        for (list, &count) in self.watches.iter_mut().zip(&watching) {
            list.reserve(count as usize);
        }
        for clause in clauses {
            if !self.add_clause(clause) {
                return false;
            }
        }
        self.ok
    }

    /// Adds a clause (at level 0, between solves); false once the clauses are unsatisfiable.
    pub fn add_clause(&mut self, lits: &[Lit]) -> bool {
        self.cancel_until(0);
        if !self.ok {
            return false;
        }
        if let [a, b] = *lits {
            // The common case of an encoding: two open literals of different variables.
            if a.var() != b.var() && self.value_of(a) == 0 && self.value_of(b) == 0 {
                self.watch_binary(a, b, 0);
                return true;
            }
        }
        let mut clause = mem::take(&mut self.clause_buf);
        clause.clear();
        clause.extend_from_slice(lits);
        clause.sort_unstable();
        clause.dedup();
        let tautology = clause.windows(2).any(|w| w[0] == !w[1]);
        if !tautology {
            // Watch the literals that are not false: true ones first, then unassigned.
            clause.sort_by_key(|&l| std::cmp::Reverse(self.value_of(l)));
            self.add_sorted(&clause);
        }
        self.clause_buf = clause;
        self.ok
    }

    fn add_sorted(&mut self, clause: &[Lit]) {
        match clause {
            [] => self.ok = false,
            [first, ..] if self.value_of(*first) < 0 => self.ok = false,
            [unit] => {
                if self.value_of(*unit) == 0 {
                    self.assign(*unit, NO_REASON);
                    self.untold.push(*unit);
                }
            }
            [a, b] => {
                self.watch_binary(*a, *b, 0);
                if self.value_of(*a) == 0 && self.value_of(*b) < 0 {
                    self.assign(*a, BINARY | b.0);
                    self.untold.push(*a);
                }
            }
            _ => {
                let c = self.arena.push(clause, false, 0);
                self.originals.push(c);
                self.watch_long(c);
                if self.value_of(clause[0]) == 0 && self.value_of(clause[1]) < 0 {
                    self.assign(clause[0], c);
                    self.untold.push(clause[0]);
                }
            }
        }
    }

    fn watch_binary(&mut self, a: Lit, b: Lit, learned: u32) {
        self.watches[(!a).index()].push(Watch {
            blocker: b,
            clause: BINARY | learned,
        });
        self.watches[(!b).index()].push(Watch {
            blocker: a,
            clause: BINARY | learned,
        });
    }

    fn watch_long(&mut self, c: ClauseRef) {
        let (a, b) = (self.arena.lit(c, 0), self.arena.lit(c, 1));
        self.watches[(!a).index()].push(Watch {
            blocker: b,
            clause: c,
        });
        self.watches[(!b).index()].push(Watch {
            blocker: a,
            clause: c,
        });
    }
}
