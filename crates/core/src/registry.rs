//! The registry: the one list of algorithms, with ids, names, families, descriptions and parameter
//! schemas, that the CLI and the page both show; and the single entry point that runs any of them.

use std::collections::BTreeMap;
use std::fmt;

use crate::domain::Filter;
use crate::grid::Grid;
use crate::solve::{Limits, Outcome, Solver};
use crate::trace::Observer;
use crate::{exact, heuristic};

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

/// The type, range and default of a parameter.
#[derive(Clone, Copy, Debug, PartialEq)]
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
}

impl ParamSpec {
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
}

impl fmt::Display for ParamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParamError::Unknown {
                algorithm,
                name,
                known,
            } => {
                write!(f, "{algorithm} has no parameter '{name}' (it has: {known})")
            }
            ParamError::Invalid {
                name,
                value,
                expected,
            } => {
                write!(f, "{name} = '{value}' is not valid: expected {expected}")
            }
        }
    }
}

impl std::error::Error for ParamError {}

/// Everything a run takes besides the puzzle: the seed (for randomised algorithms) and the parameters.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RunConfig {
    pub seed: u64,
    pub params: Params,
}

/// Every algorithm the lab runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Algorithm {
    Backtracking,
    BruteForce,
    FcMrv,
    Bitmask,
    Norvig,
    Propagation,
    Dlx,
    ColoringBfs,
    ColoringDfs,
    ColoringDsatur,
    TabuAllDiff,
    TabuAc3,
    Grasp,
    Genetic,
    Annealing,
}

const fn max_nodes(default: i64) -> ParamSpec {
    ParamSpec {
        name: "max_nodes",
        description: "Give up after this many search nodes (0 = no limit).",
        kind: ParamKind::Integer {
            min: 0,
            max: i64::MAX,
            default,
        },
    }
}

const fn integer(
    name: &'static str,
    description: &'static str,
    min: i64,
    max: i64,
    default: i64,
) -> ParamSpec {
    ParamSpec {
        name,
        description,
        kind: ParamKind::Integer { min, max, default },
    }
}

const fn real(
    name: &'static str,
    description: &'static str,
    min: f64,
    max: f64,
    default: f64,
) -> ParamSpec {
    ParamSpec {
        name,
        description,
        kind: ParamKind::Real { min, max, default },
    }
}

const MAX_ITERATIONS_10K: ParamSpec = integer(
    "max_iterations",
    "Iterations at most before giving up.",
    1,
    100_000_000,
    10_000,
);
const TABU_TENURE: ParamSpec = integer(
    "tenure",
    "Iterations a refuted or dropped cell–digit pair stays tabu.",
    0,
    1_000_000,
    10,
);
const TABU_CANDIDATES: ParamSpec = integer(
    "candidates",
    "Moves evaluated per iteration (the candidate list).",
    1,
    10_000,
    10,
);
const TABU_CONSISTENCY: ParamSpec = ParamSpec {
    name: "consistency",
    description: "alldifferent filtering: full GAC by matching (gac) or bounds consistency by Hall intervals (bounds).",
    kind: ParamKind::Choice {
        options: &["gac", "bounds"],
        default: "gac",
    },
};

impl Algorithm {
    /// The registry, in the order lists show it.
    pub const ALL: &'static [Algorithm] = &[
        Algorithm::Backtracking,
        Algorithm::BruteForce,
        Algorithm::FcMrv,
        Algorithm::Bitmask,
        Algorithm::Norvig,
        Algorithm::Propagation,
        Algorithm::Dlx,
        Algorithm::ColoringBfs,
        Algorithm::ColoringDfs,
        Algorithm::ColoringDsatur,
        Algorithm::TabuAllDiff,
        Algorithm::TabuAc3,
        Algorithm::Grasp,
        Algorithm::Genetic,
        Algorithm::Annealing,
    ];

    /// Stable id used on the command line and in URLs.
    pub fn id(self) -> &'static str {
        match self {
            Algorithm::Backtracking => "backtracking",
            Algorithm::BruteForce => "brute-force",
            Algorithm::FcMrv => "fc-mrv",
            Algorithm::Bitmask => "bitmask",
            Algorithm::Norvig => "norvig",
            Algorithm::Propagation => "propagation",
            Algorithm::Dlx => "dlx",
            Algorithm::ColoringBfs => "coloring-bfs",
            Algorithm::ColoringDfs => "coloring-dfs",
            Algorithm::ColoringDsatur => "coloring-dsatur",
            Algorithm::TabuAllDiff => "tabu-alldiff",
            Algorithm::TabuAc3 => "tabu-ac3",
            Algorithm::Grasp => "grasp",
            Algorithm::Genetic => "genetic",
            Algorithm::Annealing => "annealing",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Backtracking => "Plain backtracking",
            Algorithm::BruteForce => "Brute force (naked singles + backtracking)",
            Algorithm::FcMrv => "Forward checking + MRV",
            Algorithm::Bitmask => "Bitmask backtracking",
            Algorithm::Norvig => "Norvig constraint propagation",
            Algorithm::Propagation => {
                "Propagation engine (band words, locked candidates, singles, MRV + degree)"
            }
            Algorithm::Dlx => "Dancing links (Algorithm X)",
            Algorithm::ColoringBfs => "Graph colouring, breadth-first (CL), multi-start",
            Algorithm::ColoringDfs => "Graph colouring, depth-first (CP), multi-start",
            Algorithm::ColoringDsatur => "Graph colouring, DSATUR order, multi-start (our variant)",
            Algorithm::TabuAllDiff => "Tabu search + alldifferent filtering",
            Algorithm::TabuAc3 => "Tabu search + AC-3 filtering",
            Algorithm::Grasp => "GRASP with hill climbing",
            Algorithm::Genetic => "Genetic algorithm (box blocks, cycle crossover, elitism)",
            Algorithm::Annealing => "Simulated annealing (Lewis 2007)",
        }
    }

    pub fn family(self) -> Family {
        match self {
            Algorithm::Backtracking
            | Algorithm::BruteForce
            | Algorithm::FcMrv
            | Algorithm::Bitmask
            | Algorithm::Norvig
            | Algorithm::Propagation
            | Algorithm::Dlx => Family::Exact,
            Algorithm::ColoringBfs
            | Algorithm::ColoringDfs
            | Algorithm::ColoringDsatur
            | Algorithm::TabuAllDiff
            | Algorithm::TabuAc3
            | Algorithm::Grasp
            | Algorithm::Genetic
            | Algorithm::Annealing => Family::Heuristic,
        }
    }

    pub fn description(self) -> &'static str {
        match self {
            Algorithm::Backtracking => "Cells in reading order, digits 1..n, rule check by scanning the row, column and box.",
            Algorithm::BruteForce => "Fills every naked single first, then plain backtracking (the GA paper's brute force).",
            Algorithm::FcMrv => "Removes each placed digit from the peers' domains; branches on the smallest domain.",
            Algorithm::Bitmask => "Cell-order backtracking with row/column/box bit masks: O(1) checks.",
            Algorithm::Norvig => "Eliminate + only-place propagation to a fixpoint, search on the fewest candidates.",
            Algorithm::Propagation => "9×9: one 27-bit word per digit and band, locked candidates and hidden singles by table, naked singles, column claims; branches on the two-candidate cell with the most open neighbours. Other sizes: one bit board per digit, naked and hidden singles.",
            Algorithm::Dlx => "Knuth's Algorithm X on the 4n²-column exact-cover matrix, with dancing links.",
            Algorithm::ColoringBfs => "Colours cells in breadth-first order from an origin, each from a random pick among the first usable colours; restarts until a full colouring (Cunha, Silva & Maciel 2013).",
            Algorithm::ColoringDfs => "Colours cells in depth-first order from an origin, each from a random pick among the first usable colours; restarts until a full colouring (Cunha, Silva & Maciel 2013).",
            Algorithm::ColoringDsatur => "The colouring multi-start with one change: the next cell is the one whose neighbours use the most distinct colours (DSATUR), not the traversal order.",
            Algorithm::TabuAllDiff => "Assigns digits from alldifferent-filtered domains, filtering again after every move; tabu list, aspiration, random drops when stuck (Soto et al. 2015).",
            Algorithm::TabuAc3 => "The same tabu search with AC-3 as the filter (Soto et al.'s AC3-TS).",
            Algorithm::Grasp => "Random greedy fill from a restricted candidate list (fewest row/column repeats), then hill climbing over in-box swaps; repeated, best kept (Takano, de Freitas & de Sá).",
            Algorithm::Genetic => "Boxes as permutation blocks; tournament selection, two-point block crossover with cycle crossover, swap mutation, elitism (Miloradović & Jačović 2020).",
            Algorithm::Annealing => "Boxes as permutations, in-box swaps, cost = digits missing per row and column; geometric cooling with reheats (Lewis 2007).",
        }
    }

    /// The parameter schema, defaults included.
    pub fn params(self) -> &'static [ParamSpec] {
        const BACKTRACKING: [ParamSpec; 1] = [max_nodes(50_000_000)];
        const BITMASK: [ParamSpec; 1] = [max_nodes(500_000_000)];
        const FC_MRV: [ParamSpec; 1] = [max_nodes(20_000_000)];
        const NORVIG: [ParamSpec; 1] = [max_nodes(10_000_000)];
        const COMPLETE: [ParamSpec; 1] = [max_nodes(0)];
        const COLORING: [ParamSpec; 3] = [
            ParamSpec {
                name: "origin",
                description: "Where each construction starts: first empty cell, centre, a random cell, or the cell with the most coloured neighbours (mv).",
                kind: ParamKind::Choice {
                    options: crate::heuristic::Origin::IDS,
                    default: "first",
                },
            },
            ParamSpec {
                name: "list_size",
                description: "Restricted list: draw each colour among the first this many usable ones (the paper: 9, 7, 5, 3).",
                kind: ParamKind::Integer {
                    min: 1,
                    max: 25,
                    default: 9,
                },
            },
            ParamSpec {
                name: "max_iter",
                description: "Constructions at most before giving up.",
                kind: ParamKind::Integer {
                    min: 1,
                    max: 100_000_000,
                    default: 10_000,
                },
            },
        ];
        const TABU_ALLDIFF: [ParamSpec; 4] = [
            TABU_CONSISTENCY,
            MAX_ITERATIONS_10K,
            TABU_TENURE,
            TABU_CANDIDATES,
        ];
        const TABU_AC3: [ParamSpec; 3] = [MAX_ITERATIONS_10K, TABU_TENURE, TABU_CANDIDATES];
        const GRASP: [ParamSpec; 2] = [
            ParamSpec {
                name: "alpha",
                description: "Share of the candidates, best first, in the restricted candidate list (0 = pure greedy, 1 = pure random).",
                kind: ParamKind::Real {
                    min: 0.0,
                    max: 1.0,
                    default: 0.3,
                },
            },
            MAX_ITERATIONS_10K,
        ];
        const GENETIC: [ParamSpec; 6] = [
            integer("population", "Individuals per generation.", 2, 100_000, 200),
            integer("generations", "Generations at most before giving up.", 1, 10_000_000, 1_000),
            integer("elite", "Best individuals copied unchanged into the next generation (at most population − 1).", 0, 100_000, 120),
            real("mutation_rate", "Probability of a swap inside a block: per child (the paper) or per gene (see mutation_scope).", 0.0, 1.0, 0.5),
            ParamSpec {
                name: "mutation_scope",
                description: "child: a child gets one swap with probability mutation_rate (the paper); gene: each free gene is swapped with probability mutation_rate (our variant, try 0.1).",
                kind: ParamKind::Choice {
                    options: crate::heuristic::MutationScope::IDS,
                    default: "child",
                },
            },
            real("selection_rate", "Probability that the fitter of two drawn individuals wins the tournament.", 0.0, 1.0, 0.85),
        ];
        const ANNEALING: [ParamSpec; 3] = [
            real(
                "cooling",
                "Temperature factor after each Markov chain of (free cells)² moves.",
                0.5,
                0.999_999,
                0.99,
            ),
            integer(
                "reheat_after",
                "Chains without improvement before the temperature is reset.",
                1,
                1_000_000,
                20,
            ),
            integer(
                "max_iterations",
                "Moves at most before giving up.",
                1,
                i64::MAX,
                20_000_000,
            ),
        ];
        match self {
            Algorithm::Backtracking | Algorithm::BruteForce => &BACKTRACKING,
            Algorithm::Bitmask => &BITMASK,
            Algorithm::FcMrv => &FC_MRV,
            Algorithm::Norvig => &NORVIG,
            Algorithm::Propagation | Algorithm::Dlx => &COMPLETE,
            Algorithm::ColoringBfs | Algorithm::ColoringDfs | Algorithm::ColoringDsatur => {
                &COLORING
            }
            Algorithm::TabuAllDiff => &TABU_ALLDIFF,
            Algorithm::TabuAc3 => &TABU_AC3,
            Algorithm::Grasp => &GRASP,
            Algorithm::Genetic => &GENETIC,
            Algorithm::Annealing => &ANNEALING,
        }
    }

    pub fn from_id(id: &str) -> Option<Algorithm> {
        Algorithm::ALL.iter().copied().find(|a| a.id() == id)
    }

    /// The spec of one parameter, if the algorithm has it.
    fn find_param(self, name: &str) -> Option<&'static ParamSpec> {
        self.params().iter().find(|p| p.name == name)
    }

    /// The spec of one parameter, or an error naming the known ones.
    pub fn param(self, name: &str) -> Result<&'static ParamSpec, ParamError> {
        self.find_param(name).ok_or_else(|| ParamError::Unknown {
            algorithm: self.id(),
            name: name.to_string(),
            known: self
                .params()
                .iter()
                .map(|p| p.name)
                .collect::<Vec<_>>()
                .join(", "),
        })
    }

    /// Every parameter's value: the given ones checked, the others at their defaults.
    pub fn resolve(
        self,
        params: &Params,
    ) -> Result<BTreeMap<&'static str, ParamValue>, ParamError> {
        for (name, value) in &params.0 {
            self.param(name)?.check(value)?;
        }
        Ok(self
            .params()
            .iter()
            .map(|spec| {
                let value = params
                    .0
                    .get(spec.name)
                    .cloned()
                    .unwrap_or_else(|| spec.default_value());
                (spec.name, value)
            })
            .collect())
    }

    /// Runs the algorithm on a puzzle, reporting to `observer`.
    pub fn run<O: Observer + ?Sized>(
        self,
        puzzle: &Grid,
        config: &RunConfig,
        observer: &mut O,
    ) -> Result<Outcome, ParamError> {
        // Checked here, then read in place: no resolved copy per run (fast solvers run in µs).
        for (name, value) in &config.params.0 {
            self.param(name)?.check(value)?;
        }
        let kind = |name: &str| self.find_param(name).map(|spec| spec.kind);
        let integer = |name: &str| match (config.params.0.get(name), kind(name)) {
            (Some(ParamValue::Integer(v)), _) => *v,
            (None, Some(ParamKind::Integer { default, .. })) => default,
            _ => 0,
        };
        let real = |name: &str| match (config.params.0.get(name), kind(name)) {
            (Some(ParamValue::Real(v)), _) => *v,
            (None, Some(ParamKind::Real { default, .. })) => default,
            _ => 0.0,
        };
        let choice = |name: &str| match (config.params.0.get(name), kind(name)) {
            (Some(ParamValue::Choice(v)), _) => v.as_str(),
            (None, Some(ParamKind::Choice { default, .. })) => default,
            _ => "",
        };
        let limits = Limits::nodes(integer("max_nodes").max(0) as u64);
        let max_iterations = integer("max_iterations").max(1) as u64;
        let seed = config.seed;
        Ok(match self {
            Algorithm::Backtracking => exact::Backtracking { limits }.solve(puzzle, observer),
            Algorithm::BruteForce => exact::BruteForce { limits }.solve(puzzle, observer),
            Algorithm::FcMrv => exact::FcMrv { limits }.solve(puzzle, observer),
            Algorithm::Bitmask => exact::Bitmask { limits }.solve(puzzle, observer),
            Algorithm::Norvig => exact::Norvig { limits }.solve(puzzle, observer),
            Algorithm::Propagation => exact::Propagation { limits }.solve(puzzle, observer),
            Algorithm::Dlx => exact::Dlx { limits }.solve(puzzle, observer),
            Algorithm::ColoringBfs | Algorithm::ColoringDfs | Algorithm::ColoringDsatur => {
                heuristic::Coloring {
                    traversal: match self {
                        Algorithm::ColoringBfs => heuristic::Traversal::BreadthFirst,
                        Algorithm::ColoringDfs => heuristic::Traversal::DepthFirst,
                        _ => heuristic::Traversal::Saturation,
                    },
                    origin: heuristic::Origin::from_id(choice("origin"))
                        .unwrap_or(heuristic::Origin::First),
                    list_size: integer("list_size").max(1) as usize,
                    max_iter: integer("max_iter").max(1) as u64,
                    seed,
                }
                .solve(puzzle, observer)
            }
            Algorithm::TabuAllDiff | Algorithm::TabuAc3 => {
                let filter = match (self, choice("consistency")) {
                    (Algorithm::TabuAc3, _) => Filter::Ac3,
                    (_, "bounds") => Filter::AllDifferent,
                    _ => Filter::AllDifferentGac,
                };
                heuristic::Tabu {
                    filter,
                    max_iterations,
                    tenure: integer("tenure").max(0) as u64,
                    candidates: integer("candidates").max(1) as usize,
                    seed,
                }
                .solve(puzzle, observer)
            }
            Algorithm::Grasp => heuristic::Grasp {
                alpha: real("alpha"),
                max_iterations,
                seed,
            }
            .solve(puzzle, observer),
            Algorithm::Genetic => heuristic::Genetic {
                population: integer("population").max(2) as usize,
                generations: integer("generations").max(1) as u64,
                elite: integer("elite").max(0) as usize,
                mutation_rate: real("mutation_rate"),
                mutation_scope: heuristic::MutationScope::from_id(choice("mutation_scope"))
                    .unwrap_or(heuristic::MutationScope::Child),
                selection_rate: real("selection_rate"),
                seed,
            }
            .solve(puzzle, observer),
            Algorithm::Annealing => heuristic::Annealing {
                cooling: real("cooling"),
                reheat_after: integer("reheat_after").max(1) as u32,
                max_iterations,
                seed,
            }
            .solve(puzzle, observer),
        })
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_are_unique() {
        for &a in Algorithm::ALL {
            assert_eq!(Algorithm::from_id(a.id()), Some(a));
        }
        let mut ids: Vec<_> = Algorithm::ALL.iter().map(|a| a.id()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), Algorithm::ALL.len());
    }

    #[test]
    fn params_are_checked() {
        let a = Algorithm::Backtracking;
        assert_eq!(
            a.param("max_nodes").unwrap().parse("10"),
            Ok(ParamValue::Integer(10))
        );
        assert!(a.param("max_nodes").unwrap().parse("-1").is_err());
        assert!(a.param("max_nodes").unwrap().parse("ten").is_err());
        let err = a.param("tenure").unwrap_err();
        assert!(err.to_string().contains("max_nodes"), "{err}");
        let mut params = Params::default();
        params.set("max_nodes", ParamValue::Real(1.5));
        assert!(a.resolve(&params).is_err());
        let resolved = a.resolve(&Params::default()).unwrap();
        assert_eq!(resolved["max_nodes"], ParamValue::Integer(50_000_000));
    }
}
