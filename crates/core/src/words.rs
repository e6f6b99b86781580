//! Counts and durations as every face of the lab writes them: "1 puzzle", "3 puzzles",
//! "160 µs", "1.234 s" (one place, so no message says "1 runs" or "0.000 s").

use std::fmt::Display;

/// A text for readers (an algorithm's description, a parameter's, a line of pseudo-code): itself
/// in builds with the core's `texts` feature, empty without it. The page's first-load worker
/// runs algorithms and never shows their texts, so it leaves them out of its download; the page
/// that shows them has them. Evaluated in constants, so the text left out is not in the build.
pub const fn prose(text: &'static str) -> &'static str {
    if cfg!(feature = "texts") {
        text
    } else {
        ""
    }
}

/// `n` with its noun, singular when `n` is one: `count(1, "run")` = "1 run", `count(3, "run")`
/// = "3 runs".
pub fn count<N: Display + PartialEq + From<u8>>(n: N, noun: &str) -> String {
    // The generic part is the test for one; the writing is shared by every number type.
    with_noun(n == N::from(1), &n, noun)
}

fn with_noun(one: bool, n: &dyn Display, noun: &str) -> String {
    if one {
        format!("{n} {noun}")
    } else {
        format!("{n} {}", plural(noun))
    }
}

/// A noun's plural (the lab's nouns: add "s", "es" after s/sh/ch/x, "y" → "ies").
fn plural(noun: &str) -> String {
    if let Some(stem) = noun.strip_suffix('y') {
        if !stem.ends_with(['a', 'e', 'o', 'u']) {
            return format!("{stem}ies");
        }
    }
    if noun.ends_with(['s', 'x']) || noun.ends_with("sh") || noun.ends_with("ch") {
        return format!("{noun}es");
    }
    format!("{noun}s")
}

/// A value as a message quotes it: in quotes, without control characters, at most 40
/// characters (an ellipsis says when more).
pub fn shown(value: &str) -> String {
    let clean: String = value.chars().filter(|c| !c.is_control()).take(40).collect();
    if clean.chars().count() < value.chars().count() {
        format!("'{clean}…'")
    } else {
        format!("'{clean}'")
    }
}

/// The choice a mistyped `value` most likely meant: the same but for case, else the most
/// similar (Jaro-Winkler ≥ 0.8, as near as clap's own suggestions). Not in the page's wasm:
/// the page picks names from menus and carries them in links, and its first load is counted in
/// kilobytes.
#[cfg(not(target_arch = "wasm32"))]
pub fn did_you_mean<'c>(value: &str, choices: &[&'c str]) -> Option<&'c str> {
    let value = value.trim().to_ascii_lowercase();
    if let Some(same) = choices.iter().find(|c| c.to_ascii_lowercase() == value) {
        return Some(same);
    }
    choices
        .iter()
        .map(|&c| (strsim::jaro_winkler(&value, &c.to_ascii_lowercase()), c))
        .filter(|&(score, _)| score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

/// The page's build: no suggestion (see the native one).
#[cfg(target_arch = "wasm32")]
pub fn did_you_mean<'c>(_value: &str, _choices: &[&'c str]) -> Option<&'c str> {
    None
}

/// The one way the lab says a name is not one of its choices: "unknown algorithm 'DLX': did
/// you mean 'dlx'? Choose one of backtracking, …".
pub fn unknown(what: &str, value: &str, choices: &[&str]) -> String {
    let list = choices.join(", ");
    match did_you_mean(value, choices) {
        Some(near) => format!(
            "unknown {what} {}: did you mean '{near}'? Choose one of {list}",
            shown(value)
        ),
        None => format!("unknown {what} {}: choose one of {list}", shown(value)),
    }
}

/// A duration in the unit that shows it, three significant digits or more: "160 µs",
/// "12.3 ms", "1.23 s", "84.2 s".
pub fn duration(seconds: f64) -> String {
    let (value, unit) = if seconds < 1e-3 {
        (seconds * 1e6, "µs")
    } else if seconds < 1.0 {
        (seconds * 1e3, "ms")
    } else {
        (seconds, "s")
    };
    let decimals = if value >= 100.0 {
        0
    } else if value >= 10.0 {
        1
    } else {
        2
    };
    format!("{value:.decimals$} {unit}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_agree_with_their_number() {
        assert_eq!(count(1u64, "run"), "1 run");
        assert_eq!(count(0u64, "run"), "0 runs");
        assert_eq!(count(2u32, "puzzle"), "2 puzzles");
        assert_eq!(count(1usize, "step"), "1 step");
        assert_eq!(count(5u64, "search"), "5 searches");
        assert_eq!(count(2u64, "box"), "2 boxes");
        assert_eq!(count(3u64, "strategy"), "3 strategies");
        assert_eq!(count(3u64, "key"), "3 keys");
    }

    #[test]
    fn near_misses_are_suggested_and_far_ones_are_not() {
        let ids = ["dlx", "sat", "propagation", "tabu-ac3", "tabu-alldiff"];
        assert_eq!(did_you_mean("DLX", &ids), Some("dlx"));
        assert_eq!(did_you_mean("propagaton", &ids), Some("propagation"));
        assert_eq!(did_you_mean("tabu-ac-3", &ids), Some("tabu-ac3"));
        assert_eq!(did_you_mean("quantum", &ids), None);
        assert_eq!(
            unknown("algorithm", "DLX", &ids),
            "unknown algorithm 'DLX': did you mean 'dlx'? Choose one of dlx, sat, propagation, tabu-ac3, tabu-alldiff"
        );
        assert!(unknown("algorithm", "quantum", &ids)
            .starts_with("unknown algorithm 'quantum': choose one of dlx"));
        assert_eq!(shown(&"x".repeat(50)), format!("'{}…'", "x".repeat(40)));
    }

    #[test]
    fn durations_keep_their_digits() {
        assert_eq!(duration(160e-6), "160 µs");
        assert_eq!(duration(1.5e-6), "1.50 µs");
        assert_eq!(duration(0.0123), "12.3 ms");
        assert_eq!(duration(0.999), "999 ms");
        assert_eq!(duration(1.234), "1.23 s");
        assert_eq!(duration(84.25), "84.2 s");
        assert_eq!(duration(0.0), "0.00 µs");
    }
}
