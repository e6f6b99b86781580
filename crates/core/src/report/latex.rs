//! Tables as LaTeX for papers: a `table` float with booktabs rules (`\usepackage{booktabs}`),
//! numeric columns right-aligned, every special character escaped.

use std::fmt::Write;

use super::Table;

/// Text as LaTeX source: the ten special characters escaped, the typographic dashes and
/// symbols the lab's tables use spelled as LaTeX spells them.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            '<' => out.push_str("\\textless{}"),
            '>' => out.push_str("\\textgreater{}"),
            '|' => out.push_str("\\textbar{}"),
            '–' => out.push_str("--"),
            '—' => out.push_str("---"),
            '×' => out.push_str("\\texttimes{}"),
            'µ' => out.push_str("\\textmu{}"),
            'Σ' => out.push_str("$\\Sigma$"),
            'α' => out.push_str("$\\alpha$"),
            '≥' => out.push_str("$\\geq$"),
            '≤' => out.push_str("$\\leq$"),
            ' ' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

impl Table {
    /// The table as a LaTeX `table` float, its title the caption and its name the label
    /// (`tab:NAME`).
    pub fn latex(&self) -> String {
        let numeric: String = (0..self.columns.len())
            .map(|c| {
                let all = !self.rows.is_empty()
                    && self.rows.iter().all(|r| {
                        let cell = r[c].trim_end_matches('%').trim();
                        cell.parse::<f64>().is_ok() || cell == "–" || cell.is_empty()
                    });
                if all {
                    'r'
                } else {
                    'l'
                }
            })
            .collect();
        let row = |cells: &[String]| {
            cells
                .iter()
                .map(|c| escape(c))
                .collect::<Vec<_>>()
                .join(" & ")
        };
        let mut out = String::new();
        let _ = writeln!(out, "\\begin{{table}}[htbp]\n\\centering");
        let _ = writeln!(out, "\\caption{{{}}}", escape(&self.title));
        // A label takes no escapes: its name in letters, digits and hyphens.
        let label: String = self
            .name
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect();
        let _ = writeln!(out, "\\label{{tab:{label}}}");
        let _ = writeln!(out, "\\begin{{tabular}}{{{numeric}}}\n\\toprule");
        let _ = writeln!(out, "{} \\\\\n\\midrule", row(&self.columns));
        for cells in &self.rows {
            let _ = writeln!(out, "{} \\\\", row(cells));
        }
        let _ = writeln!(out, "\\bottomrule\n\\end{{tabular}}\n\\end{{table}}");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_is_a_booktabs_float_with_its_specials_escaped() {
        let mut t = Table::new(
            "cl_easy",
            "CL & CP on easy puzzles: 100 % solved",
            &["list", "rate", "Σ|D|"],
        );
        t.push(vec!["CL_A(7)".into(), "96.7 %".into(), "12".into()]);
        t.push(vec!["a~b^c\\d#e$".into(), "–".into(), "3".into()]);
        let tex = t.latex();
        assert!(
            tex.contains("\\caption{CL \\& CP on easy puzzles: 100 \\% solved}"),
            "{tex}"
        );
        assert!(tex.contains("\\label{tab:cl-easy}"), "{tex}");
        assert!(tex.contains("\\begin{tabular}{lrr}"), "{tex}");
        assert!(
            tex.contains("list & rate & $\\Sigma$\\textbar{}D\\textbar{} \\\\"),
            "{tex}"
        );
        assert!(tex.contains("CL\\_A(7) & 96.7 \\% & 12 \\\\"), "{tex}");
        assert!(
            tex.contains(
                "a\\textasciitilde{}b\\textasciicircum{}c\\textbackslash{}d\\#e\\$ & -- & 3 \\\\"
            ),
            "{tex}"
        );
        // Every brace opened is closed, every environment ended.
        assert_eq!(
            tex.matches("\\begin{").count(),
            tex.matches("\\end{").count()
        );
        let depth = tex.chars().try_fold(0i32, |d, c| {
            let d = d + i32::from(c == '{') - i32::from(c == '}');
            (d >= 0).then_some(d)
        });
        assert_eq!(depth, Some(0));
    }
}
