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

mod board;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use board::AntBoard;

use crate::bits::digits;
use crate::grid::Grid;
use crate::pseudocode::{line, step, Line, Mark};
use crate::size::Geometry;
use crate::solve::{Halt, Iteration, Limits, Outcome, Solver, Tracker};
use crate::spec::{max_iterations_of, Args, Family, IntParam, RealParam, Spec, WorkCounter};
use crate::trace::{Event, Observer, Reason, Rule};

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
    /// Cycles at most.
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
            max_iterations: MAX_ITERATIONS.default as u64,
            seed: 0,
        }
    }
}

/// The colony's pheromone: one level per cell and digit.
struct Pheromone {
    levels: Vec<f64>,
    n: usize,
    initial: f64,
}

impl Pheromone {
    fn new(cells: usize, n: usize) -> Pheromone {
        let initial = 1.0 / cells as f64;
        Pheromone {
            levels: vec![initial; cells * n],
            n,
            initial,
        }
    }

    fn at(&mut self, cell: usize, digit: u8) -> &mut f64 {
        &mut self.levels[cell * self.n + digit as usize - 1]
    }

    /// The local update after an ant's choice: τ ← (1 − ξ)τ + ξτ0.
    fn wear(&mut self, cell: usize, digit: u8, xi: f64) {
        let initial = self.initial;
        let tau = self.at(cell, digit);
        *tau = (1.0 - xi) * *tau + xi * initial;
    }

    /// The global update on the best grid's values: τ ← (1 − ρ)τ + ρΔτ_best.
    fn reward(&mut self, best: &[u8], rho: f64, score: f64) {
        for (cell, &digit) in best.iter().enumerate().filter(|(_, &d)| d != 0) {
            let tau = self.at(cell, digit);
            *tau = (1.0 - rho) * *tau + rho * score;
        }
    }

    /// The digit an ant fixes in `cell` among `candidates`: the strongest with probability
    /// `greedy`, else one drawn in proportion to the pheromone.
    fn choose<R: Rng>(&mut self, cell: usize, candidates: u32, greedy: f64, rng: &mut R) -> u8 {
        let level = |p: &mut Pheromone, d: u8| *p.at(cell, d);
        if rng.random::<f64>() < greedy {
            let mut best = (f64::MIN, 0);
            for d in digits(candidates) {
                let tau = level(self, d);
                if tau > best.0 {
                    best = (tau, d);
                }
            }
            return best.1;
        }
        let total: f64 = digits(candidates).map(|d| level(self, d)).sum();
        let mut draw = rng.random::<f64>() * total;
        let mut last = 0;
        for d in digits(candidates) {
            last = d;
            draw -= level(self, d);
            if draw < 0.0 {
                return d;
            }
        }
        last
    }
}

/// What one ant left: its grid and the first cell it failed.
struct Tour {
    board: AntBoard,
    failed: Option<usize>,
}

impl AntColony {
    /// One ant's tour from `start`: every cell visited once, a digit fixed where one is left.
    fn tour<R: Rng, O: Observer + ?Sized>(
        &self,
        (geometry, start): (&Geometry, usize),
        mut board: AntBoard,
        pheromone: &mut Pheromone,
        rng: &mut R,
        tracker: &mut Tracker<'_, O>,
    ) -> Result<Tour, Halt> {
        let cells = board.values.len();
        let mut failed = None;
        let mut halted = Ok(());
        for cell in (start..cells).chain(0..start) {
            if board.values[cell] != 0 {
                continue;
            }
            let candidates = board.candidates[cell];
            if candidates == 0 {
                failed.get_or_insert(cell);
                continue;
            }
            let digit = pheromone.choose(cell, candidates, self.greedy, rng);
            pheromone.wear(cell, digit, self.local_evaporation);
            let removed = board.fix(geometry, cell, digit, Reason::DECISION, &mut |c, d, why| {
                if halted.is_ok() {
                    halted = tracker.assign(c, d, why);
                }
            });
            halted?;
            tracker.count_eliminations(removed);
        }
        Ok(Tour { board, failed })
    }
}

impl Solver for AntColony {
    fn solve<O: Observer + ?Sized>(&mut self, puzzle: &Grid, observer: &mut O) -> Outcome {
        let mut rng = Pcg64Mcg::seed_from_u64(self.seed);
        let limits = Limits::iterations(self.max_iterations).counted_in(Iteration::Cycle);
        let mut tracker = Tracker::new(observer, limits);
        if !puzzle.conflicts().is_empty() {
            return tracker.finish(puzzle, Ok(None));
        }
        let geometry = Geometry::new(puzzle.size());
        // What propagating the givens fixes, replayed at the start of each ant's tour (as
        // filtering: the cells every ant starts from).
        let mut propagated = Vec::new();
        let Some(start_board) =
            AntBoard::from_puzzle(puzzle, &geometry, &mut |c, d, _| propagated.push((c, d)))
        else {
            return tracker.finish(puzzle, Ok(None));
        };
        let cells = puzzle.size().cells();
        let mut pheromone = Pheromone::new(cells, puzzle.size().n());
        let result = (|| -> Result<Vec<u8>, Halt> {
            for &(c, d) in &propagated {
                tracker.assign(c, d, Reason::FILTERED)?;
            }
            if start_board.fixed == cells {
                return Ok(start_board.values.clone());
            }
            let (mut best_score, mut best_values) = (0.0, Vec::new());
            let (mut fewest_open, mut attempt) = (u32::MAX, 0u32);
            let mut last: Option<(usize, Option<usize>)> = None;
            loop {
                tracker.iteration()?;
                let mut cycle_best: Option<Tour> = None;
                for _ in 0..self.ants {
                    attempt += 1;
                    tracker.stats.restarts += 1; // a tour
                    if let Some((progress, stuck)) = last {
                        tracker.emit(Event::Restart {
                            attempt,
                            progress: progress as u32,
                            stuck: stuck.map(|c| c as u16),
                        })?;
                        for &(c, d) in &propagated {
                            tracker.assign(c, d, Reason::FILTERED)?;
                        }
                    }
                    let start = rng.random_range(0..cells);
                    let tour = self.tour(
                        (&geometry, start),
                        start_board.clone(),
                        &mut pheromone,
                        &mut rng,
                        &mut tracker,
                    )?;
                    if tour.board.fixed == cells {
                        return Ok(tour.board.values);
                    }
                    last = Some((tour.board.fixed, tour.failed));
                    if cycle_best
                        .as_ref()
                        .is_none_or(|b| tour.board.fixed > b.board.fixed)
                    {
                        cycle_best = Some(tour);
                    }
                }
                let cycle_best = cycle_best.expect("at least one ant");
                let open = cells - cycle_best.board.fixed;
                let score = cells as f64 / open as f64;
                if score > best_score {
                    best_score = score;
                    best_values = cycle_best.board.values;
                }
                pheromone.reward(&best_values, self.evaporation, best_score);
                best_score *= 1.0 - self.best_value_evaporation;
                fewest_open = fewest_open.min(open as u32);
                tracker.improved(open as u32);
                tracker.emit(Event::Iteration {
                    iteration: tracker.stats.iterations as u32,
                    cost: open as u32,
                    best: fewest_open,
                })?;
            }
        })();
        tracker.finish_found(puzzle, result)
    }
}

const ANTS: IntParam = IntParam {
    name: "ants",
    description: "Ants per cycle, each building one grid.",
    min: 1,
    max: 1_000,
    default: 10,
};
const GREEDY: RealParam = RealParam {
    name: "greedy",
    description: "q0: the chance an ant takes the digit of highest pheromone rather than one drawn in proportion to it.",
    min: 0.0,
    max: 1.0,
    default: 0.9,
};
const EVAPORATION: RealParam = RealParam {
    name: "evaporation",
    description: "ρ: weight of the best grid's reward when the pheromone is updated after a cycle.",
    min: 0.0,
    max: 1.0,
    default: 0.9,
};
const LOCAL_EVAPORATION: RealParam = RealParam {
    name: "local_evaporation",
    description: "ξ: how far each choice brings its pheromone back to the starting level (so the next ants try others).",
    min: 0.0,
    max: 1.0,
    default: 0.1,
};
const BEST_VALUE_EVAPORATION: RealParam = RealParam {
    name: "best_value_evaporation",
    description:
        "f_BVE: the share of the best grid's score lost each cycle, so a stale best gives way.",
    min: 0.0,
    max: 1.0,
    default: 0.005,
};
const MAX_ITERATIONS: IntParam = max_iterations_of(
    "Cycles at most (each ant builds one grid per cycle) before giving up.",
    10_000,
);

/// The ant colony system with constraint propagation and best-value evaporation.
pub const PSEUDOCODE: &[Line] = &[
    line(0, "ANT-COLONY(grid):"),
    step(
        1,
        "propagate the givens: the naked and hidden singles they force are fixed",
        &[Mark::Assign(Rule::Filtered)],
    ),
    line(1, "τ ← 1 / cells for every cell and digit; best ← none"),
    line(1, "repeat max_iterations cycles:"),
    line(2, "for each ant:"),
    step(
        3,
        "start from the givens at a random cell (the cells they force fixed again)",
        &[Mark::Restart],
    ),
    line(3, "for each cell in turn, open and with candidates left:"),
    step(
        4,
        "fix the digit of highest τ (chance q0), else one drawn ∝ τ; τ ← (1 − ξ)τ + ξτ0",
        &[Mark::Assign(Rule::Decision)],
    ),
    step(
        4,
        "propagate: naked and hidden singles (a cell left empty is failed)",
        &[
            Mark::Assign(Rule::NakedSingle),
            Mark::Assign(Rule::HiddenSingle),
        ],
    ),
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
    description: "Ants fix digits cell by cell, guided by pheromone, each choice propagated (naked and hidden singles); the best grid is reinforced, with best-value evaporation against stagnation (Lloyd & Amos 2019).",
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
};

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
            max_iterations: MAX_ITERATIONS.read(args).max(1) as u64,
            seed: args.seed,
        }
    }
}

#[cfg(test)]
mod tests;
