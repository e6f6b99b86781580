//! Trace files: one run kept as a file — the puzzle, the configuration and seed that replay it,
//! how it ended, and its events — so it can be played, drawn or shared outside the page that
//! made it.
//!
//! The binary form is a short text header and the events as the words they cross to the page
//! in ([`super::binary`]), little-endian:
//!
//! ```text
//! SUDOKU-LAB-TRACE 1
//! lab 0.1.0
//! puzzle 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
//! configuration dlx
//! seed 1
//! outcome verified
//! status solved
//! dropped 0
//! events 312
//!
//! <312 × 5 words of 4 bytes>
//! ```
//!
//! Unknown header lines are skipped, so a later lab may add some; a later format number is
//! refused with a message. The JSON form (behind the `serde` feature) has the same fields, the
//! events as objects with their `kind`. Reading checks everything a player indexes by: every
//! cell, digit, unit and depth an event names fits the puzzle, so a damaged or hostile file
//! gives a message, never a panic or unbounded memory.

use std::fmt;

use super::binary::{decode_event, encode_events, EVENT_WORDS};
use super::Event;
use crate::grid::Grid;

/// The format number this lab writes and reads.
pub const FORMAT_VERSION: u32 = 1;
/// Events a trace file may hold (100 MB of words): past it a recording stops the run
/// (`recording::record`).
pub const MAX_EVENTS: usize = 5_000_000;
/// The first line's words.
const MAGIC: &str = "SUDOKU-LAB-TRACE";
/// The JSON form's `format` value.
pub const JSON_FORMAT: &str = "sudoku-lab-trace";
/// A header longer than this is not one.
const MAX_HEADER_BYTES: usize = 64 * 1024;
const BYTES_PER_EVENT: usize = EVENT_WORDS * 4;

/// What a trace says about its run: enough to run it again and to say how it ended.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TraceHeader {
    /// The version of the lab that recorded it.
    pub lab: String,
    /// The puzzle, one line.
    pub puzzle: String,
    /// `ID[;NAME=VALUE…]`, as `--param`s, links and studies write it.
    pub configuration: String,
    pub seed: u64,
    /// How the run ended, as the records and the compare page name it: `verified`,
    /// `no-solution`, `gave-up`, `cancelled` or `failed`.
    pub outcome: String,
    /// The same in words: "solved", "no solution", "unsolved: gave up after 1,000 nodes",
    /// "cancelled at the trace's cap of 5000000 events".
    #[cfg_attr(feature = "serde", serde(default))]
    pub status: String,
    /// Per-cell events left out past the recording's cap (0: the trace is whole).
    #[cfg_attr(feature = "serde", serde(default))]
    pub dropped: u64,
}

/// A run as a file: its header and its events.
#[derive(Clone, Debug, PartialEq)]
pub struct TraceFile {
    pub header: TraceHeader,
    pub events: Vec<Event>,
}

/// Why a file is not a trace this lab can play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceError(pub String);

impl fmt::Display for TraceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TraceError {}

fn bad(message: impl Into<String>) -> TraceError {
    TraceError(message.into())
}

impl TraceFile {
    /// The binary form (see the module's documentation).
    pub fn to_bytes(&self) -> Vec<u8> {
        let h = &self.header;
        let header = format!(
            "{MAGIC} {FORMAT_VERSION}\nlab {}\npuzzle {}\nconfiguration {}\nseed {}\noutcome {}\nstatus {}\ndropped {}\nevents {}\n\n",
            one_line(&h.lab),
            one_line(&h.puzzle),
            one_line(&h.configuration),
            h.seed,
            one_line(&h.outcome),
            one_line(&h.status),
            h.dropped,
            self.events.len()
        );
        let mut out = Vec::with_capacity(header.len() + self.events.len() * BYTES_PER_EVENT);
        out.extend_from_slice(header.as_bytes());
        for word in encode_events(&self.events) {
            out.extend_from_slice(&word.to_le_bytes());
        }
        out
    }

    /// Reads the binary form and checks it (see [`TraceFile::check`]).
    pub fn from_bytes(bytes: &[u8]) -> Result<TraceFile, TraceError> {
        if bytes.starts_with(&[0x1f, 0x8b]) {
            return Err(bad("the trace is gzip-compressed: decompress it first"));
        }
        if bytes.first() == Some(&b'{') {
            return Err(bad("the trace is in its JSON form: read it as JSON"));
        }
        let Some(end) = find_blank_line(&bytes[..bytes.len().min(MAX_HEADER_BYTES)]) else {
            return Err(if bytes.starts_with(MAGIC.as_bytes()) {
                bad("the trace's header does not end (no blank line in its first 64 KB)")
            } else {
                bad("not a Sudoku Lab trace (it does not start with SUDOKU-LAB-TRACE)")
            });
        };
        let header = std::str::from_utf8(&bytes[..end])
            .map_err(|_| bad("the trace's header is not UTF-8 text"))?;
        let mut lines = header.lines();
        let first = lines.next().unwrap_or_default();
        let version = first.strip_prefix(MAGIC).map(str::trim).ok_or_else(|| {
            bad("not a Sudoku Lab trace (it does not start with SUDOKU-LAB-TRACE)")
        })?;
        check_version(version.parse().map_err(|_| {
            bad(format!(
                "the trace's format number {} is not a whole number",
                crate::words::shown(version)
            ))
        })?)?;
        let mut fields = Fields::default();
        for line in lines {
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            fields.set(key, value)?;
        }
        let (header, count) = fields.finish()?;
        let body = &bytes[end + 2..];
        if count > MAX_EVENTS as u64 {
            return Err(bad(format!(
                "the trace holds {count} events; this lab plays at most {MAX_EVENTS}"
            )));
        }
        let expected = count as usize * BYTES_PER_EVENT;
        if body.len() != expected {
            let held = body.len() / BYTES_PER_EVENT;
            return Err(bad(if body.len() < expected {
                format!("the trace is cut short: its header promises {count} events, the file holds {held}")
            } else {
                format!(
                    "the trace has {} bytes after its {count} events",
                    body.len() - expected
                )
            }));
        }
        let mut events = Vec::with_capacity(count as usize);
        let mut words = [0u32; EVENT_WORDS];
        for (index, chunk) in body.chunks_exact(BYTES_PER_EVENT).enumerate() {
            for (word, bytes) in words.iter_mut().zip(chunk.chunks_exact(4)) {
                *word = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
            }
            let event = decode_event(&words).ok_or_else(|| {
                bad(format!(
                    "event {}: words {words:?} are no event this lab knows",
                    index + 1
                ))
            })?;
            events.push(event);
        }
        let trace = TraceFile { header, events };
        trace.check()?;
        Ok(trace)
    }

    /// Checks what a player relies on: the puzzle reads, the events are at most
    /// [`MAX_EVENTS`], and every cell, digit, unit and depth an event names fits the puzzle's
    /// size. Returns the puzzle.
    pub fn check(&self) -> Result<Grid, TraceError> {
        let puzzle = Grid::parse(&self.header.puzzle)
            .map_err(|e| bad(format!("the trace's puzzle does not read: {e}")))?;
        if self.events.len() > MAX_EVENTS {
            return Err(bad(format!(
                "the trace holds {} events; this lab plays at most {MAX_EVENTS}",
                self.events.len()
            )));
        }
        let size = puzzle.size();
        for (index, event) in self.events.iter().enumerate() {
            event.fits(size).map_err(|what| {
                bad(format!(
                    "event {} ({}) names {what}, outside a {size} grid",
                    index + 1,
                    event.kind()
                ))
            })?;
        }
        Ok(puzzle)
    }
}

/// The JSON form: the header's fields, the format's name and number, and the events.
#[cfg(feature = "serde")]
mod json {
    use super::*;

    #[derive(serde::Serialize, serde::Deserialize)]
    pub struct JsonTrace {
        pub format: String,
        pub version: u32,
        #[serde(flatten)]
        pub header: TraceHeader,
        pub events: Vec<Event>,
    }

    impl From<&TraceFile> for JsonTrace {
        fn from(trace: &TraceFile) -> JsonTrace {
            JsonTrace {
                format: JSON_FORMAT.to_string(),
                version: FORMAT_VERSION,
                header: trace.header.clone(),
                events: trace.events.clone(),
            }
        }
    }

    impl TraceFile {
        /// Reads either form — binary, or JSON (it starts with `{`) — and checks it; a gzipped
        /// file is decompressed by the caller first.
        pub fn read(bytes: &[u8]) -> Result<TraceFile, TraceError> {
            if bytes.first() != Some(&b'{') {
                return TraceFile::from_bytes(bytes);
            }
            let json: JsonTrace = serde_json::from_slice(bytes)
                .map_err(|e| bad(format!("not a Sudoku Lab trace's JSON form ({e})")))?;
            TraceFile::try_from(json)
        }
    }

    impl TryFrom<JsonTrace> for TraceFile {
        type Error = TraceError;

        fn try_from(json: JsonTrace) -> Result<TraceFile, TraceError> {
            if json.format != JSON_FORMAT {
                return Err(bad(format!(
                    "not a Sudoku Lab trace (its format is {}, not {JSON_FORMAT})",
                    crate::words::shown(&json.format)
                )));
            }
            check_version(json.version)?;
            let trace = TraceFile {
                header: json.header,
                events: json.events,
            };
            trace.check()?;
            Ok(trace)
        }
    }
}

#[cfg(feature = "serde")]
pub use json::JsonTrace;

fn check_version(version: u32) -> Result<(), TraceError> {
    match version {
        FORMAT_VERSION => Ok(()),
        v if v > FORMAT_VERSION => Err(bad(format!(
            "the trace is in format {v}, written by a newer Sudoku Lab; this one reads format {FORMAT_VERSION}"
        ))),
        v => Err(bad(format!(
            "the trace's format {v} is not one this lab reads (format {FORMAT_VERSION})"
        ))),
    }
}

/// A header value on one line (a line break would end the field).
fn one_line(text: &str) -> String {
    text.replace(['\n', '\r'], " ")
}

/// Where "\n\n" starts, if it does.
fn find_blank_line(bytes: &[u8]) -> Option<usize> {
    bytes.windows(2).position(|w| w == b"\n\n")
}

/// The header's fields as read, each once.
#[derive(Default)]
struct Fields {
    lab: Option<String>,
    puzzle: Option<String>,
    configuration: Option<String>,
    seed: Option<u64>,
    outcome: Option<String>,
    status: Option<String>,
    dropped: Option<u64>,
    events: Option<u64>,
}

fn number(key: &str, value: &str) -> Result<u64, TraceError> {
    value.trim().parse().map_err(|_| {
        bad(format!(
            "the trace's {key} {} is not a whole number",
            crate::words::shown(value)
        ))
    })
}

impl Fields {
    fn set(&mut self, key: &str, value: &str) -> Result<(), TraceError> {
        let taken = match key {
            "lab" => self.lab.replace(value.to_string()).is_some(),
            "puzzle" => self.puzzle.replace(value.to_string()).is_some(),
            "configuration" => self.configuration.replace(value.to_string()).is_some(),
            "outcome" => self.outcome.replace(value.to_string()).is_some(),
            "status" => self.status.replace(value.to_string()).is_some(),
            "seed" => self.seed.replace(number(key, value)?).is_some(),
            "dropped" => self.dropped.replace(number(key, value)?).is_some(),
            "events" => self.events.replace(number(key, value)?).is_some(),
            // A later lab's addition: skipped.
            _ => false,
        };
        if taken {
            return Err(bad(format!("the trace's header gives {key} twice")));
        }
        Ok(())
    }

    fn finish(self) -> Result<(TraceHeader, u64), TraceError> {
        let missing = |key: &str| bad(format!("the trace's header has no {key} line"));
        Ok((
            TraceHeader {
                lab: self.lab.unwrap_or_default(),
                puzzle: self.puzzle.ok_or_else(|| missing("puzzle"))?,
                configuration: self.configuration.ok_or_else(|| missing("configuration"))?,
                seed: self.seed.ok_or_else(|| missing("seed"))?,
                outcome: self.outcome.unwrap_or_default(),
                status: self.status.unwrap_or_default(),
                dropped: self.dropped.unwrap_or(0),
            },
            self.events.ok_or_else(|| missing("events"))?,
        ))
    }
}

#[cfg(test)]
mod tests;
