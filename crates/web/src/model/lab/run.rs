//! Running and playing back: the request for the worker, the worker's messages, the playback
//! cursor and its ticker.

use super::super::timeline::Timeline;
use super::{
    events_per_second, Effects, Lab, Run, DEFAULT_SPEED, LONG_RUN_SECONDS, TICKS_PER_SECOND,
};

/// Ticks a looping stretch's last event stays on the board before the stretch starts again
/// (one second).
const HOLD_TICKS: u32 = TICKS_PER_SECOND as u32;
use crate::protocol::{RunRequest, SolverReply, SolverRequest};
use sudoku_core::Algorithm;

impl Lab {
    pub(super) fn move_cursor(&mut self, f: impl FnOnce(&mut Timeline)) {
        self.playing = false;
        if let Some(run) = &mut self.run {
            f(&mut run.timeline);
        }
    }

    /// The end of the stretch playback keeps to, once it is known: the URL's `to` when the run
    /// has reached it, else the run's end once the run is complete.
    fn stretch_end(&self) -> Option<usize> {
        let run = self.run.as_ref()?;
        let len = run.timeline.len();
        match self.play_to {
            Some(to) if to <= len => Some(to),
            _ if !run.is_running() => Some(len),
            _ => None,
        }
    }

    pub(super) fn play(&mut self) {
        let (end, from) = (self.stretch_end(), self.play_from);
        let Some(run) = &mut self.run else { return };
        let cursor = run.timeline.cursor();
        // Played to the end of the stretch, or outside it: play it from its start.
        if end.is_some_and(|end| cursor >= end) || cursor < from {
            run.timeline.seek(from);
        }
        self.playing = true;
        self.carry = 0.0;
        self.held = 0;
    }

    pub(super) fn tick(&mut self) -> Effects {
        let end = self.stretch_end();
        let (from, looping) = (self.play_from, self.looping);
        let Some(run) = &mut self.run else {
            self.playing = false;
            return Effects::default();
        };
        if !self.playing {
            return Effects::quiet();
        }
        let timeline = &mut run.timeline;
        if end.is_some_and(|end| timeline.cursor() >= end) {
            if !looping {
                self.playing = false;
                return Effects::default();
            }
            // The stretch's last event stays a moment before the stretch starts again.
            self.held += 1;
            if self.held < HOLD_TICKS {
                return Effects::quiet();
            }
            self.held = 0;
            timeline.seek(from);
            return Effects::default();
        }
        let mut moved = 0;
        if timeline.cursor() < from {
            let before = timeline.cursor();
            timeline.seek(from);
            moved = timeline.cursor() - before;
        }
        let per_tick = events_per_second(self.speed) / TICKS_PER_SECOND + self.carry;
        let count = per_tick.floor() as usize;
        self.carry = per_tick - count as f64;
        let limit = self
            .play_to
            .map_or(usize::MAX, |to| to.saturating_sub(timeline.cursor()));
        moved += timeline.forward(count.min(limit));
        let ended = end.is_some_and(|end| timeline.cursor() >= end);
        if ended && !looping {
            self.playing = false;
            return Effects::default();
        }
        Effects {
            quiet: moved == 0,
            ..Effects::default()
        }
    }

    pub(super) fn received(&mut self, job: u64, message: SolverReply) -> Effects {
        let Some(run) = self.run.as_mut().filter(|r| r.job == job && !r.cancelled) else {
            // A late message of a replaced run.
            return Effects::quiet();
        };
        match message {
            SolverReply::Events(events) => {
                run.timeline.extend(events);
                // A stretch that starts later is shown from its start as soon as it is there,
                // not from the puzzle until the next tick.
                if self.playing && run.timeline.cursor() < self.play_from {
                    run.timeline.seek(self.play_from);
                }
            }
            SolverReply::Done(summary) => {
                run.summary = Some(summary);
                let events = run.timeline.len();
                if let Some(said) = stretch_past(&mut self.play_from, &mut self.play_to, events) {
                    self.notice = Some(said);
                }
                if !self.speed_chosen {
                    let stretch = self.play_to.unwrap_or(events) - self.play_from;
                    self.speed = self.speed.max(speed_to_play(stretch));
                }
                if let Some(step) = self.pending_step.take() {
                    if step > events {
                        self.notice = Some(format!(
                            "step={step} is past the run's end ({}): showing its end",
                            sudoku_core::words::count(events, "event")
                        ));
                    }
                    run.timeline.seek(step);
                    self.playing = false;
                }
            }
            SolverReply::Failed(message) => {
                self.notice = Some(message);
                self.run = None;
                self.playing = false;
            }
            // Not a run's replies (the puzzle tools' go to their own requests; an opened
            // trace's first reply to `trace_reply`).
            SolverReply::Ready
            | SolverReply::Opened(_)
            | SolverReply::Hint(_)
            | SolverReply::Analysis(_)
            | SolverReply::Generated(_)
            | SolverReply::Saved { .. }
            | SolverReply::LessonChecked(_)
            | SolverReply::Working(_)
            | SolverReply::NeedsFullWorker => return Effects::quiet(),
        }
        Effects::default()
    }

    /// "from here", "to here" or "whole run": the stretch follows the event shown. A stretch
    /// that would run backwards keeps only its new end.
    pub(super) fn set_stretch(&mut self, action: &super::Action) {
        let cursor = self.run.as_ref().map_or(0, |r| r.timeline.cursor());
        match action {
            super::Action::StretchFrom => {
                self.play_from = cursor;
                self.play_to = self.play_to.filter(|&to| to > cursor);
            }
            super::Action::StretchTo if cursor > 0 => {
                self.play_to = Some(cursor);
                if self.play_from >= cursor {
                    self.play_from = 0;
                }
            }
            _ => (self.play_from, self.play_to) = (0, None),
        }
    }

    /// The settings of the run shown, which make it again; or why there are none (said).
    fn settings(&mut self) -> Option<crate::protocol::RunRequest> {
        let Some(run) = self.run.as_ref() else {
            self.notice = Some("no run to save: run an algorithm first".into());
            return None;
        };
        if run.settings.is_none() {
            self.notice =
                Some("this run's configuration is not one this lab runs: nothing to record".into());
        }
        run.settings.clone()
    }

    /// Asks the full worker for the run shown as a trace file ("Save the run").
    pub(super) fn save(&mut self) -> Effects {
        let Some(settings) = self.settings() else {
            return Effects::default();
        };
        let job = self.out.issue(super::Asked::Save);
        self.notice = Some("drawing the file…".into());
        let mut effects = Effects::default();
        effects.jobs.submit(job, SolverRequest::Save(settings));
        effects
    }

    /// Opens the export dialog on the run shown, in the view shown (the hypergraph is drawn by
    /// the page only: the dialog draws its board, and says so).
    pub(super) fn open_export(&mut self) {
        let Some(run) = self.settings() else {
            return;
        };
        let Some(shown) = self.run.as_ref() else {
            return;
        };
        let job = shown.job;
        let request = crate::protocol::export::ExportRequest {
            run,
            step: shown.timeline.cursor(),
            from: self.play_from,
            to: self.play_to,
            view: if self.view == super::View::Graph {
                "graph"
            } else {
                "board"
            }
            .into(),
            candidates: self.show_candidates,
        };
        self.playing = false;
        self.export = serde_json::to_string(&request).ok().map(|json| (job, json));
    }

    /// The saved run's file, to download; or why there is none.
    pub(super) fn saved(&mut self, message: SolverReply) -> Effects {
        let mut effects = Effects::default();
        match message {
            SolverReply::Saved { url, name } => {
                self.notice = Some(format!("saved as {name}: open it here with \"Open a recorded run…\", or draw it with sudoku render"));
                effects.download = Some((url, name));
            }
            SolverReply::Failed(why) => self.notice = Some(why),
            _ => return Effects::quiet(),
        }
        effects
    }

    /// Opens a trace file as a run: the full worker reads it and answers as a run would. A file
    /// the URL named (`linked`) stays in the share link.
    pub(super) fn open_trace(&mut self, url: String, linked: bool) -> Effects {
        if url.is_empty() {
            // No file chosen (the dialog was closed).
            return Effects::quiet();
        }
        let mut effects = self.stopped_run();
        let job = self
            .out
            .issue(super::Asked::Open(linked.then(|| url.clone())));
        self.notice = Some("opening the trace file…".into());
        effects.jobs.submit(job, SolverRequest::OpenTrace(url));
        effects
    }

    /// A reply to an opened trace: what it holds sets the puzzle, algorithm, parameters and
    /// seed, and starts its run; its events and end are a run's.
    pub(super) fn trace_reply(
        &mut self,
        job: u64,
        message: SolverReply,
        trace_url: Option<String>,
    ) -> Effects {
        let opened = match message {
            SolverReply::Opened(text) => match crate::replayed::Opened::decode(&text) {
                Some(opened) => opened,
                None => return Effects::default(),
            },
            // The worker's words name the file ("the trace file does not open: …").
            SolverReply::Failed(why) => {
                self.notice = Some(why);
                return Effects::default();
            }
            message => return self.received(job, message),
        };
        self.set_puzzle(opened.puzzle.clone());
        // `ID;NAME=VALUE…`, read as the form takes an algorithm and a parameter (the worker
        // checked it; a configuration this lab does not know leaves the form as it is).
        let mut parts = opened.configuration.split(';');
        let mut known = false;
        if let Some(algorithm) = parts.next().and_then(Algorithm::from_id) {
            self.algorithm = algorithm;
            self.params = super::default_params(algorithm);
            known = true;
            for part in parts {
                match part
                    .split_once('=')
                    .and_then(|(n, v)| Some((algorithm.param(n).ok()?, v)))
                {
                    Some((spec, value)) => {
                        self.params.insert(spec.name, value.to_string());
                    }
                    None => known = false,
                }
            }
        }
        let (puzzle, seed) = (opened.puzzle, opened.seed);
        self.seed = seed.to_string();
        self.notice = Some(opened.said);
        self.run = Some(Run {
            job,
            algorithm: self.algorithm,
            timeline: Timeline::of_run(&puzzle, self.algorithm),
            puzzle,
            seed,
            summary: None,
            cancelled: false,
            trace_url,
            // The form now holds the file's settings: they make the run again, when this lab
            // knows its whole configuration.
            settings: known.then(|| self.request().ok()).flatten(),
        });
        self.playing = self.autoplay;
        self.carry = 0.0;
        Effects::default()
    }

    /// The run request for the current form, or why there is none.
    pub(super) fn request(&self) -> Result<RunRequest, String> {
        if let Some(e) = &self.input_error {
            return Err(format!("fix the puzzle first: {e}"));
        }
        if let Some(c) = self.puzzle.conflicts().first() {
            return Err(format!("the givens clash: {}", c.describe(self.size())));
        }
        let params = self.typed_params().map_err(|e| e.to_string())?;
        self.algorithm.check(&params).map_err(|e| e.to_string())?;
        let seed = self.seed.trim().parse::<u64>().map_err(|_| {
            format!(
                "the seed '{}' is not a whole number from 0 to 2^64-1",
                self.seed
            )
        })?;
        Ok(RunRequest {
            algorithm: self.algorithm,
            params,
            puzzle: self.puzzle.givens_only(),
            seed,
        })
    }

    pub(super) fn start(&mut self) -> Effects {
        let request = match self.request() {
            Ok(r) => r,
            Err(e) => {
                self.notice = Some(e);
                return Effects::default();
            }
        };
        // A run still computing occupies the worker: replace it.
        let busy = self.is_running();
        let job = self.out.issue(super::Asked::Run);
        self.notice = None;
        self.run = Some(Run {
            job,
            algorithm: self.algorithm,
            puzzle: request.puzzle.clone(),
            seed: request.seed,
            timeline: Timeline::of_run(&request.puzzle, request.algorithm),
            summary: None,
            cancelled: false,
            trace_url: None,
            settings: Some(request.clone()),
        });
        self.playing = self.autoplay;
        self.carry = 0.0;
        let mut effects = Effects::default();
        if busy {
            effects.jobs.cancel_all();
        }
        effects.jobs.submit(job, SolverRequest::Run(request));
        effects
    }
}

/// The slowest slider position from the default up that plays `events` within
/// [`LONG_RUN_SECONDS`] (the fastest, 100, for more than that plays in it).
pub(super) fn speed_to_play(events: usize) -> u32 {
    (DEFAULT_SPEED..100)
        .find(|&v| events_per_second(v) * LONG_RUN_SECONDS >= events as f64)
        .unwrap_or(100)
}

/// A stretch (`from`, `to`) that the complete run of `events` events does not reach is widened
/// to the run; what was widened is said.
fn stretch_past(from: &mut usize, to: &mut Option<usize>, events: usize) -> Option<String> {
    let count = sudoku_core::words::count(events, "event");
    if *from > 0 && *from >= events {
        let said = format!("from={from} is past the run's end ({count}): playing the whole run");
        (*from, *to) = (0, None);
        return Some(said);
    }
    let past = to.filter(|&to| to > events)?;
    *to = None;
    Some(format!(
        "to={past} is past the run's end ({count}): playing to its end"
    ))
}
