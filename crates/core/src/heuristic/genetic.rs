//! Genetic algorithm (Miloradović & Jačović 2020).
//!
//! A chromosome is the grid as n blocks of n genes. The paper's blocks are the rows ("the
//! crossover must contain at least one row and at most eight", cycle crossover because "rows …
//! are permutations"); each row is filled with its missing digits, each free cell drawing from
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
//! Defaults are the paper's: population 200, 1,000 generations, elite 120, mutation 0.5. Where the
//! description is silent: crossover is applied to every pair of parents (no crossover rate), each
//! pair gives two children, and one mutation at most per child.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::blockfill::{allowed_digits, other_index, BlockFill, FreeCells};
pub use super::blockfill::{Blocks, Domains};
use crate::bits::digit_bit;
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

/// Random pairs a mutation tries before it gives up on a child.
const MUTATION_TRIES: usize = 20;

/// The genetic algorithm's parameters.
#[derive(Clone, Debug)]
pub struct Genetic {
    /// The permutation blocks: rows (the paper) or boxes.
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
        let mut tracker = Tracker::new(observer, Limits::iterations(self.generations));
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
const BLOCKS: ChoiceParam<Blocks> = ChoiceParam {
    name: "blocks",
    description: "The permutation blocks of a chromosome: rows (the paper: crossover over whole rows) or boxes (the earlier box reading).",
    ids: &["rows", "boxes"],
    values: &[Blocks::Rows, Blocks::Boxes],
    default: 0,
};
const DOMAINS: ChoiceParam<Domains> = ChoiceParam {
    name: "domains",
    description: "Digits a gene may take: givens (those no given in its row, column or box holds: the paper) or any (any digit its block lacks).",
    ids: &["givens", "any"],
    values: &[Domains::Givens, Domains::Any],
    default: 0,
};
const SELECTION_RATE: RealParam = RealParam {
    name: "selection_rate",
    description: "Probability that the fitter of two drawn individuals wins the tournament.",
    min: 0.0,
    max: 1.0,
    default: 0.85,
};

/// The genetic algorithm on permutation blocks.
pub const PSEUDOCODE: &[Line] = &[
    line(0, "GA(grid):"),
    step(
        1,
        "(genetic-alldiff) filter the domains; a cell left one digit is fixed",
        &[Mark::Assign(Rule::Filtered)],
    ),
    line(
        1,
        "population ← random fills, each block (row) a permutation of its missing digits, each cell from its domain",
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
        "swap two free cells of a block with probability mutation_rate, each digit staying in its new cell's domain",
    ),
    line(1, "return gave up"),
];

/// The registry's entry.
pub const SPEC: Spec = Spec {
    id: "genetic",
    name: "Genetic algorithm (row blocks, cycle crossover, elitism)",
    family: Family::Heuristic,
    description: "Rows as permutation blocks drawn from the digits the givens allow; tournament selection, two-point crossover over whole rows with cycle crossover, swap mutation that respects the givens, elitism (Miloradović & Jačović 2020).",
    params: &[
        POPULATION.spec(),
        GENERATIONS.spec(),
        ELITE.spec(),
        MUTATION_RATE.spec(),
        MUTATION_SCOPE.spec(),
        SELECTION_RATE.spec(),
        BLOCKS.spec(),
        DOMAINS.spec(),
    ],
    pseudocode: PSEUDOCODE,
    check: Some(elite_below_population),
};

/// The registry's entry for the GA over alldifferent-filtered domains.
pub const ALLDIFF: Spec = Spec {
    id: "genetic-alldiff",
    name: "Genetic algorithm over alldifferent-filtered domains",
    family: Family::Heuristic,
    description: "The paper's GA after alldifferent (GAC) filtering: cells the filter settles are fixed, genes take and mutations move only filtered values (the tabu paper's future work, inside a GA).",
    params: &[
        POPULATION.spec(),
        GENERATIONS.spec(),
        ELITE.spec(),
        MUTATION_RATE.spec(),
        MUTATION_SCOPE.spec(),
        SELECTION_RATE.spec(),
        BLOCKS.spec(),
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
            domains: DOMAINS.read(args),
            ..Genetic::alldiff(args)
        }
    }

    pub fn alldiff(args: &Args) -> Genetic {
        Genetic {
            blocks: BLOCKS.read(args),
            domains: Domains::AllDifferent,
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

    #[test]
    fn row_mutations_never_move_a_digit_where_its_domain_lacks_it() {
        let puzzle: Grid = HARDEST.parse().unwrap();
        let genetic = Genetic {
            mutation_rate: 1.0,
            ..Genetic::default()
        };
        assert_eq!(
            (genetic.blocks, genetic.domains),
            (Blocks::Rows, Domains::Givens)
        );
        let (fixed, allowed) = allowed_digits(&puzzle, genetic.domains).unwrap();
        let free = FreeCells::new(&fixed, Blocks::Rows);
        let mut rng = Pcg64Mcg::seed_from_u64(5);
        for _ in 0..200 {
            let mut child = BlockFill::random_allowed(&fixed, &free, &allowed, &mut rng);
            let before = child.values().to_vec();
            genetic.mutate(&mut child, &free, &allowed, &mut rng);
            for c in 0..before.len() {
                let now = child.values()[c];
                if now != before[c] {
                    assert!(
                        allowed[c] & digit_bit(now) != 0,
                        "r{}c{} got {now}",
                        c / 9 + 1,
                        c % 9 + 1
                    );
                }
            }
            // Rows stay permutations.
            for r in 0..9 {
                assert!(child.missing_in_block(r).is_empty());
            }
        }
        // A given's digit is never allowed elsewhere in its row, column or box.
        let (r1c1, value) = (0, puzzle.get(0));
        assert_ne!(value, 0, "r1c1 is a given");
        for c in [1, 9, 10] {
            if puzzle.get(c) == 0 {
                assert_eq!(
                    allowed[c] & digit_bit(value),
                    0,
                    "{c} shares a unit with r1c1"
                );
            }
        }
        assert_eq!(allowed[r1c1], digit_bit(value));
    }

    #[test]
    fn the_alldiff_variant_fixes_what_filtering_settles_and_solves_or_refutes() {
        // Alldifferent filtering settles every cell of this one: solved before any generation.
        let puzzle: Grid = EASY.parse().unwrap();
        let alldiff = || Genetic {
            domains: Domains::AllDifferent,
            seed: 4,
            ..Genetic::default()
        };
        let (outcome, events) = solves_and_replays(alldiff(), &puzzle);
        assert!(events
            .iter()
            .any(|e| matches!(e, Event::Assign { reason, .. } if reason.rule == Rule::Filtered)));
        assert_eq!(outcome.stats.iterations, 0);
        // 4×4, row 1 = 1 2 _ _ and a 3 in the box of its last two cells: both would need the 4.
        // No two givens clash, yet filtering proves there is no solution.
        let mut refuted = Grid::empty(crate::size::Size::FOUR);
        refuted.set_given(0, 1);
        refuted.set_given(1, 2);
        refuted.set_given(6, 3);
        assert!(refuted.conflicts().is_empty());
        let outcome = alldiff().solve(&refuted, &mut NullObserver);
        assert_eq!(outcome.status, crate::solve::Status::NoSolution);
    }
}
