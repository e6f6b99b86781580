//! Anytime records: a run's best-so-far cost at each improvement, as benchmarking studies read
//! a heuristic (COCO, IOHprofiler): effort in evaluations — the algorithm's own budget unit,
//! iterations, constructions or generations; search nodes for an exact solver — and the cost
//! in the algorithm's own measure (0: solved). Improvements only, so a run keeps at most one
//! point per cost level it passes: bounded by the grid, not by the budget.

use std::fmt::Write;

use crate::spec::Family;
use crate::study::{Record, Study};
use crate::trace::{Event, Flow, Observer};

/// One improvement of a run's best cost.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CurvePoint {
    /// Units of the budget spent when the cost was reached.
    pub evaluations: u64,
    pub cost: u32,
    /// Milliseconds since the run started, on the driver's clock.
    pub time_ms: f64,
}

/// The CSV header of `curves.csv`: one row per improvement, the job's row of `records.csv`
/// named by `job`.
pub const CURVES_HEADER: &str = "job,configuration,puzzle,seed,evaluations,cost,time_ms";

/// The study's observer of a run: counts its events (and generations apart) and keeps its
/// improvements with the time they came.
pub(super) struct RunObserver<'c> {
    pub events: u64,
    pub generations: u64,
    pub curve: Vec<CurvePoint>,
    clock: &'c dyn Fn() -> f64,
    start: f64,
}

impl<'c> RunObserver<'c> {
    pub fn new(clock: &'c dyn Fn() -> f64) -> RunObserver<'c> {
        RunObserver {
            events: 0,
            generations: 0,
            curve: Vec::new(),
            clock,
            start: clock(),
        }
    }

    /// Milliseconds since the run started.
    pub fn elapsed_ms(&self) -> f64 {
        ((self.clock)() - self.start) * 1_000.0
    }

    /// Ends the curve of a run that was verified after `evaluations`: an exact solver reports
    /// no costs on the way, and a heuristic may reach 0 before its last report.
    pub fn close(&mut self, verified: bool, evaluations: u64, time_ms: f64) {
        if verified && self.curve.last().is_none_or(|p| p.cost > 0) {
            self.curve.push(CurvePoint {
                evaluations,
                cost: 0,
                time_ms,
            });
        }
    }
}

impl Observer for RunObserver<'_> {
    fn event(&mut self, event: Event) -> Flow {
        self.events += 1;
        if matches!(event, Event::Generation { .. }) {
            self.generations += 1;
        }
        Flow::Continue
    }

    fn improved(&mut self, evaluations: u64, cost: u32) {
        let time_ms = self.elapsed_ms();
        // The tracker reports strict improvements; a later equal report (a second engine of a
        // portfolio) adds nothing.
        if self.curve.last().is_none_or(|p| cost < p.cost) {
            self.curve.push(CurvePoint {
                evaluations,
                cost,
                time_ms,
            });
        }
    }

    fn wants_cell_events(&self) -> bool {
        // Counted as the page's runs count them (per-cell events included).
        true
    }
}

impl Study {
    /// A run's curve as `curves.csv` rows, each with its line end ([`CURVES_HEADER`]); the
    /// configuration as `records.csv` names it, so the files join on `job`.
    pub fn curve_rows(&self, record: &Record, curve: &[CurvePoint]) -> String {
        let configuration = crate::report::csv::quote(&self.runs[record.configuration].to_string());
        let mut rows = String::new();
        for point in curve {
            let _ = writeln!(
                rows,
                "{},{configuration},{},{},{},{},{:.3}",
                record.job,
                record.puzzle,
                record.seed,
                point.evaluations,
                point.cost,
                point.time_ms
            );
        }
        rows
    }
}

/// A `curves.csv` row read back: its job and point (the configuration may hold commas, so the
/// numbers are read from the end).
pub fn parse_curve_row(line: &str) -> Option<(usize, CurvePoint)> {
    let job = line.split(',').next()?.parse().ok()?;
    let mut from_end = line.rsplitn(4, ',');
    let time_ms = from_end.next()?.parse().ok()?;
    let cost = from_end.next()?.parse().ok()?;
    let evaluations = from_end.next()?.parse().ok()?;
    Some((
        job,
        CurvePoint {
            evaluations,
            cost,
            time_ms,
        },
    ))
}

/// A curve from (evaluations, cost) pairs, for tests.
#[cfg(test)]
pub(crate) fn curve(points: &[(u64, u32)]) -> Vec<CurvePoint> {
    points
        .iter()
        .map(|&(evaluations, cost)| CurvePoint {
            evaluations,
            cost,
            time_ms: 0.0,
        })
        .collect()
}

/// The unit a family's effort is counted in: heuristics' iterations, exact solvers' nodes.
pub fn evaluations(family: Family, iterations: u64, nodes: u64) -> u64 {
    match family {
        Family::Heuristic => iterations,
        Family::Exact => nodes,
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::*;
    use crate::generate::Symmetry;
    use crate::registry::{Configuration, RunConfig};
    use crate::runs::Sequential;
    use crate::size::Size;
    use crate::study::{Class, Settings, Source, Study};
    use crate::trace::Recorder;

    /// The best cost a run's own events say it reached: what each family reports on the way
    /// (a colouring only its failed constructions' progress; GRASP's restarts say nothing of
    /// cost).
    fn best_in_events(events: &[Event], empty: u32, n: u32) -> Option<u32> {
        let costs = events.iter().filter_map(|e| match *e {
            Event::Iteration { best, .. } | Event::Temperature { best, .. } => Some(best),
            Event::Generation { best, .. } => {
                Some(((1.0 - f64::from(best)) * f64::from(3 * n * n)).round() as u32)
            }
            _ => None,
        });
        costs.min().or_else(|| {
            events
                .iter()
                .filter_map(|e| match *e {
                    Event::Restart { progress, .. } => Some(empty - progress),
                    _ => None,
                })
                .min()
        })
    }

    #[test]
    fn every_run_keeps_its_improvements_and_they_agree_with_its_events() {
        let settings = Settings {
            source: Source::Generated {
                size: Size::NINE,
                classes: vec![Class::Givens(28), Class::Givens(36)],
                count: 3,
                symmetry: Symmetry::None,
            },
            configurations: [
                "tabu-alldiff",
                "grasp",
                "annealing",
                "genetic;population=60;elite=6",
                "coloring-bfs",
                "coloring-dsatur",
                "dlx",
            ]
            .iter()
            .map(|c| Configuration::parse(c).unwrap())
            .collect(),
            seeds: 2,
            budget: Some(150),
            seed: 5,
        };
        let study = Study::make(settings, &Sequential, 60.0).unwrap();
        let ticks = Cell::new(0.0);
        let clock = || {
            ticks.set(ticks.get() + 0.001);
            ticks.get()
        };
        let (mut improved, mut unsolved, mut checked) = (0, 0, 0);
        for k in 0..study.jobs() {
            let (record, curve) = study.run_job_with_curve_on(
                k,
                &study.population[study.job(k).puzzle].puzzle,
                &clock,
            );
            let configuration = &study.runs[record.configuration];
            let family = configuration.algorithm.family();
            let spent = evaluations(family, record.iterations, record.nodes);
            let id = configuration.algorithm.id();
            for pair in curve.windows(2) {
                assert!(pair[1].cost < pair[0].cost, "{id}: improvements only");
                assert!(pair[1].evaluations >= pair[0].evaluations, "{id}");
                assert!(pair[1].time_ms >= pair[0].time_ms, "{id}");
            }
            assert!(curve
                .iter()
                .all(|p| p.evaluations <= spent && p.time_ms <= record.time_ms));
            assert_eq!(
                record.solved(),
                curve.last().is_some_and(|p| p.cost == 0),
                "{id}: the curve reaches 0 exactly when the run is verified"
            );
            if family == Family::Exact {
                let nodes = curve.iter().map(|p| p.evaluations).collect::<Vec<_>>();
                assert_eq!(
                    nodes,
                    if record.solved() {
                        vec![record.nodes]
                    } else {
                        vec![]
                    }
                );
                continue;
            }
            improved += usize::from(curve.len() > 1);
            unsolved += usize::from(!record.solved());
            // The same run again, its events read: the best they report is the curve's end.
            let puzzle = &study.population[record.puzzle].puzzle;
            let mut recorder = Recorder::default();
            configuration
                .algorithm
                .run(
                    puzzle,
                    &RunConfig {
                        seed: record.seed,
                        params: configuration.params.clone(),
                    },
                    &mut recorder,
                )
                .unwrap();
            let empty = puzzle.values().iter().filter(|&&v| v == 0).count() as u32;
            let reported = best_in_events(&recorder.events, empty, 9);
            let last = curve.last().map(|p| p.cost);
            match reported {
                Some(best) if !record.solved() => {
                    assert_eq!(last, Some(best), "{id}, job {k}");
                    checked += 1;
                }
                Some(best) => assert!(best == 0 || last == Some(0), "{id}, job {k}"),
                // No cost in the events (an annealing stopped inside its first chain): the
                // curve still has the costs the tracker saw.
                None => assert!(!curve.is_empty(), "{id}, job {k}"),
            }
        }
        assert!(improved > 10, "runs improve on the way ({improved})");
        assert!(unsolved > 0, "some runs end above 0 within 150 iterations");
        assert!(
            checked > 5,
            "unsolved runs checked against their events ({checked})"
        );
    }
}
