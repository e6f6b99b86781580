//! The band engine: its tables, its narration replayed on the board, its answers against the digit-board engine.

use super::*;
use crate::grid::Grid;
use crate::size::Size;
use crate::solve::Limits;
use crate::trace::Event;
use crate::trace::{Flow, Replay};

#[test]
fn tables_follow_the_rules() {
    assert_eq!(BY_TRIPLETS[0o777].keep, ALL);
    // Row 0 only in box 1: box 1's other rows lose the digit.
    assert_eq!(lock_triplets(0o772), 0o552);
    // Box 2 only in row 1 (rows 0 and 2 lack it): row 1's other boxes lose it.
    assert_eq!(lock_triplets(0o373), 0o343);
    // A row or a box with no place left is a contradiction.
    assert_eq!(BY_TRIPLETS[0o770].keep, 0);
    assert_eq!(BY_TRIPLETS[0o666].keep, 0);
    // Rows 0 and 1 both confined to box 0: box 0 cannot hold the digit twice.
    assert_eq!(BY_TRIPLETS[0o711].keep, 0);
    assert_eq!(BY_TRIPLETS[0o777].lone, 0);
    assert_eq!(lone_triplets(lock_triplets(0o772)), 0o002);
    assert_eq!(BY_TRIPLETS[0o772].lone, cells_of_triplets(0o002));
    // Box 0 down to column 1: the other bands lose column 1.
    let columns = 0b111_111_010;
    assert_eq!(BY_COLUMNS[columns].one_column_boxes, 0o7 * COLUMN);
    assert_eq!(BY_COLUMNS[columns].other_bands, ALL & !(COLUMN << 1));
    for (p, &keep) in KEEP_AFTER_PLACING.iter().enumerate() {
        // 27 cells, less the 15 of its row and box, plus itself.
        assert_eq!(keep.count_ones(), 27 - 15 + 1, "cell {p}");
        assert_ne!(keep & 1 << p, 0);
    }
}

#[test]
fn the_columns_table_read_by_byte_offset_is_the_table() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(9);
    // Each of the 512 column sets in each row of the band, then random words.
    let words = (0..512u32)
        .flat_map(|c| [c, c << 9, c << 18])
        .chain((0..5000).map(|_| rng.random::<u32>() & ALL));
    for word in words {
        let columns = ((word | word >> 9 | word >> 18) & ROW) as usize;
        let read = by_columns_of(word);
        assert_eq!(columns_offset(word), 8 * columns, "word {word:#o}");
        assert_eq!(read.other_bands, BY_COLUMNS[columns].other_bands);
        assert_eq!(read.one_column_boxes, BY_COLUMNS[columns].one_column_boxes);
    }
}

#[test]
fn changed_words_are_the_words_that_differ() {
    changed_words_of::<27>();
    // The layout wasm uses: a 28th word, equal in both arrays.
    changed_words_of::<28>();
}

/// Every single differing word, then pseudo-random sets of them, against a plain comparison.
fn changed_words_of<const N: usize>() {
    use rand::{Rng, SeedableRng};
    let seen: [u32; N] =
        std::array::from_fn(|s| (s < 27) as u32 * ((s as u32).wrapping_mul(0x9E37_79B9) & ALL));
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(27);
    for round in 0..27 + 500 {
        let differ = if round < 27 {
            1u32 << round
        } else {
            rng.random::<u32>() & ((1 << 27) - 1)
        };
        let cand: [u32; N] = std::array::from_fn(|s| seen[s] ^ (differ >> s & 1) << s);
        let plain = (0..N).fold(0, |m, s| m | ((cand[s] != seen[s]) as u32) << s);
        assert_eq!(plain, differ);
        assert_eq!(
            changed_words(&cand, &seen),
            differ,
            "{N} words, round {round}"
        );
    }
}

fn puzzles(text: &str) -> Vec<Grid> {
    crate::parse_records(text)
        .into_iter()
        .filter_map(|r| r.result.ok())
        .collect()
}

/// Runs the 9×9 search with a recorder; returns the solutions and the events.
fn narrated(puzzle: &Grid, limit: u64) -> (Vec<Vec<u8>>, Vec<Event>) {
    let mut events = Vec::new();
    let mut observer = |e: Event| {
        events.push(e);
        Flow::Continue
    };
    let mut tracker = Tracker::new(&mut observer, Limits::NONE);
    let mut solutions = Vec::new();
    search(puzzle, limit, &mut tracker, &mut |v| {
        solutions.push(v.to_vec())
    })
    .unwrap();
    (solutions, events)
}

/// Every narrated event is possible on the board the replay shows at that moment, and the
/// trace ends on the solution.
#[test]
fn the_narration_replays_step_by_step() {
    let hardest = puzzles(include_str!("../../../../../../tests/data/hardest.txt"));
    let top95 = puzzles(include_str!("../../../../../../tests/data/top95.txt"));
    for puzzle in hardest.iter().chain(&top95[..30]) {
        let (solutions, events) = narrated(puzzle, 1);
        assert_eq!(solutions.len(), 1, "{puzzle}");
        let mut replay = Replay::new(puzzle);
        for event in &events {
            if let Event::Guess { .. } = event {
                // The engine guesses from a fixpoint: the board the observer sees has no
                // placed digit left among the candidates of its neighbours.
                for (c, &v) in replay.values.iter().enumerate() {
                    for p in (0..81).filter(|&p| v != 0 && replay.values[p] == 0) {
                        assert!(
                            !Size::NINE.sees(c, p)
                                || replay.candidates[p] & crate::bits::digit_bit(v) == 0,
                            "{puzzle}: before {event:?}, r{}c{} still shows {v}",
                            p / 9 + 1,
                            p % 9 + 1
                        );
                    }
                }
            }
            match *event {
                Event::Guess { cell, value, .. }
                | Event::Assign { cell, value, .. }
                | Event::Eliminate { cell, value, .. } => {
                    let c = cell as usize;
                    assert_eq!(replay.values[c], 0, "{puzzle}: {event:?} on a filled cell");
                    assert_ne!(
                        replay.candidates[c] & crate::bits::digit_bit(value),
                        0,
                        "{puzzle}: {event:?} of a candidate already gone"
                    );
                }
                _ => {}
            }
            replay.apply(event);
        }
        assert_eq!(replay.values, solutions[0], "{puzzle}");
        assert_eq!(
            crate::verify_solution(puzzle, &puzzle.with_values(&solutions[0])),
            Ok(())
        );
    }
}

/// A digit whose givens alone leave it no place in a row (1 in rows 1 and 2 of the top band,
/// row 3's other cells given or in their boxes): no solution, found before any guess, whatever
/// the rest of the grid leaves open.
#[test]
fn a_digit_left_without_a_place_by_its_givens_is_seen_at_once() {
    let puzzle: Grid = format!(
        "1{}1{}234{}",
        ".".repeat(11),
        ".".repeat(11),
        ".".repeat(54)
    )
    .parse()
    .unwrap();
    let mut quiet = crate::trace::NullObserver;
    let mut tracker = Tracker::new(&mut quiet, Limits::NONE);
    let found = search(&puzzle, 2, &mut tracker, &mut |_| {}).unwrap();
    assert_eq!(found, 0);
    assert_eq!(tracker.stats.nodes, 0, "{puzzle}");
}

/// Quiet and narrated runs find the same solutions with the same statistics.
#[test]
fn narration_changes_nothing_but_the_events() {
    let top95 = puzzles(include_str!("../../../../../../tests/data/top95.txt"));
    // Few givens: many solutions, so the search backtracks after each one.
    let many: Grid = format!("12345{}", ".".repeat(76)).parse().unwrap();
    for puzzle in top95.iter().take(20).chain([&many]) {
        let (narrated_solutions, events) = narrated(puzzle, 3);
        let mut quiet = crate::trace::NullObserver;
        let mut tracker = Tracker::new(&mut quiet, Limits::NONE);
        let mut solutions = Vec::new();
        search(puzzle, 3, &mut tracker, &mut |v| solutions.push(v.to_vec())).unwrap();
        assert_eq!(solutions, narrated_solutions, "{puzzle}");
        let nodes = events
            .iter()
            .filter(|e| matches!(e, Event::Guess { .. }))
            .count();
        assert_eq!(tracker.stats.nodes, nodes as u64, "{puzzle}");
    }
    let (solutions, _) = narrated(&many, 3);
    assert_eq!(solutions.len(), 3);
    assert!(solutions[0] != solutions[1] && solutions[1] != solutions[2]);
    for solution in &solutions {
        assert_eq!(
            crate::verify_solution(&many, &many.with_values(solution)),
            Ok(())
        );
    }
}

/// The triplets table read at its folded offset gives what the triplets found one by one imply,
/// for every row in every place beside rows of other shapes, and for every set of triplets.
#[test]
fn the_triplets_table_read_by_fold_is_the_table() {
    let others = [0, ROW, 0o525, 0o070, 0o001, 0o700];
    for row in 0..512u32 {
        for r in 0..3 {
            for &other in &others {
                let word = (0..3).fold(0, |w, s| w | if s == r { row } else { other } << (9 * s));
                let triplets =
                    (0..9).fold(0, |t, k| t | ((word >> (3 * k) & 0o7 != 0) as usize) << k);
                assert_eq!(
                    by_triplets_of(word),
                    BY_TRIPLETS[triplets],
                    "word {word:#o}"
                );
                assert_eq!(triplets_offset(word) % 8, 0);
                assert!(triplets_offset(word) < 8 * 512);
            }
        }
    }
    // Every set of triplets, each holding random cells of its three.
    use rand::{Rng, SeedableRng};
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
    for (triplets, expected) in BY_TRIPLETS.iter().enumerate() {
        for _ in 0..20 {
            let word = (0..9)
                .filter(|k| triplets >> k & 1 != 0)
                .fold(0, |w, k| w | rng.random_range(1..8u32) << (3 * k));
            assert_eq!(by_triplets_of(word), *expected, "word {word:#o}");
        }
    }
}

/// Every copy of the search this CPU can run (the portable one everywhere) finds the same
/// solutions with the same statistics: puzzles with one, several and no solution.
#[test]
fn every_instruction_set_finds_the_same() {
    use super::search::search_with;
    use crate::exact::propagation::cpu::{choice, Choice};
    let mut copies = vec![Choice::Portable];
    if choice() != Choice::Portable {
        copies.push(Choice::V3);
    }
    if choice() == Choice::V4 {
        copies.push(Choice::V4);
    }
    let mut all = puzzles(include_str!("../../../../../../tests/data/top95.txt"));
    all.extend(puzzles(include_str!(
        "../../../../../../tests/data/hardest.txt"
    )));
    let several: Grid = format!("12345{}", ".".repeat(76)).parse().unwrap();
    let mut none = all[0].values().to_vec();
    let hole = none.iter().position(|&v| v == 0).unwrap();
    let solution = narrated(&all[0], 1).0.remove(0);
    none[hole] = solution[hole] % 9 + 1; // a wrong digit: no solution (or a clash)
    all.push(several);
    all.push(Grid::from_givens(Size::NINE, &none).unwrap());
    // Random ones: a solution with 17 to 60 cells kept, some with a cell changed to another
    // digit (no solution, or a clash), so that every copy meets many solutions and early
    // contradictions too.
    use rand::{Rng, SeedableRng};
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(4);
    let solved: Vec<Vec<u8>> = all[..40]
        .iter()
        .map(|p| narrated(p, 1).0.remove(0))
        .collect();
    let tested = all.len();
    for round in 0..600 {
        let mut values = solved[round % solved.len()].clone();
        let keep = rng.random_range(17..=60);
        for value in values.iter_mut() {
            if rng.random_range(0..81) >= keep {
                *value = 0;
            }
        }
        if round % 3 == 0 {
            let cell = rng.random_range(0..81);
            values[cell] = rng.random_range(1..=9);
        }
        all.push(Grid::from_givens(Size::NINE, &values).unwrap());
    }
    for puzzle in &all {
        let runs: Vec<_> = copies
            .iter()
            .map(|&copy| {
                let mut quiet = crate::trace::NullObserver;
                let mut tracker = Tracker::new(&mut quiet, Limits::NONE);
                let mut solutions = Vec::new();
                search_with(copy, puzzle, 3, &mut tracker, &mut |v| {
                    solutions.push(v.to_vec())
                })
                .unwrap();
                (solutions, tracker.stats)
            })
            .collect();
        for run in &runs[1..] {
            assert_eq!(run, &runs[0], "{puzzle}");
        }
        for solution in &runs[0].0 {
            assert_eq!(
                crate::verify_solution(puzzle, &puzzle.with_values(solution)),
                Ok(())
            );
        }
    }
    assert_eq!(narrated(&all[tested - 2], 3).0.len(), 3);
    assert!(narrated(&all[tested - 1], 3).0.is_empty());
}

/// The filled-cell set gathered eight bytes at a time is the plain one, for every byte value
/// in every place and random grids.
#[test]
fn filled_cells_are_the_nonzero_bytes() {
    let plain = |values: &[u8; 81]| {
        let mut set = [0u64; 2];
        for (i, &v) in values.iter().enumerate() {
            set[i / 64] |= ((v != 0) as u64) << (i % 64);
        }
        set
    };
    use rand::{Rng, SeedableRng};
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(81);
    for _ in 0..2000 {
        // Mostly zeros, and every byte value now and then.
        let values: [u8; 81] = std::array::from_fn(|_| {
            if rng.random_ratio(1, 3) {
                rng.random()
            } else {
                0
            }
        });
        assert_eq!(filled_cells(&values), plain(&values), "{values:?}");
    }
    for v in 0..=255u8 {
        for at in 0..81 {
            let mut values = [0u8; 81];
            values[at] = v;
            assert_eq!(filled_cells(&values), plain(&values), "{v} at {at}");
        }
    }
}
