//! The start of each pass of the plain settling: which words changed since their last update.

/// The words that differ from what their last update left (bit s: word s), four at a time by
/// one vector comparison and its sign mask where the target has them (the compiler's own
/// vectorising of the plain loop ORs 27 lane bits together instead). `N` is 27, or 28 with a
/// padding word equal in both, or 32 with five.
#[inline(always)]
pub(super) fn changed_words<const N: usize>(cand: &[u32; N], seen: &[u32; N]) -> u32 {
    const { assert!(N == 27 || N == 28 || N == 32) };
    let mut news = 0u32;
    // Words 0..24, then the last four: 24..28, or 23..27 (word 23 twice: cheaper than three
    // words one by one).
    for at in [0, 4, 8, 12, 16, 20, if N == 27 { 23 } else { 24 }] {
        news |= (same_four(cand, seen, at) ^ 0xF) << at;
    }
    news
}

/// Bit j: words `at + j` of `a` and `b` are equal. Each side is one unaligned load: built from
/// four words (`_mm_set_epi32`), it was loaded again in three pieces (3 % of the time natively
/// on the 17-clue set).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn same_four<const N: usize>(a: &[u32; N], b: &[u32; N], at: usize) -> u32 {
    use std::arch::x86_64::{_mm_castsi128_ps, _mm_cmpeq_epi32, _mm_loadu_si128, _mm_movemask_ps};
    let four = |x: &[u32; N]| -> [u32; 4] { x[at..at + 4].try_into().expect("four words") };
    let (a, b) = (four(a), four(b));
    // SAFETY: SSE2 is part of every x86-64 CPU (the target's baseline); each load reads the 16
    // bytes of a [u32; 4], with no alignment needed.
    unsafe {
        let a = _mm_loadu_si128(a.as_ptr().cast());
        let b = _mm_loadu_si128(b.as_ptr().cast());
        _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(a, b))) as u32
    }
}

/// Bit j: words `at + j` of `a` and `b` are equal.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
#[inline(always)]
fn same_four<const N: usize>(a: &[u32; N], b: &[u32; N], at: usize) -> u32 {
    use core::arch::wasm32::{i32x4_bitmask, u32x4, u32x4_eq};
    let four = |x: &[u32; N]| u32x4(x[at], x[at + 1], x[at + 2], x[at + 3]);
    i32x4_bitmask(u32x4_eq(four(a), four(b))) as u32
}

/// Bit j: words `at + j` of `a` and `b` are equal.
#[cfg(not(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
)))]
#[inline(always)]
fn same_four<const N: usize>(a: &[u32; N], b: &[u32; N], at: usize) -> u32 {
    let mut same = 0;
    for j in 0..4 {
        same |= ((a[at + j] == b[at + j]) as u32) << j;
    }
    same
}
