//! One message style and exit codes a script can trust: `sudoku: WHERE: WHAT` on stderr, said
//! once, with the choices and a near miss suggested; counts and durations in good English;
//! exit 1 when a command did less than asked, 2 when it could not start.

mod common;

use common::{stdout_of, HARD};

#[test]
fn a_mistyped_algorithm_or_parameter_is_suggested() {
    let (_, err, code) = stdout_of(&["solve", "-a", "DLX"], HARD);
    assert_eq!(code, 2);
    assert!(
        err.starts_with(
            "sudoku: -a: unknown algorithm 'DLX': did you mean 'dlx'? Choose one of backtracking"
        ),
        "{err}"
    );
    let (_, err, code) = stdout_of(&["solve", "-a", "dlx", "-p", "max_node=3"], HARD);
    assert_eq!(code, 2);
    assert!(
        err.starts_with(
            "sudoku: --param: dlx has no parameter 'max_node': did you mean 'max_nodes'?"
        ),
        "{err}"
    );
    let (_, err, _) = stdout_of(&["solve", "-a", "quantum"], HARD);
    assert!(!err.contains("did you mean"), "{err}");
}

#[test]
fn clap_errors_speak_the_labs_style() {
    let (_, err, code) = stdout_of(&["solv"], "");
    assert_eq!(code, 2);
    assert!(
        err.starts_with("sudoku: unrecognized subcommand 'solv'"),
        "{err}"
    );
    assert!(err.contains("'solve'"), "{err}");
    assert!(
        !err.contains("error:") && !err.contains("For more information"),
        "{err}"
    );
    let (_, err, code) = stdout_of(&["experiment", "list"], "");
    assert_eq!(code, 2);
    assert!(err.starts_with("sudoku: invalid value 'list'"), "{err}");
    assert!(err.contains("coloring, filtering"), "{err}");
}

#[test]
fn help_is_help_however_it_is_asked() {
    for args in [
        &["help", "--help"][..],
        &["help"],
        &["--help"],
        &["help", "solve"],
    ] {
        let (out, err, code) = stdout_of(args, "");
        assert_eq!(code, 0, "{args:?}: {err}");
        assert!(out.contains("Usage: sudoku"), "{args:?}: {out}");
    }
}

#[test]
fn a_bad_line_is_named_once() {
    let dir = tempdir();
    let file = dir.join("bad.txt");
    std::fs::write(&file, format!("123\n{HARD}\n")).unwrap();
    let (_, err, _) = stdout_of(
        &[
            "experiment",
            "coloring",
            "--runs",
            "1",
            "--max-iterations",
            "1",
            "--csv",
        ]
        .into_iter()
        .chain([dir.join("csv").to_str().unwrap(), file.to_str().unwrap()])
        .collect::<Vec<_>>(),
        "",
    );
    let skipped = err
        .lines()
        .find(|l| l.contains("3 cells"))
        .unwrap_or_default();
    assert_eq!(
        skipped,
        "sudoku: skipped: line 1: 3 cells; a puzzle has 16 (4×4), 81 (9×9), 256 (16×16) or 625 (25×25)"
    );
}

#[test]
fn counts_and_durations_read_right() {
    let (_, err, code) = stdout_of(
        &["solve", "--stats", "--threads", "1", "-a", "norvig"],
        HARD,
    );
    assert_eq!(code, 0);
    let summary = err.lines().last().unwrap();
    assert!(
        summary.starts_with("norvig: 1 puzzle, 1 solved and verified"),
        "{summary}"
    );
    assert!(summary.ends_with("of solver time on 1 thread"), "{summary}");
    assert!(!summary.contains("0.000 s"), "{summary}");
    let (out, _, _) = stdout_of(&["solve", "-a", "sat", "-p", "max_conflicts=1"], HARD);
    assert_eq!(out.trim(), "unsolved: gave up after 1 conflict");
}

#[test]
fn a_command_short_of_its_work_exits_1_and_bad_arguments_2_before_any_work() {
    // A thousand 17-clue puzzles in 10 ms: far more than the generator makes.
    let (out, err, code) = stdout_of(
        &[
            "generate",
            "--count",
            "1000",
            "--givens",
            "17",
            "--max-seconds",
            "0.01",
        ],
        "",
    );
    let found = out.lines().count();
    assert!(found < 1000);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(&format!("found {found} of 1000 puzzles")),
        "{err}"
    );
    let (_, err, code) = stdout_of(&["experiment", "coloring", "--runs", "0"], "");
    assert_eq!(code, 2);
    assert_eq!(err.trim(), "sudoku: --runs: at least 1");
    let dir = tempdir();
    let taken = dir.join("taken");
    std::fs::write(&taken, "").unwrap();
    let (_, err, code) = stdout_of(
        &[
            "study",
            "-c",
            "dlx",
            "--generate",
            "9:easy:1000",
            "--out",
            taken.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("a file is there"), "{err}");
    assert!(!err.contains("making the population"), "{err}");
}

/// A fresh folder of its own under the system's temporary folder.
fn tempdir() -> std::path::PathBuf {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = common::scratch_dir(&format!(
        "messages-{}",
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_boxed_block_grid_is_answered_boxed_and_reads_back() {
    let rows: Vec<String> = HARD
        .as_bytes()
        .chunks(9)
        .map(|r| {
            let s = std::str::from_utf8(r).unwrap();
            format!("{} | {} | {}", &s[..3], &s[3..6], &s[6..])
        })
        .collect();
    let rule = "----+-----+----";
    let block = [
        &rows[0..3],
        &[rule.to_string()],
        &rows[3..6],
        &[rule.to_string()],
        &rows[6..9],
    ]
    .concat()
    .join("\n");
    let (out, _, code) = stdout_of(&["solve"], &format!("{block}\n"));
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "4 1 7 | 3 6 9 | 8 2 5", "{out}");
    assert_eq!(lines[3], "------+-------+------", "{out}");
    assert_eq!(lines.len(), 12, "eleven lines and the blank after: {out}");
    // The answer is itself a grid the reader takes (a pipeline stays line for line).
    let (again, _, _) = stdout_of(&["solve", "-a", "dlx"], &out);
    assert_eq!(again, out);
}

#[test]
fn rate_and_explain_agree_on_grids_that_are_not_rated() {
    let solved = common::HARD_SOLVED;
    let empty = ".".repeat(81);
    // r1c3 has no digit left (1 and 2 in its row, 3 to 9 in its column), no givens clash.
    let mut dead = vec![b'.'; 81];
    for (cell, digit) in [(0, b'1'), (1, b'2'), (11, b'3'), (29, b'9'), (38, b'8')]
        .into_iter()
        .chain([(47, b'4'), (56, b'5'), (65, b'6'), (74, b'7')])
    {
        dead[cell] = digit;
    }
    let dead = String::from_utf8(dead).unwrap();
    let cases = [
        (
            solved.to_string(),
            "already solved",
            "already solved: no empty cell",
        ),
        (
            empty,
            "not unique",
            "not unique: more than one grid completes these givens",
        ),
        (
            dead,
            "no solution",
            "no solution: no grid completes these givens",
        ),
    ];
    for (grid, rating, ending) in cases {
        let (rated, _, _) = stdout_of(&["rate"], &format!("{grid}\n"));
        assert_eq!(rated.trim(), rating);
        let (explained, _, _) = stdout_of(&["explain"], &format!("{grid}\n"));
        assert!(
            explained
                .trim_end()
                .lines()
                .last()
                .unwrap()
                .starts_with(ending),
            "{explained}"
        );
    }
}

#[test]
fn strict_fails_a_run_with_a_bad_line_and_still_answers_the_rest() {
    let input = format!("123\n{HARD}\n");
    let (out, _, code) = stdout_of(&["solve"], &input);
    assert_eq!((code, out.lines().count()), (0, 2));
    let (strict, err, code) = stdout_of(&["solve", "--strict"], &input);
    assert_eq!(code, 1, "{err}");
    assert_eq!(strict, out, "the same answers");
    let (_, _, code) = stdout_of(&["count", "--strict"], &format!("{HARD}\n"));
    assert_eq!(code, 0, "nothing bad, nothing failed");
}
