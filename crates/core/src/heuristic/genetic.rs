//! Genetic algorithm (Miloradović & Jačović 2020).
//!
//! A chromosome is the grid as n blocks of n genes, one block per box; every block is filled with
//! its box's missing digits at random, the givens fixed, so blocks are always permutations.
//!
//! - Fitness: the distinct digits of every row, column and box over their maximum 3n², in (0, 1];
//!   1 exactly on a solution. (Boxes are always complete, so this is 1 − cost / 3n² with the
//!   box model's cost: digits missing per row plus per column.)
//! - Selection: a tournament of two — two individuals drawn at random, the fitter becomes a parent
//!   with probability `selection_rate` (0.85), the other one otherwise.
//! - Crossover: two cut points on block boundaries choose a run of 1 to n − 1 consecutive blocks;
//!   outside it each child copies its own parent's blocks, inside it each block is the cycle
//!   crossover of the two parents' blocks (the child keeps its parent's digits on the cycle that
//!   starts at the block's first free cell and alternates parents cycle by cycle), so blocks stay
//!   permutations and givens stay fixed (they are cycles of one cell).
//! - Mutation: with probability `mutation_rate`, a child swaps two free genes of one random block.
//!   (Our variant `mutation_scope = gene`: each free gene swaps within its block with probability
//!   `mutation_rate` — see EXPERIMENTS.md for what it changes.)
//! - Elitism: the best `elite` individuals pass unchanged; children fill the rest of the population.
//!
//! Defaults are the paper's: population 200, 1,000 generations, elite 120, mutation 0.5. Where the
//! description is silent: crossover is applied to every pair of parents (no crossover rate), each
//! pair gives two children, and one mutation at most per child.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::boxfill::{other_index, BoxFill, FreeCells};
use crate::grid::Grid;
use crate::pseudocode::{line, step, Line, Mark};
use crate::registry::{Args, ChoiceParam, Family, IntParam, RealParam, Spec};
use crate::solve::{Halt, Limits, Outcome, Solver, Tracker};
use crate::trace::{Event, Observer, Reason, Rule};

/// What `mutation_rate` applies to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MutationScope {
    /// The paper's reading: a child gets one swap inside a random block with probability
    /// `mutation_rate`.
    Child,
    /// Our variant: every free gene is swapped with another free gene of its block with
    /// probability `mutation_rate` (keeps the population diverse; see EXPERIMENTS.md).
    Gene,
}

/// The genetic algorithm's parameters.
#[derive(Clone, Debug)]
pub struct Genetic {
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
            population: POPULATION.default as usize,
            generations: GENERATIONS.default as u64,
            elite: ELITE.default as usize,
            mutation_rate: MUTATION_RATE.default,
            mutation_scope: MUTATION_SCOPE.values[MUTATION_SCOPE.default],
            selection_rate: SELECTION_RATE.default,
            seed: 0,
        }
    }
}

/// Fitness of a box-complete grid: distinct digits per row, column and box over 3n².
pub fn fitness(individual: &BoxFill) -> f64 {
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
    /// Swap mutation inside blocks, per child or per gene.
    fn mutate<R: Rng>(&self, child: &mut BoxFill, free: &FreeCells, rng: &mut R) {
        let rate = self.mutation_rate.clamp(0.0, 1.0);
        match self.mutation_scope {
            MutationScope::Child => {
                if rng.random_bool(rate) {
                    if let Some((x, y)) = free.random_pair(rng) {
                        child.swap(x, y);
                    }
                }
            }
            MutationScope::Gene => {
                for cells in free.by_box.iter().filter(|cells| cells.len() >= 2) {
                    for i in 0..cells.len() {
                        if rng.random_bool(rate) {
                            child.swap(cells[i], cells[other_index(cells.len(), i, rng)]);
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
        a: &BoxFill,
        b: &BoxFill,
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
        let mut tracker = Tracker::new(observer, Limits::iterations(self.generations));
        if !puzzle.conflicts().is_empty() {
            return tracker.finish(puzzle, Ok(None));
        }
        let size = puzzle.size();
        let population_size = self.population.max(2);
        let elite = self.elite.min(population_size - 1);
        let free = FreeCells::new(puzzle);
        let blocks: Vec<Vec<usize>> = (0..size.n())
            .map(|b| size.unit_cells(2 * size.n() + b).collect())
            .collect();
        let mut population: Vec<BoxFill> = (0..population_size)
            .map(|_| BoxFill::random(puzzle, &free, &mut rng))
            .collect();
        // What the observer's board shows: the best individual's values so far.
        let mut shown: Vec<u8> = puzzle.values().to_vec();
        let result = (|| -> Result<Vec<u8>, Halt> {
            loop {
                population.sort_by_key(BoxFill::cost);
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
                let costs: Vec<u32> = population.iter().map(BoxFill::cost).collect();
                let mut next: Vec<BoxFill> = population[..elite].to_vec();
                while next.len() < population_size {
                    let a = &population[self.select(&costs, &mut rng)];
                    let b = &population[self.select(&costs, &mut rng)];
                    let (first, second) = Genetic::crossover(puzzle, &blocks, a, b, &mut rng);
                    for values in [first, second] {
                        if next.len() == population_size {
                            break;
                        }
                        let mut child = BoxFill::from_values(puzzle, &values);
                        self.mutate(&mut child, &free, &mut rng);
                        next.push(child);
                    }
                }
                population = next;
            }
        })();
        tracker.finish_found(puzzle, result)
    }
}

const POPULATION: IntParam = IntParam {
    name: "population",
    description: "Individuals per generation.",
    min: 2,
    max: 100_000,
    default: 200,
};
const GENERATIONS: IntParam = IntParam {
    name: "generations",
    description: "Generations at most before giving up.",
    min: 1,
    max: 10_000_000,
    default: 1_000,
};
const ELITE: IntParam = IntParam {
    name: "elite",
    description:
        "Best individuals copied unchanged into the next generation (at most population − 1).",
    min: 0,
    max: 100_000,
    default: 120,
};
const MUTATION_RATE: RealParam = RealParam {
    name: "mutation_rate",
    description: "Probability of a swap inside a block: per child (the paper) or per gene (see mutation_scope).",
    min: 0.0,
    max: 1.0,
    default: 0.5,
};
const MUTATION_SCOPE: ChoiceParam<MutationScope> = ChoiceParam {
    name: "mutation_scope",
    description: "child: a child gets one swap with probability mutation_rate (the paper); gene: each free gene is swapped with probability mutation_rate (our variant, try 0.1).",
    ids: &["child", "gene"],
    values: &[MutationScope::Child, MutationScope::Gene],
    default: 0,
};
const SELECTION_RATE: RealParam = RealParam {
    name: "selection_rate",
    description: "Probability that the fitter of two drawn individuals wins the tournament.",
    min: 0.0,
    max: 1.0,
    default: 0.85,
};

/// The genetic algorithm on box blocks.
pub const PSEUDOCODE: &[Line] = &[
    line(0, "GA(grid):"),
    line(
        1,
        "population ← random fills, each box a permutation of its missing digits",
    ),
    line(1, "repeat for each generation:"),
    line(
        2,
        "fitness ← how many digits each row and column holds once",
    ),
    step(2, "show the best individual", &[Mark::Assign(Rule::Step)]),
    step(
        2,
        "best, mean, worst; a perfect one: return solved",
        &[Mark::Generation],
    ),
    line(2, "next ← the `elite` best, unchanged"),
    line(2, "while next is not full:"),
    line(
        3,
        "two parents by tournament (the fitter wins with probability selection_rate)",
    ),
    line(
        3,
        "child ← blocks between two cut points from one parent (cycle crossover)",
    ),
    line(
        3,
        "swap two free cells of a block with probability mutation_rate",
    ),
    line(1, "return gave up"),
];

/// The registry's entry.
pub const SPEC: Spec = Spec {
    id: "genetic",
    name: "Genetic algorithm (box blocks, cycle crossover, elitism)",
    family: Family::Heuristic,
    description: "Boxes as permutation blocks; tournament selection, two-point block crossover with cycle crossover, swap mutation, elitism (Miloradović & Jačović 2020).",
    params: &[
        POPULATION.spec(),
        GENERATIONS.spec(),
        ELITE.spec(),
        MUTATION_RATE.spec(),
        MUTATION_SCOPE.spec(),
        SELECTION_RATE.spec(),
    ],
    pseudocode: PSEUDOCODE,
    check: Some(elite_below_population),
};

/// The elite is copied into each generation: it must leave room for at least one child.
fn elite_below_population(args: &Args) -> Result<(), String> {
    let (elite, population) = (ELITE.read(args), POPULATION.read(args));
    if elite >= population {
        return Err(format!(
            "elite = {elite} must be less than population = {population} (the elite is copied into every generation)"
        ));
    }
    Ok(())
}

impl Genetic {
    pub fn from_args(args: &Args) -> Genetic {
        Genetic {
            population: POPULATION.read(args).max(2) as usize,
            generations: GENERATIONS.read(args).max(1) as u64,
            elite: ELITE.read(args).max(0) as usize,
            mutation_rate: MUTATION_RATE.read(args),
            mutation_scope: MUTATION_SCOPE.read(args),
            selection_rate: SELECTION_RATE.read(args),
            seed: args.seed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::test_support::*;
    use crate::trace::NullObserver;
    use crate::verify::verify_solution;

    #[test]
    fn cycle_crossover_keeps_permutations_and_positions() {
        let own = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        let other = [9, 3, 7, 8, 2, 6, 5, 1, 4];
        let mut child = [0u8; 9];
        cycle_crossover(&own, &other, &mut child);
        // Cycle of position 0: 1→9→4→8 positions {0,8,3,7} from own; next cycle {1,2,6,4} from
        // other; {5} (6 in both) from own.
        assert_eq!(child, [1, 3, 7, 4, 2, 6, 5, 8, 9]);
        let mut sorted = child;
        sorted.sort_unstable();
        assert_eq!(sorted, own);
    }

    #[test]
    fn solves_an_easy_puzzle_and_replays() {
        let puzzle: Grid = EASY.parse().unwrap();
        let genetic = Genetic {
            seed: 2,
            ..Genetic::default()
        };
        let (outcome, events) = solves_and_replays(genetic, &puzzle);
        let generations = events
            .iter()
            .filter(|e| matches!(e, Event::Generation { .. }))
            .count() as u64;
        assert_eq!(generations, outcome.stats.iterations + 1);
    }

    #[test]
    fn gives_up_after_its_generations_and_repeats_with_a_seed() {
        let puzzle: Grid = HARDEST.parse().unwrap();
        let genetic = || Genetic {
            generations: 5,
            seed: 11,
            ..Genetic::default()
        };
        gives_up_the_same_way(genetic, &puzzle, 5);
    }

    #[test]
    fn per_gene_mutation_solves_and_repeats() {
        let puzzle: Grid = EASY.parse().unwrap();
        let run = |seed| {
            Genetic {
                mutation_scope: MutationScope::Gene,
                mutation_rate: 0.1,
                seed,
                ..Genetic::default()
            }
            .solve(&puzzle, &mut NullObserver)
        };
        let solved = (0..5)
            .map(run)
            .find(|o| o.is_solved())
            .expect("one of 5 seeds");
        assert_eq!(verify_solution(&puzzle, &solved.grid), Ok(()));
        assert_eq!(run(3), run(3));
    }
}
