//! `sudoku`: the scriptable face of Sudoku Lab. Line-oriented: one puzzle per input line (or one
//! block grid), one answer per output line, in order; diagnostics and statistics go to stderr.

mod bench;
mod experiment;
mod generate;
mod input;
mod logic;
mod reduce;
mod render;
mod report;
mod solve;
mod study;
mod tracefile;
mod tune;

use std::process::ExitCode;
use std::sync::atomic::Ordering;

use clap::{Args, Parser, Subcommand};
use sudoku_core::{Algorithm, ParamKind, RunConfig};

use report::{clap_error, help_as_flag, QUIET, SHORT, STRICT};
pub(crate) use report::{fell_short, note, skipped};

#[derive(Parser)]
#[command(
    name = "sudoku",
    version,
    about = "Sudoku Lab: run, count and benchmark Sudoku algorithms"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// No progress or notes on stderr (errors and `--stats` still go there).
    #[arg(long, short = 'q', global = true)]
    quiet: bool,
    /// Exit with 1 if any input line is not a puzzle (the others are still answered).
    #[arg(long, global = true)]
    strict: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Shell completions for bash, zsh, fish, elvish or powershell, on stdout (e.g.
    /// `sudoku completions bash > ~/.local/share/bash-completion/completions/sudoku`).
    Completions { shell: clap_complete::Shell },
    /// The manual page (roff) on stdout: `sudoku man > sudoku.1; man ./sudoku.1`.
    Man,
    /// List every algorithm with its family and parameters.
    List {
        /// text (aligned columns) or json (the registry as data: ids, families, budgets,
        /// parameters with their kinds, ranges and defaults).
        #[arg(long, value_enum, default_value_t = ListFormat::Text)]
        format: ListFormat,
    },
    /// Solve each puzzle of FILE (or standard input) and print one answer per puzzle, in order.
    Solve {
        #[command(flatten)]
        run: RunArgs,
        /// Print statistics per puzzle and a summary to stderr.
        #[arg(long)]
        stats: bool,
        /// Keep the run's trace in PATH (the puzzle, configuration, seed, outcome and every
        /// event; `.json` for the JSON form, `.gz` compressed): the first puzzle's, or one file
        /// per puzzle when PATH has `{line}` (its input line). `sudoku render` draws it.
        #[arg(long, value_name = "PATH")]
        trace: Option<String>,
        #[command(flatten)]
        input: PuzzleInput,
    },
    /// Count the solutions of each puzzle, up to a limit (`N+` means at least N).
    Count {
        /// Stop counting at this many solutions.
        #[arg(long, default_value_t = 2)]
        limit: u64,
        /// The counting engine: portfolio (the propagation engine, handing over to sat after
        /// 500 search nodes on 16×16 and 25×25), propagation alone (its search, every solution
        /// on the way) or sat (the CNF, each model blocked by a clause before the next).
        #[arg(long, short = 'a', value_enum, default_value_t = Counter::Portfolio)]
        algorithm: Counter,
        #[command(flatten)]
        input: PuzzleInput,
    },
    /// Filter each puzzle's domains to a fixpoint and print the domain reduction:
    /// `FILTER BEFORE AFTER REDUCTION%` (sums of domain sizes), one line per puzzle.
    Filter {
        /// ac3 (pairwise ≠, arc consistency), alldiff-bounds (alldifferent bounds consistency,
        /// Hall intervals; `alldiff`, its old name, still works) or alldiff-gac (alldifferent
        /// generalised arc consistency, Régin's matching).
        #[arg(long, value_parser = ["ac3", "alldiff-bounds", "alldiff-gac", "alldiff"])]
        filter: String,
        #[command(flatten)]
        input: PuzzleInput,
    },
    /// Measure algorithms on puzzle files: a Markdown table per algorithm and file.
    Bench {
        /// Algorithm id (repeat for several; default: every exact algorithm).
        #[arg(long = "algorithm", short = 'a')]
        algorithms: Vec<String>,
        /// Only the first N puzzles of each file (`--limit`, its old name, still works; `count
        /// --limit` is a number of solutions).
        #[arg(long = "first", alias = "limit", value_name = "N")]
        limit: Option<usize>,
        /// Node budget per puzzle for every algorithm (0 = none; default: each algorithm's own).
        #[arg(long)]
        max_nodes: Option<u64>,
        /// Each algorithm's own budget per puzzle, whatever it counts (`sudoku list` names it:
        /// nodes, iterations, generations, conflicts).
        #[arg(long, conflicts_with = "max_nodes")]
        budget: Option<u64>,
        /// Time each set this many times and report the fastest pass (short sets vary a lot
        /// from one pass to the next; the answers are the same every pass).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
        runs: u32,
        /// Time the solver alone on puzzles read beforehand (default: from each puzzle's text
        /// line to its verified answer line, as other solvers' harnesses measure).
        #[arg(long)]
        solver_only: bool,
        /// Puzzle files.
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Rate each puzzle by the hardest human technique it needs, one line per puzzle:
    /// `LEVEL RATING TECHNIQUE` (e.g. `hard 4.2 xy-wing`), or `not unique`, `no solution`,
    /// `invalid: …`. Levels: easy (singles and direct steps), medium (locked candidates, pairs),
    /// hard (triples, quads, fish, single-digit patterns, wings), expert (chains, AIC, forcing
    /// chains), extreme (dynamic and nested forcing chains). `--scale se`: Sudoku Explainer's
    /// `ER/EP/ED TECHNIQUE` (e.g. `7.1/1.2/1.2 nice-loop`); `--scale hodoku`: HoDoKu's
    /// `LEVEL SCORE TECHNIQUE` (e.g. `hard 1362 hidden-pair`); `--format csv`: every scale, one
    /// row per puzzle.
    Rate {
        #[command(flatten)]
        input: PuzzleInput,
        /// The scale of a line: lab (level, rating, technique), se (Sudoku Explainer's ER/EP/ED)
        /// or hodoku (HoDoKu's level and score)
        #[arg(long, value_enum, default_value = "lab")]
        scale: logic::ScaleArg,
        /// lines (one verdict per puzzle) or csv (a header, then line, puzzle, the lab's level,
        /// rating and technique, SE's ER, EP, ED and technique, HoDoKu's level, score and
        /// technique)
        #[arg(long, value_enum, default_value = "lines")]
        format: logic::RateFormat,
    },
    /// Generate puzzles, one per line: each with a unique solution, minimal under its symmetry
    /// (no clue, or symmetric set of clues, can go), at a level when asked. The same seed gives
    /// the same puzzles, on any number of threads.
    Generate(generate::GenerateArgs),
    /// Fill the empty grid with one of the two polynomial constructions (no search): the k-row
    /// pattern or block by block from a circular list; `--random C` prints C transformed grids.
    Fill(generate::FillArgs),
    /// The human-style solver's steps in words, one per line, for each puzzle.
    Explain {
        #[command(flatten)]
        input: PuzzleInput,
    },
    /// Reductions. Latin square completion as Sudoku: each partial Latin square (a line of k²
    /// symbols, k = 2..5, `.` empty) becomes the Sudoku of side k² whose completions are its
    /// completions; `--back` reads solved Sudokus of that reduction back as completed squares.
    /// `--to cnf`: each Sudoku as SAT, in DIMACS (the `sat` algorithm's formula, `-p
    /// encoding=…`, `-p at_most_one=…`), for any SAT solver.
    Reduce {
        /// Read solved Sudokus (e.g. `sudoku solve`'s answers) and print the squares.
        #[arg(long)]
        back: bool,
        /// What to reduce to: sudoku (from Latin squares) or cnf (from Sudokus).
        #[arg(long, value_enum, default_value_t = ReduceTo::Sudoku)]
        to: ReduceTo,
        /// With `--to cnf`: a parameter of the `sat` algorithm's encoding, NAME=VALUE
        /// (encoding=extended|minimal, at_most_one=pairwise|sequential).
        #[arg(long = "param", short = 'p')]
        params: Vec<String>,
        /// With `--to cnf`: write each puzzle's formula to DIR/LINE.cnf (LINE: its line number)
        /// and print the file's path, one line per puzzle; without it, every formula goes to
        /// standard output, one after the other.
        #[arg(long, value_name = "DIR")]
        out: Option<String>,
        /// 25×25 letters that fit both writings (`--to cnf`): a-y (A–Y for 1–25) or alnum.
        #[arg(long, value_enum, default_value_t = Letters::AY)]
        symbols: Letters,
        /// Input file; `-` or nothing reads standard input.
        file: Option<String>,
    },
    /// Draw a recorded run (a trace file of `solve --trace`): the board or graph at a step as
    /// SVG or PNG, or the run as a looping GIF.
    Render(render::RenderArgs),
    /// Re-run a paper's table on all cores: Markdown tables on stdout, one CSV per table.
    Experiment(experiment::ExperimentArgs),
    /// Compares configurations over a population of puzzles: records, success rates with
    /// intervals, pairwise tests (a study file in TOML, or flags).
    Study(study::StudyArgs),
    /// Tunes an algorithm's parameters by racing (F-race: Friedman's test drops the worse
    /// candidates as puzzles come in) and prints the survivors with their statistics.
    Tune(tune::TuneArgs),
}

/// Where a line-oriented command reads its puzzles, how it reads 25×25 letters, and on how many
/// threads it answers them (in input order whatever the count).
#[derive(Args)]
struct PuzzleInput {
    /// Worker threads (default: every core); answers stay in input order.
    #[arg(long)]
    threads: Option<usize>,
    /// 25×25 letters that fit both writings: a-y (A–Y for 1–25) or alnum (1–9, then A–P).
    #[arg(long, value_enum, default_value_t = Letters::AY)]
    symbols: Letters,
    /// Puzzle file; `-` or nothing reads standard input.
    file: Option<String>,
}

impl PuzzleInput {
    /// The input opened and the pool started, every argument checked first.
    fn open(&self) -> Result<(input::Input, rayon::ThreadPool), UsageError> {
        let pool = thread_pool(self.threads)?;
        Ok((
            input::Input::open(self.file.as_deref(), self.symbols.into())?,
            pool,
        ))
    }
}

/// What selects and configures a run.
#[derive(Args)]
struct RunArgs {
    /// Algorithm id (see `sudoku list`); the default answers every size fast (the propagation
    /// engine, then SAT on large grids).
    #[arg(long, short = 'a', default_value = "portfolio")]
    algorithm: String,
    /// Seed for randomised algorithms (runs are reproducible).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Give up after this many search nodes (0 = no limit); same as `--param max_nodes=N`.
    #[arg(long)]
    max_nodes: Option<u64>,
    /// The algorithm's own budget, whatever it counts (nodes, iterations, generations,
    /// conflicts: `sudoku list` names it); same as `--param NAME=N` with that name.
    #[arg(long, conflicts_with = "max_nodes")]
    budget: Option<u64>,
    /// Algorithm parameter as NAME=VALUE (repeatable; old names still read: the colourings'
    /// max_iter and the GA's generations are their max_iterations).
    #[arg(long = "param", short = 'p')]
    params: Vec<String>,
}

/// `--max-nodes` and `--budget` on `params`, as `solve` and `bench` take them.
fn set_budgets(
    algorithm: Algorithm,
    params: &mut sudoku_core::Params,
    max_nodes: Option<u64>,
    budget: Option<u64>,
) -> Result<(), UsageError> {
    if let Some(max) = max_nodes {
        set_budget(algorithm, params, "--max-nodes", Some("max_nodes"), max)?;
    }
    if let Some(budget) = budget {
        set_budget(algorithm, params, "--budget", None, budget)?;
    }
    Ok(())
}

/// Sets a budget flag's value on `params`: the parameter `name`, or the algorithm's own budget
/// parameter when `None`; an algorithm without it is a usage error under the flag's name.
fn set_budget(
    algorithm: Algorithm,
    params: &mut sudoku_core::Params,
    flag: &str,
    name: Option<&str>,
    value: u64,
) -> Result<(), UsageError> {
    let at = |e: sudoku_core::ParamError| UsageError(format!("{flag}: {e}"));
    let name = match name.or(algorithm.spec().budget) {
        Some(name) => name,
        None => return Err(UsageError(format!("{flag}: {algorithm} has no budget"))),
    };
    let spec = algorithm.param(name).map_err(at)?;
    params.set(spec.name, spec.parse(&value.to_string()).map_err(at)?);
    Ok(())
}

/// `--param NAME=VALUE` arguments as (name, value) pairs, for the registry to check.
pub(crate) fn param_assignments(params: &[String]) -> Result<Vec<(&str, &str)>, UsageError> {
    params
        .iter()
        .map(|assignment| {
            let (name, value) = assignment.split_once('=').ok_or_else(|| {
                UsageError(format!("--param '{assignment}': expected NAME=VALUE"))
            })?;
            Ok((name.trim(), value))
        })
        .collect()
}

/// A usage error: printed, exit code 2.
struct UsageError(String);

fn parse_algorithm(id: &str) -> Result<Algorithm, UsageError> {
    Algorithm::parse(id).map_err(|message| UsageError(format!("-a: {message}")))
}

impl RunArgs {
    fn resolve(&self) -> Result<(Algorithm, RunConfig), UsageError> {
        let algorithm = parse_algorithm(&self.algorithm)?;
        let mut params = algorithm
            .parse_params(param_assignments(&self.params)?)
            .map_err(|e| UsageError(format!("--param: {e}")))?;
        set_budgets(algorithm, &mut params, self.max_nodes, self.budget)?;
        // The rules between parameters (e.g. the GA's elite below its population).
        algorithm
            .check(&params)
            .map_err(|e| UsageError(format!("--param: {e}")))?;
        Ok((
            algorithm,
            RunConfig {
                seed: self.seed,
                params,
            },
        ))
    }
}

/// How `sudoku list` writes the registry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum ListFormat {
    Text,
    Json,
}

fn list(format: ListFormat) {
    if format == ListFormat::Json {
        println!(
            "{}",
            serde_json::to_string_pretty(&sudoku_core::registry::listing()).expect("plain data")
        );
        return;
    }
    // Columns as wide as their longest entry, so long ids stay aligned.
    let id_width = Algorithm::ALL
        .iter()
        .map(|a| a.id().len())
        .max()
        .unwrap_or(0)
        + 2;
    let indent = " ".repeat(id_width + 11);
    for &a in Algorithm::ALL {
        let family = a.family().to_string();
        println!("{:<id_width$}{family:<11}{}", a.id(), a.name());
        println!("{indent}{}", a.description());
        println!("{indent}In plain words: {}", a.in_plain_words());
        for p in a.params() {
            let default = match p.kind {
                ParamKind::Integer { default, .. } => default.to_string(),
                ParamKind::Real { default, .. } => default.to_string(),
                ParamKind::Choice { default, .. } => default.to_string(),
            };
            println!(
                "{indent}--param {}={} ({}) {}",
                p.name,
                default,
                p.expected(),
                p.description
            );
        }
    }
}

/// What `sudoku count` counts with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Counter {
    Portfolio,
    Propagation,
    Sat,
}

/// What `sudoku reduce` reduces to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum ReduceTo {
    /// Latin squares to Sudoku.
    Sudoku,
    /// Sudoku to SAT (DIMACS CNF).
    Cnf,
}

/// How 25×25 letters that fit both writings are read (`--symbols`).
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum Letters {
    /// A–Y for 1–25.
    #[value(name = "a-y")]
    AY,
    /// 1–9, then A–P for 10–25.
    Alnum,
}

impl From<Letters> for sudoku_core::Letters25 {
    fn from(letters: Letters) -> Self {
        match letters {
            Letters::AY => sudoku_core::Letters25::AToY,
            Letters::Alnum => sudoku_core::Letters25::Alnum,
        }
    }
}

/// The threads a batch runs on: `threads`, or one per core.
pub(crate) fn thread_pool(threads: Option<usize>) -> Result<rayon::ThreadPool, UsageError> {
    if threads == Some(0) {
        return Err(UsageError("--threads: at least 1".into()));
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| UsageError(format!("cannot start the threads: {e}")))
}

fn run(cli: Cli) -> Result<(), UsageError> {
    QUIET.store(cli.quiet, Ordering::Relaxed);
    STRICT.store(cli.strict, Ordering::Relaxed);
    match cli.command {
        Command::Completions { shell } => {
            use clap::CommandFactory;
            let mut command = Cli::command();
            clap_complete::generate(shell, &mut command, "sudoku", &mut std::io::stdout());
            Ok(())
        }
        Command::Man => {
            use clap::CommandFactory;
            clap_mangen::Man::new(Cli::command())
                .render(&mut std::io::stdout())
                .map_err(|e| UsageError(format!("man: {e}")))
        }
        Command::List { format } => {
            list(format);
            Ok(())
        }
        Command::Solve {
            run,
            stats,
            trace,
            input,
        } => {
            let (algorithm, config) = run.resolve()?;
            let (mut input, pool) = input.open()?;
            let trace = trace.map(tracefile::TracePath);
            solve::solve(&mut input, algorithm, &config, stats, trace.as_ref(), &pool)
        }
        Command::Count {
            limit,
            algorithm,
            input,
        } => {
            if limit == 0 {
                return Err(UsageError("--limit: at least 1".into()));
            }
            let (mut input, pool) = input.open()?;
            solve::count(&mut input, limit, algorithm, &pool)
        }
        Command::Rate {
            input,
            scale,
            format,
        } => {
            let (mut input, pool) = input.open()?;
            match format {
                logic::RateFormat::Lines => logic::rate_all(&mut input, &pool, scale.into()),
                logic::RateFormat::Csv => logic::rate_csv(&mut input, &pool),
            }
        }
        Command::Generate(args) => generate::run(args),
        Command::Fill(args) => generate::fill(args),
        Command::Render(args) => render::render(&args),
        Command::Reduce {
            back,
            to,
            params,
            out,
            symbols,
            file,
        } => {
            if to == ReduceTo::Cnf {
                if back {
                    return Err(UsageError(
                        "--back reads Latin-square reductions; a model of the CNF is read back by `sudoku solve -a sat`".into(),
                    ));
                }
                let mut input = input::Input::open(file.as_deref(), symbols.into())?;
                return reduce::to_cnf(&mut input, &params, out.as_deref());
            }
            if !params.is_empty() || out.is_some() {
                return Err(UsageError("--param and --out go with --to cnf".into()));
            }
            if back {
                reduce::back(file.as_deref(), &thread_pool(None)?)
            } else {
                reduce::forward(file.as_deref())
            }
        }
        Command::Explain { input } => {
            let (mut input, pool) = input.open()?;
            logic::explain_all(&mut input, &pool)
        }
        Command::Filter { filter, input } => {
            let which = sudoku_core::domain::Filter::from_id(&filter)
                .ok_or_else(|| UsageError(format!("unknown filter '{filter}'")))?;
            let (mut input, pool) = input.open()?;
            solve::filter(&mut input, which, &pool)
        }
        Command::Bench {
            algorithms,
            limit,
            max_nodes,
            budget,
            runs,
            solver_only,
            files,
        } => {
            let algorithms = if algorithms.is_empty() {
                Algorithm::ALL
                    .iter()
                    .copied()
                    .filter(|a| a.family() == sudoku_core::Family::Exact)
                    .collect()
            } else {
                algorithms
                    .iter()
                    .map(|id| parse_algorithm(id))
                    .collect::<Result<Vec<_>, _>>()?
            };
            // Each algorithm's configuration, its budget set and checked before any work (a node
            // budget only means something to the algorithms that count nodes).
            let mut runs_of = Vec::new();
            for &algorithm in &algorithms {
                let mut params = sudoku_core::Params::default();
                set_budgets(algorithm, &mut params, max_nodes, budget)?;
                runs_of.push((algorithm, RunConfig { seed: 0, params }));
            }
            let mut sets = Vec::new();
            for file in &files {
                sets.push((file.clone(), input::read(file)?));
            }
            let timed = if solver_only {
                bench::Timed::SolverOnly
            } else {
                bench::Timed::TextToAnswer
            };
            bench::bench(&runs_of, &sets, limit, runs, timed);
            Ok(())
        }
        Command::Experiment(args) => experiment::run(args),
        Command::Study(args) => study::run(args),
        Command::Tune(args) => tune::run(args),
    }
}

/// A reader that stops early (`sudoku list | head -1`) ends the command quietly, as it does for
/// every other Unix tool: the default action of SIGPIPE, which Rust programs ignore otherwise
/// (and then fail on the next write).
fn quiet_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: restoring a signal's default disposition at start-up, before any thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    let cli = match Cli::try_parse_from(help_as_flag(std::env::args_os().collect())) {
        Ok(cli) => cli,
        Err(e) => return clap_error(e),
    };
    match run(cli) {
        Ok(()) if SHORT.load(Ordering::Relaxed) => ExitCode::from(1),
        Ok(()) => ExitCode::SUCCESS,
        Err(UsageError(message)) => {
            eprintln!("sudoku: {message}");
            ExitCode::from(2)
        }
    }
}
