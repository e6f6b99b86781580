//! Puzzle text as it arrives from a file or a pipe: bytes. A line that is not UTF-8, holds a
//! control character or is longer than any puzzle line is answered on its own (an error at its
//! line number) and every other line is read as usual, so one bad line never costs a batch.

use crate::grid::{char_digit, Grid};
use crate::parse::{parse_records_with, without_clash, Format, Letters25, ParseError, Record};
use crate::size::Size;

/// The longest line read: a 25×25 grid written as separated numbers with borders fits many
/// times over; a longer line is no puzzle and is skipped unread.
pub const MAX_LINE_BYTES: usize = 65_536;

/// Why a raw line cannot be read as text, if it cannot.
fn check_line(number: usize, line: &[u8]) -> Result<&str, ParseError> {
    if line.len() > MAX_LINE_BYTES {
        return Err(ParseError::LineTooLong {
            line: number,
            bytes: line.len(),
        });
    }
    let text = std::str::from_utf8(line).map_err(|_| ParseError::NotUtf8 { line: number })?;
    if let Some((i, c)) = text
        .chars()
        .enumerate()
        .find(|&(_, c)| c.is_control() && c != '\t')
    {
        return Err(ParseError::ControlCharacter {
            line: number,
            column: i + 1,
            code: c as u32,
        });
    }
    Ok(text)
}

/// The fast path of the common case: a line of exactly 81, 256 or 625 symbols (no separators),
/// which can only be a whole puzzle. `None` (the general reader takes the line) for anything
/// else, including a bad symbol, so every message stays the general reader's.
fn quick_line(number: usize, line: &[u8], letters: Letters25) -> Option<Record> {
    let size = match line.len() {
        81 => Size::NINE,
        256 => Size::SIXTEEN,
        // A 25×25 line read as A–Y; the 1–9/A–P writing goes to the general reader.
        625 if letters == Letters25::AToY => Size::TWENTY_FIVE,
        _ => return None,
    };
    let mut values = [0u8; 625];
    for (value, &byte) in values.iter_mut().zip(line) {
        if !byte.is_ascii_graphic() || byte == b'|' {
            return None;
        }
        *value = char_digit(size, byte as char)?;
    }
    let grid = Grid::from_givens(size, &values[..line.len()])?;
    Some(Record {
        line: number,
        format: Format::LINE,
        result: without_clash(grid, number),
    })
}

/// One puzzle from one line of bytes, as [`parse_bytes`] reads it (the fast path for plain
/// one-line puzzles, the general reader for the rest).
pub fn parse_line(line: &[u8]) -> Result<Grid, ParseError> {
    if let Some(record) = quick_line(1, line, Letters25::AToY) {
        return record.result;
    }
    let text = check_line(1, line)?;
    Grid::parse(text)
}

/// Every record of `bytes` in line order: one-line puzzles read directly, [`parse_records`]
/// on the other readable lines, and one error record per unreadable line (lines read apart
/// leave a blank line to their neighbours, which is where the general reader splits anyway).
pub fn parse_bytes(bytes: &[u8]) -> Vec<Record> {
    parse_bytes_with(bytes, Letters25::default())
}

/// [`parse_bytes`], reading 25×25 letters that fit both writings as `letters` says.
pub fn parse_bytes_with(bytes: &[u8], letters: Letters25) -> Vec<Record> {
    let mut text = String::new();
    let mut apart = Vec::new();
    for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if let Some(record) = quick_line(i + 1, line, letters) {
            apart.push(record);
        } else {
            match check_line(i + 1, line) {
                Ok(readable) => text.push_str(readable),
                Err(error) => apart.push(Record {
                    line: i + 1,
                    format: Format::LINE,
                    result: Err(error),
                }),
            }
        }
        text.push('\n');
    }
    let general = parse_records_with(&text, letters);
    if general.is_empty() {
        return apart;
    }
    // Both lists are in line order: merge them.
    let mut records = Vec::with_capacity(general.len() + apart.len());
    let mut apart = apart.into_iter().peekable();
    for record in general {
        while let Some(next) = apart.next_if(|r| r.line < record.line) {
            records.push(next);
        }
        records.push(record);
    }
    records.extend(apart);
    records
}

#[cfg(test)]
mod tests {
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
        assert!(
            records[0].result.is_ok() && records[2].result.is_ok() && records[5].result.is_ok()
        );
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
        let fixture = crate::parse::parse_records(include_str!("../../../tests/data/sizes.txt"))
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
}
