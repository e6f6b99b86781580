//! Reading puzzle text from a file or standard input.

use std::io::Read;

use crate::UsageError;

/// The whole text of `path` (`-` or `None` = standard input).
pub fn read(path: Option<&str>) -> Result<String, UsageError> {
    match path {
        None | Some("-") => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| UsageError(format!("cannot read standard input: {e}")))?;
            Ok(text)
        }
        Some(path) => {
            let bytes =
                std::fs::read(path).map_err(|e| UsageError(format!("cannot read {path}: {e}")))?;
            String::from_utf8(bytes).map_err(|_| UsageError(format!("{path} is not UTF-8 text")))
        }
    }
}
