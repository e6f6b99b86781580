//! The candidates of a race: an algorithm's parameters each given a set of values —
//! `NAME=LOW..HIGH` (`levels` values evenly spaced, whole numbers for an integer parameter) or
//! `NAME=A,B,C` (these values, a choice parameter's options too) — and every combination of
//! them a candidate configuration, checked as any configuration is.

use crate::registry::{Algorithm, Configuration};
use crate::spec::ParamKind;
use crate::words::shown;

/// The most candidates a race may start with.
pub const MAX_CANDIDATES: usize = 1_000;

/// The values one `NAME=…` gives its parameter, as text the parameter reads.
pub fn values(
    algorithm: Algorithm,
    assignment: &str,
    levels: usize,
) -> Result<(String, Vec<String>), String> {
    let (name, set) = assignment
        .split_once('=')
        .ok_or_else(|| format!("{} is not NAME=LOW..HIGH or NAME=A,B,C", shown(assignment)))?;
    let spec = algorithm.param(name.trim()).map_err(|e| e.to_string())?;
    let set = set.trim();
    let texts: Vec<String> = match set.split_once("..") {
        Some((low, high)) => {
            if levels < 2 {
                return Err("levels: at least 2 values for a range".into());
            }
            let number = |text: &str| {
                text.trim()
                    .parse::<f64>()
                    .map_err(|_| format!("{}: {} is not a number", spec.name, shown(text)))
            };
            let (low, high) = (number(low)?, number(high)?);
            if low.partial_cmp(&high) != Some(std::cmp::Ordering::Less) {
                return Err(format!(
                    "{}: the range {set} is empty (LOW..HIGH, LOW < HIGH)",
                    spec.name
                ));
            }
            let step = (high - low) / (levels - 1) as f64;
            let points = (0..levels).map(|i| low + step * i as f64);
            match spec.kind {
                ParamKind::Integer { .. } => {
                    let mut whole: Vec<i64> = points.map(|x| x.round() as i64).collect();
                    whole.dedup();
                    whole.iter().map(i64::to_string).collect()
                }
                ParamKind::Real { .. } => points.map(|x| format!("{}", round_to(x, 6))).collect(),
                ParamKind::Choice { options, .. } => {
                    return Err(format!(
                        "{}: a choice has no range; list its options (NAME={})",
                        spec.name,
                        options.join(",")
                    ))
                }
            }
        }
        None => set
            .split(',')
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
            .collect(),
    };
    if texts.is_empty() {
        return Err(format!("{}: no value given", spec.name));
    }
    for text in &texts {
        spec.parse(text).map_err(|e| e.to_string())?;
    }
    Ok((spec.name.to_string(), texts))
}

fn round_to(x: f64, digits: i32) -> f64 {
    let scale = 10f64.powi(digits);
    (x * scale).round() / scale
}

/// Every combination of the assignments' values on `algorithm`, as configurations (in the
/// order of the assignments, the last varying fastest); none: the algorithm with its defaults.
pub fn candidates(
    algorithm: Algorithm,
    assignments: &[String],
    levels: usize,
) -> Result<Vec<Configuration>, String> {
    let mut sets = Vec::new();
    for assignment in assignments {
        let (name, values) = values(algorithm, assignment, levels)?;
        if sets.iter().any(|(n, _): &(String, Vec<String>)| *n == name) {
            return Err(format!("{name}: given twice"));
        }
        sets.push((name, values));
    }
    let total = sets
        .iter()
        .try_fold(1usize, |n, (_, v)| n.checked_mul(v.len()));
    match total {
        Some(n) if n <= MAX_CANDIDATES => {}
        _ => {
            return Err(format!(
                "the parameters' values make more than {MAX_CANDIDATES} candidates: fewer values or levels"
            ))
        }
    }
    let mut texts = vec![algorithm.id().to_string()];
    for (name, values) in &sets {
        texts = texts
            .iter()
            .flat_map(|t| values.iter().map(move |v| format!("{t};{name}={v}")))
            .collect();
    }
    texts.iter().map(|t| Configuration::parse(t)).collect()
}

/// A configuration whose parameters may be ranges, `ID;NAME=LOW..HIGH;NAME=VALUE…` (the study
/// page's race takes one per line): every combination of the ranges' `levels` values, the
/// other parameters as given; a line without a range is one configuration.
pub fn expand(text: &str, levels: usize) -> Result<Vec<Configuration>, String> {
    let mut parts = text.split(';');
    let id = parts.next().unwrap_or_default().trim();
    let (ranges, fixed): (Vec<&str>, Vec<&str>) = parts
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .partition(|p| p.contains(".."));
    if ranges.is_empty() {
        return Configuration::parse(text).map(|c| vec![c]);
    }
    let algorithm = Algorithm::parse(id)?;
    let assignments: Vec<String> = ranges.iter().map(|r| r.to_string()).collect();
    candidates(algorithm, &assignments, levels)?
        .iter()
        .map(|c| {
            Configuration::parse(
                &std::iter::once(c.to_string())
                    .chain(fixed.iter().map(|f| f.to_string()))
                    .collect::<Vec<_>>()
                    .join(";"),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tabu() -> Algorithm {
        Algorithm::parse("tabu-alldiff").unwrap()
    }

    #[test]
    fn a_range_gives_evenly_spaced_values_whole_for_an_integer() {
        let (name, spaced) = values(tabu(), "tenure=0..20", 5).unwrap();
        assert_eq!(name, "tenure");
        assert_eq!(spaced, ["0", "5", "10", "15", "20"]);
        // Rounded values that meet are one candidate.
        assert_eq!(values(tabu(), "tenure=1..3", 5).unwrap().1, ["1", "2", "3"]);
        let anneal = Algorithm::parse("annealing").unwrap();
        assert_eq!(
            values(anneal, "cooling=0.9..0.99", 4).unwrap().1,
            ["0.9", "0.93", "0.96", "0.99"]
        );
    }

    #[test]
    fn every_combination_is_a_candidate() {
        let all = candidates(tabu(), &["tenure=5,10".into(), "candidates=3..9".into()], 3).unwrap();
        let names: Vec<String> = all.iter().map(|c| c.to_string()).collect();
        assert_eq!(
            names,
            [
                "tabu-alldiff;tenure=5;candidates=3",
                "tabu-alldiff;tenure=5;candidates=6",
                "tabu-alldiff;tenure=5;candidates=9",
                "tabu-alldiff;tenure=10;candidates=3",
                "tabu-alldiff;tenure=10;candidates=6",
                "tabu-alldiff;tenure=10;candidates=9",
            ]
        );
    }

    #[test]
    fn a_line_with_ranges_expands_and_keeps_its_fixed_values() {
        let all = expand("tabu-ac3;tenure=0..20;candidates=7", 3).unwrap();
        let names: Vec<String> = all.iter().map(|c| c.to_string()).collect();
        assert_eq!(
            names,
            [
                "tabu-ac3;tenure=0;candidates=7",
                "tabu-ac3;tenure=10;candidates=7",
                "tabu-ac3;tenure=20;candidates=7",
            ]
        );
        assert_eq!(expand("dlx", 5).unwrap().len(), 1);
        assert!(expand("tabu-ac3;tenure=0..20;candidates=0", 3).is_err());
        assert!(expand("tabu-ac3;tenure=x..20", 3)
            .unwrap_err()
            .contains("not a number"));
    }

    #[test]
    fn mistakes_are_named() {
        let err = |a: &str| candidates(tabu(), &[a.to_string()], 5).unwrap_err();
        assert!(
            err("tenur=1..5").contains("tenure"),
            "{}",
            err("tenur=1..5")
        );
        assert!(err("tenure=5..1").contains("empty"));
        assert!(err("tenure").contains("NAME=LOW..HIGH"));
        assert!(err("tenure=a..b").contains("not a number"));
        assert!(err("tenure=-4,2").contains("tenure"));
        let twice = candidates(tabu(), &["tenure=1,2".into(), "tenure=3".into()], 5).unwrap_err();
        assert!(twice.contains("twice"));
        let many = candidates(
            tabu(),
            &["tenure=0..100".into(), "candidates=1..100".into()],
            100,
        );
        assert!(many.unwrap_err().contains("more than"));
    }
}
