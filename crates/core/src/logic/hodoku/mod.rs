//! HoDoKu's scale, after HoDoKu 2.2's default settings: its solver tries the techniques in its
//! own order (singles, locked pairs and triples, locked candidates, subsets, fish, BUG+1, the
//! single-digit patterns, wings, uniqueness, finned fish, chains, forcing chains: [`ORDER`]),
//! each step adds its technique's score to the puzzle's (a naked single 4, a hidden single 14,
//! an X-Wing 140, an XY-Chain 260, a forcing chain 500, …), and the puzzle's level is its
//! hardest step's, raised while the score passes the level's limit (easy 800, medium 1,000,
//! hard 1,600, unfair 1,800). Scores, levels and limits are HoDoKu's published defaults; the
//! techniques are the lab's own (BENCHMARKS says where the two scales differ).

mod path;

use super::{Ended, Step, Technique};
use crate::grid::Grid;

/// HoDoKu's levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HodokuLevel {
    Easy,
    Medium,
    Hard,
    Unfair,
    Extreme,
}

impl HodokuLevel {
    pub const ALL: [HodokuLevel; 5] = [
        HodokuLevel::Easy,
        HodokuLevel::Medium,
        HodokuLevel::Hard,
        HodokuLevel::Unfair,
        HodokuLevel::Extreme,
    ];

    pub fn id(self) -> &'static str {
        match self {
            HodokuLevel::Easy => "easy",
            HodokuLevel::Medium => "medium",
            HodokuLevel::Hard => "hard",
            HodokuLevel::Unfair => "unfair",
            HodokuLevel::Extreme => "extreme",
        }
    }

    pub fn from_id(id: &str) -> Option<HodokuLevel> {
        HodokuLevel::ALL.into_iter().find(|l| l.id() == id)
    }

    /// The highest score a puzzle of this level has (HoDoKu raises a puzzle's level past it).
    fn max_score(self) -> u32 {
        match self {
            HodokuLevel::Easy => 800,
            HodokuLevel::Medium => 1_000,
            HodokuLevel::Hard => 1_600,
            HodokuLevel::Unfair => 1_800,
            HodokuLevel::Extreme => u32::MAX,
        }
    }

    fn next(self) -> HodokuLevel {
        match self {
            HodokuLevel::Easy => HodokuLevel::Medium,
            HodokuLevel::Medium => HodokuLevel::Hard,
            HodokuLevel::Hard => HodokuLevel::Unfair,
            _ => HodokuLevel::Extreme,
        }
    }
}

/// The order HoDoKu's solver tries the lab's techniques in (Sudoku Explainer's direct steps are
/// not HoDoKu's: it takes the single they make as a single).
pub const ORDER: &[Technique] = &[
    Technique::FullHouse,
    Technique::NakedSingle,
    Technique::HiddenSingle,
    Technique::LockedPair,
    Technique::LockedTriple,
    Technique::Pointing,
    Technique::Claiming,
    Technique::NakedPair,
    Technique::NakedTriple,
    Technique::HiddenPair,
    Technique::HiddenTriple,
    Technique::NakedQuad,
    Technique::HiddenQuad,
    Technique::XWing,
    Technique::Swordfish,
    Technique::Jellyfish,
    Technique::RemotePair,
    Technique::BugPlusOne,
    Technique::Skyscraper,
    Technique::TwoStringKite,
    Technique::TurbotFish,
    Technique::EmptyRectangle,
    Technique::WWing,
    Technique::XyWing,
    Technique::XyzWing,
    Technique::UniqueRectangle,
    Technique::HiddenRectangle,
    Technique::FinnedXWing,
    Technique::FinnedSwordfish,
    Technique::FinnedJellyfish,
    Technique::SueDeCoq,
    Technique::SimpleColours,
    Technique::MultiColours,
    Technique::XChain,
    Technique::XyChain,
    Technique::Aic,
    Technique::NiceLoop,
    Technique::AlsXz,
    Technique::AlsXyWing,
    Technique::AlsXyChain,
    Technique::NishioForcingChain,
    Technique::MultipleForcingChain,
    Technique::DynamicForcingChain,
    Technique::DynamicForcingChainPlus,
    Technique::NestedForcingChain,
];

/// A step's score and level on HoDoKu's scale: its technique's. HoDoKu has no Nishio or cell
/// and unit chains of their own (its forcing chains are those), calls a forcing chain whose facts
/// rest on more than one cause a forcing net, and takes to brute force where its nets end,
/// which is where the lab's nested chains start.
pub fn step_score(technique: Technique) -> (u32, HodokuLevel) {
    use HodokuLevel::*;
    use Technique as T;
    match technique {
        T::FullHouse | T::NakedSingle => (4, Easy),
        T::HiddenSingle
        | T::DirectPointing
        | T::DirectClaiming
        | T::DirectHiddenPair
        | T::DirectHiddenTriple => (14, Easy),
        T::LockedPair => (40, Medium),
        T::LockedTriple => (60, Medium),
        T::Pointing | T::Claiming => (50, Medium),
        T::NakedPair => (60, Medium),
        T::NakedTriple => (80, Medium),
        T::HiddenPair => (70, Medium),
        T::HiddenTriple => (100, Medium),
        T::NakedQuad => (120, Hard),
        T::HiddenQuad => (150, Hard),
        T::XWing => (140, Hard),
        T::Swordfish => (150, Hard),
        T::Jellyfish => (160, Hard),
        T::BugPlusOne | T::UniqueRectangle | T::HiddenRectangle => (100, Hard),
        T::RemotePair => (110, Hard),
        T::SimpleColours => (150, Hard),
        T::MultiColours => (200, Hard),
        T::Skyscraper => (130, Hard),
        T::TwoStringKite => (150, Hard),
        T::TurbotFish | T::EmptyRectangle => (120, Hard),
        T::WWing => (150, Hard),
        T::XyWing => (160, Hard),
        T::XyzWing => (180, Hard),
        T::FinnedXWing => (130, Hard),
        T::FinnedSwordfish => (200, Unfair),
        T::FinnedJellyfish | T::SueDeCoq => (250, Unfair),
        T::XChain | T::XyChain => (260, Unfair),
        // HoDoKu's AIC and nice loops.
        T::Aic | T::NiceLoop => (280, Unfair),
        T::AlsXz => (300, Unfair),
        T::AlsXyWing => (320, Unfair),
        T::AlsXyChain => (340, Unfair),
        T::NishioForcingChain | T::MultipleForcingChain => (500, Extreme),
        T::DynamicForcingChain | T::DynamicForcingChainPlus => (700, Extreme),
        T::NestedForcingChain => (10_000, Extreme),
    }
}

/// A puzzle on HoDoKu's scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hodoku {
    pub level: HodokuLevel,
    /// The sum of the steps' scores.
    pub score: u32,
    /// The technique of the hardest step (the highest level, then score; the first such).
    pub hardest: Technique,
}

impl Hodoku {
    /// `LEVEL SCORE TECHNIQUE`, as `sudoku rate --scale hodoku` prints it: "unfair 1812 x-chain".
    pub fn line(&self) -> String {
        format!("{} {} {}", self.level.id(), self.score, self.hardest.id())
    }
}

/// The HoDoKu rating of a solve path (by any techniques; `None` for an empty one).
pub fn hodoku_of(steps: &[Step]) -> Option<Hodoku> {
    let mut hardest = (step_score(steps.first()?.technique), steps[0].technique);
    let mut score = 0u32;
    for step in steps {
        let scored = step_score(step.technique);
        score = score.saturating_add(scored.0);
        if (scored.1, scored.0) > (hardest.0 .1, hardest.0 .0) {
            hardest = (scored, step.technique);
        }
    }
    let mut level = hardest.0 .1;
    while score > level.max_score() {
        level = level.next();
    }
    Some(Hodoku {
        level,
        score,
        hardest: hardest.1,
    })
}

/// The steps HoDoKu's solver takes on a puzzle known to have one solution, in its order and
/// with its singles, and how the path ended: what its rating adds up.
pub fn hodoku_path(puzzle: &Grid) -> (Vec<Step>, Ended) {
    hodoku_path_heard(puzzle, &mut |_| {})
}

/// [`hodoku_path`], `heard` hearing each step as it is taken (a page tells how far a long
/// rating has come, as it does on the other scales' paths).
pub fn hodoku_path_heard(puzzle: &Grid, heard: &mut dyn FnMut(&Step)) -> (Vec<Step>, Ended) {
    path::solution_path(puzzle, heard)
}

/// The HoDoKu rating of a puzzle known to have one solution: its path in HoDoKu's order
/// (`None` when the techniques do not finish it).
pub fn hodoku_unique(puzzle: &Grid) -> Option<Hodoku> {
    match hodoku_path(puzzle) {
        (steps, Ended::Solved) => hodoku_of(&steps),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// HoDoKu's order holds every technique but the direct steps, each once.
    #[test]
    fn the_order_holds_every_technique_but_the_direct_steps() {
        for &technique in Technique::ALL {
            let count = ORDER.iter().filter(|&&t| t == technique).count();
            assert_eq!(count, usize::from(!technique.is_direct()), "{technique:?}");
        }
    }

    /// The score adds up the steps; the level is the hardest step's, raised past each limit.
    #[test]
    fn the_level_rises_with_the_score() {
        let step = Step::bare;
        let singles = vec![step(Technique::NakedSingle); 50];
        let easy = hodoku_of(&singles).unwrap();
        assert_eq!((easy.level, easy.score), (HodokuLevel::Easy, 200));
        let mut path = singles.clone();
        path.push(step(Technique::XWing));
        let hard = hodoku_of(&path).unwrap();
        assert_eq!(
            (hard.level, hard.score, hard.hardest),
            (HodokuLevel::Hard, 340, Technique::XWing)
        );
        // 60 hidden singles (840) pass easy's 800: medium.
        let many = vec![step(Technique::HiddenSingle); 60];
        assert_eq!(hodoku_of(&many).unwrap().level, HodokuLevel::Medium);
        // Seven pointing steps and singles, 1,050 in all: past medium's 1,000, hard.
        let mut medium = vec![step(Technique::Pointing); 7];
        medium.extend(vec![step(Technique::HiddenSingle); 50]);
        let raised = hodoku_of(&medium).unwrap();
        assert_eq!((raised.score, raised.level), (1_050, HodokuLevel::Hard));
        assert_eq!(hodoku_of(&[]), None);
        for level in HodokuLevel::ALL {
            assert_eq!(HodokuLevel::from_id(level.id()), Some(level));
        }
    }
}
