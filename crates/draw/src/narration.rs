//! One sentence per event, in words, with the reason where the algorithm gave one: what the
//! narration line shows and screen readers hear.

use sudoku_core::grid::digit_char;
use sudoku_core::spec::Branching;
use sudoku_core::{cell_name, Clash, Event, Rule, Size};

/// The unit two neighbouring cells share, in words ("the same row").
fn shared_unit(size: Size, a: usize, b: usize) -> &'static str {
    if size.row_of(a) == size.row_of(b) {
        "the same row"
    } else if size.col_of(a) == size.col_of(b) {
        "the same column"
    } else {
        "the same box"
    }
}

/// A fitness or cost as read on a chart: never rounded up to a perfect score.
pub fn fitness(v: f32) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        // Truncated, so 0.9996 reads 0.999 and not 1.000.
        format!("{:.3}", (v as f64 * 1000.0).floor() / 1000.0)
    }
}

/// The sentence for `event`. `chosen_from` is the candidates before the latest guess (for a
/// guess: how many it chose from), for an algorithm that guesses a cell's digit.
pub fn narrate(size: Size, event: &Event, chosen_from: Option<&[u32]>) -> String {
    narrate_in(size, event, chosen_from, Branching::Cell)
}

/// How many options the guess of `digit` in `cell` was one of, in words: the cell's candidates,
/// or for Algorithm X the rows of the column it branched on — the exact-cover column with the
/// fewest rows holding this guess's row, the first of the cell's, the row's, the column's and
/// the box's in the matrix's order (on a tie Algorithm X takes the first).
fn options(size: Size, cands: &[u32], cell: usize, digit: u8, branching: Branching) -> String {
    let bit = sudoku_core::bits::digit_bit(digit);
    let cell_count = cands[cell].count_ones() as usize;
    let mut fewest = (cell_count, None);
    if branching == Branching::FewestRowsColumn {
        for unit in size.units_of(cell) {
            let places = size
                .unit_cells(unit)
                .filter(|&c| cands[c] & bit != 0)
                .count();
            if places < fewest.0 {
                fewest = (places, Some(unit));
            }
        }
    }
    match fewest {
        (k, _) if k <= 1 => String::new(),
        (k, None) => format!(" ({k} candidates)"),
        (k, Some(unit)) => format!(
            " (one of {k} places for {} in {})",
            digit_char(size, digit),
            size.unit(unit)
        ),
    }
}

/// [`narrate`] for an algorithm whose guesses choose as `branching` says.
pub fn narrate_in(
    size: Size,
    event: &Event,
    chosen_from: Option<&[u32]>,
    branching: Branching,
) -> String {
    let cell = |c: u16| cell_name(size, c as usize);
    let digit = |v: u8| digit_char(size, v).to_string();
    match *event {
        Event::Guess {
            cell: c,
            value,
            depth,
        } => {
            let options = chosen_from
                .map(|cands| options(size, cands, c as usize, value, branching))
                .unwrap_or_default();
            format!(
                "guess {} = {}{options}, depth {depth}",
                cell(c),
                digit(value)
            )
        }
        Event::Assign {
            cell: c,
            value,
            reason,
        } => {
            let head = format!("{} = {}", cell(c), digit(value));
            match reason.rule {
                Rule::NakedSingle => format!("{head}: the only candidate left in {}", cell(c)),
                Rule::HiddenSingle => format!(
                    "{head}: the only place for {} in {}",
                    digit(value),
                    size.unit(reason.at as usize)
                ),
                Rule::Given => format!("{head}: a given"),
                Rule::Decision => format!("{head}: the guess is placed"),
                Rule::Filtered => format!("{head}: filtering left only {}", digit(value)),
                Rule::Propagation => format!("{head}: forced by propagation"),
                Rule::Peer => format!("{head}: its neighbours leave nothing else"),
                Rule::Technique => format!("{head}: {}", technique(reason.at)),
                Rule::AllDifferent => format!(
                    "{head}: alldifferent on {} leaves it no other digit",
                    size.unit(reason.at as usize)
                ),
                Rule::Probe => format!(
                    "{head}: {} there leads to a contradiction (probing)",
                    digit(reason.at as u8)
                ),
                Rule::Learned => format!(
                    "{head}: forced by a learned clause of {}",
                    literals(reason.at as u32)
                ),
                Rule::Step => head,
            }
        }
        Event::Eliminate {
            cell: c,
            value,
            reason,
        } => {
            let head = format!("remove {} from {}", digit(value), cell(c));
            match reason.rule {
                Rule::Peer => format!(
                    "{head}: {} in {} holds {}",
                    cell(reason.at),
                    shared_unit(size, c as usize, reason.at as usize),
                    digit(value)
                ),
                Rule::HiddenSingle => format!(
                    "{head}: {} takes the only place of a digit in {}",
                    cell(c),
                    size.unit(reason.at as usize)
                ),
                Rule::Given => format!("{head}: {} holds a given", cell(c)),
                Rule::Decision => format!("{head}: the guess fills {}", cell(c)),
                Rule::NakedSingle => format!("{head}: {} is a naked single", cell(c)),
                Rule::Filtered => format!("{head}: filtered out"),
                Rule::Propagation => format!("{head}: ruled out by propagation"),
                Rule::Technique => format!("{head}: {}", technique(reason.at)),
                Rule::AllDifferent => format!(
                    "{head}: no way of giving {} distinct digits keeps it there",
                    size.unit(reason.at as usize)
                ),
                Rule::Probe => {
                    format!("{head}: trying it there leads to a contradiction (probing)")
                }
                Rule::Learned => format!(
                    "{head}: ruled out by a learned clause of {}",
                    literals(reason.at as u32)
                ),
                Rule::Step => head,
            }
        }
        Event::Backtrack { depth } => format!("backtrack: undo the guess at depth {depth}"),
        Event::Unassign { cell: c, value } => {
            format!("empty {} (was {})", cell(c), digit(value))
        }
        Event::Swap { a, b } => format!("swap {} and {}", cell(a), cell(b)),
        Event::Weight {
            cell: c,
            value,
            weight,
        } => format!(
            "LP relaxation: {} = {} with weight {weight:.2}",
            cell(c),
            digit(value)
        ),
        Event::Restart {
            attempt,
            progress,
            stuck,
        } => {
            let why = stuck
                .map(|c| format!(": {} has no colour left", cell(c)))
                .unwrap_or_default();
            format!(
                "construction {} failed after {progress} cells{why}; start {attempt} from the givens",
                attempt.saturating_sub(1)
            )
        }
        Event::Push { cell: c } => format!("{} joins the frontier", cell(c)),
        Event::Pop { cell: c } => {
            format!("{} leaves the frontier: its neighbours come next", cell(c))
        }
        Event::Iteration {
            iteration,
            cost,
            best,
        } => {
            format!("iteration {iteration}: cost {cost}, best {best}")
        }
        Event::Generation {
            generation,
            best,
            mean,
            worst,
        } => format!(
            "generation {generation}: best {}, mean {}, worst {}",
            fitness(best),
            fitness(mean),
            fitness(worst)
        ),
        Event::Temperature {
            step,
            temperature,
            cost,
            best,
        } => {
            format!("temperature step {step}: T = {temperature:.3}, cost {cost}, best {best}")
        }
        Event::Conflict {
            conflict,
            learned,
            lbd,
            depth,
            clash,
        } => {
            let what = match clash {
                Clash::NoDigit { cell: c } => format!("{} has no digit left", cell(c)),
                Clash::NoPlace { digit: d, unit } => {
                    format!(
                        "{} has no place left in {}",
                        digit(d),
                        size.unit(unit as usize)
                    )
                }
                Clash::Twice { digit: d, a, b } => {
                    let (a, b) = (a as usize, b as usize);
                    let unit = size
                        .units_of(a)
                        .into_iter()
                        .find(|u| size.units_of(b).contains(u))
                        .map_or_else(|| "one unit".to_string(), |u| size.unit(u).to_string());
                    format!(
                        "{} twice in {unit} ({}, {})",
                        digit(d),
                        cell_name(size, a),
                        cell_name(size, b)
                    )
                }
                Clash::TwoDigits { cell: c, a, b } => {
                    format!("{} holds both {} and {}", cell(c), digit(a), digit(b))
                }
                Clash::Learned => "a learned clause fails".to_string(),
                Clash::Encoding => "a clause of the encoding fails".to_string(),
            };
            format!(
                "conflict {conflict}, {what}: learn a clause of {} over {} (its LBD), back-jump to depth {depth}",
                literals(learned as u32),
                if lbd == 1 { "1 level".to_string() } else { format!("{lbd} levels") }
            )
        }
        Event::SearchRestart { restart } => {
            format!("restart {restart}: every guess undone, what was learned kept")
        }
        Event::Handover { nodes } => format!(
            "the propagation engine spent its {} unsolved: SAT takes over from the givens",
            if nodes == 1 {
                "1 search node".to_string()
            } else {
                format!("{nodes} search nodes")
            }
        ),
    }
}

/// "1 literal", "6 literals".
fn literals(count: u32) -> String {
    if count == 1 {
        "1 literal".to_string()
    } else {
        format!("{count} literals")
    }
}

/// A `logic` step's technique by its number, in words.
fn technique(index: u16) -> &'static str {
    sudoku_core::logic::Technique::from_index(index).map_or("a technique", |t| t.name())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Reason;

    #[test]
    fn a_handover_names_both_engines_and_the_budget() {
        assert_eq!(
            narrate(Size::SIXTEEN, &Event::Handover { nodes: 500 }, None),
            "the propagation engine spent its 500 search nodes unsolved: SAT takes over from the givens"
        );
    }

    #[test]
    fn clause_learning_is_told_with_its_sizes_and_the_broken_constraint() {
        let s = Size::NINE;
        let conflict = |learned, lbd, depth, clash| {
            narrate(
                s,
                &Event::Conflict {
                    conflict: 4,
                    learned,
                    lbd,
                    depth,
                    clash,
                },
                None,
            )
        };
        assert_eq!(
            conflict(6, 3, 2, Clash::NoPlace { digit: 7, unit: 20 }),
            "conflict 4, 7 has no place left in box 3: learn a clause of 6 literals over 3 levels (its LBD), back-jump to depth 2"
        );
        assert_eq!(
            conflict(1, 1, 0, Clash::Twice { digit: 5, a: 9, b: 13 }),
            "conflict 4, 5 twice in row 2 (r2c1, r2c5): learn a clause of 1 literal over 1 level (its LBD), back-jump to depth 0"
        );
        assert_eq!(
            conflict(2, 2, 1, Clash::NoDigit { cell: 80 }),
            "conflict 4, r9c9 has no digit left: learn a clause of 2 literals over 2 levels (its LBD), back-jump to depth 1"
        );
        assert_eq!(
            conflict(2, 2, 1, Clash::TwoDigits { cell: 0, a: 3, b: 8 }),
            "conflict 4, r1c1 holds both 3 and 8: learn a clause of 2 literals over 2 levels (its LBD), back-jump to depth 1"
        );
        assert_eq!(
            narrate(s, &Event::SearchRestart { restart: 4 }, None),
            "restart 4: every guess undone, what was learned kept"
        );
        assert_eq!(
            narrate(
                s,
                &Event::Eliminate {
                    cell: 79,
                    value: 8,
                    reason: Reason::learned(1)
                },
                None
            ),
            "remove 8 from r9c8: ruled out by a learned clause of 1 literal"
        );
        assert_eq!(
            narrate(
                s,
                &Event::Assign {
                    cell: 0,
                    value: 2,
                    reason: Reason::learned(20)
                },
                None
            ),
            "r1c1 = 2: forced by a learned clause of 20 literals"
        );
    }

    /// Algorithm X's guess is one of the rows of the column it branched on: a digit's places in
    /// a unit where those are fewer than the cell's candidates (the cell's on a tie).
    #[test]
    fn a_dlx_guess_is_one_of_its_columns_rows() {
        let s = Size::NINE;
        let guess = Event::Guess {
            cell: 1,
            value: 4,
            depth: 1,
        };
        // r1c2 holds 1–6; 4 has two places in row 1 (r1c2, r1c5), many in its column and box.
        let mut cands = vec![0b1_1111_1111u32; 81];
        cands[1] = 0b11_1111;
        for c in [0, 2, 3, 5, 6, 7, 8] {
            cands[c] &= !0b1000;
        }
        assert_eq!(
            narrate_in(s, &guess, Some(&cands), Branching::FewestRowsColumn),
            "guess r1c2 = 4 (one of 2 places for 4 in row 1), depth 1"
        );
        assert_eq!(
            narrate_in(s, &guess, Some(&cands), Branching::Cell),
            "guess r1c2 = 4 (6 candidates), depth 1"
        );
        // Two candidates and two places: the cell's column comes first.
        cands[1] = 0b1010;
        assert_eq!(
            narrate_in(s, &guess, Some(&cands), Branching::FewestRowsColumn),
            "guess r1c2 = 4 (2 candidates), depth 1"
        );
    }

    #[test]
    fn sentences_say_why() {
        let s = Size::NINE;
        let cands = vec![0b110u32; 81];
        assert_eq!(
            narrate(
                s,
                &Event::Guess {
                    cell: 1,
                    value: 4,
                    depth: 3
                },
                Some(&cands)
            ),
            "guess r1c2 = 4 (2 candidates), depth 3"
        );
        assert_eq!(
            narrate(
                s,
                &Event::Assign {
                    cell: 22,
                    value: 7,
                    reason: Reason::hidden_single(2)
                },
                None
            ),
            "r3c5 = 7: the only place for 7 in row 3"
        );
        assert_eq!(
            narrate(
                s,
                &Event::Assign {
                    cell: 22,
                    value: 7,
                    reason: Reason::hidden_single(9 + 4)
                },
                None
            ),
            "r3c5 = 7: the only place for 7 in column 5"
        );
        assert_eq!(
            narrate(
                s,
                &Event::Eliminate {
                    cell: 23,
                    value: 7,
                    reason: Reason::peer(22)
                },
                None
            ),
            "remove 7 from r3c6: r3c5 in the same row holds 7"
        );
        assert_eq!(
            narrate(
                s,
                &Event::Restart {
                    attempt: 413,
                    progress: 57,
                    stuck: Some(63),
                },
                None
            ),
            "construction 412 failed after 57 cells: r8c1 has no colour left; start 413 from the givens"
        );
        assert_eq!(
            narrate(
                s,
                &Event::Generation {
                    generation: 168,
                    best: 0.9996,
                    mean: 0.5,
                    worst: 0.25
                },
                None
            ),
            "generation 168: best 0.999, mean 0.500, worst 0.250"
        );
        // 16×16 digits are written as on the board.
        assert_eq!(
            narrate(
                Size::SIXTEEN,
                &Event::Assign {
                    cell: 0,
                    value: 16,
                    reason: Reason::NAKED_SINGLE
                },
                None
            ),
            "r1c1 = G: the only candidate left in r1c1"
        );
        // A logic step names its technique.
        let x_wing = sudoku_core::logic::Technique::XWing.index();
        assert_eq!(
            narrate(
                Size::NINE,
                &Event::Eliminate {
                    cell: 10,
                    value: 4,
                    reason: Reason::technique(x_wing)
                },
                None
            ),
            "remove 4 from r2c2: X-Wing"
        );
    }
}
