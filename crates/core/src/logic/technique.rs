//! The technique table: one line per technique, easiest first (the order they are tried in),
//! naming its id, its name in sentences, its difficulty on a scale after Sudoku Explainer's, the
//! level of a puzzle it is the hardest step of, its finder and its wording (both in its family's
//! file). The enum, the list, every lookup, the `logic` algorithm's pseudo-code line and its
//! description are made from it, so a technique is added in its family's file and here only.

use super::rate::Level;
use super::{
    aic, als, als_chain, chains, colours, finned_fish, fish, locked, nets, nice_loops,
    remote_pairs, single_digit, singles, subsets, sue_de_coq, uniqueness, wings, Board, Step,
};
use crate::size::{Geometry, Size};

macro_rules! techniques {
    ($(
        $(#[$doc:meta])*
        $variant:ident = $number:literal => $id:literal, $name:literal, $difficulty:literal, $level:ident,
            $find:expr, $words:expr;
    )*) => {
        /// The techniques, easiest first (the order they are tried in).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Technique {
            $($(#[$doc])* $variant,)*
        }

        impl Technique {
            /// Every technique, in the order they are tried.
            pub const ALL: &'static [Technique] = &[$(Technique::$variant,)*];

            /// Its id in the CLI's output and the page's explanations.
            pub fn id(self) -> &'static str {
                match self { $(Technique::$variant => $id,)* }
            }

            /// Its number, as a run's events carry it: given once and kept (a new technique takes
            /// the next), so a recorded run names the same techniques in a later lab.
            pub fn index(self) -> u16 {
                match self { $(Technique::$variant => $number,)* }
            }

            /// Its name in sentences.
            pub fn name(self) -> &'static str {
                match self { $(Technique::$variant => $name,)* }
            }

            /// Its difficulty (1.0 a full house … 7.0 an XY-Chain); a puzzle's rating is its
            /// hardest step's.
            pub fn difficulty(self) -> f32 {
                match self { $(Technique::$variant => $difficulty,)* }
            }

            /// The level of a puzzle whose hardest step is this technique.
            pub fn level(self) -> Level {
                match self { $(Technique::$variant => Level::$level,)* }
            }

            /// The first step of this technique on the board, if it applies.
            pub fn find(self, board: &Board, geometry: &Geometry) -> Option<Step> {
                match self { $(Technique::$variant => ($find)(board, geometry),)* }
            }

            /// A step of this technique in words.
            pub fn describe(self, size: Size, step: &Step) -> String {
                match self { $(Technique::$variant => ($words)(size, step),)* }
            }
        }

        /// The `logic` pseudo-code's line that tries the techniques.
        pub const TRY_LINE: &str = concat!(
            "try the techniques, easiest first: ",
            techniques!(@join $($name),*)
        );

        /// The `logic` algorithm's description in the registry.
        pub const DESCRIPTION: &str = concat!(
            "Solves as people do: the easiest technique that applies (",
            techniques!(@join $($name),*),
            "); guesses (and says so) only where none applies."
        );
    };
    (@join $first:literal $(, $rest:literal)*) => { concat!($first $(, ", ", $rest)*) };
}

techniques! {
    /// The last empty cell of a unit.
    FullHouse = 0 => "full-house", "full house", 1.0, Easy, singles::full_house, singles::words;
    /// A digit with one place left in a unit.
    HiddenSingle = 1 => "hidden-single", "hidden single", 1.5, Easy, singles::hidden_single, singles::words;
    /// Pointing whose removals leave the digit one place in another box (rated as Sudoku
    /// Explainer does: the single it makes is what a solver spots).
    DirectPointing = 2 => "direct-pointing", "direct pointing", 1.7, Easy, locked::direct_pointing, locked::words;
    /// Claiming whose removals leave the digit one place in another row (column).
    DirectClaiming = 3 => "direct-claiming", "direct claiming", 1.9, Easy, locked::direct_claiming, locked::words;
    /// A hidden pair whose removals leave another digit one place in its unit.
    DirectHiddenPair = 4 => "direct-hidden-pair", "direct hidden pair", 2.0, Easy,
        |b, g| subsets::direct_hidden(b, g, 2), subsets::words;
    /// A cell with one candidate left.
    NakedSingle = 5 => "naked-single", "naked single", 2.3, Easy, singles::naked_single, singles::words;
    /// A hidden triple whose removals leave another digit one place in its unit.
    DirectHiddenTriple = 6 => "direct-hidden-triple", "direct hidden triple", 2.5, Easy,
        |b, g| subsets::direct_hidden(b, g, 3), subsets::words;
    /// A box's candidates for a digit all in one row or column: not elsewhere in that line.
    Pointing = 7 => "pointing", "pointing (locked candidates)", 2.6, Medium, locked::pointing, locked::words;
    /// A row's or column's candidates for a digit all in one box: not elsewhere in that box.
    Claiming = 8 => "claiming", "claiming (locked candidates)", 2.8, Medium, locked::claiming, locked::words;
    /// A naked pair in a box whose two cells share a line too: its digits leave both.
    LockedPair = 9 => "locked-pair", "locked pair", 3.0, Medium, |b, g| subsets::locked(b, g, 2), subsets::words;
    NakedPair = 10 => "naked-pair", "naked pair", 3.0, Medium, |b, g| subsets::naked(b, g, 2), subsets::words;
    /// Rated 3.2 (below a hidden pair) but a fish: a hard puzzle's technique.
    XWing = 11 => "x-wing", "X-Wing", 3.2, Hard, |b, g| fish::fish(b, g, 2), fish::words;
    HiddenPair = 12 => "hidden-pair", "hidden pair", 3.4, Medium, |b, g| subsets::hidden(b, g, 2), subsets::words;
    /// A naked triple in a box whose cells share a line too.
    LockedTriple = 13 => "locked-triple", "locked triple", 3.6, Hard, |b, g| subsets::locked(b, g, 3), subsets::words;
    NakedTriple = 14 => "naked-triple", "naked triple", 3.6, Hard, |b, g| subsets::naked(b, g, 3), subsets::words;
    Swordfish = 15 => "swordfish", "Swordfish", 3.8, Hard, |b, g| fish::fish(b, g, 3), fish::words;
    HiddenTriple = 16 => "hidden-triple", "hidden triple", 4.0, Hard, |b, g| subsets::hidden(b, g, 3), subsets::words;
    /// Two strong links of a digit in parallel lines, joined at one end by a cross line (see
    /// `single_digit`).
    Skyscraper = 17 => "skyscraper", "Skyscraper", 4.0, Hard,
        left_out_of_first_load(single_digit::skyscraper), words_left_out(single_digit::words);
    /// A strong link in a row and one in a column, joined in a box.
    TwoStringKite = 18 => "two-string-kite", "2-String Kite", 4.1, Hard,
        left_out_of_first_load(single_digit::two_string_kite), words_left_out(single_digit::words);
    /// A box whose places for a digit lie in one row and one column, and a strong link.
    EmptyRectangle = 19 => "empty-rectangle", "Empty Rectangle", 4.1, Hard,
        left_out_of_first_load(single_digit::empty_rectangle), words_left_out(single_digit::words);
    /// Any other two strong links joined by a weak one.
    TurbotFish = 20 => "turbot-fish", "Turbot Fish", 4.2, Hard,
        left_out_of_first_load(single_digit::turbot_fish), words_left_out(single_digit::words);
    XyWing = 21 => "xy-wing", "XY-Wing", 4.2, Hard, wings::xy_wing, wings::words;
    WWing = 22 => "w-wing", "W-Wing", 4.3, Hard, wings::w_wing, wings::words;
    XyzWing = 23 => "xyz-wing", "XYZ-Wing", 4.4, Hard, wings::xyz_wing, wings::words;
    /// Cells of one pair of digits, each seeing the next: the digits alternate (see
    /// `remote_pairs`).
    RemotePair = 24 => "remote-pair", "remote pair", 4.5, Hard,
        left_out_of_first_load(remote_pairs::remote_pair), words_left_out(remote_pairs::words);
    /// Four cells that would let two digits swap (types 1, 2 and 4; see `uniqueness`).
    UniqueRectangle = 25 => "unique-rectangle", "unique rectangle", 4.5, Hard,
        uniqueness::unique_rectangle, uniqueness::words;
    /// Such four cells, one with the two digits only, and strong links on one digit.
    HiddenRectangle = 26 => "hidden-rectangle", "hidden rectangle", 4.5, Hard,
        left_out_of_first_load(uniqueness::hidden_rectangle), words_left_out(uniqueness::words);
    /// A fish with fins in one box: cover cells in that box lose the digit (see `finned_fish`).
    FinnedXWing = 27 => "finned-x-wing", "finned X-Wing", 4.6, Hard,
        left_out_of_first_load(|b, g| finned_fish::finned(b, g, 2)), words_left_out(finned_fish::words);
    /// One digit's strong links colour its cells in turns: one colour holds it (see `colours`).
    SimpleColours = 28 => "simple-colours", "simple colours", 4.7, Hard,
        left_out_of_first_load(colours::simple_colours), words_left_out(colours::words);
    FinnedSwordfish = 29 => "finned-swordfish", "finned Swordfish", 4.8, Hard,
        left_out_of_first_load(|b, g| finned_fish::finned(b, g, 3)), words_left_out(finned_fish::words);
    /// Two such groups of colours that see each other.
    MultiColours = 30 => "multi-colours", "multi-colours", 4.9, Hard,
        left_out_of_first_load(colours::multi_colours), words_left_out(colours::words);
    NakedQuad = 31 => "naked-quad", "naked quad", 5.0, Hard, |b, g| subsets::naked(b, g, 4), subsets::words;
    Jellyfish = 32 => "jellyfish", "Jellyfish", 5.2, Hard, |b, g| fish::fish(b, g, 4), fish::words;
    FinnedJellyfish = 33 => "finned-jellyfish", "finned Jellyfish", 5.3, Hard,
        left_out_of_first_load(|b, g| finned_fish::finned(b, g, 4)), words_left_out(finned_fish::words);
    HiddenQuad = 34 => "hidden-quad", "hidden quad", 5.4, Hard, |b, g| subsets::hidden(b, g, 4), subsets::words;
    /// Cells where a line crosses a box, with cells of the line's rest and of the box's rest:
    /// as many digits as cells, the line's and the box's apart (see `sue_de_coq`).
    SueDeCoq = 47 => "sue-de-coq", "Sue de Coq", 5.5, Hard,
        left_out_of_first_load(sue_de_coq::sue_de_coq), words_left_out(sue_de_coq::words);
    /// One cell with three candidates in a grid of pairs: the digit that breaks the pairs.
    BugPlusOne = 35 => "bug-plus-one", "BUG+1", 5.6, Hard, uniqueness::bug_plus_one, uniqueness::words;
    /// One digit's alternating chain of strong and weak links (see `chains`).
    XChain = 36 => "x-chain", "X-Chain", 6.6, Expert, chains::x_chain, chains::words;
    /// A chain of bivalue cells.
    XyChain = 37 => "xy-chain", "XY-Chain", 7.0, Expert, chains::xy_chain, chains::words;
    /// An alternating chain of strong and weak links through any candidates (see `aic`).
    Aic = 38 => "aic", "AIC (alternating inference chain)", 7.0, Expert,
        left_out_of_first_load(aic::aic), words_left_out(aic::words);
    /// Two almost locked sets (N cells, N + 1 digits) that cannot both hold a digit (see `als`).
    AlsXz = 39 => "als-xz", "ALS-XZ", 7.0, Expert, left_out_of_first_load(als::als_xz), words_left_out(als::words);
    /// Two almost locked sets, each tied to a third by a different digit.
    AlsXyWing = 40 => "als-xy-wing", "ALS-XY-Wing", 7.0, Expert,
        left_out_of_first_load(als::als_xy_wing), words_left_out(als::words);
    /// Four or more almost locked sets, each tied to the next by a different digit (see
    /// `als_chain`).
    AlsXyChain = 48 => "als-xy-chain", "ALS-XY-Chain", 7.0, Expert,
        left_out_of_first_load(als_chain::als_xy_chain), words_left_out(als::words);
    /// A candidate whose truth leads along one chain to its own falsehood, or whose falsehood
    /// to its truth (see `nice_loops`): Sudoku Explainer's forcing chain.
    NiceLoop = 49 => "nice-loop", "nice loop", 7.0, Expert, nice_loops::nice_loop, words_left_out(nice_loops::words);
    // Number 41 was the static forcing chain of two branches (a contradiction or a double
    // implication): static links hold both ways (a ⇒ b gives ¬b ⇒ ¬a), so each of its
    // conclusions is a nice loop's, or a cell or unit forcing chain's where it emptied a cell or
    // a unit; it is retired.
    /// A candidate whose truth, followed on its own digit, leaves the digit no place in a unit.
    NishioForcingChain = 42 => "nishio-forcing-chain", "Nishio forcing chain", 7.5, Expert,
        nets::nishio_forcing_chain, words_left_out(nets::words);
    /// Every candidate of a cell (place of a digit in a unit) leads to one fact.
    MultipleForcingChain = 43 => "cell-unit-forcing-chain", "cell or unit forcing chain", 8.0, Expert,
        nets::multiple_forcing_chain, words_left_out(nets::words);
    /// Forcing chains whose facts may rest on everything the assumption removed.
    DynamicForcingChain = 44 => "dynamic-forcing-chain", "dynamic forcing chain", 8.5, Extreme,
        nets::dynamic_forcing_chain, words_left_out(nets::words);
    /// Dynamic, with locked candidates, pairs and X-Wings applied along the way.
    DynamicForcingChainPlus = 45 => "dynamic-forcing-chain-plus", "dynamic forcing chain (+)", 9.0,
        Extreme, nets::dynamic_forcing_chain_plus, words_left_out(nets::words);
    /// Dynamic (+), with dynamic forcing chains (+) inside.
    NestedForcingChain = 46 => "nested-forcing-chain", "nested forcing chain", 9.5, Extreme,
        nets::nested_forcing_chain, words_left_out(nets::words);
}

/// A finder the page's first-load build leaves out (feature `all-techniques`): there it finds
/// nothing, and its code is not in the build.
fn left_out_of_first_load(find: Finder) -> Finder {
    if super::ALL_TECHNIQUES {
        find
    } else {
        |_, _| None
    }
}

type Finder = fn(&Board, &Geometry) -> Option<Step>;

/// The wording of a technique the first-load build leaves out: never asked for there.
fn words_left_out(words: Words) -> Words {
    if super::ALL_TECHNIQUES {
        words
    } else {
        |_, _| String::new()
    }
}

type Words = fn(Size, &Step) -> String;

impl Technique {
    /// The first technique a build without every technique leaves out (see
    /// [`super::ALL_TECHNIQUES`]): a path that reaches it there may differ from the full one's.
    pub const FIRST_LEFT_OUT: Technique = Technique::Skyscraper;

    /// Whether a build without every technique finds the same steps up to and including one of
    /// this technique (every technique tried before it is in that build).
    pub fn before_left_out(self) -> bool {
        self < Technique::FIRST_LEFT_OUT
    }

    /// Whether it rests on the puzzle having one solution (see `uniqueness`): tried only on a
    /// board known to.
    pub fn assumes_uniqueness(self) -> bool {
        matches!(
            self,
            Technique::UniqueRectangle | Technique::HiddenRectangle | Technique::BugPlusOne
        )
    }

    /// Whether it is a direct step: one that places the single its pattern makes.
    pub fn is_direct(self) -> bool {
        matches!(
            self,
            Technique::DirectPointing
                | Technique::DirectClaiming
                | Technique::DirectHiddenPair
                | Technique::DirectHiddenTriple
        )
    }

    /// The hardest technique the solver knows.
    pub const HARDEST: Technique = Technique::ALL[Technique::ALL.len() - 1];

    /// The technique of a number ([`Technique::index`]).
    pub fn from_index(index: u16) -> Option<Technique> {
        Technique::ALL.iter().copied().find(|t| t.index() == index)
    }

    pub fn from_id(id: &str) -> Option<Technique> {
        Technique::ALL.iter().copied().find(|t| t.id() == id)
    }
}
