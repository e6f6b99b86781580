//! Event batches in binary form: flat `u32` words, so the page needs no JSON reader for events.

use sudoku_core::{Event, Reason, Rule};

/// Words per event in the binary form of event batches.
pub const EVENT_WORDS: usize = 5;

/// Event batches cross to the page as flat `u32` words (a transferable typed array): no text to
/// build or parse, so the page stays responsive while a fast solver streams hundreds of
/// thousands of events. Layout: kind, then up to four fields (f32 fields as their bits).
pub fn encode_events(events: &[Event]) -> Vec<u32> {
    let mut out = Vec::with_capacity(events.len() * EVENT_WORDS);
    for e in events {
        let words: [u32; EVENT_WORDS] = match *e {
            Event::Guess { cell, value, depth } => [0, cell as u32, value as u32, depth, 0],
            Event::Assign {
                cell,
                value,
                reason,
            } => cell_change(1, cell, value, reason),
            Event::Eliminate {
                cell,
                value,
                reason,
            } => cell_change(2, cell, value, reason),
            Event::Backtrack { depth } => [3, depth, 0, 0, 0],
            Event::Unassign { cell, value } => [4, cell as u32, value as u32, 0, 0],
            Event::Swap { a, b } => [5, a as u32, b as u32, 0, 0],
            Event::Weight {
                cell,
                value,
                weight,
            } => [12, cell as u32, value as u32, weight.to_bits(), 0],
            Event::Restart {
                attempt,
                progress,
                stuck,
            } => [6, attempt, progress, stuck.map_or(0, |c| c as u32 + 1), 0],
            Event::Push { cell } => [10, cell as u32, 0, 0, 0],
            Event::Pop { cell } => [11, cell as u32, 0, 0, 0],
            Event::Iteration {
                iteration,
                cost,
                best,
            } => [7, iteration, cost, best, 0],
            Event::Generation {
                generation,
                best,
                mean,
                worst,
            } => [
                8,
                generation,
                best.to_bits(),
                mean.to_bits(),
                worst.to_bits(),
            ],
            Event::Temperature {
                step,
                temperature,
                cost,
                best,
            } => [9, step, temperature.to_bits(), cost, best],
            Event::Conflict {
                conflict,
                learned,
                lbd,
                depth,
            } => [13, conflict, learned, lbd, depth],
            Event::Handover { nodes } => [14, nodes, 0, 0, 0],
        };
        out.extend_from_slice(&words);
    }
    out
}

/// An Assign (kind 1) or Eliminate (kind 2): the cell, the value, the reason's rule and place.
fn cell_change(kind: u32, cell: u16, value: u8, reason: Reason) -> [u32; EVENT_WORDS] {
    let rule = Rule::ALL
        .iter()
        .position(|&r| r == reason.rule)
        .unwrap_or(0) as u32;
    [kind, cell as u32, value as u32, rule, reason.at as u32]
}

fn reason(rule: u32, at: u32) -> Option<Reason> {
    Some(Reason {
        rule: *Rule::ALL.get(rule as usize)?,
        at: u16::try_from(at).ok()?,
    })
}

/// The events of [`encode_events`]' words; `None` if the words are not a whole, valid batch.
pub fn decode_events(words: &[u32]) -> Option<Vec<Event>> {
    if !words.len().is_multiple_of(EVENT_WORDS) {
        return None;
    }
    words
        .chunks_exact(EVENT_WORDS)
        .map(|w| {
            let (cell, value) = (w[1] as u16, w[2] as u8);
            Some(match w[0] {
                0 => Event::Guess {
                    cell,
                    value,
                    depth: w[3],
                },
                1 => Event::Assign {
                    cell,
                    value,
                    reason: reason(w[3], w[4])?,
                },
                2 => Event::Eliminate {
                    cell,
                    value,
                    reason: reason(w[3], w[4])?,
                },
                3 => Event::Backtrack { depth: w[1] },
                4 => Event::Unassign { cell, value },
                5 => Event::Swap {
                    a: w[1] as u16,
                    b: w[2] as u16,
                },
                6 => Event::Restart {
                    attempt: w[1],
                    progress: w[2],
                    stuck: match w[3] {
                        0 => None,
                        c => Some(u16::try_from(c - 1).ok()?),
                    },
                },
                12 => Event::Weight {
                    cell,
                    value,
                    weight: f32::from_bits(w[3]),
                },
                10 => Event::Push { cell },
                11 => Event::Pop { cell },
                7 => Event::Iteration {
                    iteration: w[1],
                    cost: w[2],
                    best: w[3],
                },
                8 => Event::Generation {
                    generation: w[1],
                    best: f32::from_bits(w[2]),
                    mean: f32::from_bits(w[3]),
                    worst: f32::from_bits(w[4]),
                },
                9 => Event::Temperature {
                    step: w[1],
                    temperature: f32::from_bits(w[2]),
                    cost: w[3],
                    best: w[4],
                },
                13 => Event::Conflict {
                    conflict: w[1],
                    learned: w[2],
                    lbd: w[3],
                    depth: w[4],
                },
                14 => Event::Handover { nodes: w[1] },
                _ => return None,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_event_kind_round_trips() {
        let events = vec![
            Event::Guess {
                cell: 624,
                value: 25,
                depth: 400,
            },
            Event::Assign {
                cell: 3,
                value: 9,
                reason: Reason::hidden_single(26),
            },
            Event::Eliminate {
                cell: 80,
                value: 1,
                reason: Reason::peer(79),
            },
            Event::Assign {
                cell: 4,
                value: 2,
                reason: Reason::NAKED_SINGLE,
            },
            Event::Backtrack { depth: 7 },
            Event::Unassign { cell: 5, value: 2 },
            Event::Swap { a: 1, b: 2 },
            Event::Weight {
                cell: 624,
                value: 25,
                weight: 0.375,
            },
            Event::Restart {
                attempt: 9_999,
                progress: 40,
                stuck: Some(624),
            },
            Event::Restart {
                attempt: 3,
                progress: 0,
                stuck: None,
            },
            Event::Push { cell: 17 },
            Event::Pop { cell: 624 },
            Event::Iteration {
                iteration: 10,
                cost: 4,
                best: 2,
            },
            Event::Generation {
                generation: 3,
                best: 240.5,
                mean: 200.25,
                worst: -1.0,
            },
            Event::Temperature {
                step: 2,
                temperature: 0.75,
                cost: 12,
                best: 3,
            },
            Event::Conflict {
                conflict: 70_000,
                learned: 31,
                lbd: 6,
                depth: 2,
            },
            Event::Handover { nodes: 500 },
        ];
        let words = encode_events(&events);
        assert_eq!(words.len(), events.len() * EVENT_WORDS);
        assert_eq!(decode_events(&words), Some(events));
        assert_eq!(decode_events(&words[1..]), None);
        assert_eq!(decode_events(&[42, 0, 0, 0, 0]), None);
        assert_eq!(decode_events(&[1, 0, 1, 99, 0]), None, "no such rule");
    }
}
