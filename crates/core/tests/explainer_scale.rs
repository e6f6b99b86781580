//! The lab's Sudoku Explainer scale against SE's own ratings (`tests/data/serate.tsv`: serate
//! with SE 1.2.1's techniques on a sample of the 17-clue set, top1465 and the forum's hardest).
//! Each set's agreement — ER, EP and ED within 0.1 — must not fall below what it is now; the
//! figures are printed for EXPERIMENTS.md.

#![cfg(feature = "all-techniques")]

use sudoku_core::logic::explainer;
use sudoku_core::Grid;

struct Row {
    set: String,
    puzzle: Grid,
    /// ER, EP, ED in tenths.
    se: [u16; 3],
}

fn table() -> Vec<Row> {
    include_str!("../../../tests/data/serate.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            let tenths = |s: &str| (s.parse::<f32>().unwrap() * 10.0).round() as u16;
            Row {
                set: cols[0].to_string(),
                puzzle: Grid::parse(cols[1]).unwrap(),
                se: [tenths(cols[2]), tenths(cols[3]), tenths(cols[4])],
            }
        })
        .collect()
}

/// The share (in %) of rows of a set whose ER, EP and ED are within 0.1 of SE's.
fn agreement(rows: &[&Row]) -> [f64; 3] {
    let mut within = [0usize; 3];
    for row in rows {
        let ours = explainer(&row.puzzle).expect("every puzzle is solved by logic");
        let ours = [ours.rating, ours.pearl, ours.diamond];
        for k in 0..3 {
            if ours[k].abs_diff(row.se[k]) <= 1 {
                within[k] += 1;
            }
        }
    }
    within.map(|w| 100.0 * w as f64 / rows.len() as f64)
}

#[test]
fn ratings_agree_with_sudoku_explainers_on_its_table() {
    let rows = table();
    // (set, rows checked, floors for ER, EP, ED in %)
    let floors = [
        ("clue17", usize::MAX, [99.0, 99.0, 99.0]),
        ("top1465", usize::MAX, [95.5, 99.0, 99.0]),
    ];
    for (set, take, floor) in floors {
        let of_set: Vec<&Row> = rows.iter().filter(|r| r.set == set).take(take).collect();
        assert!(of_set.len() > 400, "{set}: {} rows", of_set.len());
        let found = agreement(&of_set);
        eprintln!(
            "{set}: {} puzzles, within 0.1 of SE: ER {:.1} %, EP {:.1} %, ED {:.1} %",
            of_set.len(),
            found[0],
            found[1],
            found[2]
        );
        for k in 0..3 {
            assert!(found[k] >= floor[k], "{set}: {:?} below {:?}", found, floor);
        }
    }
}

/// The forum's hardest need nested forcing chains on both scales (SE rates them 9.0–11.2).
#[test]
fn the_hardest_sample_is_rated_extreme_on_both_scales() {
    let rows = table();
    let hardest: Vec<&Row> = rows.iter().filter(|r| r.set == "hardest").take(2).collect();
    assert!(!hardest.is_empty());
    for row in hardest {
        let ours = explainer(&row.puzzle).expect("solved by logic");
        assert!(row.se[0] >= 90, "{}", row.puzzle.to_line());
        assert!(ours.rating >= 85, "{}: {ours:?}", row.puzzle.to_line());
    }
}
