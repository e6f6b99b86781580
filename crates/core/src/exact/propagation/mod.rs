//! The lab's fast exact engine: candidates as bit sets, reasoned on a whole set at a time.
//!
//! Two formulations of the same steps (naked and hidden singles, locked candidates where they
//! come for free, a search on the most constrained cell), one per layout:
//!
//! - `bands`: 9×9, one 27-bit word per digit and band (three rows), the whole settling done
//!   by table on a word at a time.
//! - `boards`: any size, one bit board per digit (4×4, 16×16 and 25×25 run it; its 9×9
//!   instance is kept as a test oracle for the band engine, which is 2–3× faster there). Before
//!   it branches it probes the two-candidate cells (`boards::probe`): on the larger grids a
//!   search node is dear and the trees deep, and probing keeps them a few hundred nodes.
//!
//! Both count solutions up to a limit ([`count_solutions`]), and both report every step
//! through the observer when one listens.

use crate::grid::Grid;
use crate::pseudocode::{line, step, Line, Mark};
use crate::solve::{Halt, Limits, Outcome, Solver, Tracker};
use crate::spec::{max_nodes, Args, Branching, Family, IntParam, Spec, WorkCounter};
use crate::trace::{NullObserver, Observer, Rule};
use crate::words::prose;

mod bands;
mod boards;
mod cpu;

use boards::Engine;

/// Digit bit boards + naked and hidden singles + bit-parallel most-constrained-cell choice.
#[derive(Clone, Debug, Default)]
pub struct Propagation {
    pub limits: Limits,
}

impl Solver for Propagation {
    fn solve<O: Observer + ?Sized>(&mut self, puzzle: &Grid, observer: &mut O) -> Outcome {
        let mut tracker = Tracker::new(observer, self.limits);
        let mut solution = None;
        let result = search_any_size(puzzle, 1, &mut tracker, &mut |values| {
            solution = Some(puzzle.with_values(values));
        });
        tracker.finish_solved(puzzle, result.map(|_| solution))
    }
}

/// How many solutions a puzzle has, counted up to a limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SolutionCount {
    /// Solutions found (at most the limit).
    pub count: u64,
    /// True if the whole search space was explored (so `count` is exact).
    pub exact: bool,
}

impl SolutionCount {
    /// Exactly one solution.
    pub fn is_unique(&self) -> bool {
        self.exact && self.count == 1
    }
}

/// Counts the solutions of a puzzle, stopping at `limit` (use 2 for a uniqueness check).
pub fn count_solutions(puzzle: &Grid, limit: u64) -> SolutionCount {
    count_solutions_within(puzzle, limit, Limits::NONE).expect("no budget, no give-up")
}

/// [`count_solutions`] within a search budget: `None` if the budget ran out before the count was
/// settled (neither `limit` solutions found nor the search space exhausted).
pub fn count_solutions_within(puzzle: &Grid, limit: u64, budget: Limits) -> Option<SolutionCount> {
    let limit = limit.max(1);
    // In wasm, through the same `dyn Observer` instance of the engine that the page's worker
    // runs with: one copy of the engine in the worker's module instead of two.
    #[cfg(target_arch = "wasm32")]
    let observer: &mut dyn Observer = &mut NullObserver;
    #[cfg(not(target_arch = "wasm32"))]
    let observer = &mut NullObserver;
    let mut tracker = Tracker::new(observer, budget);
    let mut found = 0u64;
    let result = search_any_size(puzzle, limit, &mut tracker, &mut |_| found += 1);
    let count = result.ok()?;
    debug_assert_eq!(count, found);
    Some(SolutionCount {
        count,
        exact: count < limit,
    })
}

/// Runs the engine instance of the puzzle's size.
fn search_any_size<O: Observer + ?Sized>(
    puzzle: &Grid,
    limit: u64,
    tracker: &mut Tracker<'_, O>,
    on_solution: &mut dyn FnMut(&[u8]),
) -> Result<u64, Halt> {
    match puzzle.size().n() {
        4 => Engine::<1, 4>::new().search(puzzle, limit, tracker, on_solution),
        9 => bands::search(puzzle, limit, tracker, on_solution),
        16 => Engine::<4, 16>::new().search(puzzle, limit, tracker, on_solution),
        _ => Engine::<10, 25>::new().search(puzzle, limit, tracker, on_solution),
    }
}

/// The search-node budget (0 = none).
const MAX_NODES: IntParam = max_nodes(0);

/// The engine in pseudo-code (the 9×9 band engine does the same steps word by word).
pub const PSEUDOCODE: &[Line] = &[
    line(0, "SOLVE(grid):"),
    line(
        1,
        "B[d] ← the cells that may hold digit d, one bit board per digit",
    ),
    step(
        1,
        "place each given",
        &[Mark::Assign(Rule::Given), Mark::Eliminate(Rule::Given)],
    ),
    line(1, "PROPAGATE:"),
    line(2, "repeat:"),
    step(
        3,
        "a cell in exactly one board: place its digit (naked single)",
        &[
            Mark::Assign(Rule::NakedSingle),
            Mark::Eliminate(Rule::NakedSingle),
        ],
    ),
    step(
        3,
        "a unit where a changed digit has one place: place it (hidden single)",
        &[
            Mark::Assign(Rule::HiddenSingle),
            Mark::Eliminate(Rule::HiddenSingle),
        ],
    ),
    step(
        3,
        "locked candidates: a digit's places in a box on one line, or on a line in one box, clear the rest of the other unit (9×9: by table on band words, with singles and column claims)",
        &[
            Mark::Assign(Rule::Propagation),
            Mark::Eliminate(Rule::Propagation),
        ],
    ),
    step(
        3,
        "placing d in c clears c from the other boards and c's peers from B[d]",
        &[Mark::Eliminate(Rule::Peer)],
    ),
    line(
        2,
        "until nothing changes; a cell or unit with no place: fail",
    ),
    line(1, "SEARCH:"),
    line(
        2,
        "sizes but 9×9, once a guess has failed: PROBE each two-candidate cell c = {a, b}: singles on a copy with c = a, on one with c = b",
    ),
    step(
        3,
        "one copy fails: place the other digit (no guess); PROPAGATE; probe again",
        &[Mark::Assign(Rule::Probe), Mark::Eliminate(Rule::Probe)],
    ),
    line(3, "both fail: fail"),
    line(
        2,
        "c ← the probed cell whose copies removed most (product); 9×9: the two-candidate cell with most open neighbours; else the fewest candidates",
    ),
    line(2, "for d in c's candidates, on a copy of the boards:"),
    step(3, "guess c = d", &[Mark::Guess]),
    step(
        3,
        "place d in c; PROPAGATE",
        &[
            Mark::Assign(Rule::Decision),
            Mark::Eliminate(Rule::Decision),
        ],
    ),
    line(3, "if no contradiction and SEARCH: return solved"),
    step(3, "restore the copy", &[Mark::Backtrack]),
    line(2, "return fail"),
];

/// The registry's entry for this solver.
pub const SPEC: Spec = Spec {
    id: "propagation",
    name: "Propagation engine (band words, locked candidates, singles, probing, MRV + degree)",
    family: Family::Exact,
    description: prose("9×9: one 27-bit word per digit and band, locked candidates and hidden singles by table, naked singles, column claims; branches on the two-candidate cell with the most open neighbours. Other sizes: one bit board per digit, naked and hidden singles, locked candidates (pointing and claiming) for the digits that changed; before branching each two-candidate cell is probed (each digit tried on a copy with singles): a digit that fails gives the other, else the branch is the cell whose two trials removed most."),
    params: &[MAX_NODES.spec()],
    budget: Some(MAX_NODES.name),
    pseudocode: PSEUDOCODE,
    counters: &[WorkCounter::Nodes, WorkCounter::Backtracks, WorkCounter::Propagations],
    check: None,
    branching: Branching::Cell,
};

/// The algorithm in plain words, for newcomers (the help page, `sudoku list`).
pub const IN_PLAIN_WORDS: &str = "The lab's fastest exact solver. It applies the simple rules (a cell with one candidate, a digit with one place, a digit locked in one line of a box) to the whole grid at once with bit tricks, and guesses only when they all stop.";

impl Propagation {
    pub fn from_args(args: &Args) -> Propagation {
        Propagation {
            limits: Limits::nodes(MAX_NODES.read(args).max(0) as u64),
        }
    }
}

#[cfg(test)]
mod tests;
