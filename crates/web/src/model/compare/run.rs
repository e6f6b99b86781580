//! Starting the comparison's runs: all of them (Run all), or one added after they ran.

use super::{Compare, CompareEffects};
use crate::model::timeline::Timeline;
use crate::protocol::{RunRequest, SolverRequest};

impl Compare {
    /// Whether the puzzle can be run (read, and without clashes).
    pub(super) fn runnable(&self) -> bool {
        self.puzzle_error.is_none() && self.puzzle.conflicts().is_empty()
    }

    pub(super) fn run_all(&mut self) -> CompareEffects {
        let mut effects = CompareEffects::default();
        if !self.runnable() {
            return effects;
        }
        self.position = 0.0;
        self.playing = false;
        for i in 0..self.lanes.len() {
            self.start(i, &mut effects);
        }
        effects
    }

    /// (Re)starts lane `i` from the puzzle's givens: its run is submitted (a running one
    /// cancelled first).
    pub(super) fn start(&mut self, i: usize, effects: &mut CompareEffects) {
        let givens = self.puzzle.givens_only();
        let lane = &mut self.lanes[i];
        if lane.is_running() {
            effects.jobs.cancel(lane.job);
        }
        // Checked when the URL was read.
        let params = lane.entry.typed_params().unwrap_or_default();
        lane.job = self.next_job;
        self.next_job += 1;
        lane.timeline = Timeline::of_run(&givens, lane.entry.algorithm);
        lane.summary = None;
        lane.cancelled = false;
        lane.failed = None;
        lane.generations = 0;
        effects.jobs.submit(
            lane.job,
            SolverRequest::Run(RunRequest {
                algorithm: lane.entry.algorithm,
                params,
                puzzle: givens,
                seed: lane.seed,
            }),
        );
    }
}
