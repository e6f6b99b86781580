//! The one step of the band engine that differs by instruction set: finding which triplets of
//! a word still hold a cell, and what they imply (see [`super::super::cpu`] for how the copy is
//! chosen).

#[cfg(target_arch = "x86_64")]
use super::tables::BY_TRIPLETS;
use super::tables::{triplet_hash, ByTriplets, BY_TRIPLET_HASH, TRIPLET_HEADS};

/// How one step of the word update is done on a given instruction set.
pub(super) trait Isa {
    /// What the triplets of a band word that still hold a cell imply.
    fn by_triplets(word: u32) -> ByTriplets;
}

/// Each triplet of a band word folded onto its first bit: bit 3k is set if triplet k (row k / 3,
/// box k % 3) holds a cell; the other bits are cleared.
#[inline(always)]
fn triplet_heads(word: u32) -> u32 {
    (word | word >> 1 | word >> 2) & TRIPLET_HEADS
}

/// Any CPU: the nine head bits hashed to a 9-bit index by one multiplication, into the table
/// laid out in that order. No load but the table's: the three row lookups this replaced made
/// the longest chain of the word update (2–3 % more puzzles a second natively, 2–4 % in wasm).
pub(super) struct Portable;

impl Isa for Portable {
    #[inline(always)]
    fn by_triplets(word: u32) -> ByTriplets {
        BY_TRIPLET_HASH[triplet_hash(triplet_heads(word))]
    }
}

/// BMI2: the nine head bits gathered in order by PEXT.
#[cfg(target_arch = "x86_64")]
pub(super) struct Pext;

#[cfg(target_arch = "x86_64")]
impl Isa for Pext {
    #[inline(always)]
    fn by_triplets(word: u32) -> ByTriplets {
        // SAFETY: `Pext` is only named by the search's x86-64-v3 copy
        // (`Search::run_v3::<Pext>`), which runs only after `cpu::choice` saw BMI2 on this CPU;
        // the test `both_isas_agree` checks it against the triplets found one by one.
        let triplets = unsafe { std::arch::x86_64::_pext_u32(triplet_heads(word), TRIPLET_HEADS) };
        BY_TRIPLETS[triplets as usize]
    }
}
