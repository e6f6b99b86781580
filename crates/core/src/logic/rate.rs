//! Rating: a puzzle's difficulty is its hardest step when solved by the techniques alone, easiest
//! first (the scale after Sudoku Explainer's of [`Technique::difficulty`]); a puzzle these
//! techniques cannot finish says where it got stuck.

use super::{Board, Ended, Scale, Step, Technique};
use crate::grid::Grid;
use crate::size::Geometry;
#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// The level a rating falls in, by the hardest technique a puzzle needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
pub enum Level {
    /// Singles only.
    Easy,
    /// Up to locked candidates and pairs.
    Medium,
    /// Triples, quads, fish, wings.
    Hard,
    /// Chains (X-Chain, XY-Chain).
    Expert,
    /// Beyond the techniques: needs guessing.
    Extreme,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Extreme,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
        }
    }

    pub fn from_id(id: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.id() == id)
    }
}

/// What rating a puzzle found.
#[derive(Clone, Debug, PartialEq)]
pub enum Rating {
    /// Solved by the techniques; the hardest one used and the number of steps.
    Solved { hardest: Technique, steps: usize },
    /// No technique applies after `steps` steps (`hardest` so far, if any step was made): the
    /// puzzle needs more than these techniques (or a guess).
    Stuck {
        hardest: Option<Technique>,
        steps: usize,
    },
    /// The givens contradict each other (or the techniques proved there is no solution).
    Invalid,
}

impl Rating {
    /// The level (`None` for a puzzle whose givens contradict each other).
    pub fn level(&self) -> Option<Level> {
        match self {
            Rating::Solved { hardest, .. } => Some(hardest.level()),
            Rating::Stuck { .. } => Some(Level::Extreme),
            Rating::Invalid => None,
        }
    }

    /// The difficulty score: the hardest step's (`None` when stuck or invalid).
    pub fn score(&self) -> Option<f32> {
        match self {
            Rating::Solved { hardest, .. } => Some(hardest.difficulty()),
            _ => None,
        }
    }
}

/// The techniques' solve path (easiest first at every step) and how it ended; the uniqueness
/// steps apply when the puzzle has one solution (see [`Board::with_uniqueness`]).
pub fn solve_path(puzzle: &Grid) -> (Vec<Step>, Rating) {
    solve_path_by(puzzle, Scale::Lab)
}

/// The puzzle's rating by the techniques up to `hardest`, without the uniqueness steps (a
/// cheaper test of uniqueness itself: the generator's at 25×25 stops at the chains).
pub fn rate_within(puzzle: &Grid, hardest: Technique) -> Rating {
    let geometry = Geometry::new(puzzle.size());
    let board = Board::new(puzzle, &geometry);
    solve_path_on(
        board,
        &geometry,
        Technique::ALL,
        &|technique| technique <= hardest,
        &mut |_| {},
    )
    .1
}

/// Whether the techniques up to `hardest` solve the puzzle (no uniqueness steps): the
/// generator's uniqueness test at 25×25. The same answer as [`rate_within`]'s, without the direct
/// steps, which only join a pattern to the single it leaves (the plain pattern and the single
/// do the same) and cost a scan of every unit before each naked single.
pub fn solves_within(puzzle: &Grid, hardest: Technique) -> bool {
    let geometry = Geometry::new(puzzle.size());
    let Ok(mut board) = Board::new(puzzle, &geometry) else {
        return false;
    };
    let allowed = |technique: Technique| technique <= hardest && !technique.is_direct();
    board.solve_by(&geometry, &allowed, |_| {}) == Ended::Solved
}

/// The solve path by the techniques a scale uses (see [`Scale::uses`]).
pub fn solve_path_by(puzzle: &Grid, scale: Scale) -> (Vec<Step>, Rating) {
    solve_path_heard(puzzle, scale, &mut |_| {})
}

/// [`solve_path_by`], telling `heard` of each step as it is taken: how a long rating (a large
/// grid's, with forcing chains) shows its progress.
pub fn solve_path_heard(
    puzzle: &Grid,
    scale: Scale,
    heard: &mut dyn FnMut(&Step),
) -> (Vec<Step>, Rating) {
    let geometry = Geometry::new(puzzle.size());
    let board = Board::with_uniqueness(puzzle, &geometry);
    scale_path(board, &geometry, scale, heard)
}

/// The solve path of a puzzle known to have one solution (its caller counted them, as
/// [`unrated`] does), by a scale's techniques: the uniqueness steps apply without a count.
pub fn unique_solve_path(puzzle: &Grid, scale: Scale) -> (Vec<Step>, Rating) {
    unique_solve_path_heard(puzzle, scale, &mut |_| {})
}

/// [`unique_solve_path`], telling `heard` of each step as it is taken.
pub fn unique_solve_path_heard(
    puzzle: &Grid,
    scale: Scale,
    heard: &mut dyn FnMut(&Step),
) -> (Vec<Step>, Rating) {
    let geometry = Geometry::new(puzzle.size());
    let board = Board::new(puzzle, &geometry).map(|mut board| {
        board.assume_unique();
        board
    });
    scale_path(board, &geometry, scale, heard)
}

/// The solve path from `board` by a scale's techniques, in its order.
fn scale_path(
    board: Result<Board, super::Contradiction>,
    geometry: &Geometry,
    scale: Scale,
    heard: &mut dyn FnMut(&Step),
) -> (Vec<Step>, Rating) {
    solve_path_on(
        board,
        geometry,
        scale.order(),
        &|technique| scale.uses(technique),
        heard,
    )
}

/// The solve path from `board` by the techniques `allowed` lets through, tried in `order` at
/// every step; `heard` hears each step taken.
fn solve_path_on(
    board: Result<Board, super::Contradiction>,
    geometry: &Geometry,
    order: &[Technique],
    allowed: &dyn Fn(Technique) -> bool,
    heard: &mut dyn FnMut(&Step),
) -> (Vec<Step>, Rating) {
    let Ok(mut board) = board else {
        return (Vec::new(), Rating::Invalid);
    };
    let mut steps: Vec<Step> = Vec::new();
    let ended = board.solve_in(geometry, order, allowed, |step| {
        heard(&step);
        steps.push(step)
    });
    let hardest = steps
        .iter()
        .map(|s| s.technique)
        .max_by(|a, b| a.difficulty().total_cmp(&b.difficulty()));
    let rating = match (ended, hardest) {
        (Ended::Contradiction, _) => Rating::Invalid,
        (Ended::Stuck, hardest) => Rating::Stuck {
            hardest,
            steps: steps.len(),
        },
        (Ended::Solved, Some(hardest)) => Rating::Solved {
            hardest,
            steps: steps.len(),
        },
        // Nothing to do: a full grid.
        (Ended::Solved, None) => Rating::Solved {
            hardest: Technique::FullHouse,
            steps: 0,
        },
    };
    (steps, rating)
}

/// The puzzle's rating.
pub fn rate(puzzle: &Grid) -> Rating {
    solve_path(puzzle).1
}

/// The verdict `sudoku rate` prints and the page shows: `LEVEL RATING TECHNIQUE` (e.g.
/// `hard 4.2 xy-wing`), `extreme >7.0 guess` where the techniques stop, or `no solution` /
/// `not unique`.
pub fn rating_line(puzzle: &Grid) -> String {
    unrated(puzzle).unwrap_or_else(|| verdict(&unique_solve_path(puzzle, Scale::Lab).1))
}

/// The rating line and the explanation's last line together (one uniqueness check for both):
/// what the page shows beside the steps. They agree on every grid, rated or not.
pub fn rating_and_ending(puzzle: &Grid, rating: &Rating) -> (String, String) {
    match unrated(puzzle) {
        Some(line) => {
            let ending = unrated_ending(&line);
            (line, ending)
        }
        None => (verdict(rating), ending_of(rating)),
    }
}

/// The verdict on a scale: the lab's line ([`rating_line`]), Sudoku Explainer's `ER/EP/ED
/// TECHNIQUE` (e.g. `7.1/1.2/1.2 nice-loop`) or HoDoKu's `LEVEL SCORE TECHNIQUE` (e.g.
/// `unfair 1812 x-chain`); `not unique`, `no solution` or `already solved` on every scale.
pub fn rating_line_on(puzzle: &Grid, scale: Scale) -> String {
    match scale {
        Scale::Lab => rating_line(puzzle),
        Scale::Explainer => {
            unrated(puzzle).unwrap_or_else(|| match super::scale::explainer_unique(puzzle) {
                Some(se) => format!("{} {}", se.numbers(), se.hardest.id()),
                None => format!(">{} guess", tenths(Technique::HARDEST.difficulty())),
            })
        }
        Scale::Hodoku => unrated(puzzle).unwrap_or_else(|| {
            super::hodoku::hodoku_unique(puzzle)
                .map(|h| h.line())
                .unwrap_or_else(|| "extreme guess".into())
        }),
    }
}

/// `already solved`, `no solution` or `not unique`: a grid that is not a puzzle to rate (a
/// complete grid has nothing left to find; a puzzle without exactly one solution has no
/// logical solve path).
pub fn unrated(puzzle: &Grid) -> Option<String> {
    if puzzle.values().iter().all(|&v| v != 0) {
        return Some("already solved".into());
    }
    match crate::exact::count_solutions(puzzle, 2).count {
        0 => Some("no solution".into()),
        1 => None,
        _ => Some("not unique".into()),
    }
}

/// The explanation's last line for a grid that is not rated, saying what `rate` says.
fn unrated_ending(line: &str) -> String {
    match line {
        "already solved" => "already solved: no empty cell".into(),
        "no solution" => "no solution: no grid completes these givens".into(),
        _ => "not unique: more than one grid completes these givens".into(),
    }
}

/// A unique puzzle's rating in words.
fn verdict(rating: &Rating) -> String {
    match *rating {
        Rating::Solved { hardest, .. } => format!(
            "{} {} {}",
            hardest.level().id(),
            tenths(hardest.difficulty()),
            hardest.id()
        ),
        // Beyond every technique here: it needs guessing.
        Rating::Stuck { .. } => {
            format!("extreme >{} guess", tenths(Technique::HARDEST.difficulty()))
        }
        Rating::Invalid => "no solution".into(),
    }
}

/// A rating with one decimal ("4.2"), written without float formatting, which would add
/// kilobytes of code to the page's worker.
fn tenths(rating: f32) -> String {
    tenths_of(super::scale::tenths(rating))
}

/// A number of tenths with one decimal (71 is "7.1").
pub fn tenths_of(tenths: u16) -> String {
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// How the explanation of a puzzle ends, in words (the last line of `sudoku explain` and of
/// the page's explanation): the solve path's end, or why the grid is not rated (as `rate`
/// says it).
pub fn ending(puzzle: &Grid, rating: &Rating) -> String {
    rating_and_ending(puzzle, rating).1
}

/// How a solve path ended, in words.
fn ending_of(rating: &Rating) -> String {
    match *rating {
        Rating::Solved { hardest, steps } => format!(
            "solved in {}; hardest: {} ({}, {})",
            crate::words::count(steps, "step"),
            hardest.name(),
            tenths(hardest.difficulty()),
            hardest.level().id()
        ),
        Rating::Stuck { steps, .. } => {
            format!(
                "stuck after {}: no technique here applies; the rest needs guessing",
                crate::words::count(steps, "step")
            )
        }
        Rating::Invalid => "no solution: the steps reached a contradiction".into(),
    }
}
