//! `sat`: Sudoku as a satisfiability problem. The puzzle is written as CNF (`cnf`: the reduction
//! courses teach, in its minimal or extended form, with pairwise or sequential at-most-one)
//! and solved by the conflict-driven clause-learning solver of `cdcl`, which knows nothing of
//! Sudoku; [`Sat`] tells what it does in the lab's events:
//!
//! - a decision on "cell c holds d" is a guess (cell variables are always decided true, and
//!   the encoding's auxiliary variables only once every cell has a digit, so each decision
//!   level the board shows is one guess);
//! - unit propagation places digits and removes candidates, named by the clause that forced
//!   them: a cell's "at least one digit" is a naked single, a unit's "the digit somewhere" a
//!   hidden single, "not twice in a unit" a peer's elimination, a learned clause as such;
//! - a conflict is an [`Event::Conflict`] (the learned clause's length, its LBD, the depth the
//!   search jumps back to), followed by the [`Event::Backtrack`] that undoes the guesses above.

pub mod cdcl;
pub mod cnf;
mod count;
#[cfg(test)]
mod tests;

use cdcl::{Answer, Cdcl, Listener, Lit, Restarts};
use cnf::{cell_digit, AtMostOne, Encoding};

use crate::grid::Grid;
use crate::pseudocode::{line, step, Line, Mark};
use crate::size::Size;
use crate::solve::{Halt, Limit, Outcome, Solver, Tracker};
use crate::spec::{Args, ChoiceParam, Family, IntParam, Spec};
use crate::trace::{Event, Flow, Observer, Reason, Rule};

/// Sudoku through its CNF and a CDCL solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sat {
    pub encoding: cnf::Options,
    pub solver: cdcl::Options,
}

impl Sat {
    pub fn from_args(args: &Args) -> Sat {
        Sat {
            encoding: cnf::Options {
                encoding: ENCODING.read(args),
                at_most_one: AT_MOST_ONE.read(args),
            },
            solver: cdcl::Options {
                restarts: RESTARTS.read(args),
                max_conflicts: MAX_CONFLICTS.read(args).max(0) as u64,
                ..cdcl::Options::default()
            },
        }
    }

    /// The CDCL solver loaded with the puzzle's formula, cell variables decided true first.
    pub fn load(&self, puzzle: &Grid) -> Cdcl {
        let formula = cnf::encode(puzzle, &self.encoding);
        let mut solver = Cdcl::new(formula.vars, self.solver);
        for var in 0..formula.vars as u32 {
            if (var as usize) < formula.cell_vars() {
                solver.set_polarity(var, true);
            } else {
                solver.set_decision(var, false);
            }
        }
        solver.add_clauses(formula.clauses());
        solver
    }
}

/// The digits of the solver's model, in reading order.
pub fn model_values(size: Size, solver: &Cdcl) -> Vec<u8> {
    let n = size.n();
    (0..size.cells())
        .map(|cell| {
            (1..=n as u8)
                .find(|&d| solver.value(cnf::cell_var(size, cell, d)) == Some(true))
                .unwrap_or(0)
        })
        .collect()
}

impl Solver for Sat {
    fn solve<O: Observer + ?Sized>(&mut self, puzzle: &Grid, observer: &mut O) -> Outcome {
        let size = puzzle.size();
        let mut solver = self.load(puzzle);
        let mut tracker = Tracker::new(observer, Default::default());
        let mut narrator = Narrator {
            size,
            tracker: &mut tracker,
            guess_levels: Vec::new(),
            conflicts: 0,
        };
        let answer = solver.solve(&mut narrator);
        let counters = solver.counters();
        tracker.stats.nodes = counters.decisions;
        tracker.stats.backtracks = counters.conflicts;
        tracker.stats.propagations = counters.propagations;
        tracker.stats.restarts = counters.restarts;
        let result = match answer {
            Answer::Satisfiable => Ok(Some(model_values(size, &solver))),
            Answer::Unsatisfiable => Ok(None),
            Answer::Budget => Err(Halt::Limit(Limit::Conflicts(self.solver.max_conflicts))),
            Answer::Cancelled => Err(Halt::Cancelled),
        };
        match result {
            Ok(found) => tracker.finish(puzzle, Ok(found.as_deref())),
            Err(halt) => tracker.finish(puzzle, Err(halt)),
        }
    }
}

/// Tells the solver's work as the lab's events.
struct Narrator<'t, 'o, O: Observer + ?Sized> {
    size: Size,
    tracker: &'t mut Tracker<'o, O>,
    /// The solver's levels that opened a guess (cell decisions), in order.
    guess_levels: Vec<u32>,
    conflicts: u32,
}

impl<O: Observer + ?Sized> Narrator<'_, '_, O> {
    fn emit(&mut self, event: Event) -> Flow {
        match self.tracker.emit(event) {
            Ok(()) => Flow::Continue,
            Err(_) => Flow::Stop,
        }
    }

    /// The board's depth at solver level `level`: the guesses at or below it.
    fn depth(&self, level: u32) -> u32 {
        self.guess_levels.partition_point(|&l| l <= level) as u32
    }

    /// The reason, in Sudoku's words, that `clause` forces its first literal.
    fn reason(&self, clause: &[Lit], learned: bool) -> Option<Reason> {
        if learned {
            return Some(Reason::learned(clause.len()));
        }
        let size = self.size;
        let (cell, digit) = cell_digit(size, clause[0].var())?;
        let others: Option<Vec<(usize, u8)>> = clause[1..]
            .iter()
            .map(|l| cell_digit(size, l.var()))
            .collect();
        let Some(others) = others else {
            // Through an auxiliary variable of the sequential encoding.
            return Some(Reason::PROPAGATION);
        };
        if clause[0].is_positive() {
            if others.iter().all(|&(c, _)| c == cell) {
                return Some(Reason::NAKED_SINGLE);
            }
            if others.iter().all(|&(_, d)| d == digit) {
                let unit = size
                    .units_of(cell)
                    .into_iter()
                    .find(|&u| others.iter().all(|&(c, _)| size.units_of(c).contains(&u)));
                return Some(unit.map_or(Reason::PROPAGATION, Reason::hidden_single));
            }
            return Some(Reason::PROPAGATION);
        }
        match others[..] {
            // "Not two digits in one cell": the cell's value, placed already, says it.
            [(c, _)] if c == cell => None,
            [(c, d)] if d == digit => Some(Reason::peer(c)),
            _ => Some(Reason::PROPAGATION),
        }
    }
}

impl<O: Observer + ?Sized> Listener for Narrator<'_, '_, O> {
    fn wants_detail(&self) -> bool {
        self.tracker.wants_cell_events()
    }

    fn decide(&mut self, lit: Lit, level: u32) -> Flow {
        match cell_digit(self.size, lit.var()) {
            Some((cell, value)) if lit.is_positive() && self.tracker.wants_cell_events() => {
                self.guess_levels.push(level);
                let depth = self.guess_levels.len() as u32;
                self.emit(Event::Guess {
                    cell: cell as u16,
                    value,
                    depth,
                })
            }
            _ => Flow::Continue,
        }
    }

    fn imply(&mut self, lit: Lit, level: u32, clause: &[Lit], learned: bool) -> Flow {
        if level == 0 && clause.len() == 1 && !learned {
            // A given's unit clause: the board shows the givens already.
            return Flow::Continue;
        }
        let Some((cell, value)) = cell_digit(self.size, lit.var()) else {
            return Flow::Continue;
        };
        let Some(reason) = self.reason(clause, learned) else {
            return Flow::Continue;
        };
        let (cell, event) = (cell as u16, lit.is_positive());
        self.emit(if event {
            Event::Assign {
                cell,
                value,
                reason,
            }
        } else {
            Event::Eliminate {
                cell,
                value,
                reason,
            }
        })
    }

    fn learn(&mut self, clause: &[Lit], lbd: u32, level: u32) -> Flow {
        if !self.tracker.wants_cell_events() {
            return Flow::Continue;
        }
        let depth = self.depth(level);
        self.conflicts += 1;
        self.emit(Event::Conflict {
            conflict: self.conflicts,
            learned: clause.len() as u32,
            lbd,
            depth,
        })
    }

    fn backjump(&mut self, level: u32) -> Flow {
        let depth = self.depth(level);
        if depth as usize >= self.guess_levels.len() {
            return Flow::Continue;
        }
        self.guess_levels.truncate(depth as usize);
        self.emit(Event::Backtrack { depth: depth + 1 })
    }

    fn restart(&mut self) -> Flow {
        self.backjump(0)
    }
}

const ENCODING: ChoiceParam<Encoding> = ChoiceParam {
    name: "encoding",
    description: "extended: also one digit per cell and each digit somewhere in each unit (propagation finds singles); minimal: only the clauses a model needs.",
    ids: &["extended", "minimal"],
    values: &[Encoding::Extended, Encoding::Minimal],
    default: 0,
};

const AT_MOST_ONE: ChoiceParam<AtMostOne> = ChoiceParam {
    name: "at_most_one",
    description: "How \"at most one of k\" is written: pairwise (k(k−1)/2 two-literal clauses) or sequential (Sinz's counter: k − 1 extra variables, 3k − 4 clauses).",
    ids: &["pairwise", "sequential"],
    values: &[AtMostOne::Pairwise, AtMostOne::Sequential],
    default: 0,
};

const RESTARTS: ChoiceParam<Restarts> = ChoiceParam {
    name: "restarts",
    description: "When to restart from level 0: glucose (recent learned clauses worse than the average), luby (Luby's sequence × 100 conflicts) or never.",
    ids: &["glucose", "luby", "never"],
    values: &[Restarts::Glucose, Restarts::Luby, Restarts::Never],
    default: 0,
};

/// The conflict budget (0 = none).
const MAX_CONFLICTS: IntParam = IntParam {
    name: "max_conflicts",
    description: "Give up after this many conflicts (0 = no limit).",
    min: 0,
    max: i64::MAX,
    default: 0,
};

/// Conflict-driven clause learning, as the lab runs it on Sudoku's CNF.
pub const PSEUDOCODE: &[Line] = &[
    line(0, "CDCL(F): F ← the puzzle's CNF, each given a unit clause"),
    line(1, "loop:"),
    step(
        2,
        "PROPAGATE: a clause with one literal left open forces it",
        &[
            Mark::Assign(Rule::NakedSingle),
            Mark::Assign(Rule::HiddenSingle),
            Mark::Eliminate(Rule::Peer),
            Mark::Assign(Rule::Propagation),
            Mark::Eliminate(Rule::Propagation),
        ],
    ),
    step(
        3,
        "(a clause learned earlier forces it the same way)",
        &[Mark::Assign(Rule::Learned), Mark::Eliminate(Rule::Learned)],
    ),
    line(2, "if a clause has every literal false (a conflict):"),
    line(3, "at level 0: return no solution"),
    step(
        3,
        "learn: resolve back to the first UIP, minimise, measure its LBD",
        &[Mark::Conflict],
    ),
    step(
        3,
        "back-jump to the clause's second-highest level; it asserts its first literal",
        &[Mark::Backtrack],
    ),
    line(
        3,
        "now and then: restart at level 0; drop the worst learned clauses",
    ),
    line(2, "else if every variable has a value: return the model"),
    step(
        2,
        "else decide: the most active open variable (VSIDS): cell ← digit, a new level",
        &[Mark::Guess],
    ),
];

/// The registry's entry for this solver.
pub const SPEC: Spec = Spec {
    id: "sat",
    name: "SAT (CNF + clause learning)",
    family: Family::Exact,
    description: "Sudoku reduced to CNF (a variable per cell and digit) and solved by conflict-driven clause learning: watched literals, first-UIP learning, back-jumping, VSIDS, restarts.",
    params: &[
        ENCODING.spec(),
        AT_MOST_ONE.spec(),
        RESTARTS.spec(),
        MAX_CONFLICTS.spec(),
    ],
    budget: Some(MAX_CONFLICTS.name),
    pseudocode: PSEUDOCODE,
    check: None,
};
