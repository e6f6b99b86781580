//! The genetic-algorithm experiment (Miloradović & Jačović 2020): success %, average and best
//! generation and average time, by number of givens, 100 attempts per puzzle with the paper's
//! parameters (population 200, 1,000 generations, elite 120, mutation 0.5).
//!
//! Instances: the paper's puzzles (25, 26, 29 and 31 givens) are not available; we take every
//! Mantere & Koljonen puzzle with those given counts.

use super::plan::{coordinates, measure};
use super::WHY_OURS_DIFFER;
use super::{
    classes, mantere_koljonen, mean_seconds, percent, results_where, BadJob, Context,
    ExperimentSpec, Instance, Job, Measures, Moments, Progress, Settings,
};
use crate::heuristic::genetic::{Blocks, Domains, MutationScope};
use crate::heuristic::Genetic;
use crate::report::{Chart, Report, Series, Table};
use crate::runs::run_seed;
use crate::solve::Solver;
use crate::trace::NullObserver;

/// One column of the paper's table: its puzzle's givens, success %, and the other figures as
/// printed (average generation, best generation, average time: its unit unstated, read as
/// seconds; Intel Core i5-4300M, Windows 10).
pub struct Published {
    pub givens: usize,
    pub success: f64,
    pub figures: [&'static str; 3],
}

/// The paper's table, by givens.
pub const PUBLISHED: [Published; 4] = [
    Published {
        givens: 25,
        success: 20.0,
        figures: ["451", "45", "93.71"],
    },
    Published {
        givens: 26,
        success: 33.0,
        figures: ["212", "50", "71.42"],
    },
    Published {
        givens: 29,
        success: 100.0,
        figures: ["22", "14", "7.41"],
    },
    Published {
        givens: 31,
        success: 83.0,
        figures: ["126", "25", "24.19"],
    },
];

/// The default instances: every Mantere & Koljonen puzzle with 25, 26, 29 or 31 givens.
pub fn instances() -> Vec<Instance> {
    let mut picked: Vec<Instance> = mantere_koljonen(&[("", &["s"])])
        .into_iter()
        .filter(|i| PUBLISHED.iter().any(|p| p.givens == i.puzzle.given_count()))
        .map(|mut i| {
            i.class = format!("{} givens", i.puzzle.given_count());
            i
        })
        .collect();
    picked.sort_by_key(|i| i.puzzle.given_count());
    picked
}

/// One configuration every attempt runs (same seed): the name of its table, its label and how it
/// reads the paper.
pub struct Configuration {
    pub table: &'static str,
    pub name: &'static str,
    pub blocks: Blocks,
    pub domains: Domains,
    pub mutation: MutationScope,
}

/// The paper's GA as the lab reads it (row blocks, genes from the digits the givens allow, one
/// swap per child), the same with the mutation on every gene (the paper's wording), the box
/// reading this lab ran before, and `genetic-alldiff` (last: its times are the per-puzzle
/// table's).
pub const CONFIGURATIONS: [Configuration; 4] = [
    Configuration {
        table: "genetic",
        name: "paper's GA (rows)",
        blocks: Blocks::Rows,
        domains: Domains::Givens,
        mutation: MutationScope::Child,
    },
    Configuration {
        table: "genetic-per-gene",
        name: "mutation per gene",
        blocks: Blocks::Rows,
        domains: Domains::Givens,
        mutation: MutationScope::Gene,
    },
    Configuration {
        table: "genetic-boxes",
        name: "box reading",
        blocks: Blocks::Boxes,
        domains: Domains::Any,
        mutation: MutationScope::Child,
    },
    Configuration {
        table: "genetic-alldiff",
        name: "genetic-alldiff",
        blocks: Blocks::Rows,
        domains: Domains::AllDifferent,
        mutation: MutationScope::Child,
    },
];

/// One attempt: the generation it solved at (if it did) and its time in seconds.
struct Attempt {
    generation: Option<u64>,
    seconds: f64,
}

fn attempts(settings: &Settings) -> usize {
    settings.runs.unwrap_or(100)
}

fn generations(settings: &Settings) -> u64 {
    settings.budget.unwrap_or(1_000)
}

/// Runs per instance: each attempt with every configuration.
pub fn runs_per_instance(settings: &Settings) -> usize {
    attempts(settings).saturating_mul(CONFIGURATIONS.len())
}

/// Every attempt at once: (instance, attempt, configuration in [`CONFIGURATIONS`]).
pub fn next_jobs(context: &Context, progress: &Progress) -> Vec<Job> {
    if !progress.jobs.is_empty() {
        return Vec::new();
    }
    let attempts = attempts(&context.settings) as u32;
    (0..context.instances.len() as u32)
        .flat_map(|i| {
            (0..attempts)
                .flat_map(move |a| (0..CONFIGURATIONS.len() as u32).map(move |v| vec![i, a, v]))
        })
        .collect()
}

/// One attempt; measures: solved (1 or 0), the generation it solved at, seconds.
pub fn run_job(
    context: &Context,
    job: &[u32],
    seconds: &dyn Fn() -> f64,
) -> Result<Measures, BadJob> {
    let [i, a, v] = coordinates(
        job,
        [context.instances.len(), usize::MAX, CONFIGURATIONS.len()],
    )?;
    let start = seconds();
    let configuration = &CONFIGURATIONS[v];
    let outcome = Genetic {
        generations: generations(&context.settings),
        blocks: configuration.blocks,
        domains: configuration.domains,
        mutation_scope: configuration.mutation,
        seed: run_seed(context.settings.seed, &[i as u64, a as u64]),
        ..Genetic::default()
    }
    .solve(&context.instances[i].puzzle, &mut NullObserver);
    Ok(vec![
        f64::from(u8::from(outcome.is_solved())),
        outcome.stats.iterations as f64,
        seconds() - start,
    ])
}

pub fn report(context: &Context, progress: &Progress) -> Report {
    let (instances, settings) = (&context.instances, &context.settings);
    let (attempts, generations) = (attempts(settings), generations(settings));
    let (jobs, results): (Vec<(usize, usize, usize)>, Vec<Attempt>) = progress
        .done()
        .filter_map(|(job, measures)| {
            let [i, a, v] =
                coordinates(job, [instances.len(), usize::MAX, CONFIGURATIONS.len()]).ok()?;
            let attempt = Attempt {
                generation: (measure(measures, 0) > 0.5).then(|| measure(measures, 1) as u64),
                seconds: measure(measures, 2),
            };
            Some(((i, a, v), attempt))
        })
        .unzip();

    // The first two columns (which puzzle or class) then the attempts' figures.
    let row_of = |first: String, second: String, picked: Vec<&Attempt>| {
        let solved: Vec<f64> = picked
            .iter()
            .filter_map(|a| a.generation.map(|g| g as f64))
            .collect();
        let s = Moments::of(&solved);
        let seconds: Vec<f64> = picked.iter().map(|a| a.seconds).collect();
        vec![
            first,
            second,
            picked.len().to_string(),
            percent(solved.len(), picked.len()),
            if solved.is_empty() {
                "–".into()
            } else {
                format!("{:.1}", s.mean)
            },
            if solved.is_empty() {
                "–".into()
            } else {
                format!("{:.0}", s.min)
            },
            mean_seconds(&seconds),
        ]
    };
    let class_columns = |last: &'static str| {
        [
            "givens",
            "puzzles",
            "attempts",
            "success %",
            "avg generation",
            "best generation",
            "avg time (s)",
            last,
        ]
    };
    let mut paper_columns = class_columns("paper success %").to_vec();
    paper_columns.extend([
        "paper avg generation",
        "paper best generation",
        "paper avg time (s)",
    ]);
    let mut by_class = Table::new(
        "genetic",
        "Success by number of givens (the paper's table shape)",
        &paper_columns,
    );
    let mut by_class_variants: Vec<Table> = CONFIGURATIONS[1..]
        .iter()
        .map(|c| {
            Table::new(
                c.table,
                &format!(
                    "{}: success by number of givens, beside the paper's GA",
                    c.name
                ),
                &class_columns("paper's GA: success %"),
            )
        })
        .collect();
    let share = |picked: &[&Attempt]| {
        (!picked.is_empty()).then(|| {
            let solved = picked.iter().filter(|a| a.generation.is_some()).count();
            100.0 * solved as f64 / picked.len() as f64
        })
    };
    // Success % per class: the paper's, then each configuration's.
    let mut success: Vec<Vec<Option<f64>>> = vec![Vec::new(); CONFIGURATIONS.len() + 1];
    let mut groups = Vec::new();
    for (class, members) in classes(instances) {
        let picked = |configuration: usize| {
            results_where(&jobs, &results, |(i, _, v)| {
                members.contains(i) && *v == configuration
            })
        };
        let names: Vec<&str> = members
            .iter()
            .map(|&i| instances[i].name.as_str())
            .collect();
        let mut row = row_of(class.clone(), names.join(" "), picked(0));
        for (k, table) in by_class_variants.iter_mut().enumerate() {
            let mut variant_row = row_of(class.clone(), names.join(" "), picked(k + 1));
            variant_row.push(row[3].clone());
            table.push(variant_row);
        }
        let published = PUBLISHED
            .iter()
            .find(|p| format!("{} givens", p.givens) == class);
        let paper = published
            .map(|p| format!("{:.0}", p.success))
            .unwrap_or_else(|| "–".into());
        success[0].push(paper.parse::<f64>().ok());
        for (k, series) in success[1..].iter_mut().enumerate() {
            series.push(share(&picked(k)));
        }
        groups.push(class.clone());
        row.push(paper);
        let figures = published.map_or(["–"; 3], |p| p.figures);
        row.extend(figures.map(String::from));
        by_class.push(row);
    }
    let mut columns = vec!["puzzle".to_string(), "givens".into(), "attempts".into()];
    columns.extend(
        CONFIGURATIONS
            .iter()
            .map(|c| format!("{}: success %", c.name)),
    );
    columns.push("genetic-alldiff: avg time (s)".into());
    let column_refs: Vec<&str> = columns.iter().map(String::as_str).collect();
    let mut per_puzzle = Table::new(
        "genetic-puzzles",
        "Per puzzle: success % of each configuration",
        &column_refs,
    );
    for (i, instance) in instances.iter().enumerate() {
        let picked = |configuration: usize| {
            results_where(&jobs, &results, |&(j, _, v)| j == i && v == configuration)
        };
        let mut row = vec![
            instance.name.clone(),
            instance.puzzle.given_count().to_string(),
            picked(0).len().to_string(),
        ];
        for k in 0..CONFIGURATIONS.len() {
            let attempts = picked(k);
            let solved = attempts.iter().filter(|a| a.generation.is_some()).count();
            row.push(percent(solved, attempts.len()));
        }
        let times: Vec<f64> = picked(CONFIGURATIONS.len() - 1)
            .iter()
            .map(|a| a.seconds)
            .collect();
        row.push(mean_seconds(&times));
        per_puzzle.push(row);
    }
    let mut tables = vec![by_class];
    tables.extend(by_class_variants);
    tables.push(per_puzzle);
    let mut series_names = vec!["paper (published)"];
    series_names.extend(CONFIGURATIONS.iter().map(|c| c.name));
    Report {
        title: "Genetic algorithm by number of givens (Miloradović & Jačović 2020)".into(),
        notes: vec![
            format!(
                "{attempts} attempts per puzzle and configuration (the same seeds for each), at most {generations} generations, population 200, elite 120, mutation 0.5, selection 0.85; base seed {}.",
                settings.seed
            ),
            "The paper's GA as we read it: rows as permutation blocks, genes from the digits the givens allow, one swap per child (with probability 0.5) that never moves a digit where it is given. Mutation per gene: the same with each free gene swapped with probability 0.5, as the paper's text words it. Box reading: boxes as blocks, any missing digit, any swap (this lab's GA before). genetic-alldiff: the paper's GA after alldifferent (GAC) filtering; when the filter alone settles every cell, the GA has nothing left to do.".into(),
            format!("{WHY_OURS_DIFFER}the paper does not name its puzzles, and a number of givens says little of a puzzle's difficulty: these are the Mantere & Koljonen puzzles with as many givens. Two of its operators are readings of its words (above); the per-gene mutation comes closest (EXPERIMENTS.md, section 4)."),
        ],
        tables,
        charts: vec![Chart::Bars {
            title: "Success % by number of givens".into(),
            groups,
            series: series_names
                .iter()
                .zip(success)
                .map(|(name, values)| Series {
                    name: name.to_string(),
                    values,
                })
                .collect(),
            unit: "%".into(),
            log_scale: false,
        }],
    }
}

/// The registry's entry.
pub const SPEC: ExperimentSpec = ExperimentSpec {
    id: "genetic",
    description: "GA success %, average and best generation, time, by number of givens (Miloradović & Jačović 2020)",
    default_instances: instances,
    next_jobs,
    run_job,
    report,
    runs_per_instance,
    planned_jobs: None,
};
