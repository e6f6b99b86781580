//! Lesson files: every mistake named with its step; every shipped lesson checks and plays.
use super::*;
use crate::model::query::Query;

const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn lesson(steps: &str) -> String {
    format!("title = \"T\"\naudience = \"first-year students\"\nsummary = \"S\"\n{steps}")
}

fn problems(text: &str) -> Vec<String> {
    match Lesson::parse(text) {
        Ok(lesson) => play(&lesson).1,
        Err(problems) => problems,
    }
}

#[test]
fn every_mistake_is_named_with_its_step() {
    let text = lesson(&format!(
        r#"
[[steps]]
lab = "puzzle={HARD}&algorithm=quantum"
text = "An unknown algorithm."
line = 2

[[steps]]
lab = "puzzle={HARD}&algorithm=dlx&step=5&run=1"
text = "Cells out of range, a line past the pseudo-code."
cells = ["r10c1", "x"]
line = 99

[[steps]]
lab = "puzzle={HARD}&algorithm=dlx&step=999999&run=1"
text = "Past the run's end."

[[steps]]
lab = "puzzle={HARD}&algorithm=dlx"
text = ""
question = {{ ask = "Which cell?", answer = "r1c2", check = "next-cell" }}
"#
    ));
    let found = problems(&text).join("\n");
    for needle in [
        "step 1: unknown algorithm 'quantum'",
        "step 2: cell 'r10c1' is outside the 9×9 board",
        "step 2: line 99 is not a line of dlx's pseudo-code",
        "step 4: the text is empty",
        "step 4: the answer is checked against the run (next-cell), but the step does not run",
    ] {
        assert!(found.contains(needle), "{needle} in\n{found}");
    }
    // The misspelt algorithm is said once, not also as "names no algorithm".
    assert!(!found.contains("names no algorithm"), "{found}");
    // Past the end is found by playing (the static checks pass first in a lesson without the
    // others' mistakes).
    let past = lesson(&format!(
        "[[steps]]\nlab = \"puzzle={HARD}&algorithm=dlx&step=999999&run=1\"\ntext = \"Past.\"\n"
    ));
    let found = problems(&past).join("\n");
    assert!(
        found.contains("step 1: step=999999 is past the run's end"),
        "{found}"
    );
}

#[test]
fn a_file_that_is_not_a_lesson_says_where() {
    let found = problems("title = \"T\"\nsteps = 3\n").join("\n");
    assert!(found.starts_with("not a lesson file"), "{found}");
    let found = problems(&lesson("colour = \"red\"\nsteps = []\n")).join("\n");
    assert!(found.contains("unknown field `colour`"), "{found}");
    assert!(problems(&lesson("steps = []\n"))
        .iter()
        .any(|p| p.contains("at least one step")));
}

#[test]
fn a_checked_answer_is_held_against_the_run() {
    let step = |answer: &str| {
        lesson(&format!(
            "[[steps]]\nlab = \"puzzle={HARD}&algorithm=fc-mrv&seed=1&step=3&run=1\"\ntext = \"Next?\"\nquestion = {{ ask = \"Which cell next?\", answer = \"{answer}\", check = \"next-cell\" }}\n"
        ))
    };
    // The run's own next cell, read from playing it.
    let (states, none) = play(&Lesson::parse(&step("r1c1")).unwrap());
    let state = states[0].clone().unwrap();
    assert_eq!(state.cursor, 3);
    let next = state.next_cell.expect("a cell is filled after event 3");
    let name = sudoku_core::cell_name(sudoku_core::Size::NINE, next);
    assert_eq!(
        problems(&step(&format!(
            "{name}, the cell with the fewest candidates"
        ))),
        Vec::<String>::new()
    );
    let wrong = if next == 0 { "r9c9" } else { "r1c1" };
    let found = problems(&step(wrong)).join("\n");
    assert!(
        found.contains(&format!("the next cell the run fills is {name}")),
        "{found} / {none:?}"
    );
}

#[test]
fn every_shipped_lesson_checks_and_plays_through() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/lessons");
    let mut names = Vec::new();
    for entry in std::fs::read_dir(dir).expect("web/lessons") {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            let text = std::fs::read_to_string(&path).unwrap();
            let lesson =
                Lesson::parse(&text).unwrap_or_else(|p| panic!("{}: {p:?}", path.display()));
            assert!(
                (6..=12).contains(&lesson.steps.len()),
                "{}: 6–12 steps",
                path.display()
            );
            let (states, problems) = play(&lesson);
            assert_eq!(problems, Vec::<String>::new(), "{}", path.display());
            assert!(
                states.iter().any(Option::is_some),
                "{}: a step runs",
                path.display()
            );
            names.push(path.file_stem().unwrap().to_string_lossy().into_owned());
        }
    }
    assert!(names.len() >= 2, "{names:?}");
    // The page's copies (JSON, made by build.rs) are the same lessons, in teaching order: the
    // introduction first, each lesson leading to the next.
    let mut page: Vec<&str> = shipped().iter().map(|(n, _)| *n).collect();
    assert_eq!(page[0], "sudoku-as-a-graph");
    for pair in page.windows(2) {
        assert_eq!(next_after(pair[0]).map(|(n, _)| n), Some(pair[1]));
    }
    assert_eq!(next_after(page[page.len() - 1]), None);
    assert_eq!(next_after("no-such-lesson"), None);
    page.sort();
    names.sort();
    assert_eq!(page, names);
    for (name, lesson) in shipped() {
        let text = std::fs::read_to_string(format!("{dir}/{name}.toml")).unwrap();
        assert_eq!(Lesson::parse(&text).unwrap(), lesson, "{name}");
    }
}

#[test]
fn a_text_becomes_paragraphs_with_strong_spans() {
    let text = "A **vertex** per cell,\nan edge per pair.\n\nSecond   paragraph.\n";
    assert_eq!(
        paragraphs(text),
        vec![
            vec![
                (false, "A ".to_string()),
                (true, "vertex".to_string()),
                (false, " per cell, an edge per pair.".to_string())
            ],
            vec![(false, "Second paragraph.".to_string())],
        ]
    );
}

#[test]
fn the_readme_example_is_a_lesson_that_plays() {
    let readme = include_str!("../../../../../README.md");
    let start = readme
        .find("**Writing a lesson.**")
        .expect("the README says how to write a lesson");
    let block = &readme[start..];
    let begin = block.find("```toml\n").expect("an example") + "```toml\n".len();
    let end = begin + block[begin..].find("```").unwrap();
    let lesson = Lesson::parse(&block[begin..end]).unwrap();
    let (states, problems) = play(&lesson);
    assert_eq!(problems, Vec::<String>::new());
    assert!(states[0].is_some());
}

#[test]
fn a_lesson_comes_from_its_name_the_pasted_one_or_a_file() {
    let source = |search: &str| Source::from_query(&Query::from_search(search));
    assert_eq!(
        source("lesson=sudoku-as-a-graph&step=2"),
        Some(Source::Shipped("sudoku-as-a-graph".into()))
    );
    assert_eq!(source("lesson=pasted"), Some(Source::Pasted));
    assert_eq!(
        source("lesson_url=lessons%2Fmine.toml&step=3"),
        Some(Source::Url("lessons/mine.toml".into()))
    );
    assert_eq!(source("puzzle=1"), None);
    // Each source's step link reads back as the same source and step.
    for s in [
        Source::Shipped("greedy-colouring".into()),
        Source::Pasted,
        Source::Url("https://lab.example/lessons/a b.toml?v=1&x=2".into()),
    ] {
        let query = s.query(4, true);
        let back = Query::from_search(&query.to_search());
        assert_eq!(back.errors, Vec::<String>::new());
        assert_eq!(
            (Source::from_query(&back), back.step, back.embed),
            (Some(s), Some(4), true)
        );
    }
    // No shipped lesson hides the pasted one.
    assert!(shipped().iter().all(|(name, _)| *name != PASTED));
    assert!(Query::from_search("lesson_url=")
        .errors
        .iter()
        .any(|e| e.contains("lesson_url is empty")));
}

#[test]
fn a_lesson_file_is_read_from_the_labs_own_origin_only() {
    let lab = "https://lab.example";
    assert_eq!(allowed_origin(lab, lab, "lessons/a.toml"), Ok(()));
    for other in [
        "https://evil.example",
        "http://lab.example",
        "https://lab.example:8443",
        "null",
    ] {
        let refused = allowed_origin(other, lab, "x.toml").unwrap_err();
        assert!(
            refused.contains("not on this page's origin (https://lab.example)"),
            "{refused}"
        );
    }
    // A page with an opaque origin (a file or a sandboxed frame) reads no file at all.
    assert!(allowed_origin("null", "null", "x.toml").is_err());
}

#[test]
fn a_pasted_file_too_large_or_empty_is_named() {
    let huge = lesson(&format!("# {}\n", "x".repeat(MAX_FILE_BYTES)));
    assert!(read(&huge).unwrap_err()[0].contains("at most 262144"));
    assert_eq!(
        read("  \n").unwrap_err(),
        vec!["the lesson file is empty".to_string()]
    );
    let one = lesson(&format!(
        "[[steps]]\nlab = \"puzzle={HARD}\"\ntext = \"A step.\"\n"
    ));
    assert_eq!(read(&one).unwrap().steps.len(), 1);
    // Text that is not TOML at all, as a wrong file would be.
    assert!(read("\u{fffd}PNG\u{fffd}\u{0}").unwrap_err()[0].starts_with("not a lesson file"));
}
