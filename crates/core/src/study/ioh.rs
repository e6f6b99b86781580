//! A study in IOHprofiler's format (and COCO's), for IOHanalyzer, iohinspector and cocopp: one folder per
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

/// A number as C's `%+.9e` writes it (`+2.800000000e+01`), as COCO's files hold them.
fn c_exponent(value: f64) -> String {
    let text = format!("{value:+.9e}");
    let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let sign = if exponent < 0 { '-' } else { '+' };
    format!("{mantissa}e{sign}{:02}", exponent.abs())
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

/// One configuration's runs on one class: what both formats write.
struct Cell {
    /// The configuration as the records name it, and as a folder name.
    label: String,
    folder: String,
    /// The class's number (from 1) and name (`class-28`, `class-easy`).
    function: usize,
    name: String,
    side: usize,
    runs: Vec<RunRows>,
}

/// A run's rows and what it spent.
struct RunRows {
    /// The puzzle's place in the population, from 1.
    instance: usize,
    /// Evaluations spent, at least its last row's.
    spent: u64,
    rows: Vec<(u64, u32)>,
}

impl RunRows {
    fn best(&self) -> (u64, u32) {
        self.rows.last().copied().unwrap_or((1, 0))
    }
}

impl Study {
    /// Every configuration's runs on every class, each run's rows from its curve.
    fn export_cells(
        &self,
        records: &[Record],
        curve: &dyn Fn(usize) -> Vec<CurvePoint>,
    ) -> Vec<Cell> {
        let groups = groups(self);
        let mut cells = Vec::new();
        for (c, configuration) in self.runs.iter().enumerate() {
            let label = configuration.to_string();
            for (g, group) in groups.iter().enumerate() {
                let here: Vec<&Record> = records
                    .iter()
                    .filter(|r| r.configuration == c && self.population[r.puzzle].group() == *group)
                    .collect();
                let Some(first) = here.first() else {
                    continue;
                };
                let side = self.population[first.puzzle].puzzle.size().n();
                let runs: Vec<RunRows> = here
                    .iter()
                    .map(|record| {
                        let puzzle = &self.population[record.puzzle].puzzle;
                        let open = puzzle.values().iter().filter(|&&v| v == 0).count() as u32;
                        let rows = rows(&curve(record.job), open);
                        let spent = evaluations(
                            configuration.algorithm.family(),
                            record.iterations,
                            record.nodes,
                        )
                        .max(rows.last().map_or(1, |r| r.0));
                        RunRows {
                            instance: record.puzzle + 1,
                            spent,
                            rows,
                        }
                    })
                    .collect();
                cells.push(Cell {
                    folder: file_name(&label),
                    label: label.clone(),
                    function: g + 1,
                    name: file_name(&format!("class-{group}")),
                    side,
                    runs,
                });
            }
        }
        cells
    }

    /// The study in IOHprofiler's JSON-and-dat format: every record with its curve
    /// (`curve(job)`), the configuration's spend as each run's evaluations.
    pub fn ioh_export(
        &self,
        records: &[Record],
        curve: &dyn Fn(usize) -> Vec<CurvePoint>,
        version: &str,
    ) -> Vec<ExportFile> {
        let mut files = Vec::new();
        for cell in self.export_cells(records, curve) {
            let (function, name, side) = (cell.function, &cell.name, cell.side);
            let data = format!("data_f{function}_{name}/IOHprofiler_f{function}_DIM{side}.dat");
            let mut dat = String::new();
            let mut meta_runs = Vec::new();
            for run in &cell.runs {
                dat.push_str("evaluations raw_y\n");
                for (e, cost) in &run.rows {
                    let _ = writeln!(dat, "{e} {cost}");
                }
                let best = run.best();
                meta_runs.push(format!(
                    "{{\"instance\":{},\"evals\":{},\"best\":{{\"evals\":{},\"y\":{},\"x\":[]}}}}",
                    run.instance, run.spent, best.0, best.1
                ));
            }
            let meta = format!(
                "{{\"version\":{},\"suite\":\"sudoku-lab\",\"function_id\":{function},\"function_name\":{},\"maximization\":false,\"algorithm\":{{\"name\":{},\"info\":{}}},\"attributes\":[\"evaluations\",\"raw_y\"],\"scenarios\":[{{\"dimension\":{side},\"path\":{},\"runs\":[{}]}}]}}\n",
                json(version),
                json(name),
                json(&cell.label),
                json(&format!(
                    "Sudoku Lab {version}; cost: the algorithm's own (0 solved); evaluations: its budget's unit"
                )),
                json(&data),
                meta_runs.join(",")
            );
            files.push(ExportFile {
                path: format!("{}/IOHprofiler_f{function}_{name}.json", cell.folder),
                text: meta,
            });
            files.push(ExportFile {
                path: format!("{}/{data}", cell.folder),
                text: dat,
            });
        }
        files
    }

    /// The study in COCO's format (`.info` index and `.dat` runs, the bbob logger's columns),
    /// which cocopp's and IOHanalyzer's readers take: the same runs as [`Study::ioh_export`],
    /// the cost as the fitness minus its optimum 0.
    pub fn coco_export(
        &self,
        records: &[Record],
        curve: &dyn Fn(usize) -> Vec<CurvePoint>,
        version: &str,
    ) -> Vec<ExportFile> {
        let mut files = Vec::new();
        for cell in self.export_cells(records, curve) {
            let (function, side) = (cell.function, cell.side);
            let data = format!("data_f{function}/bbobexp_f{function}_DIM{side}.dat");
            let mut dat = String::new();
            let mut index_runs = Vec::new();
            for run in &cell.runs {
                dat.push_str("% function evaluation | noise-free fitness - Fopt (0.000000000000e+00) | best noise-free fitness - Fopt | measured fitness | best measured fitness\n");
                for (e, cost) in &run.rows {
                    let f = c_exponent(f64::from(*cost));
                    let _ = writeln!(dat, "{e} {f} {f} {f} {f}");
                }
                index_runs.push(format!(
                    "{}:{}|{}",
                    run.instance,
                    run.spent,
                    c_exponent(f64::from(run.best().1))
                ));
            }
            let info = format!(
                "suite = 'sudoku-lab', funcId = {function}, DIM = {side}, Precision = 1.000e-08, algId = '{}', coco_version = 'sudoku-lab {version}', logger = 'bbob', data_format = 'bbob'\n% {}: the class {}; cost the algorithm's own (0 solved), evaluations its budget's unit\n{data}, {}\n",
                cell.label.replace('\'', "’"),
                cell.label,
                cell.name,
                index_runs.join(", ")
            );
            files.push(ExportFile {
                path: format!("{}/bbobexp_f{function}.info", cell.folder),
                text: info,
            });
            files.push(ExportFile {
                path: format!("{}/{data}", cell.folder),
                text: dat,
            });
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
        assert_eq!(c_exponent(28.0), "+2.800000000e+01");
        assert_eq!(c_exponent(0.0), "+0.000000000e+00");
        assert_eq!(c_exponent(1875.0), "+1.875000000e+03");
        // An unsolved exact run: nothing but the start.
        assert_eq!(rows(&[], 50), [(1, 50)]);
        assert_eq!(
            file_name("tabu-alldiff;max_iterations=500"),
            "tabu-alldiff-max-iterations-500"
        );
    }
}
