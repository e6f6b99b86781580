//! The study's charts and ranking: rates with bands, runtime distributions, the ECDF.

use super::*;

#[test]
fn the_charts_draw_the_rates_with_their_bands_and_the_runtime_distributions() {
    use crate::report::Chart;
    use charts::{runtime_distribution, success_by_group, Effort};
    let settings = generated(vec![Class::Givens(30), Class::Givens(40)], 3);
    let study = Study::make(settings, &Sequential, 60.0).unwrap();
    let records = run_all(&study);
    let Chart::Lines {
        series, x_label, ..
    } = success_by_group(&study, &records)
    else {
        panic!("lines")
    };
    assert_eq!(x_label, "givens");
    assert_eq!(series.len(), 3);
    for (c, line) in series.iter().enumerate() {
        assert_eq!(
            line.points.iter().map(|p| p.0).collect::<Vec<_>>(),
            vec![30.0, 40.0]
        );
        for (k, group) in ["30", "40"].iter().enumerate() {
            let runs: Vec<&Record> = records
                .iter()
                .filter(|r| r.configuration == c && study.population[r.puzzle].group() == *group)
                .collect();
            let solved = runs.iter().filter(|r| r.solved()).count();
            assert_eq!(line.points[k].1, solved as f64 / runs.len() as f64);
            let (low, high) = stats::wilson(solved, runs.len());
            assert_eq!(line.band[k], (line.points[k].0, low, high));
        }
    }
    // The iterations chart draws the heuristics only, the nodes chart the exact searches.
    let Chart::Lines { series, .. } = runtime_distribution(&study, &records, Effort::Iterations)
    else {
        panic!("lines")
    };
    assert!(
        series.iter().all(|l| l.name.starts_with("coloring")),
        "{series:?}"
    );
    // DLX solves every run: its distribution rises to 1, one step per run, x growing.
    let Chart::Lines { series, .. } = runtime_distribution(&study, &records, Effort::Nodes) else {
        panic!("lines")
    };
    assert_eq!(series.len(), 1);
    let dlx = &series[0];
    assert_eq!(dlx.points.last().unwrap().1, 1.0);
    assert_eq!(dlx.points.len(), 2 * 12);
    assert!(dlx
        .points
        .windows(2)
        .all(|w| w[0].0 <= w[1].0 && w[0].1 <= w[1].1));
    // Levels sit at 1, 2, … and the label names them.
    let settings = generated(
        vec![Class::Level(Level::Easy), Class::Level(Level::Medium)],
        1,
    );
    let study = Study::make(settings, &Sequential, 60.0).unwrap();
    let Chart::Lines {
        series, x_label, ..
    } = success_by_group(&study, &[])
    else {
        panic!("lines")
    };
    assert_eq!(x_label, "level (1 easy, 2 medium)");
    assert!(
        series.iter().all(|s| s.points.is_empty()),
        "no record, no point"
    );
}

#[test]
fn the_ecdf_chart_counts_the_targets_each_run_reached_within_each_budget() {
    use crate::report::Chart;
    use ert::{Hits, TARGETS};
    let settings = generated(vec![Class::Givens(28), Class::Givens(36)], 3);
    let study = Study::make(settings, &Sequential, 60.0).unwrap();
    let (records, hits) = run_all_with_hits(&study);
    let Chart::Lines {
        series,
        log_x,
        title,
        ..
    } = charts::ecdf_chart(&study, &records, &hits)
    else {
        panic!("lines")
    };
    assert!(log_x);
    assert_eq!(series.len(), 3);
    // The targets the title names, counted again here from each run's hits.
    let named: Vec<usize> = (0..TARGETS.len())
        .filter(|&t| {
            title.contains(&format!(" {},", TARGETS[t]))
                || title.ends_with(&format!(" {})", TARGETS[t]))
        })
        .collect();
    assert!(named.contains(&0), "{title}");
    for (c, line) in series.iter().enumerate() {
        let runs: Vec<&Hits> = records
            .iter()
            .filter(|r| r.configuration == c)
            .map(|r| hits[r.job].as_ref().unwrap())
            .collect();
        assert!(line
            .points
            .windows(2)
            .all(|w| w[0].0 < w[1].0 && w[0].1 <= w[1].1));
        for &(budget, share) in &line.points {
            let reached = runs
                .iter()
                .flat_map(|r| named.iter().filter_map(|&t| r.reached(t)))
                .filter(|&e| e as f64 <= budget)
                .count();
            assert_eq!(share, reached as f64 / (runs.len() * named.len()) as f64);
        }
    }
    // An exact search's curve is one point, cost 0 at its answer: at the largest budget its
    // share is its success rate.
    let dlx = &series[2];
    assert!(dlx.name.starts_with("dlx"), "{}", dlx.name);
    let dlx_runs: Vec<&Record> = records.iter().filter(|r| r.configuration == 2).collect();
    let solved = dlx_runs.iter().filter(|r| r.solved()).count();
    assert!(solved > 0);
    assert_eq!(
        dlx.points.last().unwrap().1,
        solved as f64 / dlx_runs.len() as f64
    );
    // The largest budget is the most any run spent.
    let most = records.iter().map(|r| study.spent(r)).max().unwrap();
    assert_eq!(dlx.points.last().unwrap().0, most as f64);
}

#[test]
fn the_ranking_orders_by_success_then_ecdf_area_and_counts_significant_wins() {
    use ert::Measures;
    use ranking::{ranking_table, standings};
    let settings = generated(vec![Class::Givens(26), Class::Givens(34)], 6);
    let study = Study::make(settings, &Sequential, 60.0).unwrap();
    let (records, hits) = run_all_with_hits(&study);
    let summary = Summary::of(&study, &records);
    let ranked = standings(&study, &records, &hits, Some(&summary));
    assert_eq!(ranked.len(), 3);
    // Success never rises down the table.
    assert!(ranked.windows(2).all(|w| w[0].rate() >= w[1].rate()));
    // Each line's counts and area are the records' and `ecdf_area.csv`'s "all" rows.
    let measures = Measures::of(&study, &records, &hits);
    for s in &ranked {
        let own: Vec<&Record> = records
            .iter()
            .filter(|r| study.runs[r.configuration].to_string() == s.configuration)
            .collect();
        assert_eq!(s.runs, own.len());
        assert_eq!(s.solved, own.iter().filter(|r| r.solved()).count());
        let row = measures
            .area_csv
            .lines()
            .find(|l| l.starts_with(&format!("{},all,", s.configuration)))
            .unwrap();
        let area: f64 = row.rsplit(',').next().unwrap().parse().unwrap();
        assert!(
            (s.ecdf_area - area).abs() < 1e-4,
            "{row} vs {}",
            s.ecdf_area
        );
        // Wins and losses, counted again from the pairwise CSV's Holm-corrected p and solves.
        let (mut better, mut worse) = (0, 0);
        for c in summary
            .comparisons
            .iter()
            .filter(|c| c.p_success_holm < 0.05)
        {
            let winner = if c.a_solved > c.b_solved { &c.a } else { &c.b };
            if c.a == s.configuration || c.b == s.configuration {
                if *winner == s.configuration {
                    better += 1
                } else {
                    worse += 1
                }
            }
        }
        assert_eq!((s.better, s.worse), (better, worse), "{}", s.configuration);
    }
    // The matrix of wins says the same as the ranking's counts, row by row and column by column.
    let crate::report::Chart::HeatMap { values, max, .. } = charts::wins_matrix(&study, &summary)
    else {
        panic!("heat map")
    };
    assert_eq!(max, 2.0, "two classes");
    for s in &ranked {
        let k = study
            .runs
            .iter()
            .position(|c| c.to_string() == s.configuration)
            .unwrap();
        let row: f64 = values[k].iter().flatten().sum();
        let column: f64 = values.iter().filter_map(|r| r[k]).sum();
        assert_eq!((row as usize, column as usize), (s.better, s.worse));
        assert_eq!(values[k][k], None);
    }
    // Equal success is ordered by the ECDF's area: the larger first.
    for w in ranked.windows(2).filter(|w| w[0].rate() == w[1].rate()) {
        assert!(w[0].ecdf_area >= w[1].ecdf_area, "{ranked:?}");
    }
    // The random-order colouring solves next to nothing in 200 constructions: last, and worse
    // than both others in both classes.
    assert!(
        ranked[2].configuration.starts_with("coloring-bfs"),
        "{ranked:?}"
    );
    assert_eq!((ranked[2].better, ranked[2].worse), (0, 4));
    let table = ranking_table(&ranked);
    assert_eq!(table.rows[0][0], "1");
    assert!(table.csv().starts_with(ranking::RANKING_HEADER));
    assert_eq!(table.csv().lines().count(), 4);
}
