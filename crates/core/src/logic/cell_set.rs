//! A set of cells as bits (one bit per cell, enough words for 25×25): the almost locked sets'
//! many "does every place see every place" tests are a few word operations each.

use super::MAX_N;

/// Words of a cell set: enough for 25×25.
const WORDS: usize = (MAX_N * MAX_N).div_ceil(64);

/// A set of cells as bits, for the many "does every place see every place" tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Cells([u64; WORDS]);

impl Cells {
    pub(super) const NONE: Cells = Cells([0; WORDS]);

    pub(super) fn with(mut self, cell: usize) -> Cells {
        self.0[cell / 64] |= 1 << (cell % 64);
        self
    }

    pub(super) fn of(cells: impl IntoIterator<Item = usize>) -> Cells {
        cells.into_iter().fold(Cells::NONE, Cells::with)
    }

    pub(super) fn and(mut self, other: Cells) -> Cells {
        self.0.iter_mut().zip(other.0).for_each(|(w, o)| *w &= o);
        self
    }

    pub(super) fn minus(mut self, other: Cells) -> Cells {
        self.0.iter_mut().zip(other.0).for_each(|(w, o)| *w &= !o);
        self
    }

    pub(super) fn meets(self, other: Cells) -> bool {
        self.0.iter().zip(other.0).any(|(w, o)| w & o != 0)
    }

    pub(super) fn within(self, other: Cells) -> bool {
        !self.minus(other).0.iter().any(|&w| w != 0)
    }

    pub(super) fn iter(self) -> impl Iterator<Item = usize> {
        self.0.into_iter().enumerate().flat_map(|(i, mut word)| {
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let bit = word.trailing_zeros() as usize;
                    word &= word - 1;
                    i * 64 + bit
                })
            })
        })
    }
}
