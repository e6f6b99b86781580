//! The lab's HoDoKu scale against HoDoKu's own (`tests/data/hodoku.tsv`: hodoku-py, which follows
//! HoDoKu 2.2's solution path and score, on the puzzles of `tests/data/serate.tsv`). On the mixed
//! sample of the 17-clue set and top1465 and on each, the share of equal levels and the rank correlation of the scores must
//! not fall below what they are now; the figures are printed for BENCHMARKS.md.

#![cfg(feature = "all-techniques")]

use std::collections::BTreeMap;

use sudoku_core::exact::Dlx;
use sudoku_core::logic::{
    hodoku_path, hodoku_unique, solve_path_by, HodokuLevel, Scale, Technique,
};
use sudoku_core::study::race::friedman::ranks;
use sudoku_core::{Grid, NullObserver, Solver, Status};

struct Row {
    set: String,
    puzzle: Grid,
    level: HodokuLevel,
    score: u32,
    /// HoDoKu's path: its techniques as `name*count`.
    techniques: String,
}

fn table() -> Vec<Row> {
    include_str!("../../../tests/data/hodoku.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            Row {
                set: cols[0].to_string(),
                puzzle: Grid::parse(cols[1]).unwrap(),
                level: HodokuLevel::from_id(cols[2]).unwrap(),
                score: cols[3].parse().unwrap(),
                techniques: cols[4].to_string(),
            }
        })
        .collect()
}

/// Spearman's rank correlation: Pearson's on the ranks (ties given their mean rank).
fn spearman(a: &[f64], b: &[f64]) -> f64 {
    let (ra, rb) = (ranks(a), ranks(b));
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let (ma, mb) = (mean(&ra), mean(&rb));
    let cov: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let var = |v: &[f64], m: f64| v.iter().map(|x| (x - m).powi(2)).sum::<f64>();
    cov / (var(&ra, ma) * var(&rb, mb)).sqrt()
}

#[test]
fn spearman_is_one_for_the_same_order_and_minus_one_reversed() {
    let a = [1.0, 5.0, 2.0, 9.0, 9.0];
    assert!((spearman(&a, &a) - 1.0).abs() < 1e-12);
    let reversed: Vec<f64> = a.iter().map(|x| -x).collect();
    assert!((spearman(&a, &reversed) + 1.0).abs() < 1e-12);
    assert_eq!(ranks(&a), [1.0, 3.0, 2.0, 4.5, 4.5]);
}

#[test]
fn levels_and_scores_agree_with_hodokus_on_its_table() {
    // The forum's hardest take seconds each (nested chains); BENCHMARKS has them.
    let rows: Vec<Row> = table().into_iter().filter(|r| r.set != "hardest").collect();
    let ours: Vec<_> = rows
        .iter()
        .map(|r| hodoku_unique(&r.puzzle).expect("every puzzle is solved by logic"))
        .collect();
    // (set, floors: equal levels in %, Spearman of the scores)
    let floors = [
        ("all", 98.2, 0.99),
        ("clue17", 99.0, 0.99),
        ("top1465", 96.5, 0.97),
    ];
    for (set, level_floor, spearman_floor) in floors {
        let of_set: Vec<usize> = (0..rows.len())
            .filter(|&i| set == "all" || rows[i].set == set)
            .collect();
        assert!(of_set.len() > 250, "{set}: {} rows", of_set.len());
        let equal = of_set
            .iter()
            .filter(|&&i| ours[i].level == rows[i].level)
            .count();
        let equal = 100.0 * equal as f64 / of_set.len() as f64;
        let theirs: Vec<f64> = of_set.iter().map(|&i| rows[i].score as f64).collect();
        let mine: Vec<f64> = of_set.iter().map(|&i| ours[i].score as f64).collect();
        let rho = spearman(&theirs, &mine);
        eprintln!(
            "{set}: {} puzzles, HoDoKu's level equal on {equal:.1} %, Spearman of the scores {rho:.3}",
            of_set.len()
        );
        assert!(equal >= level_floor, "{set}: levels equal on {equal:.1} %");
        assert!(rho >= spearman_floor, "{set}: Spearman {rho:.3}");
    }
}

/// Where HoDoKu's path takes a remote pair, a hidden rectangle, colours, ALS (chains too) or a Sue de Coq, the lab's path in
/// HoDoKu's order takes them too, and every step of it agrees with the solution.
#[test]
fn the_named_patterns_hodoku_takes_are_taken_and_true() {
    let named = [
        ("remote-pair", Technique::RemotePair),
        ("hidden-rectangle", Technique::HiddenRectangle),
        ("simple-colors", Technique::SimpleColours),
        ("multi-colors", Technique::MultiColours),
        ("als-xz", Technique::AlsXz),
        ("als-xy-wing", Technique::AlsXyWing),
        ("sue-de-coq", Technique::SueDeCoq),
        ("als-xy-chain", Technique::AlsXyChain),
    ];
    let mut seen: BTreeMap<Technique, usize> = BTreeMap::new();
    let rows = table();
    // Up to twelve puzzles of each (the forum's hardest take seconds each).
    let chosen = named.iter().flat_map(|(name, _)| {
        rows.iter()
            .filter(move |r| r.set != "hardest" && r.techniques.contains(name))
            .take(12)
    });
    for row in chosen {
        let solved = Dlx::default().solve(&row.puzzle, &mut NullObserver);
        assert_eq!(solved.status, Status::Solved);
        let (steps, _) = solve_path_by(&row.puzzle, Scale::Hodoku);
        for step in &steps {
            *seen.entry(step.technique).or_default() += 1;
            for &(cell, digit) in &step.placements {
                assert_eq!(solved.grid.get(cell), digit, "{step:?}");
            }
            for &(cell, digit) in &step.eliminations {
                assert_ne!(solved.grid.get(cell), digit, "{step:?}");
            }
        }
    }
    for (name, technique) in named {
        assert!(seen.contains_key(&technique), "no {name}: {seen:?}");
    }
}

/// Where HoDoKu's path takes a unique rectangle of type 3 (a naked subset with the roof) or of
/// type 6 (the digit's places in two lines on the corners), the lab's path in HoDoKu's order
/// takes one of that shape too, and every unique rectangle agrees with the solution.
#[test]
fn unique_rectangles_of_types_3_and_6_are_taken_and_true() {
    let rows = table();
    let shape_3 = |step: &sudoku_core::logic::Step| step.pattern.len() > 4;
    let shape_6 = |step: &sudoku_core::logic::Step| step.units.len() == 2;
    for (name, shape) in [
        ("uniqueness-3", &shape_3 as &dyn Fn(&_) -> bool),
        ("uniqueness-6", &shape_6),
    ] {
        let mut taken = 0;
        for row in rows
            .iter()
            .filter(|r| r.set != "hardest" && r.techniques.contains(name))
            .take(12)
        {
            let solved = Dlx::default().solve(&row.puzzle, &mut NullObserver);
            let (steps, _) = hodoku_path(&row.puzzle);
            for step in steps
                .iter()
                .filter(|s| s.technique == Technique::UniqueRectangle)
            {
                taken += usize::from(shape(step));
                for &(cell, digit) in &step.eliminations {
                    assert_ne!(solved.grid.get(cell), digit, "{step:?}");
                }
            }
        }
        assert!(taken > 0, "no {name} taken");
    }
}
