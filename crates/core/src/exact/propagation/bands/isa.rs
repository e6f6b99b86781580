//! The one step of the band engine that differs by instruction set: gathering a word's
//! triplets (see [`super::super::cpu`] for how the copy is chosen).

use super::tables::{BOXES_OF_ROW, ROW};

/// How one step of the word update is done on a given instruction set.
pub(super) trait Isa {
    /// The triplets of a band word that still hold a cell, as 9 bits (bit `3 * row + box`).
    fn triplets(word: u32) -> usize;
}

/// Any CPU: a row's three triplets by a 512-entry table, three lookups a word.
pub(super) struct Portable;

impl Isa for Portable {
    #[inline(always)]
    fn triplets(word: u32) -> usize {
        BOXES_OF_ROW[(word & ROW) as usize] as usize
            | (BOXES_OF_ROW[(word >> 9 & ROW) as usize] as usize) << 3
            | (BOXES_OF_ROW[(word >> 18) as usize] as usize) << 6
    }
}

/// BMI2: each triplet folded onto its first bit, then the nine first bits gathered by PEXT.
#[cfg(target_arch = "x86_64")]
pub(super) struct Pext;

#[cfg(target_arch = "x86_64")]
impl Isa for Pext {
    #[inline(always)]
    fn triplets(word: u32) -> usize {
        let heads = word | word >> 1 | word >> 2;
        // SAFETY: `Pext` is only named by the search's x86-64-v3 copy
        // (`Search::run_v3::<Pext>`), which runs only after `cpu::choice` saw BMI2 on this CPU;
        // the test `both_isas_agree` compares it with the portable gathering on every row.
        (unsafe { std::arch::x86_64::_pext_u32(heads, 0o111_111_111) }) as usize
    }
}
