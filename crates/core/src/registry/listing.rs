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
    /// The parameter that bounds a run's work, if any.
    pub budget: Option<&'static str>,
    /// Whether this build runs it (the page's first-load worker leaves some out).
    pub available: bool,
    pub params: Vec<ParamListing>,
}

/// One parameter: its kind (`integer`, `real`, `choice`) and range with its default.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ParamListing {
    pub name: &'static str,
    pub description: &'static str,
    pub kind: &'static str,
    pub range: Range,
}

/// A parameter's values: bounds and default, or the options and default.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(untagged))]
pub enum Range {
    Integer {
        min: i64,
        max: i64,
        default: i64,
    },
    Real {
        min: f64,
        max: f64,
        default: f64,
    },
    Choice {
        options: &'static [&'static str],
        default: &'static str,
    },
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
            budget: a.spec().budget,
            available: a.available(),
            params: a
                .params()
                .iter()
                .map(|p| {
                    let (kind, range) = match p.kind {
                        ParamKind::Integer { min, max, default } => {
                            ("integer", Range::Integer { min, max, default })
                        }
                        ParamKind::Real { min, max, default } => {
                            ("real", Range::Real { min, max, default })
                        }
                        ParamKind::Choice { options, default } => {
                            ("choice", Range::Choice { options, default })
                        }
                    };
                    ParamListing {
                        name: p.name,
                        description: p.description,
                        kind,
                        range,
                    }
                })
                .collect(),
        })
        .collect()
}
