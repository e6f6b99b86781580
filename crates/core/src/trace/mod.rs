//! The observer contract: what a solver reports while it works, and how a driver stops it.
//!
//! Every algorithm reports through [`Observer::event`]; the CLI, tests, benchmarks, the Web Worker
//! and the page are only different observers. Solvers are generic over the observer, so with
//! [`NullObserver`] every report compiles away.
//!
//! Replaying a trace: a board is rebuilt from the events alone. [`Event::Guess`] opens a decision
//! level (the state before it is what [`Event::Backtrack`] returns to), [`Event::Assign`] and
//! [`Event::Eliminate`] change the state inside the level, [`Event::Unassign`] empties one cell
//! (local search and construction heuristics). The summaries (restarts, iterations, generations)
//! carry no cell detail and can be kept when detail is dropped.

/// The rule behind a placement or an elimination, as far as the algorithm knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Rule {
    /// The algorithm's own step (a construction, a move, the best individual): no rule to name.
    Step,
    /// A given of the puzzle, placed as the solver sets up.
    Given,
    /// The value the search has just guessed, placed.
    Decision,
    /// The cell had one candidate left.
    NakedSingle,
    /// The value had one place left in a unit.
    HiddenSingle,
    /// The value was placed in a neighbour (forward checking, peer elimination).
    Peer,
    /// Domain filtering (AC-3 or alldifferent) left this value alone in the cell's domain.
    Filtered,
    /// Deduced by word-parallel propagation that does not tell which of its rules fired.
    Propagation,
    /// A human-style technique of the `logic` solver; the reason's `at` is its number
    /// (`logic::Technique::from_index`).
    Technique,
    /// The alldifferent constraint of the unit `at` (the `cp` model's filter): no way of giving
    /// that unit's cells distinct digits keeps this value here (or leaves another one).
    AllDifferent,
    /// Probing: the cell's other candidate (the reason's `at`) was tried and led to a
    /// contradiction, so this one holds.
    Probe,
    /// A clause the SAT solver learned from an earlier conflict forced it; the reason's `at`
    /// is the clause's length in literals.
    Learned,
}

impl Rule {
    /// Every rule, in a fixed order (the index is a rule's number in binary traces).
    pub const ALL: [Rule; 12] = [
        Rule::Step,
        Rule::Given,
        Rule::Decision,
        Rule::NakedSingle,
        Rule::HiddenSingle,
        Rule::Peer,
        Rule::Filtered,
        Rule::Propagation,
        Rule::Technique,
        Rule::AllDifferent,
        Rule::Probe,
        Rule::Learned,
    ];
}

/// Why a value was placed or removed: the rule and where it acted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Reason {
    pub rule: Rule,
    /// The unit the rule acted in (flat index: rows, columns, boxes) for a hidden single and an
    /// alldifferent filter; the
    /// neighbour cell for [`Rule::Peer`]; the technique's number for [`Rule::Technique`]; the
    /// digit that failed for [`Rule::Probe`]; 0 otherwise.
    pub at: u16,
}

impl Reason {
    pub const STEP: Reason = Reason::plain(Rule::Step);
    pub const GIVEN: Reason = Reason::plain(Rule::Given);
    pub const DECISION: Reason = Reason::plain(Rule::Decision);
    pub const NAKED_SINGLE: Reason = Reason::plain(Rule::NakedSingle);
    pub const PROPAGATION: Reason = Reason::plain(Rule::Propagation);
    pub const FILTERED: Reason = Reason::plain(Rule::Filtered);

    const fn plain(rule: Rule) -> Reason {
        Reason { rule, at: 0 }
    }

    /// The only place for the value in `unit`.
    pub const fn hidden_single(unit: usize) -> Reason {
        Reason {
            rule: Rule::HiddenSingle,
            at: unit as u16,
        }
    }

    /// The value sits in the neighbour `cell`.
    pub const fn peer(cell: usize) -> Reason {
        Reason {
            rule: Rule::Peer,
            at: cell as u16,
        }
    }

    /// A step of the `logic` solver's technique number `index`.
    pub const fn technique(index: u16) -> Reason {
        Reason {
            rule: Rule::Technique,
            at: index,
        }
    }

    /// The alldifferent constraint of `unit` removed the value (or left this one).
    pub const fn alldifferent(unit: usize) -> Reason {
        Reason {
            rule: Rule::AllDifferent,
            at: unit as u16,
        }
    }

    /// Probing found that putting `failed` (1..=n) in the cell leads to a contradiction.
    pub const fn probe(failed: u8) -> Reason {
        Reason {
            rule: Rule::Probe,
            at: failed as u16,
        }
    }

    /// Forced by a learned clause of `literals` literals.
    pub const fn learned(literals: usize) -> Reason {
        Reason {
            rule: Rule::Learned,
            at: if literals > u16::MAX as usize {
                u16::MAX
            } else {
                literals as u16
            },
        }
    }

    /// The unit the rule acted in, if it names one.
    pub fn unit(&self) -> Option<usize> {
        matches!(self.rule, Rule::HiddenSingle | Rule::AllDifferent).then_some(self.at as usize)
    }
}

/// The constraint a clause-learning conflict breaks, in Sudoku's words: the clause whose
/// every literal is false.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind"))]
pub enum Clash {
    /// A cell with no digit left.
    NoDigit { cell: u16 },
    /// A digit with no place left in a unit (rows, then columns, then boxes).
    NoPlace { digit: u8, unit: u16 },
    /// A digit in two cells of one unit.
    Twice { digit: u8, a: u16, b: u16 },
    /// Two digits in one cell.
    TwoDigits { cell: u16, a: u8, b: u8 },
    /// A clause learned earlier.
    Learned,
    /// A clause of the encoding's auxiliary variables (the sequential at-most-one).
    Encoding,
}

/// What the solver wants the driver to know. Cells are indices in reading order, values 1..=n.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "kind"))]
pub enum Event {
    /// A search decision: try `value` in `cell`, opening decision level `depth` (1 = first guess).
    Guess { cell: u16, value: u8, depth: u32 },
    /// A value placed without a guess (propagation, a naked or hidden single, a construction step).
    Assign {
        cell: u16,
        value: u8,
        reason: Reason,
    },
    /// A candidate removed from a cell's domain.
    Eliminate {
        cell: u16,
        value: u8,
        reason: Reason,
    },
    /// Back to the state before the guess that opened level `depth`: that guess and everything after it is undone.
    Backtrack { depth: u32 },
    /// A cell emptied (local search, a failed construction).
    Unassign { cell: u16, value: u8 },
    /// Two cells exchanged their values (local search moves).
    Swap { a: u16, b: u16 },
    /// A candidate's weight in [0, 1]: its value in the LP relaxation of the `ilp` model (how
    /// much of the digit the relaxed solution puts in the cell; 1 = placed, 0 = none).
    Weight { cell: u16, value: u8, weight: f32 },
    /// A cell enters the traversal's frontier (a colouring's breadth-first queue or
    /// depth-first stack).
    Push { cell: u16 },
    /// A cell leaves the frontier: its neighbours are explored next.
    Pop { cell: u16 },
    /// A multi-start construction ended without success after colouring `progress` cells (at
    /// `stuck`, which had no value left, when the algorithm says); the board returns to the
    /// puzzle's givens and construction `attempt` starts.
    Restart {
        attempt: u32,
        progress: u32,
        stuck: Option<u16>,
    },
    /// One local-search iteration: the cost now and the best cost so far.
    Iteration {
        iteration: u32,
        cost: u32,
        best: u32,
    },
    /// One genetic-algorithm generation (fitness, higher is better).
    Generation {
        generation: u32,
        best: f32,
        mean: f32,
        worst: f32,
    },
    /// Conflict number `conflict` (from 1) of clause learning: the constraint `clash` has no way
    /// left to hold; the solver learns a clause of `learned` literals over `lbd` decision levels
    /// and jumps back to depth `depth` (the [`Event::Backtrack`] that follows undoes the guesses
    /// above it).
    Conflict {
        conflict: u32,
        learned: u16,
        lbd: u16,
        depth: u32,
        clash: Clash,
    },
    /// Clause learning's restart number `restart`: every guess is undone (the
    /// [`Event::Backtrack`] that follows does it), what was learned is kept.
    SearchRestart { restart: u32 },
    /// A portfolio's first engine spent its `nodes` search nodes without settling the puzzle:
    /// the board returns to the puzzle's givens and the next engine starts from them.
    Handover { nodes: u32 },
    /// Simulated annealing: a temperature step with the current and best cost.
    Temperature {
        step: u32,
        temperature: f32,
        cost: u32,
        best: u32,
    },
}

impl Event {
    /// Whether this event changes individual cells (what a capped trace may drop) rather than summarise.
    pub fn is_cell_detail(&self) -> bool {
        matches!(
            self,
            Event::Guess { .. }
                | Event::Assign { .. }
                | Event::Eliminate { .. }
                | Event::Backtrack { .. }
                | Event::Unassign { .. }
                | Event::Swap { .. }
                | Event::Push { .. }
                | Event::Pop { .. }
                | Event::Weight { .. }
        )
    }
}

/// The driver's answer to an event: go on, or stop the run now (cancel).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Stop,
}

/// Anything that listens to a solver.
pub trait Observer {
    fn event(&mut self, event: Event) -> Flow;

    /// An anytime report: the run's best cost so far fell to `cost` after `evaluations` units
    /// of its budget (a local search's iterations, a colouring's constructions, a genetic
    /// algorithm's generations). The cost is the algorithm's own (open cells for tabu search,
    /// clashes for a box fill, uncoloured cells for a colouring); 0 is a solution. Studies draw
    /// anytime curves from these; other observers ignore them.
    #[inline(always)]
    fn improved(&mut self, _evaluations: u64, _cost: u32) {}

    /// Whether per-cell events are wanted at all. Solvers may skip computing them when not
    /// (the counters in the statistics stay exact either way).
    #[inline(always)]
    fn wants_cell_events(&self) -> bool {
        true
    }
}

/// Listens to nothing and costs nothing: the solver's reports are optimised away.
#[derive(Clone, Copy, Debug, Default)]
pub struct NullObserver;

impl Observer for NullObserver {
    #[inline(always)]
    fn event(&mut self, _event: Event) -> Flow {
        Flow::Continue
    }

    #[inline(always)]
    fn wants_cell_events(&self) -> bool {
        false
    }
}

/// Any closure `FnMut(Event) -> Flow` is an observer.
impl<F: FnMut(Event) -> Flow> Observer for F {
    #[inline(always)]
    fn event(&mut self, event: Event) -> Flow {
        self(event)
    }
}

/// Keeps every event (tests, small traces).
#[derive(Clone, Debug, Default)]
pub struct Recorder {
    pub events: Vec<Event>,
}

impl Observer for Recorder {
    fn event(&mut self, event: Event) -> Flow {
        self.events.push(event);
        Flow::Continue
    }
}

/// Counts events and stops the run after `stop_after` of them (cancellation tests, sampling).
#[derive(Clone, Debug, Default)]
pub struct Counter {
    pub count: u64,
    pub stop_after: Option<u64>,
}

impl Observer for Counter {
    #[inline]
    fn event(&mut self, _event: Event) -> Flow {
        self.count += 1;
        match self.stop_after {
            Some(limit) if self.count >= limit => Flow::Stop,
            _ => Flow::Continue,
        }
    }
}

pub mod binary;
mod check;
mod file;
mod replay;

#[cfg(feature = "serde")]
pub use file::JsonTrace;
pub use file::{TraceError, TraceFile, TraceHeader, FORMAT_VERSION, JSON_FORMAT, MAX_EVENTS};
pub use replay::Replay;
