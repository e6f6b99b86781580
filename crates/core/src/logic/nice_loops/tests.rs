use super::*;
use crate::exact::fixtures::{puzzles, HARDEST, TOP95};
use crate::logic::Scale;

/// Whether `to` follows from `from` at once on `board`, by the rules a loop may use.
fn implies(board: &Board, geometry: &Geometry, from: Link, to: Link) -> bool {
    let has = |cell: usize, digit: u8| board.candidates[cell] & digit_bit(digit) != 0;
    if !has(from.cell, from.digit) || !has(to.cell, to.digit) || from.on == to.on {
        return false;
    }
    let same_cell = from.cell == to.cell && from.digit != to.digit;
    let same_digit = from.cell != to.cell && from.digit == to.digit;
    if from.on {
        same_cell || (same_digit && geometry.peers[from.cell].contains(&to.cell))
    } else {
        (same_cell && board.candidates[from.cell].count_ones() == 2)
            || (same_digit
                && geometry.cell_units[from.cell].iter().any(|&unit| {
                    let places: Vec<usize> = geometry.units[unit]
                        .iter()
                        .copied()
                        .filter(|&c| has(c, from.digit))
                        .collect();
                    places.len() == 2 && places.contains(&to.cell)
                }))
    }
}

/// On Sudoku Explainer's path through the fixtures, every nice loop is a chain of
/// implications. A discontinuous one runs from its assumption to the assumption's negation and
/// concludes that negation; a continuous one runs from its assumption back to it, four links or
/// more around, and removes only candidates outside its cells that see, on their digit, one
/// candidate it makes true and one it makes false. A loop's complexity is its distinct links.
#[test]
fn every_loop_is_a_chain_of_implications_back_to_its_assumption() {
    let (mut discontinuous, mut continuous, mut one_digit) = (0, 0, 0);
    for puzzle in [TOP95, HARDEST].into_iter().flat_map(puzzles).take(60) {
        let geometry = Geometry::new(puzzle.size());
        let mut board = Board::with_uniqueness(&puzzle, &geometry).unwrap();
        let scale = Scale::Explainer;
        while let Some(step) = board.next_step_in(&geometry, scale.order(), &|t| scale.uses(t)) {
            if step.technique == Technique::NiceLoop {
                let chain = &step.chains[0];
                let (first, last) = (chain[0], chain[chain.len() - 1]);
                for pair in chain.windows(2) {
                    assert!(
                        implies(&board, &geometry, pair[0], pair[1]),
                        "{pair:?} in {step:?}"
                    );
                }
                if chain.iter().all(|l| l.digit == first.digit) {
                    one_digit += 1;
                }
                if last == first {
                    continuous += 1;
                    assert!(first.on && chain.len() >= 5, "{step:?}");
                    assert_eq!(step.complexity, chain.len() - 1);
                    assert!(step.placements.is_empty() && !step.eliminations.is_empty());
                    for &(cell, digit) in &step.eliminations {
                        assert!(chain.iter().all(|l| l.cell != cell), "{step:?}");
                        let sees = |on: bool| {
                            chain.iter().any(|l| {
                                l.on == on
                                    && l.digit == digit
                                    && geometry.peers[l.cell].contains(&cell)
                            })
                        };
                        assert!(sees(true) && sees(false), "{step:?}");
                    }
                    continue_apply(&mut board, &geometry, &step, &puzzle);
                    continue;
                }
                discontinuous += 1;
                assert_eq!(last, first.negated(), "{step:?}");
                assert_eq!(step.complexity, chain.len());
                let concluded = if first.on {
                    (&step.eliminations, &step.placements)
                } else {
                    (&step.placements, &step.eliminations)
                };
                assert_eq!(concluded.0, &vec![(first.cell, first.digit)]);
                assert!(concluded.1.is_empty());
            }
            continue_apply(&mut board, &geometry, &step, &puzzle);
        }
    }
    // Every kind occurs: loops on one digit (SE's forcing X-chains) and through cells, and
    // continuous ones.
    assert!(
        discontinuous > 20 && continuous > 0 && one_digit > 0 && one_digit < discontinuous,
        "{discontinuous} discontinuous, {continuous} continuous, {one_digit} on one digit"
    );
}

fn continue_apply(board: &mut Board, geometry: &Geometry, step: &Step, puzzle: &crate::Grid) {
    if board.apply(geometry, step).is_err() {
        panic!("{step:?} contradicts {}", puzzle.to_line());
    }
}

#[test]
fn a_loop_is_told_from_its_assumption_to_its_negation() {
    let step = concluding(vec![
        Link::on(0, 4),
        Link::off(4, 4),
        Link::on(4, 7),
        Link::off(0, 7),
        Link::on(0, 2),
        Link::off(0, 4),
    ]);
    assert_eq!(
        words(Size::NINE, &step),
        "nice loop: r1c1=4 → r1c5≠4 → r1c5=7 → r1c1≠7 → r1c1=2 → r1c1≠4: assuming r1c1=4 leads to its own negation, so r1c1≠4"
    );
    assert_eq!(step.eliminations, vec![(0, 4)]);
    assert_eq!(step.pattern, vec![0, 4]);
}

#[test]
fn a_continuous_loop_is_told_with_what_it_removes() {
    // An X-Wing's loop on 5: rows 1 and 3, columns 1 and 4.
    let chain = vec![
        Link::on(0, 5),
        Link::off(3, 5),
        Link::on(21, 5),
        Link::off(18, 5),
        Link::on(0, 5),
    ];
    let step = loop_step(chain.clone(), Vec::new(), vec![(36, 5), (39, 5)]);
    assert_eq!(
        words(Size::NINE, &step),
        "nice loop: r1c1=5 → r1c4≠5 → r3c4=5 → r3c1≠5 → r1c1=5: a continuous loop, each link holds both ways, so remove 5 from r5c1, r5c4"
    );
    assert_eq!(step.complexity, 4);
    assert_eq!(base(&chain), 65);
}
