//! Puzzles by level and symmetry: a random solved grid, then its cells emptied orbit by orbit (an
//! orbit is a cell and its images under the symmetry), each orbit only if the puzzle stays
//! unique — one pass leaves a puzzle minimal under its symmetry, since emptying more cells never
//! restores uniqueness. With a level, grids are drawn until one rates at it.
//!
//! Uniqueness is counted (two solutions at most) up to 16×16; at 25×25, where counting can take
//! long, a puzzle the logic techniques up to XY-Chain solve counts as unique (it is), so those
//! puzzles are minimal for that test (forcing chains would be sound too, but slow on a board of
//! 625 cells that has several solutions).

use rand::seq::SliceRandom;
use rand::Rng;

use super::random_solution;
use crate::exact::count_solutions;
use crate::grid::Grid;
use crate::logic::{rate, solves_within, Level, Technique};
use crate::size::Size;

/// The symmetry of the givens' pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    None,
    /// Half-turn about the centre.
    Rotate180,
    /// Quarter-turns about the centre.
    Rotate90,
    /// Left–right mirror.
    Mirror,
    /// Mirror in the main diagonal.
    Diagonal,
}

impl Symmetry {
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "180",
            Symmetry::Rotate90 => "90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    pub fn from_id(id: &str) -> Option<Symmetry> {
        Symmetry::ALL.into_iter().find(|s| s.id() == id)
    }

    /// The images of `cell` under the symmetry's group, `cell` first, without repeats.
    pub fn orbit(self, size: Size, cell: usize) -> Vec<usize> {
        let n = size.n();
        let (r, c) = (cell / n, cell % n);
        let at = |r: usize, c: usize| r * n + c;
        let mut cells = vec![cell];
        let images = match self {
            Symmetry::None => vec![],
            Symmetry::Rotate180 => vec![at(n - 1 - r, n - 1 - c)],
            Symmetry::Rotate90 => {
                vec![at(c, n - 1 - r), at(n - 1 - r, n - 1 - c), at(n - 1 - c, r)]
            }
            Symmetry::Mirror => vec![at(r, n - 1 - c)],
            Symmetry::Diagonal => vec![at(c, r)],
        };
        for image in images {
            if !cells.contains(&image) {
                cells.push(image);
            }
        }
        cells
    }

    /// Whether the givens of `puzzle` follow the symmetry.
    pub fn holds(self, puzzle: &Grid) -> bool {
        let size = puzzle.size();
        (0..size.cells()).all(|c| {
            self.orbit(size, c)
                .iter()
                .all(|&o| (puzzle.get(o) == 0) == (puzzle.get(c) == 0))
        })
    }
}

/// What the generator is asked for, checked: a size, a level it can reach (or any), a symmetry.
/// The CLI's `generate` and the page's Generate form both read their settings through it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub size: Size,
    pub level: Option<Level>,
    pub symmetry: Symmetry,
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
        })
    }
}

/// Whether `puzzle` has exactly one solution, by the test for its size (see the module's doc).
pub fn is_unique(puzzle: &Grid) -> bool {
    if puzzle.size().n() >= 25 {
        solves_within(puzzle, Technique::XyChain)
    } else {
        count_solutions(puzzle, 2).is_unique()
    }
}

/// One puzzle: a random solved grid emptied orbit by orbit while it stays unique.
pub fn minimal_puzzle<R: Rng + ?Sized>(size: Size, symmetry: Symmetry, rng: &mut R) -> Grid {
    let solution = random_solution(size, rng);
    minimal_from(&solution, symmetry, rng)
}

/// A minimal puzzle of `solution`: emptied orbit by orbit, in random order, while it stays unique.
pub fn minimal_from<R: Rng + ?Sized>(solution: &Grid, symmetry: Symmetry, rng: &mut R) -> Grid {
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
    for orbit in orbits {
        for &c in &orbit {
            values[c] = 0;
        }
        let trial = Grid::from_givens(size, &values).expect("same size");
        if !is_unique(&trial) {
            for &c in &orbit {
                values[c] = solution.get(c);
            }
        }
    }
    Grid::from_givens(size, &values).expect("same size")
}

/// The levels a size can reach: 4×4 puzzles never need more than singles.
pub fn reachable(size: Size, level: Level) -> bool {
    size.n() > 4 || level == Level::Easy
}

/// A puzzle at `level` (any level when `None`), drawing grids until one rates at it or
/// `attempts` have been tried; `None` then.
pub fn generate<R: Rng + ?Sized>(
    size: Size,
    level: Option<Level>,
    symmetry: Symmetry,
    attempts: usize,
    rng: &mut R,
) -> Option<Grid> {
    if level.is_some_and(|l| !reachable(size, l)) {
        return None;
    }
    for _ in 0..attempts.max(1) {
        let puzzle = minimal_puzzle(size, symmetry, rng);
        if level.is_none() || rate(&puzzle).level() == level {
            return Some(puzzle);
        }
    }
    None
}

/// The `index`-th puzzle of a seeded batch: its own generator (so a batch gives the same puzzles
/// in any order, on any number of threads), drawing until the level is met or `expired()` says
/// the time is up (`None` then, and for a level the size cannot reach).
pub fn generate_seeded(
    size: Size,
    level: Option<Level>,
    symmetry: Symmetry,
    (seed, index): (u64, u64),
    expired: &dyn Fn() -> bool,
) -> Option<Grid> {
    use rand::SeedableRng;
    if level.is_some_and(|l| !reachable(size, l)) {
        return None;
    }
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(crate::runs::run_seed(seed, &[index]));
    loop {
        if let Some(puzzle) = generate(size, level, symmetry, 1, &mut rng) {
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
                for c in (0..size.cells()).filter(|&c| puzzle.get(c) != 0) {
                    let mut values = puzzle.values().to_vec();
                    for o in symmetry.orbit(size, c) {
                        values[o] = 0;
                    }
                    let fewer = Grid::from_givens(size, &values).unwrap();
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

    #[test]
    fn levels_are_met_or_refused_and_seeds_repeat() {
        for level in [Level::Easy, Level::Medium, Level::Hard] {
            let mut rng = Pcg64Mcg::seed_from_u64(4);
            let puzzle = generate(Size::NINE, Some(level), Symmetry::Rotate180, 500, &mut rng)
                .unwrap_or_else(|| panic!("no {level:?} puzzle in 500 tries"));
            assert_eq!(rate(&puzzle).level(), Some(level));
            let mut again = Pcg64Mcg::seed_from_u64(4);
            assert_eq!(
                generate(
                    Size::NINE,
                    Some(level),
                    Symmetry::Rotate180,
                    500,
                    &mut again
                ),
                Some(puzzle)
            );
        }
        let mut rng = Pcg64Mcg::seed_from_u64(1);
        assert_eq!(
            generate(
                Size::FOUR,
                Some(Level::Extreme),
                Symmetry::None,
                10,
                &mut rng
            ),
            None
        );
        assert!(!reachable(Size::FOUR, Level::Hard));
    }

    #[test]
    fn orbits_are_closed_under_their_symmetry() {
        for symmetry in Symmetry::ALL {
            for size in [Size::FOUR, Size::NINE, Size::SIXTEEN] {
                for cell in 0..size.cells() {
                    let orbit = symmetry.orbit(size, cell);
                    for &o in &orbit {
                        let mut back = symmetry.orbit(size, o);
                        back.sort_unstable();
                        let mut sorted = orbit.clone();
                        sorted.sort_unstable();
                        assert_eq!(back, sorted, "{symmetry:?} {cell}");
                    }
                }
            }
        }
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
