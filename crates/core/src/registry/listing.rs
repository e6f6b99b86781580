//! The registry as data: what `sudoku list --format json` prints and Python's `algorithms()`
//! returns, one shape written once.

use super::Algorithm;
use crate::spec::ParamKind;

/// One algorithm as lists show it.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Listing {
    pub id: &'static str,
    pub name: &'static str,
    /// `exact` or `heuristic`.
    pub family: String,
    pub description: &'static str,
    /// What it does, in plain words for a newcomer.
    pub in_plain_words: &'static str,
    /// The parameter that bounds a run's work, if any.
    pub budget: Option<&'static str>,
    /// Whether this build runs it (the page's first-load worker leaves some out).
    pub available: bool,
    pub params: Vec<ParamListing>,
    /// The work counters a run reports, in its words (`nodes`, `decisions`, `generations`…).
    pub counters: Vec<&'static str>,
}

/// One parameter: its kind (`integer`, `real`, `choice`) and range with its default.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ParamListing {
    pub name: &'static str,
    pub description: &'static str,
    pub kind: &'static str,
    pub range: ParamKind,
}

/// Every algorithm of the registry, in the order lists show them.
pub fn listing() -> Vec<Listing> {
    Algorithm::ALL
        .iter()
        .map(|&a| Listing {
            id: a.id(),
            name: a.name(),
            family: a.family().to_string(),
            description: a.description(),
            in_plain_words: a.in_plain_words(),
            budget: a.spec().budget,
            available: a.available(),
            params: a
                .params()
                .iter()
                .map(|p| ParamListing {
                    name: p.name,
                    description: p.description,
                    kind: match p.kind {
                        ParamKind::Integer { .. } => "integer",
                        ParamKind::Real { .. } => "real",
                        ParamKind::Choice { .. } => "choice",
                    },
                    range: p.kind,
                })
                .collect(),
            counters: a.spec().counters.iter().map(|c| c.name()).collect(),
        })
        .collect()
}
