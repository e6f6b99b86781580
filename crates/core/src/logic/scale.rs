//! The scales a rating is told on. The lab's: the hardest technique's difficulty and its level.
//! Sudoku Explainer's (SE, the forums' standard, after its version 1.2.1): a solve path by the
//! techniques SE knows, each step rated as SE rates it — a hidden single in a box 1.2, in a row
//! or column 1.5, a chain its technique's base plus 0.1 for each time its length passes a
//! ceiling (4, 6, 8, 12, 16, 24, …: alternately ×3/2 and ×4/3) — and three numbers: ER, the
//! hardest step; EP, the hardest up to the first placement; ED, the first step's. HoDoKu's (see
//! `hodoku`): a level and a score from a path in HoDoKu's order.

use super::rate::{solve_path_by, unique_solve_path, unique_solve_path_heard, Rating};
use super::{Step, Technique};
use crate::grid::Grid;
use crate::size::Size;

/// A rating scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scale {
    /// The lab's: level, the hardest technique's difficulty, the technique.
    Lab,
    /// Sudoku Explainer's ER/EP/ED.
    Explainer,
    /// HoDoKu's level and score.
    Hodoku,
}

impl Scale {
    pub const ALL: [Scale; 3] = [Scale::Lab, Scale::Explainer, Scale::Hodoku];

    pub fn id(self) -> &'static str {
        match self {
            Scale::Lab => "lab",
            Scale::Explainer => "se",
            Scale::Hodoku => "hodoku",
        }
    }

    pub fn from_id(id: &str) -> Option<Scale> {
        Scale::ALL.into_iter().find(|s| s.id() == id)
    }

    /// Whether the scale's solve path uses this technique (SE 1.2.1 has no W-Wing, single-digit
    /// patterns, remote pairs, colours, AIC, ALS, finned fish or Sue de Coq, whose eliminations it finds as
    /// chains, no hidden rectangle, and no locked pair or triple, which it takes as a naked
    /// subset in one unit; its first chains are nice loops, so it takes no X- or XY-Chain
    /// before them).
    pub fn uses(self, technique: Technique) -> bool {
        use Technique as T;
        match self {
            Scale::Lab | Scale::Hodoku => true,
            Scale::Explainer => !matches!(
                technique,
                T::WWing
                    | T::XChain
                    | T::XyChain
                    | T::LockedPair
                    | T::LockedTriple
                    | T::Skyscraper
                    | T::TwoStringKite
                    | T::EmptyRectangle
                    | T::TurbotFish
                    | T::Aic
                    | T::RemotePair
                    | T::HiddenRectangle
                    | T::SimpleColours
                    | T::MultiColours
                    | T::AlsXz
                    | T::AlsXyWing
                    | T::AlsXyChain
                    | T::FinnedXWing
                    | T::FinnedSwordfish
                    | T::FinnedJellyfish
                    | T::SueDeCoq
            ),
        }
    }

    /// The order its solve path tries the techniques in: the lab's (easiest first) or
    /// HoDoKu's (whose own path, `hodoku::path`, also finds singles as HoDoKu does).
    pub fn order(self) -> &'static [Technique] {
        match self {
            Scale::Lab | Scale::Explainer => Technique::ALL,
            Scale::Hodoku => super::hodoku::ORDER,
        }
    }
}

/// A puzzle on Sudoku Explainer's scale, in tenths (ER 7.1 is 71): what `serate` prints as
/// `%r %p %d`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Explainer {
    /// The hardest step (ER).
    pub rating: u16,
    /// The hardest step up to and including the first that places a digit (EP, "pearl").
    pub pearl: u16,
    /// The first step's (ED, "diamond").
    pub diamond: u16,
    /// The technique of the hardest step (the first such).
    pub hardest: Technique,
}

/// A step's difficulty on Sudoku Explainer's scale, in tenths.
pub fn explainer_difficulty(size: Size, step: &Step) -> u16 {
    match step.technique {
        // Units are numbered rows, columns, then boxes.
        Technique::HiddenSingle if step.units.first() >= Some(&(2 * size.n())) => 12,
        Technique::NiceLoop => {
            step.chains
                .first()
                .map_or(70, |chain| super::nice_loops::base(chain))
                + length_penalty(step.complexity)
        }
        technique => tenths(technique.difficulty()) + length_penalty(step.complexity),
    }
}

/// A difficulty in tenths (7.0 is 70).
pub fn tenths(difficulty: f32) -> u16 {
    (difficulty * 10.0).round() as u16
}

/// Sudoku Explainer's length penalty for a proof of `complexity` candidates, in tenths.
pub fn length_penalty(complexity: usize) -> u16 {
    if complexity == 0 {
        return 0;
    }
    let length = complexity.saturating_sub(2);
    let (mut ceiling, mut added, mut third) = (4, 0, false);
    while length > ceiling {
        added += 1;
        ceiling = if third {
            ceiling * 4 / 3
        } else {
            ceiling * 3 / 2
        };
        third = !third;
    }
    added
}

/// The puzzle's SE numbers from its solve path by SE's techniques (`None` when that path does
/// not solve it: stuck, or the givens contradict each other).
pub fn explainer(puzzle: &Grid) -> Option<Explainer> {
    explainer_from(puzzle.size(), solve_path_by(puzzle, Scale::Explainer))
}

/// [`explainer`] of a puzzle the lab's path solved: that path when it takes only techniques SE
/// knows (most puzzles), else SE's own. A puzzle solved by sound steps has one solution, so
/// SE's path needs no count.
pub fn explainer_after(puzzle: &Grid, lab_path: &[Step]) -> Option<Explainer> {
    explainer_after_heard(puzzle, lab_path, &mut |_| {})
}

/// [`explainer_after`], telling `heard` of each step of SE's own path when it needs one.
pub fn explainer_after_heard(
    puzzle: &Grid,
    lab_path: &[Step],
    heard: &mut dyn FnMut(&Step),
) -> Option<Explainer> {
    if lab_path.iter().all(|s| Scale::Explainer.uses(s.technique)) {
        explainer_of(puzzle.size(), lab_path)
    } else {
        explainer_from(
            puzzle.size(),
            unique_solve_path_heard(puzzle, Scale::Explainer, heard),
        )
    }
}

impl Explainer {
    /// `ER/EP/ED`, as the forums write them: "7.1/1.2/1.2".
    pub fn numbers(&self) -> String {
        use super::rate::tenths_of;
        format!(
            "{}/{}/{}",
            tenths_of(self.rating),
            tenths_of(self.pearl),
            tenths_of(self.diamond)
        )
    }
}

/// [`explainer`] of a puzzle known to have one solution.
pub fn explainer_unique(puzzle: &Grid) -> Option<Explainer> {
    explainer_from(puzzle.size(), unique_solve_path(puzzle, Scale::Explainer))
}

fn explainer_from(size: Size, (steps, rating): (Vec<Step>, Rating)) -> Option<Explainer> {
    match rating {
        Rating::Solved { .. } => explainer_of(size, &steps),
        _ => None,
    }
}

/// ER, EP and ED of a solve path.
pub fn explainer_of(size: Size, steps: &[Step]) -> Option<Explainer> {
    let first = steps.first()?;
    let mut numbers = Explainer {
        rating: 0,
        pearl: 0,
        diamond: explainer_difficulty(size, first),
        hardest: first.technique,
    };
    let mut placed = false;
    for step in steps {
        let difficulty = explainer_difficulty(size, step);
        if difficulty > numbers.rating {
            numbers.rating = difficulty;
            numbers.hardest = step.technique;
        }
        if !placed && !step.placements.is_empty() {
            placed = true;
            numbers.pearl = numbers.rating;
        }
    }
    Some(numbers)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SE's ceilings on a chain's length (complexity − 2): 4, 6, 8, 12, 16, 24, 32, …
    #[test]
    fn the_length_penalty_steps_at_sudoku_explainers_ceilings() {
        let penalty = |length: usize| length_penalty(length + 2);
        assert_eq!(length_penalty(0), 0, "no chain, no penalty");
        assert_eq!([penalty(1), penalty(4)], [0, 0]);
        assert_eq!([penalty(5), penalty(6)], [1, 1]);
        assert_eq!([penalty(7), penalty(8)], [2, 2]);
        assert_eq!([penalty(9), penalty(12)], [3, 3]);
        assert_eq!([penalty(13), penalty(16)], [4, 4]);
        assert_eq!([penalty(17), penalty(24)], [5, 5]);
        assert_eq!([penalty(25), penalty(32)], [6, 6]);
        assert_eq!(penalty(33), 7);
    }

    #[test]
    fn scales_read_back_from_their_ids() {
        for scale in Scale::ALL {
            assert_eq!(Scale::from_id(scale.id()), Some(scale));
        }
        assert_eq!(Scale::from_id("hodoku-ish"), None);
        assert_eq!(Scale::from_id("hodoku"), Some(Scale::Hodoku));
    }

    /// ED is the first step's, EP the hardest up to the first placement, ER the hardest.
    #[test]
    fn er_ep_ed_follow_the_path() {
        let puzzle = Grid::parse(
            "7.8...3.....6.1...4.........6.....253...8.......1...9..9.5....2....7.4...........",
        )
        .unwrap();
        let (steps, _) = solve_path_by(&puzzle, Scale::Explainer);
        let size = puzzle.size();
        let se = explainer_of(size, &steps).unwrap();
        let each: Vec<u16> = steps
            .iter()
            .map(|s| explainer_difficulty(size, s))
            .collect();
        assert_eq!(se.diamond, each[0]);
        let first_placement = steps.iter().position(|s| !s.placements.is_empty()).unwrap();
        assert_eq!(se.pearl, *each[..=first_placement].iter().max().unwrap());
        assert_eq!(se.rating, *each.iter().max().unwrap());
        assert!(se.diamond <= se.pearl && se.pearl <= se.rating);
        assert_eq!(explainer(&puzzle), Some(se));
        // A hidden single in a box rates 1.2, in a line 1.5.
        let singles: Vec<u16> = steps
            .iter()
            .filter(|s| s.technique == Technique::HiddenSingle)
            .map(|s| explainer_difficulty(size, s))
            .collect();
        assert!(singles.contains(&12) && singles.iter().all(|&d| d == 12 || d == 15));
    }
}
