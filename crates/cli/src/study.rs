//! `sudoku study`: the core's study (a population, configurations, seeds, a budget) run on every
//! core, records streamed to `DIR/records.csv` and `DIR/records.jsonl` chunk by chunk, each run's
//! anytime curve (its best cost at each improvement) to `DIR/curves.csv` (the
//! checkpoint: run again with the same settings and it resumes after the last record), then the
//! summary and the pairwise comparisons written to `DIR/summary.csv` and `DIR/pairwise.csv` and
//! printed.

use std::fs;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use sudoku_core::words::count;

use clap::Args;
use sudoku_core::generate::Symmetry;
use sudoku_core::runs::Executor;
use sudoku_core::study::ert::Measures;
use sudoku_core::study::file::Partial;
use sudoku_core::study::fixed_budget::FixedBudget;
use sudoku_core::study::ranking::{ranking_csv, standings};
use sudoku_core::study::{CurvePoint, Record, Settings, Source, Study, Summary};
use sudoku_core::{parse_bytes, Configuration, Grid};

use crate::experiment::Parallel;
use crate::{input, thread_pool, UsageError};

mod file;
mod files;

use files::{export, open_records, Export};

#[derive(Args)]
pub struct StudyArgs {
    /// A study file (TOML); flags given beside it override its values.
    file: Option<PathBuf>,
    /// A generated population: SIZE:CLASSES:COUNT, CLASSES levels (easy,hard) or givens
    /// (25,26,29,31 or 22-40), COUNT puzzles of each.
    #[arg(long, conflicts_with = "puzzles")]
    generate: Option<String>,
    /// Symmetry of generated puzzles: none, 180, 90, mirror or diagonal (default: the study
    /// file's, else none).
    #[arg(long)]
    symmetry: Option<String>,
    /// The population: every puzzle of this file (grouped by its rating's level).
    #[arg(long)]
    puzzles: Option<PathBuf>,
    /// A configuration, ID[;NAME=VALUE…] (repeatable).
    #[arg(long = "config", short = 'c')]
    configs: Vec<String>,
    /// Runs of each configuration on each puzzle, each with its own seed (default: the study
    /// file's, else 1).
    #[arg(long)]
    seeds: Option<usize>,
    /// Budget per run (each algorithm's nodes, iterations, constructions or generations) where
    /// a configuration does not set it (default: the study file's, else each algorithm's own;
    /// `--max-iterations`, its old name, still works).
    #[arg(long, alias = "max-iterations")]
    budget: Option<u64>,
    /// Base seed of the generated population and of every run (default: the study file's,
    /// else 1).
    #[arg(long)]
    seed: Option<u64>,
    /// Folder for records.csv, records.jsonl, curves.csv, summary.csv, pairwise.csv and the
    /// runtime measures (ert.csv, ecdf.csv, ecdf_area.csv).
    #[arg(long, default_value = "study")]
    out: PathBuf,
    /// How the summary and comparisons are printed: md (Markdown tables and the findings in
    /// words) or tex (LaTeX floats, booktabs, for a paper).
    #[arg(long, value_enum, default_value_t = crate::report::TableFormat::Md)]
    format: crate::report::TableFormat,
    /// Also write the runs in another tool's format: `ioh` (IOHprofiler's JSON and .dat files,
    /// for IOHanalyzer and iohinspector) in OUT/ioh, or `coco` (COCO's .info and .dat files,
    /// for cocopp and IOHanalyzer) in OUT/coco.
    #[arg(long, value_enum)]
    export: Option<Export>,
    /// Seconds the generator may take to make the population.
    #[arg(long, default_value_t = 600.0)]
    max_seconds: f64,
    /// Worker threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
}

/// Jobs per chunk at most: records reach the disk after each chunk. Chunks start small and
/// double while they take under a second, so slow jobs (a heuristic that gives up after
/// seconds) still report progress and reach the disk often.
const MAX_CHUNK: usize = 2_048;

/// The settings from the file and the flags (flags win).
fn settings(args: &StudyArgs) -> Result<Settings, UsageError> {
    let mut settings = match &args.file {
        Some(path) => file::read(path)?,
        None => Partial::default(),
    };
    if let Some(text) = &args.generate {
        settings.source = Some(parse_generate(
            text,
            args.symmetry.as_deref().unwrap_or("none"),
        )?);
    } else if let Some(symmetry) = &args.symmetry {
        match &mut settings.source {
            Some(Source::Generated { symmetry: s, .. }) => {
                *s = Symmetry::from_id(symmetry).ok_or_else(|| {
                    UsageError(format!(
                        "--symmetry: no symmetry '{symmetry}': use none, 180, 90, mirror or diagonal"
                    ))
                })?
            }
            _ => return Err(UsageError("--symmetry applies to a generated population (--generate)".into())),
        }
    }
    if let Some(path) = &args.puzzles {
        let puzzles = read_puzzles(path).map_err(|e| UsageError(format!("--puzzles {}", e.0)))?;
        settings.source = Some(Source::Given(puzzles));
    }
    if !args.configs.is_empty() {
        settings.configurations = args
            .configs
            .iter()
            .map(|c| {
                Configuration::parse(c).map_err(|e| UsageError(format!("--config '{c}': {e}")))
            })
            .collect::<Result<_, _>>()?;
    }
    settings.seeds = args.seeds.or(settings.seeds);
    settings.budget = args.budget.or(settings.budget);
    settings.seed = args.seed.or(settings.seed);
    if settings.source.is_none() {
        return Err(UsageError(
            "no population: give --generate SIZE:CLASSES:COUNT, --puzzles FILE or a study file"
                .into(),
        ));
    }
    settings.settings().map_err(UsageError)
}

/// `SIZE:CLASSES:COUNT` (see [`Source::parse_generated`]).
pub(crate) fn parse_generate(text: &str, symmetry: &str) -> Result<Source, UsageError> {
    Source::parse_generated(text, symmetry).map_err(|why| {
        if why.starts_with("no symmetry") {
            UsageError(format!("--symmetry: {why}"))
        } else {
            UsageError(format!("--generate '{text}': {why}"))
        }
    })
}

/// Every puzzle of a file; a line that is not one is a usage error naming the file and line.
pub(crate) fn read_puzzles(path: &Path) -> Result<Vec<Grid>, UsageError> {
    let bytes = input::read(&path.to_string_lossy())?;
    let mut puzzles = Vec::new();
    for record in parse_bytes(&bytes) {
        match record.result {
            Ok(puzzle) => puzzles.push(puzzle),
            Err(e) => {
                return Err(UsageError(format!(
                    "{}: line {}: {e}",
                    path.display(),
                    record.line
                )))
            }
        }
    }
    Ok(puzzles)
}

/// A study holds every record (about 100 bytes a run) and its hits (64 bytes) to the end, and
/// its threads allocate and free each run's state: glibc gives each thread a heap arena of
/// its own, whose freed pages stay with it, so a million runs on two threads peaked at 259 MB
/// resident against 202 MB with one arena (same run time). One arena, before the threads start.
fn one_heap_arena() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: a malloc tuning call with a valid parameter, made before the study's threads exist.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
    }
}

pub fn run(args: StudyArgs) -> Result<(), UsageError> {
    if args.max_seconds.is_nan() || args.max_seconds <= 0.0 {
        return Err(UsageError(
            "--max-seconds: a positive number of seconds".into(),
        ));
    }
    let settings = settings(&args)?;
    // Where the records go is checked before any work: a file there, or a folder that cannot
    // be made, is said at once, not after the population is made.
    if args.out.exists() && !args.out.is_dir() {
        return Err(UsageError(format!(
            "--out {}: a file is there; the study writes a folder",
            args.out.display()
        )));
    }
    std::fs::create_dir_all(&args.out)
        .map_err(|e| UsageError(format!("--out {}: {e}", args.out.display())))?;
    one_heap_arena();
    let executor = Parallel::new(thread_pool(args.threads)?, false);
    crate::note!(
        "study: making the population ({})…",
        count(settings.source.len(), "puzzle")
    );
    let study = Study::make(settings, &executor, args.max_seconds).map_err(UsageError)?;
    let (mut records, kept, mut files) = open_records(&study, &args.out)?;
    // What the measures keep of each run (its curve goes to disk): its hits of the targets and
    // its costs in the fixed-budget histograms.
    let mut hits = vec![None; study.jobs()];
    let mut fixed_budget = FixedBudget::new(&study);
    for record in &records {
        hits[record.job] = Some(study.hits(record, &kept[record.job]));
        fixed_budget.add(&study, record, &kept[record.job], study.spent(record));
    }
    drop(kept);
    let io = |e: std::io::Error| UsageError(format!("{}: {e}", args.out.display()));
    let mut done = vec![false; study.jobs()];
    for record in &records {
        done[record.job] = true;
    }
    let todo: Vec<usize> = (0..study.jobs()).filter(|&k| !done[k]).collect();
    // Room for every record at once: a vector grown by doubling holds two copies at its last
    // step (a million records are about 100 MB).
    records.reserve_exact(todo.len());
    let total = study.jobs();
    if !records.is_empty() {
        crate::note!(
            "study: resuming: {} of {} already recorded",
            records.len(),
            count(total, "job")
        );
    }
    crate::note!(
        "study: {}; running {}…",
        count(study.population.len(), "puzzle"),
        count(todo.len(), "job")
    );
    let start = executor.seconds();
    let mut last_report = start;
    let (mut next, mut chunk) = (0, executor.threads().max(1));
    while next < todo.len() {
        let jobs = &todo[next..(next + chunk).min(todo.len())];
        let began = executor.seconds();
        let seconds = || executor.seconds();
        let fresh: Vec<(Record, Vec<CurvePoint>)> = executor.map(jobs, &|&k| {
            let puzzle = &study.population[study.job(k).puzzle].puzzle;
            study.run_job_with_curve_on(k, puzzle, &seconds)
        });
        let fresh: Vec<Record> = fresh
            .into_iter()
            .map(|(record, curve)| {
                files.write(&study, &record)?;
                files
                    .curves
                    .write_all(study.curve_rows(&record, &curve).as_bytes())?;
                hits[record.job] = Some(study.hits(&record, &curve));
                fixed_budget.add(&study, &record, &curve, study.spent(&record));
                Ok(record)
            })
            .collect::<std::io::Result<_>>()
            .map_err(io)?;
        files.flush().map_err(io)?;
        records.extend(fresh);
        next += jobs.len();
        let now = executor.seconds();
        if now - began < 1.0 {
            chunk = (chunk * 2).min(MAX_CHUNK);
        }
        if now - last_report >= 5.0 || next >= todo.len() {
            last_report = now;
            let left = (now - start) / next as f64 * (todo.len() - next) as f64;
            crate::note!(
                "study: {} / {total} jobs ({:.1} %), {:.0} s left",
                records.len(),
                100.0 * records.len() as f64 / total.max(1) as f64,
                left
            );
        }
    }
    let summary = executor
        .map(&[()], &|_| Summary::of(&study, &records))
        .pop()
        .unwrap_or_default();
    fs::write(args.out.join("summary.csv"), summary.rows_csv()).map_err(io)?;
    fs::write(args.out.join("pairwise.csv"), summary.comparisons_csv()).map_err(io)?;
    let measures = executor
        .map(&[()], &|_| Measures::of(&study, &records, &hits))
        .pop()
        .unwrap_or_default();
    fs::write(args.out.join("ert.csv"), measures.ert_csv).map_err(io)?;
    fs::write(args.out.join("ecdf.csv"), measures.ecdf_csv).map_err(io)?;
    fs::write(args.out.join("ecdf_area.csv"), measures.area_csv).map_err(io)?;
    fs::write(args.out.join("fixed_budget.csv"), fixed_budget.csv(&study)).map_err(io)?;
    let ranked = standings(&study, &records, &hits, Some(&summary));
    fs::write(args.out.join("ranking.csv"), ranking_csv(&ranked)).map_err(io)?;
    let exported = match args.export {
        Some(format) => Some((format, export(&study, &records, &args.out, format)?)),
        None => None,
    };
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    match args.format {
        crate::report::TableFormat::Md => {
            let _ = writeln!(out, "{}", summary.markdown());
            for finding in summary.findings() {
                let _ = writeln!(out, "- {finding}");
            }
        }
        crate::report::TableFormat::Tex => {
            let _ = write!(out, "{}", summary.latex());
        }
    }
    // Under LaTeX tables, the closing lines are comments: the output stays a file to \input.
    let comment = match args.format {
        crate::report::TableFormat::Md => "",
        crate::report::TableFormat::Tex => "% ",
    };
    let _ = writeln!(
        out,
        "\n{comment}{}; in {}: records.csv, records.jsonl, curves.csv, summary.csv, pairwise.csv, ranking.csv, ert.csv, ecdf.csv, ecdf_area.csv, fixed_budget.csv",
        count(total, "job"),
        args.out.display()
    );
    if let Some((format, folder)) = exported {
        let name = match format {
            Export::Ioh => "IOHprofiler's format",
            Export::Coco => "COCO's format",
        };
        let _ = writeln!(out, "{comment}{name} in {}", folder.display());
    }
    let _ = out.flush();
    Ok(())
}
