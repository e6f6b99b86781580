//! What the study page shows and saves, in the core's own forms: a report (the findings in
//! words, the charts drawn from the records so far, the summary and pairwise tables once the
//! summary is in) and `records.csv` — the files `sudoku study` writes, byte for byte.

use sudoku_core::report::Report;
use sudoku_core::study::charts::{
    ecdf_chart, runtime_distribution, success_by_group, wins_matrix, Effort,
};
use sudoku_core::study::ranking::{ranking_table, standings};
use sudoku_core::study::records::CSV_HEADER;
use sudoku_core::study::Record;
use sudoku_core::Family;

use super::StudyPage;

/// What a report is made from: the study (by its number on the page), its records so far, its
/// summary, its status and the clock it was measured with.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Made {
    study: u64,
    records: usize,
    summary: bool,
    status: &'static str,
    coarse_clock: bool,
}

impl StudyPage {
    /// `records.csv`: the header, then a row per finished job in job order.
    pub fn records_csv(&self) -> String {
        let Some(study) = &self.study else {
            return String::new();
        };
        let mut records: Vec<&Record> = self.records.iter().collect();
        records.sort_by_key(|r| r.job);
        let mut out = format!("{CSV_HEADER}\n");
        for record in records {
            out.push_str(&study.csv_row(record));
            out.push('\n');
        }
        out
    }

    /// The report of the study so far (`None` before its population is made). Its tables are
    /// `summary` and `pairwise`, their CSVs the CLI's `summary.csv` and `pairwise.csv`. Made
    /// again only when what it reads changed: a redraw for the form alone (typing after a
    /// 50,000-run study) would otherwise recount every run for its charts and ranking.
    pub fn report(&self) -> Option<Report> {
        let made = Made {
            study: self.started,
            records: self.records.len(),
            summary: self.summary.is_some(),
            status: self.status_id(),
            coarse_clock: self.coarse_clock,
        };
        let mut cache = self.report_cache.borrow_mut();
        match &*cache {
            Some((was, report)) if *was == made => report.clone(),
            _ => {
                let report = self.fresh_report();
                *cache = Some((made, report.clone()));
                report
            }
        }
    }

    pub(super) fn fresh_report(&self) -> Option<Report> {
        let study = self.study.as_ref()?;
        let (done, all) = (self.records.len(), study.jobs());
        let mut notes = vec![format!(
            "{} configuration{} × {} puzzles × {} seed{}: {done} of {all} runs{}.",
            study.runs.len(),
            if study.runs.len() == 1 { "" } else { "s" },
            study.population.len(),
            study.settings.seeds,
            if study.settings.seeds == 1 { "" } else { "s" },
            if done < all { " so far" } else { "" },
        )];
        if self.coarse_clock {
            notes[0].push_str(" Effort is compared in evaluations: the browser coarsens its clock in this page (it is not cross-origin isolated), so times are shown but not tested.");
        }
        let any = |family: Family| study.runs.iter().any(|c| c.algorithm.family() == family);
        let mut tables = Vec::new();
        // A race's standings first (its CSV `sudoku tune --csv`'s), its tests in words; the
        // study's tables then summarise the runs it made.
        if let Some(run) = &self.race {
            notes.push(
                "Racing (F-race): every configuration still in the race runs on one puzzle after another; from the fifth on, Friedman's test and Conover's post-hoc test drop those worse than the best (α = 0.05).".into(),
            );
            notes.extend(run.tests_said());
            tables.push(run.table(study));
        }
        match &self.summary {
            Some(summary) => {
                notes.extend(summary.findings());
                // Written for people (intervals, units); downloaded as the CLI's CSVs.
                let ranked = standings(study, &self.records, &self.hits, Some(summary));
                tables.push(ranking_table(&ranked));
                let [rows, pairs] = summary.tables();
                tables.push(rows.shown_as("summary", summary.rows_csv()));
                tables.push(pairs.shown_as("pairwise", summary.comparisons_csv()));
            }
            None if self.is_running() => notes.push(
                "The tables (intervals, pairwise tests) come when the runs are over; the charts fill in as they finish.".into(),
            ),
            None => {}
        }
        Some(Report {
            title: "Study".into(),
            notes,
            tables,
            charts: [
                // COCO's headline figure first: targets reached against evaluations.
                Some(ecdf_chart(study, &self.records, &self.hits)),
                Some(success_by_group(study, &self.records)),
                Some(runtime_distribution(study, &self.records, Effort::TimeMs)),
                // Work in each family's unit, a chart per family the study runs.
                any(Family::Heuristic)
                    .then(|| runtime_distribution(study, &self.records, Effort::Iterations)),
                any(Family::Exact)
                    .then(|| runtime_distribution(study, &self.records, Effort::Nodes)),
            ]
            .into_iter()
            .flatten()
            // The pairwise outcomes once the tests are in.
            .chain(self.summary.as_ref().map(|s| wins_matrix(study, s)))
            .collect(),
        })
    }
}
