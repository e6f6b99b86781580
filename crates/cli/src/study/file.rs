//! A study file (TOML): the core's one shape of a study's settings
//! ([`sudoku_core::study::file`], which Python's `Study` and the page read too), its
//! population's `file` read relative to the study file.

use std::path::Path;

use sudoku_core::study::file::{Partial, StudyFile};

use crate::UsageError;

/// Reads and checks a study file.
pub fn read(path: &Path) -> Result<Partial, UsageError> {
    let name = path.display();
    let text = std::fs::read_to_string(path)
        .map_err(|e| UsageError(format!("cannot read {name}: {e}")))?;
    let file: StudyFile = toml::from_str(&text)
        .map_err(|e| UsageError(format!("{name}: {}", e.to_string().trim())))?;
    let folder = path.parent().unwrap_or(Path::new("."));
    let read_file = |file: &str| super::read_puzzles(&folder.join(file)).map_err(|e| e.0);
    file.read(&read_file)
        .map_err(|e| UsageError(format!("{name}: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The study files in `studies/` read in full (their populations are generated).
    #[test]
    fn the_committed_study_files_read() {
        let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../studies");
        let mut read_any = false;
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "toml") {
                let partial = read(&path).unwrap_or_else(|e| panic!("{}", e.0));
                let settings = partial.settings().unwrap();
                assert!(!settings.configurations.is_empty(), "{}", path.display());
                read_any = true;
            }
        }
        assert!(read_any);
    }
}
