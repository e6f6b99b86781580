//! EXPERIMENTS.md's tables drawn from studies stay equal to their studies' summaries: each such
//! table follows a `<!-- study-table … -->` comment that names the summary (a study's
//! `summary.csv`, committed under `studies/summaries`), the class, the rows and the columns, and
//! this test draws the table again from them and compares it with the text. A figure edited by
//! hand, or a study re-run without its table, fails here. `SUDOKU_BLESS=1 cargo test -p
//! sudoku-core --test experiments_tables` rewrites the tables from the summaries.
//!
//! The comment's lines, after `study-table`:
//! - `summary: PATH` (from the repository's root), `class: LEVEL` or `class: N givens`;
//! - `published: PATH` (optional): a CSV `class,row,column,value` of the paper's figures, shown
//!   before ours in a cell as `paper / ours`;
//! - `corner: TEXT`, the first header cell;
//! - `rows: NAME=PARAMS | …`: each row's name and what it adds to a column's configuration
//!   (`NAME=mean`: the mean of the rows above it);
//! - `columns: NAME=CONFIGURATION | …` (`NAME=mean(A,B,…)`: the mean of those columns).
//!
//! A cell of a configuration shows its success % with its 95 % Wilson interval; a mean shows the
//! mean of the rates it averages (the same runs each, so no interval).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use sudoku_core::report::csv::split_row;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// One success rate: % solved and its interval.
#[derive(Clone, Copy)]
struct Rate {
    percent: f64,
    low: f64,
    high: f64,
}

/// A study's `summary.csv`: (configuration, class) → rate.
fn read_summary(path: &Path) -> BTreeMap<(String, String), Rate> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut lines = text.lines();
    let header = split_row(lines.next().expect("a header"));
    let column = |name: &str| {
        header
            .iter()
            .position(|h| h == name)
            .unwrap_or_else(|| panic!("{}: no column {name}", path.display()))
    };
    let (configuration, level, givens) =
        (column("configuration"), column("level"), column("givens"));
    let (rate, low, high) = (column("rate"), column("wilson_low"), column("wilson_high"));
    let mut rates = BTreeMap::new();
    for line in lines.filter(|l| !l.is_empty()) {
        let cells = split_row(line);
        let class = if cells[level].is_empty() {
            format!("{} givens", cells[givens])
        } else {
            cells[level].clone()
        };
        let number = |i: usize| 100.0 * cells[i].parse::<f64>().expect("a number");
        rates.insert(
            (cells[configuration].clone(), class),
            Rate {
                percent: number(rate),
                low: number(low),
                high: number(high),
            },
        );
    }
    rates
}

/// The paper's figures: (class, row, column) → text.
fn read_published(path: &Path) -> BTreeMap<(String, String, String), String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .skip(1)
        .filter(|l| !l.is_empty())
        .map(|line| {
            let cells = split_row(line);
            assert_eq!(cells.len(), 4, "{}: {line}", path.display());
            (
                (cells[0].clone(), cells[1].clone(), cells[2].clone()),
                cells[3].clone(),
            )
        })
        .collect()
}

/// A percentage as the tables write it: one decimal, 100 and 0 whole.
fn percent(value: f64) -> String {
    let text = format!("{value:.1}");
    match text.as_str() {
        "100.0" => "100".into(),
        _ => text,
    }
}

/// `NAME=VALUE | NAME=VALUE …` in order.
fn entries(text: &str) -> Vec<(String, String)> {
    text.split(" | ")
        .map(|entry| {
            let (name, value) = entry
                .split_once('=')
                .unwrap_or_else(|| panic!("an entry NAME=VALUE, not {entry:?}"));
            (name.trim().to_string(), value.trim().to_string())
        })
        .collect()
}

/// The names inside `mean(A,B,…)`, if the value is one.
fn mean_of(value: &str) -> Option<Vec<String>> {
    let inner = value.strip_prefix("mean(")?.strip_suffix(')')?;
    Some(inner.split(',').map(|s| s.trim().to_string()).collect())
}

/// Draws the table a `study-table` comment describes.
fn draw(spec: &BTreeMap<String, String>) -> String {
    let field = |name: &str| {
        spec.get(name)
            .unwrap_or_else(|| panic!("a study-table comment without {name}: {spec:?}"))
    };
    let summary = read_summary(&root().join(field("summary")));
    let published = spec
        .get("published")
        .map(|p| read_published(&root().join(p)))
        .unwrap_or_default();
    let class = field("class");
    let rows = entries(field("rows"));
    let columns = entries(field("columns"));

    // Each (row, column)'s rate in % (a configuration's with its interval).
    let mut values: BTreeMap<(usize, usize), (f64, Option<Rate>)> = BTreeMap::new();
    for (r, (_, row)) in rows.iter().enumerate() {
        for (c, (_, column)) in columns.iter().enumerate() {
            let value = if row == "mean" {
                let above: Vec<f64> = (0..r).map(|k| values[&(k, c)].0).collect();
                (above.iter().sum::<f64>() / above.len() as f64, None)
            } else if let Some(names) = mean_of(column) {
                let picked: Vec<f64> = names
                    .iter()
                    .map(|n| {
                        let k = columns
                            .iter()
                            .position(|(name, _)| name == n)
                            .unwrap_or_else(|| panic!("mean of an unknown column {n}"));
                        values[&(r, k)].0
                    })
                    .collect();
                (picked.iter().sum::<f64>() / picked.len() as f64, None)
            } else {
                let configuration = format!("{column};{row}");
                let rate = *summary
                    .get(&(configuration.clone(), class.clone()))
                    .unwrap_or_else(|| panic!("{configuration} on {class} is not in the summary"));
                (rate.percent, Some(rate))
            };
            values.insert((r, c), value);
        }
    }

    let mut out = format!("| {} |", field("corner"));
    for (name, _) in &columns {
        out.push_str(&format!(" {name} |"));
    }
    out.push_str("\n|---|");
    out.push_str(&"---:|".repeat(columns.len()));
    for (r, (row_name, _)) in rows.iter().enumerate() {
        out.push_str(&format!("\n| {row_name} |"));
        for (c, (column_name, _)) in columns.iter().enumerate() {
            let (mean, rate) = values[&(r, c)];
            let ours = match rate {
                Some(rate) => format!(
                    "{} ({}–{})",
                    percent(rate.percent),
                    percent(rate.low),
                    percent(rate.high)
                ),
                None => percent(mean),
            };
            let key = (class.clone(), row_name.clone(), column_name.clone());
            match published.get(&key) {
                Some(paper) => out.push_str(&format!(" {paper} / {ours} |")),
                None => out.push_str(&format!(" {ours} |")),
            }
        }
    }
    out.push('\n');
    out
}

/// Reads a comment's `key: value` lines.
fn parse_spec(comment: &str) -> BTreeMap<String, String> {
    comment
        .lines()
        .filter_map(|line| line.split_once(": "))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect()
}

#[test]
fn study_tables_match_their_summaries() {
    let path = root().join("EXPERIMENTS.md");
    let text = std::fs::read_to_string(&path).expect("EXPERIMENTS.md");
    const OPEN: &str = "<!-- study-table";
    let mut out = String::new();
    let mut rest = text.as_str();
    let mut checked = 0;
    let mut drifted = Vec::new();
    while let Some(start) = rest.find(OPEN) {
        let close = start + rest[start..].find("-->").expect("a closed comment") + 3;
        let spec = parse_spec(&rest[start + OPEN.len()..close - 3]);
        let expected = draw(&spec);
        // The table: the lines after the comment up to a blank line.
        let body_start = close + 1;
        let body_len = rest[body_start..]
            .find("\n\n")
            .map_or(rest.len() - body_start, |k| k + 1);
        let actual = &rest[body_start..body_start + body_len];
        if actual != expected {
            drifted.push(format!(
                "{} on {}:\n--- EXPERIMENTS.md\n{actual}--- its study\n{expected}",
                spec["summary"], spec["class"]
            ));
        }
        out.push_str(&rest[..body_start]);
        out.push_str(&expected);
        rest = &rest[body_start + body_len..];
        checked += 1;
    }
    out.push_str(rest);
    assert!(checked >= 1, "no study-table in EXPERIMENTS.md");
    if std::env::var_os("SUDOKU_BLESS").is_some() {
        std::fs::write(&path, out).expect("EXPERIMENTS.md written");
        return;
    }
    assert!(
        drifted.is_empty(),
        "{} of {checked} tables differ from their studies (SUDOKU_BLESS=1 rewrites them):\n{}",
        drifted.len(),
        drifted.join("\n")
    );
}

#[test]
fn a_table_is_drawn_from_its_summary() {
    let dir = std::env::temp_dir().join(format!("study-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let summary = dir.join("summary.csv");
    std::fs::write(
        &summary,
        "configuration,level,givens,runs,solved,rate,wilson_low,wilson_high\n\
         a;x=1,easy,,10,5,0.5000,0.2366,0.7634\n\
         b;x=1,easy,,10,10,1.0000,0.7225,1.0000\n\
         a;x=2,easy,,10,0,0.0000,0.0000,0.2775\n\
         b;x=2,easy,,10,1,0.1000,0.0179,0.4042\n",
    )
    .unwrap();
    let published = dir.join("published.csv");
    std::fs::write(&published, "class,row,column,value\neasy,one,A,40\n").unwrap();
    let spec = parse_spec(&format!(
        "summary: {}\npublished: {}\nclass: easy\ncorner: x\nrows: one=x=1 | two=x=2 | avg=mean\ncolumns: A=a | B=b | mean=mean(A,B)",
        summary.display(),
        published.display()
    ));
    assert_eq!(
        draw(&spec),
        "| x | A | B | mean |\n|---|---:|---:|---:|\n\
         | one | 40 / 50.0 (23.7–76.3) | 100 (72.2–100) | 75.0 |\n\
         | two | 0.0 (0.0–27.8) | 10.0 (1.8–40.4) | 5.0 |\n\
         | avg | 25.0 | 55.0 | 40.0 |\n"
    );
    std::fs::remove_dir_all(dir).ok();
}
