//! `sudoku generate`: puzzles by level and symmetry from the core's generator, one per line in
//! batch order, on every core.

use std::io::{BufWriter, Write};

use clap::Args;
use rayon::prelude::*;
use sudoku_core::Grid;

use crate::{thread_pool, UsageError};

/// Puzzles per parallel chunk (printed in batch order, chunk by chunk).
const CHUNK: u64 = 256;

#[derive(Args)]
pub struct GenerateArgs {
    /// Side of the grid: 4, 9, 16 or 25.
    #[arg(long, default_value_t = 9)]
    size: usize,
    /// How many puzzles to make.
    #[arg(long, default_value_t = 1)]
    count: u64,
    /// Seed of the batch: the same seed gives the same puzzles, on any number of threads.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The level: easy, medium, hard, expert or extreme (as `sudoku rate` rates them); any
    /// level without it (`--difficulty`, its old name, still works).
    #[arg(long = "level", alias = "difficulty", value_name = "LEVEL")]
    difficulty: Option<String>,
    /// HoDoKu's level: easy, medium, hard, unfair or extreme (as `sudoku rate --scale hodoku`
    /// rates them); with `--level` too, both.
    #[arg(long, value_name = "LEVEL")]
    hodoku: Option<String>,
    /// Sudoku Explainer's ER, a value or a range (`8.3`, `8.0-9.0`), as `sudoku rate --scale se`
    /// rates it.
    #[arg(long, value_name = "ER")]
    er: Option<String>,
    /// Exactly this many givens: a minimal puzzle with clues of its solution added back (as game
    /// sites publish them); unique, of any level.
    #[arg(long, conflicts_with_all = ["difficulty", "hodoku", "er"])]
    givens: Option<usize>,
    /// Symmetry of the clues: none, 180, 90, mirror or diagonal.
    #[arg(long, default_value = "none")]
    symmetry: String,
    /// At 25×25, how far each puzzle is proved minimal: exact (every given left tried by the
    /// SAT test: about a minute of one core a puzzle) or logic (no given the techniques up to
    /// XY-Chain can do without: seconds, more givens). Smaller grids are always exact.
    #[arg(long, default_value = "exact")]
    minimality: String,
    /// Stop drawing after this many seconds and say how many were found.
    #[arg(long, default_value_t = 60.0)]
    max_seconds: f64,
    /// Worker threads (default: every core); puzzles stay in batch order.
    #[arg(long)]
    threads: Option<usize>,
}

pub fn run(args: GenerateArgs) -> Result<(), UsageError> {
    let GenerateArgs {
        size,
        count,
        seed,
        difficulty,
        hodoku,
        er,
        givens,
        symmetry,
        minimality,
        max_seconds,
        threads,
    } = args;
    use sudoku_core::generate::{Minimality, Settings, SettingsError};
    let mut settings = Settings::parse(size, difficulty.as_deref(), &symmetry).map_err(|e| {
        UsageError(match e {
            SettingsError::Size(_) => format!("--size: {e}"),
            SettingsError::Level(_) => format!("--level: {e}"),
            SettingsError::Symmetry(_) => format!("--symmetry: {e}"),
            SettingsError::Unreachable { .. } => format!("--level: {e} (use --level easy)"),
        })
    })?;
    settings.minimality = Minimality::from_id(&minimality).ok_or_else(|| {
        UsageError(format!(
            "--minimality: no '{minimality}': use exact or logic"
        ))
    })?;
    if max_seconds.is_nan() || max_seconds <= 0.0 {
        return Err(UsageError(
            "--max-seconds: a positive number of seconds".into(),
        ));
    }
    if let Some(givens) = givens {
        sudoku_core::generate::check_givens(settings.size, givens)
            .map_err(|e| UsageError(format!("--givens: {e}")))?;
    }
    let wanted = rated_as(hodoku.as_deref(), er.as_deref())?;
    let pool = thread_pool(threads)?;
    let (size, symmetry) = (settings.size, settings.symmetry);
    let draw = |index: u64, expired: &dyn Fn() -> bool| match givens {
        Some(givens) => sudoku_core::generate::with_givens_seeded(
            size,
            givens,
            symmetry,
            (seed, index),
            expired,
        )
        .unwrap_or(None),
        None => {
            sudoku_core::generate::generate_seeded_where(&settings, (seed, index), expired, &|p| {
                wanted.accepts(p)
            })
        }
    };
    let found = generate_all(&draw, count, max_seconds, &pool);
    if found < count {
        eprintln!(
            "sudoku: generate: found {found} of {} within {max_seconds} s (try a larger --max-seconds)",
            sudoku_core::words::count(count, "puzzle")
        );
        crate::fell_short();
    }
    Ok(())
}

/// What `--hodoku` and `--er` ask of a puzzle (its ratings on those scales), or why they cannot
/// be read.
fn rated_as(
    hodoku: Option<&str>,
    er: Option<&str>,
) -> Result<sudoku_core::generate::RatedAs, UsageError> {
    use sudoku_core::generate::{er_range, hodoku_level, RatedAs};
    Ok(RatedAs {
        hodoku: hodoku
            .map(hodoku_level)
            .transpose()
            .map_err(|e| UsageError(format!("--hodoku: {e}")))?,
        er: er
            .map(er_range)
            .transpose()
            .map_err(|e| UsageError(format!("--er: {e}")))?,
    })
}

/// Makes the puzzle of an index, or none once the deadline (`expired`) has passed.
pub type Draw<'a> = dyn Fn(u64, &dyn Fn() -> bool) -> Option<Grid> + Sync + 'a;

/// `sudoku generate`: `count` puzzles of the seeded batch (`draw` makes the one of an index, or
/// none once its `expired` says the time is up), one per line in batch order, on the pool's
/// threads; stops drawing at the deadline and says how many it found. Returns that number.
pub fn generate_all(
    draw: &Draw<'_>,
    count: u64,
    max_seconds: f64,
    pool: &rayon::ThreadPool,
) -> u64 {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::{Duration, Instant};
    let deadline = Instant::now() + Duration::from_secs_f64(max_seconds.max(0.0));
    let late = AtomicBool::new(false);
    let expired = || {
        let over = late.load(Ordering::Relaxed) || Instant::now() >= deadline;
        if over {
            late.store(true, Ordering::Relaxed);
        }
        over
    };
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut found = 0;
    let mut start = 0u64;
    while start < count && !late.load(Ordering::Relaxed) {
        let end = count.min(start + CHUNK);
        let puzzles: Vec<Option<Grid>> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map(|index| draw(index, &expired))
                .collect()
        });
        for puzzle in puzzles.into_iter().flatten() {
            found += 1;
            if writeln!(out, "{}", puzzle.to_line()).is_err() {
                return found;
            }
        }
        start = end;
    }
    let _ = out.flush();
    found
}

#[derive(Args)]
pub struct FillArgs {
    /// Side of the grid: 4, 9, 16 or 25.
    #[arg(long, default_value_t = 9)]
    size: usize,
    /// rows (the k-row pattern) or blocks (block by block from a circular list).
    #[arg(long, default_value = "rows")]
    method: String,
    /// Print this many grids, each the fill under random validity-preserving transformations
    /// (digits relabelled, rows and columns swapped inside bands and stacks, bands and stacks
    /// swapped, transposed), drawn from --seed.
    #[arg(long)]
    random: Option<u64>,
    /// Seed of the random transformations (`--random`).
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

/// `sudoku fill`: the empty grid filled by one of the paper's polynomial constructions.
pub fn fill(args: FillArgs) -> Result<(), UsageError> {
    use sudoku_core::generate::{fill, transform_seeded, Fill};
    let size = sudoku_core::Size::from_side(args.size)
        .ok_or_else(|| UsageError(format!("--size {}: use 4, 9, 16 or 25", args.size)))?;
    let method = Fill::from_id(&args.method)
        .ok_or_else(|| UsageError(format!("--method {}: use rows or blocks", args.method)))?;
    let base = fill(size, method);
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    match args.random {
        None => {
            let _ = writeln!(out, "{}", base.to_line());
        }
        Some(count) => {
            for i in 0..count {
                let grid = transform_seeded(&base, args.seed.wrapping_add(i));
                if writeln!(out, "{}", grid.to_line()).is_err() {
                    return Ok(());
                }
            }
        }
    }
    let _ = out.flush();
    Ok(())
}
