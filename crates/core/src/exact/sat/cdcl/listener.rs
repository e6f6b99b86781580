//! What the solver tells while it works, in terms of literals and levels.

use super::Lit;
use crate::trace::Flow;

/// What the solver tells while it works (each call may stop the search). Levels count
/// decisions (0: before any).
pub trait Listener {
    /// Whether [`Listener::imply`] is wanted (it is the one call per propagated literal).
    fn wants_detail(&self) -> bool {
        true
    }
    /// A decision opens `level`.
    fn decide(&mut self, _lit: Lit, _level: u32) -> Flow {
        Flow::Continue
    }
    /// `lit` is forced at `level` by `clause` (its other literals are false; `lit` first): a
    /// clause of the input, or one learned (`learned`; `[lit]` alone for a learned unit).
    fn imply(&mut self, _lit: Lit, _level: u32, _clause: &[Lit], _learned: bool) -> Flow {
        Flow::Continue
    }
    /// A conflict: every literal of `clause` is false (`learned`: a clause learned earlier).
    /// Told only when [`Listener::wants_detail`].
    fn conflict(&mut self, _clause: &[Lit], _learned: bool) -> Flow {
        Flow::Continue
    }
    /// A conflict was analysed into `clause` (asserting literal first), of LBD `lbd`; the
    /// search jumps back to `level`.
    fn learn(&mut self, _clause: &[Lit], _lbd: u32, _level: u32) -> Flow {
        Flow::Continue
    }
    /// Every level above `level` is undone.
    fn backjump(&mut self, _level: u32) -> Flow {
        Flow::Continue
    }
    /// The search restarts from level 0 (learned clauses and activities kept).
    fn restart(&mut self) -> Flow {
        Flow::Continue
    }
}

/// Listens to nothing.
pub struct Silent;

impl Listener for Silent {
    fn wants_detail(&self) -> bool {
        false
    }
}
