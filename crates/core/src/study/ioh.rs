//! A study in IOHprofiler's format, for IOHanalyzer and iohinspector: one folder per
//! configuration (the algorithm), in it one JSON meta file per class of puzzles (the function)
//! and its `.dat` file of runs (each puzzle an instance, the grid's side the dimension, the
//! cost minimised). A run's rows are its best cost at each improvement: `evaluations raw_y`
//! from evaluation 1, the run's first row; a run whose first report comes later (a colouring's
//! first construction, an exact search's answer) starts from the puzzle's open cells, the cost
//! of nothing done yet.

use std::fmt::Write;

use super::anytime::{evaluations, CurvePoint};
use super::summary::groups;
use super::{Record, Study};

/// One file of the export: its path under the export folder and its text.
pub struct ExportFile {
    pub path: String,
    pub text: String,
}

/// A name safe in a file name: letters, digits, `.` and `-`; the rest as `-`.
fn file_name(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                c
            } else {
                '-'
            }
        })
        .collect()
}

/// A JSON string literal.
fn json(text: &str) -> String {
    super::records::json_string(text)
}

/// A run's rows: (evaluation from 1, best cost), one row per evaluation, the first at 1.
fn rows(curve: &[CurvePoint], open_cells: u32) -> Vec<(u64, u32)> {
    let mut rows: Vec<(u64, u32)> = Vec::with_capacity(curve.len() + 1);
    for point in curve {
        let e = point.evaluations.max(1);
        match rows.last_mut() {
            // Two reports at one evaluation: the later (lower) one stands.
            Some(last) if last.0 == e => last.1 = point.cost,
            _ => rows.push((e, point.cost)),
        }
    }
    if rows.first().is_none_or(|r| r.0 > 1) {
        rows.insert(0, (1, open_cells));
    }
    rows
}

impl Study {
    /// The study in IOHprofiler's JSON-and-dat format: every record with its curve
    /// (`curve(job)`), the configuration's spend as each run's evaluations.
    pub fn ioh_export(
        &self,
        records: &[Record],
        curve: &dyn Fn(usize) -> Vec<CurvePoint>,
        version: &str,
    ) -> Vec<ExportFile> {
        let groups = groups(self);
        let mut files = Vec::new();
        for (c, configuration) in self.runs.iter().enumerate() {
            let label = configuration.to_string();
            let folder = file_name(&label);
            for (g, group) in groups.iter().enumerate() {
                let runs: Vec<&Record> = records
                    .iter()
                    .filter(|r| r.configuration == c && self.population[r.puzzle].group() == *group)
                    .collect();
                if runs.is_empty() {
                    continue;
                }
                let function = g + 1;
                let name = file_name(&format!("class-{group}"));
                let side = self.population[runs[0].puzzle].puzzle.size().n();
                let data = format!("data_f{function}_{name}/IOHprofiler_f{function}_DIM{side}.dat");
                let (mut dat, mut meta_runs) = (String::new(), Vec::new());
                for record in &runs {
                    let puzzle = &self.population[record.puzzle].puzzle;
                    let open = puzzle.values().iter().filter(|&&v| v == 0).count() as u32;
                    let rows = rows(&curve(record.job), open);
                    let spent = evaluations(
                        configuration.algorithm.family(),
                        record.iterations,
                        record.nodes,
                    )
                    .max(rows.last().map_or(1, |r| r.0));
                    dat.push_str("evaluations raw_y\n");
                    for (e, cost) in &rows {
                        let _ = writeln!(dat, "{e} {cost}");
                    }
                    let best = rows.last().copied().unwrap_or((1, open));
                    meta_runs.push(format!(
                        "{{\"instance\":{},\"evals\":{spent},\"best\":{{\"evals\":{},\"y\":{},\"x\":[]}}}}",
                        record.puzzle + 1,
                        best.0,
                        best.1
                    ));
                }
                let meta = format!(
                    "{{\"version\":{},\"suite\":\"sudoku-lab\",\"function_id\":{function},\"function_name\":{},\"maximization\":false,\"algorithm\":{{\"name\":{},\"info\":{}}},\"attributes\":[\"evaluations\",\"raw_y\"],\"scenarios\":[{{\"dimension\":{side},\"path\":{},\"runs\":[{}]}}]}}\n",
                    json(version),
                    json(&name),
                    json(&label),
                    json(&format!(
                        "Sudoku Lab {version}; cost: the algorithm's own (0 solved); evaluations: its budget's unit"
                    )),
                    json(&data),
                    meta_runs.join(",")
                );
                files.push(ExportFile {
                    path: format!("{folder}/IOHprofiler_f{function}_{name}.json"),
                    text: meta,
                });
                files.push(ExportFile {
                    path: format!("{folder}/{data}"),
                    text: dat,
                });
            }
        }
        files
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::anytime::curve;

    #[test]
    fn a_run_starts_at_evaluation_one_with_one_row_per_evaluation() {
        // A local search: its first cost at 0 becomes evaluation 1, a second report at 1
        // replaces it.
        assert_eq!(
            rows(&curve(&[(0, 20), (1, 15), (7, 3)]), 50),
            [(1, 15), (7, 3)]
        );
        // A colouring's first construction or an exact answer later than 1: the open cells first.
        assert_eq!(
            rows(&curve(&[(3, 4), (9, 0)]), 50),
            [(1, 50), (3, 4), (9, 0)]
        );
        assert_eq!(rows(&curve(&[(57, 0)]), 50), [(1, 50), (57, 0)]);
        // An unsolved exact run: nothing but the start.
        assert_eq!(rows(&[], 50), [(1, 50)]);
        assert_eq!(
            file_name("tabu-alldiff;max_iterations=500"),
            "tabu-alldiff-max-iterations-500"
        );
    }
}
