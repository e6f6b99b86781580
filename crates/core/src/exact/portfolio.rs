//! `portfolio`: the engine that suits the grid. The propagation engine first, and on 16×16
//! and 25×25 grids, once it has spent the search nodes that the SAT solver would take for the
//! whole puzzle, the SAT solver from the givens (whose time has no heavy tail on these grids;
//! the propagation engine's has). Whatever the puzzle, the work is then at most about twice the
//! better engine's (the classic rent-or-buy bound). The CLI's default exact engine, and the
//! uniqueness check the generator and `count` use ([`count_solutions`]).

use super::propagation::{count_solutions_within, Propagation, SolutionCount};
#[cfg(feature = "sat")]
use super::sat::Sat;
use super::sat::MAX_CONFLICTS;
use crate::grid::Grid;
use crate::pseudocode::{line, step, Line, Mark};
use crate::solve::{Limit, Limits, Outcome, Solver, Status};
use crate::spec::{Args, Branching, Family, IntParam, Spec, WorkCounter};
use crate::trace::{Event, Flow, Observer, Rule};
use crate::words::prose;

/// Search nodes of the propagation engine before the work is handed to SAT: about what one
/// SAT count costs on a minimal 25×25 puzzle (BENCHMARKS.md, "SAT": 42 ms ≈ 500 of the
/// engine's nodes there; on 16×16 no generated minimal puzzle needed 300). Smaller grids have
/// no tail to cut: the engine runs alone.
fn handover_nodes(n: usize) -> Option<u64> {
    match n {
        16 | 25 => Some(500),
        _ => None,
    }
}

/// The propagation engine, then (on large grids, past its node budget) the SAT solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct Portfolio {
    /// Nodes before the handover; `None`: `handover_nodes` of the grid's size.
    pub handover: Option<u64>,
    /// The second engine (its conflict budget is the portfolio's).
    #[cfg(feature = "sat")]
    pub sat: Sat,
}

impl Portfolio {
    pub fn from_args(args: &Args) -> Portfolio {
        let handover = HANDOVER.read(args);
        #[cfg(feature = "sat")]
        let mut sat = Sat::default();
        #[cfg(feature = "sat")]
        {
            sat.solver.max_conflicts = MAX_CONFLICTS.read(args).max(0) as u64;
        }
        Portfolio {
            handover: (handover > 0).then_some(handover as u64),
            #[cfg(feature = "sat")]
            sat,
        }
    }

    fn budget(&self, n: usize) -> Option<u64> {
        if cfg!(feature = "sat") {
            self.handover.or_else(|| handover_nodes(n))
        } else {
            None
        }
    }
}

impl Solver for Portfolio {
    fn solve<O: Observer + ?Sized>(&mut self, puzzle: &Grid, observer: &mut O) -> Outcome {
        let budget = self.budget(puzzle.size().n());
        let first = Propagation {
            limits: Limits::nodes(budget.unwrap_or(0)),
        }
        .solve(puzzle, observer);
        let Status::GaveUp(Limit::Nodes(spent)) = first.status else {
            return first;
        };
        if budget.is_none() {
            return first;
        }
        let handover = Event::Handover {
            nodes: u32::try_from(spent).unwrap_or(u32::MAX),
        };
        if observer.event(handover) == Flow::Stop {
            return Outcome {
                status: Status::Cancelled,
                ..first
            };
        }
        #[cfg(feature = "sat")]
        {
            let mut second = self.sat.solve(puzzle, observer);
            second.stats = sum(first.stats, second.stats);
            second
        }
        #[cfg(not(feature = "sat"))]
        first
    }
}

/// Both engines' work: search nodes (the SAT solver's decisions), dead ends (its conflicts),
/// propagations, restarts.
#[cfg(feature = "sat")]
fn sum(a: crate::solve::Stats, b: crate::solve::Stats) -> crate::solve::Stats {
    crate::solve::Stats {
        nodes: a.nodes + b.nodes,
        backtracks: a.backtracks + b.backtracks,
        propagations: a.propagations + b.propagations,
        iterations: a.iterations + b.iterations,
        restarts: a.restarts + b.restarts,
    }
}

/// Counts the solutions of a puzzle, stopping at `limit` (use 2 for a uniqueness check). A
/// build without the `sat` engine (the page's first-load worker) counts with the propagation
/// engine alone.
#[cfg(not(feature = "sat"))]
pub fn count_solutions(puzzle: &Grid, limit: u64) -> SolutionCount {
    count_solutions_within(puzzle, limit, Limits::NONE).expect("no budget, no give-up")
}

/// Counts the solutions of a puzzle, stopping at `limit` (use 2 for a uniqueness check).
#[cfg(feature = "sat")]
pub fn count_solutions(puzzle: &Grid, limit: u64) -> SolutionCount {
    let Some(budget) = handover_nodes(puzzle.size().n()) else {
        return count_solutions_within(puzzle, limit, Limits::NONE).expect("no budget, no give-up");
    };
    count_solutions_within(puzzle, limit, Limits::nodes(budget)).unwrap_or_else(|| {
        Sat::default()
            .count_solutions(puzzle, limit)
            .expect("no conflict budget, no give-up")
    })
}

/// Search nodes before the handover (0: by the grid's size).
const HANDOVER: IntParam = IntParam {
    name: "handover",
    description: prose("Nodes before SAT takes over (0: 500 on 16×16, 25×25; never below)."),
    min: 0,
    max: u32::MAX as i64,
    default: 0,
};

/// The two stages in pseudo-code; a step both engines take (a guess, a back-jump, a single)
/// is one line, as each event has one.
pub const PSEUDOCODE: &[Line] = &[
    line(0, "PORTFOLIO(grid): budget ← 500 nodes on 16×16, 25×25"),
    step(
        1,
        "place each given",
        &[Mark::Assign(Rule::Given), Mark::Eliminate(Rule::Given)],
    ),
    step(
        1,
        "singles",
        &[
            Mark::Assign(Rule::NakedSingle),
            Mark::Eliminate(Rule::NakedSingle),
            Mark::Assign(Rule::HiddenSingle),
            Mark::Eliminate(Rule::HiddenSingle),
        ],
    ),
    step(
        1,
        "locked candidates; peers",
        &[
            Mark::Assign(Rule::Propagation),
            Mark::Eliminate(Rule::Propagation),
            Mark::Eliminate(Rule::Peer),
        ],
    ),
    step(
        1,
        "probe",
        &[Mark::Assign(Rule::Probe), Mark::Eliminate(Rule::Probe)],
    ),
    step(1, "guess (SAT: decide)", &[Mark::Guess]),
    step(
        1,
        "place the guess",
        &[
            Mark::Assign(Rule::Decision),
            Mark::Eliminate(Rule::Decision),
        ],
    ),
    step(1, "back (SAT: back-jump)", &[Mark::Backtrack]),
    step(1, "over budget: to the givens, then SAT", &[Mark::Handover]),
    step(2, "conflict: learn a clause", &[Mark::Conflict]),
    step(
        2,
        "a learned clause forces",
        &[Mark::Assign(Rule::Learned), Mark::Eliminate(Rule::Learned)],
    ),
    step(2, "restart", &[Mark::Restart]),
];

/// The registry's entry for this solver.
pub const SPEC: Spec = Spec {
    id: "portfolio",
    name: "Portfolio (propagation, then SAT)",
    family: Family::Exact,
    description: prose(
        "The propagation engine; past 500 nodes on 16×16 and 25×25, SAT from the givens.",
    ),
    params: &[HANDOVER.spec(), MAX_CONFLICTS.spec()],
    budget: Some(MAX_CONFLICTS.name),
    pseudocode: PSEUDOCODE,
    // Its SAT half may restart (glucose's rule), which no puzzle tried here has needed: a front
    // end shows a counter that is not 0 even when undeclared.
    counters: &[
        WorkCounter::Nodes,
        WorkCounter::Backtracks,
        WorkCounter::Propagations,
    ],
    check: None,
    branching: Branching::Cell,
};

/// The algorithm in plain words, for newcomers (the help page, `sudoku list`).
pub const IN_PLAIN_WORDS: &str = "Runs the propagation solver first; when its search grows long on a 16×16 or 25×25 grid, it hands the puzzle to the SAT solver, which copes better with big grids.";

#[cfg(all(test, feature = "sat"))]
mod tests {
    use super::*;
    use crate::exact::fixtures::{puzzles, HARDEST, MINIMAL25};
    use crate::trace::{Recorder, Replay};
    use crate::verify_solution;

    /// A run that hands over: one `Handover` after the first engine's budget, the board back
    /// at the givens, then the SAT solver's events; the trace replays to the verified answer
    /// and the work is both engines'.
    #[test]
    fn a_handover_is_told_and_the_run_ends_in_a_verified_solution() {
        let mut grids = puzzles(HARDEST);
        grids.truncate(4);
        grids.extend(puzzles(MINIMAL25).into_iter().take(2));
        let mut handed = 0;
        for puzzle in &grids {
            let mut portfolio = Portfolio {
                handover: Some(1),
                ..Portfolio::default()
            };
            let mut recorder = Recorder::default();
            let outcome = portfolio.solve(puzzle, &mut recorder);
            assert!(outcome.is_solved(), "{}", puzzle.to_line());
            verify_solution(puzzle, &outcome.grid).unwrap();
            let handovers: Vec<usize> = (0..recorder.events.len())
                .filter(|&i| matches!(recorder.events[i], Event::Handover { .. }))
                .collect();
            let alone = Propagation::default().solve(puzzle, &mut Recorder::default());
            if alone.stats.nodes <= 1 {
                // Settled within one node: nothing to hand over.
                assert!(handovers.is_empty());
                continue;
            }
            assert_eq!(handovers.len(), 1, "{}", puzzle.to_line());
            handed += 1;
            let at = handovers[0];
            let replay = Replay::after(puzzle, &recorder.events[..=at]);
            assert_eq!(replay.values, puzzle.values(), "back at the givens");
            assert!(recorder.events[at + 1..].iter().any(|e| matches!(
                e,
                Event::Conflict { .. } | Event::Guess { .. }
            ) || e.is_cell_detail()));
            let replay = Replay::after(puzzle, &recorder.events);
            assert_eq!(replay.values, outcome.grid.values());
            assert!(outcome.stats.nodes > 1);
        }
        assert!(handed >= 3, "{handed} of {} handed over", grids.len());
    }

    /// On 9×9 the portfolio is the propagation engine: the same events, the same answer.
    #[test]
    fn small_grids_run_the_engine_alone() {
        for puzzle in puzzles(HARDEST).iter().take(5) {
            let (mut ours, mut engine) = (Recorder::default(), Recorder::default());
            let a = Portfolio::default().solve(puzzle, &mut ours);
            let b = Propagation::default().solve(puzzle, &mut engine);
            assert_eq!(a, b);
            assert_eq!(ours.events, engine.events);
        }
    }

    /// A cancel at the handover ends the run as cancelled, with the first engine's work.
    #[test]
    fn a_cancel_at_the_handover_is_a_cancel() {
        struct StopAtHandover(u32);
        impl Observer for StopAtHandover {
            fn event(&mut self, event: Event) -> Flow {
                if matches!(event, Event::Handover { .. }) {
                    self.0 += 1;
                    return Flow::Stop;
                }
                Flow::Continue
            }
        }
        let grids = puzzles(HARDEST);
        let puzzle = grids
            .iter()
            .find(|p| {
                Propagation::default()
                    .solve(p, &mut Recorder::default())
                    .stats
                    .nodes
                    > 1
            })
            .unwrap();
        let mut observer = StopAtHandover(0);
        let outcome = Portfolio {
            handover: Some(1),
            ..Portfolio::default()
        }
        .solve(puzzle, &mut observer);
        assert_eq!(observer.0, 1);
        assert_eq!(outcome.status, Status::Cancelled);
    }

    /// The seven minimal 25×25 puzzles that once outran the propagation engine's budget hand
    /// over to SAT (most of them), and the count is the engine's own, with a clue taken out
    /// (several solutions) as with the puzzle whole.
    #[test]
    fn the_handover_counts_what_the_engine_counts() {
        let grids = crate::exact::fixtures::puzzles(crate::exact::fixtures::MINIMAL25);
        let handed = grids
            .iter()
            .filter(|g| count_solutions_within(g, 2, Limits::nodes(1_000)).is_none())
            .count();
        assert!(handed >= 2, "{handed} handed over");
        for (i, puzzle) in grids.iter().enumerate() {
            assert!(count_solutions(puzzle, 2).is_unique());
            // (The engine's own count of an opened puzzle takes a second or more on some.)
            if i >= 1 {
                continue;
            }
            let given = (0..puzzle.size().cells())
                .find(|&c| puzzle.is_given(c))
                .unwrap();
            let mut values = puzzle.values().to_vec();
            values[given] = 0;
            let open = Grid::from_givens(puzzle.size(), &values).unwrap();
            let expected = count_solutions_within(&open, 3, Limits::NONE).unwrap();
            assert_eq!(count_solutions(&open, 3), expected);
        }
    }
}
