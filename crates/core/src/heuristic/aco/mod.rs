//! Ant colony optimisation: Lloyd and Amos's ant colony system with constraint propagation and
//! best-value evaporation ("Solving Sudoku with Ant Colony Optimization", IEEE Transactions on
//! Games, 2019), written from the paper's description.
//!
//! - Pheromone τ(c, d) for every cell and digit, τ0 = 1 / cells at the start.
//! - A cycle: each ant copies the propagated puzzle, starts at a random cell and visits every cell
//!   once in order. At an open cell with candidates left it fixes a digit — with probability q0
//!   the one of highest τ, else one drawn in proportion to τ — then propagates (a fixed value
//!   leaves its peers; a digit with one place left in a unit is fixed there); an open cell left
//!   without candidates is failed and stays empty. Each choice wears its pheromone down:
//!   τ ← (1 − ξ)τ + ξτ0.
//! - After the cycle, the ant that fixed most cells (f of them) scores Δτ = cells / (cells − f);
//!   if that beats the best-so-far score, its grid becomes the best so far. The best grid's
//!   values are reinforced: τ ← (1 − ρ)τ + ρΔτ_best. Best-value evaporation then lowers the
//!   score to beat, Δτ_best ← (1 − f_BVE)Δτ_best, so that a stale best gives way.
//! - An ant that fixes every cell has solved the puzzle (propagation keeps every fix legal).
//!
//! The paper's parameters are the defaults: 10 ants, q0 = 0.9, ρ = 0.9, ξ = 0.1, f_BVE = 0.005.
//! Its budget is wall-clock time; the lab's is cycles, so runs repeat on any machine.
//!
//! The multi-colony system (`ant-colony-multi`) is the lab's reading of the authors' parallel
//! successor: k such colonies side by side, each with its own pheromone and best grid, run in
//! turn within one thread (a cycle: every colony's ants tour once, so budgets stay comparable
//! in tours). Every `exchange_every` cycles each colony also reinforces two grids it receives:
//! the last cycle's best of the colony before it on a ring, and the best so far of another
//! colony drawn at random. Separate trails keep diversity; the exchange shares progress. The
//! number of colonies (4) and the exchange interval (10 cycles) are the lab's choices.

#[cfg(feature = "aco")]
mod board;
#[cfg(feature = "aco")]
mod run;

use crate::pseudocode::{line, step, Line, Mark};
use crate::spec::{
    max_iterations_of, Args, Branching, Family, IntParam, RealParam, Spec, WorkCounter,
};
use crate::trace::Rule;
use crate::words::prose;

/// The ant colony system with constraint propagation.
#[derive(Clone, Debug)]
pub struct AntColony {
    /// Ants per cycle.
    pub ants: usize,
    /// Probability of the greedy choice (the highest pheromone) over the proportional draw.
    pub greedy: f64,
    /// ρ: weight of the best grid's reward in the global update.
    pub evaporation: f64,
    /// ξ: how far a choice brings its pheromone back to τ0.
    pub local_evaporation: f64,
    /// f_BVE: the share of the best score lost each cycle.
    pub best_value_evaporation: f64,
    /// Colonies, each with its own pheromone (1: Lloyd and Amos's single colony).
    pub colonies: usize,
    /// Cycles between two exchanges of grids among the colonies.
    pub exchange_every: u64,
    /// Cycles at most (a cycle: every colony's ants tour once).
    pub max_iterations: u64,
    pub seed: u64,
}

impl Default for AntColony {
    fn default() -> Self {
        AntColony {
            ants: ANTS.default as usize,
            greedy: GREEDY.default,
            evaporation: EVAPORATION.default,
            local_evaporation: LOCAL_EVAPORATION.default,
            best_value_evaporation: BEST_VALUE_EVAPORATION.default,
            colonies: 1,
            exchange_every: EXCHANGE_EVERY.default as u64,
            max_iterations: MAX_ITERATIONS.default as u64,
            seed: 0,
        }
    }
}

const ANTS: IntParam = IntParam {
    name: "ants",
    description: prose("Ants per cycle, each building one grid."),
    min: 1,
    max: 1_000,
    default: 10,
};
const GREEDY: RealParam = RealParam {
    name: "greedy",
    description: prose("q0: the chance an ant takes the digit of highest pheromone rather than one drawn in proportion to it."),
    min: 0.0,
    max: 1.0,
    default: 0.9,
};
const EVAPORATION: RealParam = RealParam {
    name: "evaporation",
    description: prose(
        "ρ: weight of the best grid's reward when the pheromone is updated after a cycle.",
    ),
    min: 0.0,
    max: 1.0,
    default: 0.9,
};
const LOCAL_EVAPORATION: RealParam = RealParam {
    name: "local_evaporation",
    description: prose("ξ: how far each choice brings its pheromone back to the starting level (so the next ants try others)."),
    min: 0.0,
    max: 1.0,
    default: 0.1,
};
const BEST_VALUE_EVAPORATION: RealParam = RealParam {
    name: "best_value_evaporation",
    description: prose(
        "f_BVE: the share of the best grid's score lost each cycle, so a stale best gives way.",
    ),
    min: 0.0,
    max: 1.0,
    default: 0.005,
};
const COLONIES: IntParam = IntParam {
    name: "colonies",
    description: prose(
        "Colonies searching side by side, each with its own pheromone (the lab's choice: 4).",
    ),
    min: 2,
    max: 64,
    default: 4,
};
const EXCHANGE_EVERY: IntParam = IntParam {
    name: "exchange_every",
    description: prose("Cycles between two exchanges: each colony then also reinforces the last cycle's best grid of the colony before it on a ring and the best grid so far of another colony drawn at random (the lab's choice: 10)."),
    min: 1,
    max: 1_000_000,
    default: 10,
};
const MAX_ITERATIONS: IntParam = max_iterations_of(
    "Cycles at most (each ant builds one grid per cycle) before giving up.",
    10_000,
);

// The lines both colonies' pseudo-code share.
const PROPAGATE_GIVENS: Line = step(
    1,
    "propagate the givens: the naked and hidden singles they force are fixed",
    &[Mark::Assign(Rule::Filtered)],
);
const START_TOUR: Line = step(
    3,
    "start from the givens at a random cell (the cells they force fixed again)",
    &[Mark::Restart],
);
const fn propagate_choice(indent: u8) -> Line {
    step(
        indent,
        "propagate: naked and hidden singles (a cell left empty is failed)",
        &[
            Mark::Assign(Rule::NakedSingle),
            Mark::Assign(Rule::HiddenSingle),
        ],
    )
}

/// The ant colony system with constraint propagation and best-value evaporation.
pub const PSEUDOCODE: &[Line] = &[
    line(0, "ANT-COLONY(grid):"),
    PROPAGATE_GIVENS,
    line(1, "τ ← 1 / cells for every cell and digit; best ← none"),
    line(1, "repeat max_iterations cycles:"),
    line(2, "for each ant:"),
    START_TOUR,
    line(3, "for each cell in turn, open and with candidates left:"),
    step(
        4,
        "fix the digit of highest τ (chance q0), else one drawn ∝ τ; τ ← (1 − ξ)τ + ξτ0",
        &[Mark::Assign(Rule::Decision)],
    ),
    propagate_choice(4),
    line(3, "every cell fixed: return solved"),
    line(
        2,
        "Δτ ← cells / (cells − fixed) of the cycle's best ant; if Δτ > Δτ_best: best ← its grid",
    ),
    step(
        2,
        "τ ← (1 − ρ)τ + ρΔτ_best on the best grid's values; Δτ_best ← (1 − f_BVE)Δτ_best",
        &[Mark::Iteration],
    ),
    line(1, "return gave up"),
];

/// The registry's entry.
pub const SPEC: Spec = Spec {
    id: "ant-colony",
    name: "Ant colony system with constraint propagation (Lloyd & Amos 2019)",
    family: Family::Heuristic,
    description: prose("Ants fix digits cell by cell, guided by pheromone, each choice propagated (naked and hidden singles); the best grid is reinforced, with best-value evaporation against stagnation (Lloyd & Amos 2019)."),
    params: &[
        ANTS.spec(),
        GREEDY.spec(),
        EVAPORATION.spec(),
        LOCAL_EVAPORATION.spec(),
        BEST_VALUE_EVAPORATION.spec(),
        MAX_ITERATIONS.spec(),
    ],
    budget: Some(MAX_ITERATIONS.name),
    pseudocode: PSEUDOCODE,
    counters: &[WorkCounter::Cycles, WorkCounter::Tours, WorkCounter::Propagations],
    check: None,
    branching: Branching::Cell,
};

/// The multi-colony system: colonies of the same ants side by side, sharing grids.
pub const MULTI_PSEUDOCODE: &[Line] = &[
    line(0, "MULTI-COLONY(grid):"),
    PROPAGATE_GIVENS,
    line(1, "for each of k colonies: τ ← 1 / cells, best ← none"),
    line(1, "repeat max_iterations cycles:"),
    line(2, "for each colony, for each of its ants:"),
    START_TOUR,
    step(
        3,
        "each open cell in turn: the digit of highest τ (chance q0), else one drawn ∝ τ",
        &[Mark::Assign(Rule::Decision)],
    ),
    propagate_choice(3),
    line(3, "every cell fixed: return solved"),
    line(
        2,
        "each colony: its cycle's best ant scores Δτ = cells / open; best ← it if higher",
    ),
    line(
        2,
        "every exchange_every cycles: each colony receives the cycle best of the one before it on a ring and the best so far of another drawn at random",
    ),
    step(
        2,
        "each colony: τ ← (1 − ρ)τ + ρΔτ on its best grid and the grids received; Δτ_best ← (1 − f_BVE)Δτ_best",
        &[Mark::Iteration],
    ),
    line(1, "return gave up"),
];

/// The registry's entry of the multi-colony system.
pub const MULTI_SPEC: Spec = Spec {
    id: "ant-colony-multi",
    name: "Multi-colony ant colony system (the lab's reading of Lloyd & Amos's successor)",
    family: Family::Heuristic,
    description: prose("Several ant colony systems search side by side, each with its own pheromone; every few cycles each reinforces grids received from the others (a ring of cycle bests, a random partner's best so far), so they keep diverse trails and still share progress."),
    params: &[
        COLONIES.spec(),
        EXCHANGE_EVERY.spec(),
        ANTS.spec(),
        GREEDY.spec(),
        EVAPORATION.spec(),
        LOCAL_EVAPORATION.spec(),
        BEST_VALUE_EVAPORATION.spec(),
        MAX_ITERATIONS.spec(),
    ],
    budget: Some(MAX_ITERATIONS.name),
    pseudocode: MULTI_PSEUDOCODE,
    counters: &[WorkCounter::Cycles, WorkCounter::Tours, WorkCounter::Propagations],
    check: None,
    branching: Branching::Cell,
};

/// The multi-colony system in plain words.
pub const MULTI_IN_PLAIN_WORDS: &str = "Several colonies of virtual ants fill the grid as in the ant colony system, each following its own pheromone trails; every few rounds each colony also learns from the best grids of the others. Separate trails keep the search from settling on one wrong guess.";

/// The algorithm in plain words, for newcomers (the help page, `sudoku list`).
pub const IN_PLAIN_WORDS: &str = "A colony of virtual ants each fills the grid cell by cell, preferring digits that earlier good attempts used (their \"pheromone\"), and after each choice fills in whatever the rules then force. The most complete grid of each round leaves pheromone for the next; it stops when an ant fills every cell.";

impl AntColony {
    pub fn from_args(args: &Args) -> AntColony {
        AntColony {
            ants: ANTS.read(args).max(1) as usize,
            greedy: GREEDY.read(args),
            evaporation: EVAPORATION.read(args),
            local_evaporation: LOCAL_EVAPORATION.read(args),
            best_value_evaporation: BEST_VALUE_EVAPORATION.read(args),
            colonies: 1,
            exchange_every: EXCHANGE_EVERY.default as u64,
            max_iterations: MAX_ITERATIONS.read(args).max(1) as u64,
            seed: args.seed,
        }
    }

    /// The multi-colony system ([`MULTI_SPEC`]) from its arguments.
    pub fn multi_from_args(args: &Args) -> AntColony {
        AntColony {
            colonies: COLONIES.read(args).max(2) as usize,
            exchange_every: EXCHANGE_EVERY.read(args).max(1) as u64,
            ..AntColony::from_args(args)
        }
    }
}

/// A build without the engines (the page's first-load worker).
#[cfg(not(feature = "aco"))]
impl crate::solve::Solver for AntColony {
    fn solve<O: crate::trace::Observer + ?Sized>(
        &mut self,
        puzzle: &crate::grid::Grid,
        observer: &mut O,
    ) -> crate::solve::Outcome {
        crate::solve::without_engine(puzzle, observer, crate::solve::Limit::Cycles(0))
    }
}

#[cfg(all(test, feature = "aco"))]
mod tests;
