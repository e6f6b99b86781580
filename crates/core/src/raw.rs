//! Puzzle text as it arrives from a file or a pipe: bytes. A line that is not UTF-8, holds a
//! control character or is longer than any puzzle line is answered on its own (an error at its
//! line number) and every other line is read as usual, so one bad line never costs a batch.

use crate::grid::{char_digit, Grid};
use std::collections::VecDeque;
use std::io::BufRead;

use crate::parse::{without_clash, Format, Letters25, ParseError, Record, TextReader};
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

/// Every record of `bytes` in line order: one-line puzzles read directly, the general reader
/// on the other readable lines, and one error record per unreadable line (lines read apart end
/// the general reader's paragraph, which is where it splits anyway).
pub fn parse_bytes(bytes: &[u8]) -> Vec<Record> {
    parse_bytes_with(bytes, Letters25::default())
}

/// [`parse_bytes`], reading 25×25 letters that fit both writings as `letters` says.
pub fn parse_bytes_with(bytes: &[u8], letters: Letters25) -> Vec<Record> {
    Records::new(bytes, letters)
        .map(|record| record.expect("reading from memory cannot fail"))
        .collect()
}

/// The records of a byte stream, read as [`parse_bytes`] reads them, as they arrive: memory
/// stays bounded whatever the stream's length (a line is kept up to [`MAX_LINE_BYTES`], a long
/// paragraph is read as it goes). An error of the stream ends it.
pub struct Records<R> {
    reader: R,
    letters: Letters25,
    text: TextReader,
    ready: VecDeque<Record>,
    /// The line being read when it spans the reader's buffer.
    partial: Vec<u8>,
    /// Lines read so far.
    lines: usize,
    ended: bool,
}

impl<R: BufRead> Records<R> {
    pub fn new(reader: R, letters: Letters25) -> Self {
        Records {
            reader,
            letters,
            text: TextReader::new(letters),
            ready: VecDeque::new(),
            partial: Vec::new(),
            lines: 0,
            ended: false,
        }
    }

    /// The reader the records come from.
    pub fn get_ref(&self) -> &R {
        &self.reader
    }

    /// Whether a record is read and waiting, so the next one costs no read from the source.
    pub fn has_ready(&self) -> bool {
        !self.ready.is_empty()
    }

    /// Reads the next line and what it completes; false at the end of the stream.
    fn read_line(&mut self) -> std::io::Result<bool> {
        self.partial.clear();
        let mut bytes = 0usize;
        loop {
            let available = match self.reader.fill_buf() {
                Ok(available) => available,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                if bytes == 0 {
                    return Ok(false);
                }
                break;
            }
            let newline = available.iter().position(|&b| b == b'\n');
            let taken = newline.unwrap_or(available.len());
            if bytes == 0 && newline.is_some() {
                // The whole line is in the buffer: read it there.
                self.lines += 1;
                let line = &available[..taken];
                take_line(
                    self.lines,
                    line,
                    line.len(),
                    self.letters,
                    &mut self.text,
                    &mut self.ready,
                );
                self.reader.consume(taken + 1);
                return Ok(true);
            }
            let room = (MAX_LINE_BYTES + 1).saturating_sub(self.partial.len());
            self.partial
                .extend_from_slice(&available[..taken.min(room)]);
            bytes += taken;
            let ended = newline.is_some();
            self.reader.consume(taken + usize::from(ended));
            if ended {
                break;
            }
        }
        self.lines += 1;
        take_line(
            self.lines,
            &self.partial,
            bytes,
            self.letters,
            &mut self.text,
            &mut self.ready,
        );
        Ok(true)
    }
}

/// One line of `bytes` bytes (`line` holds them, or the first [`MAX_LINE_BYTES`] + 1 of them).
fn take_line(
    number: usize,
    line: &[u8],
    bytes: usize,
    letters: Letters25,
    text: &mut TextReader,
    out: &mut VecDeque<Record>,
) {
    if bytes > MAX_LINE_BYTES {
        text.end_paragraph(out);
        out.push_back(Record {
            line: number,
            format: Format::LINE,
            result: Err(ParseError::LineTooLong {
                line: number,
                bytes,
            }),
        });
        return;
    }
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    if text.skipping() {
        // Inside an `.sdk` section other than [Puzzle]: only a header ends it.
        if let Ok(readable) = std::str::from_utf8(line) {
            text.line(number, readable, out);
        }
        return;
    }
    if let Some(record) = quick_line(number, line, letters) {
        text.end_paragraph(out);
        out.push_back(record);
        return;
    }
    match check_line(number, line) {
        Ok(readable) => text.line(number, readable, out),
        Err(error) => {
            text.end_paragraph(out);
            out.push_back(Record {
                line: number,
                format: Format::LINE,
                result: Err(error),
            });
        }
    }
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = std::io::Result<Record>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(record) = self.ready.pop_front() {
                return Some(Ok(record));
            }
            if self.ended {
                return None;
            }
            match self.read_line() {
                Ok(true) => {}
                Ok(false) => {
                    self.ended = true;
                    self.text.end_paragraph(&mut self.ready);
                }
                Err(e) => {
                    self.ended = true;
                    return Some(Err(e));
                }
            }
        }
    }
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
            include_str!("../../../tests/data/formats_mixed.txt"),
            include_str!("../../../tests/data/formats_sadman.sdk"),
            include_str!("../../../tests/data/sizes.txt"),
            include_str!("../../../tests/data/named.txt"),
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
            crate::parse::parse_records(include_str!("../../../tests/data/sizes.txt"))
                .into_iter()
                .filter_map(|r| r.result.ok())
                .chain(
                    parse_bytes(include_str!("../../../tests/data/top95.txt").as_bytes())
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
}
