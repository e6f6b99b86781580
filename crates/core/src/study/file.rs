//! A study's settings as data: the one shape a study file (TOML, the CLI), Python's `Study` (JSON)
//! and the page's study worker read, each field checked with a message that names it.
//!
//! ```toml
//! seed = 1
//! seeds = 10
//! budget = 10000              # per run, where a configuration leaves it
//! configurations = ["coloring-bfs;origin=random;list_size=7", "coloring-dsatur"]
//!
//! [population]
//! size = 9
//! levels = ["easy", "hard"]    # or givens = [25, 26, 29, 31], or givens = "22-40"
//! count = 100
//! symmetry = "none"
//! # or: file = "puzzles.txt" (relative to the study file), or puzzles = ["4...3…", …]
//! ```

use serde::{Deserialize, Serialize};

use super::{Class, Settings, Source};
use crate::generate::Symmetry;
use crate::grid::Grid;
use crate::parse::read_puzzle;
use crate::registry::Configuration;
use crate::size::Size;

/// A study as its file writes it; what is missing may come from elsewhere (the CLI's flags).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StudyFile {
    /// The base seed: of the generated population and of every run (default 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Runs of each configuration on each puzzle (default 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seeds: Option<usize>,
    /// The budget per run where a configuration leaves it (default: each algorithm's own);
    /// `max_iterations`, its old name, is still read.
    #[serde(
        default,
        alias = "max_iterations",
        skip_serializing_if = "Option::is_none"
    )]
    pub budget: Option<u64>,
    /// `ID[;NAME=VALUE…]` each.
    #[serde(default)]
    pub configurations: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub population: Option<Population>,
}

/// Where a study's puzzles come from: a file, the puzzles themselves, or the generator.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Population {
    /// A puzzle file (relative to the study file).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// The puzzles, one each.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzles: Option<Vec<String>>,
    /// The generator's grid side (default 9).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<usize>,
    /// Levels to generate: a list or `"easy,hard"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub levels: Option<Classes>,
    /// Numbers of givens to generate: a list or `"22-40"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub givens: Option<Classes>,
    /// Puzzles of each class (default 10).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<usize>,
    /// `none` (default), `180`, `90`, `mirror` or `diagonal`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub symmetry: Option<String>,
}

/// A list of classes as a file may write it: `["easy", "hard"]`, `[25, 26]` or `"22-40"`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Classes {
    Numbers(Vec<usize>),
    Words(Vec<String>),
    Text(String),
}

impl Classes {
    fn text(&self) -> String {
        match self {
            Classes::Numbers(numbers) => numbers
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(","),
            Classes::Words(words) => words.join(","),
            Classes::Text(text) => text.clone(),
        }
    }
}

/// Settings read from a study file, each part possibly still missing.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Partial {
    pub source: Option<Source>,
    pub configurations: Vec<Configuration>,
    pub seeds: Option<usize>,
    pub budget: Option<u64>,
    pub seed: Option<u64>,
}

impl StudyFile {
    /// The keys a study has, as written (`max_iterations`: `budget`'s old name).
    pub const KEYS: [&'static str; 6] = [
        "seed",
        "seeds",
        "budget",
        "configurations",
        "population",
        "max_iterations",
    ];

    /// Reads every field; `read_file` reads a population's `file` (the CLI, relative to the
    /// study file; elsewhere there is none to read). Errors name the field: `population.size: …`.
    pub fn read(
        &self,
        read_file: &dyn Fn(&str) -> Result<Vec<Grid>, String>,
    ) -> Result<Partial, String> {
        let configurations = self
            .configurations
            .iter()
            .enumerate()
            .map(|(i, c)| Configuration::parse(c).map_err(|e| format!("configurations[{i}]: {e}")))
            .collect::<Result<_, _>>()?;
        let source = match &self.population {
            None => None,
            Some(population) => Some(population.source(read_file)?),
        };
        Ok(Partial {
            source,
            configurations,
            seeds: self.seeds,
            budget: self.budget,
            seed: self.seed,
        })
    }

    /// The settings, complete and checked (defaults where a field is missing).
    pub fn settings(
        &self,
        read_file: &dyn Fn(&str) -> Result<Vec<Grid>, String>,
    ) -> Result<Settings, String> {
        self.read(read_file)?.settings()
    }
}

impl Population {
    /// The keys a population has, as written.
    pub const KEYS: [&'static str; 7] = [
        "file", "puzzles", "size", "levels", "givens", "count", "symmetry",
    ];

    /// A generated population as `--generate` and the page's `generate=` write it:
    /// `SIZE:CLASSES:COUNT` (`9:easy,hard:20`, `9:22-40:10`), with its symmetry.
    pub fn generated(text: &str, symmetry: &str) -> Result<Population, String> {
        // Read once in full, so that a mistake is said as `--generate` always said it.
        Source::parse_generated(text, symmetry)?;
        let parts: Vec<&str> = text.split(':').collect();
        Ok(Population {
            size: parts[0].trim().parse().ok(),
            levels: Some(Classes::Text(parts[1].to_string())),
            count: parts[2].trim().parse().ok(),
            symmetry: Some(symmetry.to_string()),
            ..Population::default()
        })
    }

    /// The population's source, each field checked.
    pub fn source(
        &self,
        read_file: &dyn Fn(&str) -> Result<Vec<Grid>, String>,
    ) -> Result<Source, String> {
        let generator = self.size.is_some() || self.levels.is_some() || self.givens.is_some();
        match (&self.file, &self.puzzles) {
            (Some(_), Some(_)) => {
                return Err("population: give either file or puzzles".into());
            }
            (Some(_), None) | (None, Some(_)) if generator => {
                return Err(
                    "population: give either file or puzzles, or size with levels or givens".into(),
                );
            }
            (Some(file), None) => {
                return read_file(file)
                    .map(Source::Given)
                    .map_err(|e| format!("population.file: {e}"))
            }
            (None, Some(puzzles)) => {
                let grids = puzzles
                    .iter()
                    .enumerate()
                    .map(|(i, p)| {
                        read_puzzle(p).map_err(|e| format!("population.puzzles[{i}]: {e}"))
                    })
                    .collect::<Result<_, _>>()?;
                return Ok(Source::Given(grids));
            }
            (None, None) => {}
        }
        let side = self.size.unwrap_or(9);
        let size = Size::from_side(side)
            .ok_or_else(|| format!("population.size: no {side}×{side} grid: use 4, 9, 16 or 25"))?;
        let classes = match (&self.levels, &self.givens) {
            (Some(levels), None) => {
                Class::parse_list(&levels.text()).map_err(|e| format!("population.levels: {e}"))?
            }
            (None, Some(givens)) => {
                Class::parse_list(&givens.text()).map_err(|e| format!("population.givens: {e}"))?
            }
            (Some(_), Some(_)) => return Err("population: give levels or givens, not both".into()),
            (None, None) => {
                return Err("population: give levels or givens (or a file, or puzzles)".into())
            }
        };
        let symmetry = self.symmetry.as_deref().unwrap_or("none");
        let symmetry = Symmetry::from_id(symmetry).ok_or_else(|| {
            format!("population.symmetry: no symmetry '{symmetry}': use none, 180, 90, mirror or diagonal")
        })?;
        Ok(Source::Generated {
            size,
            classes,
            count: self.count.unwrap_or(10),
            symmetry,
        })
    }
}

impl Partial {
    /// The settings, with the defaults for what is missing (1 seed, base seed 1), checked.
    pub fn settings(self) -> Result<Settings, String> {
        let settings = self.unchecked()?;
        settings.check()?;
        Ok(settings)
    }

    /// The settings with their defaults, not checked as a whole (a driver that checked them once
    /// reads the parts a job needs again).
    pub fn unchecked(self) -> Result<Settings, String> {
        Ok(Settings {
            source: self
                .source
                .ok_or("population: none given (generated, a file or puzzles)")?,
            configurations: self.configurations,
            seeds: self.seeds.unwrap_or(1),
            budget: self.budget,
            seed: self.seed.unwrap_or(1),
        })
    }
}

/// The first of `keys` that `section` (`"population"`, or `""` for the study itself) does not
/// have, said in the lab's words (a near miss suggested) — for readers whose format's own
/// message would not.
pub fn unknown_key<'k>(
    section: &str,
    keys: impl IntoIterator<Item = &'k str>,
) -> Result<(), String> {
    let known: &[&str] = match section {
        "" => &StudyFile::KEYS,
        // Python's `generate={…}`: the generator's keys (its puzzles are another argument).
        "generate" => &Population::KEYS[2..],
        _ => &Population::KEYS,
    };
    match keys.into_iter().find(|k| !known.contains(k)) {
        None => Ok(()),
        Some(key) if section.is_empty() => Err(crate::words::unknown("key", key, known)),
        Some(key) => Err(format!(
            "{section}: {}",
            crate::words::unknown("key", key, known)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key lists are the shape's fields (a full study written as JSON has exactly them).
    #[test]
    fn the_key_lists_are_the_fields() {
        let full = StudyFile {
            seed: Some(1),
            seeds: Some(1),
            budget: Some(1),
            configurations: vec![],
            population: Some(Population {
                file: Some("f".into()),
                puzzles: Some(vec![]),
                size: Some(9),
                levels: Some(Classes::Text("easy".into())),
                givens: Some(Classes::Numbers(vec![25])),
                count: Some(1),
                symmetry: Some("none".into()),
            }),
        };
        let json: serde_json::Value = serde_json::to_value(&full).unwrap();
        let keys: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        // Every field, and the one old name.
        assert_eq!(keys.len() + 1, StudyFile::KEYS.len());
        assert!(unknown_key("", keys).is_ok());
        let population = json["population"].as_object().unwrap();
        assert_eq!(population.len(), Population::KEYS.len());
        assert!(unknown_key("population", population.keys().map(String::as_str)).is_ok());
        let said = unknown_key("generate", ["levels", "levles2"]).unwrap_err();
        assert!(
            said.starts_with("generate: unknown key 'levles2'"),
            "{said}"
        );
    }

    fn no_file(name: &str) -> Result<Vec<Grid>, String> {
        Err(format!("no file {name} here"))
    }

    #[test]
    fn every_way_of_giving_a_population_reads() {
        let generated: StudyFile = serde_json::from_str(
            r#"{"configurations": ["dlx"], "population": {"levels": ["easy", "hard"], "count": 3}}"#,
        )
        .unwrap();
        let settings = generated.settings(&no_file).unwrap();
        assert_eq!(settings.source.len(), 6);
        assert_eq!((settings.seeds, settings.seed), (1, 1));
        let range: StudyFile = serde_json::from_str(
            r#"{"configurations": ["dlx"], "seed": 4, "population": {"givens": "30-32", "count": 2, "symmetry": "180"}}"#,
        )
        .unwrap();
        assert_eq!(range.settings(&no_file).unwrap().source.len(), 6);
        let listed = r#"{"configurations": ["dlx"], "population": {"givens": [30, 31]}}"#;
        let listed: StudyFile = serde_json::from_str(listed).unwrap();
        assert_eq!(listed.settings(&no_file).unwrap().source.len(), 20);
        let puzzles = StudyFile {
            configurations: vec!["dlx".into()],
            population: Some(Population {
                puzzles: Some(vec!["1...........4.1.".into(), "12..............".into()]),
                ..Population::default()
            }),
            ..StudyFile::default()
        };
        assert_eq!(puzzles.settings(&no_file).unwrap().source.len(), 2);
        let file = StudyFile {
            configurations: vec!["dlx".into()],
            population: Some(Population {
                file: Some("p.txt".into()),
                ..Population::default()
            }),
            ..StudyFile::default()
        };
        let read = |name: &str| Ok(vec![Grid::empty(Size::FOUR); name.len()]);
        assert_eq!(file.settings(&read).unwrap().source.len(), 5);
        assert_eq!(
            file.settings(&no_file).unwrap_err(),
            "population.file: no file p.txt here"
        );
        // The generate text of the CLI and the page is the same population.
        let text = Population::generated("9:easy,hard:3", "none").unwrap();
        assert_eq!(
            text.source(&no_file).unwrap(),
            generated.population.unwrap().source(&no_file).unwrap()
        );
    }

    #[test]
    fn each_mistake_names_its_field() {
        let error = |json: &str| -> String {
            match serde_json::from_str::<StudyFile>(json) {
                Ok(file) => file.settings(&no_file).unwrap_err(),
                Err(e) => e.to_string(),
            }
        };
        let with = |population: &str| {
            error(&format!(
                r#"{{"configurations": ["dlx"], "population": {population}}}"#
            ))
        };
        assert!(with(r#"{"size": 7, "levels": "easy"}"#).starts_with("population.size: no 7×7"));
        assert!(with(r#"{"levels": ["insane"]}"#).starts_with("population.levels: 'insane'"));
        assert!(with(r#"{"givens": "40-30"}"#).starts_with("population.givens:"));
        assert!(with(r#"{"levels": "easy", "symmetry": "spiral"}"#)
            .starts_with("population.symmetry: no symmetry 'spiral'"));
        assert!(with(r#"{"puzzles": ["1.2"]}"#).starts_with("population.puzzles[0]:"));
        assert!(with(r#"{"file": "a", "levels": "easy"}"#).starts_with("population: give either"));
        assert!(with(r#"{"count": 3}"#).starts_with("population: give levels or givens"));
        assert!(with(r#"{"levels": "easy", "colour": 1}"#).contains("unknown field `colour`"));
        assert!(error(
            r#"{"configurations": ["dlx", "quantum"], "population": {"levels": "easy"}}"#
        )
        .starts_with("configurations[1]: unknown algorithm 'quantum'"));
        assert!(error(
            r#"{"configurations": ["dlx"], "seeds": 0, "population": {"levels": "easy"}}"#
        )
        .starts_with("seeds: must be at least 1"));
        assert!(error(r#"{"configurations": ["dlx"]}"#).starts_with("population: none given"));
    }

    #[test]
    fn the_budget_is_read_by_its_old_name_too() {
        let read = |json: &str| serde_json::from_str::<StudyFile>(json).map(|f| f.budget);
        assert_eq!(read(r#"{"budget": 40}"#).unwrap(), Some(40));
        assert_eq!(read(r#"{"max_iterations": 40}"#).unwrap(), Some(40));
        assert!(read(r#"{"budget": 40, "max_iterations": 40}"#).is_err());
        assert!(unknown_key("", ["max_iterations", "budget"]).is_ok());
    }

    #[test]
    fn the_shape_writes_as_it_reads() {
        let file = StudyFile {
            seed: Some(3),
            seeds: Some(2),
            budget: None,
            configurations: vec!["coloring-bfs;max_iterations=50".into()],
            population: Some(Population::generated("9:25,29:4", "180").unwrap()),
        };
        let json = serde_json::to_string(&file).unwrap();
        assert_eq!(serde_json::from_str::<StudyFile>(&json).unwrap(), file);
        assert!(!json.contains("null"), "{json}");
    }
}
