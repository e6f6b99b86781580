//! Event batches in binary form: flat `u32` words, so the page needs no JSON reader for events.

use super::{Clash, Event, Reason, Rule};

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
                clash,
            } => [
                13,
                conflict,
                learned as u32 | (lbd as u32) << 16,
                depth,
                clash_word(clash),
            ],
            Event::SearchRestart { restart } => [15, restart, 0, 0, 0],
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

/// A conflict's [`Clash`] in one word: its kind in the top three bits, then its fields (cells
/// in 10 bits, digits in 5, units in 7: enough for 25×25).
fn clash_word(clash: Clash) -> u32 {
    let (kind, fields) = match clash {
        Clash::NoDigit { cell } => (0, cell as u32),
        Clash::NoPlace { digit, unit } => (1, digit as u32 | (unit as u32) << 5),
        Clash::Twice { digit, a, b } => (2, digit as u32 | (a as u32) << 5 | (b as u32) << 15),
        Clash::TwoDigits { cell, a, b } => (3, cell as u32 | (a as u32) << 10 | (b as u32) << 15),
        Clash::Learned => (4, 0),
        Clash::Encoding => (5, 0),
    };
    kind << 29 | fields
}

fn clash(word: u32) -> Option<Clash> {
    let field = |shift: u32, bits: u32| (word >> shift) & ((1 << bits) - 1);
    Some(match word >> 29 {
        0 => Clash::NoDigit {
            cell: field(0, 10) as u16,
        },
        1 => Clash::NoPlace {
            digit: field(0, 5) as u8,
            unit: field(5, 7) as u16,
        },
        2 => Clash::Twice {
            digit: field(0, 5) as u8,
            a: field(5, 10) as u16,
            b: field(15, 10) as u16,
        },
        3 => Clash::TwoDigits {
            cell: field(0, 10) as u16,
            a: field(10, 5) as u8,
            b: field(15, 5) as u8,
        },
        4 => Clash::Learned,
        5 => Clash::Encoding,
        _ => return None,
    })
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
    words.chunks_exact(EVENT_WORDS).map(decode_event).collect()
}

/// One event from its [`EVENT_WORDS`] words; `None` if they name no event (an unknown kind,
/// rule or clash).
pub fn decode_event(w: &[u32]) -> Option<Event> {
    // A field wider than its event's type is not an event (never cut to fit).
    let cell = || u16::try_from(w[1]).ok();
    let value = || u8::try_from(w[2]).ok();
    Some(match w[0] {
        0 => Event::Guess {
            cell: cell()?,
            value: value()?,
            depth: w[3],
        },
        1 => Event::Assign {
            cell: cell()?,
            value: value()?,
            reason: reason(w[3], w[4])?,
        },
        2 => Event::Eliminate {
            cell: cell()?,
            value: value()?,
            reason: reason(w[3], w[4])?,
        },
        3 => Event::Backtrack { depth: w[1] },
        4 => Event::Unassign {
            cell: cell()?,
            value: value()?,
        },
        5 => Event::Swap {
            a: cell()?,
            b: u16::try_from(w[2]).ok()?,
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
            cell: cell()?,
            value: value()?,
            weight: f32::from_bits(w[3]),
        },
        10 => Event::Push { cell: cell()? },
        11 => Event::Pop { cell: cell()? },
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
            learned: w[2] as u16,
            lbd: (w[2] >> 16) as u16,
            depth: w[3],
            clash: clash(w[4])?,
        },
        15 => Event::SearchRestart { restart: w[1] },
        14 => Event::Handover { nodes: w[1] },
        _ => return None,
    })
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
                clash: Clash::Twice {
                    digit: 25,
                    a: 600,
                    b: 624,
                },
            },
            Event::Conflict {
                conflict: 1,
                learned: u16::MAX,
                lbd: 400,
                depth: 0,
                clash: Clash::NoPlace { digit: 7, unit: 74 },
            },
            Event::Conflict {
                conflict: 2,
                learned: 1,
                lbd: 1,
                depth: 0,
                clash: Clash::TwoDigits {
                    cell: 624,
                    a: 24,
                    b: 25,
                },
            },
            Event::Conflict {
                conflict: 3,
                learned: 1,
                lbd: 1,
                depth: 0,
                clash: Clash::NoDigit { cell: 624 },
            },
            Event::Conflict {
                conflict: 4,
                learned: 1,
                lbd: 1,
                depth: 0,
                clash: Clash::Learned,
            },
            Event::Conflict {
                conflict: 5,
                learned: 1,
                lbd: 1,
                depth: 0,
                clash: Clash::Encoding,
            },
            Event::SearchRestart { restart: 12 },
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
