//! Colouring: one digit's strong links (units where it has two places) join its candidates into
//! clusters; along a link the digit is in exactly one of the two cells, so each cluster's cells
//! take two colours, and in each cluster one colour holds the digit everywhere, the other nowhere.
//!
//! - Simple colours, wrap: two cells of one colour see each other, so that colour is false and
//!   the digit goes from all its cells.
//! - Simple colours, trap: a cell outside the cluster that sees both colours loses the digit.
//! - Multi-colours (two clusters A and B): a colour of A whose cells see both colours of B is
//!   false; and where a cell of colour a sees one of colour b (not both true), the opposite
//!   colours A' and B' hold one true between them, so a cell seeing both loses the digit.
//!
//! The shorter ones are Skyscrapers, Kites and Turbot Fish, tried before (HoDoKu's order too).

use super::explain::{cells, removals};
use super::{Board, Link, Step, Technique};
use crate::bits::digit_bit;
use crate::grid::{cell_name, digit_char};
use crate::size::{Geometry, Size};

/// One cluster: its cells and their colours (`true` for the first cell's).
struct Cluster {
    cells: Vec<usize>,
    colour: Vec<bool>,
}

impl Cluster {
    /// The cells of one colour.
    fn of(&self, colour: bool) -> impl Iterator<Item = usize> + '_ {
        self.cells
            .iter()
            .zip(&self.colour)
            .filter(move |(_, &c)| c == colour)
            .map(|(&cell, _)| cell)
    }

    fn contains(&self, cell: usize) -> bool {
        self.cells.contains(&cell)
    }

    /// The cluster as chain links, a colour as `on` (how steps carry colours).
    fn links(&self, digit: u8) -> Vec<Link> {
        self.cells
            .iter()
            .zip(&self.colour)
            .map(|(&cell, &on)| Link { cell, digit, on })
            .collect()
    }

    /// Whether some cell of `colour` sees some cell of `other`'s colour `theirs`.
    fn sees(&self, size: Size, colour: bool, other: &Cluster, theirs: bool) -> bool {
        self.of(colour)
            .any(|a| other.of(theirs).any(|b| a != b && size.sees(a, b)))
    }
}

/// The digit's clusters of two cells or more, breadth-first from each cell in reading order.
fn clusters(board: &Board, geometry: &Geometry, digit: u8) -> Vec<Cluster> {
    let cells = board.size().cells();
    let mut partners: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for unit in 0..geometry.units.len() {
        if let [a, b] = board.places(geometry, unit, digit)[..] {
            partners[a].push(b);
            partners[b].push(a);
        }
    }
    let mut seen = vec![false; cells];
    let mut found = Vec::new();
    for first in 0..cells {
        if seen[first] || partners[first].is_empty() {
            continue;
        }
        seen[first] = true;
        let mut cluster = Cluster {
            cells: vec![first],
            colour: vec![true],
        };
        let mut next = 0;
        while next < cluster.cells.len() {
            let (cell, colour) = (cluster.cells[next], cluster.colour[next]);
            for &p in &partners[cell] {
                if !seen[p] {
                    seen[p] = true;
                    cluster.cells.push(p);
                    cluster.colour.push(!colour);
                }
            }
            next += 1;
        }
        found.push(cluster);
    }
    found
}

/// The digit's candidates outside `skip` that see a cell of each list.
fn seeing_both(
    board: &Board,
    digit: u8,
    first: &[usize],
    second: &[usize],
    skip: impl Fn(usize) -> bool,
) -> Vec<(usize, u8)> {
    let size = board.size();
    let sees_any = |c: usize, list: &[usize]| list.iter().any(|&l| l != c && size.sees(c, l));
    (0..size.cells())
        .filter(|&c| board.candidates(c) & digit_bit(digit) != 0 && !skip(c))
        .filter(|&c| sees_any(c, first) && sees_any(c, second))
        .map(|c| (c, digit))
        .collect()
}

fn step(
    technique: Technique,
    digit: u8,
    parts: &[&Cluster],
    eliminations: Vec<(usize, u8)>,
) -> Step {
    Step {
        technique,
        placements: Vec::new(),
        eliminations,
        pattern: parts.iter().flat_map(|c| c.cells.iter().copied()).collect(),
        units: Vec::new(),
        digits: vec![digit],
        chains: parts.iter().map(|c| c.links(digit)).collect(),
        complexity: 0,
    }
}

/// Simple colours: the first cluster with a wrap (its false colour's cells) or a trap.
pub fn simple_colours(board: &Board, geometry: &Geometry) -> Option<Step> {
    let size = board.size();
    for digit in 1..=size.n() as u8 {
        for cluster in clusters(board, geometry, digit) {
            for colour in [true, false] {
                if cluster.sees(size, colour, &cluster, colour) {
                    let gone = cluster.of(colour).map(|c| (c, digit)).collect();
                    return Some(step(Technique::SimpleColours, digit, &[&cluster], gone));
                }
            }
            let (on, off): (Vec<usize>, Vec<usize>) =
                (cluster.of(true).collect(), cluster.of(false).collect());
            let trapped = seeing_both(board, digit, &on, &off, |c| cluster.contains(c));
            if !trapped.is_empty() {
                return Some(step(Technique::SimpleColours, digit, &[&cluster], trapped));
            }
        }
    }
    None
}

/// Multi-colours: the first two clusters of a digit where a colour of one sees both colours of
/// the other, or a colour of each sees the other's.
pub fn multi_colours(board: &Board, geometry: &Geometry) -> Option<Step> {
    let size = board.size();
    for digit in 1..=size.n() as u8 {
        let found = clusters(board, geometry, digit);
        for (i, a) in found.iter().enumerate() {
            for (j, b) in found.iter().enumerate().filter(|&(j, _)| j != i) {
                for ours in [true, false] {
                    if a.sees(size, ours, b, true) && a.sees(size, ours, b, false) {
                        let gone = a.of(ours).map(|c| (c, digit)).collect();
                        return Some(step(Technique::MultiColours, digit, &[a, b], gone));
                    }
                    for theirs in [true, false] {
                        if j < i || !a.sees(size, ours, b, theirs) {
                            continue;
                        }
                        let (a_rest, b_rest): (Vec<usize>, Vec<usize>) =
                            (a.of(!ours).collect(), b.of(!theirs).collect());
                        let skip = |c: usize| a_rest.contains(&c) || b_rest.contains(&c);
                        let trapped = seeing_both(board, digit, &a_rest, &b_rest, skip);
                        if !trapped.is_empty() {
                            return Some(step(Technique::MultiColours, digit, &[a, b], trapped));
                        }
                    }
                }
            }
        }
    }
    None
}

/// A colouring step in words: "simple colours on 4: its only two places in units join its cells
/// in turns, so one colour holds 4 and the other does not: (r1c1, r5c7) or (r1c7, r5c3). r2c3
/// sees both colours, so remove 4 from r2c3".
pub(super) fn words(size: Size, step: &Step) -> String {
    let digit = digit_char(size, step.digits[0]);
    let colour = |chain: &[Link], on: bool| -> Vec<usize> {
        chain
            .iter()
            .filter(|l| l.on == on)
            .map(|l| l.cell)
            .collect()
    };
    let groups: Vec<String> = step
        .chains
        .iter()
        .map(|chain| {
            format!(
                "({}) or ({})",
                cells(size, &colour(chain, true)),
                cells(size, &colour(chain, false))
            )
        })
        .collect();
    let removed: Vec<usize> = step.eliminations.iter().map(|&(c, _)| c).collect();
    let wrapped = step
        .chains
        .iter()
        .flat_map(|chain| [colour(chain, true), colour(chain, false)])
        .any(|cells| cells == removed);
    let why = match (wrapped, step.chains.len()) {
        (true, 1) => {
            let (a, b) = removed
                .iter()
                .flat_map(|&a| removed.iter().map(move |&b| (a, b)))
                .find(|&(a, b)| a < b && size.sees(a, b))
                .unwrap_or((removed[0], removed[0]));
            format!(
                "{} and {} have one colour and see each other, so that colour is false",
                cell_name(size, a),
                cell_name(size, b)
            )
        }
        (true, _) => "Cells of one colour of the first group see both colours of the second, so \
                      that colour is false"
            .to_string(),
        (false, 1) => "The cells that see both colours cannot hold it".to_string(),
        (false, _) => "A cell of one group sees a cell of the other, so one of the two colours \
                       opposite theirs holds it, and the cells that see both of those cannot"
            .to_string(),
    };
    let (first, rest) = groups.split_first().expect("a colouring step has a group");
    let second = rest
        .iter()
        .map(|g| format!("; in a second group, {g}"))
        .collect::<String>();
    format!(
        "{} on {digit}: its only two places in units join its cells in turns, so one colour \
         holds {digit} and the other does not: {first}{second}. {why}, so {}",
        step.technique.name(),
        removals(size, &step.eliminations)
    )
}
