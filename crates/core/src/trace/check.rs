//! What an event names, checked against a grid's size: a trace read from a file is
//! trusted only after every index in it fits.

use super::{Clash, Event, Reason, Rule};
use crate::Size;

impl Event {
    /// The event's kind, as its JSON form names it.
    pub fn kind(&self) -> &'static str {
        match self {
            Event::Guess { .. } => "Guess",
            Event::Assign { .. } => "Assign",
            Event::Eliminate { .. } => "Eliminate",
            Event::Backtrack { .. } => "Backtrack",
            Event::Unassign { .. } => "Unassign",
            Event::Swap { .. } => "Swap",
            Event::Weight { .. } => "Weight",
            Event::Push { .. } => "Push",
            Event::Pop { .. } => "Pop",
            Event::Restart { .. } => "Restart",
            Event::Iteration { .. } => "Iteration",
            Event::Generation { .. } => "Generation",
            Event::Conflict { .. } => "Conflict",
            Event::SearchRestart { .. } => "SearchRestart",
            Event::Handover { .. } => "Handover",
            Event::Temperature { .. } => "Temperature",
        }
    }

    /// `Ok` when every index the event carries fits `size` (what a player indexes by); `Err`
    /// names the one that does not.
    pub fn fits(&self, size: Size) -> Result<(), String> {
        let (cells, n, units) = (size.cells(), size.n(), size.unit_count());
        let cell = |c: u16| match (c as usize) < cells {
            true => Ok(()),
            false => Err(format!("cell {c}")),
        };
        let digit = |d: u8| match (1..=n).contains(&(d as usize)) {
            true => Ok(()),
            false => Err(format!("digit {d}")),
        };
        // A decision level opens at most once per cell (one more for a restart's back-jump).
        let depth = |d: u32| match (d as usize) <= cells + 1 {
            true => Ok(()),
            false => Err(format!("decision level {d}")),
        };
        let reason = |r: Reason| match r.rule {
            Rule::HiddenSingle | Rule::AllDifferent if r.at as usize >= units => {
                Err(format!("unit {}", r.at))
            }
            Rule::Peer => cell(r.at),
            Rule::Probe if r.at as usize > n => Err(format!("digit {}", r.at)),
            _ => Ok(()),
        };
        match *self {
            Event::Guess {
                cell: c,
                value,
                depth: d,
            } => cell(c).and(digit(value)).and(depth(d.max(1))),
            Event::Assign {
                cell: c,
                value,
                reason: r,
            }
            | Event::Eliminate {
                cell: c,
                value,
                reason: r,
            } => cell(c).and(digit(value)).and(reason(r)),
            Event::Backtrack { depth: d } => depth(d),
            Event::Unassign { cell: c, value } => cell(c).and(match value as usize <= n {
                true => Ok(()),
                false => Err(format!("digit {value}")),
            }),
            Event::Swap { a, b } => cell(a).and(cell(b)),
            Event::Weight {
                cell: c,
                value,
                weight,
            } => cell(c).and(digit(value)).and(match weight.is_finite() {
                true => Ok(()),
                false => Err(format!("weight {weight}")),
            }),
            Event::Push { cell: c } | Event::Pop { cell: c } => cell(c),
            Event::Restart { stuck, .. } => stuck.map_or(Ok(()), cell),
            Event::Conflict { clash, .. } => match clash {
                Clash::NoDigit { cell: c } => cell(c),
                Clash::NoPlace { digit: d, unit } => digit(d).and(match (unit as usize) < units {
                    true => Ok(()),
                    false => Err(format!("unit {unit}")),
                }),
                Clash::Twice { digit: d, a, b } => digit(d).and(cell(a)).and(cell(b)),
                Clash::TwoDigits { cell: c, a, b } => cell(c).and(digit(a)).and(digit(b)),
                Clash::Learned | Clash::Encoding => Ok(()),
            },
            Event::Iteration { .. }
            | Event::Generation { .. }
            | Event::SearchRestart { .. }
            | Event::Handover { .. }
            | Event::Temperature { .. } => Ok(()),
        }
    }
}
