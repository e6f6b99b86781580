//! A study's files in its folder: the records, their curves and the runtime measures' inputs
//! read back when a study resumes, and the export to IOHprofiler's format.

use std::fs::{self, File};
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

use sudoku_core::study::records::CSV_HEADER;
use sudoku_core::study::{CurvePoint, Record, Study, CURVES_HEADER};

use crate::UsageError;

/// Formats a study can be exported to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Export {
    /// IOHprofiler: one folder per configuration, a JSON meta file and a .dat file per class.
    Ioh,
    /// COCO (the bbob logger's .info and .dat files): one folder per configuration.
    Coco,
}

impl Export {
    fn id(self) -> &'static str {
        match self {
            Export::Ioh => "ioh",
            Export::Coco => "coco",
        }
    }
}

/// Writes the study's runs in `format` to `OUT/ioh` or `OUT/coco`, their curves read back
/// from `OUT/curves.csv`.
pub fn export(
    study: &Study,
    records: &[Record],
    out: &Path,
    format: Export,
) -> Result<PathBuf, UsageError> {
    let io = |e: std::io::Error| UsageError(format!("{}: {e}", out.display()));
    let mut curves: Vec<Vec<CurvePoint>> = vec![Vec::new(); study.jobs()];
    let file = File::open(out.join("curves.csv")).map_err(io)?;
    for line in BufReader::new(file).lines().skip(1).map_while(Result::ok) {
        if let Some((job, point)) = sudoku_core::study::anytime::parse_curve_row(&line) {
            if let Some(curve) = curves.get_mut(job) {
                curve.push(point);
            }
        }
    }
    let folder = out.join(format.id());
    let curve = |job: usize| curves[job].clone();
    let version = env!("CARGO_PKG_VERSION");
    let files = match format {
        Export::Ioh => study.ioh_export(records, &curve, version),
        Export::Coco => study.coco_export(records, &curve, version),
    };
    for file in files {
        let path = folder.join(&file.path);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).map_err(io)?;
        }
        fs::write(&path, file.text).map_err(io)?;
    }
    Ok(folder)
}

/// `records.csv`, `records.jsonl` and `curves.csv`, open for writing.
pub struct RecordFiles {
    csv: BufWriter<File>,
    json: BufWriter<File>,
    pub curves: BufWriter<File>,
}

impl RecordFiles {
    pub fn write(&mut self, study: &Study, record: &Record) -> std::io::Result<()> {
        writeln!(self.csv, "{}", study.csv_row(record))?;
        writeln!(self.json, "{}", study.json_line(record))
    }

    pub fn flush(&mut self) -> std::io::Result<()> {
        self.csv.flush()?;
        self.json.flush()?;
        self.curves.flush()
    }
}

/// The records already in `DIR` for this study (its header must match), their curves (by job),
/// and the files open for the rest.
#[allow(clippy::type_complexity)]
pub fn open_records(
    study: &Study,
    out: &Path,
) -> Result<(Vec<Record>, Vec<Vec<CurvePoint>>, RecordFiles), UsageError> {
    let io = |e: std::io::Error| UsageError(format!("{}: {e}", out.display()));
    fs::create_dir_all(out).map_err(io)?;
    let header = study.json_header(env!("CARGO_PKG_VERSION"));
    let (csv_path, json_path) = (out.join("records.csv"), out.join("records.jsonl"));
    let curves_path = out.join("curves.csv");
    let mut done = Vec::new();
    if let Ok(file) = File::open(&json_path) {
        let first = BufReader::new(file)
            .lines()
            .next()
            .and_then(Result::ok)
            .unwrap_or_default();
        if first != header {
            return Err(UsageError(format!(
                "{} holds another study's records (its settings differ): use another --out, or remove it",
                out.display()
            )));
        }
        if let Ok(file) = File::open(&csv_path) {
            let mut seen = vec![false; study.jobs()];
            for line in BufReader::new(file).lines().skip(1).map_while(Result::ok) {
                // A cut last line (an interrupted write) is run again.
                if let Ok(record) = study.parse_csv_row(&line) {
                    if !std::mem::replace(&mut seen[record.job], true) {
                        done.push(record);
                    }
                }
            }
        }
    }
    // The curves of the jobs kept: their rows, whole (a job's curve is written with its record).
    let mut kept = vec![false; study.jobs()];
    for record in &done {
        kept[record.job] = true;
    }
    let mut curves = Vec::new();
    if let Ok(file) = File::open(&curves_path) {
        for line in BufReader::new(file).lines().skip(1).map_while(Result::ok) {
            let job = line.split(',').next().and_then(|j| j.parse::<usize>().ok());
            if job.is_some_and(|j| j < kept.len() && kept[j]) && line.split(',').count() >= 7 {
                curves.push(line);
            }
        }
    }
    // Rewrite the files with what was read, so a cut line does not stay in the middle.
    let mut files = RecordFiles {
        csv: BufWriter::new(File::create(&csv_path).map_err(io)?),
        json: BufWriter::new(File::create(&json_path).map_err(io)?),
        curves: BufWriter::new(File::create(&curves_path).map_err(io)?),
    };
    writeln!(files.csv, "{CSV_HEADER}").map_err(io)?;
    writeln!(files.json, "{header}").map_err(io)?;
    writeln!(files.curves, "{CURVES_HEADER}").map_err(io)?;
    for record in &done {
        files.write(study, record).map_err(io)?;
    }
    for line in &curves {
        writeln!(files.curves, "{line}").map_err(io)?;
    }
    // The kept runs' curves, from their rows.
    let mut points: Vec<Vec<CurvePoint>> = vec![Vec::new(); study.jobs()];
    for (job, point) in curves
        .iter()
        .filter_map(|line| sudoku_core::study::anytime::parse_curve_row(line))
    {
        points[job].push(point);
    }
    Ok((done, points, files))
}
