//! The worker pool's scheduling, in plain Rust: which job goes to which worker, what a cancel or
//! a crash does. The hook (`app/hooks/use_worker_pool.rs`) owns the real workers and carries
//! out the [`Command`]s; the decisions are tested here.

use std::collections::VecDeque;

/// Starts in a row that fail before a worker says it is ready; past this the pool stops
/// trying (a worker that cannot load would otherwise be restarted forever).
pub const MAX_FAILED_STARTS: u32 = 3;

/// How long a worker may take to say it is ready (its wasm fetched and started) before it is
/// taken as a failed start: replaced, its job sent again. Long enough for the full worker's
/// download on a slow line; without it, a worker that never answers would leave its job (and
/// the page's status) waiting for ever.
pub const START_LIMIT_MS: u32 = 60_000;

/// The pool size for this many logical processors: every one of them, at most 8. The pages that
/// run a pool (compare, experiments) exist to run side by side, and their main thread only draws
/// what the workers send, in short tasks: leaving a processor to it halved the pool on a 2-core
/// machine while no long task is measured with all of them busy (docs/benchmarks-log.md).
pub fn pool_size(hardware_concurrency: usize) -> usize {
    hardware_concurrency.clamp(1, 8)
}

/// What the hook must do with its workers.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Post this job's request to the worker in `slot`.
    Post {
        slot: usize,
        job: u64,
        /// The request as JSON text (the pool never reads it).
        request: String,
    },
    /// Terminate the worker in `slot` (busy or broken) and start a fresh one.
    Restart { slot: usize },
    /// Tell the page that this job cannot run.
    Fail { job: u64, error: String },
}

#[derive(Clone, Debug)]
struct Job {
    id: u64,
    request: String,
    /// Already run once on a worker that crashed.
    retried: bool,
}

#[derive(Clone, Debug, Default)]
struct Slot {
    ready: bool,
    job: Option<Job>,
    /// The page has had messages of the job (it cannot start over without repeating them).
    heard: bool,
    /// The worker is of the kind the pool moved away from: it ends the job the page has heard
    /// from, takes no other, and is replaced when that job ends.
    retiring: bool,
}

/// The pool's state: its workers and the jobs waiting for one.
#[derive(Debug)]
pub struct Scheduler {
    slots: Vec<Slot>,
    queue: VecDeque<Job>,
    failed_starts: u32,
}

impl Scheduler {
    pub fn new(size: usize) -> Scheduler {
        Scheduler {
            slots: vec![Slot::default(); size.max(1)],
            queue: VecDeque::new(),
            failed_starts: 0,
        }
    }

    pub fn size(&self) -> usize {
        self.slots.len()
    }

    /// The job the worker in `slot` runs, if any (its messages belong to it).
    pub fn job_on(&self, slot: usize) -> Option<u64> {
        self.slots.get(slot)?.job.as_ref().map(|j| j.id)
    }

    /// Jobs waiting for a worker.
    pub fn queued(&self) -> usize {
        self.queue.len()
    }

    /// Whether the pool gave up starting workers.
    pub fn broken(&self) -> bool {
        self.failed_starts >= MAX_FAILED_STARTS
    }

    /// A new job: run at once on a free worker, or queued.
    pub fn submit(&mut self, id: u64, request: String) -> Vec<Command> {
        self.enqueue(id, request, false)
    }

    /// A job that goes before every waiting one (an experiment's plan: the page waits on it
    /// while the queue holds the experiment's runs).
    pub fn submit_first(&mut self, id: u64, request: String) -> Vec<Command> {
        self.enqueue(id, request, true)
    }

    fn enqueue(&mut self, id: u64, request: String, first: bool) -> Vec<Command> {
        if self.broken() {
            return vec![Command::Fail {
                job: id,
                error: self.broken_message(),
            }];
        }
        let job = Job {
            id,
            request,
            retried: false,
        };
        if first {
            self.queue.push_front(job);
        } else {
            self.queue.push_back(job);
        }
        self.dispatch()
    }

    /// The worker in `slot` has loaded and takes requests.
    pub fn ready(&mut self, slot: usize) -> Vec<Command> {
        if let Some(s) = self.slots.get_mut(slot) {
            s.ready = true;
            self.failed_starts = 0;
        }
        self.dispatch()
    }

    /// The job on `slot` ended (its worker said Done or Failed): the worker takes the next.
    pub fn finished(&mut self, slot: usize) -> Vec<Command> {
        let mut commands = Vec::new();
        if let Some(s) = self.slots.get_mut(slot) {
            s.job = None;
            if s.retiring {
                commands = self.replace(slot);
            }
        }
        commands.extend(self.dispatch());
        commands
    }

    /// The worker in `slot` crashed. It is replaced; its job runs once more, then fails.
    pub fn crashed(&mut self, slot: usize, error: &str) -> Vec<Command> {
        let Some(s) = self.slots.get_mut(slot) else {
            return Vec::new();
        };
        let started = s.ready;
        s.ready = false;
        s.retiring = false;
        let job = s.job.take();
        let mut commands = Vec::new();
        if !started {
            self.failed_starts += 1;
        }
        match job {
            Some(job) if !job.retried && !self.broken() => self.queue.push_front(Job {
                retried: true,
                ..job
            }),
            Some(job) => commands.push(Command::Fail {
                job: job.id,
                error: format!("the worker failed twice on this run: {error}"),
            }),
            None => {}
        }
        if self.broken() {
            let error = self.broken_message();
            commands.extend(self.queue.drain(..).map(|job| Command::Fail {
                job: job.id,
                error: error.clone(),
            }));
        } else {
            commands.push(Command::Restart { slot });
        }
        commands
    }

    /// The worker in `slot` was started [`START_LIMIT_MS`] ago: if it has still not said it is
    /// ready, it is taken as a failed start (see [`Scheduler::crashed`]).
    pub fn start_timed_out(&mut self, slot: usize) -> Vec<Command> {
        match self.slots.get(slot) {
            Some(s) if !s.ready => self.crashed(
                slot,
                &format!("a worker did not start within {} s", START_LIMIT_MS / 1000),
            ),
            _ => Vec::new(),
        }
    }

    /// Drops a job: unqueued if waiting, its worker replaced if running.
    pub fn cancel(&mut self, id: u64) -> Vec<Command> {
        self.queue.retain(|j| j.id != id);
        let running = self
            .slots
            .iter()
            .position(|s| s.job.as_ref().is_some_and(|j| j.id == id));
        match running {
            Some(slot) => self.replace(slot),
            None => Vec::new(),
        }
    }

    /// Drops every job.
    pub fn cancel_all(&mut self) -> Vec<Command> {
        self.queue.clear();
        let busy: Vec<usize> = (0..self.slots.len())
            .filter(|&slot| self.slots[slot].job.is_some())
            .collect();
        busy.into_iter()
            .flat_map(|slot| self.replace(slot))
            .collect()
    }

    /// A message of the job on `slot` reached the page.
    pub fn heard(&mut self, slot: usize) {
        if let Some(s) = self.slots.get_mut(slot) {
            s.heard = s.job.is_some();
        }
    }

    /// Replaces every worker (another kind of worker takes over). An idle worker, or one whose
    /// job the page has not heard from yet, is replaced at once (that job goes back to the front
    /// of the queue); one whose job the page has heard from finishes it first (running it again
    /// would repeat its messages) and is replaced when it ends.
    pub fn restart_all(&mut self) -> Vec<Command> {
        let mut restarts = Vec::new();
        for slot in (0..self.slots.len()).rev() {
            let s = &mut self.slots[slot];
            if s.heard && s.job.is_some() {
                s.retiring = true;
                continue;
            }
            if let Some(job) = s.job.take() {
                self.queue.push_front(job);
            }
            restarts.extend(self.replace(slot));
        }
        restarts.reverse();
        restarts
    }

    fn replace(&mut self, slot: usize) -> Vec<Command> {
        self.slots[slot] = Slot::default();
        vec![Command::Restart { slot }]
    }

    /// Gives queued jobs to ready, idle workers, oldest job first, lowest slot first.
    fn dispatch(&mut self) -> Vec<Command> {
        let mut commands = Vec::new();
        for (slot, s) in self.slots.iter_mut().enumerate() {
            if !s.ready || s.job.is_some() || s.retiring {
                continue;
            }
            let Some(job) = self.queue.pop_front() else {
                break;
            };
            commands.push(Command::Post {
                slot,
                job: job.id,
                request: job.request.clone(),
            });
            s.job = Some(job);
            s.heard = false;
        }
        commands
    }

    fn broken_message(&self) -> String {
        format!(
            "the solver workers failed to start {} times; reload the page to try again",
            self.failed_starts
        )
    }
}

#[cfg(test)]
mod tests;
