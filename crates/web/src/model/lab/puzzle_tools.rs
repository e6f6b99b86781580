//! What the lab asks the worker about the puzzle itself: its rating and the human-style
//! solver's steps in words (asked again whenever the puzzle changes, shown by Explain, which
//! also plays the `logic` run), and new puzzles from the generator.

use sudoku_core::Algorithm;

use super::{default_params, Asked, Effects, Lab};
use crate::protocol::{GenerateRequest, SolverReply, SolverRequest};

/// The Generate form, as typed.
#[derive(Clone, Debug, PartialEq)]
pub struct GenerateForm {
    /// Side: 4, 9, 16 or 25.
    pub size: usize,
    /// `any`, or a level id.
    pub level: String,
    /// A symmetry id.
    pub symmetry: String,
    pub seed: String,
}

impl Default for GenerateForm {
    fn default() -> Self {
        GenerateForm {
            size: 9,
            level: "any".into(),
            symmetry: "none".into(),
            seed: "1".into(),
        }
    }
}

/// A field of the Generate form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenerateField {
    Size,
    Level,
    Symmetry,
    Seed,
}

impl GenerateForm {
    pub(super) fn set(&mut self, field: GenerateField, value: String) {
        match field {
            GenerateField::Size => {
                if let Ok(size) = value.trim().parse() {
                    self.size = size;
                }
            }
            GenerateField::Level => self.level = value,
            GenerateField::Symmetry => self.symmetry = value,
            GenerateField::Seed => self.seed = value,
        }
    }

    /// The request the form makes, or why it makes none.
    pub fn request(&self) -> Result<GenerateRequest, String> {
        let seed = self.seed.trim().parse::<u64>().map_err(|_| {
            format!(
                "the generator's seed '{}' is not a whole number from 0 to 2^64-1",
                self.seed
            )
        })?;
        Ok(GenerateRequest {
            size: self.size,
            level: (self.level != "any").then(|| self.level.clone()),
            symmetry: self.symmetry.clone(),
            seed,
        })
    }
}

impl Lab {
    /// Asks for the rating of a puzzle that changed (and is a puzzle: no clash, no bad text).
    /// A fresh worker drops every request out: those still wanted are asked again.
    pub(super) fn follow_puzzle(&mut self, effects: &mut Effects) {
        let is_analysis = |a: &Asked| matches!(a, Asked::Analysis(_));
        let asking = self.out.any(is_analysis);
        self.out.follow(&effects.jobs);
        if asking && !self.out.any(is_analysis) {
            // Dropped with the worker before it answered: asked again below.
            self.analysed = None;
        }
        let valid = self.puzzle_is_valid();
        let current = self.analysed.as_ref() == Some(&self.puzzle);
        if current {
            return;
        }
        self.analysis = None;
        self.rating_progress = None;
        self.show_explanation = false;
        if !valid {
            self.analysed = None;
            return;
        }
        let job = self.out.issue(Asked::Analysis(self.puzzle.clone()));
        self.analysed = Some(self.puzzle.clone());
        // The rating takes milliseconds: ahead of a run, which may take long.
        effects
            .jobs
            .submit_ahead(job, SolverRequest::Analyse(self.puzzle.clone()));
        effects.quiet = false;
    }

    /// The worker's answer to the analysis request.
    pub(super) fn analysis_answered(&mut self, message: SolverReply) {
        if let SolverReply::Working(far) = message {
            self.rating_progress = Some(far);
            return;
        }
        self.rating_progress = None;
        match message {
            SolverReply::Analysis(analysis) => self.analysis = Some(analysis),
            SolverReply::Failed(why) => self.notice = Some(why),
            _ => {}
        }
    }

    /// The worker's answer to the generate request.
    pub(super) fn generated(&mut self, message: SolverReply) {
        if let SolverReply::Working(far) = message {
            self.generate_progress = Some(far);
            return;
        }
        self.generate_progress = None;
        match message {
            SolverReply::Generated(puzzle) => {
                self.set_puzzle(puzzle);
                self.run = None;
                self.playing = false;
                self.notice = None;
            }
            SolverReply::Failed(why) => self.notice = Some(why),
            _ => {}
        }
    }

    /// Explain: the steps in words beside the board, and the `logic` run to play them.
    pub(super) fn explain(&mut self) -> Effects {
        if !self.puzzle_is_valid() {
            self.notice = Some("nothing to explain: fix the puzzle first".into());
            return Effects::default();
        }
        self.algorithm = Algorithm::Logic;
        self.params = default_params(Algorithm::Logic);
        self.show_explanation = true;
        self.start()
    }

    /// Generate: the worker draws a puzzle as the form says (any run stops).
    pub(super) fn ask_generate(&mut self) -> Effects {
        let request = match self.generate_form.request() {
            Ok(request) => request,
            Err(why) => {
                self.notice = Some(why);
                return Effects::default();
            }
        };
        let mut effects = self.stopped_run();
        self.generate_progress = None;
        let job = self.out.issue(Asked::Generate(request.clone()));
        self.notice = None;
        effects.jobs.submit(job, SolverRequest::Generate(request));
        effects
    }
}
