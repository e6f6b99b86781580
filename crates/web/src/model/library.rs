//! The built-in puzzle library: the repository's fixtures, compiled into the page (their
//! comments and sources left out by the build script).

use sudoku_core::{parse_records, Grid};

/// One puzzle of the library.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub group: &'static str,
    pub label: String,
    pub grid: Grid,
}

/// Every entry, in display order (grouped).
pub fn library() -> Vec<Entry> {
    let mut out = Vec::new();
    let sets: [(&str, &str); 5] = [
        (
            "Famous puzzles",
            include_str!(concat!(env!("OUT_DIR"), "/library/named.txt")),
        ),
        (
            "Norvig's hardest",
            include_str!(concat!(env!("OUT_DIR"), "/library/hardest.txt")),
        ),
        (
            "Norvig's top95",
            include_str!(concat!(env!("OUT_DIR"), "/library/top95.txt")),
        ),
        (
            "Mantere & Koljonen",
            include_str!(concat!(env!("OUT_DIR"), "/library/mantere_koljonen.txt")),
        ),
        (
            "Every size",
            include_str!(concat!(env!("OUT_DIR"), "/library/sizes.txt")),
        ),
    ];
    for (group, text) in sets {
        for (i, record) in parse_records(text).into_iter().enumerate() {
            let Ok(grid) = record.result else { continue };
            let line = text.lines().nth(record.line - 1).unwrap_or_default();
            let name = line.split('\t').next().filter(|_| line.contains('\t'));
            let label = match name {
                Some(name) => name.to_string(),
                None => format!(
                    "#{} ({}, {} givens)",
                    i + 1,
                    grid.size(),
                    grid.given_count()
                ),
            };
            out.push(Entry { group, label, grid });
        }
    }
    out
}

/// The entries grouped for a `<select>` with optgroups: (group, [(index, label)]).
pub fn groups(entries: &[Entry]) -> Vec<(&'static str, Vec<(usize, &str)>)> {
    let mut groups: Vec<(&'static str, Vec<(usize, &str)>)> = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        match groups.last_mut() {
            Some((g, items)) if *g == entry.group => items.push((i, &entry.label)),
            _ => groups.push((entry.group, vec![(i, &entry.label)])),
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Size;

    #[test]
    fn every_fixture_set_and_size_is_in_the_library() {
        let entries = library();
        let groups = groups(&entries);
        assert_eq!(groups.len(), 5);
        assert_eq!(
            groups.iter().map(|(_, items)| items.len()).sum::<usize>(),
            entries.len()
        );
        for size in Size::ALL {
            assert!(entries.iter().any(|e| e.grid.size() == size), "{size}");
        }
        assert!(entries.iter().all(|e| e.grid.conflicts().is_empty()));
    }
}
