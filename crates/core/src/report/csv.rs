//! A table's CSV as data, not as the Markdown it prints: snake_case headers, plain numbers
//! (no `%`), empty cells for missing values (`–`), and what a cell says in brackets
//! (`82.6 (solved)`) in a column of its own (`…_note`), so pandas, R or a spreadsheet read
//! numbers where the table shows numbers.

use super::Table;

/// A CSV field, quoted when it must be (RFC 4180): the one quoting every CSV the lab writes uses.
pub fn quote(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// A number with `decimals` decimals, or an empty cell when it has no value (NaN: the median of
/// no run, the ERT of a target never reached).
pub fn number(value: f64, decimals: usize) -> String {
    if value.is_finite() {
        format!("{value:.decimals$}")
    } else {
        String::new()
    }
}

/// Splits a CSV row into its fields (quoted fields unquoted).
pub fn split_row(row: &str) -> Vec<String> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = row.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            ('"', _) => quoted = !quoted,
            (',', false) => fields.push(std::mem::take(&mut field)),
            (c, _) => field.push(c),
        }
    }
    fields.push(field);
    fields
}

/// A header as a data column's name: `Σ|D| before` → `sum_d_before`, `AC-3 %` → `ac_3_pct`.
pub fn snake_case(header: &str) -> String {
    let mut out = String::new();
    for ch in header.chars() {
        let word = match ch {
            'Σ' => "sum",
            '%' => "pct",
            '≤' => "le",
            '≥' => "ge",
            '#' => "n",
            _ => "",
        };
        if !word.is_empty() {
            if !out.is_empty() && !out.ends_with('_') {
                out.push('_');
            }
            out.push_str(word);
            out.push('_');
        } else if ch.is_ascii_alphanumeric() {
            out.push(ch.to_ascii_lowercase());
        } else if !out.ends_with('_') && !out.is_empty() {
            out.push('_');
        }
    }
    out.trim_end_matches('_').to_string()
}

/// A cell as data: its value (a number without `%`, empty for a missing value) and the words
/// in brackets after a number, if any.
fn split_cell(cell: &str) -> (String, Option<String>) {
    let cell = cell.trim();
    if matches!(cell, "–" | "—" | "-" | "") {
        return (String::new(), None);
    }
    let (head, note) = match cell.strip_suffix(')').and_then(|c| c.split_once(" (")) {
        Some((head, note)) if is_number(head) => (head, Some(number_or_text(note))),
        _ => (cell, None),
    };
    (number_or_text(head), note)
}

/// `12.5%` → `12.5`; text stays as it is.
fn number_or_text(text: &str) -> String {
    let text = text.trim();
    match text.strip_suffix('%') {
        Some(number) if is_number(number) => number.trim().to_string(),
        _ => text.to_string(),
    }
}

fn is_number(text: &str) -> bool {
    text.trim()
        .trim_end_matches('%')
        .trim()
        .parse::<f64>()
        .is_ok()
}

/// The table as data: its columns renamed, its cells cleaned, a `…_note` column after each
/// column whose cells carry words in brackets.
pub fn data_table(table: &Table) -> (Vec<String>, Vec<Vec<String>>) {
    let split: Vec<Vec<(String, Option<String>)>> = table
        .rows
        .iter()
        .map(|row| row.iter().map(|c| split_cell(c)).collect())
        .collect();
    let noted: Vec<bool> = (0..table.columns.len())
        .map(|c| {
            split
                .iter()
                .any(|row| row.get(c).is_some_and(|cell| cell.1.is_some()))
        })
        .collect();
    let mut columns = Vec::new();
    for (c, name) in table.columns.iter().enumerate() {
        let name = snake_case(name);
        if noted[c] {
            columns.push(name.clone());
            columns.push(format!("{name}_note"));
        } else {
            columns.push(name);
        }
    }
    let rows = split
        .into_iter()
        .map(|row| {
            let mut out = Vec::new();
            for (c, (value, note)) in row.into_iter().enumerate() {
                out.push(value);
                if noted.get(c).copied().unwrap_or(false) {
                    out.push(note.unwrap_or_default());
                }
            }
            out
        })
        .collect();
    (columns, rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_become_snake_case() {
        assert_eq!(snake_case("Σ|D| before"), "sum_d_before");
        assert_eq!(snake_case("AC-3 %"), "ac_3_pct");
        assert_eq!(snake_case("alldiff bounds %"), "alldiff_bounds_pct");
        assert_eq!(snake_case("time (ms)"), "time_ms");
        assert_eq!(snake_case("wilson_low"), "wilson_low");
    }

    #[test]
    fn cells_become_numbers_with_their_words_beside() {
        let mut t = Table::new("t", "T", &["instance", "AC-3 %", "time"]);
        t.push(vec!["s01a".into(), "82.6 (solved)".into(), "–".into()]);
        t.push(vec!["s01b".into(), "40%".into(), "1.5".into()]);
        let (columns, rows) = data_table(&t);
        assert_eq!(columns, ["instance", "ac_3_pct", "ac_3_pct_note", "time"]);
        assert_eq!(rows[0], ["s01a", "82.6", "solved", ""]);
        assert_eq!(rows[1], ["s01b", "40", "", "1.5"]);
    }

    #[test]
    fn a_table_that_is_data_already_is_unchanged() {
        let mut t = Table::new("t", "T", &["level", "a", "finding"]);
        t.push(vec![
            "easy".into(),
            "0.25".into(),
            "dlx is faster (median 1 vs 2)".into(),
        ]);
        let (columns, rows) = data_table(&t);
        assert_eq!(columns, t.columns);
        assert_eq!(rows, t.rows);
    }
}
