//! Simulated annealing (Lewis 2007, "Metaheuristics can solve sudoku puzzles"), the metaheuristic
//! the colouring, tabu and genetic papers compare against.
//!
//! The state is a [`BlockFill`]: every box a permutation of its digits, givens fixed. A move swaps
//! two free cells of one box; the cost is the digits missing from each row plus each column.
//! Moves that do not raise the cost are taken; a worse one with probability exp(−Δ/t).
//!
//! Schedule, as in the paper: the initial temperature is the standard deviation of the cost over
//! a sample of random moves from the start state (we take 200, always accepted, then go back to
//! the start); t ← 0.99·t after each Markov chain of (free cells)² moves; after 20 chains without
//! improvement the temperature is reset to the initial one (a reheat; the state is kept). Our
//! reading of "no improvement": the lowest cost a chain reaches is not below the previous chain's
//! lowest. (Measuring against the best ever would reheat forever in the hot phase, where the cost
//! wanders above its start for far more than 20 chains, and the search would never cool.) The run ends at cost 0 (solved) or when `max_iterations`
//! moves have been made.

use crate::words::prose;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::blockfill::{emit_fill, BlockFill, Blocks, FreeCells};
use crate::grid::Grid;
use crate::pseudocode::{line, step, Line, Mark};
use crate::solve::{Halt, Limits, Outcome, Solver, Tracker};
use crate::spec::{Args, Branching, Family, IntParam, RealParam, Spec, WorkCounter};
use crate::trace::{Event, Observer, Rule};

/// Trial moves whose cost spread sets the initial temperature.
const TRIAL_MOVES: usize = 200;

/// Lewis's simulated annealing on box permutations.
#[derive(Clone, Debug)]
pub struct Annealing {
    /// t ← cooling · t after each Markov chain.
    pub cooling: f64,
    /// Chains without a new best before the temperature goes back to its start value.
    pub reheat_after: u32,
    /// Moves at most.
    pub max_iterations: u64,
    pub seed: u64,
}

impl Default for Annealing {
    fn default() -> Self {
        Annealing {
            cooling: COOLING.default,
            reheat_after: REHEAT_AFTER.default as u32,
            max_iterations: MAX_ITERATIONS.default as u64,
            seed: 0,
        }
    }
}

/// Standard deviation of the cost along `TRIAL_MOVES` random swaps (all accepted) from `start`.
fn initial_temperature<R: Rng>(start: &BlockFill, free: &FreeCells, rng: &mut R) -> f64 {
    let mut probe = start.clone();
    let costs: Vec<f64> = (0..TRIAL_MOVES)
        .filter_map(|_| {
            let (a, b) = free.random_pair(rng)?;
            probe.swap(a, b);
            Some(probe.cost() as f64)
        })
        .collect();
    if costs.len() < 2 {
        return 1.0;
    }
    let mean = costs.iter().sum::<f64>() / costs.len() as f64;
    let variance = costs.iter().map(|c| (c - mean).powi(2)).sum::<f64>() / costs.len() as f64;
    variance.sqrt().max(0.1)
}

impl Solver for Annealing {
    fn solve<O: Observer + ?Sized>(&mut self, puzzle: &Grid, observer: &mut O) -> Outcome {
        let mut rng = Pcg64Mcg::seed_from_u64(self.seed);
        let mut tracker = Tracker::new(observer, Limits::iterations(self.max_iterations));
        if !puzzle.conflicts().is_empty() {
            return tracker.finish(puzzle, Ok(None));
        }
        let free = FreeCells::new(puzzle, Blocks::Boxes);
        let mut state = BlockFill::random(puzzle, &free, &mut rng);
        if free.swappable.is_empty() && state.cost() > 0 {
            // No box has two free cells: the fill is the only one that keeps the boxes, and it
            // breaks a row or a column, so no solution exists.
            return tracker.finish(puzzle, Ok(None));
        }
        let result = (|| -> Result<Vec<u8>, Halt> {
            emit_fill(&state, &mut tracker)?;
            if state.cost() == 0 {
                return Ok(state.values().to_vec());
            }
            let start_temperature = initial_temperature(&state, &free, &mut rng);
            let chain = (free.count() * free.count()).max(1);
            let cell_events = tracker.wants_cell_events();
            let mut temperature = start_temperature;
            let mut best = state.cost();
            tracker.improved(best);
            let mut step = 0u32;
            let mut since_improvement = 0u32;
            let mut previous_chain_low = u32::MAX;
            loop {
                let mut chain_low = state.cost();
                for _ in 0..chain {
                    tracker.iteration()?;
                    let Some((a, b)) = free.random_pair(&mut rng) else {
                        unreachable!("checked above: a box has two free cells")
                    };
                    let delta = state.swap_delta(a, b);
                    if delta <= 0 || rng.random::<f64>() < (-(delta as f64) / temperature).exp() {
                        state.swap(a, b);
                        if cell_events {
                            tracker.emit(Event::Swap {
                                a: a as u16,
                                b: b as u16,
                            })?;
                        }
                        chain_low = chain_low.min(state.cost());
                        best = best.min(state.cost());
                        tracker.improved(state.cost());
                        if state.cost() == 0 {
                            // Close the chain that reached the solution, so the last report
                            // shows cost 0.
                            tracker.emit(Event::Temperature {
                                step: step + 1,
                                temperature: temperature as f32,
                                cost: 0,
                                best: 0,
                            })?;
                            return Ok(state.values().to_vec());
                        }
                    }
                }
                step += 1;
                if chain_low < previous_chain_low {
                    since_improvement = 0;
                } else {
                    since_improvement += 1;
                }
                previous_chain_low = chain_low;
                tracker.emit(Event::Temperature {
                    step,
                    temperature: temperature as f32,
                    cost: state.cost(),
                    best,
                })?;
                if since_improvement >= self.reheat_after.max(1) {
                    temperature = start_temperature;
                    since_improvement = 0;
                    previous_chain_low = u32::MAX;
                    tracker.stats.restarts += 1;
                } else {
                    temperature *= self.cooling;
                }
            }
        })();
        tracker.finish_found(puzzle, result)
    }
}

const COOLING: RealParam = RealParam {
    name: "cooling",
    description: prose("Temperature factor after each Markov chain of (free cells)² moves."),
    min: 0.5,
    max: 0.999_999,
    default: 0.99,
};
const REHEAT_AFTER: IntParam = IntParam {
    name: "reheat_after",
    description: prose("Chains without improvement before the temperature is reset."),
    min: 1,
    max: 1_000_000,
    default: 20,
};
const MAX_ITERATIONS: IntParam = IntParam {
    name: "max_iterations",
    description: prose("Moves at most before giving up."),
    min: 1,
    max: i64::MAX,
    default: 20_000_000,
};

/// Simulated annealing on box permutations.
pub const PSEUDOCODE: &[Line] = &[
    line(0, "ANNEAL(grid):"),
    step(
        1,
        "fill each box with its missing digits at random",
        &[Mark::Assign(Rule::Step)],
    ),
    line(1, "T ← the spread of the cost over 200 trial swaps"),
    line(1, "repeat until max_iterations moves:"),
    line(2, "(free cells)² times:"),
    line(
        3,
        "pick two free cells of one box; Δ ← cost change of swapping them",
    ),
    step(
        3,
        "if Δ ≤ 0 or a random draw < e^(−Δ/T): swap them",
        &[Mark::Swap],
    ),
    line(3, "cost 0: return solved"),
    step(
        2,
        "T ← cooling · T; after reheat_after chains with no new best, T ← its start",
        &[Mark::Temperature],
    ),
    line(1, "return gave up"),
];

/// The registry's entry.
pub const SPEC: Spec = Spec {
    id: "annealing",
    name: "Simulated annealing (Lewis 2007)",
    family: Family::Heuristic,
    description: prose("Boxes as permutations, in-box swaps, cost = digits missing per row and column; geometric cooling with reheats (Lewis 2007)."),
    params: &[COOLING.spec(), REHEAT_AFTER.spec(), MAX_ITERATIONS.spec()],
    budget: Some(MAX_ITERATIONS.name),
    pseudocode: PSEUDOCODE,
    counters: &[WorkCounter::Iterations, WorkCounter::Reheats],
    check: None,
    branching: Branching::Cell,
};

/// The algorithm in plain words, for newcomers (the help page, `sudoku list`).
pub const IN_PLAIN_WORDS: &str = "Fills each box with its missing digits, then swaps two cells in a box. A swap that adds clashes is still accepted now and then, less often as the \"temperature\" falls, which lets it climb out of dead ends; it heats up again when stuck.";

impl Annealing {
    pub fn from_args(args: &Args) -> Annealing {
        Annealing {
            cooling: COOLING.read(args),
            reheat_after: REHEAT_AFTER.read(args).max(1) as u32,
            max_iterations: MAX_ITERATIONS.read(args).max(1) as u64,
            seed: args.seed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::test_support::*;
    use crate::solve::{Limit, Status};
    use crate::trace::NullObserver;

    #[test]
    fn solves_an_easy_puzzle_and_the_trace_replays_to_the_solution() {
        let puzzle: Grid = EASY.parse().unwrap();
        let annealing = Annealing {
            seed: 3,
            ..Annealing::default()
        };
        let (_, events) = solves_and_replays(annealing, &puzzle);
        assert!(events
            .iter()
            .any(|e| matches!(e, Event::Temperature { .. })));
    }

    #[test]
    fn same_seed_same_run_and_the_budget_is_kept() {
        let empty = Grid::empty(crate::Size::NINE);
        let run = |seed| {
            Annealing {
                max_iterations: 5_000,
                seed,
                ..Annealing::default()
            }
            .solve(&empty, &mut NullObserver)
        };
        let (a, b) = (run(9), run(9));
        assert_eq!(a, b);
        if a.status != Status::Solved {
            assert_eq!(a.status, Status::GaveUp(Limit::Iterations(5_000)));
            assert_eq!(a.stats.iterations, 5_000);
        }
    }
}
