//! The URL contract: every parameter read, checked and printed back.

use super::*;

const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn a_full_query_round_trips() {
    let q = Query::parse([
        ("p.max_iterations", "500"),
        ("algorithm", "tabu-ac3"),
        ("puzzle", HARD),
        ("seed", "7"),
        ("view", "graph"),
        ("step", "12"),
        ("speed", "40"),
        ("autoplay", "0"),
        ("from", "3"),
        ("to", "40"),
        ("loop", "1"),
        ("controls", "0"),
        ("embed", "1"),
        ("run", "1"),
    ]);
    assert_eq!(q.errors, Vec::<String>::new());
    assert_eq!(
        (q.from, q.to, q.looping, q.controls),
        (Some(3), Some(40), true, Some(false))
    );
    assert_eq!(q.algorithm, Some(Algorithm::TabuAc3));
    assert_eq!(q.params["max_iterations"], "500");
    assert_eq!((q.seed, q.step, q.speed), (Some(7), Some(12), Some(40)));
    assert_eq!(
        (q.view, q.autoplay, q.run),
        (Some(View::Graph), Some(false), true)
    );
    assert!(q.embed);
    let search = q.to_search();
    assert!(search.starts_with(&format!("?puzzle={HARD}&algorithm=tabu-ac3&seed=7")));
    // Reading the printed form back gives the same query.
    let pairs: Vec<(String, String)> = search[1..]
        .split('&')
        .map(|kv| {
            let (k, v) = kv.split_once('=').unwrap();
            (k.to_string(), v.to_string())
        })
        .collect();
    let again = Query::parse(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    assert_eq!(again, q);
}

#[test]
fn bad_values_are_named_with_the_valid_choices() {
    let q = Query::parse([
        ("algorithm", "quantum"),
        ("seed", "-3"),
        ("view", "3d"),
        ("speed", "101"),
        ("run", "maybe"),
        ("p.max_nodes", "lots"),
        ("p.tenure", "3"),
        ("colour", "red"),
    ]);
    let all = q.errors.join("\n");
    for needle in [
        "unknown algorithm 'quantum': choose one of backtracking",
        "seed='-3'",
        "view='3d'",
        "speed='101'",
        "run='maybe'",
        "max_nodes = 'lots' is not valid",
        "propagation has no parameter 'tenure'",
        "unknown URL parameter 'colour'",
    ] {
        assert!(all.contains(needle), "{needle} missing from\n{all}");
    }
    assert_eq!(q.algorithm, None);
    assert!(!q.run);
}

#[test]
fn values_in_messages_are_shortened_and_cleaned() {
    let long = format!("x\u{7}{}", "y".repeat(100));
    let q = Query::parse([("algorithm", long.as_str())]);
    assert!(q.errors[0].contains("'xyyy"), "{}", q.errors[0]);
    assert!(!q.errors[0].contains('\u{7}'));
    assert!(q.errors[0].len() < 400);
    let huge = "1".repeat(MAX_VALUE + 1);
    let q = Query::parse([("puzzle", huge.as_str())]);
    assert_eq!(q.puzzle, None);
    assert!(q.errors[0].contains("too long"));
}

#[test]
fn compare_lists_round_trip_and_bad_entries_are_named() {
    let q = Query::parse([
        (
            "compare",
            "dlx,tabu-ac3;max_iterations=500;seed=3,genetic;population=500",
        ),
        ("puzzle", HARD),
        ("run", "1"),
    ]);
    assert_eq!(q.errors, Vec::<String>::new());
    assert_eq!(q.compare.len(), 3);
    assert_eq!(q.compare[1].seed, Some(3));
    assert_eq!(q.compare[1].params["max_iterations"], "500");
    let search = q.to_search();
    assert!(
        search.contains("compare=dlx,tabu-ac3;max_iterations=500;seed=3,genetic;population=500")
    );
    // Parameters that do not go together are named at once, not when the run fails.
    let clash = Query::parse([("compare", "genetic;population=50")]);
    assert!(clash.errors[0].contains("elite = 120 must be less than population = 50"));
    let bad = Query::parse([(
        "compare",
        "dlx,quantum,tabu-ac3;tenure=x,norvig;colour=red,fc-mrv;seed=-1,norvig;max_nodes",
    )]);
    let all = bad.errors.join("\n");
    for needle in [
        "unknown algorithm 'quantum'",
        "tenure = 'x' is not valid",
        "norvig has no parameter 'colour'",
        "seed='-1'",
        "'max_nodes' is not NAME=VALUE",
    ] {
        assert!(all.contains(needle), "{needle} missing from\n{all}");
    }
    assert_eq!(bad.compare.len(), 1, "the valid one is kept");
    let many = ["dlx"; 9].join(",");
    let q = Query::parse([("compare", many.as_str())]);
    assert_eq!(q.compare.len(), MAX_COMPARE);
    assert!(q.errors[0].contains("at most 8"));
}

#[test]
fn encoding_keeps_puzzle_lines_readable() {
    assert_eq!(encode("4..1"), "4..1");
    assert_eq!(encode("a b&c=d"), "a%20b%26c%3Dd");
    assert_eq!(encode("é"), "%C3%A9");
}

#[test]
fn a_search_text_is_decoded_as_the_browser_decodes_it() {
    let query = Query::from_search("?algorithm=coloring-dfs&p.max_iter=3%30&puzzle=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......&compare=dlx%2Cnorvig&x=%zz+1");
    assert_eq!(query.algorithm.map(|a| a.id()), Some("coloring-dfs"));
    // An old parameter name (max_iter) is read as the current one.
    assert_eq!(
        query.params.get("max_iterations").map(String::as_str),
        Some("30")
    );
    assert_eq!(query.compare.len(), 2);
    assert_eq!(decode("%zz+1%4"), "%zz 1%4");
    assert_eq!(decode("%E2%9C%93%FF"), "✓\u{FFFD}");
}

#[test]
fn a_study_query_round_trips_readably() {
    let query = Query::from_search(
        "page=study&generate=9:easy,hard:20&symmetry=180&configs=coloring-bfs;origin=random,dlx&seeds=3&max_iterations=500&seed=4&run=1",
    );
    assert_eq!(query.errors, Vec::<String>::new());
    assert_eq!(query.page, Some(Page::Study));
    assert_eq!(query.generate.as_deref(), Some("9:easy,hard:20"));
    assert_eq!(query.configs, vec!["coloring-bfs;origin=random", "dlx"]);
    assert_eq!(
        (query.seeds, query.budget, query.seed),
        (Some(3), Some(500), Some(4))
    );
    let search = query.to_search();
    assert!(search.contains("generate=9:easy,hard:20"), "{search}");
    // The budget's old name is read, and the link says the new one.
    assert!(search.contains("&budget=500"), "{search}");
    assert!(!search.contains("max_iterations"), "{search}");
    assert!(
        search.contains("configs=coloring-bfs;origin=random,dlx"),
        "{search}"
    );
    let back = Query::from_search(&search);
    assert_eq!(
        (back.generate, back.configs, back.symmetry),
        (query.generate, query.configs, query.symmetry)
    );
    assert!(Query::from_search("seeds=0").errors[0].starts_with("seeds="));
}

#[test]
fn simd_off_is_kept_in_links_and_a_bad_value_named() {
    let q = Query::from_search("?algorithm=dlx&simd=0");
    assert_eq!((q.simd, q.errors.len()), (Some(false), 0));
    assert_eq!(Query::from_search(&q.to_search()).simd, Some(false));
    // On is the default: not printed.
    assert!(!Query::from_search("?simd=1").to_search().contains("simd"));
    assert_eq!(
        Query::from_search("?simd=maybe").errors,
        vec!["simd='maybe' is not understood: use 1 or 0".to_string()]
    );
}

#[test]
fn a_range_must_run_forwards() {
    let q = Query::from_search("?from=40&to=40&loop=sometimes&controls=2");
    let all = q.errors.join("\n");
    for needle in [
        "from=40 is not before to=40: playing the whole run",
        "loop='sometimes' is not understood: use 1 or 0",
        "controls='2' is not understood",
    ] {
        assert!(all.contains(needle), "{needle} not in {all}");
    }
    assert_eq!(
        (q.from, q.to, q.looping, q.controls),
        (None, None, false, None)
    );
    let q = Query::from_search("?to=x");
    assert_eq!(q.errors, ["to='x' is not an event number"]);
}

#[test]
fn an_iframe_escapes_its_address() {
    let html = iframe("https://lab.example/?a=1&b=\"2\"", "Sudoku Lab: DLX");
    assert_eq!(
        html,
        "<iframe src=\"https://lab.example/?a=1&amp;b=%222%22\" title=\"Sudoku Lab: DLX\" \
         width=\"760\" height=\"900\" style=\"border:0\" loading=\"lazy\" \
         sandbox=\"allow-scripts allow-same-origin allow-popups\"></iframe>"
    );
}

#[test]
fn a_recorded_run_is_read_from_the_labs_own_origin_only() {
    let q = Query::from_search("?trace_url=runs%2Ffirst.trace&step=3");
    assert_eq!(q.trace_url.as_deref(), Some("runs/first.trace"));
    assert!(q.to_search().starts_with("?trace_url=runs%2Ffirst.trace"));
    assert_eq!(
        Query::from_search("?trace_url=").errors,
        ["trace_url is empty: give a file's address"]
    );
    let lab = "https://lab.example";
    assert_eq!(own_origin("trace_url", "runs/a.trace", lab, lab), Ok(()));
    let refused = own_origin(
        "trace_url",
        "https://evil.example/a.trace",
        "https://evil.example",
        lab,
    )
    .unwrap_err();
    assert_eq!(
        refused,
        "trace_url=https://evil.example/a.trace is not on this page's origin (https://lab.example): \
         the lab reads files only from where it is served"
    );
    assert!(own_origin("trace_url", "a.trace", "null", "null").is_err());
}
