//! The fixed-budget view of a study: each run's best cost after 1, 2, 5, 10… evaluations, and
//! per configuration and class (and over all classes) its median and quartiles at each budget.
//! Costs are small whole numbers, so each budget keeps a histogram, not the runs: a study of a
//! million runs keeps a few kilobytes here.

use std::collections::BTreeMap;
use std::fmt::Write;

use super::anytime::CurvePoint;
use super::ert::budgets;
use super::summary::groups;
use super::{Record, Study};
use crate::report::csv;

/// The budgets every run is read at: 1, 2, 5 … 10⁹.
fn grid() -> Vec<u64> {
    budgets(1_000_000_000)
}

/// Cost histograms at each budget of the grid, per configuration and class.
#[derive(Clone, Debug, Default)]
pub struct FixedBudget {
    groups: Vec<String>,
    grid: Vec<u64>,
    /// `[configuration][class, or the last: all][budget]`: cost → runs.
    cells: Vec<Vec<Vec<BTreeMap<u32, u64>>>>,
    /// The largest spend of each configuration and class: the budgets written stop there.
    spent: Vec<Vec<u64>>,
}

impl FixedBudget {
    pub fn new(study: &Study) -> FixedBudget {
        let groups = groups(study);
        let grid = grid();
        let classes = groups.len() + 1;
        FixedBudget {
            cells: vec![vec![vec![BTreeMap::new(); grid.len()]; classes]; study.runs.len()],
            spent: vec![vec![0; classes]; study.runs.len()],
            groups,
            grid,
        }
    }

    /// Adds a run: its curve and what it spent (in the curve's unit). Before its first report
    /// a run's cost is the puzzle's open cells (the cost of nothing done, as the IOH export
    /// starts it); after its end, its last cost.
    pub fn add(&mut self, study: &Study, record: &Record, curve: &[CurvePoint], spent: u64) {
        let member = &study.population[record.puzzle];
        let group = member.group();
        let g = self.groups.iter().position(|x| *x == group).unwrap_or(0);
        let open = member.puzzle.values().iter().filter(|&&v| v == 0).count() as u32;
        let all = self.groups.len();
        for class in [g, all] {
            let spend = &mut self.spent[record.configuration][class];
            *spend = (*spend).max(spent.max(1));
        }
        let mut next = 0;
        let mut cost = open;
        for (b, &budget) in self.grid.iter().enumerate() {
            while next < curve.len() && curve[next].evaluations <= budget {
                cost = curve[next].cost;
                next += 1;
            }
            for class in [g, all] {
                *self.cells[record.configuration][class][b]
                    .entry(cost)
                    .or_insert(0) += 1;
            }
            if budget >= spent && next == curve.len() {
                // The run is over: the remaining budgets see its last cost too, counted here
                // once for all of them.
                for later in b + 1..self.grid.len() {
                    for class in [g, all] {
                        *self.cells[record.configuration][class][later]
                            .entry(cost)
                            .or_insert(0) += 1;
                    }
                }
                break;
            }
        }
    }

    /// `fixed_budget.csv`: `configuration,class,evaluations,runs,cost_median,cost_q1,cost_q3`,
    /// each configuration and class up to the budget its runs spent at most.
    pub fn csv(&self, study: &Study) -> String {
        let mut out =
            String::from("configuration,class,evaluations,runs,cost_median,cost_q1,cost_q3\n");
        for (c, configuration) in study.runs.iter().enumerate() {
            let name = csv::quote(&configuration.to_string());
            for (g, histograms) in self.cells[c].iter().enumerate() {
                let class = self.groups.get(g).map_or("all", String::as_str);
                let last = self.spent[c][g];
                for (b, histogram) in histograms.iter().enumerate() {
                    let runs: u64 = histogram.values().sum();
                    if runs == 0 || (b > 0 && self.grid[b - 1] >= last) {
                        continue;
                    }
                    let _ = writeln!(
                        out,
                        "{name},{class},{},{runs},{},{},{}",
                        self.grid[b],
                        quantile(histogram, runs, 0.5),
                        quantile(histogram, runs, 0.25),
                        quantile(histogram, runs, 0.75)
                    );
                }
            }
        }
        out
    }
}

/// The `q`-quantile of a histogram of `n` values, interpolated as R's type 7 (the summary's).
fn quantile(histogram: &BTreeMap<u32, u64>, n: u64, q: f64) -> f64 {
    let h = (n - 1) as f64 * q;
    let (low, high) = (h.floor() as u64, h.ceil() as u64);
    let nth = |k: u64| {
        let mut seen = 0;
        for (&value, &count) in histogram {
            seen += count;
            if k < seen {
                return f64::from(value);
            }
        }
        f64::NAN
    };
    let (a, b) = (nth(low), nth(high));
    a + (h - low as f64) * (b - a)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::stats::{quantile as listed, sorted};

    #[test]
    fn a_histograms_quantiles_are_the_lists() {
        let values = [3u32, 0, 7, 7, 2, 9, 0, 4, 4, 4, 1];
        let mut histogram = BTreeMap::new();
        for v in values {
            *histogram.entry(v).or_insert(0u64) += 1;
        }
        let list = sorted(&values.map(f64::from));
        for q in [0.0, 0.25, 0.5, 0.75, 1.0, 0.1] {
            assert_eq!(quantile(&histogram, 11, q), listed(&list, q), "q = {q}");
        }
    }

    #[test]
    fn each_budgets_quartiles_are_those_of_the_runs_costs_then() {
        use crate::generate::Symmetry;
        use crate::registry::Configuration;
        use crate::runs::Sequential;
        use crate::size::Size;
        use crate::study::anytime::evaluations;
        use crate::study::{Class, Settings, Source};

        let settings = Settings {
            source: Source::Generated {
                size: Size::NINE,
                classes: vec![Class::Givens(30)],
                count: 4,
                symmetry: Symmetry::None,
            },
            configurations: ["grasp", "coloring-bfs", "dlx"]
                .iter()
                .map(|c| Configuration::parse(c).unwrap())
                .collect(),
            seeds: 3,
            budget: Some(120),
            seed: 2,
        };
        let study = Study::make(settings, &Sequential, 60.0).unwrap();
        let mut view = FixedBudget::new(&study);
        let mut runs = Vec::new();
        for k in 0..study.jobs() {
            let puzzle = &study.population[study.job(k).puzzle].puzzle;
            let (record, curve) = study.run_job_with_curve_on(k, puzzle, &|| 0.0);
            let family = study.runs[record.configuration].algorithm.family();
            let spent = evaluations(family, record.iterations, record.nodes);
            view.add(&study, &record, &curve, spent);
            runs.push((record, curve));
        }
        let text = view.csv(&study);
        let mut checked = 0;
        for line in text.lines().skip(1) {
            let f: Vec<&str> = line.split(',').collect();
            let (configuration, class, budget) = (f[0], f[1], f[2].parse::<u64>().unwrap());
            // The costs at this budget, straight from each run's curve.
            let costs: Vec<f64> = runs
                .iter()
                .filter(|(r, _)| study.runs[r.configuration].to_string() == configuration)
                .map(|(r, curve)| {
                    let open = study.population[r.puzzle]
                        .puzzle
                        .values()
                        .iter()
                        .filter(|&&v| v == 0)
                        .count() as f64;
                    curve
                        .iter()
                        .take_while(|p| p.evaluations <= budget)
                        .last()
                        .map_or(open, |p| f64::from(p.cost))
                })
                .collect();
            let list = sorted(&costs);
            assert_eq!(f[3].parse::<usize>().unwrap(), costs.len(), "{line}");
            let read = |i: usize| f[i].parse::<f64>().unwrap();
            assert_eq!(read(4), listed(&list, 0.5), "{line}");
            assert_eq!(read(5), listed(&list, 0.25), "{line}");
            assert_eq!(read(6), listed(&list, 0.75), "{line}");
            assert!(class == "30" || class == "all");
            checked += 1;
        }
        assert!(checked > 20, "{text}");
        // Budgets stop at what the runs spent: grasp's 120 iterations end at the budget 200.
        assert!(text.contains("grasp;max_iterations=120,30,200,"), "{text}");
        assert!(!text.contains("grasp;max_iterations=120,30,500,"), "{text}");
    }
}
