//! The `sudoku` command as a script would use it: answers in order, clear messages, exit codes.

mod common;

use common::{output_of_bytes, stdout_of, HARD, HARD_SOLVED};

#[test]
fn list_shows_every_exact_algorithm() {
    let (out, _, code) = stdout_of(&["list"], "");
    assert_eq!(code, 0);
    for id in [
        "backtracking",
        "brute-force",
        "fc-mrv",
        "bitmask",
        "norvig",
        "propagation",
        "dlx",
    ] {
        assert!(
            out.lines().any(|l| l.starts_with(id)),
            "{id} missing in:\n{out}"
        );
    }
    assert!(out.contains("max_nodes"));
}

#[test]
fn solve_answers_each_line_in_order_with_every_algorithm() {
    let easy = "..5..21.7..2..19.....8.93..2.34.......7...........37...1..8..6.9...3...........8.";
    let input = format!("# comment\n{HARD}\n\n{easy}\n");
    for id in ["propagation", "dlx", "norvig", "fc-mrv"] {
        let (out, _, code) = stdout_of(&["solve", "--algorithm", id], &input);
        assert_eq!(code, 0);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "{id}: {out}");
        assert_eq!(lines[0], HARD_SOLVED);
        assert!(lines[1].len() == 81 && !lines[1].contains('.'));
    }
}

#[test]
fn bad_lines_are_reported_in_place_and_skipped() {
    let short = &HARD[..80];
    let clash = format!("44{}", &HARD[2..]);
    let input = format!("{short}\n{HARD}\n{clash}\nxyz\n");
    let (out, err, code) = stdout_of(&["solve"], &input);
    assert_eq!(code, 0, "bad puzzles are not usage errors");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(
        lines[0].starts_with("invalid: line 1: 80 cells"),
        "{}",
        lines[0]
    );
    assert_eq!(lines[1], HARD_SOLVED);
    assert!(
        lines[2].contains("line 3") && lines[2].contains("r1c1, r1c2"),
        "{}",
        lines[2]
    );
    assert!(lines[3].starts_with("invalid: line 4"), "{}", lines[3]);
    assert!(err.contains("line 1") && err.contains("line 4"));
}

#[test]
fn unsolvable_and_budget_exhausted_puzzles_say_so() {
    // r1c2 = 6 fits the givens but the only solution has 1 there.
    let wrong = format!("46{}", &HARD[2..]);
    let (out, _, _) = stdout_of(&["solve"], &wrong);
    assert_eq!(out.trim(), "no solution");
    let (out, _, code) = stdout_of(&["solve", "-a", "backtracking", "--max-nodes", "100"], HARD);
    assert_eq!(code, 0);
    assert_eq!(out.trim(), "unsolved: gave up after 100 nodes");
}

#[test]
fn block_grids_are_answered_as_blocks() {
    let block: String = HARD
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
        .collect();
    let (out, _, _) = stdout_of(&["solve"], &block);
    let expected: String = HARD_SOLVED
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
        .collect();
    assert_eq!(out, format!("{expected}\n"));
}

#[test]
fn stats_go_to_stderr() {
    let (out, err, _) = stdout_of(&["solve", "--stats", "-a", "dlx"], HARD);
    assert_eq!(out.trim(), HARD_SOLVED);
    assert!(
        err.contains("line 1: solved;") && err.contains("nodes"),
        "{err}"
    );
    assert!(err.contains("1 solved and verified"), "{err}");
}

#[test]
fn count_caps_at_the_limit() {
    let multi = "842.........5.17........38.95......2....5.......9...461....74....8.6......4....38";
    let input = format!("{HARD}\n{multi}\n{}\n", ".".repeat(16));
    let (out, _, code) = stdout_of(&["count", "--limit", "3"], &input);
    assert_eq!(code, 0);
    assert_eq!(out, "1\n3+\n3+\n");
}

#[test]
fn usage_errors_exit_with_2() {
    let (_, err, code) = stdout_of(&["solve", "--algorithm", "quantum"], HARD);
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown algorithm 'quantum'") && err.contains("propagation"),
        "{err}"
    );
    let (_, err, code) = stdout_of(&["solve", "--param", "max_nodes=lots"], HARD);
    assert_eq!(code, 2);
    assert!(err.contains("max_nodes"), "{err}");
    let (_, err, code) = stdout_of(&["solve", "/no/such/file"], "");
    assert_eq!(code, 2);
    assert!(err.contains("cannot read /no/such/file"), "{err}");
}

#[test]
fn bench_prints_a_verified_table() {
    let dir = common::scratch_dir("bench");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("two.txt");
    std::fs::write(&file, format!("{HARD}\n{HARD}\n")).unwrap();
    let (out, _, code) = stdout_of(
        &[
            "bench",
            "-a",
            "propagation",
            "-a",
            "dlx",
            file.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0);
    let rows: Vec<&str> = out.lines().filter(|l| l.contains("two.txt")).collect();
    assert_eq!(rows.len(), 2, "{out}");
    for row in rows {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        assert_eq!(&cells[3..6], &["2", "2", "2"], "{row}");
    }
    // Several timed passes: the same answers, one row per algorithm and file.
    let (out, _, code) = stdout_of(
        &[
            "bench",
            "--runs",
            "3",
            "-a",
            "norvig",
            file.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0);
    let rows: Vec<&str> = out.lines().filter(|l| l.contains("two.txt")).collect();
    assert_eq!(rows.len(), 1, "{out}");
    assert!(
        rows.iter().all(|row| row.contains("| 2 | 2 | 2 | 0 |")),
        "{out}"
    );
    assert!(out.starts_with("Timed from each puzzle's text line to its verified answer line"));
    // The solver alone: the same answers, another heading.
    let (out, _, code) = stdout_of(
        &[
            "bench",
            "--solver-only",
            "-a",
            "norvig",
            file.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(out.starts_with("Timed: the solver alone"), "{out}");
    assert!(out.contains("| 2 | 2 | 2 | 0 |"), "{out}");
    let (_, err, code) = stdout_of(&["bench", "--runs", "0", file.to_str().unwrap()], "");
    assert_eq!(code, 2);
    assert!(err.contains("--runs"), "{err}");
}

#[test]
fn filter_prints_the_domain_reduction_per_puzzle() {
    let dead = "12.4..3.........";
    let input = format!("{HARD}\n{dead}\n");
    for filter in ["ac3", "alldiff-bounds", "alldiff-gac"] {
        let (out, _, code) = stdout_of(&["filter", "--filter", filter], &input);
        assert_eq!(code, 0);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "{out}");
        let fields: Vec<&str> = lines[0].split(' ').collect();
        assert_eq!(fields[0], filter);
        let (before, after): (u64, u64) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
        assert_eq!(before, 17 + 64 * 9);
        assert!(after < before && after >= 81, "{}", lines[0]);
        assert!(fields[3].ends_with('%'));
        match filter {
            "ac3" => assert_eq!(lines[1], "no solution (r1c3 has no candidate left)"),
            "alldiff-gac" => assert_eq!(
                lines[1],
                "no solution (column 3 cannot give each cell its own digit)"
            ),
            _ => {}
        }
    }
    // The old name of the bounds filter still works, and says the new one.
    let (out, _, _) = stdout_of(&["filter", "--filter", "alldiff"], HARD);
    assert!(out.starts_with("alldiff-bounds "), "{out}");
    let (_, err, code) = stdout_of(&["filter", "--filter", "magic"], HARD);
    assert_eq!(code, 2);
    assert!(err.contains("magic"), "{err}");
}

#[test]
fn every_heuristic_solves_with_a_seed_or_says_it_gave_up() {
    let easy = ".4....179..2..8.54..6..5..8.8..7.91..5..9..3..19.6..4.3..4..7..57.1..2..928....6.";
    for id in [
        "coloring-bfs",
        "coloring-dfs",
        "coloring-dsatur",
        "tabu-alldiff",
        "tabu-ac3",
        "grasp",
        "grasp-alldiff",
        "genetic",
        "genetic-alldiff",
        "annealing",
    ] {
        let (out, err, code) = stdout_of(&["solve", "-a", id, "--seed", "3", "-"], easy);
        assert_eq!(code, 0, "{id}: {err}");
        let line = out.trim();
        assert!(
            line.len() == 81 && !line.contains('.') || line.starts_with("unsolved: gave up after"),
            "{id}: {line}"
        );
        // Same seed, same answer.
        assert_eq!(
            stdout_of(&["solve", "-a", id, "--seed", "3", "-"], easy).0,
            out
        );
    }
    // The budget in the algorithm's own unit, under its one name or its old one.
    for param in ["max_iterations=1", "generations=1"] {
        let (out, _, _) = stdout_of(&["solve", "-a", "genetic", "--param", param, "-"], HARD);
        assert_eq!(out.trim(), "unsolved: gave up after 1 generation");
    }
    let (out, _, _) = stdout_of(
        &["solve", "-a", "coloring-bfs", "--param", "max_iter=2", "-"],
        HARD,
    );
    assert_eq!(out.trim(), "unsolved: gave up after 2 constructions");
}

#[test]
fn experiment_prints_markdown_and_writes_csv() {
    let dir = common::scratch_dir("experiment");
    let (out, err, code) = stdout_of(
        &["experiment", "filtering", "--csv", dir.to_str().unwrap()],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("| s01a | 33 |"), "{out}");
    let csv = std::fs::read_to_string(dir.join("filtering.csv")).unwrap();
    assert!(csv.starts_with("instance,givens,"), "{csv}");
    assert_eq!(csv.lines().count(), 47); // header + 46 instances

    // The paper's Example 7: AI Escargot's first box holds 57 values (six empty cells of 9 and
    // three givens); GAC removes at least what AC-3 and bounds consistency remove.
    let example = std::fs::read_to_string(dir.join("filtering-example.csv")).unwrap();
    let after: Vec<u64> = example
        .lines()
        .skip(1)
        .map(|line| {
            let cells: Vec<&str> = line.split(',').collect();
            assert_eq!(cells[1], "57", "{example}");
            cells[2].parse().unwrap()
        })
        .collect();
    assert_eq!(after.len(), 3, "{example}");
    assert!(
        after[2] <= after[0] && after[2] <= after[1] && after[2] >= 9,
        "{example}"
    );
    std::fs::remove_dir_all(&dir).ok();

    let (_, err, code) = stdout_of(&["experiment", "nonsense"], "");
    assert_eq!(code, 2);
    assert!(err.contains("coloring"), "{err}");

    // Every experiment of the core's list is accepted (here on one puzzle, small budgets).
    let dir = common::scratch_dir("grasp");
    let (out, err, code) = stdout_of(
        &[
            "experiment",
            "grasp",
            "--runs",
            "1",
            "--budget",
            "20",
            "--csv",
            dir.to_str().unwrap(),
            "-",
        ],
        &format!("{HARD}\n"),
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("| given | 1 | 1 |"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn lines_that_are_not_text_are_answered_alone_and_the_rest_still_is() {
    let mut input = format!("{HARD}\n").into_bytes();
    input.extend_from_slice(b"\xff\xfe\xfd\n");
    input.extend_from_slice(format!("{HARD}\n12\x003\n").as_bytes());
    input.extend_from_slice(&vec![b'.'; 200_000]);
    input.extend_from_slice(format!("\n{HARD}\n").as_bytes());
    let (out, err, code) = output_of_bytes(&["solve", "-a", "dlx"], input);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    assert_eq!(lines[0], HARD_SOLVED);
    assert_eq!(lines[1], "invalid: line 2: not UTF-8 text");
    assert_eq!(lines[2], HARD_SOLVED);
    assert_eq!(
        lines[3],
        "invalid: line 4, column 3: control character U+0000 (not puzzle text)"
    );
    assert!(lines[4].starts_with("invalid: line 5: 200000 bytes, longer than any puzzle line"));
    assert_eq!(lines[5], HARD_SOLVED);
    assert!(err.contains("line 2: not UTF-8 text"), "{err}");
}

#[test]
fn parameters_that_do_not_go_together_and_limits_an_algorithm_lacks_are_usage_errors() {
    let (_, err, code) = stdout_of(
        &[
            "solve",
            "-a",
            "genetic",
            "--param",
            "population=50",
            "--param",
            "elite=50",
            "-",
        ],
        HARD,
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("elite = 50 must be less than population = 50"),
        "{err}"
    );
    let dir = common::scratch_dir("cli-test");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("one.txt");
    std::fs::write(&file, HARD).unwrap();
    let (_, err, code) = stdout_of(
        &[
            "bench",
            "-a",
            "grasp",
            "--max-nodes",
            "5",
            file.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--max-nodes: grasp has no parameter 'max_nodes'"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_reader_that_closes_the_pipe_early_ends_the_command_quietly() {
    // `sudoku list | head -1`: the shell's pipe, closed after the first line.
    let bin = assert_cmd::cargo::cargo_bin("sudoku");
    for script in [
        r#""$BIN" list | head -1"#,
        r#"yes "$HARD" | head -3000 | "$BIN" solve -a dlx | head -1"#,
        r#"yes "$HARD" | head -2000 | "$BIN" bench -a dlx -a norvig - 2>/dev/null | head -1"#,
    ] {
        let out = std::process::Command::new("sh")
            .args(["-c", script])
            .env("BIN", &bin)
            .env("HARD", HARD)
            .output()
            .expect("sh runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            !err.contains("panicked") && !err.contains("Broken pipe"),
            "{script}: {err}"
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).lines().count(),
            1,
            "{script}"
        );
    }
}

#[test]
fn mixed_formats_and_sdk_files_are_answered_puzzle_by_puzzle() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/");
    let (out, _, code) = stdout_of(
        &["solve", "-a", "dlx", &format!("{data}formats_mixed.txt")],
        "",
    );
    assert_eq!(code, 0);
    let solved: Vec<&str> = out.lines().filter(|l| !l.is_empty()).collect();
    // A line, a 9-row block, a bordered 9-row block (answered bordered: its two rule lines
    // kept), a line.
    assert_eq!(solved.len(), 1 + 9 + 11 + 1, "{out}");
    assert_eq!(solved[0], HARD_SOLVED);
    assert_eq!(solved[13], "------+-------+------", "{out}");
    assert_eq!(solved[21], HARD_SOLVED);
    let (out, _, code) = stdout_of(&["count", &format!("{data}formats_sadman.sdk")], "");
    assert_eq!((out.as_str(), code), ("1\n", 0));
}

#[test]
fn every_thread_count_answers_in_input_order() {
    let clash = format!("44{}", &HARD[2..]);
    let mut input = String::new();
    for i in 0..300 {
        input.push_str(if i % 7 == 3 { &clash } else { HARD });
        input.push('\n');
    }
    let (one, _, code) = stdout_of(&["solve", "-a", "dlx", "--threads", "1"], &input);
    assert_eq!(code, 0);
    let (four, _, _) = stdout_of(&["solve", "-a", "dlx", "--threads", "4"], &input);
    assert_eq!(one, four);
    let lines: Vec<&str> = four.lines().collect();
    assert_eq!(lines.len(), 300);
    assert!(lines[3].starts_with("invalid: line 4: givens clash"));
    assert_eq!(lines[4], HARD_SOLVED);
    let (counts, _, _) = stdout_of(&["count", "--threads", "3"], &input);
    assert_eq!(counts.lines().nth(10), Some("invalid: line 11: givens clash: 4 appears twice in row 1 (r1c1, r1c2); 4 appears twice in box 1 (r1c1, r1c2)"));
    assert_eq!(counts.lines().filter(|l| *l == "1").count(), 300 - 43);
    let (_, err, code) = stdout_of(&["solve", "--threads", "0"], HARD);
    assert_eq!(code, 2);
    assert!(err.contains("--threads: at least 1"), "{err}");
}

#[test]
fn twenty_five_by_twenty_five_letters_follow_the_symbols_present_or_the_option() {
    let mut only_a = vec!['.'; 625];
    only_a[0] = 'A';
    let line: String = only_a.iter().collect();
    // One given: the grid has solutions; the answer is written as the input was.
    let (out, _, _) = stdout_of(&["solve", "-a", "propagation", "-"], &line);
    assert!(
        out.starts_with('A') && out.contains('Y'),
        "A–Y by default: {out}"
    );
    let (out, _, code) = stdout_of(
        &["solve", "-a", "propagation", "--symbols", "alnum", "-"],
        &line,
    );
    assert_eq!(code, 0);
    assert!(
        out.starts_with('A') && out.contains('1') && !out.contains('Y'),
        "{out}"
    );
    let (_, err, code) = stdout_of(&["solve", "--symbols", "hex", "-"], &line);
    assert_eq!(code, 2, "{err}");
}

/// A program that sends a puzzle and waits for its answer before sending the next (a
/// co-process) gets each answer at once: reading stops where more input would wait.
#[test]
fn each_answer_comes_back_before_the_next_puzzle_is_sent() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;
    for args in [
        &["solve"][..],
        &["count"],
        &["rate"],
        &["filter", "--filter", "alldiff-gac"],
    ] {
        let command = args.join(" ");
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudoku"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("sudoku starts");
        let mut stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (sender, answers) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if sender.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        for _ in 0..3 {
            writeln!(stdin, "{HARD}").unwrap();
            stdin.flush().unwrap();
            let answer = answers.recv_timeout(std::time::Duration::from_secs(20));
            let Ok(answer) = answer else {
                let _ = child.kill();
                panic!("sudoku {command}: no answer while the input stays open");
            };
            // The same answer as a whole-file run gives.
            let (batch, _, _) = stdout_of(args, &format!("{HARD}\n"));
            assert_eq!(answer, batch.trim_end(), "sudoku {command}");
            if command == "solve" {
                assert_eq!(answer, HARD_SOLVED);
            }
        }
        drop(stdin);
        assert!(child.wait().unwrap().success());
    }
}
