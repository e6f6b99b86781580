//! `sudoku tune`: an algorithm's parameters tuned by racing (F-race, the core's
//! `study::race`) over a population of puzzles, the surviving configurations printed with
//! their statistics and every test said as it is made.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use sudoku_core::runs::Executor;
use sudoku_core::study::race::{grid, race_study, RaceSettings};
use sudoku_core::study::{Settings, Source, Study};
use sudoku_core::words::count;
use sudoku_core::{Algorithm, Configuration};

use crate::experiment::Parallel;
use crate::study::{parse_generate, read_puzzles};
use crate::{thread_pool, UsageError};

#[derive(Args)]
pub struct TuneArgs {
    /// The algorithm whose parameters are raced (an id of `sudoku list`).
    algorithm: Option<String>,
    /// A parameter's values, NAME=LOW..HIGH (--levels values evenly spaced, whole numbers for
    /// an integer) or NAME=A,B,C; every combination is a candidate (repeatable).
    #[arg(long = "param", short = 'p')]
    params: Vec<String>,
    /// Values a LOW..HIGH range gives.
    #[arg(long, default_value_t = 5)]
    levels: usize,
    /// Another candidate, ID[;NAME=VALUE…], of any algorithm (repeatable).
    #[arg(long = "config", short = 'c')]
    configs: Vec<String>,
    /// A generated population: SIZE:CLASSES:COUNT, CLASSES levels (easy,hard) or givens
    /// (25,26,29,31 or 22-40), COUNT puzzles of each.
    #[arg(long, conflicts_with = "puzzles")]
    generate: Option<String>,
    /// Symmetry of generated puzzles: none, 180, 90, mirror or diagonal.
    #[arg(long, default_value = "none")]
    symmetry: String,
    /// The population: every puzzle of this file.
    #[arg(long)]
    puzzles: Option<PathBuf>,
    /// Runs on each puzzle, each with its own seed: the instances are every puzzle with every
    /// seed, raced in a shuffled order.
    #[arg(long, default_value_t = 1)]
    seeds: usize,
    /// Budget per run (each algorithm's nodes, iterations, constructions or generations) where
    /// a candidate does not set it (default: each algorithm's own).
    #[arg(long)]
    budget: Option<u64>,
    /// Base seed of the population, the instances' order and every run.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Instances every candidate runs before the first test.
    #[arg(long, default_value_t = 5)]
    first_test: usize,
    /// Instances between tests after the first.
    #[arg(long, default_value_t = 1)]
    each_test: usize,
    /// The tests' significance level.
    #[arg(long, default_value_t = 0.05)]
    alpha: f64,
    /// The most runs the race may make, all candidates together (default: no limit but the
    /// instances).
    #[arg(long)]
    max_runs: Option<usize>,
    /// Also write the standings as data (CSV) to this file.
    #[arg(long, value_name = "FILE")]
    csv: Option<PathBuf>,
    /// How the standings are printed: md (Markdown) or tex (a LaTeX float).
    #[arg(long, value_enum, default_value_t = crate::report::TableFormat::Md)]
    format: crate::report::TableFormat,
    /// Seconds the generator may take to make the population.
    #[arg(long, default_value_t = 600.0)]
    max_seconds: f64,
    /// Worker threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
}

/// The candidates: the algorithm's grid of parameter values, then the other configurations.
fn candidates(args: &TuneArgs) -> Result<Vec<Configuration>, UsageError> {
    let mut candidates = Vec::new();
    if let Some(id) = &args.algorithm {
        let algorithm = Algorithm::parse(id).map_err(|e| UsageError(format!("ALGORITHM: {e}")))?;
        candidates = grid::candidates(algorithm, &args.params, args.levels)
            .map_err(|e| UsageError(format!("--param: {e}")))?;
    } else if !args.params.is_empty() {
        return Err(UsageError(
            "--param: name the ALGORITHM whose parameters they are".into(),
        ));
    }
    for text in &args.configs {
        let configuration = Configuration::parse(text)
            .map_err(|e| UsageError(format!("--config '{text}': {e}")))?;
        if candidates.contains(&configuration) {
            return Err(UsageError(format!(
                "--config '{text}': already a candidate"
            )));
        }
        candidates.push(configuration);
    }
    if candidates.len() < 2 {
        return Err(UsageError(format!(
            "a race needs two candidates or more, not {}: give --param NAME=LOW..HIGH or NAME=A,B (with the ALGORITHM) or --config",
            candidates.len()
        )));
    }
    Ok(candidates)
}

pub fn run(args: TuneArgs) -> Result<(), UsageError> {
    let race_settings = RaceSettings {
        first_test: args.first_test,
        each_test: args.each_test,
        alpha: args.alpha,
        max_runs: args.max_runs.unwrap_or(usize::MAX),
    };
    race_settings
        .check()
        .map_err(|e| UsageError(format!("--{}", e.replacen('_', "-", 1))))?;
    if args.max_seconds.is_nan() || args.max_seconds <= 0.0 {
        return Err(UsageError(
            "--max-seconds: a positive number of seconds".into(),
        ));
    }
    let configurations = candidates(&args)?;
    // The CSV's file is opened before any work, so a path that cannot be written is said first.
    let mut csv = match &args.csv {
        Some(path) => Some(
            std::fs::File::create(path)
                .map_err(|e| UsageError(format!("--csv {}: {e}", path.display())))?,
        ),
        None => None,
    };
    let source = match (&args.generate, &args.puzzles) {
        (Some(text), _) => parse_generate(text, &args.symmetry)?,
        (None, Some(path)) => {
            Source::Given(read_puzzles(path).map_err(|e| UsageError(format!("--puzzles {}", e.0)))?)
        }
        (None, None) => {
            return Err(UsageError(
                "no population: give --generate SIZE:CLASSES:COUNT or --puzzles FILE".into(),
            ))
        }
    };
    let settings = Settings {
        source,
        configurations,
        seeds: args.seeds,
        budget: args.budget,
        seed: args.seed,
    };
    let executor = Parallel::new(thread_pool(args.threads)?, false);
    crate::note!(
        "tune: making the population ({})…",
        count(settings.source.len(), "puzzle")
    );
    let study = Study::make(settings, &executor, args.max_seconds).map_err(UsageError)?;
    crate::note!(
        "tune: racing {} over at most {}…",
        count(study.runs.len(), "candidate"),
        count(study.population.len() * study.settings.seeds, "instance")
    );
    let start = executor.seconds();
    let race = race_study(&study, race_settings, &executor, &mut |race, test| {
        crate::note!("tune: {}, {} in the race", test.said(), race.alive().len());
    });
    crate::note!(
        "tune: {} in {:.1} s",
        count(race.runs(), "run"),
        executor.seconds() - start
    );
    let table = study.race_table(&race);
    if let (Some(file), Some(path)) = (&mut csv, &args.csv) {
        file.write_all(table.csv().as_bytes())
            .map_err(|e| UsageError(format!("--csv {}: {e}", path.display())))?;
    }
    match args.format {
        crate::report::TableFormat::Md => println!("{}", table.markdown()),
        crate::report::TableFormat::Tex => println!("{}", table.latex()),
    }
    Ok(())
}
