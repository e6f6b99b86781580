//! The byte reader: bad lines answered alone, streams read in bounded memory, the fast path
//! equal to the general reader.

use super::*;

const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn bad_lines_are_answered_alone_and_the_rest_is_read() {
    let mut input = Vec::new();
    input.extend_from_slice(HARD.as_bytes());
    input.extend_from_slice(b"\n\xff\xfe not text\n");
    input.extend_from_slice(HARD.as_bytes());
    input.extend_from_slice(b"\r\n12\x003\n");
    input.extend_from_slice(&vec![b'1'; MAX_LINE_BYTES + 1]);
    input.push(b'\n');
    input.extend_from_slice(HARD.as_bytes());
    let records = parse_bytes(&input);
    let lines: Vec<usize> = records.iter().map(|r| r.line).collect();
    assert_eq!(lines, [1, 2, 3, 4, 5, 6]);
    assert!(records[0].result.is_ok() && records[2].result.is_ok() && records[5].result.is_ok());
    let message = |i: usize| records[i].result.as_ref().unwrap_err().to_string();
    assert_eq!(message(1), "line 2: not UTF-8 text");
    assert_eq!(
        message(3),
        "line 4, column 3: control character U+0000 (not puzzle text)"
    );
    assert!(message(4).starts_with("line 5: 65537 bytes, longer than any puzzle line"));
}

/// The fast path reads what the general reader reads, errors included.
#[test]
fn one_line_puzzles_read_directly_match_the_general_reader() {
    let clash = format!("44{}", &HARD[2..]);
    let bad_symbol = format!("x{}", &HARD[1..]);
    let sixteen: String = "123456789ABCDEFG".repeat(16);
    let text = format!(
        "{HARD}\n{clash}\n{bad_symbol}\n{}\n{sixteen}\n# note\n{HARD}\n",
        HARD.replace('.', "*")
    );
    let direct = parse_bytes(text.as_bytes());
    let general = crate::parse::parse_records(&text);
    assert_eq!(direct.len(), general.len());
    for (a, b) in direct.iter().zip(&general) {
        assert_eq!(a.line, b.line);
        assert_eq!(a.format, b.format);
        match (&a.result, &b.result) {
            (Ok(x), Ok(y)) => assert_eq!(x, y),
            (Err(x), Err(y)) => assert_eq!(x.to_string(), y.to_string()),
            (x, y) => panic!("line {}: {x:?} vs {y:?}", a.line),
        }
    }
}

/// 25×25 written 1–9/A–P reads as such (the symbols decide) and is answered that way; text
/// that fits both writings follows the option.
#[test]
fn twenty_five_by_twenty_five_in_either_writing() {
    let fixture = crate::parse::parse_records(include_str!("../../../../../tests/data/sizes.txt"))
        .into_iter()
        .filter_map(|r| r.result.ok())
        .find(|g| g.size().n() == 25)
        .unwrap();
    let alnum = fixture.to_symbols(crate::grid::alnum25_char, false);
    assert!(alnum.contains('1') && !alnum.contains('Y'));
    let records = parse_bytes(alnum.as_bytes());
    assert_eq!(records[0].result.as_ref().ok(), Some(&fixture));
    assert_eq!(records[0].format.symbols, crate::parse::Symbols::Alnum);
    assert_eq!(records[0].format.write(&fixture), alnum);
    // Only A..P: A–Y by default, 1–9/A–P when asked.
    let mut only_a = vec![b'.'; 625];
    only_a[0] = b'A';
    let default = parse_bytes(&only_a);
    assert_eq!(default[0].result.as_ref().unwrap().get(0), 1);
    let asked = parse_bytes_with(&only_a, Letters25::Alnum);
    assert_eq!(asked[0].result.as_ref().unwrap().get(0), 10);
    assert_eq!(asked[0].format.symbols, crate::parse::Symbols::Alnum);
}

#[test]
fn block_grids_and_tabs_read_as_before() {
    let block: String = HARD
        .as_bytes()
        .chunks(9)
        .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
        .collect();
    let records = parse_bytes(block.as_bytes());
    assert_eq!(records.len(), 1);
    assert!(records[0].result.is_ok());
    let tabbed = format!("name\t{HARD}\tnote");
    assert!(parse_bytes(tabbed.as_bytes())[0].result.is_ok());
}

fn same_records(a: &[Record], b: &[Record]) {
    assert_eq!(a.len(), b.len());
    for (a, b) in a.iter().zip(b) {
        assert_eq!(a.line, b.line);
        assert_eq!(a.format, b.format);
        assert_eq!(
            a.result.as_ref().map_err(|e| e.to_string()),
            b.result.as_ref().map_err(|e| e.to_string())
        );
    }
}

/// Read through a small buffer, so lines span buffer refills, a stream gives the records
/// the whole input gives.
#[test]
fn a_stream_reads_what_the_whole_input_reads() {
    let fixtures = [
        include_str!("../../../../../tests/data/formats_mixed.txt"),
        include_str!("../../../../../tests/data/formats_sadman.sdk"),
        include_str!("../../../../../tests/data/sizes.txt"),
        include_str!("../../../../../tests/data/named.txt"),
    ];
    for fixture in fixtures {
        let mut bytes = format!("{HARD}\n{fixture}").into_bytes();
        bytes.extend_from_slice(b"\n\xff bad\n");
        let whole = parse_bytes(&bytes);
        assert!(whole.iter().filter(|r| r.result.is_ok()).count() >= 2);
        for capacity in [1, 7, 80, 4096] {
            let streamed: Vec<Record> = Records::new(
                std::io::BufReader::with_capacity(capacity, &bytes[..]),
                Letters25::AToY,
            )
            .map(|r| r.unwrap())
            .collect();
            same_records(&streamed, &whole);
        }
    }
}

/// Block grids back to back with no blank line between them read the same as apart, however
/// the long paragraph they make is cut while it is read.
#[test]
fn a_long_paragraph_of_block_grids_is_read_whole() {
    let grids: Vec<Grid> =
        crate::parse::parse_records(include_str!("../../../../../tests/data/sizes.txt"))
            .into_iter()
            .filter_map(|r| r.result.ok())
            .chain(
                parse_bytes(include_str!("../../../../../tests/data/top95.txt").as_bytes())
                    .into_iter()
                    .filter_map(|r| r.result.ok()),
            )
            .collect();
    assert!(grids.len() > 90);
    let joined: String = grids.iter().map(|g| g.to_rows()).collect();
    let read: Vec<Grid> = parse_bytes(joined.as_bytes())
        .into_iter()
        .map(|r| r.result.unwrap())
        .collect();
    assert_eq!(read, grids);
}

/// A 50 MB line is answered with its length and never held whole; the next line is read.
#[test]
fn a_huge_line_is_skipped_in_bounded_memory() {
    use std::io::Read;
    let huge = 50_000_000u64;
    let tail = format!("\n{HARD}\n");
    let input = std::io::repeat(b'1').take(huge).chain(tail.as_bytes());
    let mut records = Records::new(std::io::BufReader::new(input), Letters25::AToY);
    let first = records.next().unwrap().unwrap();
    assert_eq!(
        first.result.unwrap_err(),
        ParseError::LineTooLong {
            line: 1,
            bytes: huge as usize
        }
    );
    assert!(records.partial.capacity() <= 2 * MAX_LINE_BYTES);
    let second = records.next().unwrap().unwrap();
    assert_eq!((second.line, second.result.is_ok()), (2, true));
    assert!(records.next().is_none());
}

/// Lines of no puzzle, however many without a blank line, are answered as they come and
/// the puzzle after them is still read.
#[test]
fn a_long_run_of_text_is_answered_as_it_goes() {
    let text = format!("{}{HARD}\n", "some words here\n".repeat(10_000));
    let records = parse_bytes(text.as_bytes());
    assert!(records.len() > 1);
    let (last, errors) = records.split_last().unwrap();
    assert!(errors.iter().all(|r| r.result.is_err()));
    assert_eq!((last.line, last.result.is_ok()), (10_001, true));
}

#[test]
fn the_quick_readers_symbols_are_the_general_readers() {
    use crate::grid::char_digit;
    for (size, table) in [
        (Size::NINE, &SYMBOLS_9),
        (Size::SIXTEEN, &SYMBOLS_16),
        (Size::TWENTY_FIVE, &SYMBOLS_25),
    ] {
        for byte in 0..=255u8 {
            let expected = if byte.is_ascii_graphic() && byte != b'|' {
                char_digit(size, byte as char).unwrap_or(NOT_A_SYMBOL)
            } else {
                NOT_A_SYMBOL
            };
            assert_eq!(table[byte as usize], expected, "{size} byte {byte}");
        }
    }
}

#[test]
fn nine_by_nine_symbols_computed_are_the_table() {
    for byte in 0..=255u8 {
        assert_eq!(
            nine_symbol(byte),
            SYMBOLS_9[byte as usize],
            "byte {byte:#04x}"
        );
    }
    // And a line with each kind of byte reads as the general reader reads it.
    for odd in [
        b'a', b'A', b'x', b'0', b'.', b'_', b'*', b' ', b'|', 0x80, 0xFF, b'/', b':',
    ] {
        let mut line = HARD.as_bytes().to_vec();
        line[40] = odd;
        let quick = quick_line(1, &line, Letters25::AToY).map(|r| r.result);
        let general = std::str::from_utf8(&line).ok().map(Grid::parse);
        if let Some(quick) = quick {
            assert_eq!(Some(quick), general, "byte {odd:#04x}");
        }
    }
}
