//! Reading puzzle input from a file or standard input, as bytes: each line is checked on its own
//! (`sudoku_core::parse_bytes`), so a line that is not text does not reject the whole input.

use std::io::Read;

use crate::UsageError;

/// The bytes of `path` (`-` or `None` = standard input).
pub fn read(path: Option<&str>) -> Result<Vec<u8>, UsageError> {
    match path {
        None | Some("-") => {
            let mut bytes = Vec::new();
            std::io::stdin()
                .read_to_end(&mut bytes)
                .map_err(|e| UsageError(format!("cannot read standard input: {e}")))?;
            Ok(bytes)
        }
        Some(path) => {
            std::fs::read(path).map_err(|e| UsageError(format!("cannot read {path}: {e}")))
        }
    }
}
