//! Trace files on disk: `solve --trace PATH` writes one per puzzle, `render` reads them. The
//! form follows the name: `.json` the JSON form, `.gz` gzip around either, anything else the
//! binary form; reading tells them apart by their first bytes.

use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use sudoku_core::trace::{JsonTrace, TraceFile, MAX_EVENTS};

/// What `solve --trace` is given: one path, or a pattern with `{line}` for one file per puzzle.
#[derive(Clone, Debug)]
pub struct TracePath(pub String);

/// The placeholder a trace path names each puzzle's input line with.
const LINE: &str = "{line}";

impl TracePath {
    /// Whether the path gives each puzzle a file of its own.
    pub fn per_puzzle(&self) -> bool {
        self.0.contains(LINE)
    }

    /// The file for the puzzle read at `line`.
    pub fn for_line(&self, line: usize) -> PathBuf {
        PathBuf::from(self.0.replace(LINE, &line.to_string()))
    }
}

/// Bytes read from a trace file at most, decompressed (the JSON form of the largest trace).
const MAX_READ_BYTES: u64 = 1 << 30;

fn is_json(path: &Path) -> bool {
    let name = path.to_string_lossy().to_lowercase();
    name.ends_with(".json") || name.ends_with(".json.gz")
}

fn is_gzip(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("gz"))
}

/// Writes `trace` to `path` in the form its name asks for.
pub fn write(path: &Path, trace: &TraceFile) -> Result<(), String> {
    let shown = path.display();
    let file = File::create(path).map_err(|e| format!("{shown}: {e}"))?;
    let mut out: Box<dyn Write> = if is_gzip(path) {
        Box::new(flate2::write::GzEncoder::new(
            BufWriter::new(file),
            flate2::Compression::default(),
        ))
    } else {
        Box::new(BufWriter::new(file))
    };
    let written = if is_json(path) {
        serde_json::to_writer(&mut out, &JsonTrace::from(trace)).map_err(std::io::Error::from)
    } else {
        out.write_all(&trace.to_bytes())
    };
    written
        .and_then(|()| out.flush())
        .map_err(|e| format!("{shown}: {e}"))
}

/// Reads a trace file in any of its forms and checks it.
pub fn read(path: &Path) -> Result<TraceFile, String> {
    let shown = path.display();
    let mut file = File::open(path).map_err(|e| format!("{shown}: {e}"))?;
    let mut start = [0u8; 2];
    let got = file.read(&mut start).map_err(|e| format!("{shown}: {e}"))?;
    let file = std::io::Cursor::new(start[..got].to_vec()).chain(file);
    let reader: Box<dyn Read> = if start[..got] == [0x1f, 0x8b] {
        Box::new(flate2::read::MultiGzDecoder::new(file))
    } else {
        Box::new(file)
    };
    let mut bytes = Vec::new();
    reader
        .take(MAX_READ_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{shown}: {e}"))?;
    if bytes.len() as u64 > MAX_READ_BYTES {
        return Err(format!(
            "{shown}: over {} MB; a trace holds at most {MAX_EVENTS} events",
            MAX_READ_BYTES >> 20
        ));
    }
    TraceFile::read(&bytes).map_err(|e| format!("{shown}: {e}"))
}
