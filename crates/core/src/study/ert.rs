//! Runtime measures over cost targets, as COCO and IOHprofiler report a heuristic: for each
//! target cost, when each run first reached it (in evaluations, the budget's unit); the
//! expected running time (ERT: the evaluations of all runs, each counted to its hit or to its
//! end, over the number of hits) with a bootstrap interval; and the fixed-target empirical
//! cumulative distribution (ECDF: the share of (run, target) pairs reached within each budget),
//! with its area on a log axis as one number per configuration.

use std::fmt::Write;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::anytime::CurvePoint;
use super::summary::groups;
use super::{Record, Study};
use crate::report::csv;
use crate::runs::run_seed;

/// The cost targets: 0 (solved) and powers of two up to 2048 (a 25×25 box fill's clashes run
/// to 1,875): log-spaced, the same for every configuration, so their ECDFs compare.
pub const TARGETS: [u32; 13] = [0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048];

/// A target not reached.
const MISSED: u32 = u32::MAX;

/// When one run first reached each of [`TARGETS`] and what it spent in all: a run's share of
/// the measures in 60 bytes, kept for every run of a study (its curve is streamed away).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hits {
    /// Evaluations spent by the run, to its end.
    pub spent: u32,
    /// The run's first cost ([`MISSED`] for a run that reported none).
    start: u32,
    /// Evaluations at the first cost at or below each target ([`MISSED`] if never).
    first: [u32; TARGETS.len()],
}

impl Hits {
    /// From a run's curve (improvements in order) and its whole spend; counts past `u32` are
    /// held at its largest value.
    pub fn of(curve: &[CurvePoint], spent: u64) -> Hits {
        let clamp = |v: u64| v.min(u64::from(MISSED - 1)) as u32;
        let mut first = [MISSED; TARGETS.len()];
        for (slot, &target) in first.iter_mut().zip(&TARGETS) {
            if let Some(point) = curve.iter().find(|p| p.cost <= target) {
                *slot = clamp(point.evaluations);
            }
        }
        Hits {
            spent: clamp(spent),
            start: curve.first().map_or(MISSED, |p| p.cost),
            first,
        }
    }

    /// Evaluations at which target number `t` was first reached, if it was.
    pub fn reached(&self, t: usize) -> Option<u64> {
        (self.first[t] != MISSED).then_some(u64::from(self.first[t]))
    }

    /// Whether the run started above target `t`: one whose first cost is already at or below
    /// it says nothing about that target.
    fn counts_for(&self, t: usize) -> bool {
        self.start != MISSED && self.start > TARGETS[t]
    }
}

/// Expected running time to target `t` over `runs`: (ERT, hits). ERT is infinite without a hit.
pub fn ert(runs: &[&Hits], t: usize) -> (f64, usize) {
    let (mut spent, mut hits) = (0u64, 0usize);
    for run in runs {
        match run.reached(t) {
            Some(e) => {
                spent += e;
                hits += 1;
            }
            None => spent += u64::from(run.spent),
        }
    }
    let ert = if hits == 0 {
        f64::INFINITY
    } else {
        spent as f64 / hits as f64
    };
    (ert, hits)
}

/// ERT's 95 % percentile-bootstrap interval: runs resampled with replacement (`resamples`
/// times, seeded); a resample without a hit has an infinite ERT, so a rare success gives an
/// infinite upper end, as it should.
pub fn ert_interval(runs: &[&Hits], t: usize, resamples: usize, seed: u64) -> (f64, f64) {
    if runs.is_empty() || resamples == 0 {
        return (f64::NAN, f64::NAN);
    }
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut sample = Vec::with_capacity(runs.len());
    let mut erts: Vec<f64> = (0..resamples)
        .map(|_| {
            sample.clear();
            sample.extend((0..runs.len()).map(|_| runs[rng.random_range(0..runs.len())]));
            ert(&sample, t).0
        })
        .collect();
    erts.sort_by(f64::total_cmp);
    // Nearest rank: an interpolation between a finite and an infinite ERT has no value.
    let rank = |q: f64| erts[((erts.len() - 1) as f64 * q).round() as usize];
    (rank(0.025), rank(0.975))
}

/// Budgets for an ECDF on a log axis: 1, 2, 5, 10, 20, 50… up to and including `max`.
pub fn budgets(max: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let mut decade = 1u64;
    'grid: loop {
        for step in [1, 2, 5] {
            let b = decade.saturating_mul(step);
            if b >= max {
                break 'grid;
            }
            out.push(b);
        }
        decade = decade.saturating_mul(10);
    }
    out.push(max.max(1));
    out
}

/// The targets a set of runs is measured on: those some run started above (a target every run
/// began below measures nothing), 0 always.
pub fn targets_in<'a>(runs: impl IntoIterator<Item = &'a Hits>) -> Vec<usize> {
    let mut counted = [false; TARGETS.len()];
    counted[0] = true;
    for run in runs {
        for (t, seen) in counted.iter_mut().enumerate() {
            *seen |= run.counts_for(t);
        }
    }
    (0..TARGETS.len()).filter(|&t| counted[t]).collect()
}

/// The most evaluations any of `runs` spent (1 for none): the last budget of their ECDF.
pub fn most_spent<'a>(runs: impl IntoIterator<Item = &'a Hits>) -> u64 {
    runs.into_iter()
        .map(|r| u64::from(r.spent))
        .max()
        .unwrap_or(1)
}

/// The fixed-target ECDF: at each budget (`budgets` growing), the share of (run, target) pairs
/// with the target reached within it, over `targets`.
pub fn ecdf(runs: &[&Hits], targets: &[usize], budgets: &[u64]) -> Vec<f64> {
    let pairs = (runs.len() * targets.len()).max(1) as f64;
    // Each hit counted in the first budget that holds it (budgets grow): memory by budget, not
    // by (run, target) pair — a million runs' hits would take tens of megabytes.
    let mut within = vec![0u64; budgets.len()];
    for e in runs
        .iter()
        .flat_map(|r| targets.iter().filter_map(|&t| r.reached(t)))
    {
        if let Some(slot) = within.get_mut(budgets.partition_point(|&b| b < e)) {
            *slot += 1;
        }
    }
    let mut reached = 0u64;
    within
        .iter()
        .map(|&n| {
            reached += n;
            reached as f64 / pairs
        })
        .collect()
}

/// The area under the ECDF over log10 evaluations from 1 to `max` (a step function),
/// normalised to [0, 1]: 1 would be every target at the first evaluation. A hit at evaluation
/// 0 counts as one at 1.
pub fn ecdf_area(runs: &[&Hits], targets: &[usize], max: u64) -> f64 {
    let pairs = runs.len() * targets.len();
    if pairs == 0 || max <= 1 {
        return f64::NAN;
    }
    let span = (max as f64).log10();
    let area: f64 = runs
        .iter()
        .flat_map(|r| targets.iter().filter_map(|&t| r.reached(t)))
        .filter(|&e| e <= max)
        .map(|e| (span - (e.max(1) as f64).log10()) / span)
        .sum();
    area / pairs as f64
}

/// A study's runtime measures: per configuration and class (and over all classes, `all`), ERT
/// to each target with its interval, the ECDF over the study's budgets and its area.
#[derive(Clone, Debug, Default)]
pub struct Measures {
    /// `ert.csv`: `configuration,class,target,runs,hits,ert,ert_low,ert_high` (an ERT without
    /// a hit empty).
    pub ert_csv: String,
    /// `ecdf.csv`: `configuration,class,evaluations,share`.
    pub ecdf_csv: String,
    /// `ecdf_area.csv`: `configuration,class,targets,area`.
    pub area_csv: String,
}

/// Bootstrap resamples of an ERT's interval.
const RESAMPLES: usize = 1000;

impl Measures {
    /// From the records and each job's hits (`hits[job]`; a job without is left out).
    pub fn of(study: &Study, records: &[Record], hits: &[Option<Hits>]) -> Measures {
        let groups = groups(study);
        // References, not copies: a million runs' hits are held once.
        let mut cells: Vec<Vec<Vec<&Hits>>> =
            vec![vec![Vec::new(); groups.len() + 1]; study.runs.len()];
        for record in records {
            let Some(Some(run)) = hits.get(record.job) else {
                continue;
            };
            let id = study.job(record.job);
            let group = study.population.get(id.puzzle).map(|m| m.group());
            let g = groups
                .iter()
                .position(|x| Some(x) == group.as_ref())
                .unwrap_or(0);
            cells[id.configuration][g].push(run);
            cells[id.configuration][groups.len()].push(run);
        }
        // Over every run (each one's "all" cell), without a list of them all.
        let every = || cells.iter().flat_map(|c| c[groups.len()].iter().copied());
        let targets = targets_in(every());
        let max = most_spent(every());
        let grid = budgets(max);
        let mut out = Measures {
            ert_csv: "configuration,class,target,runs,hits,ert,ert_low,ert_high\n".into(),
            ecdf_csv: "configuration,class,evaluations,share\n".into(),
            area_csv: "configuration,class,targets,area\n".into(),
        };
        let number = |v: f64| csv::number(v, 1);
        for (c, configuration) in study.runs.iter().enumerate() {
            let name = csv::quote(&configuration.to_string());
            for (g, runs) in cells[c].iter().enumerate() {
                if runs.is_empty() {
                    continue;
                }
                let class = groups.get(g).map_or("all", String::as_str);
                for &t in &targets {
                    let (value, hit) = ert(runs, t);
                    let seed = run_seed(study.settings.seed, &[c as u64, g as u64, t as u64]);
                    let (low, high) = ert_interval(runs, t, RESAMPLES, seed);
                    let _ = writeln!(
                        out.ert_csv,
                        "{name},{class},{},{},{hit},{},{},{}",
                        TARGETS[t],
                        runs.len(),
                        number(value),
                        number(low),
                        number(high)
                    );
                }
                for (b, share) in grid.iter().zip(ecdf(runs, &targets, &grid)) {
                    let _ = writeln!(out.ecdf_csv, "{name},{class},{b},{share:.4}");
                }
                let area = ecdf_area(runs, &targets, max);
                let _ = writeln!(
                    out.area_csv,
                    "{name},{class},{},{}",
                    targets.len(),
                    csv::number(area, 4)
                );
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::anytime::curve;

    #[test]
    fn hits_are_the_first_evaluations_at_or_below_each_target() {
        let run = Hits::of(&curve(&[(0, 40), (3, 9), (10, 4), (25, 0)]), 25);
        // 40 → target 64 at 0; 9 → 32 and 16 at 3; 4 → 8 and 4 at 10; 0 → 2, 1, 0 at 25.
        let want = [25, 25, 25, 10, 10, 3, 3, 0];
        for (t, &e) in want.iter().enumerate() {
            assert_eq!(run.reached(t), Some(e), "target {}", TARGETS[t]);
        }
        let stuck = Hits::of(&curve(&[(0, 12), (7, 5)]), 100);
        assert_eq!(stuck.reached(0), None);
        assert_eq!(stuck.reached(3), None, "5 is above 4");
        assert_eq!(stuck.reached(4), Some(7));
        assert_eq!(stuck.spent, 100);
    }

    #[test]
    fn ert_counts_every_runs_spend_over_the_hits() {
        // Two runs hit target 0 after 10 and 30 evaluations, one spends 100 without: (10 + 30
        // + 100) / 2 = 70, the textbook example's shape (Auger and Hansen 2005).
        let hits = [
            Hits::of(&curve(&[(0, 5), (10, 0)]), 10),
            Hits::of(&curve(&[(0, 5), (30, 0)]), 30),
            Hits::of(&curve(&[(0, 5), (50, 1)]), 100),
        ];
        let runs: Vec<&Hits> = hits.iter().collect();
        assert_eq!(ert(&runs, 0), (70.0, 2));
        // Target 1: 10, 30, 50 → 90 / 3.
        assert_eq!(ert(&runs, 1), (30.0, 3));
        assert_eq!(ert(&runs[2..], 0).0, f64::INFINITY);
        let (low, high) = ert_interval(&runs, 0, 2000, 7);
        assert!(low <= 70.0 && high >= 70.0, "{low}..{high}");
        assert_eq!(
            high,
            f64::INFINITY,
            "a resample of the failed run alone never hits"
        );
        // Every run hits target 1: a resample's ERT is the mean of three of 10, 30 and 50.
        let (low, high) = ert_interval(&runs, 1, 500, 7);
        assert!(
            (10.0..=30.0).contains(&low) && (30.0..=50.0).contains(&high),
            "{low}..{high}"
        );
    }

    #[test]
    fn the_ecdf_rises_to_the_share_reached_and_its_area_orders_faster_runs_first() {
        let (fast, slow, never) = (
            Hits::of(&curve(&[(0, 3), (2, 1), (4, 0)]), 4),
            Hits::of(&curve(&[(0, 3), (200, 1), (400, 0)]), 400),
            Hits::of(&curve(&[(0, 3)]), 1000),
        );
        let targets = targets_in([&fast, &slow, &never]);
        let (fast, slow, never) = ([&fast], [&slow], [&never]);
        // 0, 1 and 2 are below the first cost 3; 4 and above measure nothing.
        assert_eq!(targets, [0, 1, 2]);
        let grid = budgets(1000);
        assert_eq!(grid, [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]);
        let shares = ecdf(&fast, &targets, &grid);
        assert_eq!(shares[0], 0.0);
        assert!(
            (shares[1] - 2.0 / 3.0).abs() < 1e-12,
            "1 and 2 reached at 2"
        );
        assert_eq!(shares[2], 1.0);
        assert!(ecdf(&never, &targets, &grid).iter().all(|&s| s == 0.0));
        let (a_fast, a_slow) = (
            ecdf_area(&fast, &targets, 1000),
            ecdf_area(&slow, &targets, 1000),
        );
        assert!(a_fast > a_slow && a_slow > 0.0 && a_fast < 1.0);
        assert_eq!(ecdf_area(&never, &targets, 1000), 0.0);
    }
}
