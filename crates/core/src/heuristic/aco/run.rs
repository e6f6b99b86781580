//! The colonies at work: pheromone, tours, cycles and the exchange between colonies.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::board::AntBoard;
use super::AntColony;
use crate::bits::digits;
use crate::grid::Grid;
use crate::size::Geometry;
use crate::solve::{Halt, Iteration, Limits, Outcome, Solver, Tracker};
use crate::trace::{Event, Observer, Reason};

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

    fn index(&self, cell: usize, digit: u8) -> usize {
        cell * self.n + digit as usize - 1
    }

    fn at(&mut self, cell: usize, digit: u8) -> &mut f64 {
        let i = self.index(cell, digit);
        &mut self.levels[i]
    }

    fn level(&self, cell: usize, digit: u8) -> f64 {
        self.levels[self.index(cell, digit)]
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
    fn choose<R: Rng>(&self, cell: usize, candidates: u32, greedy: f64, rng: &mut R) -> u8 {
        if rng.random::<f64>() < greedy {
            let mut best = (f64::MIN, 0);
            for d in digits(candidates) {
                let tau = self.level(cell, d);
                if tau > best.0 {
                    best = (tau, d);
                }
            }
            return best.1;
        }
        let total: f64 = digits(candidates).map(|d| self.level(cell, d)).sum();
        let mut draw = rng.random::<f64>() * total;
        let mut last = 0;
        for d in digits(candidates) {
            last = d;
            draw -= self.level(cell, d);
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

/// One colony: its pheromone, its best grid so far, and the best of its last cycle.
struct Colony {
    pheromone: Pheromone,
    best_score: f64,
    best_values: Vec<u8>,
    cycle_best: (f64, Vec<u8>),
}

impl Colony {
    fn new(cells: usize, n: usize) -> Colony {
        Colony {
            pheromone: Pheromone::new(cells, n),
            best_score: 0.0,
            best_values: Vec::new(),
            cycle_best: (0.0, Vec::new()),
        }
    }
}

/// How a colony's cycle ended.
enum CycleEnd {
    /// No ant filled the grid: the cells the cycle's best ant left open.
    Open(usize),
    /// An ant filled every cell: its grid.
    Solved(Vec<u8>),
}

/// How the ants' search is going, for the restarts it reports.
struct Walk<'a> {
    geometry: &'a Geometry,
    start_board: &'a AntBoard,
    propagated: &'a [(usize, u8)],
    attempt: u32,
    last: Option<(usize, Option<usize>)>,
}

impl AntColony {
    /// One colony's cycle: each ant tours once; the best ant's grid becomes the colony's cycle
    /// best (and its best so far if it scores higher).
    fn cycle<R: Rng, O: Observer + ?Sized>(
        &self,
        colony: &mut Colony,
        walk: &mut Walk<'_>,
        rng: &mut R,
        tracker: &mut Tracker<'_, O>,
    ) -> Result<CycleEnd, Halt> {
        let cells = walk.start_board.values.len();
        let mut cycle_best: Option<Tour> = None;
        for _ in 0..self.ants {
            walk.attempt += 1;
            tracker.stats.restarts += 1; // a tour
            if let Some((progress, stuck)) = walk.last {
                tracker.emit(Event::Restart {
                    attempt: walk.attempt,
                    progress: progress as u32,
                    stuck: stuck.map(|c| c as u16),
                })?;
                for &(c, d) in walk.propagated {
                    tracker.assign(c, d, Reason::FILTERED)?;
                }
            }
            let start = rng.random_range(0..cells);
            let tour = self.tour(
                (walk.geometry, start),
                walk.start_board.clone(),
                &mut colony.pheromone,
                rng,
                tracker,
            )?;
            if tour.board.fixed == cells {
                return Ok(CycleEnd::Solved(tour.board.values));
            }
            walk.last = Some((tour.board.fixed, tour.failed));
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
        if score > colony.best_score {
            colony.best_score = score;
            colony.best_values = cycle_best.board.values.clone();
        }
        colony.cycle_best = (score, cycle_best.board.values);
        Ok(CycleEnd::Open(open))
    }

    /// The grids each colony receives at an exchange: the cycle best of the colony before it
    /// on the ring, and the best so far of another colony drawn at random.
    fn received<R: Rng>(colonies: &[Colony], rng: &mut R) -> Vec<[(f64, Vec<u8>); 2]> {
        let k = colonies.len();
        (0..k)
            .map(|i| {
                let before = &colonies[(i + k - 1) % k];
                let other = (i + rng.random_range(1..k)) % k;
                let other = &colonies[other];
                [
                    before.cycle_best.clone(),
                    (other.best_score, other.best_values.clone()),
                ]
            })
            .collect()
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
        let mut colonies: Vec<Colony> = (0..self.colonies.max(1))
            .map(|_| Colony::new(cells, puzzle.size().n()))
            .collect();
        let result = (|| -> Result<Vec<u8>, Halt> {
            for &(c, d) in &propagated {
                tracker.assign(c, d, Reason::FILTERED)?;
            }
            if start_board.fixed == cells {
                return Ok(start_board.values.clone());
            }
            let mut walk = Walk {
                geometry: &geometry,
                start_board: &start_board,
                propagated: &propagated,
                attempt: 0,
                last: None,
            };
            let mut fewest_open = u32::MAX;
            loop {
                tracker.iteration()?;
                let mut open = usize::MAX;
                for colony in &mut colonies {
                    match self.cycle(colony, &mut walk, &mut rng, &mut tracker)? {
                        CycleEnd::Open(left) => open = open.min(left),
                        CycleEnd::Solved(grid) => return Ok(grid),
                    }
                }
                let exchange = colonies.len() > 1
                    && tracker
                        .stats
                        .iterations
                        .is_multiple_of(self.exchange_every.max(1));
                let received = if exchange {
                    Self::received(&colonies, &mut rng)
                } else {
                    Vec::new()
                };
                for (i, colony) in colonies.iter_mut().enumerate() {
                    let Colony {
                        pheromone,
                        best_values,
                        best_score,
                        ..
                    } = colony;
                    pheromone.reward(best_values, self.evaporation, *best_score);
                    for (score, values) in received.get(i).into_iter().flatten() {
                        pheromone.reward(values, self.evaporation, *score);
                    }
                    *best_score *= 1.0 - self.best_value_evaporation;
                }
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
