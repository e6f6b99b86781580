//! The GA's registry entries: its parameters (defaults and ranges written once), its pseudo-code
//! and the two specs, `genetic` (the paper's) and `genetic-alldiff`.

use super::{Blocks, Domains, Genetic, MutationScope};
use crate::pseudocode::{line, step, Line, Mark};
use crate::spec::{
    max_iterations_of, Args, Branching, ChoiceParam, Family, IntParam, ParamSpec, RealParam, Spec,
    WorkCounter,
};
use crate::trace::Rule;
use crate::words::prose;

pub(super) const POPULATION: IntParam = IntParam {
    name: "population",
    description: prose("Individuals per generation."),
    min: 2,
    max: 100_000,
    default: 200,
};
pub(super) const MAX_ITERATIONS: IntParam = max_iterations_of(
    "Generations at most before giving up (an iteration is a generation).",
    1_000,
);
pub(super) const ELITE: IntParam = IntParam {
    name: "elite",
    description: prose(
        "Best individuals copied unchanged into the next generation (at most population − 1).",
    ),
    min: 0,
    max: 100_000,
    default: 120,
};
pub(super) const MUTATION_RATE: RealParam = RealParam {
    name: "mutation_rate",
    description: prose("Probability of a swap inside a block: per child (the lab's reading, the default) or per gene (the paper's wording; see mutation_scope)."),
    min: 0.0,
    max: 1.0,
    default: 0.5,
};
pub(super) const MUTATION_SCOPE: ChoiceParam<MutationScope> = ChoiceParam {
    name: "mutation_scope",
    description: prose("child: a child gets one swap with probability mutation_rate (the lab's reading, the default); gene: each free gene is swapped with probability mutation_rate (what the paper's text states; try 0.1)."),
    ids: &["child", "gene"],
    values: &[MutationScope::Child, MutationScope::Gene],
    default: 0,
};
pub(super) const BLOCKS: ChoiceParam<Blocks> = ChoiceParam {
    name: "blocks",
    description: prose("The permutation blocks of a chromosome: rows (the lab's reading of the paper: crossover over whole rows) or boxes (the other reading: the paper names its blocks beside its rows and columns)."),
    ids: &["rows", "boxes"],
    values: &[Blocks::Rows, Blocks::Boxes],
    default: 0,
};
pub(super) const DOMAINS: ChoiceParam<Domains> = ChoiceParam {
    name: "domains",
    description: prose("Digits a gene may take: givens (those no given in its row, column or box holds: the paper) or any (any digit its block lacks)."),
    ids: &["givens", "any"],
    values: &[Domains::Givens, Domains::Any],
    default: 0,
};
pub(super) const SELECTION_RATE: RealParam = RealParam {
    name: "selection_rate",
    description: prose("Probability that the fitter of two drawn individuals wins the tournament."),
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

/// The GA's parameters; `domains` last.
const PARAMS: &[ParamSpec] = &[
    POPULATION.spec(),
    MAX_ITERATIONS.spec().formerly(&["generations"]),
    ELITE.spec(),
    MUTATION_RATE.spec(),
    MUTATION_SCOPE.spec(),
    SELECTION_RATE.spec(),
    BLOCKS.spec(),
    DOMAINS.spec(),
];

/// The registry's entry.
pub const SPEC: Spec = Spec {
    id: "genetic",
    name: "Genetic algorithm (row blocks, cycle crossover, elitism)",
    family: Family::Heuristic,
    description: prose("Rows as permutation blocks drawn from the digits the givens allow; tournament selection, two-point crossover over whole rows with cycle crossover, swap mutation that respects the givens, elitism (Miloradović & Jačović 2020)."),
    params: PARAMS,
    budget: Some(MAX_ITERATIONS.name),
    pseudocode: PSEUDOCODE,
    counters: &[WorkCounter::Generations],
    check: Some(elite_below_population),
    branching: Branching::Cell,
};

/// The algorithm in plain words, for newcomers (the help page, `sudoku list`).
pub const IN_PLAIN_WORDS: &str = "Evolves a population of filled grids whose rows each hold every digit once. The grids with the fewest clashes in columns and boxes are crossed to make children, and random swaps mutate them. It shows why blind evolution struggles with a puzzle that has one exact answer.";

/// The registry's entry for the GA over alldifferent-filtered domains.
pub const ALLDIFF: Spec = Spec {
    id: "genetic-alldiff",
    name: "Genetic algorithm over alldifferent-filtered domains",
    family: Family::Heuristic,
    description: prose("The paper's GA after alldifferent (GAC) filtering: cells the filter settles are fixed, genes take and mutations move only filtered values (the tabu paper's future work, inside a GA)."),
    // The same but `domains` (last), which the variant fixes.
    params: PARAMS.split_at(PARAMS.len() - 1).0,
    budget: Some(MAX_ITERATIONS.name),
    pseudocode: PSEUDOCODE,
    counters: &[WorkCounter::Generations],
    check: Some(elite_below_population),
    branching: Branching::Cell,
};

/// The algorithm (alldiff) in plain words, for newcomers (the help page, `sudoku list`).
pub const ALLDIFF_IN_PLAIN_WORDS: &str = "The same genetic algorithm after \"all different\" reasoning has fixed the cells it can and removed impossible digits, so children use only digits that can still fit.";

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
            generations: MAX_ITERATIONS.read(args).max(1) as u64,
            elite: ELITE.read(args).max(0) as usize,
            mutation_rate: MUTATION_RATE.read(args),
            mutation_scope: MUTATION_SCOPE.read(args),
            selection_rate: SELECTION_RATE.read(args),
            seed: args.seed,
        }
    }
}
