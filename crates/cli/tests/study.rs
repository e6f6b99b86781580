//! `sudoku study`: the files it writes, records that repeat with `sudoku solve`, resuming from
//! the records, and bad settings named by their field.

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use common::stdout_of;

fn folder(name: &str) -> PathBuf {
    common::scratch_dir(&format!("study-{name}"))
}

fn study(out: &Path, extra: &[&str]) -> (String, String, i32) {
    let mut args = vec![
        "study",
        "--generate",
        "9:easy,28:3",
        "-c",
        "coloring-bfs",
        "-c",
        "coloring-dsatur;list_size=3",
        "-c",
        "propagation",
        "--seeds",
        "2",
        "--budget",
        "300",
        "--seed",
        "5",
        "--threads",
        "2",
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    stdout_of(&args, "")
}

fn rows(path: &Path) -> Vec<Vec<String>> {
    fs::read_to_string(path)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect()
}

#[test]
fn a_study_writes_its_records_and_summary_and_every_record_repeats() {
    let out = folder("files");
    let (stdout, err, code) = study(&out, &[]);
    assert_eq!(code, 0, "{err}");
    let header = fs::read_to_string(out.join("records.csv")).unwrap();
    assert!(header.starts_with(
        "job,configuration,puzzle,level,givens,rating,seed,outcome,time_ms,iterations,nodes"
    ));
    let records = rows(&out.join("records.csv"));
    assert_eq!(records.len(), 3 * 6 * 2);
    let jsonl = fs::read_to_string(out.join("records.jsonl")).unwrap();
    assert_eq!(jsonl.lines().count(), 37);
    assert!(jsonl.starts_with("{\"study\":{\"sudoku_lab\":"), "{jsonl}");
    // Seeds as strings: JSON readers round numbers past 2^53.
    let second = jsonl.lines().nth(1).unwrap();
    assert!(
        second.contains(&format!("\"seed\":\"{}\"", records[0][6])),
        "{second}"
    );
    for row in &records {
        assert!(
            ["verified", "gave-up", "no-solution"].contains(&row[7].as_str()),
            "{row:?}"
        );
        // The row's seed and configuration repeat its run.
        let mut parts = row[1].split(';');
        let mut args = vec![
            "solve".to_string(),
            "-a".into(),
            parts.next().unwrap().into(),
        ];
        for p in parts {
            args.extend(["-p".to_string(), p.to_string()]);
        }
        args.extend(["--seed".to_string(), row[6].clone(), "-".into()]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (answer, _, _) = stdout_of(&args, &row[2]);
        if row[7] == "verified" {
            assert_eq!(answer.trim().len(), 81, "{row:?}: {answer}");
            assert!(!answer.contains('.'));
        } else {
            assert!(answer.starts_with("unsolved: gave up"), "{row:?}: {answer}");
        }
    }
    // The 28-givens puzzles have 28 givens; propagation solves everything.
    assert!(records.iter().filter(|r| r[4] == "28").count() == 18);
    let propagation: Vec<_> = records
        .iter()
        .filter(|r| r[1].starts_with("propagation;"))
        .collect();
    assert_eq!(propagation.len(), 12);
    assert!(propagation.iter().all(|r| r[7] == "verified"));
    let summary = fs::read_to_string(out.join("summary.csv")).unwrap();
    assert!(
        summary.starts_with("configuration,level,givens,runs,solved,rate,wilson_low,wilson_high")
    );
    assert!(
        summary.contains("\npropagation;max_nodes=300,easy,,6,6,1.0000,"),
        "{summary}"
    );
    assert!(
        summary.contains("\npropagation;max_nodes=300,,28,6,6,1.0000,"),
        "{summary}"
    );
    assert_eq!(
        fs::read_to_string(out.join("pairwise.csv"))
            .unwrap()
            .lines()
            .count(),
        7
    );
    assert!(
        stdout.contains("| configuration | group | runs | solved |"),
        "{stdout}"
    );
    assert!(stdout.contains("puzzles of 28 givens"), "{stdout}");
    let _ = fs::remove_dir_all(&out);
}

#[test]
fn an_interrupted_study_resumes_from_its_records() {
    let out = folder("resume");
    let (_, err, code) = study(&out, &[]);
    assert_eq!(code, 0, "{err}");
    let whole = fs::read_to_string(out.join("records.csv")).unwrap();
    // Keep the header, 15 records and half of the 16th (a write cut short).
    let lines: Vec<&str> = whole.lines().collect();
    let cut = format!("{}\n{}", lines[..16].join("\n"), &lines[16][..20]);
    fs::write(out.join("records.csv"), cut).unwrap();
    let (_, err, code) = study(&out, &[]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("resuming: 15 of 36 jobs already recorded"),
        "{err}"
    );
    let again = fs::read_to_string(out.join("records.csv")).unwrap();
    let again: Vec<&str> = again.lines().collect();
    assert_eq!(again.len(), 37);
    // The kept rows are kept as they were (time included); the rest are the same runs.
    assert_eq!(again[..16], lines[..16]);
    let without_time = |l: &str| {
        let mut f: Vec<&str> = l.split(',').collect();
        f.remove(8);
        f.join(",")
    };
    let mut a: Vec<String> = again.iter().map(|l| without_time(l)).collect();
    let mut b: Vec<String> = lines.iter().map(|l| without_time(l)).collect();
    a.sort();
    b.sort();
    assert_eq!(a, b);
    // Another study's settings in the same folder are refused.
    let (_, err, code) = study(&out, &["-c", "dlx"]);
    assert_eq!(code, 2);
    assert!(err.contains("holds another study's records"), "{err}");
    let _ = fs::remove_dir_all(&out);
}

#[test]
fn study_files_and_flags_name_what_is_wrong() {
    let dir = folder("files-bad");
    fs::create_dir_all(&dir).unwrap();
    let file = dir.join("study.toml");
    let write = |text: &str| fs::write(&file, text).unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["study", file.to_str().unwrap(), "--out"];
        let out = dir.join("out");
        let out = out.to_str().unwrap().to_string();
        args.push(&out);
        args.extend_from_slice(extra);
        stdout_of(&args, "")
    };
    write(
        "configurations = [\"dlx\", \"quantum\"]\n[population]\nlevels = [\"easy\"]\ncount = 2\n",
    );
    let (_, err, code) = run(&[]);
    assert_eq!(code, 2);
    assert!(
        err.contains("configurations[1]: unknown algorithm 'quantum'"),
        "{err}"
    );
    write("configurations = [\"dlx\"]\n[population]\nlevels = [\"easy\"]\ncount = 2\nsymmetry = \"spiral\"\n");
    let (_, err, _) = run(&[]);
    assert!(
        err.contains("population.symmetry: no symmetry 'spiral'"),
        "{err}"
    );
    write("configurations = [\"dlx\"]\ncolour = 3\n");
    let (_, err, _) = run(&[]);
    assert!(err.contains("colour"), "{err}");
    write("configurations = [\"dlx\"]\nseeds = 0\n[population]\ngivens = \"30-31\"\ncount = 1\n");
    let (_, err, _) = run(&[]);
    assert!(err.contains("seeds: must be at least 1"), "{err}");
    // A study file run as written: generated by givens, flags overriding its seeds.
    write("seed = 3\nconfigurations = [\"dlx\"]\n[population]\ngivens = \"30-31\"\ncount = 2\n");
    let (stdout, err, code) = run(&["--seeds", "2"]);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("8 jobs"), "{stdout}");
    let (_, err, code) = stdout_of(&["study", "--generate", "9:easy:2"], "");
    assert_eq!(code, 2);
    assert!(err.contains("configurations: give at least one"), "{err}");
    let (_, err, _) = stdout_of(&["study", "--generate", "9:easy", "-c", "dlx"], "");
    assert!(err.contains("expected SIZE:CLASSES:COUNT"), "{err}");
    let (_, err, _) = stdout_of(&["study", "--generate", "9:17-16:2", "-c", "dlx"], "");
    assert!(err.contains("not a range of givens"), "{err}");
    let bad = dir.join("bad.txt");
    fs::write(&bad, "not a puzzle\n").unwrap();
    let (_, err, code) = stdout_of(
        &["study", "--puzzles", bad.to_str().unwrap(), "-c", "dlx"],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("line 1"), "{err}");
    let _ = fs::remove_dir_all(&dir);
}

/// `curves.csv` rows by job: (evaluations, cost) in file order.
fn curves_by_job(text: &str) -> std::collections::BTreeMap<usize, Vec<(u64, u32)>> {
    let mut jobs = std::collections::BTreeMap::new();
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        assert_eq!(f.len(), 7, "{line}");
        jobs.entry(f[0].parse().unwrap())
            .or_insert_with(Vec::new)
            .push((f[4].parse().unwrap(), f[5].parse().unwrap()));
    }
    jobs
}

#[test]
fn each_runs_anytime_curve_is_written_beside_its_record_and_resumes_with_it() {
    let out = folder("curves");
    let (stdout, err, code) = study(&out, &[]);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("curves.csv"), "{stdout}");
    let text = fs::read_to_string(out.join("curves.csv")).unwrap();
    assert_eq!(
        text.lines().next(),
        Some("job,configuration,puzzle,seed,evaluations,cost,time_ms")
    );
    let curves = curves_by_job(&text);
    let records = fs::read_to_string(out.join("records.csv")).unwrap();
    let (mut gave_up, mut improving) = (0, 0);
    for line in records.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let (job, configuration, outcome) = (f[0].parse::<usize>().unwrap(), f[1], f[7]);
        let (iterations, nodes): (u64, u64) = (f[9].parse().unwrap(), f[10].parse().unwrap());
        let curve = curves.get(&job).cloned().unwrap_or_default();
        for pair in curve.windows(2) {
            assert!(
                pair[1].1 < pair[0].1 && pair[1].0 >= pair[0].0,
                "job {job}: {curve:?}"
            );
        }
        let exact = configuration.starts_with("propagation");
        let spent = if exact { nodes } else { iterations };
        assert!(
            curve.iter().all(|&(e, _)| e <= spent),
            "job {job}: {curve:?} past {spent}"
        );
        match outcome {
            "verified" => assert_eq!(curve.last().map(|p| p.1), Some(0), "job {job}"),
            _ => {
                assert!(
                    curve.last().is_some_and(|p| p.1 > 0),
                    "job {job}: {outcome}"
                );
                gave_up += 1;
            }
        }
        if exact && outcome == "verified" {
            assert_eq!(curve, [(nodes, 0)], "an exact run: its nodes to the answer");
        }
        improving += usize::from(curve.len() > 1);
    }
    assert!(
        gave_up > 0 && improving > 0,
        "{gave_up} gave up, {improving} improved"
    );

    // Cut both files mid-line, as an interrupted study leaves them; the resumed study's curves
    // are the same runs' curves.
    let lines: Vec<&str> = records.lines().collect();
    fs::write(
        out.join("records.csv"),
        format!("{}\n{}", lines[..16].join("\n"), &lines[16][..20]),
    )
    .unwrap();
    let cut = text.len() * 2 / 3;
    fs::write(out.join("curves.csv"), &text[..cut]).unwrap();
    let (_, err, code) = study(&out, &[]);
    assert_eq!(code, 0, "{err}");
    let again = curves_by_job(&fs::read_to_string(out.join("curves.csv")).unwrap());
    assert_eq!(again, curves);
    let _ = fs::remove_dir_all(&out);
}

/// Whether LaTeX source closes every brace and environment it opens.
fn balanced(tex: &str) -> bool {
    let depth = tex
        .replace("\\{", "")
        .replace("\\}", "")
        .chars()
        .try_fold(0i32, |d, c| {
            let d = d + i32::from(c == '{') - i32::from(c == '}');
            (d >= 0).then_some(d)
        });
    depth == Some(0) && tex.matches("\\begin{").count() == tex.matches("\\end{").count()
}

#[test]
fn tables_print_as_latex_for_a_paper() {
    let out = folder("latex");
    let (stdout, err, code) = study(&out, &["--format", "tex"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(stdout.matches("\\begin{table}").count(), 2, "{stdout}");
    assert!(stdout.contains("\\toprule") && stdout.contains("\\bottomrule"));
    // The configurations' names and the per cents escaped; every line that is not LaTeX a
    // comment.
    assert!(stdout.contains("coloring-dsatur;list\\_size=3"), "{stdout}");
    assert!(stdout.contains("rate (95 \\% CI)"), "{stdout}");
    assert!(!stdout.contains("| configuration |"));
    assert!(stdout.contains("% 36 jobs; in "), "{stdout}");
    assert!(balanced(&stdout), "{stdout}");
    let (experiment, err, code) = stdout_of(
        &[
            "experiment",
            "filtering",
            "--format",
            "tex",
            "--csv",
            out.join("csv").to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(experiment.contains("s01a & 33 &"), "{experiment}");
    assert!(balanced(&experiment), "{experiment}");
    let _ = fs::remove_dir_all(&out);
}
