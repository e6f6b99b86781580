//! `sudoku experiment NAME`: runs a core experiment on every core (rayon) and writes its tables.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use clap::Args;
use rayon::prelude::*;
use sudoku_core::experiment::{self, Experiment, Settings};
use sudoku_core::runs::Executor;

use crate::{input, UsageError};

#[derive(Args)]
pub struct ExperimentArgs {
    /// coloring, filtering, tabu, genetic, grasp or exact (the core's list).
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(Experiment::ALL.map(Experiment::id)))]
    name: String,
    /// Base seed: every run's seed is derived from it and the run's coordinates.
    #[arg(long, default_value_t = Settings::default().seed)]
    seed: u64,
    /// Repetitions per configuration (default: the paper's — 10 colouring runs, 30 tabu
    /// successes, 100 GA attempts, 10 timing runs).
    #[arg(long)]
    runs: Option<usize>,
    /// Budget per run: constructions, iterations or generations (default: the paper's;
    /// `--max-iterations`, its old name, still works).
    #[arg(long, alias = "max-iterations")]
    budget: Option<u64>,
    /// Folder for the CSV files (one per table).
    #[arg(long, default_value = "results")]
    csv: PathBuf,
    /// How the tables are printed: md (Markdown) or tex (LaTeX floats, booktabs).
    #[arg(long, value_enum, default_value_t = crate::report::TableFormat::Md)]
    format: crate::report::TableFormat,
    /// Worker threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Use the puzzles of this file instead of the experiment's instances.
    file: Option<String>,
}

/// Runs jobs on a rayon pool and, when `progress` says so, prints progress to stderr now and then.
pub(crate) struct Parallel {
    pool: rayon::ThreadPool,
    start: Instant,
    last_report: Mutex<f64>,
    progress: bool,
}

impl Parallel {
    /// An executor on `pool`, its clock started now.
    /// Its threads.
    pub(crate) fn threads(&self) -> usize {
        self.pool.current_num_threads()
    }

    pub(crate) fn new(pool: rayon::ThreadPool, progress: bool) -> Parallel {
        Parallel {
            pool,
            start: Instant::now(),
            last_report: Mutex::new(0.0),
            progress,
        }
    }
}

impl Executor for Parallel {
    fn map<T: Sync, R: Send>(&self, items: &[T], job: &(dyn Fn(&T) -> R + Sync)) -> Vec<R> {
        let done = AtomicUsize::new(0);
        self.pool.install(|| {
            items
                .par_iter()
                .map(|item| {
                    let result = job(item);
                    let count = done.fetch_add(1, Ordering::Relaxed) + 1;
                    let now = self.seconds();
                    if !self.progress {
                        return result;
                    }
                    if let Ok(mut last) = self.last_report.try_lock() {
                        if now - *last >= 5.0 {
                            *last = now;
                            crate::note!("  {count}/{} runs, {now:.0} s", items.len());
                        }
                    }
                    result
                })
                .collect()
        })
    }

    fn seconds(&self) -> f64 {
        self.start.elapsed().as_secs_f64()
    }
}

pub fn run(args: ExperimentArgs) -> Result<(), UsageError> {
    let which = Experiment::from_id(&args.name)
        .ok_or_else(|| UsageError(format!("unknown experiment '{}'", args.name)))?;
    // Every argument checked before any work.
    if args.runs == Some(0) {
        return Err(UsageError("--runs: at least 1".into()));
    }
    if args.budget == Some(0) {
        return Err(UsageError("--budget: at least 1".into()));
    }
    if args.threads == Some(0) {
        return Err(UsageError("--threads: at least 1".into()));
    }
    let instances = match &args.file {
        None => None,
        Some(file) => {
            let text = input::read(file)?;
            let (instances, invalid) = experiment::pasted_instances(&text);
            for line in invalid {
                crate::skipped(&line);
            }
            if instances.is_empty() {
                return Err(UsageError(format!("{file}: no valid puzzle")));
            }
            Some(instances)
        }
    };
    let settings = Settings {
        seed: args.seed,
        runs: args.runs,
        budget: args.budget,
        instances,
    };
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(threads) = args.threads {
        pool = pool.num_threads(threads.max(1));
    }
    let executor = Parallel::new(
        pool.build()
            .map_err(|e| UsageError(format!("cannot start worker threads: {e}")))?,
        true,
    );
    crate::note!(
        "experiment {}: {} ({})",
        which.id(),
        which.description(),
        sudoku_core::words::count(executor.pool.current_num_threads(), "thread")
    );
    let report = experiment::run(which, &settings, &executor);
    match args.format {
        crate::report::TableFormat::Md => println!("{}", report.markdown()),
        crate::report::TableFormat::Tex => println!("{}", report.latex()),
    }
    std::fs::create_dir_all(&args.csv)
        .map_err(|e| UsageError(format!("cannot create {}: {e}", args.csv.display())))?;
    for table in &report.tables {
        let path = args.csv.join(format!("{}.csv", table.name));
        std::fs::write(&path, table.csv())
            .map_err(|e| UsageError(format!("cannot write {}: {e}", path.display())))?;
        crate::note!("wrote {}", path.display());
    }
    crate::note!("done in {:.1} s", executor.seconds());
    Ok(())
}
