//! The band engine's constant tables, built at compile time: locked candidates inside a band
//! by triplets, lone triplets, columns per box, and the cells a placement keeps.

/// The 27 cells of a band.
pub(super) const ALL: u32 = (1 << 27) - 1;
/// Row 0 of a band (row r is this shifted by 9r).
pub(super) const ROW: u32 = 0x1FF;
/// Column 0 of a band (column c is this shifted by c).
pub(super) const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// The cells of a set of triplets (bit 3r + j: row r, box j).
pub(super) const fn cells_of_triplets(triplets: u32) -> u32 {
    let mut cells = 0;
    let mut k = 0;
    while k < 9 {
        if triplets >> k & 1 != 0 {
            cells |= 0o7 << (3 * k);
        }
        k += 1;
    }
    cells
}

/// Locked candidates inside a band, to a fixpoint, on a set of triplets; 0 if a row or a box has
/// no triplet left.
pub(super) const fn lock_triplets(mut set: u32) -> u32 {
    loop {
        let before = set;
        let mut r = 0;
        while r < 3 {
            let row = (set >> (3 * r)) & 0o7;
            if row.count_ones() == 1 {
                // Row r lies in box j only: box j's other rows lose the digit.
                let box_j = 0o111 * row;
                set &= !box_j | row << (3 * r);
            }
            r += 1;
        }
        let mut j = 0;
        while j < 3 {
            let in_box = (set >> j) & 0o111;
            if in_box.count_ones() == 1 {
                // Box j lies in row r only: row r's other boxes lose the digit.
                let r = in_box.trailing_zeros() / 3;
                set &= !(0o7 << (3 * r)) | 1 << (3 * r + j);
            }
            j += 1;
        }
        if set == before {
            break;
        }
    }
    let mut k = 0;
    while k < 3 {
        if (set >> (3 * k)) & 0o7 == 0 || (set >> k) & 0o111 == 0 {
            return 0;
        }
        k += 1;
    }
    set
}

/// The triplets alone in their row (after locked candidates, so alone in their box too).
pub(super) const fn lone_triplets(set: u32) -> u32 {
    let mut lone = 0;
    let mut r = 0;
    while r < 3 {
        let row = (set >> (3 * r)) & 0o7;
        if row.count_ones() == 1 {
            lone |= row << (3 * r);
        }
        r += 1;
    }
    lone
}

/// A constant table of `$len` entries: entry `$i` is `$entry` (const code has no iterators).
macro_rules! table {
    ($len:expr, $zero:expr, |$i:ident| $entry:expr) => {{
        let mut table = [$zero; $len];
        let mut $i = 0;
        while $i < $len {
            table[$i] = $entry;
            $i += 1;
        }
        table
    }};
}

/// What a band word's triplets imply, in one load: the cells locked candidates keep (0: a row
/// or box has no place left), and the cells of the triplets then alone in their row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct ByTriplets {
    pub(super) keep: u32,
    pub(super) lone: u32,
}

pub(super) const BY_TRIPLETS: [ByTriplets; 512] =
    table!(512, ByTriplets { keep: 0, lone: 0 }, |m| {
        let set = lock_triplets(m as u32);
        ByTriplets {
            keep: cells_of_triplets(set),
            lone: cells_of_triplets(lone_triplets(set)),
        }
    });

/// A table of 512 pairs of words as bytes, entry i's two words little-endian at byte 8i and
/// 8i + 4, read at a byte offset. In wasm an address is one 32-bit value that the engine cannot
/// scale, so an index costs a shift before each load; an offset computed at that scale does not
/// (1 % more puzzles a second on the 17-clue set under V8, natively the same).
#[repr(align(8))]
pub(super) struct PairBytes([u8; 8 * 512]);

impl PairBytes {
    const fn new(pairs: &[[u32; 2]; 512]) -> PairBytes {
        let mut bytes = [0u8; 8 * 512];
        let mut i = 0;
        while i < 8 * 512 {
            bytes[i] = pairs[i / 8][i / 4 % 2].to_le_bytes()[i % 4];
            i += 1;
        }
        PairBytes(bytes)
    }

    /// The pair at byte offset `at` (a multiple of 8 below 4096: the callers' offsets are masked
    /// so, which also lets the compiler drop the bounds checks).
    #[inline(always)]
    fn at(&self, at: usize) -> [u32; 2] {
        let word = |at: usize| {
            u32::from_le_bytes([self.0[at], self.0[at + 1], self.0[at + 2], self.0[at + 3]])
        };
        [word(at), word(at + 4)]
    }
}

/// Which triplets of a band word hold a cell, as an offset into [`BY_TRIPLETS_BYTES`]: bit
/// 3j + r set if row r's triplet in box j does, times 8. Each triplet is folded onto its first
/// cell, and the three rows' first cells are shifted so that they interleave on nine bits: seven
/// one-cycle operations from the word, as short a chain as PEXT's (which this replaced, and
/// which is microcode on some CPUs), and two cycles shorter than the multiplicative hash that
/// the portable copy and wasm used before (2 % more puzzles a second in the portable copy, 1 % in
/// wasm, the same as PEXT natively).
#[inline(always)]
pub(super) const fn triplets_offset(word: u32) -> usize {
    // Bit 3k: triplet k (row k / 3, box k % 3) holds a cell; the other bits are noise.
    let heads = word | word >> 1 | word >> 2;
    // Row 0's first cells (bits 3j), times 8.
    const ROW_HEADS: u32 = 0o111 << 3;
    ((heads << 3 & ROW_HEADS) | (heads >> 5 & ROW_HEADS << 1) | (heads >> 13 & ROW_HEADS << 2))
        as usize
}

/// [`BY_TRIPLETS`] in the order of [`triplets_offset`] (the set's bits transposed).
pub(super) static BY_TRIPLETS_BYTES: PairBytes = PairBytes::new(&table!(512, [0; 2], |t| {
    let mut set = 0;
    let mut k = 0;
    while k < 9 {
        // t's bit 3j + r is the set's bit 3r + j.
        set |= (t >> k & 1) << (3 * (k % 3) + k / 3);
        k += 1;
    }
    [BY_TRIPLETS[set].keep, BY_TRIPLETS[set].lone]
}));

/// What the triplets of a band word that still hold a cell imply (one load).
#[inline(always)]
pub(super) fn by_triplets_of(word: u32) -> ByTriplets {
    let [keep, lone] = BY_TRIPLETS_BYTES.at(triplets_offset(word));
    ByTriplets { keep, lone }
}

/// What the columns (9 bits) a digit has in a band imply, in one load: the cells it keeps in
/// the other bands (a box with one column left claims that column), and the cells of the boxes
/// down to one column.
#[derive(Clone, Copy)]
pub(super) struct ByColumns {
    pub(super) other_bands: u32,
    pub(super) one_column_boxes: u32,
}

pub(super) const fn by_columns(columns: u32) -> ByColumns {
    let mut out = ByColumns {
        other_bands: ALL,
        one_column_boxes: 0,
    };
    let mut j = 0;
    while j < 3 {
        let in_box = (columns >> (3 * j)) & 0o7;
        if in_box.count_ones() == 1 {
            out.other_bands &= !(COLUMN << (3 * j + in_box.trailing_zeros()));
            out.one_column_boxes |= (0o7 << (3 * j)) * COLUMN;
        }
        j += 1;
    }
    out
}

pub(super) const BY_COLUMNS: [ByColumns; 512] = table!(
    512,
    ByColumns {
        other_bands: 0,
        one_column_boxes: 0,
    },
    |m| by_columns(m as u32)
);

/// The cells a digit keeps in a band where it alone offers `columns`: a box holding such a
/// column keeps only that column; 0 if a box holds two.
pub(super) const fn keep_for_claimed(columns: u32) -> u32 {
    let mut keep = ALL;
    let mut j = 0;
    while j < 3 {
        let in_box = (columns >> (3 * j)) & 0o7;
        if in_box.count_ones() > 1 {
            keep = 0;
        } else if in_box != 0 {
            let box_cells = (0o7 << (3 * j)) * COLUMN;
            keep &= !box_cells | ((in_box << (3 * j)) * COLUMN);
        }
        j += 1;
    }
    keep
}

/// Indexed by the columns only this band still offers a digit (see [`keep_for_claimed`]).
pub(super) const KEEP_FOR_CLAIMED_COLUMNS: [u32; 512] =
    table!(512, 0, |m| keep_for_claimed(m as u32));

/// Indexed by a cell's bit in its band: the cells of its row and box.
pub(super) const ROW_AND_BOX: [u32; 27] = table!(27, 0, |p| (ROW << (9 * (p / 9)))
    | ((0o7 << (3 * ((p % 9) / 3))) * COLUMN));

/// Indexed by a cell's bit in its band: the cells of its column in a band.
pub(super) const COLUMN_OF: [u32; 27] = table!(27, 0, |p| COLUMN << (p % 9));

/// Indexed by a cell's bit in its band: the band's cells outside its row and box, plus itself.
pub(super) const KEEP_AFTER_PLACING: [u32; 27] =
    table!(27, 0, |p| (ALL & !ROW_AND_BOX[p]) | 1 << p);

/// Indexed by a word (3 × digit + band): its band, and its digit's words of the two other bands.
pub(super) const WORD_PEERS: [[u8; 3]; 27] = table!(27, [0; 3], |s| {
    let b = s % 3;
    [
        b as u8,
        (s - b + (b + 1) % 3) as u8,
        (s - b + (b + 2) % 3) as u8,
    ]
});

/// [`BY_COLUMNS`] read at a byte offset ([`columns_offset`]).
pub(super) static BY_COLUMNS_BYTES: PairBytes = PairBytes::new(&table!(512, [0; 2], |j| [
    BY_COLUMNS[j].other_bands,
    BY_COLUMNS[j].one_column_boxes
]));

/// The byte offset of a band word's columns in [`BY_COLUMNS_BYTES`]: its nine column bits
/// (`(word | word >> 9 | word >> 18) & ROW`) times 8, gathered at that scale.
#[inline(always)]
pub(super) const fn columns_offset(word: u32) -> usize {
    ((word << 3 | word >> 6 | word >> 15) & ROW << 3) as usize
}

/// [`BY_COLUMNS`]' entry for a band word's columns (one load).
#[inline(always)]
pub(super) fn by_columns_of(word: u32) -> ByColumns {
    let [other_bands, one_column_boxes] = BY_COLUMNS_BYTES.at(columns_offset(word));
    ByColumns {
        other_bands,
        one_column_boxes,
    }
}
