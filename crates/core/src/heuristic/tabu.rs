//! Tabu search hybrids (Soto et al. 2015, alldifferent + tabu search; Soto et al. 2013, AC3-TS):
//! one tabu core, two filters from [`crate::domain`].
//!
//! The search moves among partial assignments that the filter has not refuted. The domains are
//! always the filter's fixpoint on the givens plus the search's own assignments; a cell whose
//! domain is a single digit counts as filled.
//!
//! - Cost: the cells not yet filled — what remains to complete the puzzle. Cost 0 means every
//!   domain is a single digit the filter accepted, which is a valid grid (both filters reject
//!   two equal singletons in a unit).
//! - Neighbourhood: assign a digit from its filtered domain to an unfilled cell. The candidate
//!   list holds `candidates` such moves: unfilled cells by increasing domain size (ties in random
//!   order), each with its digits in random order. Each candidate is evaluated by running the
//!   filter again (the filter is applied at every iteration): its cost is the cost after
//!   filtering, or a refutation (wipeout).
//! - Move choice: the best candidate that is not tabu, or a tabu one that beats the best cost
//!   found so far (aspiration). A refuted candidate is made tabu.
//! - When every candidate is refuted or tabu the search is stuck: it drops one of its own
//!   assignments at random (the dropped cell–digit pair becomes tabu, so it is not retried at
//!   once) and filters again from the givens and the remaining assignments.
//! - Tabu list: cell–digit pairs with the iteration until which they stay tabu (`tenure`).
//! - Stops at cost 0 or after `max_iterations` iterations (the papers' 10,000).
//!
//! Where the papers are terse: the candidate list size (default 10) and the tenure (default 10)
//! are ours; the alldifferent filter defaults to full GAC (Régin's matching), since bounds
//! consistency alone removes no digit inside a domain's range and with bit-set domains prunes
//! less than AC-3 (see EXPERIMENTS.md) — `consistency = bounds` selects Hall intervals only.

use crate::words::prose;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::bits::{digit_bit, digits, is_single, lowest_digit};
use crate::domain::{self, Filter};
use crate::grid::Grid;
use crate::pseudocode::{line, step, Line, Mark};
use crate::size::Geometry;
use crate::solve::{Halt, Limits, Outcome, Solver, Tracker};
use crate::spec::{
    max_iterations, Args, Branching, ChoiceParam, Family, IntParam, Spec, WorkCounter,
};
use crate::trace::{Event, Observer, Reason, Rule};

/// Tabu search over filtered partial assignments.
#[derive(Clone, Debug)]
pub struct Tabu {
    pub filter: Filter,
    /// Iterations at most.
    pub max_iterations: u64,
    /// Iterations a cell–digit pair stays tabu.
    pub tenure: u64,
    /// Moves evaluated per iteration.
    pub candidates: usize,
    pub seed: u64,
}

impl Tabu {
    pub fn new(filter: Filter) -> Tabu {
        Tabu {
            filter,
            max_iterations: MAX_ITERATIONS.default as u64,
            tenure: TENURE.default as u64,
            candidates: CANDIDATES.default as usize,
            seed: 0,
        }
    }
}

/// Cells whose domain is not a single digit.
fn unfilled(domains: &[u32]) -> u32 {
    domains.iter().filter(|&&d| !is_single(d)).count() as u32
}

/// Reports how the board changed between two domain states: cells that became filled (Assign)
/// or stopped being filled (Unassign). The `decided` cell is the move's own; the other new
/// values are the filter's.
fn report_change<O: Observer + ?Sized>(
    before: &[u32],
    after: &[u32],
    decided: Option<usize>,
    tracker: &mut Tracker<'_, O>,
) -> Result<(), Halt> {
    if !tracker.wants_cell_events() {
        return Ok(());
    }
    for (cell, (&was, &now)) in before.iter().zip(after).enumerate() {
        let reason = if decided == Some(cell) {
            Reason::DECISION
        } else {
            Reason::FILTERED
        };
        match (is_single(was), is_single(now)) {
            (false, true) => tracker.emit(Event::Assign {
                cell: cell as u16,
                value: lowest_digit(now),
                reason,
            })?,
            (true, false) => tracker.emit(Event::Unassign {
                cell: cell as u16,
                value: lowest_digit(was),
            })?,
            (true, true) if was != now => tracker.emit(Event::Assign {
                cell: cell as u16,
                value: lowest_digit(now),
                reason,
            })?,
            _ => {}
        }
    }
    Ok(())
}

impl Solver for Tabu {
    fn solve<O: Observer + ?Sized>(&mut self, puzzle: &Grid, observer: &mut O) -> Outcome {
        let mut rng = Pcg64Mcg::seed_from_u64(self.seed);
        let mut tracker = Tracker::new(observer, Limits::iterations(self.max_iterations));
        let geometry = Geometry::new(puzzle.size());
        let cells = puzzle.size().cells();
        let n = puzzle.size().n();
        let filter = self.filter;
        let refilter = |domains: &mut [u32], changed: Option<&[usize]>| {
            domain::refilter(&geometry, domains, filter, changed).is_ok()
        };

        let start = domain::initial_domains(puzzle);
        let mut root = start.clone();
        if !puzzle.conflicts().is_empty() || !refilter(&mut root, None) {
            // The filter refutes the givens: a proof that no solution exists.
            return tracker.finish(puzzle, Ok(None));
        }
        let result = (|| -> Result<Vec<u8>, Halt> {
            report_change(&start, &root, None, &mut tracker)?;
            let mut domains = root.clone();
            let mut decisions: Vec<(usize, u8)> = Vec::new();
            // tabu_until[cell * n + digit - 1] = first iteration the pair is allowed again.
            let mut tabu_until = vec![0u64; cells * n];
            let mut cost = unfilled(&domains);
            let mut best = cost;
            tracker.improved(cost);
            let mut order: Vec<(u32, u32, usize)> = Vec::with_capacity(cells);
            let mut trial = vec![0u32; cells];
            let mut chosen = vec![0u32; cells];
            loop {
                if cost == 0 {
                    return Ok(domains.iter().map(|&d| lowest_digit(d)).collect());
                }
                tracker.iteration()?;
                let iteration = tracker.stats.iterations;
                // The candidate list: most constrained unfilled cells first, random digit order.
                order.clear();
                order.extend(
                    (0..cells)
                        .filter(|&c| !is_single(domains[c]))
                        .map(|c| (domains[c].count_ones(), rng.random::<u32>(), c)),
                );
                order.sort_unstable();
                let mut best_move: Option<(u32, usize, u8)> = None;
                let mut evaluated = 0;
                'cells: for &(_, _, cell) in &order {
                    let mut values: Vec<u8> = digits(domains[cell]).collect();
                    values.shuffle(&mut rng);
                    for value in values {
                        if evaluated == self.candidates.max(1) {
                            break 'cells;
                        }
                        evaluated += 1;
                        trial.copy_from_slice(&domains);
                        trial[cell] = digit_bit(value);
                        let pair = cell * n + value as usize - 1;
                        if !refilter(&mut trial, Some(&[cell])) {
                            tabu_until[pair] = iteration + self.tenure;
                            continue;
                        }
                        let after = unfilled(&trial);
                        let allowed = tabu_until[pair] <= iteration || after < best;
                        if allowed && best_move.is_none_or(|(c, _, _)| after < c) {
                            best_move = Some((after, cell, value));
                            chosen.copy_from_slice(&trial);
                        }
                    }
                }
                match best_move {
                    Some((after, cell, value)) => {
                        tracker.guess(cell, value, decisions.len() as u32 + 1)?;
                        report_change(&domains, &chosen, Some(cell), &mut tracker)?;
                        domains.copy_from_slice(&chosen);
                        decisions.push((cell, value));
                        cost = after;
                    }
                    None if !decisions.is_empty() => {
                        // Stuck: drop one of our assignments and filter again from the givens.
                        let (cell, value) =
                            decisions.swap_remove(rng.random_range(0..decisions.len()));
                        tabu_until[cell * n + value as usize - 1] = iteration + self.tenure;
                        tracker.stats.backtracks += 1;
                        trial.copy_from_slice(&root);
                        let cells: Vec<usize> = decisions.iter().map(|&(c, _)| c).collect();
                        for &(c, v) in &decisions {
                            trial[c] &= digit_bit(v);
                        }
                        // The remaining assignments were accepted together before; they still are.
                        let consistent = refilter(&mut trial, Some(&cells));
                        debug_assert!(consistent);
                        report_change(&domains, &trial, None, &mut tracker)?;
                        domains.copy_from_slice(&trial);
                        cost = unfilled(&domains);
                    }
                    None => {} // every candidate refuted or tabu at the root: try others next time
                }
                best = best.min(cost);
                tracker.improved(cost);
                tracker.emit(Event::Iteration {
                    iteration: iteration as u32,
                    cost,
                    best,
                })?;
            }
        })();
        tracker.finish_found(puzzle, result)
    }
}

const MAX_ITERATIONS: IntParam = max_iterations(10_000);
const TENURE: IntParam = IntParam {
    name: "tenure",
    description: prose("Iterations a refuted or dropped cell–digit pair stays tabu."),
    min: 0,
    max: 1_000_000,
    default: 10,
};
const CANDIDATES: IntParam = IntParam {
    name: "candidates",
    description: prose("Moves evaluated per iteration (the candidate list)."),
    min: 1,
    max: 10_000,
    default: 10,
};
const CONSISTENCY: ChoiceParam<Filter> = ChoiceParam {
    name: "consistency",
    description: prose("alldifferent filtering: full GAC by matching (gac) or bounds consistency by Hall intervals (bounds)."),
    ids: &["gac", "bounds"],
    values: &[Filter::AllDifferentGac, Filter::AllDifferent],
    default: 0,
};

/// The tabu search over filtered partial assignments.
pub const PSEUDOCODE: &[Line] = &[
    line(
        0,
        "FILTER(D): AC-3 or alldifferent to a fixpoint over every unit",
    ),
    step(
        1,
        "a cell left with one value takes it",
        &[Mark::Assign(Rule::Filtered)],
    ),
    line(0, "TABU(grid):"),
    line(1, "D ← FILTER(domains of the givens)"),
    line(1, "repeat max_iterations times:"),
    line(
        2,
        "moves ← up to `candidates` (cell, value) pairs from the open domains",
    ),
    line(
        2,
        "for each move: trial ← FILTER(D with cell = value); refuted: make it tabu",
    ),
    line(
        2,
        "pick the move leaving the fewest open cells, not tabu unless it beats the best",
    ),
    step(
        2,
        "if there is one: D ← its trial",
        &[Mark::Guess, Mark::Assign(Rule::Decision)],
    ),
    step(
        2,
        "else: drop a random earlier move (tabu now), FILTER again from the givens",
        &[Mark::Unassign],
    ),
    step(
        2,
        "cost ← open cells; best ← min(best, cost); 0: return solved",
        &[Mark::Iteration],
    ),
    line(1, "return gave up"),
];

/// The registry's entry for alldiff-TS.
pub const ALLDIFF: Spec = Spec {
    id: "tabu-alldiff",
    name: "Tabu search + alldifferent filtering",
    family: Family::Heuristic,
    description: prose("Assigns digits from alldifferent-filtered domains, filtering again after every move; tabu list, aspiration, random drops when stuck (Soto et al. 2015)."),
    params: &[CONSISTENCY.spec(), MAX_ITERATIONS.spec(), TENURE.spec(), CANDIDATES.spec()],
    budget: Some(MAX_ITERATIONS.name),
    pseudocode: PSEUDOCODE,
    counters: &[WorkCounter::Iterations, WorkCounter::Nodes, WorkCounter::Backtracks],
    check: None,
    branching: Branching::Cell,
};

/// The algorithm (alldiff) in plain words, for newcomers (the help page, `sudoku list`).
pub const ALLDIFF_IN_PLAIN_WORDS: &str = "Fills cells one at a time, each with a digit that \"all different\" reasoning still allows, and reasons again after every move. Choices that led to a contradiction are forbidden for a while (the tabu list), so it does not go round in circles; when every move is forbidden it takes back one of its own choices at random and goes on.";

/// The registry's entry for AC3-TS.
pub const AC3: Spec = Spec {
    id: "tabu-ac3",
    name: "Tabu search + AC-3 filtering",
    family: Family::Heuristic,
    description: prose("The same tabu search with AC-3 as the filter (Soto et al.'s AC3-TS)."),
    params: &[MAX_ITERATIONS.spec(), TENURE.spec(), CANDIDATES.spec()],
    budget: Some(MAX_ITERATIONS.name),
    pseudocode: PSEUDOCODE,
    counters: &[
        WorkCounter::Iterations,
        WorkCounter::Nodes,
        WorkCounter::Backtracks,
    ],
    check: None,
    branching: Branching::Cell,
};

/// The algorithm (ac3) in plain words, for newcomers (the help page, `sudoku list`).
pub const AC3_IN_PLAIN_WORDS: &str =
    "The same tabu search, with a simpler filter (AC-3) to remove impossible digits.";

impl Tabu {
    fn from_args(filter: Filter, args: &Args) -> Tabu {
        Tabu {
            filter,
            max_iterations: MAX_ITERATIONS.read(args).max(1) as u64,
            tenure: TENURE.read(args).max(0) as u64,
            candidates: CANDIDATES.read(args).max(1) as usize,
            seed: args.seed,
        }
    }

    pub fn alldiff(args: &Args) -> Tabu {
        Tabu::from_args(CONSISTENCY.read(args), args)
    }

    pub fn ac3(args: &Args) -> Tabu {
        Tabu::from_args(Filter::Ac3, args)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristic::test_support::*;
    use crate::solve::{Limit, Status};
    use crate::trace::{NullObserver, Recorder, Replay};
    use crate::verify::verify_solution;

    #[test]
    fn both_filters_solve_a_hard_puzzle_and_replay() {
        let puzzle: Grid = HARDEST.parse().unwrap();
        for filter in [Filter::Ac3, Filter::AllDifferentGac, Filter::AllDifferent] {
            let mut recorder = Recorder::default();
            let bounds_only = filter == Filter::AllDifferent;
            let outcome = Tabu {
                seed: 4,
                // Bounds consistency alone is weak here; a short run checks it stays sound.
                max_iterations: if bounds_only { 300 } else { 10_000 },
                ..Tabu::new(filter)
            }
            .solve(&puzzle, &mut recorder);
            if bounds_only && !outcome.is_solved() {
                assert_eq!(outcome.status, Status::GaveUp(Limit::Iterations(300)));
                continue;
            }
            assert_eq!(
                outcome.status,
                Status::Solved,
                "{filter:?} {:?}",
                outcome.stats
            );
            assert_eq!(verify_solution(&puzzle, &outcome.grid), Ok(()));
            let replay = Replay::after(&puzzle, &recorder.events);
            assert_eq!(replay.values, outcome.grid.values(), "{filter:?}");
        }
    }

    #[test]
    fn a_refuted_puzzle_has_no_solution_and_runs_repeat() {
        // Row 1 needs a 9 that its only free cell cannot take (the column has one).
        let mut values = vec![0u8; 81];
        values[..8].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
        values[8 + 9 * 4] = 9;
        let puzzle = Grid::from_givens(crate::Size::NINE, &values).unwrap();
        let outcome = Tabu::new(Filter::Ac3).solve(&puzzle, &mut NullObserver);
        assert_eq!(outcome.status, Status::NoSolution);

        let hard: Grid = HARDEST.parse().unwrap();
        let run = || {
            Tabu {
                max_iterations: 3,
                seed: 8,
                ..Tabu::new(Filter::Ac3)
            }
            .solve(&hard, &mut NullObserver)
        };
        let a = run();
        assert_eq!(a, run());
        assert_eq!(a.status, Status::GaveUp(Limit::Iterations(3)));
    }
}
