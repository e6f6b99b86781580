//! Cell sets of the digit-board engine: W 64-bit words, bit c of word c / 64, and the few
//! operations the engine needs on them.

/// A set of cells: bit c of word c / 64.
pub(super) type Cells<const W: usize> = [u64; W];

#[inline(always)]
pub(super) fn and<const W: usize>(a: Cells<W>, b: Cells<W>) -> Cells<W> {
    std::array::from_fn(|i| a[i] & b[i])
}

#[inline(always)]
pub(super) fn and_not<const W: usize>(a: Cells<W>, b: Cells<W>) -> Cells<W> {
    std::array::from_fn(|i| a[i] & !b[i])
}

#[inline(always)]
pub(super) fn or<const W: usize>(a: Cells<W>, b: Cells<W>) -> Cells<W> {
    std::array::from_fn(|i| a[i] | b[i])
}

// Plain loops below rather than iterator adaptors: those are generic functions of their own,
// which the search's x86-64-v3 copy (see `cpu`) would call in their baseline build.

#[inline(always)]
pub(super) fn is_empty<const W: usize>(a: &Cells<W>) -> bool {
    let mut any = 0;
    for w in a {
        any |= w;
    }
    any == 0
}

#[inline(always)]
pub(super) fn count<const W: usize>(a: &Cells<W>) -> u32 {
    let mut count = 0;
    for w in a {
        count += w.count_ones();
    }
    count
}

#[inline(always)]
pub(super) fn contains<const W: usize>(a: &Cells<W>, cell: usize) -> bool {
    a[cell / 64] >> (cell % 64) & 1 != 0
}

#[inline(always)]
pub(super) fn single<const W: usize>(cell: usize) -> Cells<W> {
    let mut out = [0; W];
    out[cell / 64] = 1 << (cell % 64);
    out
}

/// The cells of a set, ascending.
#[inline(always)]
pub(super) fn cells_of<const W: usize>(a: Cells<W>) -> CellsOf<W> {
    CellsOf { words: a, word: 0 }
}

/// Iterator over the cells of a set: takes the lowest bit of the current word until it is empty.
pub(super) struct CellsOf<const W: usize> {
    words: Cells<W>,
    word: usize,
}

impl<const W: usize> Iterator for CellsOf<W> {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        while self.word < W {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(self.word * 64 + w.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}
