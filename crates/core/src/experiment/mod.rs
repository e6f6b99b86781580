//! Experiments that re-run the papers' tables: each takes its instances and settings, runs every
//! (instance, configuration, seed) job through an [`Executor`] (the CLI's runs them on all cores,
//! [`Sequential`] runs them in order) and returns a [`Report`] of tables, printable as Markdown
//! and CSV. Runs are seeded from one base seed, so a report is reproducible.

pub mod coloring;
pub mod exact;
pub mod filtering;
pub mod genetic;
pub mod tabu;

use std::fmt::Write as _;

use crate::grid::Grid;
use crate::parse::parse_records;

/// Runs jobs and reads the clock: the driver's part of an experiment.
pub trait Executor: Sync {
    /// `job` applied to every item (possibly in parallel), results in item order.
    fn map<T: Sync, R: Send>(&self, items: &[T], job: &(dyn Fn(&T) -> R + Sync)) -> Vec<R>;

    /// Seconds on a monotonic clock (the core has no clock of its own: not every target has one).
    fn seconds(&self) -> f64;
}

/// Runs jobs one after the other; no clock (every time reads 0).
#[derive(Clone, Copy, Debug, Default)]
pub struct Sequential;

impl Executor for Sequential {
    fn map<T: Sync, R: Send>(&self, items: &[T], job: &(dyn Fn(&T) -> R + Sync)) -> Vec<R> {
        items.iter().map(job).collect()
    }

    fn seconds(&self) -> f64 {
        0.0
    }
}

/// A puzzle with the name and class an experiment groups it by.
#[derive(Clone, Debug)]
pub struct Instance {
    pub name: String,
    /// Difficulty level or givens class, as the table groups it.
    pub class: String,
    pub puzzle: Grid,
}

/// Mantere & Koljonen's benchmark set as shipped in `tests/data` (name, puzzle, givens).
pub const MANTERE_KOLJONEN: &str = include_str!("../../../../tests/data/mantere_koljonen.txt");

/// Norvig's 11 hardest puzzles as shipped in `tests/data` (one per line).
pub const NORVIG_HARDEST: &str = include_str!("../../../../tests/data/hardest.txt");

/// Norvig's hardest puzzles, named `hardest-1`… in file order, under one class.
pub fn norvig_hardest(class: &str) -> Vec<Instance> {
    parse_records(NORVIG_HARDEST)
        .into_iter()
        .filter_map(|record| record.result.ok())
        .enumerate()
        .map(|(i, puzzle)| Instance {
            name: format!("hardest-{}", i + 1),
            class: class.to_string(),
            puzzle,
        })
        .collect()
}

/// The instances of a tab-separated `name<TAB>puzzle<TAB>…` list, by name.
pub fn named_puzzles(text: &str) -> Vec<(String, Grid)> {
    parse_records(text)
        .into_iter()
        .filter_map(|record| {
            let name = text.lines().nth(record.line - 1)?.split('\t').next()?;
            Some((name.to_string(), record.result.ok()?))
        })
        .collect()
}

/// Picks instances of Mantere & Koljonen's set by name prefix, each under a class label.
pub fn mantere_koljonen(classes: &[(&str, &[&str])]) -> Vec<Instance> {
    let all = named_puzzles(MANTERE_KOLJONEN);
    let mut picked = Vec::new();
    for &(class, prefixes) in classes {
        for (name, puzzle) in &all {
            if prefixes.iter().any(|p| name.starts_with(p)) {
                picked.push(Instance {
                    name: name.clone(),
                    class: class.to_string(),
                    puzzle: puzzle.clone(),
                });
            }
        }
    }
    picked
}

/// The classes of the instances in order of first appearance, each with its members' indices.
pub fn classes(instances: &[Instance]) -> Vec<(String, Vec<usize>)> {
    let mut classes: Vec<(String, Vec<usize>)> = Vec::new();
    for (i, instance) in instances.iter().enumerate() {
        match classes
            .iter_mut()
            .find(|(class, _)| *class == instance.class)
        {
            Some((_, members)) => members.push(i),
            None => classes.push((instance.class.clone(), vec![i])),
        }
    }
    classes
}

/// The results of the jobs that satisfy `wanted` (`results[k]` belongs to `jobs[k]`), in order.
pub fn results_where<'r, J, R>(
    jobs: &[J],
    results: &'r [R],
    wanted: impl Fn(&J) -> bool,
) -> Vec<&'r R> {
    jobs.iter()
        .zip(results)
        .filter(|(job, _)| wanted(job))
        .map(|(_, result)| result)
        .collect()
}

/// A seed for one run, mixed from the base seed and the run's coordinates (SplitMix64 steps), so
/// runs are independent of the order they execute in.
pub fn run_seed(base: u64, coordinates: &[u64]) -> u64 {
    let mut state = base;
    for &c in coordinates {
        state = splitmix(state ^ splitmix(c.wrapping_add(0x9E37_79B9_7F4A_7C15)));
    }
    state
}

fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Count, minimum, mean, maximum and (population) standard deviation of a sample.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    pub count: usize,
    pub min: f64,
    pub mean: f64,
    pub max: f64,
    pub std_dev: f64,
}

impl Summary {
    pub fn of(values: &[f64]) -> Summary {
        if values.is_empty() {
            return Summary::default();
        }
        let count = values.len();
        let mean = values.iter().sum::<f64>() / count as f64;
        let variance = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / count as f64;
        Summary {
            count,
            min: values.iter().copied().fold(f64::INFINITY, f64::min),
            mean,
            max: values.iter().copied().fold(f64::NEG_INFINITY, f64::max),
            std_dev: variance.sqrt(),
        }
    }
}

/// A percentage with one decimal, e.g. "55.0".
pub fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        return "–".into();
    }
    format!("{:.1}", 100.0 * part as f64 / whole as f64)
}

/// One table of a report.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    /// File stem of its CSV (`coloring-easy` → `coloring-easy.csv`).
    pub name: String,
    pub title: String,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

impl Table {
    pub fn new(name: &str, title: &str, columns: &[&str]) -> Table {
        Table {
            name: name.into(),
            title: title.into(),
            columns: columns.iter().map(|c| c.to_string()).collect(),
            rows: Vec::new(),
        }
    }

    pub fn push(&mut self, row: Vec<String>) {
        debug_assert_eq!(row.len(), self.columns.len());
        self.rows.push(row);
    }

    /// A Markdown table under a `###` title; numeric-looking columns right-aligned.
    pub fn markdown(&self) -> String {
        let mut out = format!("### {}\n\n| {} |\n|", self.title, self.columns.join(" | "));
        for c in 0..self.columns.len() {
            let numeric = !self.rows.is_empty()
                && self.rows.iter().all(|r| {
                    let cell = r[c].trim_end_matches('%');
                    cell.parse::<f64>().is_ok() || cell == "–"
                });
            out.push_str(if numeric { "---:|" } else { "---|" });
        }
        out.push('\n');
        for row in &self.rows {
            let _ = writeln!(out, "| {} |", row.join(" | "));
        }
        out
    }

    /// RFC 4180 CSV with a header line.
    pub fn csv(&self) -> String {
        let field = |f: &str| {
            if f.contains([',', '"', '\n']) {
                format!("\"{}\"", f.replace('"', "\"\""))
            } else {
                f.to_string()
            }
        };
        let mut out = String::new();
        for row in std::iter::once(&self.columns).chain(&self.rows) {
            let line: Vec<String> = row.iter().map(|f| field(f)).collect();
            out.push_str(&line.join(","));
            out.push('\n');
        }
        out
    }
}

/// What an experiment returns: its tables, in reading order, and notes on how it was run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    pub title: String,
    pub notes: Vec<String>,
    pub tables: Vec<Table>,
}

impl Report {
    pub fn markdown(&self) -> String {
        let mut out = format!("## {}\n\n", self.title);
        for note in &self.notes {
            let _ = writeln!(out, "- {note}");
        }
        for table in &self.tables {
            out.push('\n');
            out.push_str(&table.markdown());
        }
        out
    }
}

/// The experiments `sudoku experiment NAME` runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Experiment {
    Coloring,
    Filtering,
    Tabu,
    Genetic,
    Exact,
}

impl Experiment {
    pub const ALL: [Experiment; 5] = [
        Experiment::Coloring,
        Experiment::Filtering,
        Experiment::Tabu,
        Experiment::Genetic,
        Experiment::Exact,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Experiment::Coloring => "coloring",
            Experiment::Filtering => "filtering",
            Experiment::Tabu => "tabu",
            Experiment::Genetic => "genetic",
            Experiment::Exact => "exact",
        }
    }

    pub fn from_id(id: &str) -> Option<Experiment> {
        Experiment::ALL.into_iter().find(|e| e.id() == id)
    }

    pub fn description(self) -> &'static str {
        match self {
            Experiment::Coloring => "CL/CP colouring × origins × list sizes: % of multi-start runs that solve, per level (Cunha et al. 2013, Tables 1–4)",
            Experiment::Filtering => "Domain reduction of AC-3 vs alldifferent (bounds and GAC) per instance (Soto et al. 2015)",
            Experiment::Tabu => "alldiff-TS vs AC3-TS: runs needed for 30 successes, iterations min/avg/max/sd (Soto et al. 2015)",
            Experiment::Genetic => "GA success %, average and best generation, time, by number of givens (Miloradović & Jačović 2020)",
            Experiment::Exact => "Time per puzzle of every exact solver against the metaheuristics (the GA paper's GA vs brute force)",
        }
    }
}

/// Settings shared by every experiment; each reads what applies to it.
#[derive(Clone, Debug)]
pub struct Settings {
    pub seed: u64,
    /// Repetitions per configuration (`None`: the paper's count).
    pub runs: Option<usize>,
    /// Budget per run (`None`: the paper's).
    pub max_iterations: Option<u64>,
    /// Instances to use instead of the experiment's default set (all in one class "given").
    pub instances: Option<Vec<Instance>>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            seed: 20_261_123,
            runs: None,
            max_iterations: None,
            instances: None,
        }
    }
}

/// Runs one experiment.
pub fn run<E: Executor>(experiment: Experiment, settings: &Settings, executor: &E) -> Report {
    match experiment {
        Experiment::Coloring => coloring::run(settings, executor),
        Experiment::Filtering => filtering::run(settings, executor),
        Experiment::Tabu => tabu::run(settings, executor),
        Experiment::Genetic => genetic::run(settings, executor),
        Experiment::Exact => exact::run(settings, executor),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_print_as_markdown_and_csv() {
        let mut t = Table::new("demo", "Demo", &["name", "value"]);
        t.push(vec!["a, b".into(), "1.5".into()]);
        assert_eq!(t.csv(), "name,value\n\"a, b\",1.5\n");
        assert!(t.markdown().contains("|---|---:|"), "{}", t.markdown());
    }

    #[test]
    fn the_instance_set_is_embedded_and_seeds_depend_on_coordinates() {
        let picked = mantere_koljonen(&[("easy", &["s06"]), ("expert", &["s09"])]);
        assert_eq!(picked.len(), 6);
        assert_eq!(picked[0].name, "s06a");
        assert_eq!(picked[5].class, "expert");
        assert_ne!(run_seed(1, &[0, 1]), run_seed(1, &[1, 0]));
        assert_eq!(run_seed(1, &[2, 3]), run_seed(1, &[2, 3]));
        let s = Summary::of(&[1.0, 3.0]);
        assert_eq!((s.min, s.mean, s.max, s.std_dev), (1.0, 2.0, 3.0, 1.0));
    }
}

#[cfg(test)]
mod experiment_tests {
    use super::*;

    /// Small settings: two instances, few runs, small budgets.
    fn small(instances: Vec<Instance>) -> Settings {
        Settings {
            seed: 7,
            runs: Some(2),
            max_iterations: Some(50),
            instances: Some(instances),
        }
    }

    fn easy_two() -> Vec<Instance> {
        let mut picked = mantere_koljonen(&[("easy", &["s06a", "s06b"])]);
        picked[1].class = "other".into();
        picked
    }

    #[test]
    fn every_experiment_runs_and_fills_its_tables() {
        for experiment in Experiment::ALL {
            let settings = small(easy_two());
            let report = run(experiment, &settings, &Sequential);
            assert!(!report.tables.is_empty(), "{}", experiment.id());
            for table in &report.tables {
                assert!(!table.rows.is_empty(), "{} {}", experiment.id(), table.name);
                assert!(table.rows.iter().all(|r| r.len() == table.columns.len()));
            }
            // Same seed, same report (times read 0 under Sequential).
            assert_eq!(
                report,
                run(experiment, &settings, &Sequential),
                "{}",
                experiment.id()
            );
            assert_eq!(Experiment::from_id(experiment.id()), Some(experiment));
        }
    }

    #[test]
    fn coloring_levels_get_one_table_each_and_a_summary() {
        let report = coloring::run(&small(easy_two()), &Sequential);
        let names: Vec<&str> = report.tables.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "coloring-best",
                "coloring-easy",
                "coloring-other",
                "coloring-runs"
            ]
        );
        // 3 methods × 4 origins rows per level table.
        assert_eq!(report.tables[1].rows.len(), 12);
        // s06a has 36 givens: some configuration solves it within 50 constructions.
        assert!(report.tables[1]
            .rows
            .iter()
            .flat_map(|row| &row[2..])
            .any(|cell| cell.parse::<f64>().unwrap() > 0.0));
    }

    #[test]
    fn tabu_counts_runs_until_the_wanted_successes() {
        let settings = Settings {
            runs: Some(3),
            max_iterations: Some(10_000),
            ..small(easy_two())
        };
        let report = tabu::run(&settings, &Sequential);
        for row in &report.tables[0].rows {
            // Easy puzzles: every run solves, so 3 runs give 3 successes.
            assert_eq!((row[3].as_str(), row[4].as_str()), ("3", "3"), "{row:?}");
        }
    }

    #[test]
    fn the_default_instance_sets_are_as_documented() {
        let genetic = genetic::instances();
        let mut givens: Vec<usize> = genetic.iter().map(|i| i.puzzle.given_count()).collect();
        givens.dedup();
        assert_eq!(givens, [25, 26, 29, 31]);
        assert_eq!(norvig_hardest("h").len(), 11);
        assert_eq!(mantere_koljonen(&coloring::LEVELS).len(), 12);
        let tabu = mantere_koljonen(&tabu::LEVELS);
        assert_eq!(tabu.len(), 13);
        assert_eq!(
            tabu.last().map(|i| (i.name.as_str(), i.class.as_str())),
            Some(("s16", "AI Escargot"))
        );
    }
}
