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

/// The first cell of each triplet of a band (bit 3k: row k / 3, box k % 3).
pub(super) const TRIPLET_HEADS: u32 = 0o111_111_111;

/// A multiplier that sends the 512 sets of triplet heads to 512 distinct values of their
/// product's top nine bits (a perfect hash; any such multiplier will do: this one was found by
/// trying random ones, and [`BY_TRIPLET_HASH`] fails to compile if it were not one).
const TRIPLET_MULTIPLIER: u32 = 0x5e81_0040;

/// The table index of a set of triplet heads (see [`TRIPLET_MULTIPLIER`]).
#[inline(always)]
pub(super) const fn triplet_hash(heads: u32) -> usize {
    (heads.wrapping_mul(TRIPLET_MULTIPLIER) >> 23) as usize
}

/// [`BY_TRIPLETS`] in the order of [`triplet_hash`].
pub(super) const BY_TRIPLET_HASH: [ByTriplets; 512] = {
    let mut table = [ByTriplets { keep: 0, lone: 0 }; 512];
    let mut filled = [false; 512];
    let mut set = 0;
    while set < 512 {
        let at = triplet_hash(cells_of_triplets(set) & TRIPLET_HEADS);
        assert!(
            !filled[at],
            "TRIPLET_MULTIPLIER sends two sets to one index"
        );
        filled[at] = true;
        table[at] = BY_TRIPLETS[set as usize];
        set += 1;
    }
    table
};

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

/// [`BY_COLUMNS`] as bytes, each entry's two words little-endian side by side, read at a byte
/// offset ([`by_columns_of`]). In wasm an address is one 32-bit value that the engine cannot
/// scale, so an index costs a shift before each load; a byte offset computed directly does not
/// (1 % more puzzles a second on the 17-clue set under V8, natively the same).
#[repr(align(8))]
pub(super) struct ColumnBytes([u8; 8 * 512]);

pub(super) static BY_COLUMNS_BYTES: ColumnBytes = ColumnBytes({
    let mut bytes = [0u8; 8 * 512];
    let mut j = 0;
    while j < 512 {
        let other_bands = BY_COLUMNS[j].other_bands.to_le_bytes();
        let one_column_boxes = BY_COLUMNS[j].one_column_boxes.to_le_bytes();
        let mut k = 0;
        while k < 4 {
            bytes[8 * j + k] = other_bands[k];
            bytes[8 * j + 4 + k] = one_column_boxes[k];
            k += 1;
        }
        j += 1;
    }
    bytes
});

/// The byte offset of a band word's columns in [`BY_COLUMNS_BYTES`]: its nine column bits
/// (`(word | word >> 9 | word >> 18) & ROW`) times 8, gathered at that scale.
#[inline(always)]
pub(super) const fn columns_offset(word: u32) -> usize {
    ((word << 3 | word >> 6 | word >> 15) & ROW << 3) as usize
}

/// [`BY_COLUMNS`]' entry for a band word's columns, read at its [`columns_offset`] (whose mask
/// also bounds the reads: no check).
#[inline(always)]
pub(super) fn by_columns_of(word: u32) -> ByColumns {
    let bytes = &BY_COLUMNS_BYTES.0;
    let at = columns_offset(word);
    let word =
        |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    ByColumns {
        other_bands: word(at),
        one_column_boxes: word(at + 4),
    }
}
