//! What every solver shares: the `Solver` trait, limits, statistics, outcomes and the run tracker.

use std::fmt;

use crate::grid::Grid;
use crate::trace::{Event, Flow, Observer, Reason};
use crate::words::count;

/// Budgets that bound a run (0 or `None` = unbounded). Exact solvers count search nodes,
/// local searches count iterations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Limits {
    pub max_nodes: Option<u64>,
    pub max_iterations: Option<u64>,
    /// What one iteration is, so that a run that gives up says it in its algorithm's unit.
    pub iteration: Iteration,
}

/// What a heuristic's iteration is: its budget (`max_iterations`) counts these.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Iteration {
    /// A local search's move.
    #[default]
    Move,
    /// A genetic algorithm's generation.
    Generation,
    /// A multi-start loop's construction.
    Construction,
    /// An ant colony's cycle (each ant builds one grid).
    Cycle,
}

impl Limits {
    pub const NONE: Limits = Limits {
        max_nodes: None,
        max_iterations: None,
        iteration: Iteration::Move,
    };

    pub fn nodes(max_nodes: u64) -> Limits {
        Limits {
            max_nodes: (max_nodes > 0).then_some(max_nodes),
            ..Limits::NONE
        }
    }

    /// A budget of iterations only (at least one): what the heuristics run on.
    pub fn iterations(max_iterations: u64) -> Limits {
        Limits {
            max_iterations: Some(max_iterations.max(1)),
            ..Limits::NONE
        }
    }

    /// A budget of iterations that are `iteration`s (generations, constructions).
    pub fn counted_in(self, iteration: Iteration) -> Limits {
        Limits { iteration, ..self }
    }
}

/// Work counters every solver fills in (the ones that do not apply stay 0).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Stats {
    /// Search nodes: values tried by a search decision.
    pub nodes: u64,
    /// Dead ends the search went back from.
    pub backtracks: u64,
    /// Values placed or candidates removed by propagation (not by a guess).
    pub propagations: u64,
    /// Local-search iterations or generations.
    pub iterations: u64,
    /// Multi-start restarts.
    pub restarts: u64,
}

/// Which budget ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Limit {
    Nodes(u64),
    /// A local search's moves.
    Iterations(u64),
    /// A genetic algorithm's generations.
    Generations(u64),
    /// A multi-start loop's constructions.
    Constructions(u64),
    /// The conflicts of a clause-learning search.
    Conflicts(u64),
    /// An ant colony's cycles.
    Cycles(u64),
}

impl Limit {
    /// What the budget counts, in the singular ("node", "cycle"): the unit the status words
    /// give it in.
    pub fn unit(self) -> &'static str {
        match self {
            Limit::Nodes(_) => "node",
            Limit::Iterations(_) => "iteration",
            Limit::Generations(_) => "generation",
            Limit::Constructions(_) => "construction",
            Limit::Conflicts(_) => "conflict",
            Limit::Cycles(_) => "cycle",
        }
    }

    /// How many of its unit the budget allowed.
    pub fn budget(self) -> u64 {
        match self {
            Limit::Nodes(n)
            | Limit::Iterations(n)
            | Limit::Generations(n)
            | Limit::Constructions(n)
            | Limit::Conflicts(n)
            | Limit::Cycles(n) => n,
        }
    }

    /// Every kind of limit, made from its budget.
    pub const EVERY: [fn(u64) -> Limit; 6] = [
        Limit::Nodes,
        Limit::Iterations,
        Limit::Generations,
        Limit::Constructions,
        Limit::Conflicts,
        Limit::Cycles,
    ];

    /// The limit of `n` of `unit` (singular, as [`Limit::unit`] names it), if one counts it.
    pub fn of_unit(unit: &str, n: u64) -> Option<Limit> {
        Limit::EVERY
            .iter()
            .map(|make| make(n))
            .find(|l| l.unit() == unit)
    }
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Status {
    /// A complete grid that keeps the givens and breaks no rule.
    Solved,
    /// Proved: no grid completes these givens.
    NoSolution,
    /// A budget ran out first; nothing is proved.
    GaveUp(Limit),
    /// The observer asked to stop.
    Cancelled,
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Solved => f.write_str("solved"),
            Status::NoSolution => f.write_str("no solution"),
            Status::GaveUp(limit) => {
                write!(f, "gave up after {}", count(limit.budget(), limit.unit()))
            }
            Status::Cancelled => f.write_str("cancelled"),
        }
    }
}

/// The result of a run: the status, the grid (the solution when solved, otherwise the puzzle or
/// the best state reached) and the work done. Time is measured by the driver, not the core, so the
/// core stays free of clocks that do not exist on every target.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    pub status: Status,
    pub grid: Grid,
    pub stats: Stats,
}

impl Outcome {
    pub fn is_solved(&self) -> bool {
        self.status == Status::Solved
    }
}

/// A Sudoku algorithm. Generic over the observer so a [`crate::NullObserver`] costs nothing.
pub trait Solver {
    fn solve<O: Observer + ?Sized>(&mut self, puzzle: &Grid, observer: &mut O) -> Outcome;
}

/// Why a run stops early: the observer cancelled or a budget ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Halt {
    Cancelled,
    Limit(Limit),
}

/// Counts work, enforces limits and forwards events; search code uses `?` on its results.
pub struct Tracker<'o, O: Observer + ?Sized> {
    observer: &'o mut O,
    pub stats: Stats,
    max_nodes: u64,
    max_iterations: u64,
    iteration: Iteration,
    /// The best cost reported by [`Tracker::improved`] so far.
    best: u32,
}

impl<'o, O: Observer + ?Sized> Tracker<'o, O> {
    pub fn new(observer: &'o mut O, limits: Limits) -> Self {
        Tracker {
            observer,
            stats: Stats::default(),
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
            max_iterations: limits.max_iterations.unwrap_or(u64::MAX),
            iteration: limits.iteration,
            best: u32::MAX,
        }
    }

    /// A cost reached now (after `stats.iterations` units of the budget): reported to the
    /// observer as an anytime point when it beats the best so far.
    #[inline(always)]
    pub fn improved(&mut self, cost: u32) {
        if cost < self.best {
            self.best = cost;
            self.observer.improved(self.stats.iterations, cost);
        }
    }

    /// Reports an event; `Err` if the observer cancels.
    #[inline(always)]
    pub fn emit(&mut self, event: Event) -> Result<(), Halt> {
        match self.observer.event(event) {
            Flow::Continue => Ok(()),
            Flow::Stop => Err(Halt::Cancelled),
        }
    }

    /// Counts a search node and reports the guess; `Err` past the node budget or on cancel.
    #[inline(always)]
    pub fn guess(&mut self, cell: usize, value: u8, depth: u32) -> Result<(), Halt> {
        if self.stats.nodes >= self.max_nodes {
            return Err(Halt::Limit(Limit::Nodes(self.max_nodes)));
        }
        self.stats.nodes += 1;
        self.emit(Event::Guess {
            cell: cell as u16,
            value,
            depth,
        })
    }

    /// Reports a return to the state before the guess of level `depth`.
    #[inline(always)]
    pub fn backtrack(&mut self, depth: u32) -> Result<(), Halt> {
        self.stats.backtracks += 1;
        self.emit(Event::Backtrack { depth })
    }

    /// Reports a forced placement and why.
    #[inline(always)]
    pub fn assign(&mut self, cell: usize, value: u8, reason: Reason) -> Result<(), Halt> {
        self.stats.propagations += 1;
        self.emit(Event::Assign {
            cell: cell as u16,
            value,
            reason,
        })
    }

    /// Reports a removed candidate and why.
    #[inline(always)]
    pub fn eliminate(&mut self, cell: usize, value: u8, reason: Reason) -> Result<(), Halt> {
        self.stats.propagations += 1;
        self.emit(Event::Eliminate {
            cell: cell as u16,
            value,
            reason,
        })
    }

    /// Whether the observer wants per-cell events (see [`Observer::wants_cell_events`]).
    #[inline(always)]
    pub fn wants_cell_events(&self) -> bool {
        self.observer.wants_cell_events()
    }

    /// Counts `count` candidate removals without reporting them one by one.
    #[inline(always)]
    pub fn count_eliminations(&mut self, count: u32) {
        self.stats.propagations += count as u64;
    }

    /// Counts a local-search iteration; `Err` past the iteration budget.
    #[inline(always)]
    pub fn iteration(&mut self) -> Result<(), Halt> {
        if self.stats.iterations >= self.max_iterations {
            let n = self.max_iterations;
            return Err(Halt::Limit(match self.iteration {
                Iteration::Move => Limit::Iterations(n),
                Iteration::Generation => Limit::Generations(n),
                Iteration::Construction => Limit::Constructions(n),
                Iteration::Cycle => Limit::Cycles(n),
            }));
        }
        self.stats.iterations += 1;
        Ok(())
    }

    /// Builds the outcome of a heuristic run, which ends with a complete grid or halts.
    pub fn finish_found(self, puzzle: &Grid, result: Result<Vec<u8>, Halt>) -> Outcome {
        self.finish(puzzle, result.as_deref().map(Some).map_err(|halt| *halt))
    }

    /// Builds the outcome of a search that either found `solution` (values in reading order),
    /// proved there is none (`Ok(None)`), or halted.
    pub fn finish(self, puzzle: &Grid, result: Result<Option<&[u8]>, Halt>) -> Outcome {
        self.finish_solved(
            puzzle,
            result.map(|found| found.map(|values| puzzle.with_values(values))),
        )
    }

    /// [`Tracker::finish`] of a search that built the solved grid itself (the fast engines: no
    /// copy of the values in between, which costs an allocation per puzzle).
    pub fn finish_solved(self, puzzle: &Grid, result: Result<Option<Grid>, Halt>) -> Outcome {
        let (status, grid) = match result {
            Ok(Some(solved)) => (Status::Solved, solved),
            Ok(None) => (Status::NoSolution, puzzle.clone()),
            Err(Halt::Cancelled) => (Status::Cancelled, puzzle.clone()),
            Err(Halt::Limit(limit)) => (Status::GaveUp(limit), puzzle.clone()),
        };
        Outcome {
            status,
            grid,
            stats: self.stats,
        }
    }
}

/// What an algorithm whose engine this build leaves out (the page's first-load worker: `ilp`,
/// `sat`, the ant colonies) answers if run: giving up at once at a budget of 0. Never reached,
/// since `Algorithm::run` refuses an algorithm this build cannot run; the registry's dispatch
/// only needs every algorithm to be a [`Solver`].
pub fn without_engine<O: Observer + ?Sized>(
    puzzle: &Grid,
    observer: &mut O,
    limit: Limit,
) -> Outcome {
    Tracker::new(observer, Limits::default()).finish(puzzle, Err(Halt::Limit(limit)))
}
