//! What an experiment returns: tables (printable as Markdown and CSV) and charts (data the page
//! draws: heat maps, box plots, bars). Both are plain data, so a report built in the page's worker
//! crosses to the page as JSON and the CLI prints the same tables.

pub mod csv;
pub mod latex;

use std::fmt::Write as _;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// One table of a report.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Table {
    /// File stem of its CSV (`coloring-easy` → `coloring-easy.csv`).
    pub name: String,
    pub title: String,
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// The table's CSV as data when its cells are written for people (intervals, units):
    /// the download then gives the data, as the CLI writes it.
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "Option::is_none")
    )]
    pub data: Option<String>,
}

impl Table {
    pub fn new(name: &str, title: &str, columns: &[&str]) -> Table {
        Table {
            name: name.into(),
            title: title.into(),
            columns: columns.iter().map(|c| c.to_string()).collect(),
            rows: Vec::new(),
            data: None,
        }
    }

    pub fn push(&mut self, row: Vec<String>) {
        debug_assert_eq!(row.len(), self.columns.len());
        self.rows.push(row);
    }

    /// A Markdown table under a `###` title; numeric-looking columns right-aligned, a `|` in a
    /// header or cell escaped (`Σ|D|` would split its column).
    pub fn markdown(&self) -> String {
        let escape = |cells: &[String]| {
            cells
                .iter()
                .map(|c| c.replace('|', "\\|"))
                .collect::<Vec<_>>()
                .join(" | ")
        };
        let mut out = format!("### {}\n\n| {} |\n|", self.title, escape(&self.columns));
        for c in 0..self.columns.len() {
            let numeric = !self.rows.is_empty()
                && self.rows.iter().all(|r| {
                    let cell = r[c].trim_end_matches('%');
                    cell.parse::<f64>().is_ok() || cell == "–"
                });
            out.push_str(if numeric { "---:|" } else { "---|" });
        }
        out.push('\n');
        for row in &self.rows {
            let _ = writeln!(out, "| {} |", escape(row));
        }
        out
    }

    /// A table from its CSV (a header line, then rows, quoted as [`Table::csv`] quotes them):
    /// `Table::from_csv(…, &t.csv()).csv() == t.csv()` (the CSV is data already).
    pub fn from_csv(name: &str, title: &str, text: &str) -> Table {
        let mut lines = text.lines().map(csv::split_row);
        Table {
            name: name.into(),
            title: title.into(),
            columns: lines.next().unwrap_or_default(),
            rows: lines.collect(),
            data: None,
        }
    }

    /// The same table shown for people, its CSV still `data` (the tables a study's
    /// `tables()` writes for a paper, downloaded as `summary.csv`).
    pub fn shown_as(self, name: &str, data: String) -> Table {
        Table {
            name: name.into(),
            data: Some(data),
            ..self
        }
    }

    /// RFC 4180 CSV with a header line, as data ([`csv`]: snake_case headers, plain
    /// numbers, empty cells for missing values, bracketed words in `…_note` columns).
    pub fn csv(&self) -> String {
        if let Some(data) = &self.data {
            return data.clone();
        }
        let (columns, rows) = csv::data_table(self);
        let mut out = String::new();
        for row in std::iter::once(&columns).chain(&rows) {
            let line: Vec<String> = row.iter().map(|f| csv::quote(f)).collect();
            out.push_str(&line.join(","));
            out.push('\n');
        }
        out
    }
}

/// What an experiment returns: its tables, in reading order, notes on how it was run, and
/// charts of the same figures.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Report {
    pub title: String,
    pub notes: Vec<String>,
    pub tables: Vec<Table>,
    pub charts: Vec<Chart>,
}

impl Report {
    /// The tables as LaTeX floats after the notes as a comment block (a paper takes the
    /// tables; the notes say how they were made).
    pub fn latex(&self) -> String {
        let mut out = format!("% {}\n", self.title);
        for note in &self.notes {
            let _ = writeln!(out, "% {note}");
        }
        for table in &self.tables {
            out.push('\n');
            out.push_str(&table.latex());
        }
        out
    }

    pub fn markdown(&self) -> String {
        let mut out = format!("## {}\n\n", self.title);
        for note in &self.notes {
            let _ = writeln!(out, "- {note}");
        }
        for table in &self.tables {
            out.push('\n');
            out.push_str(&table.markdown());
        }
        out
    }
}

/// A chart of a report's figures. Missing values (`None`) are configurations with no finished
/// run yet, drawn blank.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub enum Chart {
    /// A grid of values coloured by size (e.g. success % per configuration).
    HeatMap {
        title: String,
        rows: Vec<String>,
        columns: Vec<String>,
        /// `values[row][column]`, between 0 and `max`.
        values: Vec<Vec<Option<f64>>>,
        max: f64,
        unit: String,
    },
    /// Groups of bars, one bar per series in each group.
    Bars {
        title: String,
        groups: Vec<String>,
        series: Vec<Series>,
        unit: String,
        /// Values spanning orders of magnitude (times) read better on a logarithmic axis.
        log_scale: bool,
    },
    /// Box plots: per group, one box per series.
    Boxes {
        title: String,
        groups: Vec<String>,
        series: Vec<BoxSeries>,
        unit: String,
    },
    /// Lines over a numeric x axis (a run's cost per iteration, a success rate per number of
    /// givens), each with the band of an interval around it where it has one.
    Lines {
        title: String,
        x_label: String,
        /// What the y axis measures ("share of runs solved").
        y_label: String,
        /// A logarithmic x axis (runtimes spanning orders of magnitude); x ≤ 0 sits at its
        /// left end.
        log_x: bool,
        series: Vec<Line>,
    },
}

/// One line of a line chart.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Line {
    pub name: String,
    /// (x, y), x growing.
    pub points: Vec<(f64, f64)>,
    /// (x, low, high) around the line; empty for none.
    pub band: Vec<(f64, f64, f64)>,
}

/// One series of a bar chart: a value per group.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Series {
    pub name: String,
    pub values: Vec<Option<f64>>,
}

/// One series of box plots: a five-number summary per group.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct BoxSeries {
    pub name: String,
    pub boxes: Vec<Option<FiveNumbers>>,
}

/// Minimum, lower quartile, median, upper quartile and maximum of a sample.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct FiveNumbers {
    pub min: f64,
    pub q1: f64,
    pub median: f64,
    pub q3: f64,
    pub max: f64,
}

impl FiveNumbers {
    /// The summary of a sample (`None` when empty); quartiles interpolate linearly between
    /// order statistics.
    pub fn of(values: &[f64]) -> Option<FiveNumbers> {
        if values.is_empty() {
            return None;
        }
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        let at = |q: f64| {
            let position = q * (sorted.len() - 1) as f64;
            let (low, high) = (position.floor() as usize, position.ceil() as usize);
            sorted[low] + (sorted[high] - sorted[low]) * (position - low as f64)
        };
        Some(FiveNumbers {
            min: sorted[0],
            q1: at(0.25),
            median: at(0.5),
            q3: at(0.75),
            max: sorted[sorted.len() - 1],
        })
    }
}

impl Chart {
    pub fn title(&self) -> &str {
        match self {
            Chart::HeatMap { title, .. }
            | Chart::Bars { title, .. }
            | Chart::Boxes { title, .. }
            | Chart::Lines { title, .. } => title,
        }
    }
}
