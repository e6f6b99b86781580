//! Numbers typed in the experiments and study pages' forms, read when a run starts so that a
//! typo is named with its field rather than ignored.

/// A seed: any whole number from 0 to 2^64-1.
pub fn seed_field(text: &str) -> Result<u64, String> {
    let text = text.trim();
    text.parse()
        .map_err(|_| format!("seed: '{text}' is not a whole number from 0 to 2^64-1"))
}

/// An optional whole number from 1 to `max` (empty: `None`).
pub fn optional_count(text: &str, name: &str, max: usize) -> Result<Option<usize>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    match text.parse::<usize>() {
        Ok(v) if (1..=max).contains(&v) => Ok(Some(v)),
        _ => Err(format!(
            "{name}: '{text}' is not a whole number from 1 to {max}"
        )),
    }
}

/// A whole number from 1 to `max`, which must be given.
pub fn count(text: &str, name: &str, max: usize) -> Result<usize, String> {
    optional_count(text, name, max)?
        .ok_or_else(|| format!("{name}: give a whole number from 1 to {max}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_mistake_names_its_field() {
        assert_eq!(seed_field(" 7 "), Ok(7));
        assert_eq!(
            seed_field("-1").unwrap_err(),
            "seed: '-1' is not a whole number from 0 to 2^64-1"
        );
        assert_eq!(optional_count("", "runs", 10), Ok(None));
        assert_eq!(optional_count("3", "runs", 10), Ok(Some(3)));
        assert_eq!(
            optional_count("0", "runs", 10).unwrap_err(),
            "runs: '0' is not a whole number from 1 to 10"
        );
        assert_eq!(
            count("", "seeds", 10).unwrap_err(),
            "seeds: give a whole number from 1 to 10"
        );
        assert_eq!(
            count("many", "seeds", 10).unwrap_err(),
            "seeds: 'many' is not a whole number from 1 to 10"
        );
    }
}
