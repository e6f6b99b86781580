//! The puzzle tools of the CLI: rate, explain, generate, fill and reduce.

mod common;

use common::{stdout_of, HARD};

#[test]
fn rate_answers_each_line_with_level_rating_and_technique() {
    let easy = ".4....179..2..8.54..6..5..8.8..7.91..5..9..3..19.6..4.3..4..7..57.1..2..928....6.";
    let escargot =
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
    let empty = ".".repeat(81);
    let input = format!("{easy}\n{escargot}\n{empty}\n12345\n{HARD}\n");
    let (out, err, code) = stdout_of(&["rate", "--threads", "2"], &input);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    let fields: Vec<&str> = lines[0].split(' ').collect();
    assert_eq!(fields[0], "easy", "{out}");
    assert!(fields[1].parse::<f32>().unwrap() <= 2.3);
    // AI Escargot: forcing chains, no guess.
    assert!(
        lines[1].starts_with("extreme ") && lines[1].ends_with("forcing-chain"),
        "{out}"
    );
    assert_eq!(lines[2], "not unique");
    assert!(lines[3].starts_with("invalid: line 4: "), "{out}");
    assert!(
        ["easy", "medium", "hard", "expert", "extreme"]
            .contains(&lines[4].split(' ').next().unwrap()),
        "{out}"
    );
}

/// `--scale se` tells Sudoku Explainer's ER/EP/ED; `--format csv` every scale, one row per
/// puzzle, the bad ones named in the level column and the rest still answered.
#[test]
fn rate_tells_sudoku_explainers_scale_and_a_csv_table() {
    // SE rates it 2.6/1.5/1.5 (pointing), tests/data/serate.tsv.
    let pointing =
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";
    let empty = ".".repeat(81);
    let input = format!("{pointing}\n{empty}\n12345\n{HARD}\n");
    let (out, err, code) = stdout_of(&["rate", "--scale", "se"], &input);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "2.6/1.5/1.5 pointing", "{out}");
    assert_eq!(lines[1], "not unique");
    assert!(lines[2].starts_with("invalid: line 3: "), "{out}");
    let numbers: Vec<f32> = lines[3]
        .split(' ')
        .next()
        .unwrap()
        .split('/')
        .map(|x| x.parse().unwrap())
        .collect();
    assert!(
        numbers[2] <= numbers[1] && numbers[1] <= numbers[0],
        "{out}"
    );

    let (csv, err, code) = stdout_of(&["rate", "--format", "csv"], &input);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<Vec<&str>> = csv.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(
        rows[0],
        [
            "line",
            "puzzle",
            "level",
            "rating",
            "technique",
            "er",
            "ep",
            "ed",
            "se_technique",
            "hodoku_level",
            "hodoku_score",
            "hodoku_technique"
        ]
    );
    assert!(rows.iter().all(|r| r.len() == 12), "{csv}");
    assert_eq!(
        rows[1][..9],
        ["1", pointing, "medium", "2.6", "pointing", "2.6", "1.5", "1.5", "pointing"]
    );
    // HoDoKu's level and a score from its path (hodoku-py: medium 916, tests/data/hodoku.tsv).
    assert_eq!(rows[1][9], "medium");
    assert!(rows[1][10].parse::<u32>().is_ok(), "{csv}");
    assert_eq!(rows[2][2], "not unique");
    assert_eq!((rows[3][0], rows[3][2]), ("3", "invalid"));
    assert!(err.contains("line 3"), "{err}");
    assert_eq!(rows[4][0], "4");
}

/// `--scale hodoku` tells HoDoKu's level, score and hardest technique: on these puzzles the
/// same as hodoku-py's (tests/data/hodoku.tsv); a puzzle that is not one is named as on every
/// scale.
#[test]
fn rate_tells_hodokus_scale() {
    let input = ".................1..2..3........4....1..5...6.6....17....7.......4...32...5.6..8.\n\
                 .................1..2..3.4........5......642..7..8.......4.2.3..1........89.....7\n\
                 .................1..2..3.4......5.3...6.7.....1......8...6.......9...25.7..1.8...\n\
                 1234\n";
    let (out, err, code) = stdout_of(&["rate", "--scale", "hodoku"], input);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[..3],
        [
            "medium 746 pointing",
            "medium 876 naked-pair",
            "medium 676 pointing"
        ],
        "{out}"
    );
    assert!(lines[3].starts_with("invalid: line 4: "), "{out}");
}

#[test]
fn explain_gives_the_steps_in_words() {
    let easy = ".4....179..2..8.54..6..5..8.8..7.91..5..9..3..19.6..4.3..4..7..57.1..2..928....6.";
    let (out, err, code) = stdout_of(&["explain"], &format!("{easy}\n"));
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "# puzzle 1 (line 1)");
    assert!(lines[1].starts_with("1. "), "{out}");
    assert!(
        lines[1].contains("single") || lines[1].contains("full house"),
        "{out}"
    );
    assert!(lines.last().unwrap().starts_with("solved in "), "{out}");
    // One step per empty cell at least (each placement is a step).
    let empties = easy.chars().filter(|&c| c == '.').count();
    assert!(lines.len() - 2 >= empties, "{out}");
}

#[test]
fn generate_gives_the_same_unique_puzzles_at_their_level_on_any_threads() {
    let args = |threads: &str| {
        stdout_of(
            &[
                "generate",
                "--count",
                "6",
                "--seed",
                "11",
                "--difficulty",
                "medium",
                "--symmetry",
                "180",
                "--threads",
                threads,
            ],
            "",
        )
    };
    let (one, err, code) = args("1");
    assert_eq!(code, 0, "{err}");
    assert_eq!(one, args("2").0, "the same seed gives the same puzzles");
    assert_eq!(one.lines().count(), 6);
    let (counts, _, _) = stdout_of(&["count", "-"], &one);
    assert!(counts.lines().all(|l| l == "1"), "{counts}");
    let (rates, _, _) = stdout_of(&["rate", "-"], &one);
    assert!(rates.lines().all(|l| l.starts_with("medium ")), "{rates}");
    let (_, err, code) = stdout_of(&["generate", "--size", "4", "--level", "extreme"], "");
    assert_eq!(code, 2);
    assert!(
        err.starts_with("sudoku: --level:")
            && err.contains("4×4 puzzles never need more than singles"),
        "{err}"
    );
    // The old name of the flag still works.
    let (old, _, code) = stdout_of(&["generate", "--difficulty", "easy", "--seed", "3"], "");
    let (new, _, _) = stdout_of(&["generate", "--level", "easy", "--seed", "3"], "");
    assert_eq!((code, &old), (0, &new));
    let (_, err, code) = stdout_of(&["generate", "--symmetry", "spiral"], "");
    assert_eq!(code, 2);
    assert!(err.contains("none, 180, 90, mirror or diagonal"), "{err}");
    let (_, err, code) = stdout_of(&["generate", "--minimality", "quick"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("--minimality: no 'quick': use exact or logic"),
        "{err}"
    );
    // Below 25×25 both tests are exact: the same puzzles.
    let (logic, _, code) = stdout_of(&["generate", "--minimality", "logic", "--seed", "3"], "");
    let (exact, _, _) = stdout_of(&["generate", "--seed", "3"], "");
    assert_eq!((code, &logic), (0, &exact));
}

/// `--hodoku LEVEL` and `--er RANGE` keep the puzzles rated so on those scales (as `rate`
/// rates them); a bad level or range is named.
#[test]
fn generate_meets_a_level_on_hodokus_scale_and_an_er_range() {
    let (unfair, err, code) = stdout_of(
        &[
            "generate", "--count", "3", "--seed", "5", "--hodoku", "unfair",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(unfair.lines().count(), 3);
    let (rates, _, _) = stdout_of(&["rate", "--scale", "hodoku", "-"], &unfair);
    assert!(rates.lines().all(|l| l.starts_with("unfair ")), "{rates}");
    let (ranged, err, code) = stdout_of(
        &[
            "generate", "--count", "2", "--seed", "5", "--er", "6.0-7.5", "--level", "expert",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let (rates, _, _) = stdout_of(&["rate", "--scale", "se", "-"], &ranged);
    for line in rates.lines() {
        let er: f32 = line.split('/').next().unwrap().parse().unwrap();
        assert!((6.0..=7.5).contains(&er), "{rates}");
    }
    let (lab, _, _) = stdout_of(&["rate", "-"], &ranged);
    assert!(lab.lines().all(|l| l.starts_with("expert ")), "{lab}");
    for (flag, value, says) in [
        ("--hodoku", "insane", "sudoku: --hodoku: no level 'insane'"),
        ("--er", "9.0-8.0", "sudoku: --er: '9.0-8.0' is not an ER"),
        ("--er", "x", "sudoku: --er: 'x' is not an ER"),
    ] {
        let (_, err, code) = stdout_of(&["generate", flag, value], "");
        assert_eq!(code, 2);
        assert!(err.starts_with(says), "{err}");
    }
}

#[test]
fn generate_with_givens_gives_unique_puzzles_with_exactly_that_many() {
    let (out, err, code) = stdout_of(
        &["generate", "--givens", "27", "--count", "8", "--seed", "4"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 8);
    for line in out.lines() {
        let givens = line.chars().filter(|c| *c != '.').count();
        assert_eq!(givens, 27, "{line}");
    }
    let (counts, _, _) = stdout_of(&["count", "-"], &out);
    assert!(counts.lines().all(|l| l == "1"), "{counts}");
    let (_, err, code) = stdout_of(&["generate", "--givens", "16"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("--givens: no unique 9×9 puzzle has 16 givens: use 17 to 81"),
        "{err}"
    );
}

#[test]
fn fill_gives_both_constructions_at_every_size_and_valid_transformed_grids() {
    for size in ["4", "9", "16", "25"] {
        let mut grids = Vec::new();
        for method in ["rows", "blocks"] {
            let (out, err, code) = stdout_of(&["fill", "--size", size, "--method", method], "");
            assert_eq!(code, 0, "{err}");
            grids.push(out.clone());
            let (random, _, _) = stdout_of(
                &[
                    "fill", "--size", size, "--method", method, "--random", "5", "--seed", "3",
                ],
                "",
            );
            assert_eq!(random.lines().count(), 5);
            // Full grids: each has exactly one solution, itself.
            let (counted, _, _) = stdout_of(&["count"], &format!("{out}{random}"));
            assert_eq!(counted, "1\n".repeat(6), "{size} {method}");
            let (solved, _, _) = stdout_of(&["solve"], &random);
            assert_eq!(solved, random, "a full grid solves to itself");
        }
        if size != "4" {
            assert_ne!(grids[0], grids[1], "{size}");
        }
    }
    let (_, err, code) = stdout_of(&["fill", "--size", "10"], "");
    assert_eq!(code, 2, "{err}");
}

/// Latin square completion through Sudoku: reduce, solve, read back, one answer per line, the
/// first stage's messages kept; incompletable squares come back as `no solution`.
#[test]
fn reduce_solve_and_back_complete_latin_squares_line_for_line() {
    let squares = "1...\n# comment\n12.......\n11..\n1.2.3....\n..........3..2\n....3....2......\n";
    let (reduced, _, code) = stdout_of(&["reduce"], squares);
    assert_eq!(code, 0);
    let lines: Vec<&str> = reduced.lines().collect();
    assert_eq!(lines.len(), 6);
    assert_eq!(
        (lines[0].len(), lines[1].len(), lines[5].len()),
        (16, 81, 256)
    );
    assert_eq!(
        lines[2],
        "invalid: line 4: 1 twice in row 1: not a partial Latin square"
    );
    let (solved, _, _) = stdout_of(&["solve"], &reduced);
    let (back, _, _) = stdout_of(&["reduce", "--back"], &solved);
    let back: Vec<&str> = back.lines().collect();
    assert_eq!(back[0], "1221");
    assert_eq!(back[1], "123231312");
    assert_eq!(back[2], lines[2], "the first message survives the pipeline");
    assert_eq!(
        back[3], "no solution",
        "1.2/.3./...: column 2 needs a 3 twice"
    );
    assert!(
        back[4].starts_with("invalid: line 6: 14 symbols"),
        "{}",
        back[4]
    );
    // The order-4 square: a completion that keeps its entries and is Latin.
    let square: Vec<u8> = back[5].bytes().map(|b| b - b'0').collect();
    assert_eq!(square.len(), 16);
    assert_eq!((square[4], square[9]), (3, 2));
    for i in 0..4 {
        let mut row: Vec<u8> = (0..4).map(|j| square[i * 4 + j]).collect();
        let mut col: Vec<u8> = (0..4).map(|j| square[j * 4 + i]).collect();
        row.sort();
        col.sort();
        assert_eq!((row, col), (vec![1, 2, 3, 4], vec![1, 2, 3, 4]));
    }
}

#[test]
fn reduce_to_cnf_writes_dimacs_that_names_its_encoding() {
    let (out, err, code) = stdout_of(&["reduce", "--to", "cnf"], &format!("{HARD}\n"));
    assert_eq!(code, 0, "{err}");
    let givens = HARD.bytes().filter(|&b| b != b'.').count();
    // Extended encoding: 11,988 clauses (Lynce & Ouaknine) and one unit clause per given.
    assert!(
        out.contains(&format!("p cnf 729 {}\n", 11_988 + givens)),
        "{out}"
    );
    assert!(out.starts_with("c Sudoku 9x9 as SAT (extended encoding, pairwise at-most-one)"));
    // r1c1 = 4 is variable 0·9 + 4.
    assert!(out.contains("\n4 0\n"), "{}", &out[..400]);
    let clauses = out.lines().filter(|l| !l.starts_with(['c', 'p'])).count();
    assert_eq!(clauses, 11_988 + givens);
    let (minimal, _, _) = stdout_of(
        &[
            "reduce",
            "--to",
            "cnf",
            "-p",
            "encoding=minimal",
            "-p",
            "at_most_one=sequential",
        ],
        &format!("{HARD}\n"),
    );
    assert!(minimal.contains("(minimal encoding, sequential at-most-one)"));
}

#[test]
fn reduce_to_cnf_writes_a_file_per_puzzle_and_names_bad_lines() {
    let dir = common::scratch_dir("cnf");
    std::fs::create_dir_all(&dir).unwrap();
    let dir_arg = dir.to_str().unwrap();
    let input = format!("{HARD}\n12345\n{}\n", ".".repeat(16));
    let (out, err, code) = stdout_of(&["reduce", "--to", "cnf", "--out", dir_arg], &input);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(
        lines[0].ends_with("1.cnf") && lines[2].ends_with("3.cnf"),
        "{out}"
    );
    assert!(lines[1].starts_with("invalid: line 2: "), "{out}");
    let four = std::fs::read_to_string(dir.join("3.cnf")).unwrap();
    assert!(four.contains("p cnf 64 "), "{four}");
    std::fs::remove_dir_all(&dir).unwrap();
    for (args, says) in [
        (
            vec!["reduce", "--to", "cnf", "--out", "/nonexistent/dir"],
            "not a directory",
        ),
        (vec!["reduce", "--to", "cnf", "--back"], "--back"),
        (vec!["reduce", "-p", "encoding=minimal"], "--to cnf"),
        (
            vec!["reduce", "--to", "cnf", "-p", "encoding=huge"],
            "one of extended, minimal",
        ),
    ] {
        let (_, err, code) = stdout_of(&args, HARD);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn count_with_sat_agrees_with_the_propagation_engine() {
    let multi = "842.........5.17........38.95......2....5.......9...461....74....8.6......4....38";
    let none = format!("12345678.........9{}", ".".repeat(63));
    let input = format!("{HARD}\n{multi}\n{}\n{none}\n", ".".repeat(16));
    let (engine, _, _) = stdout_of(&["count", "--limit", "3"], &input);
    let (sat, err, code) = stdout_of(&["count", "-a", "sat", "--limit", "3"], &input);
    assert_eq!(code, 0, "{err}");
    assert_eq!(sat, engine);
    assert_eq!(sat, "1\n3+\n3+\n0\n");
    let (solved, _, _) = stdout_of(&["solve", "-a", "sat"], &input);
    assert_eq!(solved.lines().next(), Some(common::HARD_SOLVED));
    assert_eq!(solved.lines().nth(3), Some("no solution"));
}
