//! A study's records: one per job, written as a CSV row (`records.csv`) or a JSON line
//! (`records.jsonl`, after a header line with the versions and settings), and read back from the
//! CSV so an interrupted study resumes where its records stop.

use super::{Member, Study};
use crate::registry::Configuration;
use crate::report::csv;
use crate::solve::Status;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// How a run ended, as the page's `data-outcome` says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub enum RunOutcome {
    /// Solved, and the verifier accepted the answer.
    Verified,
    /// The budget ran out first.
    GaveUp,
    /// Proved: no solution.
    NoSolution,
    /// The run could not be made, or its answer was wrong.
    Failed,
}

impl RunOutcome {
    pub const ALL: [RunOutcome; 4] = [
        RunOutcome::Verified,
        RunOutcome::GaveUp,
        RunOutcome::NoSolution,
        RunOutcome::Failed,
    ];

    /// A status that is not a verified answer.
    pub fn of(status: Status) -> RunOutcome {
        match status {
            Status::GaveUp(_) | Status::Cancelled => RunOutcome::GaveUp,
            Status::NoSolution => RunOutcome::NoSolution,
            Status::Solved => RunOutcome::Failed,
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            RunOutcome::Verified => "verified",
            RunOutcome::GaveUp => "gave-up",
            RunOutcome::NoSolution => "no-solution",
            RunOutcome::Failed => "failed",
        }
    }

    pub fn from_id(id: &str) -> Option<RunOutcome> {
        RunOutcome::ALL.into_iter().find(|o| o.id() == id)
    }
}

/// What one job measured.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub struct Record {
    /// The job's number in the study.
    pub job: usize,
    /// Index of the configuration, of the puzzle in the population. The files name the
    /// configuration as it ran (the study's budget included), so a row says how to repeat it.
    pub configuration: usize,
    pub puzzle: usize,
    /// The seed the run was given: `sudoku solve -a ID --seed SEED` with the configuration's
    /// parameters repeats it.
    pub seed: u64,
    pub outcome: RunOutcome,
    /// Milliseconds on the driver's clock, the run's events counted as they came.
    pub time_ms: f64,
    pub iterations: u64,
    pub nodes: u64,
    pub restarts: u64,
    pub generations: u64,
    pub events: u64,
}

impl Record {
    pub fn solved(&self) -> bool {
        self.outcome == RunOutcome::Verified
    }
}

/// The CSV header of `records.csv`.
pub const CSV_HEADER: &str = "job,configuration,puzzle,level,givens,rating,seed,outcome,time_ms,iterations,nodes,restarts,generations,events";

/// A JSON string literal.
pub fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The level column: the puzzle's level, empty for contradictory givens.
fn level(member: &Member) -> &'static str {
    member.level.map_or("", |l| l.id())
}

/// A record's value in one column, typed: each format writes it its way.
#[derive(Clone, Debug, PartialEq)]
pub enum Field {
    Text(String),
    Whole(u64),
    /// Milliseconds, written with three decimals.
    Millis(f64),
    /// A seed: bare in CSV, a string in JSON (seeds run to 2⁶⁴, and jq or JavaScript round a
    /// number past 2⁵³: a seed copied through them would repeat another run).
    Seed(u64),
}

impl Study {
    /// A record's columns, named as [`CSV_HEADER`] names them and in its order: the one list
    /// every format (CSV, JSON, Python's dicts) is written from, so a new column is added here.
    pub fn fields(&self, record: &Record) -> Vec<(&'static str, Field)> {
        let member = &self.population[record.puzzle];
        let values = [
            Field::Whole(record.job as u64),
            Field::Text(self.runs[record.configuration].to_string()),
            Field::Text(member.puzzle.to_line()),
            Field::Text(level(member).to_string()),
            Field::Whole(member.givens as u64),
            Field::Text(member.rating.clone()),
            Field::Seed(record.seed),
            Field::Text(record.outcome.id().to_string()),
            Field::Millis(record.time_ms),
            Field::Whole(record.iterations),
            Field::Whole(record.nodes),
            Field::Whole(record.restarts),
            Field::Whole(record.generations),
            Field::Whole(record.events),
        ];
        CSV_HEADER.split(',').zip(values).collect()
    }

    /// A record as a `records.csv` row (no line end).
    pub fn csv_row(&self, record: &Record) -> String {
        self.fields(record)
            .iter()
            .map(|(_, field)| match field {
                Field::Text(text) => csv::quote(text),
                Field::Whole(n) | Field::Seed(n) => n.to_string(),
                Field::Millis(ms) => format!("{ms:.3}"),
            })
            .collect::<Vec<_>>()
            .join(",")
    }

    /// A record as a JSON line (no line end).
    pub fn json_line(&self, record: &Record) -> String {
        let fields: Vec<String> = self
            .fields(record)
            .iter()
            .map(|(name, field)| match field {
                Field::Text(text) => format!("\"{name}\":{}", json_string(text)),
                Field::Whole(n) => format!("\"{name}\":{n}"),
                Field::Seed(n) => format!("\"{name}\":\"{n}\""),
                Field::Millis(ms) => format!("\"{name}\":{ms:.3}"),
            })
            .collect();
        format!("{{{}}}", fields.join(","))
    }

    /// Reads a `records.csv` row of this study back; `Err` says why it is not one (a row of
    /// another study, a cut last line).
    pub fn parse_csv_row(&self, row: &str) -> Result<Record, String> {
        let fields = csv::split_row(row);
        if fields.len() != CSV_HEADER.split(',').count() {
            return Err(format!("{} fields, not 14", fields.len()));
        }
        let number = |i: usize| -> Result<u64, String> {
            fields[i]
                .parse()
                .map_err(|_| format!("'{}' is not a whole number", fields[i]))
        };
        let job = number(0)? as usize;
        if job >= self.jobs() {
            return Err(format!(
                "job {job} is not one of the study's {}",
                self.jobs()
            ));
        }
        let id = self.job(job);
        let expected = self.runs[id.configuration].to_string();
        // A label written before a parameter was renamed reads as today's.
        let same_configuration = fields[1] == expected
            || Configuration::parse(&fields[1]).is_ok_and(|c| c.to_string() == expected);
        if !same_configuration || fields[2] != self.population[id.puzzle].puzzle.to_line() {
            return Err(format!(
                "job {job} is not this study's (another configuration or puzzle)"
            ));
        }
        Ok(Record {
            job,
            configuration: id.configuration,
            puzzle: id.puzzle,
            seed: number(6)?,
            outcome: RunOutcome::from_id(&fields[7])
                .ok_or_else(|| format!("'{}' is not an outcome", fields[7]))?,
            time_ms: fields[8]
                .parse()
                .map_err(|_| format!("'{}' is not a time", fields[8]))?,
            iterations: number(9)?,
            nodes: number(10)?,
            restarts: number(11)?,
            generations: number(12)?,
            events: number(13)?,
        })
    }

    /// The header line of `records.jsonl`: what re-runs the study bit for bit.
    pub fn json_header(&self, version: &str) -> String {
        let settings = &self.settings;
        let configurations: Vec<String> = settings
            .configurations
            .iter()
            .map(|c| json_string(&c.to_string()))
            .collect();
        let population = match &settings.source {
            super::Source::Given(puzzles) => format!("{{\"given\":{}}}", puzzles.len()),
            super::Source::Generated {
                size,
                classes,
                count,
                symmetry,
            } => format!(
                "{{\"size\":{},\"classes\":[{}],\"count\":{count},\"symmetry\":\"{}\"}}",
                size.n(),
                classes
                    .iter()
                    .map(|c| json_string(&c.label()))
                    .collect::<Vec<_>>()
                    .join(","),
                symmetry.id()
            ),
        };
        format!(
            "{{\"study\":{{\"sudoku_lab\":{},\"seed\":{},\"seeds\":{},\"budget\":{},\"configurations\":[{}],\"population\":{population},\"puzzles\":{},\"jobs\":{}}}}}",
            json_string(version),
            // As each record's seed: a string, whole past 2⁵³.
            json_string(&settings.seed.to_string()),
            settings.seeds,
            settings
                .budget
                .map_or("null".to_string(), |m| m.to_string()),
            configurations.join(","),
            self.population.len(),
            self.jobs()
        )
    }
}
