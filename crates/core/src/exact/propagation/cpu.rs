//! Which copy of the propagation engine this CPU runs, decided once per process.
//!
//! The release binary targets x86-64-v2 (SSE4.2 and POPCNT, `.cargo/config.toml`: every x86-64
//! CPU since about 2009); most CPUs in use also have AVX2 and BMI2 (x86-64-v3). Both engines
//! are compiled a second time for those (`#[target_feature(enable =
//! "avx2,bmi1,bmi2,lzcnt,popcnt,fma")]` on their search), and [`choice`] picks the copy by what
//! the CPU reports. The compiler may then use the newer instructions everywhere in the search
//! (ANDN, BLSR, TZCNT, POPCNT, 256-bit moves and operations on the bit boards). Measured in
//! docs/benchmarks-log.md.
//!
//! What the v3 copy calls must be inlined into it to be built for v3: the engines' helpers are
//! `#[inline(always)]` on x86-64 (`cfg_attr`), and left to the compiler elsewhere, where there
//! is one copy only and a smaller module matters (the page's worker).
//!
//! The 9×9 engine has a third copy, for CPUs with AVX-512F as well (most Intel server CPUs since
//! 2017, AMD since Zen 4): it settles by wide passes (`bands::Bands::settle_words_wide`). The
//! other engine runs its v3 copy there.
//!
//! Any other architecture (aarch64, wasm32) runs the portable copy, which is also what every
//! x86-64 CPU without AVX2 and BMI2 runs; tests force it so that it is checked everywhere, and
//! `./dev test` runs the engine's tests for aarch64 under qemu.

/// Which copy of the search this CPU runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))] // one copy there
pub(crate) enum Choice {
    Portable,
    /// x86-64-v3 (AVX2, BMI1, BMI2, LZCNT, POPCNT, FMA).
    V3,
    /// x86-64-v3 and AVX-512F.
    V4,
}

/// The copy this CPU runs, decided once (CPUID can cost a microsecond under a hypervisor).
/// `SUDOKU_ISA=portable` asks for the portable copy, `SUDOKU_ISA=v3` for the v3 copy where the
/// CPU has AVX-512 too, to compare the copies in one binary.
#[cfg(target_arch = "x86_64")]
pub(crate) fn choice() -> Choice {
    use std::sync::OnceLock;
    static CHOICE: OnceLock<Choice> = OnceLock::new();
    *CHOICE.get_or_init(|| match std::env::var("SUDOKU_ISA").as_deref() {
        Ok("portable") => Choice::Portable,
        Ok("v3") if detect() != Choice::Portable => Choice::V3,
        _ => detect(),
    })
}

/// Elsewhere there is one copy.
#[cfg(not(target_arch = "x86_64"))]
pub(crate) fn choice() -> Choice {
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
    if v3 && is_x86_feature_detected!("avx512f") {
        Choice::V4
    } else if v3 {
        Choice::V3
    } else {
        Choice::Portable
    }
}
