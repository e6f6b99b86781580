//! Puzzle text as it arrives from a file or a pipe: bytes. A line that is not UTF-8, holds a
//! control character or is longer than any puzzle line is answered on its own (an error at its
//! line number) and every other line is read as usual, so one bad line never costs a batch.

use crate::grid::Grid;
use std::collections::VecDeque;
use std::io::BufRead;

use super::{without_clash, Format, Letters25, ParseError, Record, TextReader};
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
    let (size, table) = match line.len() {
        81 => (Size::NINE, &SYMBOLS_9),
        256 => (Size::SIXTEEN, &SYMBOLS_16),
        // A 25×25 line read as A–Y; the 1–9/A–P writing goes to the general reader.
        625 if letters == Letters25::AToY => (Size::TWENTY_FIVE, &SYMBOLS_25),
        _ => return None,
    };
    // No branch per symbol: every byte is mapped (computed on 9×9, looked up on the larger
    // sizes); a bad one becomes NOT_A_SYMBOL, past every size's n, which the grid's own range
    // check turns away.
    let values: Vec<u8> = if size == Size::NINE {
        line.iter().map(|&byte| nine_symbol(byte)).collect()
    } else {
        line.iter().map(|&byte| table[byte as usize]).collect()
    };
    let grid = Grid::from_given_values(size, values)?;
    Some(Record {
        line: number,
        format: Format::LINE,
        result: without_clash(grid, number),
    })
}

/// A byte of a one-line puzzle that is no symbol of its size (nor an empty cell).
const NOT_A_SYMBOL: u8 = 0x80;

/// The value of each byte on a one-line puzzle of side `n`, as [`crate::grid::char_digit`] reads it (a
/// table so the quick reader has no branch per symbol); `|` and every non-graphic byte are no
/// symbol, as they only appear in the layouts the general reader takes.
const fn symbol_table(n: u8) -> [u8; 256] {
    let mut table = [NOT_A_SYMBOL; 256];
    let mut byte = 0;
    while byte < 256 {
        let b = byte as u8;
        let up = b.to_ascii_uppercase();
        let value = match up {
            b'.' | b'0' | b'_' | b'*' => 0,
            b'A'..=b'Z' if n == 25 => up - b'A' + 1,
            b'1'..=b'9' if n != 25 => up - b'0',
            b'A'..=b'Z' if n > 9 && n != 25 => up - b'A' + 10,
            _ => NOT_A_SYMBOL,
        };
        if value <= n {
            table[byte] = value;
        }
        byte += 1;
    }
    table
}

static SYMBOLS_9: [u8; 256] = symbol_table(9);
static SYMBOLS_16: [u8; 256] = symbol_table(16);
static SYMBOLS_25: [u8; 256] = symbol_table(25);

/// [`SYMBOLS_9`] computed rather than looked up, so that the compiler maps a whole line with
/// vector operations (a table lookup per byte cannot be).
#[inline(always)]
fn nine_symbol(byte: u8) -> u8 {
    let digit = byte.wrapping_sub(b'0');
    let empty = byte == b'.' || byte == b'_' || byte == b'*';
    if digit <= 9 {
        digit
    } else if empty {
        0
    } else {
        NOT_A_SYMBOL
    }
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
        let available = match self.reader.fill_buf() {
            Ok(available) => available,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => return self.read_line(),
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(false);
        }
        // The common case: the whole line is in the reader's buffer, read there.
        if let Some(end) = available.iter().position(|&b| b == b'\n') {
            self.lines += 1;
            let line = &available[..end];
            take_line(
                self.lines,
                line,
                line.len(),
                self.letters,
                &mut self.text,
                &mut self.ready,
            );
            self.reader.consume(end + 1);
            return Ok(true);
        }
        let Some(bytes) = read_line_bounded(&mut self.reader, &mut self.partial, MAX_LINE_BYTES)?
        else {
            return Ok(false);
        };
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

/// Reads one line into `line` (without its `\n`), keeping at most `max` + 1 of its bytes, so a
/// line of any length costs bounded memory: the rest is read and dropped. Returns the line's
/// whole length, or `None` at the end of the stream.
pub fn read_line_bounded<R: BufRead>(
    reader: &mut R,
    line: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<Option<usize>> {
    line.clear();
    let mut bytes = 0usize;
    loop {
        let available = match reader.fill_buf() {
            Ok(available) => available,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok((bytes > 0).then_some(bytes));
        }
        let newline = available.iter().position(|&b| b == b'\n');
        let taken = newline.unwrap_or(available.len());
        let room = (max + 1).saturating_sub(line.len());
        line.extend_from_slice(&available[..taken.min(room)]);
        bytes += taken;
        let ended = newline.is_some();
        reader.consume(taken + usize::from(ended));
        if ended {
            return Ok(Some(bytes));
        }
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
mod tests;
