//! `sudoku tune`: a race that finds a planted best value, races across algorithms, repeats
//! itself from its seed, and names every bad argument before any work.

mod common;

use common::stdout_of;

/// The Markdown table's rows as cells (header and rule left out).
fn rows(stdout: &str) -> Vec<Vec<String>> {
    stdout
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| rank"))
        .map(|l| {
            l.trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect()
}

#[test]
fn the_budget_that_dominates_wins_the_race() {
    let dir = common::scratch_dir("tune-csv");
    std::fs::create_dir_all(&dir).unwrap();
    let csv = dir.join("race.csv");
    let args = [
        "tune",
        "annealing",
        "-p",
        "max_iterations=1,2,20000",
        "--generate",
        "9:30:10",
        "--csv",
        csv.to_str().unwrap(),
    ];
    let (out, err, code) = stdout_of(&args, "");
    assert_eq!(code, 0, "{err}");
    let rows = rows(&out);
    assert_eq!(rows.len(), 3, "{out}");
    assert_eq!(rows[0][1], "annealing;max_iterations=20000");
    assert_eq!(rows[0][2], "in the race");
    assert!(
        rows[1..].iter().all(|r| r[2] == "dropped" && r[3] == "5"),
        "{out}"
    );
    assert!(err.contains("after 5 instances: Friedman χ²(2)"), "{err}");
    // The CSV is the same standings as data.
    let data = std::fs::read_to_string(&csv).unwrap();
    let mut lines = data.lines();
    assert_eq!(
        lines.next().unwrap(),
        "rank,configuration,status,dropped_after,instances,solved_pct,mean_rank,median_evaluations,median_best_cost"
    );
    assert!(lines
        .next()
        .unwrap()
        .starts_with("1,annealing;max_iterations=20000,in the race,,5,"));
    // The same seed races the same way.
    let (again, _, _) = stdout_of(&args, "");
    assert_eq!(again, out);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn configurations_of_several_algorithms_race_too() {
    let (out, err, code) = stdout_of(
        &[
            "tune",
            "-c",
            "annealing;max_iterations=1",
            "-c",
            "dlx",
            "-c",
            "coloring-bfs;max_iterations=1",
            "--generate",
            "9:easy:8",
            "--first-test",
            "4",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let rows = rows(&out);
    assert_eq!(rows[0][1], "dlx", "{out}");
    assert_eq!(rows[0][5], "100.0");
}

#[test]
fn bad_arguments_are_named_before_any_work() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["tune", "annealing", "-p", "cooling=0.9,0.95"],
            "no population",
        ),
        (
            &["tune", "annealing", "--generate", "9:30:5"],
            "two candidates or more, not 1",
        ),
        (
            &["tune", "-p", "tenure=1..5", "--generate", "9:30:5"],
            "name the ALGORITHM",
        ),
        (
            &[
                "tune",
                "tabu-ac3",
                "-p",
                "tenur=1..5",
                "--generate",
                "9:30:5",
            ],
            "tenure",
        ),
        (
            &[
                "tune",
                "tabu-ac3",
                "-p",
                "tenure=9..1",
                "--generate",
                "9:30:5",
            ],
            "empty",
        ),
        (
            &[
                "tune",
                "tabu-ac3",
                "-p",
                "tenure=1..5",
                "--generate",
                "9:30:5",
                "--alpha",
                "2",
            ],
            "--alpha",
        ),
        (
            &[
                "tune",
                "tabu-ac3",
                "-p",
                "tenure=1..5",
                "--generate",
                "9:30:5",
                "--first-test",
                "1",
            ],
            "--first-test",
        ),
        (
            &[
                "tune",
                "tabu-ac3",
                "-p",
                "tenure=1..5",
                "--generate",
                "9:30:5",
                "--csv",
                "/nonexistent/x.csv",
            ],
            "--csv",
        ),
        (
            &["tune", "dlx", "-c", "dlx", "--generate", "9:30:5"],
            "already a candidate",
        ),
    ];
    for (args, expected) in cases {
        let (out, err, code) = stdout_of(args, "");
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(expected), "{args:?}: {err}");
        assert!(!err.contains("making the population"), "{args:?}: {err}");
    }
}
