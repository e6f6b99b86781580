//! Literals: a variable and a sign in one number (variable · 2 + negated), so a literal's
//! negation is one bit flip and per-literal tables are indexed directly.

/// A literal: variable `var` (from 0) or its negation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lit(pub(super) u32);

impl Lit {
    pub const fn new(var: u32, positive: bool) -> Lit {
        Lit(var << 1 | !positive as u32)
    }

    pub const fn var(self) -> u32 {
        self.0 >> 1
    }

    pub const fn is_positive(self) -> bool {
        self.0 & 1 == 0
    }

    /// DIMACS's number for the literal (variables from 1, negative for a negation).
    pub fn to_dimacs(self) -> i64 {
        let v = self.var() as i64 + 1;
        if self.is_positive() {
            v
        } else {
            -v
        }
    }

    #[inline(always)]
    pub(super) fn index(self) -> usize {
        self.0 as usize
    }
}

impl std::ops::Not for Lit {
    type Output = Lit;

    #[inline(always)]
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}
