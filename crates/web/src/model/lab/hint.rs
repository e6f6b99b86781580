//! Hints: the human-style solver's next step on the puzzle, asked of the worker and shown in
//! words with its cells marked on the board, until the puzzle changes.

use super::{Asked, Effects, Lab};
use crate::protocol::{SolverReply, SolverRequest};

impl Lab {
    /// Asks the worker for the next step on the puzzle as it stands (the board then shows the
    /// puzzle, not a run).
    pub(super) fn ask_hint(&mut self) -> Effects {
        if !self.puzzle_is_valid() {
            self.notice = Some("no hint: fix the puzzle first".into());
            return Effects::default();
        }
        let mut effects = self.stopped_run();
        self.run = None;
        self.hint = None;
        let job = self.out.issue(Asked::Hint(self.puzzle.clone()));
        effects
            .jobs
            .submit(job, SolverRequest::Hint(self.puzzle.clone()));
        effects
    }

    /// The hint or analysis request of `job`, which the first-load worker sent back (to go to
    /// the full worker), if it is still wanted.
    pub(super) fn sent_back(&self, job: u64) -> Option<SolverRequest> {
        match self.out.get(job)? {
            Asked::Hint(puzzle) => Some(SolverRequest::Hint(puzzle.clone())),
            Asked::Analysis(puzzle) => Some(SolverRequest::Analyse(puzzle.clone())),
            Asked::Generate(request) => Some(SolverRequest::Generate(request.clone())),
            Asked::Run | Asked::Open(_) | Asked::Save => None,
        }
    }

    /// The worker's answer to the hint request.
    pub(super) fn hint_answered(&mut self, message: SolverReply) {
        match message {
            SolverReply::Hint(hint) => self.hint = Some(hint),
            SolverReply::Failed(why) => self.notice = Some(why),
            _ => {}
        }
    }

    /// The board's cells the hint marks: its pattern and the cells it changes.
    pub fn hint_cells(&self) -> Vec<usize> {
        self.hint
            .as_ref()
            .map(|h| {
                h.pattern
                    .iter()
                    .chain(&h.changes)
                    .map(|&c| c as usize)
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The puzzle changed: an old hint no longer applies.
    pub(super) fn forget_hint(&mut self) {
        self.hint = None;
        self.out.forget(|a| matches!(a, Asked::Hint(_)));
    }
}
