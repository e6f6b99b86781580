//! What an algorithm's module declares about itself: its [`Spec`] (id, name, family,
//! description, typed parameters, pseudo-code) and the [`Args`] its constructor reads. The
//! algorithms import this module; the registry above them imports the algorithms, so nothing
//! here may name one.

mod counters;
mod params;

use std::fmt;

pub use counters::WorkCounter;
pub use params::{
    max_iterations, max_iterations_of, max_nodes, ChoiceParam, IntParam, ParamError, ParamKind,
    ParamSpec, ParamValue, Params, RealParam,
};

use crate::pseudocode::Line;

/// Exact algorithms prove; heuristics search and may give up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Family {
    Exact,
    Heuristic,
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Family::Exact => "exact",
            Family::Heuristic => "heuristic",
        })
    }
}

/// What an algorithm's module declares about it.
#[derive(Debug)]
pub struct Spec {
    /// Stable id used on the command line and in URLs.
    pub id: &'static str,
    pub name: &'static str,
    pub family: Family,
    pub description: &'static str,
    /// The parameter schema, defaults included.
    pub params: &'static [ParamSpec],
    /// The parameter that bounds a run's work (nodes, iterations, constructions, generations):
    /// what a study's or an experiment's budget per run sets.
    pub budget: Option<&'static str>,
    /// The algorithm in pseudo-code, each line with the events it executes.
    pub pseudocode: &'static [Line],
    /// The work counters a run of it reports, in its own words (the others stay 0).
    pub counters: &'static [WorkCounter],
    /// A rule between parameters (each already in range), if the algorithm has one.
    pub check: Option<ParamRule>,
    /// What a guess of it chooses among, for the words that tell it.
    pub branching: Branching,
}

/// What an algorithm's guess is one choice of: a cell's candidates, or (Algorithm X) the rows of
/// the exact-cover column with the fewest, which may be a digit's places in a row, a column or
/// a box rather than a cell's digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Branching {
    Cell,
    FewestRowsColumn,
}

/// A rule between an algorithm's parameters: `Err` says, in words, what does not go together.
pub type ParamRule = fn(&Args) -> Result<(), String>;

/// Everything a run takes besides the puzzle: the seed (for randomised algorithms) and the parameters.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RunConfig {
    pub seed: u64,
    pub params: Params,
}

/// A run's checked configuration, as an algorithm's constructor reads it (through its typed
/// parameter constants).
pub struct Args<'a> {
    spec: &'static Spec,
    params: &'a Params,
    pub seed: u64,
}

impl<'a> Args<'a> {
    /// A run's arguments, once the registry has checked `params` against `spec`.
    pub(crate) fn new(spec: &'static Spec, params: &'a Params, seed: u64) -> Self {
        Args { spec, params, seed }
    }

    /// The value given for a parameter, if any. Reading a parameter the algorithm does not
    /// declare is a bug in its module, caught by the tests.
    pub fn value(&self, name: &str) -> Option<&ParamValue> {
        debug_assert!(
            self.spec.params.iter().any(|p| p.name == name),
            "{} reads '{name}', which its spec does not declare",
            self.spec.id
        );
        self.params.0.get(name)
    }
}
