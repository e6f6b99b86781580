//! A study file (TOML): the same settings as the flags, each checked with a message naming its
//! field.
//!
//! ```toml
//! seed = 1
//! seeds = 10
//! max_iterations = 10000
//! configurations = ["coloring-bfs;origin=random;list_size=7", "coloring-dsatur"]
//!
//! [population]
//! size = 9
//! levels = ["easy", "hard"]    # or givens = [25, 26, 29, 31], or givens = "22-40"
//! count = 100
//! symmetry = "none"
//! # or: file = "puzzles.txt" (relative to the study file)
//! ```

use std::path::Path;

use serde::Deserialize;
use sudoku_core::generate::Symmetry;
use sudoku_core::study::{Class, Source};
use sudoku_core::{Configuration, Size};

use crate::UsageError;

/// What a study file says; the flags fill in or override the rest.
#[derive(Default)]
pub struct Partial {
    pub source: Option<Source>,
    pub configurations: Vec<Configuration>,
    pub seeds: Option<usize>,
    pub max_iterations: Option<u64>,
    pub seed: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StudyFile {
    seed: Option<u64>,
    seeds: Option<usize>,
    max_iterations: Option<u64>,
    #[serde(default)]
    configurations: Vec<String>,
    population: Option<Population>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Population {
    file: Option<String>,
    size: Option<usize>,
    levels: Option<Vec<String>>,
    givens: Option<Givens>,
    count: Option<usize>,
    symmetry: Option<String>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Givens {
    List(Vec<usize>),
    Range(String),
}

/// Reads and checks a study file.
pub fn read(path: &Path) -> Result<Partial, UsageError> {
    let name = path.display();
    let bad = |field: &str, why: String| UsageError(format!("{name}: {field}: {why}"));
    let text = std::fs::read_to_string(path)
        .map_err(|e| UsageError(format!("cannot read {name}: {e}")))?;
    let file: StudyFile = toml::from_str(&text)
        .map_err(|e| UsageError(format!("{name}: {}", e.to_string().trim())))?;
    let configurations = file
        .configurations
        .iter()
        .enumerate()
        .map(|(i, c)| Configuration::parse(c).map_err(|e| bad(&format!("configurations[{i}]"), e)))
        .collect::<Result<_, _>>()?;
    let source = match file.population {
        None => None,
        Some(population) => Some(source(path, population, &bad)?),
    };
    Ok(Partial {
        source,
        configurations,
        seeds: file.seeds,
        max_iterations: file.max_iterations,
        seed: file.seed,
    })
}

fn source(
    path: &Path,
    population: Population,
    bad: &dyn Fn(&str, String) -> UsageError,
) -> Result<Source, UsageError> {
    if let Some(file) = population.file {
        if population.levels.is_some() || population.givens.is_some() || population.size.is_some() {
            return Err(bad(
                "population",
                "give either file or size with levels or givens".into(),
            ));
        }
        let full = path.parent().unwrap_or(Path::new(".")).join(file);
        return super::read_puzzles(&full);
    }
    let side = population.size.unwrap_or(9);
    let size = Size::from_side(side).ok_or_else(|| {
        bad(
            "population.size",
            format!("no {side}×{side} grid: use 4, 9, 16 or 25"),
        )
    })?;
    let classes = match (population.levels, population.givens) {
        (Some(levels), None) => {
            Class::parse_list(&levels.join(",")).map_err(|e| bad("population.levels", e))?
        }
        (None, Some(Givens::List(list))) => list.into_iter().map(Class::Givens).collect(),
        (None, Some(Givens::Range(range))) => {
            Class::parse_list(&range).map_err(|e| bad("population.givens", e))?
        }
        _ => {
            return Err(bad(
                "population",
                "give levels or givens (or a file)".into(),
            ))
        }
    };
    let symmetry = population.symmetry.unwrap_or_else(|| "none".into());
    let symmetry = Symmetry::from_id(&symmetry).ok_or_else(|| {
        bad(
            "population.symmetry",
            format!("no symmetry '{symmetry}': use none, 180, 90, mirror or diagonal"),
        )
    })?;
    Ok(Source::Generated {
        size,
        classes,
        count: population.count.unwrap_or(10),
        symmetry,
    })
}
