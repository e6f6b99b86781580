//! The `sat` algorithm's run: the puzzle's formula solved, and what the solver does told as
//! the lab's events (see the module above for how they map).

use super::cdcl::{Answer, Listener, Lit};
use super::cnf::cell_digit;
use super::{model_values, Sat};
use crate::grid::Grid;
use crate::size::Size;
use crate::solve::{Halt, Limit, Outcome, Solver, Tracker};
use crate::trace::{Clash, Event, Flow, Observer, Reason};

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
            restarts: 0,
            clash: Clash::Learned,
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
    restarts: u32,
    /// The constraint of the conflict being analysed.
    clash: Clash,
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
        // The clause's other literals as cells and digits (no list built: this runs for every
        // literal the page is told of).
        let others = || clause[1..].iter().map(|l| cell_digit(size, l.var()));
        if others().any(|other| other.is_none()) {
            // Through an auxiliary variable of the sequential encoding.
            return Some(Reason::PROPAGATION);
        }
        let others = || others().flatten();
        if clause[0].is_positive() {
            if others().all(|(c, _)| c == cell) {
                return Some(Reason::NAKED_SINGLE);
            }
            if others().all(|(_, d)| d == digit) {
                let unit = size
                    .units_of(cell)
                    .into_iter()
                    .find(|&u| others().all(|(c, _)| size.units_of(c).contains(&u)));
                return Some(unit.map_or(Reason::PROPAGATION, Reason::hidden_single));
            }
            return Some(Reason::PROPAGATION);
        }
        match (clause.len(), others().next()) {
            // "Not two digits in one cell": the cell's value, placed already, says it.
            (2, Some((c, _))) if c == cell => None,
            (2, Some((c, d))) if d == digit => Some(Reason::peer(c)),
            _ => Some(Reason::PROPAGATION),
        }
    }
    /// The constraint whose clause (every literal false) a conflict breaks.
    fn clash(&self, clause: &[Lit], learned: bool) -> Clash {
        let size = self.size;
        let cells: Option<Vec<(usize, u8)>> =
            clause.iter().map(|l| cell_digit(size, l.var())).collect();
        let (cells, first) = match (learned, cells) {
            (true, _) => return Clash::Learned,
            (false, None) => return Clash::Encoding,
            (false, Some(cells)) => match cells.first() {
                Some(&first) => (cells, first),
                None => return Clash::Encoding,
            },
        };
        let (cell, digit) = first;
        let positive = clause.iter().all(|l| l.is_positive());
        if positive && cells.iter().all(|&(c, _)| c == cell) {
            return Clash::NoDigit { cell: cell as u16 };
        }
        if positive && cells.iter().all(|&(_, d)| d == digit) {
            let unit = size
                .units_of(cell)
                .into_iter()
                .find(|&u| cells.iter().all(|&(c, _)| size.units_of(c).contains(&u)));
            if let Some(unit) = unit {
                return Clash::NoPlace {
                    digit,
                    unit: unit as u16,
                };
            }
        }
        if let [(a, d), (b, e)] = cells[..] {
            if clause.iter().all(|l| !l.is_positive()) {
                if a == b {
                    return Clash::TwoDigits {
                        cell: a as u16,
                        a: d.min(e),
                        b: d.max(e),
                    };
                }
                if d == e {
                    return Clash::Twice {
                        digit: d,
                        a: a.min(b) as u16,
                        b: a.max(b) as u16,
                    };
                }
            }
        }
        Clash::Encoding
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
            learned: clause.len().min(u16::MAX as usize) as u16,
            lbd: lbd.min(u16::MAX as u32) as u16,
            depth,
            clash: self.clash,
        })
    }

    fn conflict(&mut self, clause: &[Lit], learned: bool) -> Flow {
        self.clash = self.clash(clause, learned);
        Flow::Continue
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
        if self.guess_levels.is_empty() || !self.tracker.wants_cell_events() {
            return Flow::Continue;
        }
        self.restarts += 1;
        if self.emit(Event::SearchRestart {
            restart: self.restarts,
        }) == Flow::Stop
        {
            return Flow::Stop;
        }
        self.backjump(0)
    }
}
