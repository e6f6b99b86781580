//! The exact test of one removal, for grids where counting solutions can take long (25×25): one
//! SAT formula of the rules alone serves every test of one solution's puzzles, the givens
//! assumed rather than added, so what the solver learns from one test helps the next.
//!
//! Why a removal can be tested without counting: the puzzle `P` has one solution `S`. Emptying
//! the orbit `O` leaves `P − O`; any solution of `P − O` that agrees with `S` on `O` solves `P`,
//! so is `S`. Hence `P − O` is unique exactly when no solution of the rules has `P − O`'s givens
//! and differs from `S` somewhere in `O` — one satisfiability question, whose "differs in `O`"
//! clause is short (one to four cells) and prunes far more than "is not `S`" would.

use crate::bits::digit_bit;
use crate::exact::sat::cdcl::{Answer, Cdcl, Lit, Silent};
use crate::exact::sat::{cnf, Sat};
use crate::grid::Grid;
use crate::logic::{Board, Ended, Technique};
use crate::size::{Geometry, Size};

/// Tests of "does the puzzle stay unique without these givens?" for the puzzles of one solution.
pub struct RemovalTest {
    size: Size,
    solution: Vec<u8>,
    solver: Cdcl,
    /// The next spare variable for an orbit's "differs here" clause.
    next_selector: u32,
    end_selector: u32,
    assumptions: Vec<Lit>,
    geometry: Geometry,
    /// The conflicts before the techniques are asked ([`FIRST_CONFLICTS`]; tests lower it).
    first_conflicts: u64,
}

impl RemovalTest {
    /// Ready to test puzzles of `solution`; `orbits` bounds how many orbits of more than one
    /// cell will be tested (each needs a selector variable).
    pub fn new(solution: &Grid, orbits: usize) -> RemovalTest {
        let size = solution.size();
        // A test ends only with its answer: those of generated 25×25 puzzles take seconds at
        // most (BENCHMARKS), and an unfinished one could only keep a given the puzzle can lose.
        let sat = Sat::default();
        let empty = Grid::empty(size);
        let mut solver = sat.load_with_spare(&empty, orbits);
        // Another solution of a puzzle one given short of unique differs from this one on a
        // few cells only (an unavoidable set through the emptied cell): search near it, each
        // cell deciding its digit here first.
        for cell in 0..size.cells() {
            for d in 1..=size.n() as u8 {
                solver.set_polarity(cnf::cell_var(size, cell, d), d == solution.get(cell));
            }
        }
        let first = (size.cells() * size.n()) as u32;
        RemovalTest {
            size,
            solution: solution.values().to_vec(),
            next_selector: first,
            end_selector: first + orbits as u32,
            solver,
            assumptions: Vec::new(),
            geometry: Geometry::new(size),
            first_conflicts: FIRST_CONFLICTS,
        }
    }

    /// Whether `trial` (a puzzle of the solution with one solution, its orbit `emptied` just
    /// emptied) still has one solution; `false` when it has another.
    ///
    /// SAT first, within [`FIRST_CONFLICTS`]; past them the techniques up to XY-Chain work on
    /// the puzzle (with "not the solution's digit" in a lone emptied cell), and SAT goes on with
    /// every candidate they removed assumed gone: a tenth less time over generated 25×25
    /// puzzles (BENCHMARKS), the few long tests being where the eliminations pay.
    pub fn stays_unique(&mut self, trial: &Grid, emptied: &[usize]) -> bool {
        let size = self.size;
        self.assumptions.clear();
        let differs = |cell: usize| Lit::new(cnf::cell_var(size, cell, self.solution[cell]), false);
        let selector = match emptied {
            [] => return true,
            [cell] => {
                self.assumptions.push(differs(*cell));
                None
            }
            cells => {
                assert!(
                    self.next_selector < self.end_selector,
                    "more orbits tested than announced"
                );
                let selector = Lit::new(self.next_selector, true);
                self.next_selector += 1;
                let clause: Vec<Lit> = std::iter::once(!selector)
                    .chain(cells.iter().map(|&c| differs(c)))
                    .collect();
                self.solver.add_clause(&clause);
                self.assumptions.push(selector);
                Some(selector)
            }
        };
        self.assumptions.extend(
            (0..size.cells())
                .filter(|&c| trial.get(c) != 0)
                .map(|c| Lit::new(cnf::cell_var(size, c, trial.get(c)), true)),
        );
        self.solver.set_max_conflicts(self.first_conflicts);
        let mut answer = self.solver.solve_assuming(&self.assumptions, &mut Silent);
        if answer == Answer::Budget {
            self.solver.set_max_conflicts(0);
            answer = match self.by_logic(trial, emptied) {
                Deduced::Unique => Answer::Unsatisfiable,
                Deduced::Another => Answer::Satisfiable,
                Deduced::Stuck(board) => {
                    // The orbit's literal stays; the givens give way to the board they led to.
                    self.assumptions.truncate(1);
                    self.assumptions.extend(known(&board));
                    self.solver.solve_assuming(&self.assumptions, &mut Silent)
                }
            };
        }
        if let Some(selector) = selector {
            // The orbit's clause is of no more use: satisfied for good, it is dropped.
            self.solver.add_clause(&[!selector]);
        }
        answer == Answer::Unsatisfiable
    }

    /// The techniques up to XY-Chain (without Sudoku Explainer's direct steps) on `trial`, with
    /// a lone emptied cell's solution digit removed: each of their steps holds in every solution
    /// of what they start from, so a contradiction or a solved board is an answer.
    fn by_logic(&self, trial: &Grid, emptied: &[usize]) -> Deduced {
        let geometry = &self.geometry;
        let Ok(mut board) = Board::new(trial, geometry) else {
            return Deduced::Unique;
        };
        let lone = match emptied {
            [cell] => {
                board.eliminate(*cell, self.solution[*cell]);
                if board.check(geometry).is_err() {
                    return Deduced::Unique;
                }
                true
            }
            _ => false,
        };
        let allowed = |t: Technique| t <= Technique::XyChain && !t.is_direct();
        match board.solve_by(geometry, &allowed, |_| {}) {
            Ended::Stuck => return Deduced::Stuck(board),
            Ended::Contradiction => return Deduced::Unique,
            Ended::Solved => {}
        }
        // Solved: the one solution of what the techniques started from — another one when the
        // lone cell's digit was taken out, else the puzzle's own (so it is unique).
        if lone {
            Deduced::Another
        } else {
            Deduced::Unique
        }
    }
}

/// The conflicts a test may take before the techniques are asked to narrow it.
const FIRST_CONFLICTS: u64 = 1_000;

/// What the techniques made of one test.
enum Deduced {
    Unique,
    Another,
    Stuck(Board),
}

/// A board's placements and its removed candidates, as literals.
fn known(board: &Board) -> impl Iterator<Item = Lit> + '_ {
    let size = board.size();
    (0..size.cells()).flat_map(move |cell| {
        let (value, candidates) = (board.values()[cell], board.candidates(cell));
        (1..=size.n() as u8).filter_map(move |d| {
            if value == d {
                Some(Lit::new(cnf::cell_var(size, cell, d), true))
            } else if value == 0 && candidates & digit_bit(d) == 0 {
                Some(Lit::new(cnf::cell_var(size, cell, d), false))
            } else {
                None
            }
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::count_solutions;
    use crate::generate::{random_solution, Symmetry};
    use rand::seq::SliceRandom;
    use rand::SeedableRng;

    /// Against counting, on every removal of random puzzles of 9×9 and 16×16 grids, one cell and
    /// whole orbits: the test says "unique" exactly when the count is one — by SAT alone, and
    /// with the techniques asked after one conflict.
    #[test]
    fn agrees_with_counting() {
        agrees_with_counting_after(FIRST_CONFLICTS);
        agrees_with_counting_after(1);
    }

    fn agrees_with_counting_after(first_conflicts: u64) {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(46);
        let (mut unique, mut not) = (0, 0);
        for (size, symmetry, keep) in [
            (Size::NINE, Symmetry::None, 30),
            (Size::NINE, Symmetry::Rotate90, 36),
            (Size::SIXTEEN, Symmetry::Rotate180, 130),
        ] {
            let solution = random_solution(size, &mut rng);
            // A unique puzzle with many givens to take away from.
            let mut cells: Vec<usize> = (0..size.cells()).collect();
            cells.shuffle(&mut rng);
            let mut values = solution.values().to_vec();
            for &c in &cells[keep..] {
                values[c] = 0;
            }
            let mut puzzle = Grid::from_givens(size, &values).unwrap();
            if !count_solutions(&puzzle, 2).is_unique() {
                puzzle = solution.clone();
            }
            let mut test = RemovalTest::new(&solution, size.cells());
            test.first_conflicts = first_conflicts;
            let givens: Vec<usize> = (0..size.cells()).filter(|&c| puzzle.get(c) != 0).collect();
            for cell in givens {
                if puzzle.get(cell) == 0 {
                    continue;
                }
                let orbit: Vec<usize> = symmetry
                    .orbit(size, cell)
                    .into_iter()
                    .filter(|&c| puzzle.get(c) != 0)
                    .collect();
                let mut trial = puzzle.values().to_vec();
                for &c in &orbit {
                    trial[c] = 0;
                }
                let trial = Grid::from_givens(size, &trial).unwrap();
                let counted = count_solutions(&trial, 2).is_unique();
                assert_eq!(
                    test.stays_unique(&trial, &orbit),
                    counted,
                    "{size} {symmetry:?} without {orbit:?}: {}",
                    puzzle.to_line()
                );
                if counted {
                    unique += 1;
                    // Take it away for good, as the generator does.
                    puzzle = trial;
                } else {
                    not += 1;
                }
            }
        }
        assert!(unique > 10 && not > 10, "{unique} unique, {not} not");
    }
}
