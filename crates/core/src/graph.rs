//! The two views of a Sudoku the lab draws: the simple graph (cells as vertices, an edge between
//! cells that share a unit: a solution is a proper n-colouring) and the hypergraph (one hyperedge
//! per row, column and box: a solution gives each hyperedge all n colours).

use crate::size::{Size, Unit};

/// Cells as vertices, an edge per pair of cells sharing a unit.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Graph {
    pub size: Size,
    /// Each edge once, as (smaller cell, larger cell), in lexicographic order.
    pub edges: Vec<(u16, u16)>,
    /// Neighbours of each vertex, ascending.
    pub adjacency: Vec<Vec<u16>>,
}

impl Graph {
    pub fn new(size: Size) -> Graph {
        let cells = size.cells();
        let adjacency: Vec<Vec<u16>> = (0..cells)
            .map(|c| {
                (0..cells)
                    .filter(|&p| size.sees(c, p))
                    .map(|p| p as u16)
                    .collect()
            })
            .collect();
        let edges = adjacency
            .iter()
            .enumerate()
            .flat_map(|(a, ns)| {
                ns.iter()
                    .filter(move |&&b| (b as usize) > a)
                    .map(move |&b| (a as u16, b))
            })
            .collect();
        Graph {
            size,
            edges,
            adjacency,
        }
    }

    pub fn vertex_count(&self) -> usize {
        self.adjacency.len()
    }

    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    pub fn degree(&self, vertex: usize) -> usize {
        self.adjacency[vertex].len()
    }
}

/// One hyperedge: a unit and its n cells.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hyperedge {
    pub unit: Unit,
    pub cells: Vec<u16>,
}

/// Cells as vertices, one hyperedge per unit (3n in all).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hypergraph {
    pub size: Size,
    pub hyperedges: Vec<Hyperedge>,
}

impl Hypergraph {
    pub fn new(size: Size) -> Hypergraph {
        let hyperedges = (0..size.unit_count())
            .map(|u| Hyperedge {
                unit: size.unit(u),
                cells: size.unit_cells(u).map(|c| c as u16).collect(),
            })
            .collect();
        Hypergraph { size, hyperedges }
    }

    pub fn vertex_count(&self) -> usize {
        self.size.cells()
    }

    /// The hyperedges containing a cell: its row, column and box.
    pub fn incident(&self, cell: usize) -> impl Iterator<Item = &Hyperedge> {
        self.size
            .units_of(cell)
            .into_iter()
            .map(|u| &self.hyperedges[u])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn graph_counts_for_every_size() {
        for size in Size::ALL {
            let g = Graph::new(size);
            assert_eq!(g.vertex_count(), size.cells());
            assert!((0..size.cells()).all(|v| g.degree(v) == size.peer_count()));
            assert_eq!(g.edge_count(), size.cells() * size.peer_count() / 2);
        }
        let nine = Graph::new(Size::NINE);
        assert_eq!((nine.vertex_count(), nine.edge_count()), (81, 810));
        assert_eq!(nine.degree(40), 20);
        let four = Graph::new(Size::FOUR);
        assert_eq!(four.edge_count(), 56);
    }

    #[test]
    fn hypergraph_counts_for_every_size() {
        for size in Size::ALL {
            let h = Hypergraph::new(size);
            assert_eq!(h.hyperedges.len(), 3 * size.n());
            assert!(h.hyperedges.iter().all(|e| e.cells.len() == size.n()));
            for cell in 0..size.cells() {
                assert_eq!(h.incident(cell).count(), 3);
                assert!(h.incident(cell).all(|e| e.cells.contains(&(cell as u16))));
            }
        }
        assert_eq!(Hypergraph::new(Size::NINE).hyperedges.len(), 27);
    }

    #[test]
    fn edges_are_exactly_the_unit_pairs() {
        let h = Hypergraph::new(Size::NINE);
        let mut pairs = std::collections::BTreeSet::new();
        for e in &h.hyperedges {
            for (i, &a) in e.cells.iter().enumerate() {
                for &b in &e.cells[i + 1..] {
                    pairs.insert((a.min(b), a.max(b)));
                }
            }
        }
        let g = Graph::new(Size::NINE);
        assert_eq!(pairs.into_iter().collect::<Vec<_>>(), g.edges);
    }
}
