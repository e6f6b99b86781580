//! The registry: the one list of algorithms that the CLI and the page both show, and the single
//! entry point that runs any of them. Each algorithm's module declares its own [`Spec`] (id,
//! name, family, description, parameters) and a constructor from [`Args`]; the registry below
//! is one line per algorithm, and the enum, the list and the dispatch are all made from it.

mod configuration;
mod listing;

use std::collections::BTreeMap;
use std::fmt;

pub use configuration::{shown, Configuration};
pub use listing::{listing, Listing, ParamListing};

pub use crate::spec::{
    max_iterations, max_nodes, Args, ChoiceParam, Family, IntParam, ParamError, ParamKind,
    ParamRule, ParamSpec, ParamValue, Params, RealParam, RunConfig, Spec, WorkCounter,
};

use crate::grid::Grid;
use crate::pseudocode::Line;
use crate::solve::{Outcome, Solver};
use crate::trace::Observer;
use crate::{exact, heuristic, logic};

/// The registry: `Variant => its module's spec, its constructor from Args, its description in
/// plain words;`, in the order lists show them.
macro_rules! registry {
    ($($(#[$attr:meta])* $variant:ident => $spec:path, $build:path, $plain:path;)*) => {
        /// Every algorithm the lab runs.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        pub enum Algorithm {
            $($(#[$attr])* $variant,)*
        }

        impl Algorithm {
            /// The registry, in the order lists show it.
            pub const ALL: &'static [Algorithm] = &[$($(#[$attr])* Algorithm::$variant,)*];

            /// What the algorithm's module declares about it.
            pub fn spec(self) -> &'static Spec {
                match self {
                    $($(#[$attr])* Algorithm::$variant => &$spec,)*
                }
            }

            /// What the algorithm does, in plain words for a newcomer (its module's own text;
            /// [`Algorithm::description`] is the technical one). Kept out of the spec so the page's
            /// first load does not carry it: the help page and `sudoku list` show it.
            pub fn in_plain_words(self) -> &'static str {
                match self {
                    $($(#[$attr])* Algorithm::$variant => $plain,)*
                }
            }

            fn solve_with<O: Observer + ?Sized>(
                self,
                puzzle: &Grid,
                args: &Args,
                observer: &mut O,
            ) -> Outcome {
                match self {
                    $($(#[$attr])* Algorithm::$variant => $build(args).solve(puzzle, observer),)*
                }
            }
        }
    };
}

registry! {
    Backtracking => exact::backtracking::SPEC, exact::Backtracking::from_args,
        exact::backtracking::IN_PLAIN_WORDS;
    BruteForce => exact::brute_force::SPEC, exact::BruteForce::from_args,
        exact::brute_force::IN_PLAIN_WORDS;
    FcMrv => exact::fc_mrv::SPEC, exact::FcMrv::from_args,
        exact::fc_mrv::IN_PLAIN_WORDS;
    Bitmask => exact::bitmask::SPEC, exact::Bitmask::from_args,
        exact::bitmask::IN_PLAIN_WORDS;
    Norvig => exact::norvig::SPEC, exact::Norvig::from_args,
        exact::norvig::IN_PLAIN_WORDS;
    Propagation => exact::propagation::SPEC, exact::Propagation::from_args,
        exact::propagation::IN_PLAIN_WORDS;
    Dlx => exact::dlx::SPEC, exact::Dlx::from_args,
        exact::dlx::IN_PLAIN_WORDS;
    Sat => exact::sat::SPEC, exact::Sat::from_args,
        exact::sat::IN_PLAIN_WORDS;
    Portfolio => exact::portfolio::SPEC, exact::Portfolio::from_args,
        exact::portfolio::IN_PLAIN_WORDS;
    Cp => exact::cp::SPEC, exact::Cp::from_args,
        exact::cp::IN_PLAIN_WORDS;
    Ilp => exact::ilp::SPEC, exact::Ilp::from_args,
        exact::ilp::IN_PLAIN_WORDS;
    Logic => logic::SPEC, logic::Logic::from_args,
        logic::IN_PLAIN_WORDS;
    ColoringBfs => heuristic::coloring::BFS, heuristic::Coloring::bfs,
        heuristic::coloring::BFS_IN_PLAIN_WORDS;
    ColoringDfs => heuristic::coloring::DFS, heuristic::Coloring::dfs,
        heuristic::coloring::DFS_IN_PLAIN_WORDS;
    ColoringDsatur => heuristic::coloring::DSATUR, heuristic::Coloring::dsatur,
        heuristic::coloring::DSATUR_IN_PLAIN_WORDS;
    TabuAllDiff => heuristic::tabu::ALLDIFF, heuristic::Tabu::alldiff,
        heuristic::tabu::ALLDIFF_IN_PLAIN_WORDS;
    TabuAc3 => heuristic::tabu::AC3, heuristic::Tabu::ac3,
        heuristic::tabu::AC3_IN_PLAIN_WORDS;
    Grasp => heuristic::grasp::SPEC, heuristic::Grasp::from_args,
        heuristic::grasp::IN_PLAIN_WORDS;
    GraspAllDiff => heuristic::grasp::ALLDIFF, heuristic::Grasp::alldiff,
        heuristic::grasp::ALLDIFF_IN_PLAIN_WORDS;
    Genetic => heuristic::genetic::SPEC, heuristic::Genetic::from_args,
        heuristic::genetic::IN_PLAIN_WORDS;
    GeneticAllDiff => heuristic::genetic::ALLDIFF, heuristic::Genetic::alldiff,
        heuristic::genetic::ALLDIFF_IN_PLAIN_WORDS;
    Annealing => heuristic::annealing::SPEC, heuristic::Annealing::from_args,
        heuristic::annealing::IN_PLAIN_WORDS;
    AntColony => heuristic::aco::SPEC, heuristic::AntColony::from_args,
        heuristic::aco::IN_PLAIN_WORDS;
    AntColonyMulti => heuristic::aco::MULTI_SPEC, heuristic::AntColony::multi_from_args,
        heuristic::aco::MULTI_IN_PLAIN_WORDS;
}

impl Algorithm {
    /// Stable id used on the command line and in URLs.
    pub fn id(self) -> &'static str {
        self.spec().id
    }

    pub fn name(self) -> &'static str {
        self.spec().name
    }

    pub fn family(self) -> Family {
        self.spec().family
    }

    pub fn description(self) -> &'static str {
        self.spec().description
    }

    /// The parameter schema, defaults included.
    pub fn params(self) -> &'static [ParamSpec] {
        self.spec().params
    }

    /// The algorithm's pseudo-code.
    pub fn pseudocode(self) -> &'static [Line] {
        self.spec().pseudocode
    }

    /// Whether this build can run the algorithm: `ilp`, `sat` and the ant colonies need the
    /// core's features of their names (the LP engine, the SAT engine, `aco`), which the page's
    /// first-load worker leaves out, and so does `portfolio` (its second engine is `sat`);
    /// every other one always runs.
    pub fn available(self) -> bool {
        let needs_sat = matches!(self, Algorithm::Sat | Algorithm::Portfolio);
        let ant_colony = matches!(self, Algorithm::AntColony | Algorithm::AntColonyMulti);
        (self != Algorithm::Ilp || cfg!(feature = "ilp"))
            && (!needs_sat || cfg!(feature = "sat"))
            && (!ant_colony || cfg!(feature = "aco"))
            && (self != Algorithm::Logic || logic::ALL_TECHNIQUES)
    }

    pub fn from_id(id: &str) -> Option<Algorithm> {
        Algorithm::ALL.iter().copied().find(|a| a.id() == id)
    }

    /// [`Algorithm::from_id`], or the message every face gives for a name that is none of
    /// them (a near miss suggested, the choices listed).
    pub fn parse(id: &str) -> Result<Algorithm, String> {
        Algorithm::from_id(id).ok_or_else(|| {
            let ids: Vec<&str> = Algorithm::ALL.iter().map(|a| a.id()).collect();
            crate::words::unknown("algorithm", id, &ids)
        })
    }

    /// The spec of one parameter (by its name, or by an old name it had: [`ParamSpec::old_names`]),
    /// or an error naming the known ones.
    pub fn param(self, name: &str) -> Result<&'static ParamSpec, ParamError> {
        self.params()
            .iter()
            .find(|p| p.is_named(name))
            .ok_or_else(|| ParamError::Unknown {
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

    /// Reads parameter values as users type them (`--param`, a form field, a URL), each
    /// checked against the schema; the rules between them are [`Algorithm::check`]'s.
    pub fn parse_params<'a>(
        self,
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Params, ParamError> {
        let mut params = Params::default();
        for (name, text) in pairs {
            let spec = self.param(name)?;
            params.set(spec.name, spec.parse(text)?);
        }
        Ok(params)
    }

    /// Every parameter's value: the given ones checked, the others at their defaults.
    pub fn resolve(
        self,
        params: &Params,
    ) -> Result<BTreeMap<&'static str, ParamValue>, ParamError> {
        self.check(params)?;
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

    /// Checks every given parameter's name, type and range, then the rules between them.
    pub fn check(self, params: &Params) -> Result<(), ParamError> {
        for (name, value) in &params.0 {
            self.param(name)?.check(value)?;
        }
        let spec = self.spec();
        if let Some(rule) = spec.check {
            let args = Args::new(spec, params, 0);
            rule(&args).map_err(|message| ParamError::Conflict {
                algorithm: spec.id,
                message,
            })?;
        }
        Ok(())
    }

    /// Runs the algorithm on a puzzle, reporting to `observer`.
    pub fn run<O: Observer + ?Sized>(
        self,
        puzzle: &Grid,
        config: &RunConfig,
        observer: &mut O,
    ) -> Result<Outcome, ParamError> {
        if !self.available() {
            return Err(ParamError::Unavailable {
                algorithm: self.id(),
            });
        }
        // Checked here, then read in place by the typed parameters: no resolved copy per run
        // (fast solvers run in µs).
        self.check(&config.params)?;
        let args = Args::new(self.spec(), &config.params, config.seed);
        Ok(self.solve_with(puzzle, &args, observer))
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl exact::Sat {
    /// The `sat` solver as checked parameters configure it (the CLI's `reduce --to cnf` takes
    /// its encoding from them).
    pub fn from_params(params: &Params) -> Result<exact::Sat, ParamError> {
        Algorithm::Sat.check(params)?;
        Ok(exact::Sat::from_args(&Args::new(
            Algorithm::Sat.spec(),
            params,
            0,
        )))
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

    /// With the `texts` feature every algorithm has its texts for readers (descriptions and
    /// pseudo-code); without it (the page's first-load worker) they are left out, names kept.
    #[test]
    fn texts_for_readers_follow_the_feature() {
        for &a in Algorithm::ALL {
            assert!(!a.id().is_empty() && !a.name().is_empty());
            let texts = std::iter::once(a.description())
                .chain(a.params().iter().map(|p| p.description))
                .chain(a.pseudocode().iter().map(|l| l.text));
            for text in texts {
                assert_eq!(text.is_empty(), !cfg!(feature = "texts"), "{a}: {text:?}");
            }
        }
    }

    /// Every `Spec` declared in an algorithm module is in the registry (a module left out of
    /// the table would silently disappear from the CLI and the page).
    #[test]
    fn every_declared_spec_is_registered() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
        let mut declared = Vec::new();
        // Every source file below the algorithm folders (a large engine is a folder itself).
        let mut folders: Vec<std::path::PathBuf> = ["exact", "heuristic", "logic", "generate"]
            .iter()
            .map(|dir| format!("{root}/{dir}").into())
            .collect();
        let mut files = Vec::new();
        while let Some(folder) = folders.pop() {
            for entry in std::fs::read_dir(folder).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    folders.push(path);
                } else {
                    files.push(path);
                }
            }
        }
        for path in files {
            let text = std::fs::read_to_string(path).unwrap_or_default();
            for part in text.split(": Spec = Spec {").skip(1) {
                let id = part
                    .split("id: \"")
                    .nth(1)
                    .and_then(|r| r.split('"').next());
                declared.push(id.expect("a Spec names its id first").to_string());
            }
        }
        assert!(declared.len() >= Algorithm::ALL.len(), "{declared:?}");
        for id in &declared {
            assert!(
                Algorithm::from_id(id).is_some(),
                "{id} is declared but not registered"
            );
        }
    }

    /// Every algorithm runs with its defaults and with every parameter set: its constructor
    /// reads only parameters its spec declares (debug builds assert it).
    #[test]
    fn every_algorithm_reads_only_its_declared_parameters() {
        let puzzle = Grid::empty(crate::Size::FOUR);
        for &a in Algorithm::ALL {
            let mut config = RunConfig::default();
            for p in a.params() {
                config.params.set(p.name, p.default_value());
            }
            let run = a.run(&puzzle, &config, &mut crate::NullObserver);
            if a.available() {
                assert!(run.is_ok(), "{a}");
            } else {
                // A build without its engine (the core alone, without `ilp`) says so.
                assert!(matches!(run, Err(ParamError::Unavailable { .. })), "{a}");
            }
        }
    }

    /// A budget names one of the algorithm's own whole-number parameters, and every algorithm
    /// has one (a study's `max_iterations` sets it).
    #[test]
    fn every_budget_is_a_declared_whole_number() {
        for &a in Algorithm::ALL {
            let budget = a
                .spec()
                .budget
                .unwrap_or_else(|| panic!("{a} has no budget"));
            let param = a.param(budget).unwrap();
            assert!(matches!(param.kind, ParamKind::Integer { .. }), "{a}");
            // One name per unit: every heuristic's budget is `max_iterations` (its description
            // says what an iteration is), an exact search's counts nodes or conflicts.
            let expected: &[&str] = match a.family() {
                crate::spec::Family::Heuristic => &["max_iterations"],
                crate::spec::Family::Exact => &["max_nodes", "max_conflicts"],
            };
            assert!(expected.contains(&budget), "{a}: {budget}");
        }
    }

    /// An old parameter name is read as the current one by the algorithm that had it, and by
    /// no other.
    #[test]
    fn old_parameter_names_are_read_as_the_current_ones() {
        let mut renamed = 0;
        for a in Algorithm::ALL.iter().copied() {
            for spec in a.params() {
                for old in spec.old_names {
                    renamed += 1;
                    assert_eq!(a.param(old).unwrap().name, spec.name, "{a}");
                    let params = a.parse_params([(*old, "7")]).unwrap();
                    assert_eq!(
                        params.0.get(spec.name),
                        Some(&ParamValue::Integer(7)),
                        "{a}"
                    );
                }
            }
        }
        assert!(renamed >= 2);
        assert!(Algorithm::ColoringBfs.param("max_iter").is_ok());
        assert!(Algorithm::Dlx.param("max_iter").is_err());
        // The GA's generations are its iterations; a tabu search has none.
        assert_eq!(
            Algorithm::Genetic.param("generations").unwrap().name,
            "max_iterations"
        );
        assert!(Algorithm::TabuAllDiff.param("generations").is_err());
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
        let mut genetic = Params::default();
        genetic.set("population", ParamValue::Integer(10));
        genetic.set("elite", ParamValue::Integer(10));
        let conflict = Algorithm::Genetic.check(&genetic).unwrap_err();
        assert!(
            matches!(conflict, ParamError::Conflict { .. }),
            "{conflict}"
        );
        assert!(conflict
            .to_string()
            .starts_with("genetic: elite = 10 must be less than population = 10"));
        genetic.set("elite", ParamValue::Integer(9));
        assert_eq!(Algorithm::Genetic.check(&genetic), Ok(()));
        let resolved = a.resolve(&Params::default()).unwrap();
        assert_eq!(resolved["max_nodes"], ParamValue::Integer(50_000_000));
    }
}
