//! The work counters an algorithm reports, each in the algorithm's own word. Its module lists
//! them ([`super::Spec::counters`]), so a front end shows the counters that apply (nodes for a
//! search, generations for a genetic algorithm) and no zero that could not be anything else.

use crate::solve::Stats;

/// One counter of [`Stats`], named as the algorithm that reports it counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WorkCounter {
    /// Values tried by a search decision ([`Stats::nodes`]).
    Nodes,
    /// A clause-learning search's decisions ([`Stats::nodes`]).
    Decisions,
    /// Dead ends the search went back from ([`Stats::backtracks`]).
    Backtracks,
    /// A clause-learning search's conflicts, each a learned clause and a jump back
    /// ([`Stats::backtracks`]).
    Conflicts,
    /// Values placed or candidates removed by propagation ([`Stats::propagations`]).
    Propagations,
    /// A local search's iterations ([`Stats::iterations`]).
    Iterations,
    /// A genetic algorithm's generations ([`Stats::iterations`]).
    Generations,
    /// A multi-start method's constructions ([`Stats::iterations`]).
    Constructions,
    /// An ant colony's cycles ([`Stats::iterations`]).
    Cycles,
    /// An ant colony's tours, one grid built by one ant ([`Stats::restarts`]).
    Tours,
    /// Starts from scratch ([`Stats::restarts`]).
    Restarts,
    /// Simulated annealing's returns to its starting temperature ([`Stats::restarts`]).
    Reheats,
}

impl WorkCounter {
    pub fn name(self) -> &'static str {
        match self {
            WorkCounter::Nodes => "nodes",
            WorkCounter::Decisions => "decisions",
            WorkCounter::Backtracks => "backtracks",
            WorkCounter::Conflicts => "conflicts",
            WorkCounter::Propagations => "propagations",
            WorkCounter::Iterations => "iterations",
            WorkCounter::Generations => "generations",
            WorkCounter::Constructions => "constructions",
            WorkCounter::Cycles => "cycles",
            WorkCounter::Tours => "tours",
            WorkCounter::Restarts => "restarts",
            WorkCounter::Reheats => "reheats",
        }
    }

    /// The [`Stats`] field it is, named by the field's own word (`Decisions` is `Nodes`).
    pub fn field(self) -> WorkCounter {
        match self {
            WorkCounter::Nodes | WorkCounter::Decisions => WorkCounter::Nodes,
            WorkCounter::Backtracks | WorkCounter::Conflicts => WorkCounter::Backtracks,
            WorkCounter::Propagations => WorkCounter::Propagations,
            WorkCounter::Iterations
            | WorkCounter::Generations
            | WorkCounter::Constructions
            | WorkCounter::Cycles => WorkCounter::Iterations,
            WorkCounter::Restarts | WorkCounter::Reheats | WorkCounter::Tours => {
                WorkCounter::Restarts
            }
        }
    }

    /// Its value in a run's stats.
    pub fn of(self, stats: &Stats) -> u64 {
        match self.field() {
            WorkCounter::Nodes => stats.nodes,
            WorkCounter::Backtracks => stats.backtracks,
            WorkCounter::Propagations => stats.propagations,
            WorkCounter::Iterations => stats.iterations,
            _ => stats.restarts,
        }
    }

    /// The counters to show for a run: those its algorithm declares, then any other field
    /// that counted something all the same (never a count hidden).
    pub fn shown(declared: &[WorkCounter], stats: &Stats) -> Vec<WorkCounter> {
        let mut shown = declared.to_vec();
        for field in [
            WorkCounter::Nodes,
            WorkCounter::Backtracks,
            WorkCounter::Propagations,
            WorkCounter::Iterations,
            WorkCounter::Restarts,
        ] {
            if field.of(stats) > 0 && !declared.iter().any(|d| d.field() == field) {
                shown.push(field);
            }
        }
        shown
    }
}
