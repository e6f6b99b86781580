//! The instruction sets the band engine is built for, chosen at run time.
//!
//! The release binary targets any x86-64 CPU (SSE2); most CPUs in use have AVX2 and BMI2
//! (x86-64-v3). The search is compiled a second time for those, and [`choice`] picks a copy
//! once per process by what the CPU reports. Two things change with it: the compiler may use
//! the newer instructions everywhere in the search (ANDN, BLSR, TZCNT, POPCNT, 256-bit copies of
//! the state), and [`Isa::triplets`] gathers a word's triplets with one PEXT instead of three
//! table lookups. Measured on an AMD EPYC (Zen 4), forum hardest, solver alone: 38,500 → 41,000
//! puzzles/s (BENCHMARKS.md). AMD's Zen 1 and Zen 2 run PEXT in microcode (tens of cycles):
//! there the v3 copy keeps the table lookups.
//!
//! Any other architecture (aarch64, wasm32) runs the portable copy, which is also what every
//! x86-64 CPU without AVX2 and BMI2 runs; a test forces it so that it is checked everywhere.

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
        // SAFETY: `Pext` is only named by the search's BMI2 copy (`search::search_v3`), which
        // runs only after `choice` saw BMI2 on this CPU; the test `both_isas_agree` compares it
        // with the portable gathering on every row.
        (unsafe { std::arch::x86_64::_pext_u32(heads, 0o111_111_111) }) as usize
    }
}

/// Which copy of the search this CPU runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Choice {
    Portable,
    /// x86-64-v3 (AVX2, BMI1, BMI2, LZCNT, POPCNT, FMA), triplets by table.
    V3,
    /// x86-64-v3 with the triplets by PEXT.
    V3Pext,
}

/// The copy this CPU runs, decided once (CPUID can cost a microsecond under a hypervisor).
/// `SUDOKU_ISA=portable` or `v3` asks for a lesser copy, to compare them in one binary.
pub(super) fn choice() -> Choice {
    use std::sync::OnceLock;
    static CHOICE: OnceLock<Choice> = OnceLock::new();
    *CHOICE.get_or_init(|| {
        let best = detect();
        match std::env::var("SUDOKU_ISA").as_deref() {
            Ok("portable") => Choice::Portable,
            Ok("v3") if best == Choice::V3Pext => Choice::V3,
            _ => best,
        }
    })
}

#[cfg(not(target_arch = "x86_64"))]
fn detect() -> Choice {
    Choice::Portable
}

#[cfg(target_arch = "x86_64")]
fn detect() -> Choice {
    let v3 = is_x86_feature_detected!("avx2")
        && is_x86_feature_detected!("bmi1")
        && is_x86_feature_detected!("bmi2")
        && is_x86_feature_detected!("lzcnt")
        && is_x86_feature_detected!("popcnt")
        && is_x86_feature_detected!("fma");
    if !v3 {
        Choice::Portable
    } else if slow_pext() {
        Choice::V3
    } else {
        Choice::V3Pext
    }
}

/// AMD before Zen 3 (family 0x19) runs PEXT in microcode.
#[cfg(target_arch = "x86_64")]
fn slow_pext() -> bool {
    use std::arch::x86_64::__cpuid;
    let vendor = __cpuid(0);
    let amd = (vendor.ebx, vendor.edx, vendor.ecx) == (0x6874_7541, 0x6974_6e65, 0x444d_4163);
    let signature = __cpuid(1).eax;
    let family = (signature >> 8 & 0xF) + (signature >> 20 & 0xFF);
    amd && family < 0x19
}
