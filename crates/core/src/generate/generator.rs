//! Puzzles by level and symmetry: a random solved grid, then its cells emptied orbit by orbit (an
//! orbit is a cell and its images under the symmetry), each orbit only if the puzzle stays
//! unique — one pass leaves a puzzle minimal under its symmetry, since emptying more cells never
//! restores uniqueness. With a level, grids are drawn until one rates at it.
//!
//! Uniqueness is counted (two solutions at most) up to 16×16. At 25×25, where counting can take
//! long, a first pass keeps a removal when the techniques up to XY-Chain still solve the puzzle
//! (then it is unique): the puzzle is minimal for that test. With [`Minimality::Exact`] (and the
//! `sat` feature), a second pass tries each given left once more with the exact test of
//! `removal` (one SAT formula for the whole puzzle): the puzzle is then minimal. The second pass
//! is for requests without a level, or at extreme: it leaves fewer givens, and the techniques may
//! no longer solve the puzzle, so a puzzle asked at easy … expert keeps the first pass's givens.

use rand::seq::SliceRandom;
use rand::Rng;

use super::random_solution;
pub use super::symmetry::Symmetry;
use crate::exact::count_solutions;
use crate::grid::Grid;
use crate::logic::{rate, solves_within, Level, Technique};
use crate::size::Size;

/// What the generator is asked for, checked: a size, a level it can reach (or any), a symmetry.
/// The CLI's `generate` and the page's Generate form both read their settings through it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub size: Size,
    pub level: Option<Level>,
    pub symmetry: Symmetry,
    pub minimality: Minimality,
}

/// How far a puzzle is proved minimal where counting its solutions can take long (25×25; below,
/// both are exact).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Minimality {
    /// Every given left was tried: without it the puzzle has another solution. About a minute of
    /// one core for a 25×25 puzzle (the `sat` feature; without it, as `Logic`).
    #[default]
    Exact,
    /// Every given left is one the techniques up to XY-Chain cannot do without: a few seconds at
    /// 25×25, more givens than an exact-minimal puzzle of the same grid.
    Logic,
}

impl Minimality {
    pub const ALL: [Minimality; 2] = [Minimality::Exact, Minimality::Logic];

    pub fn id(self) -> &'static str {
        match self {
            Minimality::Exact => "exact",
            Minimality::Logic => "logic",
        }
    }

    pub fn from_id(id: &str) -> Option<Minimality> {
        Minimality::ALL.into_iter().find(|m| m.id() == id)
    }
}

/// A generator setting that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SettingsError {
    Size(usize),
    Level(String),
    Symmetry(String),
    /// A level this size never reaches.
    Unreachable {
        size: Size,
        level: Level,
    },
}

impl std::fmt::Display for SettingsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SettingsError::Size(n) => write!(f, "no {n}×{n} grid: use 4, 9, 16 or 25"),
            SettingsError::Level(id) => write!(
                f,
                "no level '{id}': use easy, medium, hard, expert or extreme"
            ),
            SettingsError::Symmetry(id) => write!(
                f,
                "no symmetry '{id}': use none, 180, 90, mirror or diagonal"
            ),
            SettingsError::Unreachable { size, level } => write!(
                f,
                "no {size} puzzle is {}: 4×4 puzzles never need more than singles",
                level.id()
            ),
        }
    }
}

impl std::error::Error for SettingsError {}

impl Settings {
    /// Reads a side, a level id (`None`: any level) and a symmetry id.
    pub fn parse(
        side: usize,
        level: Option<&str>,
        symmetry: &str,
    ) -> Result<Settings, SettingsError> {
        let size = Size::from_side(side).ok_or(SettingsError::Size(side))?;
        let level = level
            .map(|id| Level::from_id(id).ok_or_else(|| SettingsError::Level(id.to_string())))
            .transpose()?;
        let symmetry = Symmetry::from_id(symmetry)
            .ok_or_else(|| SettingsError::Symmetry(symmetry.to_string()))?;
        if let Some(level) = level.filter(|&l| !reachable(size, l)) {
            return Err(SettingsError::Unreachable { size, level });
        }
        Ok(Settings {
            size,
            level,
            symmetry,
            minimality: Minimality::default(),
        })
    }
}

/// Whether `puzzle` has exactly one solution, by the test for its size (see the module's doc).
pub fn is_unique(puzzle: &Grid) -> bool {
    if by_logic(puzzle.size()) {
        solves_within(puzzle, Technique::XyChain)
    } else {
        count_solutions(puzzle, 2).is_unique()
    }
}

/// Whether the generator's first pass tests uniqueness by the techniques (the size's counting
/// can take long) rather than by counting.
fn by_logic(size: Size) -> bool {
    size.n() >= 25
}

/// One puzzle: a random solved grid emptied orbit by orbit while it stays unique.
pub fn minimal_puzzle<R: Rng + ?Sized>(size: Size, symmetry: Symmetry, rng: &mut R) -> Grid {
    let solution = random_solution(size, rng);
    minimal_from(&solution, symmetry, Minimality::Exact, rng)
}

/// A minimal puzzle of `solution`: emptied orbit by orbit, in random order, while it stays unique
/// (at 25×25, by the test `minimality` names).
pub fn minimal_from<R: Rng + ?Sized>(
    solution: &Grid,
    symmetry: Symmetry,
    minimality: Minimality,
    rng: &mut R,
) -> Grid {
    let exact_pass = minimality == Minimality::Exact && by_logic(solution.size());
    dig(solution, symmetry, &is_unique, exact_pass, rng)
}

/// The generator's digging: one pass by `unique` (a test that may keep givens a puzzle can do
/// without, never the reverse), then with `exact_pass` (and the `sat` feature) one more over the
/// givens left, by the exact test of `removal`.
fn dig<R: Rng + ?Sized>(
    solution: &Grid,
    symmetry: Symmetry,
    unique: &dyn Fn(&Grid) -> bool,
    exact_pass: bool,
    rng: &mut R,
) -> Grid {
    let size = solution.size();
    let mut orbits: Vec<Vec<usize>> = Vec::new();
    let mut seen = vec![false; size.cells()];
    for cell in 0..size.cells() {
        if !seen[cell] {
            let orbit = symmetry.orbit(size, cell);
            for &c in &orbit {
                seen[c] = true;
            }
            orbits.push(orbit);
        }
    }
    orbits.shuffle(rng);
    let mut values = solution.values().to_vec();
    empty_while(solution, &mut values, &orbits, |trial, _| unique(trial));
    #[cfg(feature = "sat")]
    if exact_pass {
        // The first test kept the givens it could not do without; the exact test tries each of
        // them once more (emptying more never restores uniqueness, so one pass over the orbits
        // still given leaves the puzzle minimal).
        let given: Vec<Vec<usize>> = orbits.into_iter().filter(|o| values[o[0]] != 0).collect();
        let mut exact = super::removal::RemovalTest::new(solution, given.len());
        empty_while(solution, &mut values, &given, |trial, orbit| {
            exact.stays_unique(trial, orbit)
        });
    }
    #[cfg(not(feature = "sat"))]
    let _ = exact_pass;
    Grid::from_givens(size, &values).expect("same size")
}

/// Empties each orbit of `values` in turn, putting its givens back unless `unique` says the
/// puzzle without them (the orbit given last) still has one solution.
fn empty_while(
    solution: &Grid,
    values: &mut [u8],
    orbits: &[Vec<usize>],
    mut unique: impl FnMut(&Grid, &[usize]) -> bool,
) {
    let size = solution.size();
    for orbit in orbits {
        for &c in orbit {
            values[c] = 0;
        }
        let trial = Grid::from_givens(size, values).expect("same size");
        if !unique(&trial, orbit) {
            for &c in orbit {
                values[c] = solution.get(c);
            }
        }
    }
}

/// The levels a size can reach: 4×4 puzzles never need more than singles.
pub fn reachable(size: Size, level: Level) -> bool {
    size.n() > 4 || level == Level::Easy
}

/// A puzzle as `settings` ask (any level when theirs is `None`), drawing grids until one rates
/// at the level or `attempts` have been tried; `None` then.
pub fn generate<R: Rng + ?Sized>(
    settings: &Settings,
    attempts: usize,
    rng: &mut R,
) -> Option<Grid> {
    generate_where(settings, attempts, rng, &|_| true)
}

/// [`generate`], keeping only a puzzle `wanted` accepts as well (a rating on another scale:
/// `sudoku generate --hodoku unfair`, `--er 8.0-9.0`).
pub fn generate_where<R: Rng + ?Sized>(
    settings: &Settings,
    attempts: usize,
    rng: &mut R,
    wanted: &dyn Fn(&Grid) -> bool,
) -> Option<Grid> {
    let Settings {
        size,
        level,
        symmetry,
        minimality,
    } = *settings;
    if level.is_some_and(|l| !reachable(size, l)) {
        return None;
    }
    // Below extreme, the exact pass would take away the givens the level was met with.
    let minimality = match level {
        Some(l) if l != Level::Extreme => Minimality::Logic,
        _ => minimality,
    };
    for _ in 0..attempts.max(1) {
        let solution = random_solution(size, rng);
        let puzzle = minimal_from(&solution, symmetry, minimality, rng);
        if (level.is_none() || rate(&puzzle).level() == level) && wanted(&puzzle) {
            return Some(puzzle);
        }
    }
    None
}

/// The `index`-th puzzle of a seeded batch: its own generator (so a batch gives the same puzzles
/// in any order, on any number of threads), drawing until the level is met or `expired()` says
/// the time is up (`None` then, and for a level the size cannot reach).
pub fn generate_seeded(
    settings: &Settings,
    coordinates: (u64, u64),
    expired: &dyn Fn() -> bool,
) -> Option<Grid> {
    generate_seeded_where(settings, coordinates, expired, &|_| true)
}

/// [`generate_seeded`], keeping only a puzzle `wanted` accepts as well.
pub fn generate_seeded_where(
    settings: &Settings,
    (seed, index): (u64, u64),
    expired: &dyn Fn() -> bool,
    wanted: &dyn Fn(&Grid) -> bool,
) -> Option<Grid> {
    use rand::SeedableRng;
    if settings.level.is_some_and(|l| !reachable(settings.size, l)) {
        return None;
    }
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(crate::runs::run_seed(seed, &[index]));
    loop {
        if let Some(puzzle) = generate_where(settings, 1, &mut rng, wanted) {
            return Some(puzzle);
        }
        if expired() {
            return None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::{Algorithm, RunConfig};
    use crate::trace::NullObserver;
    use rand::SeedableRng;
    use rand_pcg::Pcg64Mcg;

    fn settings(size: Size, level: Option<Level>, symmetry: Symmetry) -> Settings {
        Settings {
            size,
            level,
            symmetry,
            minimality: Minimality::Exact,
        }
    }

    /// For each given of `puzzle`, the puzzle without its orbit (what minimality is about).
    fn without_each_orbit(
        puzzle: &Grid,
        symmetry: Symmetry,
    ) -> impl Iterator<Item = (usize, Grid)> + '_ {
        let size = puzzle.size();
        (0..size.cells())
            .filter(|&c| puzzle.get(c) != 0)
            .map(move |c| {
                let mut values = puzzle.values().to_vec();
                for o in symmetry.orbit(size, c) {
                    values[o] = 0;
                }
                (c, Grid::from_givens(size, &values).unwrap())
            })
    }

    /// Solutions counted by an independent solver (DLX), up to 2.
    fn solutions_by_dlx(puzzle: &Grid) -> usize {
        let outcome = Algorithm::Dlx
            .run(puzzle, &RunConfig::default(), &mut NullObserver)
            .unwrap();
        if !outcome.is_solved() {
            return 0;
        }
        // A second solution differs from the first in some empty cell: forbid the first one's
        // digit there, one cell at a time.
        let first = outcome.grid;
        for c in (0..puzzle.size().cells()).filter(|&c| puzzle.get(c) == 0) {
            let mut others = 0;
            for d in 1..=puzzle.size().n() as u8 {
                if d == first.get(c) {
                    continue;
                }
                let mut trial = puzzle.clone();
                trial.set_given(c, d);
                if trial.conflicts().is_empty()
                    && Algorithm::Dlx
                        .run(&trial, &RunConfig::default(), &mut NullObserver)
                        .unwrap()
                        .is_solved()
                {
                    others += 1;
                }
            }
            if others > 0 {
                return 2;
            }
        }
        1
    }

    #[test]
    fn puzzles_are_unique_minimal_and_symmetric() {
        let mut rng = Pcg64Mcg::seed_from_u64(9);
        for symmetry in Symmetry::ALL {
            for size in [Size::FOUR, Size::NINE] {
                let puzzle = minimal_puzzle(size, symmetry, &mut rng);
                assert!(symmetry.holds(&puzzle), "{symmetry:?}: {puzzle}");
                assert_eq!(solutions_by_dlx(&puzzle), 1, "{symmetry:?}: {puzzle}");
                // Minimal: emptying any orbit of givens breaks uniqueness.
                for (c, fewer) in without_each_orbit(&puzzle, symmetry) {
                    assert_eq!(
                        solutions_by_dlx(&fewer),
                        2,
                        "{symmetry:?}: {} can go from {}",
                        crate::grid::cell_name(size, c),
                        puzzle.to_line()
                    );
                }
            }
        }
    }

    /// The exact pass on 16×16, where counting can check it: after a first pass by singles only
    /// (which keeps many givens a puzzle can do without), it takes givens away and leaves the
    /// puzzle unique and minimal, by the propagation engine's count (not the SAT solver's).
    #[cfg(feature = "sat")]
    #[test]
    fn the_exact_pass_leaves_puzzles_minimal() {
        use crate::exact::propagation::count_solutions_within;
        let count = |p: &Grid| {
            count_solutions_within(p, 2, crate::solve::Limits::default())
                .expect("no limit")
                .count
        };
        let by_singles = |p: &Grid| solves_within(p, Technique::HiddenSingle);
        let mut rng = Pcg64Mcg::seed_from_u64(46);
        for symmetry in [Symmetry::None, Symmetry::Rotate180] {
            let solution = random_solution(Size::SIXTEEN, &mut rng);
            let mut again = rng.clone();
            let first = dig(&solution, symmetry, &by_singles, false, &mut rng);
            let puzzle = dig(&solution, symmetry, &by_singles, true, &mut again);
            let givens = |p: &Grid| p.values().iter().filter(|&&v| v != 0).count();
            assert!(
                givens(&puzzle) < givens(&first),
                "{symmetry:?}: the exact pass took nothing from {}",
                first.to_line()
            );
            assert!(symmetry.holds(&puzzle));
            assert_eq!(count(&puzzle), 1, "{}", puzzle.to_line());
            for (c, fewer) in without_each_orbit(&puzzle, symmetry) {
                assert_eq!(
                    count(&fewer),
                    2,
                    "{} can go from {}",
                    crate::grid::cell_name(puzzle.size(), c),
                    puzzle.to_line()
                );
            }
        }
    }

    #[test]
    fn levels_are_met_or_refused_and_seeds_repeat() {
        for level in [Level::Easy, Level::Medium, Level::Hard] {
            let mut rng = Pcg64Mcg::seed_from_u64(4);
            let settings = settings(Size::NINE, Some(level), Symmetry::Rotate180);
            let puzzle = generate(&settings, 500, &mut rng)
                .unwrap_or_else(|| panic!("no {level:?} puzzle in 500 tries"));
            assert_eq!(rate(&puzzle).level(), Some(level));
            let mut again = Pcg64Mcg::seed_from_u64(4);
            assert_eq!(generate(&settings, 500, &mut again), Some(puzzle));
        }
        let mut rng = Pcg64Mcg::seed_from_u64(1);
        let extreme_4 = settings(Size::FOUR, Some(Level::Extreme), Symmetry::None);
        assert_eq!(generate(&extreme_4, 10, &mut rng), None);
        assert!(!reachable(Size::FOUR, Level::Hard));
    }

    #[test]
    fn settings_are_read_or_refused_in_words() {
        let ok = Settings::parse(16, Some("expert"), "180").unwrap();
        assert_eq!(
            (ok.size, ok.level, ok.symmetry),
            (Size::SIXTEEN, Some(Level::Expert), Symmetry::Rotate180)
        );
        assert_eq!(Settings::parse(9, None, "none").unwrap().level, None);
        assert_eq!(
            Settings::parse(10, None, "none"),
            Err(SettingsError::Size(10))
        );
        assert_eq!(
            Settings::parse(9, Some("master"), "none"),
            Err(SettingsError::Level("master".into()))
        );
        assert_eq!(
            Settings::parse(9, None, "spiral"),
            Err(SettingsError::Symmetry("spiral".into()))
        );
        let unreachable = Settings::parse(4, Some("hard"), "none").unwrap_err();
        assert_eq!(
            unreachable.to_string(),
            "no 4×4 puzzle is hard: 4×4 puzzles never need more than singles"
        );
    }
}
