//! The filters (AC-3, alldifferent bounds and GAC) keep the solution and prune what they should.

use super::*;
use crate::exact::count_solutions;
use crate::{Algorithm, NullObserver, RunConfig, Size};

const PUZZLES: [&str; 3] = [
    ".4....179..2..8.54..6..5..8.8..7.91..5..9..3..19.6..4.3..4..7..57.1..2..928....6.",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
];

#[test]
fn filters_keep_the_solution_and_shrink_the_domains() {
    let g = Geometry::new(Size::NINE);
    for text in PUZZLES {
        let puzzle: Grid = text.parse().unwrap();
        assert!(count_solutions(&puzzle, 2).is_unique());
        let solution = Algorithm::Propagation
            .run(&puzzle, &RunConfig::default(), &mut NullObserver)
            .unwrap()
            .grid;
        for which in [Filter::Ac3, Filter::AllDifferent, Filter::AllDifferentGac] {
            let mut domains = initial_domains(&puzzle);
            let before = total_size(&domains);
            filter(&g, &mut domains, which).unwrap();
            assert!(total_size(&domains) < before, "{which:?} removed nothing");
            for (cell, d) in domains.iter().enumerate() {
                assert!(
                    d & digit_bit(solution.get(cell)) != 0,
                    "{which:?} removed the solution at {cell}"
                );
            }
        }
    }
}

#[test]
fn ac3_solves_a_puzzle_of_naked_singles_and_detects_a_wipeout() {
    let g = Geometry::new(Size::FOUR);
    let puzzle: Grid = "12.434..........".parse().unwrap();
    let mut domains = initial_domains(&puzzle);
    ac3(&g, &mut domains, None).unwrap();
    assert_eq!(domains[2], digit_bit(3));
    assert_eq!(domains[4], digit_bit(3));
    // r1 = 1 2 . 4 and column 3 holds 3 below: r1c3 has no digit left.
    let dead: Grid = "12.4..3.........".parse().unwrap();
    let mut domains = initial_domains(&dead);
    assert_eq!(ac3(&g, &mut domains, None), Err(Wipeout::Cell(2)));
}

#[test]
fn gac_prunes_at_least_what_ac3_prunes() {
    let g = Geometry::new(Size::NINE);
    for text in PUZZLES {
        let puzzle: Grid = text.parse().unwrap();
        let mut ac = initial_domains(&puzzle);
        ac3(&g, &mut ac, None).unwrap();
        let mut gac = initial_domains(&puzzle);
        alldifferent_gac(&g, &mut gac, None, &mut |_, _, _| {}).unwrap();
        assert!(
            gac.iter().zip(&ac).all(|(a, b)| a & !b == 0),
            "GAC kept a value AC-3 removed"
        );
    }
}

#[test]
fn gac_finds_hidden_pairs_and_infeasible_units() {
    // Row 1 of a 4×4: digits 3 and 4 only fit cells 3 and 4, so those cells lose 1 and 2.
    let g = Geometry::new(Size::FOUR);
    let mut domains = vec![0b1111u32; 16];
    domains[0] = 0b0011;
    domains[1] = 0b0011;
    alldifferent_gac(&g, &mut domains, None, &mut |_, _, _| {}).unwrap();
    assert_eq!((domains[2], domains[3]), (0b1100, 0b1100));
    domains[2] = 0b0011;
    assert!(alldifferent_gac(&g, &mut domains, None, &mut |_, _, _| {}).is_err());
}

#[test]
fn hall_intervals_prune_bounds() {
    // Row 1 of a 4×4: two cells confined to {1, 2} force the others out of [1, 2].
    let g = Geometry::new(Size::FOUR);
    let mut domains = vec![0b1111u32; 16];
    domains[0] = 0b0011;
    domains[1] = 0b0011;
    alldifferent_bounds(&g, &mut domains, None, &mut |_, _, _| {}).unwrap();
    assert_eq!(domains[2], 0b1100);
    assert_eq!(domains[3], 0b1100);
    domains[2] = 0b0011; // three cells in an interval of two digits
    assert!(alldifferent_bounds(&g, &mut domains, None, &mut |_, _, _| {}).is_err());
}
