//! What the generator may be asked of a puzzle on the other scales, beside the lab's level:
//! HoDoKu's level and Sudoku Explainer's ER (a value or a range). Read once here, so `sudoku
//! generate --hodoku/--er` and Python's `generate(hodoku=, er=)` take the same words.

use crate::grid::Grid;
use crate::logic::{explainer_unique, hodoku_unique, HodokuLevel};

/// A puzzle's wanted ratings on HoDoKu's and SE's scales (`None`: any).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RatedAs {
    pub hodoku: Option<HodokuLevel>,
    /// ER in tenths, lowest and highest (both included).
    pub er: Option<(u16, u16)>,
}

impl RatedAs {
    /// Whether `puzzle` (one with a single solution, as the generator's are) is rated as asked.
    pub fn accepts(&self, puzzle: &Grid) -> bool {
        self.hodoku
            .is_none_or(|level| hodoku_unique(puzzle).is_some_and(|h| h.level == level))
            && self.er.is_none_or(|(low, high)| {
                explainer_unique(puzzle).is_some_and(|se| (low..=high).contains(&se.rating))
            })
    }

    pub fn any(&self) -> bool {
        self.hodoku.is_none() && self.er.is_none()
    }
}

/// A HoDoKu level by its id, or what the ids are.
pub fn hodoku_level(id: &str) -> Result<HodokuLevel, String> {
    HodokuLevel::from_id(id)
        .ok_or_else(|| format!("no level '{id}': use easy, medium, hard, unfair or extreme"))
}

/// `8.3` or `8.0-9.0` as tenths, lowest first, or why not.
pub fn er_range(text: &str) -> Result<(u16, u16), String> {
    let tenths = |s: &str| {
        s.trim()
            .parse::<f32>()
            .ok()
            .filter(|x| (1.0..=12.0).contains(x))
            .map(|x| (x * 10.0).round() as u16)
    };
    let (low, high) = match text.split_once('-') {
        Some((low, high)) => (tenths(low), tenths(high)),
        None => (tenths(text), tenths(text)),
    };
    match (low, high) {
        (Some(low), Some(high)) if low <= high => Ok((low, high)),
        _ => Err(format!(
            "'{text}' is not an ER or a range of them: use e.g. 8.3 or 8.0-9.0 (1.0 to 12.0)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ers_and_levels_are_read_or_named() {
        assert_eq!(er_range("8.3"), Ok((83, 83)));
        assert_eq!(er_range(" 8.0-9.0"), Ok((80, 90)));
        for bad in ["9-8", "x", "0.5", "13", "8.0-"] {
            assert!(er_range(bad).unwrap_err().contains("is not an ER"), "{bad}");
        }
        assert_eq!(hodoku_level("unfair"), Ok(HodokuLevel::Unfair));
        assert!(hodoku_level("expert").unwrap_err().contains("unfair"));
    }

    /// A generated puzzle asked at a HoDoKu level and an ER range is rated so on both scales.
    #[test]
    fn the_generator_keeps_only_puzzles_rated_as_asked() {
        use crate::generate::{generate_seeded_where, Settings};
        use crate::logic::{explainer_unique, hodoku_unique};
        let settings = Settings::parse(9, None, "none").unwrap();
        let wanted = RatedAs {
            hodoku: Some(HodokuLevel::Medium),
            er: Some((20, 36)),
        };
        for index in 0..3 {
            let puzzle =
                generate_seeded_where(&settings, (5, index), &|| false, &|p| wanted.accepts(p))
                    .unwrap();
            assert_eq!(hodoku_unique(&puzzle).unwrap().level, HodokuLevel::Medium);
            let er = explainer_unique(&puzzle).unwrap().rating;
            assert!((20..=36).contains(&er), "{er}");
            assert!(crate::exact::count_solutions(&puzzle, 2).is_unique());
        }
    }
}
