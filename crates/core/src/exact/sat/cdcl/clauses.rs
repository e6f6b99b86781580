//! The clause arena: every clause of three or more literals in one flat vector (a header, then
//! its literals), addressed by its offset. Two-literal clauses never live here: they are kept
//! inside the watch lists (see `Watch`), which is where nearly all of Sudoku's clauses go.

use super::Lit;

/// A clause's offset in the arena.
pub type ClauseRef = u32;

/// Header words before a clause's literals: its length, its flags and LBD, its activity.
const HEADER: usize = 3;
const LEARNED: u32 = 1;
const DELETED: u32 = 2;

#[derive(Clone, Debug, Default)]
pub struct Arena {
    words: Vec<u32>,
    /// Words of deleted clauses, reclaimed by [`Arena::compact`].
    pub wasted: usize,
}

impl Arena {
    pub fn push(&mut self, lits: &[Lit], learned: bool, lbd: u32) -> ClauseRef {
        let at = self.words.len() as ClauseRef;
        self.words.push(lits.len() as u32);
        self.words
            .push(lbd << 2 | if learned { LEARNED } else { 0 });
        self.words.push(0f32.to_bits());
        self.words.extend(lits.iter().map(|l| l.0));
        at
    }

    /// Words in use, deleted clauses included.
    pub fn words(&self) -> usize {
        self.words.len()
    }

    #[inline(always)]
    pub fn len(&self, c: ClauseRef) -> usize {
        self.words[c as usize] as usize
    }

    #[inline(always)]
    pub fn lit(&self, c: ClauseRef, k: usize) -> Lit {
        Lit(self.words[c as usize + HEADER + k])
    }

    #[inline(always)]
    pub fn set_lit(&mut self, c: ClauseRef, k: usize, lit: Lit) {
        self.words[c as usize + HEADER + k] = lit.0;
    }

    #[inline(always)]
    pub fn swap(&mut self, c: ClauseRef, a: usize, b: usize) {
        let base = c as usize + HEADER;
        self.words.swap(base + a, base + b);
    }

    /// The clause's literals.
    pub fn lits(&self, c: ClauseRef) -> impl Iterator<Item = Lit> + '_ {
        let base = c as usize + HEADER;
        self.words[base..base + self.len(c)].iter().map(|&w| Lit(w))
    }

    pub fn is_learned(&self, c: ClauseRef) -> bool {
        self.words[c as usize + 1] & LEARNED != 0
    }

    pub fn is_deleted(&self, c: ClauseRef) -> bool {
        self.words[c as usize + 1] & DELETED != 0
    }

    pub fn lbd(&self, c: ClauseRef) -> u32 {
        self.words[c as usize + 1] >> 2
    }

    pub fn delete(&mut self, c: ClauseRef) {
        if !self.is_deleted(c) {
            self.words[c as usize + 1] |= DELETED;
            self.wasted += HEADER + self.len(c);
        }
    }

    pub fn activity(&self, c: ClauseRef) -> f32 {
        f32::from_bits(self.words[c as usize + 2])
    }

    pub fn set_activity(&mut self, c: ClauseRef, activity: f32) {
        self.words[c as usize + 2] = activity.to_bits();
    }

    /// Moves the live clauses together; returns the old→new map as a function of the old
    /// reference (`None` for a deleted clause), valid until the next push.
    pub fn compact(&mut self) -> Relocation {
        let mut moved = Vec::with_capacity(self.words.len() - self.wasted);
        let mut map = Vec::new();
        let mut at = 0;
        while at < self.words.len() {
            let len = HEADER + self.words[at] as usize;
            if self.words[at + 1] & DELETED == 0 {
                map.push((at as ClauseRef, moved.len() as ClauseRef));
                moved.extend_from_slice(&self.words[at..at + len]);
            }
            at += len;
        }
        self.words = moved;
        self.wasted = 0;
        Relocation { map }
    }
}

/// Where each live clause went in a compaction (sorted by old reference).
pub struct Relocation {
    map: Vec<(ClauseRef, ClauseRef)>,
}

impl Relocation {
    pub fn get(&self, old: ClauseRef) -> Option<ClauseRef> {
        self.map
            .binary_search_by_key(&old, |&(from, _)| from)
            .ok()
            .map(|i| self.map[i].1)
    }
}
