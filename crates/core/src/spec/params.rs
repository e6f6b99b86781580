//! Parameters: the schema an algorithm declares (name, description, type, range, default) and
//! the values a run is given. Each algorithm declares its parameters as typed constants
//! ([`IntParam`], [`RealParam`], [`ChoiceParam`]) next to its code and reads them through those
//! constants: the default is written once, and a value's type was checked before the run.

use crate::words::prose;
use std::collections::BTreeMap;
use std::fmt;

use super::Args;

/// The type, range and default of a parameter (as data: `{min, max, default}` or
/// `{options, default}`, what `sudoku list --format json` shows).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(untagged))]
pub enum ParamKind {
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

/// One parameter of an algorithm, as a form field.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ParamSpec {
    pub name: &'static str,
    pub description: &'static str,
    pub kind: ParamKind,
    /// Names this algorithm's parameter had before (share links, lessons, study files and
    /// scripts may carry them): read as `name`.
    pub old_names: &'static [&'static str],
}

impl ParamSpec {
    /// The parameter, also read by the names it had before.
    pub const fn formerly(self, old_names: &'static [&'static str]) -> ParamSpec {
        ParamSpec { old_names, ..self }
    }

    /// Whether `name` names this parameter, now or before.
    pub fn is_named(&self, name: &str) -> bool {
        self.name == name || self.old_names.contains(&name)
    }

    pub fn default_value(&self) -> ParamValue {
        match self.kind {
            ParamKind::Integer { default, .. } => ParamValue::Integer(default),
            ParamKind::Real { default, .. } => ParamValue::Real(default),
            ParamKind::Choice { default, .. } => ParamValue::Choice(default.to_string()),
        }
    }

    /// Reads a value typed by a user (CLI `--param`, a form field) and checks its range.
    pub fn parse(&self, text: &str) -> Result<ParamValue, ParamError> {
        let text = text.trim();
        let value = match self.kind {
            ParamKind::Integer { .. } => text.parse().map(ParamValue::Integer).ok(),
            ParamKind::Real { .. } => text.parse().map(ParamValue::Real).ok(),
            ParamKind::Choice { options, .. } => options
                .iter()
                .find(|o| o.eq_ignore_ascii_case(text))
                .map(|o| ParamValue::Choice(o.to_string())),
        };
        let value = value.ok_or_else(|| self.invalid(text))?;
        self.check(&value)?;
        Ok(value)
    }

    /// Checks a value's type and range.
    pub fn check(&self, value: &ParamValue) -> Result<(), ParamError> {
        let fits = match (self.kind, value) {
            (ParamKind::Integer { min, max, .. }, ParamValue::Integer(v)) => {
                (min..=max).contains(v)
            }
            (ParamKind::Real { min, max, .. }, ParamValue::Real(v)) => (min..=max).contains(v),
            (ParamKind::Choice { options, .. }, ParamValue::Choice(v)) => {
                options.contains(&v.as_str())
            }
            _ => false,
        };
        if fits {
            Ok(())
        } else {
            Err(self.invalid(&value.to_string()))
        }
    }

    fn invalid(&self, text: &str) -> ParamError {
        ParamError::Invalid {
            name: self.name,
            value: text.to_string(),
            expected: self.expected(),
        }
    }

    /// "an integer from 0 to 100" style description of the accepted values.
    pub fn expected(&self) -> String {
        match self.kind {
            ParamKind::Integer { min, max, .. } if max == i64::MAX => {
                format!("a whole number ≥ {min}")
            }
            ParamKind::Integer { min, max, .. } => format!("an integer from {min} to {max}"),
            ParamKind::Real { min, max, .. } => format!("a number from {min} to {max}"),
            ParamKind::Choice { options, .. } => format!("one of {}", options.join(", ")),
        }
    }
}

/// A parameter value.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ParamValue {
    Integer(i64),
    Real(f64),
    Choice(String),
}

impl fmt::Display for ParamValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamValue::Integer(v) => write!(f, "{v}"),
            ParamValue::Real(v) => write!(f, "{v}"),
            ParamValue::Choice(v) => f.write_str(v),
        }
    }
}

/// Parameter values by name; missing ones take the schema's default.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Params(pub BTreeMap<String, ParamValue>);

impl Params {
    /// Sets a parameter by its name (an old name is read by the algorithm's own
    /// [`crate::Algorithm::param`], which gives the current one).
    pub fn set(&mut self, name: &str, value: ParamValue) {
        self.0.insert(name.to_string(), value);
    }
}

/// A bad parameter: unknown to the algorithm, or a value of the wrong type or range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamError {
    Unknown {
        algorithm: &'static str,
        name: String,
        known: String,
    },
    Invalid {
        name: &'static str,
        value: String,
        expected: String,
    },
    /// Values each in range that do not go together.
    Conflict {
        algorithm: &'static str,
        message: String,
    },
    /// The algorithm's solver is not compiled into this build (the registry's `Algorithm::available`).
    Unavailable { algorithm: &'static str },
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamError::Unavailable { algorithm } => {
                write!(f, "{algorithm} is not part of this build")
            }
            ParamError::Unknown {
                algorithm,
                name,
                known,
            } => {
                #[cfg(not(target_arch = "wasm32"))]
                let choices: Vec<&str> = known
                    .split(',')
                    .map(str::trim)
                    .filter(|k| !k.is_empty())
                    .collect();
                #[cfg(target_arch = "wasm32")]
                let choices = [known.as_str()];
                match crate::words::did_you_mean(name, &choices) {
                    Some(near) => write!(
                        f,
                        "{algorithm} has no parameter '{name}': did you mean '{near}'? It has: {known}"
                    ),
                    None if choices.is_empty() => {
                        write!(f, "{algorithm} has no parameter '{name}' (it has none)")
                    }
                    None => write!(f, "{algorithm} has no parameter '{name}' (it has: {known})"),
                }
            }
            ParamError::Invalid {
                name,
                value,
                expected,
            } => {
                write!(f, "{name} = '{value}' is not valid: expected {expected}")
            }
            ParamError::Conflict { algorithm, message } => write!(f, "{algorithm}: {message}"),
        }
    }
}

impl std::error::Error for ParamError {}

/// An integer parameter, declared once by its algorithm.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IntParam {
    pub name: &'static str,
    pub description: &'static str,
    pub min: i64,
    pub max: i64,
    pub default: i64,
}

impl IntParam {
    pub const fn spec(&self) -> ParamSpec {
        ParamSpec {
            name: self.name,
            description: self.description,
            old_names: &[],
            kind: ParamKind::Integer {
                min: self.min,
                max: self.max,
                default: self.default,
            },
        }
    }

    /// The run's value (checked against the schema before the run), or the default.
    pub fn read(&self, args: &Args) -> i64 {
        match args.value(self.name) {
            Some(ParamValue::Integer(v)) => *v,
            _ => self.default,
        }
    }
}

/// A real-valued parameter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RealParam {
    pub name: &'static str,
    pub description: &'static str,
    pub min: f64,
    pub max: f64,
    pub default: f64,
}

impl RealParam {
    pub const fn spec(&self) -> ParamSpec {
        ParamSpec {
            name: self.name,
            description: self.description,
            old_names: &[],
            kind: ParamKind::Real {
                min: self.min,
                max: self.max,
                default: self.default,
            },
        }
    }

    pub fn read(&self, args: &Args) -> f64 {
        match args.value(self.name) {
            Some(ParamValue::Real(v)) => *v,
            _ => self.default,
        }
    }
}

/// A choice among named options, each standing for a value of `T`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChoiceParam<T: Copy + 'static> {
    pub name: &'static str,
    pub description: &'static str,
    /// The options' names, as typed by users.
    pub ids: &'static [&'static str],
    /// The value of each option, in the order of `ids`.
    pub values: &'static [T],
    /// Index of the default option.
    pub default: usize,
}

impl<T: Copy + 'static> ChoiceParam<T> {
    pub const fn spec(&self) -> ParamSpec {
        assert!(self.ids.len() == self.values.len() && self.default < self.ids.len());
        ParamSpec {
            name: self.name,
            description: self.description,
            old_names: &[],
            kind: ParamKind::Choice {
                options: self.ids,
                default: self.ids[self.default],
            },
        }
    }

    /// The id users type for `value`.
    pub fn id_of(&self, value: T) -> &'static str
    where
        T: PartialEq,
    {
        let index = self.values.iter().position(|v| *v == value);
        self.ids[index.expect("every value has an id")]
    }

    pub fn read(&self, args: &Args) -> T {
        let index = match args.value(self.name) {
            Some(ParamValue::Choice(id)) => self.ids.iter().position(|o| o == id),
            _ => None,
        };
        self.values[index.unwrap_or(self.default)]
    }
}

/// The iteration budget of a heuristic: every heuristic's budget has this one name, whatever its
/// iteration is (a move, a generation, a construction: `description` says which).
pub const fn max_iterations(default: i64) -> IntParam {
    max_iterations_of("Iterations at most before giving up.", default)
}

/// [`max_iterations`] with words that say what an iteration is.
pub const fn max_iterations_of(description: &'static str, default: i64) -> IntParam {
    IntParam {
        name: "max_iterations",
        description: prose(description),
        min: 1,
        max: 100_000_000,
        default,
    }
}

/// The search-node budget of the exact solvers (0 = none).
pub const fn max_nodes(default: i64) -> IntParam {
    IntParam {
        name: "max_nodes",
        description: prose("Give up after this many search nodes (0 = no limit)."),
        min: 0,
        max: i64::MAX,
        default,
    }
}
