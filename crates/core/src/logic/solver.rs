//! `logic`, the human-style solver as a registry algorithm: it applies the easiest technique that
//! works, step after step, reporting each placement and elimination with its technique; where no
//! technique applies it guesses on a cell with the fewest candidates (and says so), goes on with
//! the techniques, and backtracks from a contradiction.

use super::{Board, Contradiction, Step, Technique};
use crate::bits::{digit_bit, digits};
use crate::grid::Grid;
use crate::pseudocode::{line, step, Line, Mark};
use crate::size::Geometry;
use crate::solve::{Halt, Limits, Outcome, Solver, Tracker};
use crate::spec::{max_nodes, Args, Branching, Family, IntParam, Spec, WorkCounter};
use crate::trace::{Observer, Reason, Rule};

/// The human-style solver.
#[derive(Clone, Debug, Default)]
pub struct Logic {
    pub limits: Limits,
}

/// Why a step's digits move, as events say it.
fn reason(step: &Step) -> Reason {
    match step.technique {
        Technique::NakedSingle => Reason::NAKED_SINGLE,
        Technique::HiddenSingle => Reason::hidden_single(step.units.first().copied().unwrap_or(0)),
        technique => Reason::technique(technique.index()),
    }
}

/// Places `digit` and reports it with the peers it leaves.
fn place<O: Observer + ?Sized>(
    board: &mut Board,
    geometry: &Geometry,
    (cell, digit): (usize, u8),
    why: Option<Reason>,
    tracker: &mut Tracker<'_, O>,
) -> Result<Result<(), Contradiction>, Halt> {
    let removed = match board.place(geometry, cell, digit) {
        Ok(removed) => removed,
        Err(e) => return Ok(Err(e)),
    };
    if let Some(why) = why {
        tracker.assign(cell, digit, why)?;
    }
    for peer in removed {
        tracker.eliminate(peer, digit, Reason::peer(cell))?;
    }
    Ok(Ok(()))
}

/// Applies a step, reporting every change.
fn apply<O: Observer + ?Sized>(
    board: &mut Board,
    geometry: &Geometry,
    step: &Step,
    tracker: &mut Tracker<'_, O>,
) -> Result<Result<(), Contradiction>, Halt> {
    let why = reason(step);
    for &(cell, digit) in step.removals() {
        if board.candidates(cell) & digit_bit(digit) != 0 {
            board.eliminate(cell, digit);
            tracker.eliminate(cell, digit, why)?;
        }
    }
    for &placement in &step.placements {
        if let Err(e) = place(board, geometry, placement, Some(why), tracker)? {
            return Ok(Err(e));
        }
    }
    Ok(board.check(geometry))
}

fn search<O: Observer + ?Sized>(
    board: &mut Board,
    geometry: &Geometry,
    depth: u32,
    tracker: &mut Tracker<'_, O>,
) -> Result<bool, Halt> {
    while !board.is_solved() {
        let Some(step) = board.next_step(geometry) else {
            break;
        };
        if apply(board, geometry, &step, tracker)?.is_err() {
            return Ok(false);
        }
    }
    if board.is_solved() {
        return Ok(true);
    }
    // No technique applies: guess on a cell with the fewest candidates.
    let cell = (0..board.size().cells())
        .filter(|&c| board.values()[c] == 0)
        .min_by_key(|&c| board.candidates(c).count_ones())
        .expect("an unsolved board has an empty cell");
    for value in digits(board.candidates(cell)) {
        tracker.guess(cell, value, depth)?;
        let mut trial = board.clone();
        let placed = place(&mut trial, geometry, (cell, value), None, tracker)?;
        if placed.is_ok()
            && trial.check(geometry).is_ok()
            && search(&mut trial, geometry, depth + 1, tracker)?
        {
            *board = trial;
            return Ok(true);
        }
        tracker.backtrack(depth)?;
    }
    Ok(false)
}

impl Solver for Logic {
    fn solve<O: Observer + ?Sized>(&mut self, puzzle: &Grid, observer: &mut O) -> Outcome {
        let mut tracker = Tracker::new(observer, self.limits);
        if !super::ALL_TECHNIQUES {
            // A build without forcing chains (the page's first-load worker): never reached, since
            // `Algorithm::run` refuses an algorithm this build cannot run.
            return tracker.finish(puzzle, Err(Halt::Limit(crate::solve::Limit::Nodes(0))));
        }
        let size = puzzle.size();
        let geometry = Geometry::new(size);
        let Ok(mut board) = Board::with_uniqueness(puzzle, &geometry) else {
            return tracker.finish(puzzle, Ok(None));
        };
        let result = (|| {
            // The givens' peers lose the givens' digits (what a player pencils in first).
            for cell in 0..size.cells() {
                if board.values()[cell] != 0 {
                    continue;
                }
                let mut reported = 0u32;
                for &peer in &geometry.peers[cell] {
                    let v = board.values()[peer];
                    if v != 0 && reported & digit_bit(v) == 0 {
                        reported |= digit_bit(v);
                        tracker.eliminate(cell, v, Reason::peer(peer))?;
                    }
                }
            }
            search(&mut board, &geometry, 1, &mut tracker)
        })();
        let values = board.values().to_vec();
        tracker.finish(
            puzzle,
            result.map(|found| found.then_some(values.as_slice())),
        )
    }
}

/// The search-node budget (guesses; 0 = none).
const MAX_NODES: IntParam = max_nodes(1_000_000);

/// The human-style solver.
pub const PSEUDOCODE: &[Line] = &[
    line(0, "SOLVE(grid):"),
    line(
        1,
        "pencil in every cell the digits its row, column and box leave",
    ),
    line(1, "while the grid is not full:"),
    line(2, super::technique::TRY_LINE),
    step(
        2,
        "a single: place its digit",
        &[
            Mark::Assign(Rule::NakedSingle),
            Mark::Assign(Rule::HiddenSingle),
        ],
    ),
    step(
        2,
        "any other technique: place or remove what it proves",
        &[
            Mark::Assign(Rule::Technique),
            Mark::Eliminate(Rule::Technique),
        ],
    ),
    step(
        3,
        "a placed digit (a given too) leaves its row, column and box",
        &[Mark::Eliminate(Rule::Peer)],
    ),
    line(
        2,
        "a cell with no candidate, a digit with no place: contradiction",
    ),
    line(2, "no technique applies:"),
    step(
        3,
        "guess a candidate of a cell with the fewest, and go on",
        &[Mark::Guess],
    ),
    step(
        3,
        "contradiction: undo the guess, try the next",
        &[Mark::Backtrack],
    ),
    line(1, "return the grid"),
];

/// The registry's entry.
pub const SPEC: Spec = Spec {
    id: "logic",
    name: "Human-style logic (techniques, then guesses)",
    family: Family::Exact,
    description: crate::words::prose(super::technique::DESCRIPTION),
    params: &[MAX_NODES.spec()],
    budget: Some(MAX_NODES.name),
    pseudocode: PSEUDOCODE,
    // Its guesses are a safety net no puzzle has reached (forcing chains finish every one).
    counters: &[WorkCounter::Propagations],
    check: None,
    branching: Branching::Cell,
};

/// The algorithm in plain words, for newcomers (the help page, `sudoku list`).
pub const IN_PLAIN_WORDS: &str = "Solves the way people do: only with named techniques such as singles, pairs, X-Wing and chains, easiest first, saying why in words. The hardest technique it needs gives the puzzle its rating. It guesses, and says so, only where no technique applies.";

impl Logic {
    pub fn from_args(args: &Args) -> Logic {
        Logic {
            limits: Limits::nodes(MAX_NODES.read(args).max(0) as u64),
        }
    }
}
