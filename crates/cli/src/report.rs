//! How the command reports: progress notes (`--quiet`), skipped input (`--strict`), exit
//! codes (1: less than asked, 2: could not start), clap's errors in the lab's style.

use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

/// A progress line or note on stderr, unless `--quiet`.
macro_rules! note {
    ($($arg:tt)*) => {
        if !$crate::report::QUIET.load(std::sync::atomic::Ordering::Relaxed) {
            eprintln!($($arg)*);
        }
    };
}
pub(crate) use note;

/// `--quiet`: progress and notes are not written.
pub(crate) static QUIET: AtomicBool = AtomicBool::new(false);

/// `--strict`: an input line that is not a puzzle makes the exit code 1.
pub(crate) static STRICT: AtomicBool = AtomicBool::new(false);

/// Says on stderr that an input was skipped (its answer in place says why too); under
/// `--strict` the run then ends with exit code 1.
pub(crate) fn skipped(what: &str) {
    eprintln!("sudoku: skipped: {what}");
    if STRICT.load(Ordering::Relaxed) {
        fell_short();
    }
}

/// `sudoku help [COMMAND…] [--help]` as `sudoku [COMMAND…] --help` (clap's help subcommand
/// refuses `--help` itself, which people type).
pub(crate) fn help_as_flag(mut args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    if args.get(1).is_some_and(|a| a == "help") {
        args.remove(1);
        args.retain(|a| a != "--help" && a != "-h");
        args.push("--help".into());
    }
    args
}

/// Set when a command did its work but not all that was asked (a generator short of its
/// count, an invalid line under `--strict`): the exit code is then 1, so a script can tell.
pub(crate) static SHORT: AtomicBool = AtomicBool::new(false);

/// Marks the run as short of what was asked (exit code 1); the command goes on.
pub(crate) fn fell_short() {
    SHORT.store(true, Ordering::Relaxed);
}

/// clap's own errors in the lab's style, `sudoku: WHAT` with clap's choices and tips (exit 2);
/// help and version as clap prints them.
pub(crate) fn clap_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
        let _ = e.print();
        return ExitCode::SUCCESS;
    }
    let text = e.render().to_string();
    let mut lines = text
        .lines()
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .filter(|l| !l.trim().is_empty());
    let first = lines.next().unwrap_or("bad arguments");
    let mut message = format!("sudoku: {}", first.strip_prefix("error: ").unwrap_or(first));
    for line in lines {
        message.push('\n');
        message.push_str(line);
    }
    eprintln!(
        "{message}\n(`sudoku help` lists the commands; `sudoku COMMAND --help` their options)"
    );
    ExitCode::from(2)
}

/// How `experiment` and `study` print their tables.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum TableFormat {
    /// Markdown tables (and, for a study, its findings in words).
    #[default]
    Md,
    /// LaTeX `table` floats with booktabs rules, for a paper.
    Tex,
}
