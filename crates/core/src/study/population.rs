//! A study's population of puzzles: given (a file's puzzles, grouped by their rating's level) or
//! made by the generator from a seed (a count per level, or per number of givens), each puzzle
//! with its rating, level and givens.

use crate::generate::{
    check_givens, generate_seeded, reachable, with_givens_seeded, Minimality, Settings, Symmetry,
};
use crate::grid::Grid;
use crate::logic::{rate, Level, Rating};
use crate::size::Size;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// How a generated population is split: by level (as `sudoku rate` rates) or by givens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub enum Class {
    Level(Level),
    Givens(usize),
}

impl Class {
    /// Reads `easy`…`extreme` or a number of givens.
    pub fn parse(text: &str) -> Option<Class> {
        let text = text.trim();
        Level::from_id(text)
            .map(Class::Level)
            .or_else(|| text.parse().ok().map(Class::Givens))
    }

    /// Reads a list: `easy,hard`, `25,26,29`, ranges of givens `22-40`.
    pub fn parse_list(text: &str) -> Result<Vec<Class>, String> {
        let mut classes = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            if let Some((from, to)) = part.split_once('-') {
                let (Ok(from), Ok(to)) = (from.trim().parse::<usize>(), to.trim().parse::<usize>())
                else {
                    return Err(format!("'{part}' is not a range of givens like 22-40"));
                };
                if from > to || to - from > 1_000 {
                    return Err(format!("'{part}' is not a range of givens like 22-40"));
                }
                classes.extend((from..=to).map(Class::Givens));
            } else {
                classes.push(Class::parse(part).ok_or_else(|| {
                    format!("'{part}' is neither a level (easy, medium, hard, expert, extreme) nor a number of givens")
                })?);
            }
        }
        if classes.is_empty() {
            return Err("no level or number of givens given".into());
        }
        Ok(classes)
    }

    /// `hard`, `25`.
    pub fn label(self) -> String {
        match self {
            Class::Level(level) => level.id().to_string(),
            Class::Givens(givens) => givens.to_string(),
        }
    }
}

/// Where the puzzles come from.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// Puzzles given, in order (grouped by their rating's level).
    Given(Vec<Grid>),
    /// `count` puzzles of each class, made by the generator from the study's seed.
    Generated {
        size: Size,
        classes: Vec<Class>,
        count: usize,
        symmetry: Symmetry,
    },
}

impl Source {
    /// Reads a generated population as the CLI's `--generate` and the page's `generate=` give
    /// it: `SIZE:CLASSES:COUNT` (`9:easy,hard:20`, `9:25,29:100`, `9:22-40:10`), with a
    /// symmetry id (`none`, `180`, `90`, `mirror`, `diagonal`).
    pub fn parse_generated(text: &str, symmetry: &str) -> Result<Source, String> {
        let parts: Vec<&str> = text.split(':').collect();
        let [size, classes, count] = parts[..] else {
            return Err("expected SIZE:CLASSES:COUNT, e.g. 9:easy,hard:20 or 9:25,29:100".into());
        };
        let side: usize = size
            .trim()
            .parse()
            .map_err(|_| format!("'{size}' is not a size"))?;
        let size = Size::from_side(side)
            .ok_or_else(|| format!("no {side}×{side} grid: use 4, 9, 16 or 25"))?;
        let classes = Class::parse_list(classes)?;
        let count = count
            .trim()
            .parse()
            .map_err(|_| format!("'{count}' is not a count"))?;
        let symmetry = Symmetry::from_id(symmetry).ok_or_else(|| {
            format!("no symmetry '{symmetry}': use none, 180, 90, mirror or diagonal")
        })?;
        Ok(Source::Generated {
            size,
            classes,
            count,
            symmetry,
        })
    }

    /// Checks that the generator can make what is asked.
    pub fn check(&self) -> Result<(), String> {
        let Source::Generated {
            size,
            classes,
            count,
            ..
        } = self
        else {
            return Ok(());
        };
        if *count == 0 {
            return Err("population: count must be at least 1".into());
        }
        for class in classes {
            match *class {
                Class::Level(level) if !reachable(*size, level) => {
                    return Err(format!(
                    "population: no {size} puzzle is {}: 4×4 puzzles never need more than singles",
                    level.id()
                ))
                }
                Class::Givens(givens) => {
                    check_givens(*size, givens).map_err(|e| format!("population: {e}"))?
                }
                Class::Level(_) => {}
            }
        }
        Ok(())
    }

    /// How many puzzles it holds.
    pub fn len(&self) -> usize {
        match self {
            Source::Given(puzzles) => puzzles.len(),
            Source::Generated { classes, count, .. } => classes.len().saturating_mul(*count),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Makes puzzle `index` (class by class, `count` each) from `seed`: `None` when the
    /// generator ran out of time (`expired`).
    pub fn make(&self, index: usize, seed: u64, expired: &dyn Fn() -> bool) -> Option<Member> {
        match self {
            Source::Given(puzzles) => Some(Member::of(puzzles.get(index)?.clone(), None)),
            Source::Generated {
                size,
                classes,
                count,
                symmetry,
            } => {
                let class = *classes.get(index / count.max(&1))?;
                let coordinates = (seed, index as u64);
                let puzzle = match class {
                    Class::Level(level) => {
                        let settings = Settings {
                            size: *size,
                            level: Some(level),
                            symmetry: *symmetry,
                            minimality: Minimality::default(),
                        };
                        generate_seeded(&settings, coordinates, expired)?
                    }
                    Class::Givens(givens) => {
                        with_givens_seeded(*size, givens, *symmetry, coordinates, expired)
                            .ok()
                            .flatten()?
                    }
                };
                Some(Member::of(puzzle, Some(class)))
            }
        }
    }
}

/// One puzzle of the population, rated.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Member {
    pub puzzle: Grid,
    /// The level its rating gives (`None`: the givens contradict each other).
    pub level: Option<Level>,
    /// Its rating as `sudoku rate` gives the number: `4.2`, `>7.0` where the techniques stop.
    pub rating: String,
    pub givens: usize,
    /// The class it was made for (`None` for a given puzzle: its group is its level).
    pub class: Option<Class>,
}

impl Member {
    /// A puzzle of the population, rated; `class` is what it was made for (`None`: given).
    pub fn of(puzzle: Grid, class: Option<Class>) -> Member {
        let rating = rate(&puzzle);
        let rating_text = match &rating {
            Rating::Solved { hardest, .. } => format!("{:.1}", hardest.difficulty()),
            Rating::Stuck { .. } => ">7.0".to_string(),
            Rating::Invalid => String::new(),
        };
        Member {
            givens: puzzle.given_count(),
            level: rating.level(),
            rating: rating_text,
            puzzle,
            class,
        }
    }

    /// The group its records are summarised in: the class it was made for, else its level.
    pub fn group(&self) -> String {
        match (self.class, self.level) {
            (Some(class), _) => class.label(),
            (None, Some(level)) => level.id().to_string(),
            (None, None) => "invalid".to_string(),
        }
    }
}
