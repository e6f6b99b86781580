//! The AVX-512 copy's settling: the word updates of a pass made side by side, and the column
//! claims on the 27 words at once, each array held as two 16-word vectors.
//!
//! The plain pass ([`Bands::settle_words`]) updates its words one after the other in memory: an
//! update's ANDs are stores that the next update may read, and each pass begins by comparing
//! the words in vectors, which waits until those 4-byte stores have reached the cache (a 16-byte
//! load cannot be forwarded from them; on the Intel Xeon of docs/benchmarks-log.md about a sixth of the
//! time on the forum's hardest set). Here a pass's updates read the words as the pass began and
//! gather what they clear as one mask per word in two vector registers (an AND under a lane mask
//! per kind of elimination); the pass ends by applying the masks, comparing in registers and
//! storing whole vectors. So the updates of a pass do not wait on one another, and no load waits
//! on a store it cannot be forwarded from.
//!
//! An update may read a word that an earlier update of the same pass has narrowed since: it then
//! reasons on more cells than the word has. Every rule only removes candidates, so what it
//! removes is still implied; and the word, changed, is updated again in the next pass. So the
//! passes end at the fixpoint the plain pass reaches, and the search is the same (the tests
//! compare every copy's answers and statistics). A cell such an update places that its word has
//! lost meanwhile, or that another digit placed in the same pass, is a contradiction left without
//! a digit: the next naked-singles pass finds it, and a solved state is checked for it.

use super::*;
use std::arch::x86_64::*;

/// An array of 32 words as two 16-word vectors.
#[target_feature(enable = "avx512f")]
fn load(words: &[u32; WORDS]) -> [__m512i; 2] {
    const { assert!(WORDS == 32) };
    // SAFETY: each load reads 64 bytes from the start of a 16-word half of the array; the
    // unaligned load needs no alignment.
    unsafe {
        [
            _mm512_loadu_si512(words.as_ptr().cast()),
            _mm512_loadu_si512(words[16..].as_ptr().cast()),
        ]
    }
}

/// Writes two 16-word vectors to an array of 32 words.
#[target_feature(enable = "avx512f")]
fn store(words: &mut [u32; WORDS], halves: [__m512i; 2]) {
    // SAFETY: as for `load`, writing.
    unsafe {
        _mm512_storeu_si512(words.as_mut_ptr().cast(), halves[0]);
        _mm512_storeu_si512(words[16..].as_mut_ptr().cast(), halves[1]);
    }
}

/// Bit s: word s differs between `a` and `b`.
#[target_feature(enable = "avx512f")]
fn differ(a: [__m512i; 2], b: [__m512i; 2]) -> u32 {
    _mm512_cmpneq_epi32_mask(a[0], b[0]) as u32
        | (_mm512_cmpneq_epi32_mask(a[1], b[1]) as u32) << 16
}

/// Sixteen copies of `x`.
#[target_feature(enable = "avx512f")]
fn splat(x: u32) -> __m512i {
    _mm512_set1_epi32(x as i32)
}

/// The 27 words of a 32-word set.
const WORDS_27: u32 = (1 << 27) - 1;

/// A word's lanes, each set as the masks of the two 16-lane halves: the word itself, its digit's
/// words of the two other bands, its band's eight other words; and its band. Read from memory
/// straight into mask registers.
#[derive(Clone, Copy)]
struct Lanes {
    own: [u16; 2],
    peers: [u16; 2],
    band: [u16; 2],
    b: u16,
}

const LANES: [Lanes; 27] = {
    const fn halves(set: u32) -> [u16; 2] {
        [set as u16, (set >> 16) as u16]
    }
    let mut lanes = [Lanes {
        own: [0; 2],
        peers: [0; 2],
        band: [0; 2],
        b: 0,
    }; 27];
    let mut s = 0;
    while s < 27 {
        let b = s % 3;
        let own = 1u32 << s;
        let digit = 0b111u32 << (s - b);
        lanes[s] = Lanes {
            own: halves(own),
            peers: halves(digit & !own),
            band: halves((0o111111111u32 << b) & !own),
            b: b as u16,
        };
        s += 1;
    }
    lanes
};

/// Lane s: word s's digit in the next band, or in the band after (padding lanes: themselves),
/// as indices of a permutation of the 32 lanes.
const NEXT_BAND: [u32; WORDS] = band_lanes(1);
const AFTER_BAND: [u32; WORDS] = band_lanes(2);

const fn band_lanes(shift: usize) -> [u32; WORDS] {
    let mut lanes = [0; WORDS];
    let mut s = 0;
    while s < WORDS {
        lanes[s] = if s < 27 {
            (s - s % 3 + (s % 3 + shift) % 3) as u32
        } else {
            s as u32
        };
        s += 1;
    }
    lanes
}

impl Bands {
    /// [`Bands::settle_words`] by wide passes (see the module doc).
    ///
    /// # Safety
    ///
    /// The CPU has AVX-512F and the x86-64-v3 features.
    #[target_feature(enable = "avx512f,avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
    pub(super) unsafe fn settle_words_wide(&mut self) -> Result<(), Stop> {
        let mut now = load(&self.cand);
        let mut news = differ(now, load(&self.seen));
        while news != 0 {
            // Per word, the cells the pass's updates leave it.
            let mut keep = [splat(u32::MAX); 2];
            while news != 0 {
                let s = news.trailing_zeros() as usize;
                news &= news - 1;
                let lanes = &LANES[s];
                let word = self.cand[s];
                let by_triplets = by_triplets_of(word);
                let word = word & by_triplets.keep;
                if word == 0 {
                    return Err(Stop::Dead);
                }
                let by_columns = by_columns_of(word);
                let placed = word & by_triplets.lone & by_columns.one_column_boxes;
                self.unsolved[lanes.b as usize] &= !placed;
                for (h, k) in keep.iter_mut().enumerate() {
                    *k = _mm512_mask_and_epi32(*k, lanes.own[h], *k, splat(word));
                    let other_bands = splat(by_columns.other_bands);
                    *k = _mm512_mask_and_epi32(*k, lanes.peers[h], *k, other_bands);
                    *k = _mm512_mask_and_epi32(*k, lanes.band[h], *k, splat(!placed));
                }
            }
            let next = [0, 1].map(|h| _mm512_and_si512(now[h], keep[h]));
            news = differ(next, now);
            now = next;
            store(&mut self.cand, now);
        }
        store(&mut self.seen, now);
        Ok(())
    }

    /// [`Bands::claim_columns`] on the 27 words at once: each word's columns beside those of its
    /// digit's two other bands (two permutations across the two vectors), and what a band keeps
    /// computed rather than read from the table.
    ///
    /// # Safety
    ///
    /// The CPU has AVX-512F and the x86-64-v3 features.
    #[target_feature(enable = "avx512f,avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
    pub(super) unsafe fn claim_columns_wide(&mut self) -> Result<bool, Stop> {
        let words = load(&self.cand);
        let columns = words.map(|w| {
            let folded = _mm512_or_si512(w, _mm512_srli_epi32::<9>(w));
            _mm512_and_si512(
                _mm512_or_si512(folded, _mm512_srli_epi32::<18>(w)),
                splat(ROW),
            )
        });
        let (next_band, after_band) = (load(&NEXT_BAND), load(&AFTER_BAND));
        let mut dead = 0u32;
        let mut kept = words;
        for h in 0..2 {
            let next = _mm512_permutex2var_epi32(columns[0], next_band[h], columns[1]);
            let after = _mm512_permutex2var_epi32(columns[0], after_band[h], columns[1]);
            let others = _mm512_or_si512(next, after);
            let every = _mm512_or_si512(columns[h], others);
            dead |= (_mm512_cmpneq_epi32_mask(every, splat(ROW)) as u32) << (16 * h);
            // The columns only this band offers: a box holding one keeps that column only, a
            // box holding two keeps nothing.
            let only = _mm512_andnot_si512(others, columns[h]);
            let one = _mm512_srli_epi32::<1>(only);
            let two = _mm512_srli_epi32::<2>(only);
            let some = _mm512_or_si512(one, two);
            let heads = _mm512_and_si512(_mm512_or_si512(only, some), splat(0o111));
            let boxes = _mm512_or_si512(
                heads,
                _mm512_or_si512(_mm512_slli_epi32::<1>(heads), _mm512_slli_epi32::<2>(heads)),
            );
            let pairs = _mm512_or_si512(_mm512_and_si512(only, some), _mm512_and_si512(one, two));
            let holds_two = _mm512_test_epi32_mask(pairs, splat(0o111));
            let kept_columns = _mm512_or_si512(only, _mm512_andnot_si512(boxes, splat(ROW)));
            let keep = _mm512_or_si512(
                kept_columns,
                _mm512_or_si512(
                    _mm512_slli_epi32::<9>(kept_columns),
                    _mm512_slli_epi32::<18>(kept_columns),
                ),
            );
            kept[h] = _mm512_maskz_and_epi32(!holds_two, words[h], keep);
        }
        let changed = differ(kept, words);
        store(&mut self.cand, kept);
        if dead & WORDS_27 != 0 {
            return Err(Stop::Dead);
        }
        Ok(changed != 0)
    }
}
