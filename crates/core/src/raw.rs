//! Puzzle text as it arrives from a file or a pipe: bytes. A line that is not UTF-8, holds a
//! control character or is longer than any puzzle line is answered on its own (an error at its
//! line number) and every other line is read as usual, so one bad line never costs a batch.

use crate::parse::{parse_records, Format, ParseError, Record};

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

/// Every record of `bytes` in line order: [`parse_records`] on the readable lines, and one
/// error record per unreadable line (which reads as a blank line to its neighbours).
pub fn parse_bytes(bytes: &[u8]) -> Vec<Record> {
    let mut text = String::with_capacity(bytes.len().min(1 << 26));
    let mut bad = Vec::new();
    for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        match check_line(i + 1, line) {
            Ok(readable) => text.push_str(readable),
            Err(error) => bad.push(Record {
                line: i + 1,
                format: Format::LINE,
                result: Err(error),
            }),
        }
        text.push('\n');
    }
    let mut records = parse_records(&text);
    if !bad.is_empty() {
        records.extend(bad);
        records.sort_by_key(|r| r.line);
    }
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
