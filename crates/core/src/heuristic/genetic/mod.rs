//! Genetic algorithm (Miloradović & Jačović 2020).
//!
//! A chromosome is the grid as n blocks of n genes. The paper's blocks are read as the rows ("the
//! crossover must contain at least one row and at most eight", cycle crossover because "rows …
//! are permutations"), though it also names its "9 blocks of 9 numbers" beside "9 columns and 9
//! rows", which reads as boxes: both readings run (`blocks`). Each row is filled with its missing digits, each free cell drawing from
//! the digits the givens leave it, so blocks are always permutations and givens stay fixed.
//! `blocks = boxes` with `domains = any` is the box reading this module had before (random boxes,
//! unconstrained swaps).
//!
//! - Fitness: the distinct digits of every row, column and box over their maximum 3n², in (0, 1];
//!   1 exactly on a solution. (Blocks are always complete, so this is 1 − cost / 3n² with the
//!   block model's cost: digits missing from each unit of the two other kinds.)
//! - Selection: a tournament of two — two individuals drawn at random, the fitter becomes a parent
//!   with probability `selection_rate` (0.85), the other one otherwise.
//! - Crossover: two cut points on block boundaries choose a run of 1 to n − 1 consecutive blocks;
//!   outside it each child copies its own parent's blocks, inside it each block is the cycle
//!   crossover of the two parents' blocks (the child keeps its parent's digits on the cycle that
//!   starts at the block's first free cell and alternates parents cycle by cycle), so blocks stay
//!   permutations and givens stay fixed (they are cycles of one cell).
//! - Mutation: with probability `mutation_rate`, a child swaps two free genes of one random block,
//!   never moving a digit into a cell whose domain lacks it (with `domains = givens`: a column or
//!   box where it is given); a few random pairs are tried. (`mutation_scope = gene`: each free gene
//!   swaps within its block with probability `mutation_rate`.)
//! - Elitism: the best `elite` individuals pass unchanged; children fill the rest of the population.
//!
//! `genetic-alldiff` is the same GA over alldifferent-filtered domains (the tabu paper's "future
//! work": alldifferent inside other metaheuristics): GAC filtering first — cells it leaves one
//! digit become fixed like givens, a wipe-out proves there is no solution — then genes take, and
//! mutations move, only digits of the filtered domains.
//!
//! Defaults are the paper's figures: population 200, 1,000 generations, elite 120, mutation 0.5.
//! The lab's readings where the description is silent or loose: crossover is applied to every
//! pair of parents (no crossover rate), each pair gives two children, the mutation probability is
//! applied once per child (the paper's text puts it on each gene: `mutation_scope = gene`), and a
//! swap stays inside a block and within the digits the givens allow.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::allowed::allowed_digits;
pub use super::allowed::Domains;
pub use super::blockfill::Blocks;
use super::blockfill::{other_index, BlockFill, FreeCells};
use crate::bits::digit_bit;
use crate::grid::Grid;
use crate::solve::{Halt, Iteration, Limits, Outcome, Solver, Tracker};
use crate::trace::{Event, Observer, Reason};

/// What `mutation_rate` applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MutationScope {
    /// The lab's reading (the default): a child gets one swap inside a random block with
    /// probability `mutation_rate`.
    Child,
    /// What the paper's text states ("a gene is mutated with probability mutation_rate"): every
    /// free gene is swapped with another free gene of its block with that probability (the
    /// paper's swap takes two genes anywhere on the chromosome; within the block here, so blocks
    /// stay permutations). At the paper's 0.5 it swaps about half the free genes of every child.
    Gene,
}

/// Random pairs a mutation tries before it gives up on a child.
const MUTATION_TRIES: usize = 20;

/// The genetic algorithm's parameters.
#[derive(Clone, Debug)]
pub struct Genetic {
    /// The permutation blocks: rows (the lab's reading of the paper, the default) or boxes.
    pub blocks: Blocks,
    pub domains: Domains,
    pub population: usize,
    /// Generations at most.
    pub generations: u64,
    /// Individuals copied unchanged into the next generation (kept below the population).
    pub elite: usize,
    /// Probability of a swap mutation, per child or per gene (see `mutation_scope`).
    pub mutation_rate: f64,
    pub mutation_scope: MutationScope,
    /// Probability that the fitter of two drawn individuals wins the tournament.
    pub selection_rate: f64,
    pub seed: u64,
}

impl Default for Genetic {
    fn default() -> Self {
        Genetic {
            blocks: BLOCKS.values[BLOCKS.default],
            domains: DOMAINS.values[DOMAINS.default],
            population: POPULATION.default as usize,
            generations: MAX_ITERATIONS.default as u64,
            elite: ELITE.default as usize,
            mutation_rate: MUTATION_RATE.default,
            mutation_scope: MUTATION_SCOPE.values[MUTATION_SCOPE.default],
            selection_rate: SELECTION_RATE.default,
            seed: 0,
        }
    }
}

/// Fitness of a box-complete grid: distinct digits per row, column and box over 3n².
pub fn fitness(individual: &BlockFill) -> f64 {
    let n = individual.size().n() as f64;
    1.0 - individual.cost() as f64 / (3.0 * n * n)
}

/// Cycle crossover of one block: the child takes `own`'s digits on the cycles of even rank (the
/// first one starts at the block's first cell) and `other`'s on the others.
fn cycle_crossover(own: &[u8], other: &[u8], child: &mut [u8]) {
    let len = own.len();
    let mut done = vec![false; len];
    let mut rank = 0;
    for start in 0..len {
        if done[start] {
            continue;
        }
        let source = if rank % 2 == 0 { own } else { other };
        let mut i = start;
        loop {
            done[i] = true;
            child[i] = source[i];
            // Follow the cycle: the position in `own` holding the digit `other` has at i.
            let next = own
                .iter()
                .position(|&v| v == other[i])
                .expect("blocks are permutations");
            if done[next] {
                break;
            }
            i = next;
        }
        rank += 1;
    }
}

impl Genetic {
    /// Swap mutation inside blocks, per child or per gene; a swap must keep both digits in
    /// their new cells' domains (`allowed`).
    fn mutate<R: Rng>(
        &self,
        child: &mut BlockFill,
        free: &FreeCells,
        allowed: &[u32],
        rng: &mut R,
    ) {
        let rate = self.mutation_rate.clamp(0.0, 1.0);
        let fits = |child: &BlockFill, x: usize, y: usize| {
            let (vx, vy) = (child.values()[x], child.values()[y]);
            allowed[x] & digit_bit(vy) != 0 && allowed[y] & digit_bit(vx) != 0
        };
        match self.mutation_scope {
            MutationScope::Child => {
                if rng.random_bool(rate) {
                    for _ in 0..MUTATION_TRIES {
                        let Some((x, y)) = free.random_pair(rng) else {
                            break;
                        };
                        if fits(child, x, y) {
                            child.swap(x, y);
                            break;
                        }
                    }
                }
            }
            MutationScope::Gene => {
                for cells in free.by_block.iter().filter(|cells| cells.len() >= 2) {
                    for i in 0..cells.len() {
                        if rng.random_bool(rate) {
                            let j = cells[other_index(cells.len(), i, rng)];
                            if fits(child, cells[i], j) {
                                child.swap(cells[i], j);
                            }
                        }
                    }
                }
            }
        }
    }

    /// Tournament of two: the fitter of two random individuals with probability `selection_rate`.
    fn select<R: Rng>(&self, costs: &[u32], rng: &mut R) -> usize {
        let a = rng.random_range(0..costs.len());
        let b = rng.random_range(0..costs.len());
        let (fitter, weaker) = if costs[a] <= costs[b] { (a, b) } else { (b, a) };
        if rng.random_bool(self.selection_rate.clamp(0.0, 1.0)) {
            fitter
        } else {
            weaker
        }
    }

    /// Two children of two parents: block-boundary two-point crossover with cycle crossover inside.
    fn crossover<R: Rng>(
        puzzle: &Grid,
        blocks: &[Vec<usize>],
        a: &BlockFill,
        b: &BlockFill,
        rng: &mut R,
    ) -> (Vec<u8>, Vec<u8>) {
        let n = blocks.len();
        let (mut first, mut second) = (a.values().to_vec(), b.values().to_vec());
        if n < 2 {
            return (first, second);
        }
        // A run [lo, hi) of 1..=n-1 whole blocks.
        let length = rng.random_range(1..n);
        let lo = rng.random_range(0..=n - length);
        let (mut own, mut other, mut child) = (Vec::new(), Vec::new(), vec![0u8; n]);
        for cells in &blocks[lo..lo + length] {
            own.clear();
            other.clear();
            own.extend(cells.iter().map(|&c| a.values()[c]));
            other.extend(cells.iter().map(|&c| b.values()[c]));
            cycle_crossover(&own, &other, &mut child);
            for (&c, &v) in cells.iter().zip(&child) {
                first[c] = v;
            }
            cycle_crossover(&other, &own, &mut child);
            for (&c, &v) in cells.iter().zip(&child) {
                second[c] = v;
            }
        }
        debug_assert!((0..first.len()).all(|c| puzzle.get(c) == 0 || first[c] == puzzle.get(c)));
        (first, second)
    }
}

impl Solver for Genetic {
    fn solve<O: Observer + ?Sized>(&mut self, puzzle: &Grid, observer: &mut O) -> Outcome {
        let mut rng = Pcg64Mcg::seed_from_u64(self.seed);
        let mut tracker = Tracker::new(
            observer,
            Limits::iterations(self.generations).counted_in(Iteration::Generation),
        );
        if !puzzle.conflicts().is_empty() {
            return tracker.finish(puzzle, Ok(None));
        }
        let Some((fixed, allowed)) = allowed_digits(puzzle, self.domains) else {
            // Alldifferent filtering refutes the givens: a proof that no solution exists.
            return tracker.finish(puzzle, Ok(None));
        };
        let size = puzzle.size();
        let population_size = self.population.max(2);
        let elite = self.elite.min(population_size - 1);
        let free = FreeCells::new(&fixed, self.blocks);
        let blocks: Vec<Vec<usize>> = (0..size.n())
            .map(|b| size.unit_cells(self.blocks.unit(size, b)).collect())
            .collect();
        let mut population: Vec<BlockFill> = (0..population_size)
            .map(|_| match self.domains {
                Domains::Any => BlockFill::random(&fixed, &free, &mut rng),
                _ => BlockFill::random_allowed(&fixed, &free, &allowed, &mut rng),
            })
            .collect();
        // What the observer's board shows: the best individual's values so far.
        let mut shown: Vec<u8> = puzzle.values().to_vec();
        let result = (|| -> Result<Vec<u8>, Halt> {
            // The cells filtering fixed, first.
            for (c, was) in shown.iter_mut().enumerate() {
                if fixed.get(c) != *was {
                    *was = fixed.get(c);
                    tracker.emit(Event::Assign {
                        cell: c as u16,
                        value: *was,
                        reason: Reason::FILTERED,
                    })?;
                }
            }
            loop {
                population.sort_by_key(BlockFill::cost);
                let best = &population[0];
                if tracker.wants_cell_events() {
                    for (cell, (&now, was)) in
                        best.values().iter().zip(shown.iter_mut()).enumerate()
                    {
                        if now != *was {
                            *was = now;
                            tracker.emit(Event::Assign {
                                cell: cell as u16,
                                value: now,
                                reason: Reason::STEP,
                            })?;
                        }
                    }
                }
                tracker.improved(best.cost());
                let mean = population.iter().map(fitness).sum::<f64>() / population_size as f64;
                tracker.emit(Event::Generation {
                    generation: tracker.stats.iterations as u32,
                    best: fitness(best) as f32,
                    mean: mean as f32,
                    worst: fitness(&population[population_size - 1]) as f32,
                })?;
                if best.cost() == 0 {
                    return Ok(best.values().to_vec());
                }
                tracker.iteration()?;
                let costs: Vec<u32> = population.iter().map(BlockFill::cost).collect();
                let mut next: Vec<BlockFill> = population[..elite].to_vec();
                while next.len() < population_size {
                    let a = &population[self.select(&costs, &mut rng)];
                    let b = &population[self.select(&costs, &mut rng)];
                    let (first, second) = Genetic::crossover(&fixed, &blocks, a, b, &mut rng);
                    for values in [first, second] {
                        if next.len() == population_size {
                            break;
                        }
                        let mut child = BlockFill::from_values(&fixed, self.blocks, &values);
                        self.mutate(&mut child, &free, &allowed, &mut rng);
                        next.push(child);
                    }
                }
                population = next;
            }
        })();
        tracker.finish_found(puzzle, result)
    }
}

mod spec;
#[cfg(test)]
mod tests;

pub use spec::{ALLDIFF, ALLDIFF_IN_PLAIN_WORDS, IN_PLAIN_WORDS, PSEUDOCODE, SPEC};
use spec::{
    BLOCKS, DOMAINS, ELITE, MAX_ITERATIONS, MUTATION_RATE, MUTATION_SCOPE, POPULATION,
    SELECTION_RATE,
};
