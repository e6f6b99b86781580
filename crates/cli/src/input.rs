//! Reading puzzle input from a file or standard input as a stream of bytes: each line is checked
//! on its own (`sudoku_core::Records`), so a line that is not text does not reject the whole
//! input, and memory stays bounded whatever the input's length.

use std::io::{BufReader, Read};

use sudoku_core::{Letters25, Record, Records};

use crate::UsageError;

/// Bytes read from the source at a time.
const BUFFER: usize = 1 << 16;

/// A file or standard input, buffered, with its name for messages.
pub struct Source {
    pub reader: BufReader<Box<dyn Read + Send>>,
    pub name: String,
    /// Standard input (a person or a program may be waiting for answers).
    pub interactive: bool,
}

impl Source {
    /// `path` (`-` or `None` = standard input).
    pub fn open(path: Option<&str>) -> Result<Source, UsageError> {
        let (reader, name, interactive): (Box<dyn Read + Send>, String, bool) = match path {
            None | Some("-") => (Box::new(std::io::stdin()), "standard input".into(), true),
            Some(path) => {
                let file = std::fs::File::open(path)
                    .map_err(|e| UsageError(format!("cannot read {path}: {e}")))?;
                (Box::new(file), path.into(), false)
            }
        };
        Ok(Source {
            reader: BufReader::with_capacity(BUFFER, reader),
            name,
            interactive,
        })
    }
}

/// The puzzles of a file or of standard input, as they arrive.
pub struct Input {
    records: Records<BufReader<Box<dyn Read + Send>>>,
    name: String,
    /// Standard input may be a person or a program waiting for answers: a chunk ends where
    /// reading more would wait, and its answers go out at once.
    interactive: bool,
}

impl Input {
    /// `path` (`-` or `None` = standard input).
    pub fn open(path: Option<&str>, letters: Letters25) -> Result<Input, UsageError> {
        let source = Source::open(path)?;
        Ok(Input {
            records: Records::new(source.reader, letters),
            name: source.name,
            interactive: source.interactive,
        })
    }

    /// Fills `chunk` with the next records, at most `count`; empty at the end of the input.
    /// Standard input's chunk also ends where the next record would wait for more input.
    pub fn next_chunk(&mut self, chunk: &mut Vec<Record>, count: usize) -> Result<(), UsageError> {
        chunk.clear();
        while chunk.len() < count {
            if !chunk.is_empty() && self.would_wait() {
                break;
            }
            match self.records.next() {
                Some(record) => chunk.push(
                    record.map_err(|e| UsageError(format!("cannot read {}: {e}", self.name)))?,
                ),
                None => break,
            }
        }
        Ok(())
    }

    /// Whether the next record may have to wait for input that has not arrived.
    pub fn would_wait(&self) -> bool {
        self.interactive && !self.records.has_ready() && self.records.get_ref().buffer().is_empty()
    }
}

/// The bytes of `path` (`-` = standard input), whole: for the commands that read their input
/// more than once (`bench`) or as one set (`experiment`).
pub fn read(path: &str) -> Result<Vec<u8>, UsageError> {
    use std::io::Read;
    if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| UsageError(format!("cannot read standard input: {e}")))?;
        return Ok(bytes);
    }
    std::fs::read(path).map_err(|e| UsageError(format!("cannot read {path}: {e}")))
}
