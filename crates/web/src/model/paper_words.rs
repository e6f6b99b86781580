//! The papers' abbreviations in plain words. The experiments' tables keep the papers' own
//! labels ("CL", "MV", "SD"), so they read beside the papers; the page shows each label's words
//! where the label is (a tooltip), and the glossary of the help page says more.

/// Each abbreviation a report's method, origin or level uses, and what it stands for.
const WORDS: [(&str, &str); 12] = [
    (
        "CL",
        "breadth-first colouring (ring by ring from the start cell)",
    ),
    ("CP", "depth-first colouring (along a chain of neighbours)"),
    (
        "DS",
        "DSATUR order (the cell whose neighbours use the most colours first; the lab's own)",
    ),
    ("1", "starting from the first empty cell"),
    ("C", "starting from the centre"),
    ("A", "starting from a random cell"),
    (
        "MV",
        "starting from the cell with the most coloured neighbours",
    ),
    (
        "SD",
        "super difficult: the hardest level of the tabu paper's puzzle files",
    ),
    ("TS", "tabu search"),
    (
        "AI",
        "Arto Inkala's initials: AI Escargot is the puzzle he published in 2006 as the hardest",
    ),
    (
        "GAC",
        "generalised arc consistency: every digit that cannot fit is removed",
    ),
    (
        "AC3",
        "AC-3: a digit is removed when one other cell rules it out",
    ),
];

/// The columns whose cells are the papers' labels.
const LABEL_COLUMNS: [&str; 3] = ["method", "origin", "level"];

/// A label in plain words: each of its parts (split at spaces, hyphens and brackets) that is an
/// abbreviation, said; `None` when none is.
pub fn plain(label: &str) -> Option<String> {
    let said: Vec<&str> = label
        .split([' ', '-', '(', ')'])
        .filter_map(|part| WORDS.iter().find(|(short, _)| *short == part))
        .map(|(_, words)| *words)
        .collect();
    (!said.is_empty()).then(|| said.join("; "))
}

/// [`plain`] for a table's cell, where its column holds labels (a "1" elsewhere is a number).
pub fn of_cell(column: &str, cell: &str) -> Option<String> {
    LABEL_COLUMNS
        .contains(&column)
        .then(|| plain(cell))
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::experiment::{Context, Experiment, Progress, Settings};
    use sudoku_core::report::Chart;

    /// Every label of every experiment's report, in its label columns and as a heat map's row,
    /// that is written in capitals or is an origin's "1" has its plain words.
    #[test]
    fn every_abbreviation_of_the_reports_is_said_in_words() {
        let mut seen = 0;
        for experiment in Experiment::ALL {
            let context = Context::new(experiment, &Settings::default());
            let report = experiment.report(&context, &Progress::default());
            let mut labels: Vec<(String, String)> = Vec::new();
            for table in &report.tables {
                for row in &table.rows {
                    for (column, cell) in table.columns.iter().zip(row) {
                        if LABEL_COLUMNS.contains(&column.as_str()) {
                            labels.push((column.clone(), cell.clone()));
                        }
                    }
                }
            }
            for chart in &report.charts {
                if let Chart::HeatMap { rows, .. } = chart {
                    labels.extend(rows.iter().map(|r| ("method".to_string(), r.clone())));
                }
            }
            for (column, label) in labels {
                for part in label.split([' ', '-', '(', ')']) {
                    let abbreviation = part.len() <= 3
                        && !part.is_empty()
                        && part.chars().all(|c| c.is_ascii_uppercase())
                        || (column == "origin" && part == "1");
                    if abbreviation {
                        seen += 1;
                        assert!(
                            plain(part).is_some(),
                            "{}: '{part}' of '{label}' has no plain words",
                            experiment.id()
                        );
                    }
                }
            }
        }
        assert!(seen > 10, "the reports' labels were read ({seen})");
        assert_eq!(
            plain("CL MV").as_deref(),
            Some("breadth-first colouring (ring by ring from the start cell); starting from the cell with the most coloured neighbours")
        );
        assert_eq!(of_cell("list 9", "1"), None);
        assert_eq!(plain("easy"), None);
    }
}
