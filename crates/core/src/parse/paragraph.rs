//! The general reader, line by line: lines gather into paragraphs (runs between blank lines),
//! and a paragraph is read as line puzzles and block grids. Reading is incremental, so a stream
//! of any length is read in bounded memory: a long paragraph is read as it goes, keeping only
//! the lines a grid still starting could need.

use super::{
    block_record, is_rule_line, line_record, read_line, Format, Letters25, ParseError, RawLine,
    Record,
};
use crate::size::Size;

/// Lines a decision looks ahead at most: a block grid of the largest size.
const LOOKAHEAD: usize = 25;

/// A paragraph is read as far as it is decided once it holds this many lines or cells.
const PARAGRAPH_LINES: usize = 4 * LOOKAHEAD;
const PARAGRAPH_CELLS: usize = 1 << 20;

/// Reads text pushed a line at a time; records come out in line order.
pub(crate) struct TextReader {
    letters: Letters25,
    paragraph: Vec<RawLine>,
    cells: usize,
    /// Inside an `.sdk` section other than `[Puzzle]` (`[Solution]`, `[State]`…).
    skipping: bool,
}

impl TextReader {
    pub(crate) fn new(letters: Letters25) -> Self {
        TextReader {
            letters,
            paragraph: Vec::new(),
            cells: 0,
            skipping: false,
        }
    }

    /// Whether lines are being skipped (an `.sdk` section that holds no puzzle).
    pub(crate) fn skipping(&self) -> bool {
        self.skipping
    }

    /// One line of text (its line ending may remain), numbered from 1.
    pub(crate) fn line(&mut self, number: usize, raw: &str, out: &mut impl Extend<Record>) {
        let content = raw.trim_end_matches('\r');
        let trimmed = content.trim();
        if trimmed.starts_with('#') {
            return;
        }
        if trimmed.is_empty() {
            self.end_paragraph(out);
            return;
        }
        if is_section_header(trimmed) {
            // `.sdk` files: only the [Puzzle] section holds the puzzle ([Solution], [State]…
            // would read as more puzzles).
            self.end_paragraph(out);
            self.skipping = !trimmed.eq_ignore_ascii_case("[puzzle]");
            return;
        }
        if self.skipping || is_rule_line(trimmed) {
            return;
        }
        if is_answer(trimmed) {
            self.end_paragraph(out);
            out.extend(Some(Record {
                line: number,
                format: Format::LINE,
                result: Err(ParseError::Upstream {
                    line: number,
                    answer: trimmed.to_string(),
                }),
            }));
            return;
        }
        let line = read_line(number, content);
        self.cells += line.cells.len();
        self.paragraph.push(line);
        if self.paragraph.len() >= PARAGRAPH_LINES || self.cells >= PARAGRAPH_CELLS {
            let keep = LOOKAHEAD.min(self.paragraph.len() - 1);
            let limit = self.paragraph.len() - keep;
            let read = read_paragraph(&self.paragraph, limit, self.letters, out);
            self.paragraph.drain(..read);
            self.cells = self.paragraph.iter().map(|l| l.cells.len()).sum();
        }
    }

    /// Reads what the paragraph holds: a blank line, a line read apart, or the end.
    pub(crate) fn end_paragraph(&mut self, out: &mut impl Extend<Record>) {
        if !self.paragraph.is_empty() {
            read_paragraph(&self.paragraph, self.paragraph.len(), self.letters, out);
            self.paragraph.clear();
            self.cells = 0;
        }
    }
}

/// Reads a paragraph (lines between blank lines) as line puzzles and block grids, in any mix:
/// n lines of n cells (n a grid side) make a block grid; a line holding a whole grid is a line
/// puzzle; any other run of lines, up to the next whole-grid line, is read as one (broken)
/// block grid so that its error names the faulty row. Records start before line `limit`;
/// returns how many lines they took.
fn read_paragraph(
    lines: &[RawLine],
    limit: usize,
    letters: Letters25,
    out: &mut impl Extend<Record>,
) -> usize {
    let whole = |j: usize| Size::from_cell_count(lines[j].cells.len()).is_some();
    let block_at = |j: usize| {
        let side = lines[j].cells.len();
        Size::from_side(side).is_some()
            && lines.len() - j >= side
            && lines[j..j + side].iter().all(|l| l.cells.len() == side)
    };
    let mut i = 0;
    while i < limit {
        let side = lines[i].cells.len();
        if block_at(i) {
            let rows: Vec<&RawLine> = lines[i..i + side].iter().collect();
            out.extend(Some(block_record(&rows, letters)));
            i += side;
        } else if whole(i) {
            out.extend(Some(line_record(&lines[i], letters)));
            i += 1;
        } else {
            // A broken block: as many rows as its first one has cells when that is a grid
            // side (the block it was meant to be), else up to where readable text resumes.
            let end = if Size::from_side(side).is_some() {
                let limit = (i + side).min(lines.len());
                (i + 1..limit).find(|&j| whole(j)).unwrap_or(limit)
            } else {
                (i + 1..lines.len())
                    .find(|&j| whole(j) || block_at(j))
                    .unwrap_or(lines.len())
            };
            if end == i + 1 {
                out.extend(Some(line_record(&lines[i], letters)));
            } else {
                let rows: Vec<&RawLine> = lines[i..end].iter().collect();
                out.extend(Some(block_record(&rows, letters)));
            }
            i = end;
        }
    }
    i
}

/// One of the lab's own answers other than a grid (what `sudoku solve`, `count` and `rate`
/// print for a bad line, an impossible puzzle or a spent budget).
fn is_answer(text: &str) -> bool {
    text.starts_with("invalid:")
        || text.starts_with("unsolved")
        || text == "no solution"
        || text == "not unique"
}

/// A section header of `.sdk`-style files (`[Puzzle]`, `[Solution]`…), skipped like a comment.
fn is_section_header(text: &str) -> bool {
    text.len() > 2
        && text.starts_with('[')
        && text.ends_with(']')
        && text[1..text.len() - 1]
            .chars()
            .all(|c| c.is_ascii_alphabetic() || c == ' ')
}

/// Reads every puzzle of a text, in order, each with its line and format or the error in its place.
pub fn parse_records(text: &str) -> Vec<Record> {
    parse_records_with(text, Letters25::default())
}

/// [`parse_records`], reading 25×25 letters that fit both writings as `letters` says.
pub fn parse_records_with(text: &str, letters: Letters25) -> Vec<Record> {
    let mut out = Vec::new();
    let mut reader = TextReader::new(letters);
    for (i, raw) in text.lines().enumerate() {
        reader.line(i + 1, raw, &mut out);
    }
    reader.end_paragraph(&mut out);
    out
}

/// One puzzle from a text that must hold exactly one, its error a message: a text of one line is
/// not told its line number ("line 1" says nothing about a string given on its own); a block
/// grid's lines are.
pub fn read_puzzle(text: &str) -> Result<crate::grid::Grid, String> {
    let mut records = parse_records(text).into_iter();
    let first = records.next().ok_or("no puzzle in the text")?;
    if records.next().is_some() {
        return Err("the text holds more than one puzzle: pass one".into());
    }
    let one_line = text.trim().lines().count() <= 1;
    first.result.map_err(|e| {
        if one_line {
            e.without_line()
        } else {
            e.to_string()
        }
    })
}
