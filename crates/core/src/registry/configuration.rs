//! A configuration: an algorithm with some of its parameters set, and optionally a seed of its
//! own, written `ID[;NAME=VALUE…][;seed=N]` — as the compare page's URL, a study and the Python
//! package take it. Read once here, so every driver gives the same messages.

use std::fmt;

use super::Algorithm;
use crate::spec::{ParamValue, Params};

/// An algorithm and the parameters it runs with.
#[derive(Clone, Debug, PartialEq)]
pub struct Configuration {
    pub algorithm: Algorithm,
    /// The parameters given (checked against the algorithm's schema and rules); the others take
    /// their defaults.
    pub params: Params,
    /// The configuration's own seed, if it names one.
    pub seed: Option<u64>,
}

pub use crate::words::shown;

impl Configuration {
    /// The algorithm with its defaults.
    pub fn of(algorithm: Algorithm) -> Configuration {
        Configuration {
            algorithm,
            params: Params::default(),
            seed: None,
        }
    }

    /// Reads `ID[;NAME=VALUE…][;seed=N]`; `Err` says what is wrong and the valid choices.
    pub fn parse(text: &str) -> Result<Configuration, String> {
        let mut parts = text.split(';');
        let id = parts.next().unwrap_or_default().trim();
        let algorithm = Algorithm::parse(id)?;
        let mut configuration = Configuration::of(algorithm);
        for part in parts.filter(|p| !p.trim().is_empty()) {
            let (name, value) = part
                .split_once('=')
                .ok_or_else(|| format!("{} is not NAME=VALUE", shown(part)))?;
            let (name, value) = (name.trim(), value.trim());
            if name == "seed" {
                let seed = value
                    .parse()
                    .map_err(|_| format!("seed={} is not a whole number", shown(value)))?;
                configuration.seed = Some(seed);
                continue;
            }
            let spec = algorithm.param(name).map_err(|e| e.to_string())?;
            configuration
                .params
                .set(spec.name, spec.parse(value).map_err(|e| e.to_string())?);
        }
        algorithm
            .check(&configuration.params)
            .map_err(|e| e.to_string())?;
        Ok(configuration)
    }

    /// Sets the algorithm's budget parameter to `limit` unless the configuration set it.
    pub fn with_budget(mut self, limit: Option<u64>) -> Configuration {
        let (Some(limit), Some(budget)) = (limit, self.algorithm.spec().budget) else {
            return self;
        };
        if !self.params.0.contains_key(budget) {
            let value = i64::try_from(limit).unwrap_or(i64::MAX);
            self.params.set(budget, ParamValue::Integer(value));
        }
        self
    }
}

/// `ID[;NAME=VALUE…][;seed=N]`, parameters in the order the algorithm declares them.
impl fmt::Display for Configuration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.algorithm.id())?;
        for spec in self.algorithm.params() {
            if let Some(value) = self.params.0.get(spec.name) {
                write!(f, ";{}={value}", spec.name)?;
            }
        }
        if let Some(seed) = self.seed {
            write!(f, ";seed={seed}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn configurations_read_and_print_back() {
        let c = Configuration::parse("tabu-ac3; max_iterations=500 ;seed=3").unwrap();
        assert_eq!(c.algorithm, Algorithm::TabuAc3);
        assert_eq!(c.seed, Some(3));
        assert_eq!(c.to_string(), "tabu-ac3;max_iterations=500;seed=3");
        assert_eq!(Configuration::parse(&c.to_string()), Ok(c));
        assert_eq!(Configuration::parse("dlx").unwrap().to_string(), "dlx");
    }

    #[test]
    fn mistakes_are_named() {
        let unknown = Configuration::parse("dls").unwrap_err();
        assert!(unknown.starts_with(
            "unknown algorithm 'dls': did you mean 'dlx'? Choose one of backtracking"
        ));
        let bad = Configuration::parse("dlx;max_nodes").unwrap_err();
        assert_eq!(bad, "'max_nodes' is not NAME=VALUE");
        let range = Configuration::parse("grasp;alpha=2").unwrap_err();
        assert!(range.starts_with("alpha = '2' is not valid"), "{range}");
        let rule = Configuration::parse("genetic;population=10;elite=10").unwrap_err();
        assert!(
            rule.contains("elite = 10 must be less than population = 10"),
            "{rule}"
        );
        assert!(Configuration::parse("dlx;seed=x")
            .unwrap_err()
            .contains("seed='x'"));
    }

    #[test]
    fn a_budget_is_set_only_where_the_configuration_left_it() {
        let c = Configuration::parse("annealing")
            .unwrap()
            .with_budget(Some(77));
        assert_eq!(c.to_string(), "annealing;max_iterations=77");
        // An old name (`generations`) is read as the budget's one name.
        let c = Configuration::parse("genetic;generations=5")
            .unwrap()
            .with_budget(Some(77));
        assert_eq!(c.to_string(), "genetic;max_iterations=5");
        let c = Configuration::parse("dlx").unwrap().with_budget(None);
        assert_eq!(c.to_string(), "dlx");
    }
}
