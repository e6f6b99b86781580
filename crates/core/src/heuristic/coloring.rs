//! Graph colouring inside a multi-start loop (Cunha, Silva & Maciel 2013).
//!
//! The board is the Sudoku graph (cells are vertices, cells sharing a unit are adjacent); a
//! solution is a proper n-colouring that keeps the givens' colours. One construction colours the
//! empty cells in the order of a breadth-first (CL) or depth-first (CP) traversal from an origin:
//!
//! - `color_vertex(v, max_list)` lists the colours 1..n that no coloured neighbour of v uses, in
//!   increasing order, stopping when the list holds `max_list` colours, and picks one of them
//!   uniformly at random; an empty list makes the construction fail.
//! - Breadth-first: colour the origin and queue it; pop a vertex, colour each uncoloured neighbour
//!   and queue it. Depth-first: colour the origin and push it; pop v, colour its first uncoloured
//!   neighbour u, push v then u.
//!
//! The multi-start loop repeats constructions from the givens, up to `max_iterations` of them, and stops at the
//! first complete colouring (which is proper by construction, and verified by the tests).
//!
//! Readings where the paper is terse, chosen here and kept fixed:
//! - Givens are pre-coloured and never change. The traversal passes through them (a given
//!   neighbour is visited and queued like a coloured one) so no region of empty cells is cut off.
//! - Origins: `first` = the first empty cell in reading order, `centre` = the empty cell nearest the
//!   centre (the centre itself when empty), `random` = an empty cell drawn anew for each
//!   construction, `mv` = the empty cell with the most coloured neighbours (first in reading order
//!   among equals). With no empty cell the puzzle is already complete.
//! - Neighbours are taken in ascending cell order (the graph's adjacency lists).

use crate::words::prose;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use crate::graph::Graph;
use crate::grid::Grid;
use crate::pseudocode::{line, step, Line, Mark};
use crate::solve::{Halt, Iteration, Limits, Outcome, Solver, Tracker};
use crate::spec::{
    max_iterations_of, Args, Branching, ChoiceParam, Family, IntParam, ParamSpec, Spec, WorkCounter,
};
use crate::trace::{Event, Observer, Reason, Rule};

/// The traversal that orders one construction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Traversal {
    /// CL: breadth-first.
    BreadthFirst,
    /// CP: depth-first.
    DepthFirst,
    /// Our variant (not in the paper): DSATUR order — next, the uncoloured cell whose coloured
    /// neighbours already use the most distinct colours (first in reading order among equals).
    Saturation,
}

/// Where a construction starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    First,
    Centre,
    Random,
    MostColouredNeighbours,
}

/// Multi-start graph colouring.
#[derive(Clone, Debug)]
pub struct Coloring {
    pub traversal: Traversal,
    pub origin: Origin,
    /// Restricted list size: at most this many usable colours are drawn from (1..=n).
    pub list_size: usize,
    /// Constructions at most.
    pub max_constructions: u64,
    pub seed: u64,
}

/// One construction's working state.
struct Construction<'g> {
    graph: &'g Graph,
    values: Vec<u8>,
    visited: Vec<bool>,
    coloured: u32,
    /// The cell no colour was left for, when a construction fails.
    stuck: Option<usize>,
}

impl Construction<'_> {
    /// `color_vertex`: a random colour among the first `list_size` usable ones, or `None`.
    fn color_vertex<R: Rng>(
        &self,
        v: usize,
        list_size: usize,
        n: usize,
        rng: &mut R,
    ) -> Option<u8> {
        let mut used = 0u32;
        for &u in &self.graph.adjacency[v] {
            let c = self.values[u as usize];
            if c != 0 {
                used |= 1 << (c - 1);
            }
        }
        // The list: the first `list_size` usable colours, ascending; draw one of them.
        let usable = (((1u64 << n) - 1) as u32) & !used;
        let len = (usable.count_ones() as usize).min(list_size);
        if len == 0 {
            return None;
        }
        let mut rest = usable;
        for _ in 0..rng.random_range(0..len) {
            rest &= rest - 1;
        }
        Some(rest.trailing_zeros() as u8 + 1)
    }

    /// Visits `v`: colours it if it is empty. `Ok(false)` if it cannot be coloured.
    fn visit<R: Rng, O: Observer + ?Sized>(
        &mut self,
        v: usize,
        list_size: usize,
        rng: &mut R,
        tracker: &mut Tracker<'_, O>,
    ) -> Result<bool, Halt> {
        self.visited[v] = true;
        if self.values[v] != 0 {
            return Ok(true);
        }
        let n = self.graph.size.n();
        match self.color_vertex(v, list_size, n, rng) {
            Some(c) => {
                self.values[v] = c;
                self.coloured += 1;
                tracker.emit(Event::Assign {
                    cell: v as u16,
                    value: c,
                    reason: Reason::STEP,
                })?;
                Ok(true)
            }
            None => {
                self.stuck = Some(v);
                Ok(false)
            }
        }
    }
}

impl Coloring {
    /// The origin among the puzzle's `empty` cells; only the random origin draws from `rng`.
    fn origin_cell<R: Rng>(
        &self,
        empty: &[usize],
        puzzle: &Grid,
        graph: &Graph,
        rng: &mut R,
    ) -> Option<usize> {
        let size = puzzle.size();
        let n = size.n() as isize;
        Some(match self.origin {
            Origin::First => *empty.first()?,
            Origin::Centre => *empty.iter().min_by_key(|&&c| {
                let (r, col) = ((c / size.n()) as isize, (c % size.n()) as isize);
                ((r - n / 2).pow(2) + (col - n / 2).pow(2), c)
            })?,
            Origin::Random => *empty.choose(rng)?,
            Origin::MostColouredNeighbours => *empty.iter().max_by_key(|&&c| {
                let coloured = graph.adjacency[c]
                    .iter()
                    .filter(|&&u| puzzle.get(u as usize) != 0)
                    .count();
                (coloured, std::cmp::Reverse(c))
            })?,
        })
    }

    /// One construction; `Ok(true)` when every cell got a colour.
    fn construct<R: Rng, O: Observer + ?Sized>(
        &self,
        work: &mut Construction<'_>,
        origin: usize,
        rng: &mut R,
        tracker: &mut Tracker<'_, O>,
    ) -> Result<bool, Halt> {
        let graph = work.graph;
        let list_size = self.list_size.max(1);
        if !work.visit(origin, list_size, rng, tracker)? {
            return Ok(false);
        }
        match self.traversal {
            Traversal::BreadthFirst => {
                let mut queue = std::collections::VecDeque::from([origin]);
                tracker.emit(Event::Push {
                    cell: origin as u16,
                })?;
                while let Some(v) = queue.pop_front() {
                    tracker.emit(Event::Pop { cell: v as u16 })?;
                    for &u in &graph.adjacency[v] {
                        let u = u as usize;
                        if !work.visited[u] {
                            if !work.visit(u, list_size, rng, tracker)? {
                                return Ok(false);
                            }
                            queue.push_back(u);
                            tracker.emit(Event::Push { cell: u as u16 })?;
                        }
                    }
                }
            }
            Traversal::Saturation => {
                let mut used = vec![0u32; work.values.len()];
                for (v, &c) in work.values.iter().enumerate() {
                    if c != 0 {
                        for &u in &graph.adjacency[v] {
                            used[u as usize] |= 1 << (c - 1);
                        }
                    }
                }
                let mut next = Some(origin);
                while let Some(v) = next {
                    if v != origin && !work.visit(v, list_size, rng, tracker)? {
                        return Ok(false);
                    }
                    let c = work.values[v];
                    for &u in &graph.adjacency[v] {
                        used[u as usize] |= 1 << (c - 1);
                    }
                    next = (0..work.values.len())
                        .filter(|&u| work.values[u] == 0)
                        .max_by_key(|&u| (used[u].count_ones(), std::cmp::Reverse(u)));
                }
            }
            Traversal::DepthFirst => {
                let mut stack = vec![origin];
                tracker.emit(Event::Push {
                    cell: origin as u16,
                })?;
                while let Some(v) = stack.pop() {
                    tracker.emit(Event::Pop { cell: v as u16 })?;
                    let next = graph.adjacency[v]
                        .iter()
                        .map(|&u| u as usize)
                        .find(|&u| !work.visited[u]);
                    if let Some(u) = next {
                        if !work.visit(u, list_size, rng, tracker)? {
                            return Ok(false);
                        }
                        stack.push(v);
                        tracker.emit(Event::Push { cell: v as u16 })?;
                        stack.push(u);
                        tracker.emit(Event::Push { cell: u as u16 })?;
                    }
                }
            }
        }
        Ok(work.values.iter().all(|&v| v != 0))
    }
}

impl Solver for Coloring {
    fn solve<O: Observer + ?Sized>(&mut self, puzzle: &Grid, observer: &mut O) -> Outcome {
        let graph = Graph::new(puzzle.size());
        let mut rng = Pcg64Mcg::seed_from_u64(self.seed);
        let max_constructions = self.max_constructions.max(1);
        let mut tracker = Tracker::new(
            observer,
            Limits::iterations(max_constructions).counted_in(Iteration::Construction),
        );
        if !puzzle.conflicts().is_empty() {
            // Clashing givens: no colouring keeps them; a heuristic cannot prove more than that.
            return tracker.finish(puzzle, Ok(None));
        }
        let empty: Vec<usize> = (0..puzzle.size().cells())
            .filter(|&c| puzzle.get(c) == 0)
            .collect();
        // Every origin but the random one is the same for each construction: found once.
        let fixed_origin = (self.origin != Origin::Random)
            .then(|| self.origin_cell(&empty, puzzle, &graph, &mut rng));
        let result = (|| loop {
            // One construction per iteration; the tracker ends the run past `max_constructions`.
            tracker.iteration()?;
            let mut work = Construction {
                graph: &graph,
                values: puzzle.values().to_vec(),
                visited: vec![false; puzzle.size().cells()],
                coloured: 0,
                stuck: None,
            };
            let origin = match fixed_origin {
                Some(origin) => origin,
                None => self.origin_cell(&empty, puzzle, &graph, &mut rng),
            };
            let Some(origin) = origin else {
                return Ok(work.values); // nothing to colour
            };
            if self.construct(&mut work, origin, &mut rng, &mut tracker)? {
                tracker.improved(0);
                return Ok(work.values);
            }
            // The construction's cost: the empty cells it left uncoloured.
            tracker.improved(empty.len() as u32 - work.coloured);
            tracker.stats.restarts += 1;
            let attempt = tracker.stats.iterations;
            if attempt < max_constructions {
                tracker.emit(Event::Restart {
                    attempt: attempt as u32 + 1,
                    progress: work.coloured,
                    stuck: work.stuck.map(|c| c as u16),
                })?;
            }
        })();
        tracker.finish_found(puzzle, result)
    }
}

const ORIGIN: ChoiceParam<Origin> = ChoiceParam {
    name: "origin",
    description: prose("Where each construction starts: first empty cell, centre, a random cell, or the cell with the most coloured neighbours (mv)."),
    ids: &["first", "centre", "random", "mv"],
    values: &[Origin::First, Origin::Centre, Origin::Random, Origin::MostColouredNeighbours],
    default: 0,
};
const LIST_SIZE: IntParam = IntParam {
    name: "list_size",
    description: prose("Restricted list: draw each colour among the first this many usable ones (the paper: 9, 7, 5, 3)."),
    min: 1,
    max: 25,
    default: 9,
};
const MAX_ITERATIONS: IntParam = max_iterations_of(
    "Constructions at most before giving up (an iteration builds one colouring).",
    10_000,
);
const PARAMS: &[ParamSpec] = &[
    ORIGIN.spec(),
    LIST_SIZE.spec(),
    MAX_ITERATIONS.spec().formerly(&["max_iter"]),
];

/// The multi-start colouring (the traversal order is the only difference between the three).
pub const PSEUDOCODE: &[Line] = &[
    line(0, "COLOUR(graph, givens):"),
    line(1, "repeat max_iterations times:"),
    line(
        2,
        "frontier ← empty (BFS: a queue, DFS: a stack); u ← the origin",
    ),
    line(
        2,
        "DSATUR: no frontier; next ← the uncoloured vertex whose neighbours use the most colours",
    ),
    line(2, "repeat:"),
    line(
        3,
        "usable ← colours not used by u's neighbours; none: the construction fails",
    ),
    step(
        3,
        "u ← a random colour among the first list_size usable ones",
        &[Mark::Assign(Rule::Step)],
    ),
    step(
        3,
        "put u in the frontier (DFS: v goes back in first)",
        &[Mark::Push],
    ),
    step(
        3,
        "v ← next out of the frontier (queue: oldest, stack: newest); none left: stop",
        &[Mark::Pop],
    ),
    line(
        3,
        "u ← an uncoloured neighbour of v (BFS: each in turn; DFS: the first)",
    ),
    line(2, "all vertices coloured: return solved"),
    step(2, "else: back to the givens, start again", &[Mark::Restart]),
    line(1, "return gave up"),
];

/// The registry's entry for the breadth-first order (the paper's CL).
pub const BFS: Spec = Spec {
    id: "coloring-bfs",
    name: "Graph colouring, breadth-first (CL), multi-start",
    family: Family::Heuristic,
    description: prose("Colours cells in breadth-first order from an origin, each from a random pick among the first usable colours; restarts until a full colouring (Cunha, Silva & Maciel 2013)."),
    params: PARAMS,
    budget: Some(MAX_ITERATIONS.name),
    pseudocode: PSEUDOCODE,
    counters: &[WorkCounter::Constructions, WorkCounter::Restarts],
    check: None,
    branching: Branching::Cell,
};

/// The algorithm (bfs) in plain words, for newcomers (the help page, `sudoku list`).
pub const BFS_IN_PLAIN_WORDS: &str = "Sees Sudoku as colouring a graph: cells are dots, digits are colours, and two cells in one row, column or box must get different colours. It colours outward from a start cell, ring by ring (breadth first), picking at random among the first colours that fit, and starts again when it gets stuck.";

/// The registry's entry for the depth-first order (the paper's CP).
pub const DFS: Spec = Spec {
    id: "coloring-dfs",
    name: "Graph colouring, depth-first (CP), multi-start",
    family: Family::Heuristic,
    description: prose("Colours cells in depth-first order from an origin, each from a random pick among the first usable colours; restarts until a full colouring (Cunha, Silva & Maciel 2013)."),
    params: PARAMS,
    budget: Some(MAX_ITERATIONS.name),
    pseudocode: PSEUDOCODE,
    counters: &[WorkCounter::Constructions, WorkCounter::Restarts],
    check: None,
    branching: Branching::Cell,
};

/// The algorithm (dfs) in plain words, for newcomers (the help page, `sudoku list`).
pub const DFS_IN_PLAIN_WORDS: &str = "The same colouring, but it follows one chain of neighbours as far as it goes before it turns back (depth first).";

/// The registry's entry for our DSATUR variant.
pub const DSATUR: Spec = Spec {
    id: "coloring-dsatur",
    name: "Graph colouring, DSATUR order, multi-start (our variant)",
    family: Family::Heuristic,
    description: prose("The colouring multi-start with one change: the next cell is the one whose neighbours use the most distinct colours (DSATUR), not the traversal order."),
    params: PARAMS,
    budget: Some(MAX_ITERATIONS.name),
    pseudocode: PSEUDOCODE,
    counters: &[WorkCounter::Constructions, WorkCounter::Restarts],
    check: None,
    branching: Branching::Cell,
};

/// The algorithm (dsatur) in plain words, for newcomers (the help page, `sudoku list`).
pub const DSATUR_IN_PLAIN_WORDS: &str = "The same colouring, but the next cell is always the one whose neighbours already use the most different colours: the most constrained cell goes first (DSATUR).";

impl Coloring {
    fn from_args(traversal: Traversal, args: &Args) -> Coloring {
        Coloring {
            traversal,
            origin: ORIGIN.read(args),
            list_size: LIST_SIZE.read(args).max(1) as usize,
            max_constructions: MAX_ITERATIONS.read(args).max(1) as u64,
            seed: args.seed,
        }
    }

    pub fn bfs(args: &Args) -> Coloring {
        Coloring::from_args(Traversal::BreadthFirst, args)
    }

    pub fn dfs(args: &Args) -> Coloring {
        Coloring::from_args(Traversal::DepthFirst, args)
    }

    pub fn dsatur(args: &Args) -> Coloring {
        Coloring::from_args(Traversal::Saturation, args)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The frontier as the page replays it: breadth-first takes the oldest cell out (a
    /// queue), depth-first the newest (a stack).
    #[test]
    fn the_frontier_is_a_queue_for_bfs_and_a_stack_for_dfs() {
        use crate::trace::{Recorder, Replay};
        let puzzle: Grid = crate::heuristic::test_support::EASY.parse().unwrap();
        for (traversal, fifo) in [
            (Traversal::BreadthFirst, true),
            (Traversal::DepthFirst, false),
        ] {
            let mut recorder = Recorder::default();
            Coloring {
                traversal,
                origin: Origin::First,
                list_size: 9,
                max_constructions: 20,
                seed: 1,
            }
            .solve(&puzzle, &mut recorder);
            let mut replay = Replay::new(&puzzle);
            let mut pops = 0;
            for event in &recorder.events {
                if let Event::Pop { cell } = *event {
                    let next = if fifo {
                        replay.frontier.first()
                    } else {
                        replay.frontier.last()
                    };
                    assert_eq!(next, Some(&cell), "{traversal:?}");
                    pops += 1;
                }
                replay.apply(event);
            }
            assert!(pops > 20, "{traversal:?}: {pops} pops");
        }
    }
    use crate::heuristic::test_support::*;
    use crate::solve::{Limit, Status};
    use crate::trace::{NullObserver, Recorder, Replay};
    use crate::verify::verify_solution;
    use crate::Size;

    fn coloring(traversal: Traversal, origin: Origin, list_size: usize, seed: u64) -> Coloring {
        Coloring {
            traversal,
            origin,
            list_size,
            max_constructions: 10_000,
            seed,
        }
    }

    #[test]
    fn every_traversal_and_origin_answers_and_most_solve_an_easy_puzzle() {
        let puzzle: Grid = EASY.parse().unwrap();
        let mut solved = Vec::new();
        for traversal in [Traversal::BreadthFirst, Traversal::DepthFirst] {
            for origin in [
                Origin::First,
                Origin::Centre,
                Origin::Random,
                Origin::MostColouredNeighbours,
            ] {
                let outcome = coloring(traversal, origin, 9, 1).solve(&puzzle, &mut NullObserver);
                match outcome.status {
                    Status::Solved => {
                        assert_eq!(verify_solution(&puzzle, &outcome.grid), Ok(()));
                        solved.push((traversal, origin));
                    }
                    Status::GaveUp(Limit::Constructions(10_000)) => {
                        assert_eq!(outcome.stats.restarts, 10_000)
                    }
                    other => panic!("{traversal:?} {origin:?}: {other:?}"),
                }
            }
        }
        eprintln!("solved by {solved:?}");
        assert!(solved.len() >= 4, "only {solved:?}");
    }

    #[test]
    fn a_fixed_seed_reproduces_the_run() {
        let puzzle: Grid = EASY.parse().unwrap();
        let a = coloring(Traversal::DepthFirst, Origin::Random, 5, 42)
            .solve(&puzzle, &mut NullObserver);
        let b = coloring(Traversal::DepthFirst, Origin::Random, 5, 42)
            .solve(&puzzle, &mut NullObserver);
        assert_eq!(a, b);
    }

    #[test]
    fn restarts_replay_back_to_the_givens() {
        let puzzle: Grid = EASY.parse().unwrap();
        let mut recorder = Recorder::default();
        let outcome =
            coloring(Traversal::BreadthFirst, Origin::First, 9, 3).solve(&puzzle, &mut recorder);
        assert!(outcome.is_solved());
        let restarts = recorder
            .events
            .iter()
            .filter(|e| matches!(e, Event::Restart { .. }))
            .count() as u64;
        assert_eq!(restarts, outcome.stats.restarts);
        let replay = Replay::after(&puzzle, &recorder.events);
        assert_eq!(replay.values, outcome.grid.values());
    }

    #[test]
    fn the_budget_bounds_the_constructions() {
        // An empty 9×9 grid is rarely coloured greedily with a list of 1 (always the smallest colour).
        let outcome = coloring(Traversal::BreadthFirst, Origin::First, 1, 0)
            .solve(&Grid::empty(Size::NINE), &mut NullObserver);
        assert_eq!(outcome.status, Status::GaveUp(Limit::Constructions(10_000)));
        assert_eq!(outcome.stats.iterations, 10_000);
        assert_eq!(outcome.stats.restarts, 10_000);
    }
}
