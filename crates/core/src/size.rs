//! Grid sizes (n = k², k = 2..=5) and the unit tables every model and solver shares.

use std::fmt;

/// Smallest supported box side (4×4 grids).
pub const MIN_BOX: usize = 2;
/// Largest supported box side (25×25 grids): candidate sets fit in a `u32`.
pub const MAX_BOX: usize = 5;

/// The shape of a Sudoku: boxes of k×k cells, n = k² rows, columns, boxes and digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "SizeData"))]
pub struct Size {
    box_side: u8,
}

/// A size as it arrives from outside, checked before it becomes a [`Size`].
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct SizeData {
    box_side: u8,
}

#[cfg(feature = "serde")]
impl TryFrom<SizeData> for Size {
    type Error = String;

    fn try_from(data: SizeData) -> Result<Size, String> {
        Size::from_box_side(data.box_side as usize).ok_or_else(|| {
            format!(
                "boxes of side {} make no supported grid (sides {MIN_BOX} to {MAX_BOX})",
                data.box_side
            )
        })
    }
}

/// The three kinds of unit (hyperedge) a cell belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum UnitKind {
    Row,
    Column,
    Box,
}

impl fmt::Display for UnitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            UnitKind::Row => "row",
            UnitKind::Column => "column",
            UnitKind::Box => "box",
        })
    }
}

/// One unit: a row, column or box, numbered from 0 within its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Unit {
    pub kind: UnitKind,
    pub index: usize,
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind, self.index + 1)
    }
}

impl Size {
    /// 4×4 grid.
    pub const FOUR: Size = Size { box_side: 2 };
    /// The classic 9×9 grid.
    pub const NINE: Size = Size { box_side: 3 };
    /// 16×16 grid.
    pub const SIXTEEN: Size = Size { box_side: 4 };
    /// 25×25 grid.
    pub const TWENTY_FIVE: Size = Size { box_side: 5 };
    /// Every supported size, smallest first.
    pub const ALL: [Size; 4] = [Size::FOUR, Size::NINE, Size::SIXTEEN, Size::TWENTY_FIVE];

    /// The size whose boxes are `box_side`×`box_side`, if supported.
    pub fn from_box_side(box_side: usize) -> Option<Size> {
        (MIN_BOX..=MAX_BOX).contains(&box_side).then_some(Size {
            box_side: box_side as u8,
        })
    }

    /// The size with `n` rows (4, 9, 16 or 25), if supported.
    pub fn from_side(n: usize) -> Option<Size> {
        Size::ALL.into_iter().find(|s| s.n() == n)
    }

    /// The size with `cells` cells (16, 81, 256 or 625), if supported.
    pub fn from_cell_count(cells: usize) -> Option<Size> {
        Size::ALL.into_iter().find(|s| s.cells() == cells)
    }

    /// k: the side of a box.
    #[inline]
    pub fn box_side(self) -> usize {
        self.box_side as usize
    }

    /// n = k²: rows, columns, boxes and digits.
    #[inline]
    pub fn n(self) -> usize {
        let k = self.box_side as usize;
        k * k
    }

    /// n² cells.
    #[inline]
    pub fn cells(self) -> usize {
        let n = self.n();
        n * n
    }

    /// 3n units (rows, columns, boxes).
    #[inline]
    pub fn unit_count(self) -> usize {
        3 * self.n()
    }

    /// Neighbours of every cell in the Sudoku graph: 3n − 2k − 1 (20 on 9×9).
    #[inline]
    pub fn peer_count(self) -> usize {
        3 * self.n() - 2 * self.box_side() - 1
    }

    /// Bit set with one bit per digit 1..=n (bit d−1 for digit d).
    #[inline]
    pub fn all_digits(self) -> u32 {
        if self.n() == 32 {
            u32::MAX
        } else {
            (1u32 << self.n()) - 1
        }
    }

    #[inline]
    pub fn row_of(self, cell: usize) -> usize {
        cell / self.n()
    }

    #[inline]
    pub fn col_of(self, cell: usize) -> usize {
        cell % self.n()
    }

    #[inline]
    pub fn box_of(self, cell: usize) -> usize {
        let k = self.box_side();
        (self.row_of(cell) / k) * k + self.col_of(cell) / k
    }

    #[inline]
    pub fn cell_at(self, row: usize, col: usize) -> usize {
        row * self.n() + col
    }

    /// Calls `f(cell, row, column, box)` for every cell in reading order, counting instead of
    /// dividing (the verifier and the clash check run this after every solve).
    #[inline]
    pub fn for_each_cell(self, f: impl FnMut(usize, usize, usize, usize)) {
        // One instance per box side: with n a constant the loops unroll and the box index costs
        // no division (the verifier and the clash check run it on every puzzle read or solved).
        match self.box_side() {
            2 => each_cell::<2>(f),
            3 => each_cell::<3>(f),
            4 => each_cell::<4>(f),
            _ => each_cell::<5>(f),
        }
    }

    /// The three units of a cell as indices into [`Size::unit`] order
    /// (rows 0..n, columns n..2n, boxes 2n..3n).
    #[inline]
    pub fn units_of(self, cell: usize) -> [usize; 3] {
        let n = self.n();
        [
            self.row_of(cell),
            n + self.col_of(cell),
            2 * n + self.box_of(cell),
        ]
    }

    /// The unit with flat index `u` (rows, then columns, then boxes).
    pub fn unit(self, u: usize) -> Unit {
        let n = self.n();
        let kind = match u / n {
            0 => UnitKind::Row,
            1 => UnitKind::Column,
            _ => UnitKind::Box,
        };
        Unit { kind, index: u % n }
    }

    /// The cells of unit `u` (flat index), in reading order.
    pub fn unit_cells(self, u: usize) -> impl Iterator<Item = usize> {
        let n = self.n();
        let k = self.box_side();
        let unit = self.unit(u);
        (0..n).map(move |i| match unit.kind {
            UnitKind::Row => unit.index * n + i,
            UnitKind::Column => i * n + unit.index,
            UnitKind::Box => {
                let top = (unit.index / k) * k;
                let left = (unit.index % k) * k;
                (top + i / k) * n + left + i % k
            }
        })
    }

    /// Whether two distinct cells share a unit (are neighbours in the graph).
    #[inline]
    pub fn sees(self, a: usize, b: usize) -> bool {
        a != b
            && (self.row_of(a) == self.row_of(b)
                || self.col_of(a) == self.col_of(b)
                || self.box_of(a) == self.box_of(b))
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}×{0}", self.n())
    }
}

/// Precomputed tables of a size: the cells of each unit and the peers of each cell.
/// Built once per solver, never in a search loop.
#[derive(Clone, Debug)]
pub struct Geometry {
    pub size: Size,
    /// `units[u]` = the n cells of unit u (rows, columns, boxes).
    pub units: Vec<Vec<usize>>,
    /// `cell_units[c]` = the row, column and box unit of cell c.
    pub cell_units: Vec<[usize; 3]>,
    /// `peers[c]` = the 3n − 2k − 1 cells sharing a unit with c, ascending.
    pub peers: Vec<Vec<usize>>,
}

impl Geometry {
    pub fn new(size: Size) -> Geometry {
        let units: Vec<Vec<usize>> = (0..size.unit_count())
            .map(|u| size.unit_cells(u).collect())
            .collect();
        let cell_units: Vec<[usize; 3]> = (0..size.cells()).map(|c| size.units_of(c)).collect();
        // From each cell's three units rather than by testing every pair of cells: the logic
        // solver builds this for every puzzle it rates, 25×25 ones included.
        let peers = (0..size.cells())
            .map(|c| {
                let mut peers: Vec<usize> = cell_units[c]
                    .iter()
                    .flat_map(|&u| units[u].iter().copied())
                    .filter(|&p| p != c)
                    .collect();
                peers.sort_unstable();
                peers.dedup();
                peers
            })
            .collect();
        Geometry {
            size,
            units,
            cell_units,
            peers,
        }
    }
}

/// [`Size::for_each_cell`] for boxes of side `K`.
#[inline(always)]
fn each_cell<const K: usize>(mut f: impl FnMut(usize, usize, usize, usize)) {
    let n = K * K;
    let mut cell = 0;
    for row in 0..n {
        let band = (row / K) * K;
        for col in 0..n {
            f(cell, row, col, band + col / K);
            cell += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_have_expected_counts() {
        let expected = [(4, 16, 7), (9, 81, 20), (16, 256, 39), (25, 625, 64)];
        for (size, (n, cells, peers)) in Size::ALL.into_iter().zip(expected) {
            assert_eq!(size.n(), n);
            assert_eq!(size.cells(), cells);
            assert_eq!(size.peer_count(), peers);
            let g = Geometry::new(size);
            assert!(g.peers.iter().all(|p| p.len() == peers));
            for (c, found) in g.peers.iter().enumerate() {
                let seen: Vec<usize> = (0..cells).filter(|&p| size.sees(c, p)).collect();
                assert_eq!(found, &seen, "the peers of cell {c} of {size}");
            }
            assert_eq!(g.units.len(), 3 * n);
        }
    }

    #[test]
    fn every_unit_is_a_permutation_of_its_cells() {
        for size in Size::ALL {
            let g = Geometry::new(size);
            for (u, cells) in g.units.iter().enumerate() {
                let mut sorted = cells.clone();
                sorted.sort_unstable();
                sorted.dedup();
                assert_eq!(sorted.len(), size.n());
                for &c in cells {
                    assert!(g.cell_units[c].contains(&u));
                }
            }
        }
    }

    #[test]
    fn box_of_follows_reading_order() {
        let s = Size::NINE;
        assert_eq!(s.box_of(0), 0);
        assert_eq!(s.box_of(s.cell_at(4, 4)), 4);
        assert_eq!(s.box_of(s.cell_at(8, 0)), 6);
        assert_eq!(s.box_of(80), 8);
        assert_eq!(Size::from_cell_count(256), Some(Size::SIXTEEN));
        assert_eq!(Size::from_side(10), None);
    }

    #[test]
    fn for_each_cell_agrees_with_the_divisions() {
        for size in Size::ALL {
            let mut walked = Vec::new();
            size.for_each_cell(|cell, row, col, b| walked.push((cell, row, col, b)));
            assert_eq!(walked.len(), size.cells());
            for (cell, row, col, b) in walked {
                assert_eq!(
                    (row, col, b),
                    (size.row_of(cell), size.col_of(cell), size.box_of(cell))
                );
            }
        }
    }
}
