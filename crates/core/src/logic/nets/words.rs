//! A forcing chain in words: what was assumed, each branch as its chain of facts
//! ("r1c2=4 → r1c5≠4 → r1c5=7"), and what follows.

use super::super::explain::cells;
use super::super::{Link, Step};
use crate::grid::{cell_name, digit_char};
use crate::size::Size;

fn fact(size: Size, link: Link) -> String {
    let sign = if link.on { "=" } else { "≠" };
    format!(
        "{}{sign}{}",
        cell_name(size, link.cell),
        digit_char(size, link.digit)
    )
}

/// Facts joined by arrows: "r1c2=4 → r1c5≠4 → r1c5=7".
pub(in crate::logic) fn chain(size: Size, links: &[Link]) -> String {
    links
        .iter()
        .map(|&l| fact(size, l))
        .collect::<Vec<_>>()
        .join(" → ")
}

fn branches(size: Size, chains: &[Vec<Link>]) -> String {
    chains
        .iter()
        .map(|c| chain(size, c))
        .collect::<Vec<_>>()
        .join("; ")
}

/// "r5c5 = 3" for a placement, "r5c5 ≠ 3" for an elimination.
fn conclusion(size: Size, step: &Step) -> String {
    let link = match (step.placements.first(), step.eliminations.first()) {
        (Some(&(cell, digit)), _) => Link::on(cell, digit),
        (None, Some(&(cell, digit))) => Link::off(cell, digit),
        (None, None) => return String::new(),
    };
    fact(size, link)
}

pub fn words(size: Size, step: &Step) -> String {
    let name = step.technique.name();
    let proved = conclusion(size, step);
    let Some(first) = step.chains.first().and_then(|c| c.first()) else {
        return format!("{name}: {proved}");
    };
    let concluded_on_assumption = step
        .placements
        .iter()
        .chain(&step.eliminations)
        .any(|&(c, d)| c == first.cell && d == first.digit);
    if concluded_on_assumption
        && step.units.is_empty()
        && step.chains.iter().all(|c| c[0] == *first)
    {
        return format!(
            "{name}: assuming {} leads to a contradiction ({}: they cannot all hold), so {proved}",
            fact(size, *first),
            branches(size, &step.chains)
        );
    }
    if step.chains.len() == 2
        && step.chains[1][0].cell == first.cell
        && step.chains[1][0].digit == first.digit
    {
        return format!(
            "{name}: {} and {} both lead to {proved} ({}), so {proved}",
            fact(size, *first),
            fact(size, step.chains[1][0]),
            branches(size, &step.chains)
        );
    }
    let starts: Vec<usize> = step.chains.iter().map(|c| c[0].cell).collect();
    let from = match step.units.first() {
        Some(&unit) => format!(
            "every place of {} in {} ({})",
            digit_char(size, first.digit),
            size.unit(unit),
            cells(size, &starts)
        ),
        None => format!("every candidate of {}", cell_name(size, first.cell)),
    };
    format!(
        "{name}: {from} leads to {proved} ({}), so {proved}",
        branches(size, &step.chains)
    )
}
