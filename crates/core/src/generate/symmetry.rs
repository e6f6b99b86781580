//! The symmetries a generated puzzle's givens can follow, and the orbits they group cells into.

use crate::grid::Grid;
use crate::size::Size;

/// The symmetry of the givens' pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    None,
    /// Half-turn about the centre.
    Rotate180,
    /// Quarter-turns about the centre.
    Rotate90,
    /// Left–right mirror.
    Mirror,
    /// Mirror in the main diagonal.
    Diagonal,
}

impl Symmetry {
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// Each symmetry's id and name, as forms list them (made at compile time: a page's form
    /// carries the table, not the code that writes it).
    pub const CHOICES: [(&'static str, &'static str); 5] = {
        let mut out = [("", ""); 5];
        let mut i = 0;
        while i < Symmetry::ALL.len() {
            out[i] = (Symmetry::ALL[i].id(), Symmetry::ALL[i].name());
            i += 1;
        }
        out
    };

    pub const fn id(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "180",
            Symmetry::Rotate90 => "90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// How forms show it (the id is what URLs, files and the command line take).
    pub const fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "180° rotation",
            Symmetry::Rotate90 => "90° rotation",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    pub fn from_id(id: &str) -> Option<Symmetry> {
        Symmetry::ALL.into_iter().find(|s| s.id() == id)
    }

    /// The images of `cell` under the symmetry's group, `cell` first, without repeats.
    pub fn orbit(self, size: Size, cell: usize) -> Vec<usize> {
        let n = size.n();
        let (r, c) = (cell / n, cell % n);
        let at = |r: usize, c: usize| r * n + c;
        let mut cells = vec![cell];
        let images = match self {
            Symmetry::None => vec![],
            Symmetry::Rotate180 => vec![at(n - 1 - r, n - 1 - c)],
            Symmetry::Rotate90 => {
                vec![at(c, n - 1 - r), at(n - 1 - r, n - 1 - c), at(n - 1 - c, r)]
            }
            Symmetry::Mirror => vec![at(r, n - 1 - c)],
            Symmetry::Diagonal => vec![at(c, r)],
        };
        for image in images {
            if !cells.contains(&image) {
                cells.push(image);
            }
        }
        cells
    }

    /// Whether the givens of `puzzle` follow the symmetry.
    pub fn holds(self, puzzle: &Grid) -> bool {
        let size = puzzle.size();
        (0..size.cells()).all(|c| {
            self.orbit(size, c)
                .iter()
                .all(|&o| (puzzle.get(o) == 0) == (puzzle.get(c) == 0))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_are_closed_under_their_symmetry() {
        for symmetry in Symmetry::ALL {
            for size in [Size::FOUR, Size::NINE, Size::SIXTEEN] {
                for cell in 0..size.cells() {
                    let orbit = symmetry.orbit(size, cell);
                    for &o in &orbit {
                        let mut back = symmetry.orbit(size, o);
                        back.sort_unstable();
                        let mut sorted = orbit.clone();
                        sorted.sort_unstable();
                        assert_eq!(back, sorted, "{symmetry:?} {cell}");
                    }
                }
            }
        }
    }
}
