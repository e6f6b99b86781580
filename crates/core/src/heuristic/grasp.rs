//! GRASP with hill climbing (after Takano, de Freitas & de Sá).
//!
//! Each iteration builds a grid greedily at random and improves it by hill climbing; the best grid
//! is kept and the run stops at cost 0 or after `max_iterations` iterations.
//!
//! - Construction: the candidates are every insertion (empty cell c, digit d missing from c's box);
//!   the greedy cost of one is how many times d already appears in c's row and column. The
//!   candidates are sorted by cost, the best α share of them (at least one) form the restricted
//!   candidate list, one is drawn uniformly and placed; repeat until the grid is full. Since only
//!   digits missing from the box are inserted, every box ends as a permutation (the givens fixed).
//! - Local search: steepest-descent hill climbing over swaps of two free cells of one box: take the
//!   swap that lowers the cost most, stop when none lowers it (plateau moves are not taken).
//! - Cost (the paper's): digits missing over all rows and columns, 0 exactly on a solution.
//!
//! Where the description is silent: the RCL is cardinality-based (the best ⌈α·|candidates|⌉,
//! ties broken by cell then digit order before the draw), α defaults to 0.3, and an iteration
//! counts one construction plus its local search.
//!
//! `grasp-alldiff` (our variant) filters first, as the tabu paper's alldiff-TS does: alldifferent
//! (GAC) filtering of the givens; the cells it settles are fixed, a wipe-out proves there is no
//! solution; candidates are only (cell, digit) pairs of the filtered domains (any digit the box
//! lacks once no such pair is left), and the hill climbing only takes swaps that keep both digits
//! in their new cells' domains.

use crate::words::prose;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::allowed::{allowed_digits, Domains};
use super::blockfill::{BlockFill, Blocks, FreeCells};
use crate::bits::digit_bit;
use crate::grid::Grid;
use crate::pseudocode::{line, step, Line, Mark};
use crate::solve::{Halt, Limits, Outcome, Solver, Tracker};
use crate::spec::{
    max_iterations, Args, Branching, Family, IntParam, RealParam, Spec, WorkCounter,
};
use crate::trace::{Event, Observer, Reason, Rule};

/// GRASP: randomised greedy construction + hill climbing, repeated.
#[derive(Clone, Debug)]
pub struct Grasp {
    /// Share of the candidates (best first) that enter the restricted candidate list, in (0, 1].
    pub alpha: f64,
    /// Constructions (each followed by a local search) at most.
    pub max_iterations: u64,
    /// Which digits each cell may take: any its box lacks (the paper), or its alldifferent-filtered
    /// domain (`grasp-alldiff`).
    pub domains: Domains,
    pub seed: u64,
}

impl Default for Grasp {
    fn default() -> Self {
        Grasp {
            alpha: ALPHA.default,
            max_iterations: MAX_ITERATIONS.default as u64,
            domains: Domains::Any,
            seed: 0,
        }
    }
}

impl Grasp {
    /// The greedy randomised construction from the givens and the cells filtering `fixed`; each
    /// cell takes a digit of its domain (`allowed`) while its box still lacks one. Reports each
    /// placement.
    fn construct<R: Rng, O: Observer + ?Sized>(
        &self,
        (puzzle, fixed, allowed): (&Grid, &Grid, &[u32]),
        rng: &mut R,
        tracker: &mut Tracker<'_, O>,
    ) -> Result<BlockFill, Halt> {
        let size = puzzle.size();
        for c in (0..size.cells()).filter(|&c| puzzle.get(c) != fixed.get(c)) {
            tracker.assign(c, fixed.get(c), Reason::FILTERED)?;
        }
        let puzzle = fixed;
        let mut fill = BlockFill::givens(puzzle, Blocks::Boxes);
        let missing: Vec<Vec<u8>> = (0..size.n()).map(|b| fill.missing_in_block(b)).collect();
        // Digits placed by this construction so far, per box.
        let mut placed = vec![0u32; size.n()];
        let mut empty: Vec<usize> = (0..size.cells()).filter(|&c| puzzle.get(c) == 0).collect();
        let mut candidates: Vec<(u32, usize, u8)> = Vec::new();
        while !empty.is_empty() {
            // Pairs of the domains; once none is left, any digit the box lacks.
            for within_domains in [true, false] {
                candidates.clear();
                for &c in &empty {
                    let b = size.box_of(c);
                    for &d in &missing[b] {
                        let open = placed[b] & digit_bit(d) == 0;
                        if open && (!within_domains || allowed[c] & digit_bit(d) != 0) {
                            candidates.push((fill.repetitions(c, d), c, d));
                        }
                    }
                }
                if !candidates.is_empty() {
                    break;
                }
            }
            candidates.sort_unstable();
            let rcl =
                ((self.alpha * candidates.len() as f64).ceil() as usize).clamp(1, candidates.len());
            let (_, cell, digit) = candidates[rng.random_range(0..rcl)];
            fill.place(cell, digit);
            placed[size.box_of(cell)] |= digit_bit(digit);
            empty.retain(|&c| c != cell);
            tracker.assign(cell, digit, Reason::STEP)?;
        }
        fill.recompute_cost();
        Ok(fill)
    }

    /// Steepest-descent hill climbing over in-box swaps that keep both digits in their new cells'
    /// domains; reports each swap taken.
    fn climb<O: Observer + ?Sized>(
        fill: &mut BlockFill,
        free: &FreeCells,
        allowed: &[u32],
        tracker: &mut Tracker<'_, O>,
    ) -> Result<(), Halt> {
        let fits = |fill: &BlockFill, a: usize, b: usize| {
            let (va, vb) = (fill.values()[a], fill.values()[b]);
            allowed[a] & digit_bit(vb) != 0 && allowed[b] & digit_bit(va) != 0
        };
        while fill.cost() > 0 {
            let mut best: Option<(i32, usize, usize)> = None;
            for cells in &free.by_block {
                for (i, &a) in cells.iter().enumerate() {
                    for &b in &cells[i + 1..] {
                        let delta = fill.swap_delta(a, b);
                        if delta < 0 && best.is_none_or(|(d, _, _)| delta < d) && fits(fill, a, b) {
                            best = Some((delta, a, b));
                        }
                    }
                }
            }
            let Some((_, a, b)) = best else {
                return Ok(()); // a local optimum
            };
            fill.swap(a, b);
            tracker.emit(Event::Swap {
                a: a as u16,
                b: b as u16,
            })?;
        }
        Ok(())
    }
}

impl Solver for Grasp {
    fn solve<O: Observer + ?Sized>(&mut self, puzzle: &Grid, observer: &mut O) -> Outcome {
        let mut rng = Pcg64Mcg::seed_from_u64(self.seed);
        let mut tracker = Tracker::new(observer, Limits::iterations(self.max_iterations));
        if !puzzle.conflicts().is_empty() {
            return tracker.finish(puzzle, Ok(None));
        }
        let Some((fixed, allowed)) = allowed_digits(puzzle, self.domains) else {
            // Alldifferent filtering refutes the givens: a proof that no solution exists.
            return tracker.finish(puzzle, Ok(None));
        };
        let free = FreeCells::new(&fixed, Blocks::Boxes);
        let free_count = free.count() as u32;
        let result = (|| -> Result<Vec<u8>, Halt> {
            let mut best = u32::MAX;
            loop {
                tracker.iteration()?;
                let iteration = tracker.stats.iterations;
                if iteration > 1 {
                    tracker.stats.restarts += 1;
                    tracker.emit(Event::Restart {
                        attempt: iteration as u32,
                        progress: free_count,
                        stuck: None,
                    })?;
                }
                let mut fill =
                    self.construct((puzzle, &fixed, &allowed), &mut rng, &mut tracker)?;
                Grasp::climb(&mut fill, &free, &allowed, &mut tracker)?;
                best = best.min(fill.cost());
                tracker.improved(fill.cost());
                tracker.emit(Event::Iteration {
                    iteration: iteration as u32,
                    cost: fill.cost(),
                    best,
                })?;
                if fill.cost() == 0 {
                    return Ok(fill.values().to_vec());
                }
            }
        })();
        tracker.finish_found(puzzle, result)
    }
}

const ALPHA: RealParam = RealParam {
    name: "alpha",
    description: prose("Share of the candidates, best first, in the restricted candidate list (0 = pure greedy, 1 = pure random)."),
    min: 0.0,
    max: 1.0,
    default: 0.3,
};
const MAX_ITERATIONS: IntParam = max_iterations(10_000);

/// GRASP: greedy randomised construction, then hill climbing, repeated.
pub const PSEUDOCODE: &[Line] = &[
    line(0, "GRASP(grid):"),
    line(1, "repeat max_iterations times:"),
    step(2, "start again from the givens", &[Mark::Restart]),
    step(
        2,
        "(grasp-alldiff) the cells alldifferent filtering settles take their digit",
        &[Mark::Assign(Rule::Filtered)],
    ),
    line(2, "while a box has an empty cell:"),
    line(
        3,
        "candidates ← (cell, digit) not yet in the box (grasp-alldiff: in the cell's domain), by row/column repeats",
    ),
    step(
        3,
        "place one drawn from the best α share (the RCL)",
        &[Mark::Assign(Rule::Step)],
    ),
    line(
        2,
        "while an in-box swap lowers the cost (digits missing per row and column):",
    ),
    step(
        3,
        "make the best such swap (grasp-alldiff: within the domains)",
        &[Mark::Swap],
    ),
    step(
        2,
        "best ← min(best, cost); cost 0: return solved",
        &[Mark::Iteration],
    ),
    line(1, "return gave up"),
];

/// The registry's entry.
pub const SPEC: Spec = Spec {
    id: "grasp",
    name: "GRASP with hill climbing",
    family: Family::Heuristic,
    description: prose("Random greedy fill from a restricted candidate list (fewest row/column repeats), then hill climbing over in-box swaps; repeated, best kept (Takano, de Freitas & de Sá)."),
    params: &[ALPHA.spec(), MAX_ITERATIONS.spec()],
    budget: Some(MAX_ITERATIONS.name),
    pseudocode: PSEUDOCODE,
    counters: &[WorkCounter::Iterations, WorkCounter::Restarts, WorkCounter::Propagations],
    check: None,
    branching: Branching::Cell,
};

/// The algorithm in plain words, for newcomers (the help page, `sudoku list`).
pub const IN_PLAIN_WORDS: &str = "Builds a full grid greedily, each digit drawn at random among the few that cause the fewest clashes, then improves it by swapping cells inside boxes while that helps. It repeats this many times and keeps the best grid.";

/// The registry's entry for our variant.
pub const ALLDIFF: Spec = Spec {
    id: "grasp-alldiff",
    name: "GRASP over alldifferent-filtered domains",
    family: Family::Heuristic,
    description: prose("GRASP after alldifferent (GAC) filtering: settled cells fixed, the greedy fill and the in-box swaps kept within the filtered domains (alldifferent inside GRASP, as the tabu paper suggests)."),
    params: &[ALPHA.spec(), MAX_ITERATIONS.spec()],
    budget: Some(MAX_ITERATIONS.name),
    pseudocode: PSEUDOCODE,
    counters: &[WorkCounter::Iterations, WorkCounter::Restarts, WorkCounter::Propagations],
    check: None,
    branching: Branching::Cell,
};

/// The algorithm (alldiff) in plain words, for newcomers (the help page, `sudoku list`).
pub const ALLDIFF_IN_PLAIN_WORDS: &str = "The same GRASP after \"all different\" reasoning has removed impossible digits: building and swapping use only digits that can still fit.";

impl Grasp {
    pub fn from_args(args: &Args) -> Grasp {
        Grasp {
            alpha: ALPHA.read(args),
            max_iterations: MAX_ITERATIONS.read(args).max(1) as u64,
            domains: Domains::Any,
            seed: args.seed,
        }
    }

    pub fn alldiff(args: &Args) -> Grasp {
        Grasp {
            domains: Domains::AllDifferent,
            ..Grasp::from_args(args)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::test_support::*;

    #[test]
    fn solves_an_easy_puzzle_and_replays() {
        let puzzle: Grid = EASY.parse().unwrap();
        let grasp = Grasp {
            seed: 1,
            ..Grasp::default()
        };
        solves_and_replays(grasp, &puzzle);
    }

    #[test]
    fn gives_up_within_its_budget_and_repeats_with_a_seed() {
        // Norvig's hardest: a few GRASP iterations are not enough.
        let puzzle: Grid = HARDEST.parse().unwrap();
        let grasp = || Grasp {
            max_iterations: 20,
            seed: 5,
            ..Grasp::default()
        };
        gives_up_the_same_way(grasp, &puzzle, 20);
    }

    #[test]
    fn the_alldiff_variant_solves_with_filtered_domains_and_replays() {
        // s12b of Mantere & Koljonen's set: filtering leaves 29 % of its domains open.
        let puzzle: Grid =
            "38..........4..785..9.2.3...6..9....8..3.2..9....4..7...1.7.5..495..6..........92"
                .parse()
                .unwrap();
        let grasp = Grasp {
            domains: Domains::AllDifferent,
            seed: 3,
            ..Grasp::default()
        };
        let (outcome, _) = solves_and_replays(grasp, &puzzle);
        assert!(outcome.stats.iterations >= 1);
    }
}
