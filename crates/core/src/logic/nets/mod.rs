//! Forcing chains: assume a candidate true or false, follow what it implies (see `probe`), and
//! conclude from where the assumptions lead:
//! - contradiction: an assumption that leads to an impossible board is false;
//! - double implication: a fact that follows from a candidate and from its negation holds;
//! - cell forcing: a fact that follows from every candidate of a cell holds;
//! - unit forcing: a fact that follows from every place of a digit in a unit holds.
//!
//! Static chains use one cause per fact and only cell and unit forcing (a static contradiction
//! or double implication is a nice loop's conclusion: see `nice_loops`), dynamic ones all the
//! assumption has removed, (+) adds
//! the simple techniques in between, nested adds dynamic chains' contradictions inside (Sudoku Explainer's
//! forcing chains, from the easiest kind up). Of every conclusion the search finds, it keeps the
//! one with the shortest proof (the fewest facts), which is also the easiest to read.

mod probe;
mod words;

pub(super) use words::{chain as chain_in_words, words};

use self::probe::{Node, Probe, Reach, Scratch};
use super::{Board, Link, Step, Technique};
use crate::bits::digits;
use crate::size::Geometry;

/// Which kinds of conclusion a search looks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kinds {
    /// Contradiction and double implication (from one candidate).
    pub binary: bool,
    /// Cell and unit forcing (from several).
    pub multiple: bool,
}

impl Kinds {
    pub const ALL: Kinds = Kinds {
        binary: true,
        multiple: true,
    };
    pub const BINARY: Kinds = Kinds {
        binary: true,
        multiple: false,
    };
    pub const MULTIPLE: Kinds = Kinds {
        binary: false,
        multiple: true,
    };
}

/// Static cell and unit forcing chains.
pub fn multiple_forcing_chain(board: &Board, geometry: &Geometry) -> Option<Step> {
    search(board, geometry, Reach::Static, Kinds::MULTIPLE)
}

/// Nishio: a candidate whose truth, followed on its digit alone, leaves the digit no place in
/// a unit (or two in one).
pub fn nishio_forcing_chain(board: &Board, geometry: &Geometry) -> Option<Step> {
    search(board, geometry, Reach::Nishio, Kinds::BINARY)
}

pub fn dynamic_forcing_chain(board: &Board, geometry: &Geometry) -> Option<Step> {
    search(board, geometry, Reach::Dynamic, Kinds::ALL)
}

pub fn dynamic_forcing_chain_plus(board: &Board, geometry: &Geometry) -> Option<Step> {
    search(board, geometry, Reach::Plus, Kinds::ALL)
}

pub fn nested_forcing_chain(board: &Board, geometry: &Geometry) -> Option<Step> {
    search(board, geometry, Reach::Nested, Kinds::ALL)
}

fn technique(reach: Reach) -> Technique {
    match reach {
        Reach::Static => Technique::MultipleForcingChain,
        Reach::Nishio => Technique::NishioForcingChain,
        Reach::Dynamic => Technique::DynamicForcingChain,
        Reach::Plus => Technique::DynamicForcingChainPlus,
        Reach::Nested => Technique::NestedForcingChain,
    }
}

/// The best conclusion so far: its difficulty (in tenths, with the length penalty), its
/// proof's size, and the step that says it.
struct Best {
    key: (u16, usize),
    step: Option<Step>,
}

impl Best {
    /// Offers a conclusion of `base` difficulty (in tenths) whose proof takes `complexity`
    /// facts: the easiest is kept, then the shortest (as Sudoku Explainer orders its chains).
    fn offer(&mut self, base: u16, complexity: usize, make: impl FnOnce() -> Step) {
        let key = (base + super::length_penalty(complexity), complexity);
        if self.step.is_none() || key < self.key {
            self.key = key;
            self.step = Some(Step {
                complexity,
                ..make()
            });
        }
    }
}

/// A conclusion's base difficulty in tenths: its technique's.
fn base(technique: Technique) -> u16 {
    super::tenths(technique.difficulty())
}

/// Probes of candidates assumed true, kept while a search runs (up to a bound on their facts,
/// so that 25×25 boards stay within memory; beyond it they are run again when needed).
struct Probes<'a> {
    board: &'a Board,
    geometry: &'a Geometry,
    reach: Reach,
    scratch: Scratch,
    /// By candidate (`cell · n + digit − 1`).
    kept: Vec<Option<Probe>>,
    kept_facts: usize,
}

/// Facts kept in memory by one search at most.
const KEPT_FACTS: usize = 4_000_000;

impl Probes<'_> {
    fn run(&mut self, assumption: Link) -> Probe {
        Probe::run(
            self.board,
            self.geometry,
            assumption,
            self.reach,
            &mut self.scratch,
        )
    }

    /// The probe of a candidate assumed true, run once if it fits in memory.
    fn on(&mut self, cell: usize, digit: u8) -> &Probe {
        let key = cell * self.board.size().n() + digit as usize - 1;
        if self.kept[key].is_none() {
            let probe = self.run(Link::on(cell, digit));
            let facts = probe.nodes().count();
            if self.kept_facts + facts > KEPT_FACTS {
                self.kept.iter_mut().for_each(|p| *p = None);
                self.kept_facts = 0;
            }
            self.kept_facts += facts;
            self.kept[key] = Some(probe);
        }
        self.kept[key].as_ref().expect("kept above")
    }
}

/// The conclusion with the shortest proof among the kinds asked for.
pub fn search(board: &Board, geometry: &Geometry, reach: Reach, kinds: Kinds) -> Option<Step> {
    if !super::ALL_TECHNIQUES {
        return None;
    }
    let size = board.size();
    let n = size.n();
    let technique = technique(reach);
    let mut probes = Probes {
        board,
        geometry,
        reach,
        scratch: Scratch::new(board),
        kept: std::iter::repeat_with(|| None)
            .take(size.cells() * n)
            .collect(),
        kept_facts: 0,
    };
    let mut best = Best {
        key: (0, 0),
        step: None,
    };
    if kinds.binary {
        for candidate in candidates(board) {
            binary(&mut probes, technique, candidate, &mut best);
        }
    }
    if kinds.multiple {
        // Two branches make a static conclusion a nice loop proves too (the one branch false
        // makes the other true), found before.
        let enough = |branches: &[Link]| {
            branches.len() > 2 || (branches.len() == 2 && reach != Reach::Static)
        };
        for cell in 0..size.cells() {
            let branches: Vec<Link> = cell_candidates(board, cell).collect();
            if enough(&branches) {
                forcing(&mut probes, technique, &branches, None, &mut best);
            }
        }
        for unit in 0..geometry.units.len() {
            for digit in 1..=n as u8 {
                let branches: Vec<Link> = board
                    .places(geometry, unit, digit)
                    .into_iter()
                    .map(|cell| Link::on(cell, digit))
                    .collect();
                if enough(&branches) {
                    forcing(&mut probes, technique, &branches, Some(unit), &mut best);
                }
            }
        }
    }
    best.step
}

/// The candidates of a cell (none for a placed one), true.
fn cell_candidates(board: &Board, cell: usize) -> impl Iterator<Item = Link> + '_ {
    digits(board.candidates[cell]).map(move |digit| Link::on(cell, digit))
}

/// Every candidate of the board, true, cell by cell.
fn candidates(board: &Board) -> impl Iterator<Item = Link> + '_ {
    (0..board.size().cells()).flat_map(move |cell| cell_candidates(board, cell))
}

/// Every candidate whose truth leads to a contradiction under `reach`, in one pass.
pub fn contradictions(board: &Board, geometry: &Geometry, reach: Reach) -> Vec<(usize, u8)> {
    let mut scratch = Scratch::new(board);
    candidates(board)
        .filter(|&assumption| {
            Probe::run(board, geometry, assumption, reach, &mut scratch)
                .contradiction()
                .is_some()
        })
        .map(|l| (l.cell, l.digit))
        .collect()
}

/// A step that places or removes one candidate.
fn concluding(technique: Technique, conclusion: Link, chains: Vec<Vec<Link>>) -> Step {
    let pair = (conclusion.cell, conclusion.digit);
    let (placements, eliminations) = if conclusion.on {
        (vec![pair], Vec::new())
    } else {
        (Vec::new(), vec![pair])
    };
    let mut pattern: Vec<usize> = chains.iter().map(|c| c[0].cell).collect();
    pattern.dedup();
    Step {
        technique,
        placements,
        eliminations,
        pattern,
        units: Vec::new(),
        digits: vec![conclusion.digit],
        chains,
        complexity: 0,
    }
}

/// Contradiction (the candidate true, then false) and double implication.
fn binary(probes: &mut Probes, technique: Technique, candidate: Link, best: &mut Best) {
    let n = probes.board.size().n();
    let Link { cell, digit, .. } = candidate;
    if probes.reach == Reach::Nishio {
        // Only the candidate's truth is followed, to a contradiction.
        let on = probes.on(cell, digit);
        if let Some(facts) = on.contradiction() {
            let complexity = on.complexity(facts);
            best.offer(base(technique), complexity, || {
                let chains = facts.iter().map(|&f| on.chain(n, f)).collect();
                concluding(technique, candidate.negated(), chains)
            });
        }
        return;
    }
    let off = probes.run(candidate.negated());
    for (probe, assumed) in [
        (probes.on(cell, digit), candidate),
        (&off, candidate.negated()),
    ] {
        if let Some(facts) = probe.contradiction() {
            let complexity = probe.complexity(facts);
            best.offer(base(technique), complexity, || {
                let chains = facts.iter().map(|&f| probe.chain(n, f)).collect();
                concluding(technique, assumed.negated(), chains)
            });
        }
    }
    let on = probes.on(cell, digit);
    if on.contradiction().is_some() || off.contradiction().is_some() {
        return;
    }
    for (i, fact) in on.nodes().enumerate().skip(1) {
        if fact / 2 == candidate.node(n) / 2 {
            continue;
        }
        if let Some(j) = off.find(fact) {
            let complexity = on.complexity(&[i]) + off.complexity(&[j]);
            best.offer(base(technique), complexity, || {
                concluding(
                    technique,
                    Link::of_node(n, fact),
                    vec![on.chain(n, i), off.chain(n, j)],
                )
            });
        }
    }
}

/// Cell or unit forcing: the facts every branch leads to.
fn forcing(
    probes: &mut Probes,
    technique: Technique,
    branches: &[Link],
    unit: Option<usize>,
    best: &mut Best,
) {
    let n = probes.board.size().n();
    // How many branches reach each fact (a branch that leads to a contradiction is a binary
    // conclusion, found there).
    let mut reached = vec![0u16; 2 * probes.board.size().cells() * n];
    for b in branches {
        let probe = probes.on(b.cell, b.digit);
        if probe.contradiction().is_some() {
            return;
        }
        for fact in probe.nodes().skip(1) {
            reached[fact] += 1;
        }
    }
    let every = branches.len() as u16;
    let common: Vec<Node> = (0..reached.len())
        .filter(|&f| reached[f] == every)
        .collect();
    for fact in common {
        let conclusion = Link::of_node(n, fact);
        if branches
            .iter()
            .any(|b| b.cell == conclusion.cell && b.digit == conclusion.digit)
        {
            continue;
        }
        let mut complexity = 0;
        let mut found = Vec::new();
        for b in branches {
            let probe = probes.on(b.cell, b.digit);
            let i = probe.find(fact).expect("a common fact is in every branch");
            complexity += probe.complexity(&[i]);
            found.push(i);
        }
        best.offer(base(technique), complexity, || {
            let chains = branches
                .iter()
                .zip(&found)
                .map(|(b, &i)| probes.on(b.cell, b.digit).chain(n, i))
                .collect();
            let mut step = concluding(technique, conclusion, chains);
            step.units = unit.into_iter().collect();
            step
        });
    }
}
