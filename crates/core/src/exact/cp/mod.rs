//! The constraint-programming model of Takano, de Freitas & de Sá: one variable x_ij per cell
//! with domain 1..n (a given's domain is its digit alone), one alldifferent per row, column and
//! box. Solved as a CP solver would: propagate every alldifferent to a common fixpoint
//! (generalised arc consistency by Régin's matching, or bounds consistency by Hall intervals,
//! the filters of [`crate::domain`]), then branch on a variable with the smallest domain, trying
//! its values in order, and propagate again. Each removed value is reported with the unit whose
//! alldifferent removed it.

use crate::bits::{digit_bit, digits, is_single};
use crate::domain::{initial_domains, refilter_reporting, Filter};
use crate::grid::Grid;
use crate::pseudocode::{line, step, Line, Mark};
use crate::size::Geometry;
use crate::solve::{Halt, Limits, Outcome, Solver, Tracker};
use crate::spec::{max_nodes, Args, Branching, ChoiceParam, Family, IntParam, Spec, WorkCounter};
use crate::trace::{Observer, Reason, Rule};
use crate::words::prose;

/// The CP model, propagated with an alldifferent filter and searched smallest domain first.
#[derive(Clone, Debug)]
pub struct Cp {
    pub limits: Limits,
    /// GAC (matching) or bounds consistency (Hall intervals).
    pub consistency: Filter,
}

/// What one unit's alldifferent removed from one cell: (unit, cell, values as bits).
type Removal = (usize, usize, u32);

struct Search<'g> {
    geometry: &'g Geometry,
    consistency: Filter,
    /// The removals of the propagation under way, reported once it ends.
    removals: Vec<Removal>,
}

impl Search<'_> {
    /// Propagates to the fixpoint after the domains of `changed` shrank (`None`: everything),
    /// reports what each unit removed and placed; `Ok(false)` when a domain or a unit fails.
    fn propagate<O: Observer + ?Sized>(
        &mut self,
        domains: &mut [u32],
        changed: Option<&[usize]>,
        tracker: &mut Tracker<'_, O>,
    ) -> Result<bool, Halt> {
        let reporting = tracker.wants_cell_events();
        let mut before = if reporting {
            domains.to_vec()
        } else {
            Vec::new()
        };
        self.removals.clear();
        let removals = &mut self.removals;
        let mut removed = 0u32;
        let mut report = |unit, cell, values: u32| {
            removed += values.count_ones();
            if reporting {
                removals.push((unit, cell, values));
            }
        };
        let result = match self.consistency {
            Filter::AllDifferent => bounds_and_values(self.geometry, domains, changed, &mut report),
            filter => refilter_reporting(self.geometry, domains, filter, changed, &mut report)
                .map_err(|_| ()),
        };
        if !reporting {
            tracker.count_eliminations(removed);
            return Ok(result.is_ok());
        }
        for &(unit, cell, values) in &self.removals {
            let reason = Reason::alldifferent(unit);
            for value in digits(values) {
                tracker.eliminate(cell, value, reason)?;
            }
            let left = before[cell] & !values;
            before[cell] = left;
            if is_single(left) {
                tracker.assign(cell, left.trailing_zeros() as u8 + 1, reason)?;
            }
        }
        Ok(result.is_ok())
    }

    /// Depth-first search on the smallest domain; the solution's domains are all single.
    fn search<O: Observer + ?Sized>(
        &mut self,
        domains: &mut Vec<u32>,
        depth: u32,
        tracker: &mut Tracker<'_, O>,
    ) -> Result<bool, Halt> {
        let branch = domains
            .iter()
            .enumerate()
            .filter(|(_, d)| !is_single(**d))
            .min_by_key(|(_, d)| d.count_ones());
        let Some((cell, &domain)) = branch else {
            return Ok(true);
        };
        let saved = domains.clone();
        for value in digits(domain) {
            tracker.guess(cell, value, depth)?;
            domains[cell] = digit_bit(value);
            if self.propagate(domains, Some(&[cell]), tracker)?
                && self.search(domains, depth + 1, tracker)?
            {
                return Ok(true);
            }
            domains.copy_from_slice(&saved);
            tracker.backtrack(depth)?;
        }
        Ok(false)
    }
}

/// Bounds consistency as CP solvers run it: Hall intervals, and the value of each fixed variable
/// removed from the rest of its units (bounds reasoning alone cannot remove a value from the
/// middle of a domain), alternated to a common fixpoint.
fn bounds_and_values(
    geometry: &Geometry,
    domains: &mut [u32],
    changed: Option<&[usize]>,
    report: &mut dyn FnMut(usize, usize, u32),
) -> Result<(), ()> {
    let mut changed: Option<Vec<usize>> = changed.map(<[usize]>::to_vec);
    loop {
        refilter_reporting(
            geometry,
            domains,
            Filter::AllDifferent,
            changed.as_deref(),
            report,
        )
        .map_err(|_| ())?;
        let mut narrowed = Vec::new();
        loop {
            let before = narrowed.len();
            for (u, unit) in geometry.units.iter().enumerate() {
                let mut fixed = 0u32;
                for &c in unit {
                    if is_single(domains[c]) {
                        if fixed & domains[c] != 0 {
                            return Err(());
                        }
                        fixed |= domains[c];
                    }
                }
                for &c in unit {
                    let taken = domains[c] & fixed;
                    if !is_single(domains[c]) && taken != 0 {
                        domains[c] &= !taken;
                        report(u, c, taken);
                        if domains[c] == 0 {
                            return Err(());
                        }
                        narrowed.push(c);
                    }
                }
            }
            if narrowed.len() == before {
                break;
            }
        }
        if narrowed.is_empty() {
            return Ok(());
        }
        changed = Some(narrowed);
    }
}

impl Solver for Cp {
    fn solve<O: Observer + ?Sized>(&mut self, puzzle: &Grid, observer: &mut O) -> Outcome {
        let geometry = Geometry::new(puzzle.size());
        let mut tracker = Tracker::new(observer, self.limits);
        let mut search = Search {
            geometry: &geometry,
            consistency: self.consistency,
            removals: Vec::new(),
        };
        let mut domains = initial_domains(puzzle);
        let result = (|| {
            Ok(search.propagate(&mut domains, None, &mut tracker)?
                && search.search(&mut domains, 1, &mut tracker)?)
        })();
        let values: Vec<u8> = domains
            .iter()
            .map(|&d| d.trailing_zeros() as u8 + 1)
            .collect();
        tracker.finish(
            puzzle,
            result.map(|found| found.then_some(values.as_slice())),
        )
    }
}

/// The search-node budget (0 = none).
const MAX_NODES: IntParam = max_nodes(5_000_000);

const CONSISTENCY: ChoiceParam<Filter> = ChoiceParam {
    name: "consistency",
    description: prose("alldifferent propagation: generalised arc consistency by matching (gac), or bounds consistency by Hall intervals with the values of fixed cells removed from their units (bounds)."),
    ids: &["gac", "bounds"],
    values: &[Filter::AllDifferentGac, Filter::AllDifferent],
    default: 0,
};

/// The model, its propagation and its search.
pub const PSEUDOCODE: &[Line] = &[
    line(0, "CP(grid):"),
    line(
        1,
        "x(c) ∈ D(c) for each cell: {given} or 1..n; alldifferent(u) for each row, column, box",
    ),
    line(1, "PROPAGATE(all units); fail: no solution"),
    line(1, "SEARCH():"),
    line(
        2,
        "c ← an unfixed variable with the smallest domain; none: return solved",
    ),
    line(2, "for v in D(c):"),
    step(3, "D(c) ← {v}", &[Mark::Guess]),
    line(3, "if PROPAGATE(units of c) and SEARCH(): return solved"),
    step(3, "restore the domains", &[Mark::Backtrack]),
    line(2, "return fail"),
    line(1, "PROPAGATE(units): until no domain changes:"),
    step(
        2,
        "for a unit u whose cells changed: remove every value no assignment of distinct digits to u's cells uses",
        &[
            Mark::Eliminate(Rule::AllDifferent),
            Mark::Assign(Rule::AllDifferent),
        ],
    ),
];

/// The registry's entry for this solver.
pub const SPEC: Spec = Spec {
    id: "cp",
    name: "Constraint programming (alldifferent)",
    family: Family::Exact,
    description: prose("The paper's CP model: alldifferent per unit propagated to a fixpoint (GAC or bounds), search on the smallest domain."),
    params: &[CONSISTENCY.spec(), MAX_NODES.spec()],
    budget: Some(MAX_NODES.name),
    pseudocode: PSEUDOCODE,
    counters: &[WorkCounter::Nodes, WorkCounter::Backtracks, WorkCounter::Propagations],
    check: None,
    branching: Branching::Cell,
};

/// The algorithm in plain words, for newcomers (the help page, `sudoku list`).
pub const IN_PLAIN_WORDS: &str = "Constraint programming: every row, column and box carries the rule \"all different\", and each rule removes the digits that can no longer fit, until nothing changes; then it guesses in the cell with the fewest digits left.";

impl Cp {
    pub fn from_args(args: &Args) -> Cp {
        Cp {
            limits: Limits::nodes(MAX_NODES.read(args).max(0) as u64),
            consistency: CONSISTENCY.read(args),
        }
    }
}

#[cfg(test)]
mod tests;
