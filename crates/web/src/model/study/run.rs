//! A study's course on the pool: started from the form, its population made, its jobs sent in
//! chunks (or a race's instance by instance), the workers' answers taken in, and the summary
//! asked for when the runs are over or cancelled.

use sudoku_core::study::Study;

use super::*;

impl StudyPage {
    pub(super) fn start(&mut self, now: f64, effects: &mut StudyEffects) {
        if self.is_running() {
            return;
        }
        // A summary still out is of the last study.
        self.out.cancel_all(&mut effects.jobs);
        self.started += 1;
        self.setup = None;
        self.settings = None;
        self.study = None;
        self.records.clear();
        self.written.clear();
        self.hits.clear();
        self.summary = None;
        self.race = None;
        self.ended_ms = None;
        let (setup, settings) = match self.setup() {
            Ok(read) => read,
            Err(e) => {
                self.status = Status::Failed(e);
                return;
            }
        };
        let puzzles = settings.source.len();
        self.made = vec![None; puzzles];
        self.setup = Some(setup);
        self.settings = Some(settings);
        self.chunks = Chunks::new(0..puzzles);
        self.racing = self.form.race;
        self.status = Status::Making;
        self.started_ms = now;
        self.phase_started_ms = now;
        self.dispatch(effects);
    }

    /// Ends the study: its chunks are dropped from the pool.
    pub(super) fn stop(&mut self, status: Status, now: f64, effects: &mut StudyEffects) {
        self.status = status;
        self.chunks.clear();
        self.out.cancel_all(&mut effects.jobs);
        self.ended_ms = Some(now);
    }

    pub(super) fn ask_summary(&mut self, effects: &mut StudyEffects) {
        let (Some(setup), Some(study)) = (&self.setup, &self.study) else {
            return;
        };
        let request = ExperimentRequest::StudySummary(Box::new(StudySummaryRequest {
            setup: setup.clone(),
            population: study.population.clone(),
            records: self.written.clone(),
            coarse_clock: self.coarse_clock,
        }));
        let job = self.out.issue(Out::Report);
        effects.jobs.submit(job, request);
    }

    pub(super) fn received(
        &mut self,
        job: u64,
        message: ExperimentReply,
        now: f64,
        effects: &mut StudyEffects,
    ) {
        let Some(out) = self.out.answered(job, message.ends_request()) else {
            return; // a late message of a cancelled job
        };
        let Out::Chunk(indices) = out else {
            match message {
                ExperimentReply::StudySummary(summary) => {
                    self.summary = Some(*summary);
                    if self.status == Status::Running {
                        self.status = Status::Done;
                        self.ended_ms = Some(now);
                    }
                }
                ExperimentReply::Failed(error) => self.status = Status::Failed(error),
                _ => {}
            }
            return;
        };
        match message {
            ExperimentReply::StudyMembers(members)
                if self.status == Status::Making && members.len() == indices.len() =>
            {
                for (&i, member) in indices.iter().zip(members) {
                    self.made[i] = Some(member);
                }
                if self.made.iter().all(Option::is_some) {
                    self.population_made(now);
                }
            }
            ExperimentReply::StudyRecords {
                records,
                elapsed_ms,
                best_costs,
                hits,
            } if self.status == Status::Running && records.len() == indices.len() => {
                if let (Some(run), Some(study)) = (&mut self.race, &self.study) {
                    run.take(study, &records, &best_costs);
                }
                for (record, hit) in records.iter().zip(hits) {
                    if self.hits.len() <= record.job {
                        self.hits.resize(record.job + 1, None);
                    }
                    self.hits[record.job] = Some(hit);
                }
                let Some(written) = RecordChunk::of(&records) else {
                    let error = "the records could not be written as JSON".to_string();
                    self.stop(Status::Failed(error), now, effects);
                    return;
                };
                self.written.push(written);
                self.records.extend(records);
                self.chunks.measured(indices.len(), elapsed_ms);
                let all = self.study.as_ref().map_or(0, Study::jobs);
                let race_over = self
                    .race
                    .as_ref()
                    .is_some_and(|r| !r.is_waiting() && r.race.next().is_none());
                if self.records.len() == all || race_over {
                    self.ended_ms = Some(now);
                    self.ask_summary(effects);
                    return;
                }
            }
            ExperimentReply::Failed(error) => {
                self.stop(Status::Failed(error), now, effects);
                return;
            }
            _ => {
                self.stop(
                    Status::Failed("a worker answered a study's chunk with something else".into()),
                    now,
                    effects,
                );
                return;
            }
        }
        self.dispatch(effects);
    }

    /// The population is made: the study is set, its jobs queued.
    pub(super) fn population_made(&mut self, now: f64) {
        let Some(settings) = self.settings.take() else {
            return;
        };
        let population = self.made.drain(..).flatten().collect();
        let study = Study::new(settings, population);
        if self.racing {
            // The race sends its instances' jobs itself (see `dispatch`).
            self.race = Some(RaceRun::new(&study));
            self.chunks = Chunks::default();
        } else {
            self.chunks = Chunks::new(0..study.jobs());
        }
        self.study = Some(study);
        self.status = Status::Running;
        self.phase_started_ms = now;
    }

    /// Sends chunks while a worker can take one: a puzzle per request while making the
    /// population (one may take seconds to generate, the next a millisecond), jobs in chunks
    /// sized by their mean time.
    pub(super) fn dispatch(&mut self, effects: &mut StudyEffects) {
        if self.race.is_some() {
            self.dispatch_race(effects);
            return;
        }
        let workers = self.workers;
        while self.chunks.wants_more(&self.out, workers) {
            let Some(setup) = self.setup.clone() else {
                return;
            };
            let fixed = self.study.is_none().then_some(1);
            let Some((job, indices)) = self.chunks.next(&mut self.out, workers, fixed) else {
                return;
            };
            let request = match &self.study {
                None => ExperimentRequest::StudyMake(StudyMakeRequest {
                    setup,
                    puzzles: indices,
                }),
                Some(study) => ExperimentRequest::StudyJobs(StudyJobsRequest {
                    setup,
                    jobs: indices
                        .iter()
                        .map(|&k| (k, study.population[study.job(k).puzzle].puzzle.clone()))
                        .collect(),
                }),
            };
            effects.jobs.submit(job, request);
        }
    }

    /// Sends the race's next instance, its jobs spread over the workers, once the last one is
    /// back.
    pub(super) fn dispatch_race(&mut self, effects: &mut StudyEffects) {
        let (Some(run), Some(study), Some(setup)) = (&mut self.race, &self.study, &self.setup)
        else {
            return;
        };
        if run.is_waiting() || self.status != Status::Running {
            return;
        }
        let jobs = run.next_jobs(study);
        if jobs.is_empty() {
            return; // over: the records' branch asked for the summary
        }
        let size = jobs.len().div_ceil(self.workers);
        for chunk in jobs.chunks(size) {
            let request = ExperimentRequest::StudyJobs(StudyJobsRequest {
                setup: setup.clone(),
                jobs: chunk
                    .iter()
                    .map(|&k| (k, study.population[study.job(k).puzzle].puzzle.clone()))
                    .collect(),
            });
            let job = self.out.issue(Out::Chunk(chunk.to_vec()));
            effects.jobs.submit(job, request);
        }
    }
}
