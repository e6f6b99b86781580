//! `solve --trace` and `render`: a run kept as a file, read back, run again, drawn.

mod common;

use common::{scratch_dir, stdout_of, HARD, HARD_SOLVED};

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn path(dir: &std::path::Path, name: &str) -> String {
    dir.join(name).to_string_lossy().into_owned()
}

/// The header lines of a binary trace.
fn header(file: &str) -> Vec<String> {
    let bytes = std::fs::read(file).unwrap();
    let end = bytes.windows(2).position(|w| w == b"\n\n").unwrap();
    String::from_utf8(bytes[..end].to_vec())
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn a_solved_puzzles_trace_is_written_and_its_last_frame_is_the_answer() {
    let dir = scratch_dir("trace-answer");
    std::fs::create_dir_all(&dir).unwrap();
    let file = path(&dir, "run.trace");
    let (out, err, code) = stdout_of(
        &["solve", "-a", "dlx", "--seed", "4", "--trace", &file],
        &format!("{HARD}\n"),
    );
    assert_eq!((out.trim(), code), (HARD_SOLVED, 0), "{err}");
    let lines = header(&file);
    assert_eq!(lines[0], "SUDOKU-LAB-TRACE 1");
    for expected in [
        format!("puzzle {HARD}"),
        "configuration dlx".into(),
        "seed 4".into(),
        "outcome verified".into(),
        "dropped 0".into(),
    ] {
        assert!(lines.contains(&expected), "{expected} not in {lines:?}");
    }
    let (svg, err, code) = stdout_of(&["render", &file], "");
    assert_eq!(code, 0, "{err}");
    // The last frame's digits, in reading order, are the verified answer.
    let drawn: String = svg
        .split("data-value=\"")
        .skip(1)
        .map(|rest| rest[..rest.find('"').unwrap()].to_string())
        .collect();
    assert_eq!(drawn, HARD_SOLVED);
    let (first, _, _) = stdout_of(&["render", &file, "--step", "0"], "");
    let givens: String = first
        .split("data-value=\"")
        .skip(1)
        .map(|rest| rest[..rest.find('"').unwrap()].replace('0', "."))
        .collect();
    assert_eq!(givens, HARD);
}

#[test]
fn every_form_of_a_trace_draws_the_same_frames() {
    let dir = scratch_dir("trace-forms");
    std::fs::create_dir_all(&dir).unwrap();
    let mut drawings = Vec::new();
    for name in ["t.trace", "t.trace.gz", "t.json", "t.json.gz"] {
        let file = path(&dir, name);
        let (_, err, code) = stdout_of(
            &["solve", "-a", "norvig", "--trace", &file],
            &format!("{EASY}\n"),
        );
        assert_eq!(code, 0, "{err}");
        let (svg, err, code) = stdout_of(&["render", &file, "--step", "20", "--candidates"], "");
        assert_eq!(code, 0, "{name}: {err}");
        drawings.push(svg);
    }
    assert!(drawings.windows(2).all(|w| w[0] == w[1]));
    let json = std::fs::read_to_string(path(&dir, "t.json")).unwrap();
    assert!(json.starts_with("{\"format\":\"sudoku-lab-trace\",\"version\":1,"));
}

#[test]
fn a_line_pattern_traces_every_puzzle_and_one_path_the_first() {
    let dir = scratch_dir("trace-lines");
    std::fs::create_dir_all(&dir).unwrap();
    let input = format!("{EASY}\nnot a puzzle\n{HARD}\n");
    let (out, _, code) = stdout_of(
        &["solve", "--trace", &path(&dir, "line-{line}.trace")],
        &input,
    );
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 3);
    assert!(dir.join("line-1.trace").exists() && dir.join("line-3.trace").exists());
    assert!(!dir.join("line-2.trace").exists());
    assert!(header(&path(&dir, "line-3.trace")).contains(&format!("puzzle {HARD}")));

    let (out, err, code) = stdout_of(&["solve", "--trace", &path(&dir, "one.trace")], &input);
    assert_eq!((out.lines().count(), code), (3, 0));
    assert!(header(&path(&dir, "one.trace")).contains(&format!("puzzle {EASY}")));
    assert!(
        err.contains("kept the run of line 1 only (1 other puzzle not traced)"),
        "{err}"
    );
}

/// One path keeps the first parsed puzzle's run, whichever thread answers first.
#[test]
fn one_path_keeps_the_first_parsed_puzzle_on_any_thread() {
    let dir = scratch_dir("trace-first");
    std::fs::create_dir_all(&dir).unwrap();
    let input = format!("not a puzzle\n{HARD}\n{}", format!("{EASY}\n").repeat(60));
    let file = path(&dir, "first.trace");
    let (out, err, code) = stdout_of(&["solve", "--threads", "2", "--trace", &file], &input);
    assert_eq!((out.lines().count(), code), (62, 0), "{err}");
    assert!(header(&file).contains(&format!("puzzle {HARD}")));
    assert!(
        err.contains("kept the run of line 2 only (60 other puzzles not traced)"),
        "{err}"
    );
}

#[test]
fn bad_trace_files_and_paths_get_a_message() {
    let dir = scratch_dir("trace-bad");
    std::fs::create_dir_all(&dir).unwrap();
    let (out, err, code) = stdout_of(
        &["solve", "--trace", &path(&dir, "missing/x.trace")],
        &format!("{EASY}\n"),
    );
    // The answer still comes; the exit code says the trace was not kept.
    assert_eq!((out.lines().count(), code), (1, 1));
    assert!(err.contains("line 1: trace not written"), "{err}");

    let not_trace = path(&dir, "puzzle.txt");
    std::fs::write(&not_trace, EASY).unwrap();
    let (_, err, code) = stdout_of(&["render", &not_trace], "");
    assert_eq!(code, 2);
    assert!(err.contains("not a Sudoku Lab trace"), "{err}");

    let file = path(&dir, "t.trace");
    stdout_of(&["solve", "--trace", &file], &format!("{EASY}\n"));
    let bytes = std::fs::read(&file).unwrap();
    let cut = path(&dir, "cut.trace");
    std::fs::write(&cut, &bytes[..bytes.len() - 7]).unwrap();
    let (_, err, code) = stdout_of(&["render", &cut], "");
    assert_eq!(code, 2);
    assert!(err.contains("cut short"), "{err}");

    let (_, err, code) = stdout_of(&["render", &file, "--step", "999999"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--step 999999: the trace has"), "{err}");

    let garbage = path(&dir, "garbage.gz");
    std::fs::write(&garbage, [0x1f, 0x8b, 1, 2, 3]).unwrap();
    let (_, err, code) = stdout_of(&["render", &garbage], "");
    assert_eq!(code, 2);
    assert!(err.contains("garbage.gz"), "{err}");
}

#[test]
fn a_range_of_frames_is_one_file_per_step_in_playing_order() {
    let dir = scratch_dir("trace-frames");
    std::fs::create_dir_all(&dir).unwrap();
    let file = path(&dir, "t.trace");
    stdout_of(
        &["solve", "-a", "dlx", "--trace", &file],
        &format!("{EASY}\n"),
    );
    let pattern = path(&dir, "f-{step}.svg");
    let (_, err, code) = stdout_of(
        &[
            "render", &file, "--from", "0", "--to", "12", "--every", "4", "-o", &pattern,
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".svg"))
        .collect();
    names.sort();
    assert_eq!(names, ["f-00.svg", "f-04.svg", "f-08.svg", "f-12.svg"]);
    // Each frame is the one --step draws.
    let (single, _, _) = stdout_of(&["render", &file, "--step", "8"], "");
    let frame = std::fs::read_to_string(dir.join("f-08.svg")).unwrap();
    assert_eq!(single.trim_end(), frame);

    let (_, err, code) = stdout_of(&["render", &file, "--from", "0", "--to", "3"], "");
    assert_eq!(code, 2);
    assert!(err.contains("{step}"), "{err}");
    let (_, err, code) = stdout_of(
        &["render", &file, "--from", "5", "--to", "3", "-o", &pattern],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("after --to"), "{err}");
}

#[test]
fn the_graph_view_is_drawn_with_every_vertex_labelled_as_its_cell() {
    let dir = scratch_dir("trace-graph");
    std::fs::create_dir_all(&dir).unwrap();
    let file = path(&dir, "t.trace");
    stdout_of(
        &["solve", "-a", "dlx", "--trace", &file],
        &format!("{HARD}\n"),
    );
    let (board, _, _) = stdout_of(&["render", &file], "");
    for view in ["graph", "circle"] {
        let (graph, err, code) = stdout_of(&["render", &file, "--view", view], "");
        assert_eq!(code, 0, "{err}");
        assert!(graph.contains("data-view=\"graph\""));
        let labels = |svg: &str| -> Vec<String> {
            svg.split("aria-label=\"row ")
                .skip(1)
                .map(|rest| rest[..rest.find('"').unwrap()].to_string())
                .collect()
        };
        assert_eq!(labels(&graph), labels(&board), "{view}");
        // At the last step, the last event's vertex has its 20 edges drawn over the others.
        assert_eq!(graph.matches("<path ").count(), 810 + 20, "{view}");
        let (start, _, _) = stdout_of(&["render", &file, "--view", view, "--step", "0"], "");
        assert_eq!(
            start.matches("<path ").count(),
            810,
            "{view}: every edge at 9×9"
        );
    }
}
