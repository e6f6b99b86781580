//! The GA's operators, its paper's reading (rows, givens-aware genes and swaps) and the
//! alldifferent variant.

use super::*;
use crate::heuristic::test_support::*;
use crate::solve::{Limit, Status};
use crate::trace::NullObserver;
use crate::trace::Rule;
use crate::verify::verify_solution;

#[test]
fn cycle_crossover_keeps_permutations_and_positions() {
    let own = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    let other = [9, 3, 7, 8, 2, 6, 5, 1, 4];
    let mut child = [0u8; 9];
    cycle_crossover(&own, &other, &mut child);
    // Cycle of position 0: 1→9→4→8 positions {0,8,3,7} from own; next cycle {1,2,6,4} from
    // other; {5} (6 in both) from own.
    assert_eq!(child, [1, 3, 7, 4, 2, 6, 5, 8, 9]);
    let mut sorted = child;
    sorted.sort_unstable();
    assert_eq!(sorted, own);
}

#[test]
fn solves_an_easy_puzzle_and_replays() {
    let puzzle: Grid = EASY.parse().unwrap();
    let genetic = Genetic {
        seed: 2,
        ..Genetic::default()
    };
    let (outcome, events) = solves_and_replays(genetic, &puzzle);
    let generations = events
        .iter()
        .filter(|e| matches!(e, Event::Generation { .. }))
        .count() as u64;
    assert_eq!(generations, outcome.stats.iterations + 1);
}

#[test]
fn gives_up_after_its_generations_and_repeats_with_a_seed() {
    let puzzle: Grid = HARDEST.parse().unwrap();
    let genetic = || Genetic {
        generations: 5,
        seed: 11,
        ..Genetic::default()
    };
    gives_up_the_same_way(genetic, &puzzle, 5);
    let outcome = genetic().solve(&puzzle, &mut NullObserver);
    assert_eq!(outcome.status, Status::GaveUp(Limit::Generations(5)));
    assert_eq!(outcome.status.to_string(), "gave up after 5 generations");
}

#[test]
fn per_gene_mutation_solves_and_repeats() {
    let puzzle: Grid = EASY.parse().unwrap();
    let run = |seed| {
        Genetic {
            mutation_scope: MutationScope::Gene,
            mutation_rate: 0.1,
            seed,
            ..Genetic::default()
        }
        .solve(&puzzle, &mut NullObserver)
    };
    let solved = (0..5)
        .map(run)
        .find(|o| o.is_solved())
        .expect("one of 5 seeds");
    assert_eq!(verify_solution(&puzzle, &solved.grid), Ok(()));
    assert_eq!(run(3), run(3));
}

#[test]
fn row_mutations_never_move_a_digit_where_its_domain_lacks_it() {
    let puzzle: Grid = HARDEST.parse().unwrap();
    let genetic = Genetic {
        mutation_rate: 1.0,
        ..Genetic::default()
    };
    assert_eq!(
        (genetic.blocks, genetic.domains),
        (Blocks::Rows, Domains::Givens)
    );
    let (fixed, allowed) = allowed_digits(&puzzle, genetic.domains).unwrap();
    let free = FreeCells::new(&fixed, Blocks::Rows);
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    for _ in 0..200 {
        let mut child = BlockFill::random_allowed(&fixed, &free, &allowed, &mut rng);
        let before = child.values().to_vec();
        genetic.mutate(&mut child, &free, &allowed, &mut rng);
        for c in 0..before.len() {
            let now = child.values()[c];
            if now != before[c] {
                assert!(
                    allowed[c] & digit_bit(now) != 0,
                    "r{}c{} got {now}",
                    c / 9 + 1,
                    c % 9 + 1
                );
            }
        }
        // Rows stay permutations.
        for r in 0..9 {
            assert!(child.missing_in_block(r).is_empty());
        }
    }
    // A given's digit is never allowed elsewhere in its row, column or box.
    let (r1c1, value) = (0, puzzle.get(0));
    assert_ne!(value, 0, "r1c1 is a given");
    for c in [1, 9, 10] {
        if puzzle.get(c) == 0 {
            assert_eq!(
                allowed[c] & digit_bit(value),
                0,
                "{c} shares a unit with r1c1"
            );
        }
    }
    assert_eq!(allowed[r1c1], digit_bit(value));
}

#[test]
fn the_alldiff_variant_fixes_what_filtering_settles_and_solves_or_refutes() {
    // Alldifferent filtering settles every cell of this one: solved before any generation.
    let puzzle: Grid = EASY.parse().unwrap();
    let alldiff = || Genetic {
        domains: Domains::AllDifferent,
        seed: 4,
        ..Genetic::default()
    };
    let (outcome, events) = solves_and_replays(alldiff(), &puzzle);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::Assign { reason, .. } if reason.rule == Rule::Filtered)));
    assert_eq!(outcome.stats.iterations, 0);
    // 4×4, row 1 = 1 2 _ _ and a 3 in the box of its last two cells: both would need the 4.
    // No two givens clash, yet filtering proves there is no solution.
    let mut refuted = Grid::empty(crate::size::Size::FOUR);
    refuted.set_given(0, 1);
    refuted.set_given(1, 2);
    refuted.set_given(6, 3);
    assert!(refuted.conflicts().is_empty());
    let outcome = alldiff().solve(&refuted, &mut NullObserver);
    assert_eq!(outcome.status, crate::solve::Status::NoSolution);
}
