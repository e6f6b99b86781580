//! The conventions of a well-kept command: completions, a man page, the registry as JSON,
//! `--quiet`, aligned tables, a description and default for every option.

mod common;

use common::stdout_of;

#[test]
fn completions_and_the_man_page_are_generated() {
    for (shell, mark) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef sudoku"),
        ("fish", "complete -c sudoku"),
    ] {
        let (out, err, code) = stdout_of(&["completions", shell], "");
        assert_eq!(code, 0, "{err}");
        assert!(
            out.contains(mark),
            "{shell}: {}",
            &out[..out.len().min(200)]
        );
        assert!(
            out.contains("generate"),
            "{shell}: the subcommands are completed"
        );
    }
    let (man, _, code) = stdout_of(&["man"], "");
    assert_eq!(code, 0);
    assert!(
        man.contains(".TH sudoku 1") && man.contains("generate"),
        "{man}"
    );
}

#[test]
fn the_registry_as_json_is_the_registry() {
    let (out, _, code) = stdout_of(&["list", "--format", "json"], "");
    assert_eq!(code, 0);
    let list: serde_json::Value = serde_json::from_str(&out).unwrap();
    let ids: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["id"].as_str().unwrap())
        .collect();
    let all: Vec<&str> = sudoku_core::Algorithm::ALL.iter().map(|a| a.id()).collect();
    assert_eq!(ids, all);
    let sat = list
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["id"] == "sat")
        .unwrap();
    assert_eq!(sat["budget"], "max_conflicts");
    assert_eq!(sat["params"][0]["range"]["options"][0], "extended");
    // The counters its runs report, in its words.
    assert_eq!(
        sat["counters"],
        serde_json::json!(["decisions", "conflicts", "propagations", "restarts"])
    );
    // Every algorithm in plain words too: a few sentences, not its technical description.
    for a in list.as_array().unwrap() {
        let plain = a["in_plain_words"].as_str().unwrap();
        assert!(
            (60..=400).contains(&plain.chars().count()) && plain.ends_with('.'),
            "{}: {plain}",
            a["id"]
        );
        assert_ne!(a["in_plain_words"], a["description"], "{}", a["id"]);
    }
}

#[test]
fn the_text_list_is_aligned() {
    let (out, _, _) = stdout_of(&["list"], "");
    // Every name starts in the same column, long ids included.
    let columns: Vec<usize> = out
        .lines()
        .filter(|l| !l.starts_with(' '))
        .map(|l| l.find(" exact ").or_else(|| l.find(" heuristic ")).unwrap())
        .collect();
    assert!(columns.windows(2).all(|w| w[0] == w[1]), "{out}");
}

#[test]
fn quiet_keeps_stderr_for_errors() {
    let dir = common::scratch_dir("quiet");
    let (_, err, code) = stdout_of(
        &[
            "study",
            "--quiet",
            "-c",
            "dlx",
            "--generate",
            "4:easy:2",
            "--out",
            dir.to_str().unwrap(),
        ],
        "",
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 0, "{err}");
    assert_eq!(err, "", "nothing but errors under --quiet");
}

#[test]
fn options_say_what_they_do_and_their_defaults() {
    let (help, _, _) = stdout_of(&["generate", "--help"], "");
    let line = |flag: &str| {
        help.lines()
            .find(|l| l.trim_start().starts_with(flag))
            .unwrap()
            .to_string()
    };
    assert!(
        line("--count").contains("How many puzzles") && line("--count").contains("[default: 1]"),
        "{help}"
    );
    assert!(
        line("--seed").contains("same seed gives the same puzzles"),
        "{help}"
    );
    let (help, _, _) = stdout_of(&["study", "--help"], "");
    assert!(
        help.contains("(default: the study file's, else 1)"),
        "{help}"
    );
}

#[test]
fn every_command_that_reads_puzzles_takes_threads_and_symbols() {
    for command in ["solve", "count", "rate", "explain", "filter"] {
        let mut args = vec![command, "--threads", "1", "--symbols", "alnum"];
        if command == "filter" {
            args.extend(["--filter", "ac3"]);
        }
        let (out, err, code) = stdout_of(&args, &format!("{}\n", common::HARD));
        assert_eq!(code, 0, "{command}: {err}");
        assert!(!out.is_empty(), "{command}");
    }
}

#[test]
fn one_budget_flag_sets_whatever_the_algorithm_counts() {
    // A genetic algorithm counts generations, an exact solver nodes, sat conflicts.
    for (algorithm, said) in [
        ("genetic", "gave up after 1 generation"),
        ("backtracking", "gave up after 1 node"),
        ("sat", "gave up after 1 conflict"),
    ] {
        let (out, err, code) =
            stdout_of(&["solve", "-a", algorithm, "--budget", "1"], common::HARD);
        assert_eq!(
            (code, out.trim()),
            (0, format!("unsolved: {said}").as_str()),
            "{err}"
        );
    }
    let (out, err, code) = stdout_of(
        &[
            "bench",
            "-a",
            "annealing",
            "-a",
            "dlx",
            "--budget",
            "5",
            "-",
        ],
        common::HARD,
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("| annealing |") && out.contains("| dlx |"),
        "{out}"
    );
    let (_, err, code) = stdout_of(
        &["bench", "-a", "annealing", "--max-nodes", "5", "-"],
        common::HARD,
    );
    assert_eq!(code, 2);
    assert!(
        err.starts_with("sudoku: --max-nodes: annealing has no parameter 'max_nodes'"),
        "{err}"
    );
}
