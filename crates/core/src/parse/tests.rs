//! The reader on every format and size, and its errors.

use super::*;

const LINE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn reads_a_line_with_dots_or_zeros() {
    let g = Grid::parse(LINE).unwrap();
    assert_eq!(g.size(), Size::NINE);
    assert_eq!(g.given_count(), 17);
    assert_eq!(g.to_line(), LINE);
    let zeros = LINE.replace('.', "0");
    assert_eq!(Grid::parse(&zeros).unwrap(), g);
}

#[test]
fn reads_block_grids_with_separators() {
    let text = "\
# a comment
4 . . | . . . | 8 . 5
. 3 . | . . . | . . .
. . . | 7 . . | . . .
------+-------+------
. 2 . | . . . | . 6 .
. . . | . 8 . | 4 . .
. . . | . 1 . | . . .
------+-------+------
. . . | 6 . 3 | . 7 .
5 . . | 2 . . | . . .
1 . 4 | . . . | . . .
";
    let records = parse_records(text);
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].line, 2);
    assert_eq!(
        records[0].format.layout,
        Layout::Boxed,
        "its | and rules are kept in answers"
    );
    assert_eq!(records[0].result.as_ref().unwrap().to_line(), LINE);
    let plain: String = LINE
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
        .collect();
    assert_eq!(Grid::parse(&plain).unwrap().to_line(), LINE);
}

#[test]
fn reads_several_blocks_and_lines_in_order() {
    let block: String = LINE
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
        .collect();
    let text = format!("{LINE}\n{LINE}\n\n{block}{block}\n{LINE}\n");
    let records = parse_records(&text);
    let lines: Vec<usize> = records.iter().map(|r| r.line).collect();
    assert_eq!(lines, vec![1, 2, 4, 13, 23]);
    assert!(records.iter().all(|r| r.result.is_ok()));
}

#[test]
fn reads_tab_separated_records() {
    let text = format!("s01a\t{LINE}\t17\n");
    assert_eq!(Grid::parse(&text).unwrap().to_line(), LINE);
}

#[test]
fn reads_numbers_for_large_grids() {
    let mut g = Grid::empty(Size::SIXTEEN);
    g.set_given(0, 16);
    g.set_given(17, 10);
    g.set_given(255, 1);
    let rows = g.to_numbers(true);
    let records = parse_records(&rows);
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].format.symbols, Symbols::Numbers);
    assert_eq!(records[0].result.as_ref().unwrap(), &g);
    assert_eq!(Grid::parse(&g.to_numbers(false)).unwrap(), g);
    assert_eq!(Grid::parse(&g.to_line()).unwrap(), g);
    assert_eq!(Grid::parse(&g.to_rows()).unwrap(), g);
    assert!(g.to_line().starts_with('G'));
}

#[test]
fn reads_letters_for_25() {
    let mut g = Grid::empty(Size::TWENTY_FIVE);
    g.set_given(0, 25);
    g.set_given(30, 1);
    assert_eq!(Grid::parse(&g.to_line()).unwrap(), g);
    assert_eq!(Grid::parse(&g.to_rows()).unwrap(), g);
    assert_eq!(Grid::parse(&g.to_numbers(true)).unwrap(), g);
}

#[test]
fn wrong_length_names_the_line() {
    let text = format!("{LINE}\n{}\n", &LINE[..80]);
    let records = parse_records(&text);
    assert_eq!(records.len(), 2);
    assert!(records[0].result.is_ok());
    let err = records[1].result.clone().unwrap_err();
    assert_eq!(
        err,
        ParseError::WrongLength {
            line: 2,
            cells: 80,
            stray: None
        }
    );
    assert!(err.to_string().starts_with("line 2: 80 cells"));
}

#[test]
fn bad_character_has_line_and_column() {
    let bad = format!("{}x{}", &LINE[..10], &LINE[11..]);
    let err = Grid::parse(&format!("# c\n{bad}")).unwrap_err();
    assert_eq!(
        err,
        ParseError::BadCharacter {
            line: 2,
            column: 11,
            found: 'x',
            size: Size::NINE,
            alnum: false
        }
    );
}

/// A 25×25 line written with digits is read as 1–9, A–P: a letter past P is named as such, with
/// the symbols of that writing in the message (not A–Y, which would accept it).
#[test]
fn bad_letter_of_the_digit_writing_names_that_writing() {
    let line = format!("1Y{}", ".".repeat(623));
    let err = Grid::parse(&line).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1, column 2: 'Y' is not a symbol of a 25×25 grid (use 1-9 and A-P, and . or 0 for empty)"
    );
    let letters = format!("AY{}", ".".repeat(623));
    assert!(Grid::parse(&letters).is_ok());
}

#[test]
fn clashing_givens_are_reported_with_cells() {
    let clash = format!("44{}", &LINE[2..]);
    let err = Grid::parse(&clash).unwrap_err();
    match &err {
        ParseError::Clash { conflicts, .. } => {
            assert!(conflicts
                .iter()
                .any(|c| c.cells == vec![0, 1] && c.value == 4));
        }
        other => panic!("expected a clash, got {other:?}"),
    }
    assert_eq!(err.cells(), vec![0, 1]);
    assert!(err.to_string().contains("r1c1, r1c2"), "{err}");
    // A grid of one digit clashes in all 27 units: the message names three and counts the rest.
    let err = Grid::parse(&"1".repeat(81)).unwrap_err();
    let said = err.to_string();
    assert_eq!(said.matches(" appears ").count(), 3, "{said}");
    assert!(said.ends_with("; and 24 more clashes"), "{said}");
    assert_eq!(err.cells().len(), 81, "every clashing cell is still marked");
}

#[test]
fn short_block_reports_rows() {
    let rows: Vec<&str> = (0..8).map(|r| &LINE[r * 9..r * 9 + 9]).collect();
    let err = Grid::parse(&rows.join("\n")).unwrap_err();
    assert_eq!(
        err,
        ParseError::WrongRowCount {
            line: 1,
            rows: 8,
            expected: 9
        }
    );
    let mut rows: Vec<String> = (0..9).map(|r| LINE[r * 9..r * 9 + 9].to_string()).collect();
    rows[4].pop();
    let err = Grid::parse(&rows.join("\n")).unwrap_err();
    assert_eq!(
        err,
        ParseError::WrongRowLength {
            line: 5,
            cells: 8,
            expected: 9
        }
    );
}

#[test]
fn empty_and_several_are_errors() {
    assert_eq!(Grid::parse("# only\n\n"), Err(ParseError::Empty));
    assert_eq!(
        Grid::parse(&format!("{LINE}\n{LINE}")),
        Err(ParseError::SeveralPuzzles { count: 2 })
    );
}

#[test]
fn four_by_four_lines() {
    let g = Grid::parse("1...\n..3.\n.4..\n...2").unwrap();
    assert_eq!(g.size(), Size::FOUR);
    assert_eq!(Grid::parse("1.....3..4.....2").unwrap(), g);
}

#[test]
fn garbage_never_panics() {
    for text in [
        "\u{feff}",
        "|||",
        "1 2 3 99 100",
        "\t\t",
        "é".repeat(81).as_str(),
        "-1",
    ] {
        let _ = parse_records(text);
    }
}

/// The lab's own answers where a puzzle was expected are kept as they were written, one record
/// each, so a pipeline stays line for line.
#[test]
fn earlier_answers_pass_through_as_they_were() {
    let text = "invalid: line 3: 1 twice in row 1\nno solution\nunsolved: gave up after 5 nodes\n";
    let records = parse_records(text);
    let messages: Vec<String> = records
        .iter()
        .map(|r| r.result.as_ref().unwrap_err().to_string())
        .collect();
    assert_eq!(
        messages,
        [
            "line 3: 1 twice in row 1",
            "line 2: 'no solution' is an answer, not a puzzle",
            "line 3: 'unsolved: gave up after 5 nodes' is an answer, not a puzzle",
        ]
    );
}

#[test]
fn text_that_is_no_puzzle_names_its_first_stray_character() {
    let err = parse_records("hello world")[0].result.clone().unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1: 10 cells ('h' is not a symbol of a 4×4, 9×9 or 16×16 grid); a puzzle has 16 (4×4), 81 (9×9), 256 (16×16) or 625 (25×25)"
    );
    // A short line of digits is only short.
    let err = parse_records("123")[0].result.clone().unwrap_err();
    assert!(!err.to_string().contains("symbol"), "{err}");
}
