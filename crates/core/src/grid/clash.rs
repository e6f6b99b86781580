//! Digits that clash: the one-pass test every puzzle read and every answer verified goes
//! through, and the list of clashes the messages name.

use crate::bits;
use crate::size::{Size, Unit};

use super::{cell_name, digit_char, Grid};

/// A set of cells holding the same digit inside one unit.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Conflict {
    pub unit: Unit,
    pub value: u8,
    /// The clashing cells (two or more), in reading order.
    pub cells: Vec<usize>,
}

impl Conflict {
    /// Every cell taking part in some conflict, ascending, each once (to highlight them).
    pub fn cells_of(conflicts: &[Conflict]) -> Vec<usize> {
        // Marked cell by cell rather than sorted: the page's first load carries no sort for it.
        let mut marked: Vec<bool> = Vec::new();
        for &cell in conflicts.iter().flat_map(|c| &c.cells) {
            if cell >= marked.len() {
                marked.resize(cell + 1, false);
            }
            marked[cell] = true;
        }
        (0..marked.len()).filter(|&c| marked[c]).collect()
    }

    /// "5 appears twice in row 1 (r1c1, r1c7)"-style message.
    pub fn describe(&self, size: Size) -> String {
        let cells: Vec<String> = self.cells.iter().map(|&c| cell_name(size, c)).collect();
        let times = match self.cells.len() {
            2 => "twice".to_string(),
            n => format!("{n} times"),
        };
        format!(
            "{} appears {times} in {} ({})",
            digit_char(size, self.value),
            self.unit,
            cells.join(", ")
        )
    }
}

impl Grid {
    /// Whether some digit appears twice in a unit (one pass; no list built).
    pub fn has_conflict(&self) -> bool {
        match self.size.box_side() {
            2 => has_repeat::<2, 4>(&self.values),
            3 => nine_has_repeat(&self.values),
            4 => has_repeat::<4, 16>(&self.values),
            _ => has_repeat::<5, 25>(&self.values),
        }
    }

    /// Every digit that appears more than once in a unit, with the cells holding it.
    pub fn conflicts(&self) -> Vec<Conflict> {
        if !self.has_conflict() {
            return Vec::new();
        }
        let size = self.size;
        let mut out = Vec::new();
        for u in 0..size.unit_count() {
            let mut seen = 0u32;
            let mut repeated = 0u32;
            for c in size.unit_cells(u) {
                let v = self.values[c];
                if v != 0 {
                    let bit = bits::digit_bit(v);
                    repeated |= seen & bit;
                    seen |= bit;
                }
            }
            for v in bits::digits(repeated) {
                let cells = size
                    .unit_cells(u)
                    .filter(|&c| self.values[c] == v)
                    .collect();
                out.push(Conflict {
                    unit: size.unit(u),
                    value: v,
                    cells,
                });
            }
        }
        out
    }
}

/// Whether some digit appears twice in a unit of the grid `values` (n = N = B², B the box side;
/// 9×9 has its own, [`nine_has_repeat`]):
/// row by row, with each column's and each box's digits so far beside. The sizes are constants,
/// so the loops unroll, every index is known and the few masks are zeroed inline (this runs on
/// every puzzle read and every answer verified).
fn has_repeat<const B: usize, const N: usize>(values: &[u8]) -> bool {
    let (rows, rest) = values.as_chunks::<N>();
    debug_assert!(rest.is_empty() && rows.len() == N);
    let mut columns = [0u32; N];
    let mut clash = 0u32;
    for band in rows.chunks(B) {
        let mut boxes = [0u32; B];
        for row in band {
            let mut in_row = 0u32;
            for (c, &value) in row.iter().enumerate() {
                // No branch on empty cells (one in four or five is given, in no pattern a branch
                // predictor learns): an empty cell's bit is 0.
                let bit = (1u32 << value) >> 1;
                clash |= (in_row | columns[c] | boxes[c / B]) & bit;
                in_row |= bit;
                columns[c] |= bit;
                boxes[c / B] |= bit;
            }
        }
    }
    clash != 0
}

/// What a cell of value v adds to its units' sums in [`nine_has_repeat`]: 1 in the digit's
/// nibble, 0 for an empty cell (its 1 is shifted out); a value past 9 lands past the nine
/// nibbles, or wraps as the shift by `4v mod 64` does. By table: V8 compiles a shift by a
/// variable amount to three or four instructions around `cl`.
static NIBBLE_COUNT: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut v = 0;
    while v < 256 {
        table[v] = (1u64 << ((4 * v as u32) & 63)) >> 4;
        v += 1;
    }
    table
};

/// [`has_repeat`] for 9×9, counting instead of testing: each cell adds 1 to its digit's nibble
/// of its row's, column's and box's sums (digit d: bits 4(d − 1)..4d of a u64; an empty cell adds
/// nothing). A unit holds nine cells, so no count carries into the next nibble, and a digit seen
/// twice or more sets one of its nibble's upper three bits. No test per cell, and no dependency
/// from one cell to the next (every answer is verified and every puzzle read through this).
fn nine_has_repeat(values: &[u8]) -> bool {
    /// The upper three bits of each of the nine nibbles: a count of 2 or more.
    const TWICE: u64 = 0xE_EEEE_EEEE;
    let (rows, rest) = values.as_chunks::<9>();
    debug_assert!(rest.is_empty() && rows.len() == 9);
    let mut columns = [0u64; 9];
    // Every unit's sums ORed together: a count of two shows through the OR.
    let mut sums = 0u64;
    for band in rows.chunks(3) {
        let mut boxes = [0u64; 3];
        for row in band {
            let mut in_row = 0u64;
            for (c, &value) in row.iter().enumerate() {
                let count = NIBBLE_COUNT[usize::from(value)];
                in_row += count;
                columns[c] += count;
                boxes[c / 3] += count;
            }
            sums |= in_row;
        }
        sums |= boxes[0] | boxes[1] | boxes[2];
    }
    for column in columns {
        sums |= column;
    }
    sums & TWICE != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conflicts_name_unit_and_cells() {
        let mut values = vec![0u8; 81];
        values[0] = 5;
        values[6] = 5;
        values[10] = 5; // same box as cell 0
        let g = Grid::from_givens(Size::NINE, &values).unwrap();
        let conflicts = g.conflicts();
        assert_eq!(conflicts.len(), 2);
        assert_eq!(conflicts[0].cells, vec![0, 6]);
        assert_eq!(
            conflicts[0].describe(Size::NINE),
            "5 appears twice in row 1 (r1c1, r1c7)"
        );
        assert_eq!(conflicts[1].unit.kind, crate::UnitKind::Box);
    }

    /// The 9×9 count agrees with the general test on random grids, from a few digits to full
    /// ones, and whatever the count of a repeated digit (up to a unit's nine cells the same).
    #[test]
    fn nine_by_nine_counts_agree_with_the_general_test() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(9);
        let (mut clashing, mut clean) = (0, 0);
        for round in 0..20_000 {
            let mut values = [0u8; 81];
            let filled = rng.random_range(0..=81);
            // Some rounds draw from few digits, so that a unit often holds one many times.
            let digits = if round % 4 == 0 {
                rng.random_range(1..=3)
            } else {
                9
            };
            for _ in 0..filled {
                values[rng.random_range(0..81)] = rng.random_range(1..=digits);
            }
            let expected = has_repeat::<3, 9>(&values);
            assert_eq!(nine_has_repeat(&values), expected, "{values:?}");
            if expected {
                clashing += 1;
            } else {
                clean += 1;
            }
        }
        for value in 1..=9 {
            assert!(nine_has_repeat(&[value; 81]));
        }
        assert!(clashing > 1_000 && clean > 1_000, "{clashing} / {clean}");
    }

    /// The one-pass clash test agrees with the units read one by one, on grids of every size
    /// with a few random digits (often clashing in a row, a column or a box) and on solutions
    /// with one cell changed.
    #[test]
    fn has_conflict_agrees_with_the_units_one_by_one() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(23);
        let repeats = |g: &Grid| {
            (0..g.size().unit_count()).any(|u| {
                let digits: Vec<u8> = g.size().unit_cells(u).map(|c| g.get(c)).collect();
                (1..=g.size().n() as u8).any(|v| digits.iter().filter(|&&d| d == v).count() > 1)
            })
        };
        let (mut clashing, mut clean) = (0, 0);
        for size in Size::ALL {
            let solved = crate::generate::pattern::random_solution(size, &mut rng);
            for _ in 0..400 {
                let mut values = vec![0u8; size.cells()];
                if rng.random_bool(0.5) {
                    values.copy_from_slice(solved.values());
                    let cell = rng.random_range(0..values.len());
                    values[cell] = rng.random_range(0..=size.n() as u8);
                } else {
                    for _ in 0..rng.random_range(1..=size.n()) {
                        let cell = rng.random_range(0..values.len());
                        values[cell] = rng.random_range(1..=size.n() as u8);
                    }
                }
                let grid = Grid::from_givens(size, &values).unwrap();
                let expected = repeats(&grid);
                assert_eq!(grid.has_conflict(), expected, "{grid:?}");
                if expected {
                    clashing += 1
                } else {
                    clean += 1
                }
            }
        }
        assert!(
            clashing > 200 && clean > 200,
            "{clashing} clashing, {clean} clean"
        );
    }
}
