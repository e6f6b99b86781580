//! What the CLI tests share: the binary, a hard puzzle and its solution, running with input, a
//! scratch folder.

#![allow(dead_code)] // Each test binary uses its own part.

use assert_cmd::Command;

pub const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
pub const HARD_SOLVED: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

/// A folder of the system's temporary one for this test process (`sudoku-NAME-PID`), removed if
/// an earlier run left it; not created.
pub fn scratch_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoku-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

pub fn sudoku() -> Command {
    Command::cargo_bin("sudoku").expect("binary built")
}

pub fn stdout_of(args: &[&str], input: &str) -> (String, String, i32) {
    output_of_bytes(args, input.as_bytes().to_vec())
}

/// Runs with raw bytes on standard input.
pub fn output_of_bytes(args: &[&str], input: Vec<u8>) -> (String, String, i32) {
    let out = sudoku()
        .args(args)
        .write_stdin(input)
        .output()
        .expect("runs");
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}
