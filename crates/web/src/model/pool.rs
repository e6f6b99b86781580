//! The worker pool's scheduling, in plain Rust: which job goes to which worker, what a cancel or
//! a crash does. The hook (`app/hooks/use_worker_pool.rs`) owns the real workers and carries
//! out the [`Command`]s; the decisions are tested here.

use std::collections::VecDeque;

/// Starts in a row that fail before a worker says it is ready; past this the pool stops
/// trying (a worker that cannot load would otherwise be restarted forever).
pub const MAX_FAILED_STARTS: u32 = 3;

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
        if let Some(s) = self.slots.get_mut(slot) {
            s.job = None;
        }
        self.dispatch()
    }

    /// The worker in `slot` crashed. It is replaced; its job runs once more, then fails.
    pub fn crashed(&mut self, slot: usize, error: &str) -> Vec<Command> {
        let Some(s) = self.slots.get_mut(slot) else {
            return Vec::new();
        };
        let started = s.ready;
        s.ready = false;
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

    /// Replaces every worker (another kind of worker takes over): a running job the page has
    /// not heard from yet goes back to the front of the queue and runs on a fresh worker; one
    /// it has heard from fails (running it again would repeat its messages).
    pub fn restart_all(&mut self) -> Vec<Command> {
        let mut failed = Vec::new();
        let mut restarts = Vec::new();
        for slot in (0..self.slots.len()).rev() {
            let heard = self.slots[slot].heard;
            if let Some(job) = self.slots[slot].job.take() {
                if heard {
                    failed.push(Command::Fail {
                        job: job.id,
                        error: "its worker was replaced by the one with every solver; run it again"
                            .into(),
                    });
                } else {
                    self.queue.push_front(job);
                }
            }
            restarts.extend(self.replace(slot));
        }
        restarts.reverse();
        failed.reverse();
        restarts.extend(failed);
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
            if !s.ready || s.job.is_some() {
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
mod tests {
    use super::*;

    fn request(seed: u64) -> String {
        format!("request {seed}")
    }

    fn posted(commands: &[Command]) -> Vec<(usize, u64)> {
        commands
            .iter()
            .filter_map(|c| match c {
                Command::Post { slot, job, .. } => Some((*slot, *job)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn sizes_use_every_processor_up_to_eight() {
        assert_eq!([0, 1, 2, 4, 9, 64].map(pool_size), [1, 1, 2, 4, 8, 8]);
    }

    #[test]
    fn jobs_wait_for_ready_workers_and_go_oldest_first() {
        let mut pool = Scheduler::new(2);
        assert!(pool.submit(1, request(1)).is_empty(), "no worker ready yet");
        assert!(pool.submit(2, request(2)).is_empty());
        pool.submit(3, request(3));
        assert_eq!(posted(&pool.ready(1)), vec![(1, 1)]);
        assert_eq!(posted(&pool.ready(0)), vec![(0, 2)]);
        assert_eq!(pool.queued(), 1);
        assert_eq!(posted(&pool.finished(1)), vec![(1, 3)]);
        assert_eq!(pool.job_on(1), Some(3));
        assert!(pool.finished(0).is_empty());
        assert_eq!(pool.job_on(0), None);
    }

    #[test]
    fn cancelling_unqueues_or_replaces_the_worker() {
        let mut pool = Scheduler::new(1);
        pool.ready(0);
        pool.submit(1, request(1));
        pool.submit(2, request(2));
        assert!(
            pool.cancel(2).is_empty(),
            "a queued job just leaves the queue"
        );
        assert_eq!(pool.queued(), 0);
        assert_eq!(pool.cancel(1), vec![Command::Restart { slot: 0 }]);
        assert_eq!(pool.job_on(0), None);
        // The fresh worker takes the next job once ready.
        pool.submit(3, request(3));
        assert_eq!(posted(&pool.ready(0)), vec![(0, 3)]);
        pool.submit(4, request(4));
        assert_eq!(pool.cancel_all(), vec![Command::Restart { slot: 0 }]);
        assert_eq!(pool.queued(), 0);
    }

    /// Another kind of worker takes over (the one with `ilp`): every worker is replaced, and the
    /// jobs they ran go first, in slot order, before the waiting ones.
    #[test]
    fn restarting_every_worker_runs_their_jobs_again_first() {
        let mut pool = Scheduler::new(2);
        pool.ready(0);
        pool.ready(1);
        pool.submit(1, request(1));
        pool.submit(2, request(2));
        pool.submit(3, request(3));
        assert_eq!(
            pool.restart_all(),
            vec![Command::Restart { slot: 0 }, Command::Restart { slot: 1 }]
        );
        assert_eq!((pool.job_on(0), pool.job_on(1)), (None, None));
        assert_eq!(pool.queued(), 3);
        assert_eq!(posted(&pool.ready(1)), vec![(1, 1)]);
        assert_eq!(posted(&pool.ready(0)), vec![(0, 2)]);
        assert_eq!(posted(&pool.finished(0)), vec![(0, 3)]);
        // A job the page has heard from cannot start over: it fails instead.
        pool.heard(1);
        let commands = pool.restart_all();
        assert_eq!(
            &commands[..2],
            &[Command::Restart { slot: 0 }, Command::Restart { slot: 1 }]
        );
        assert!(
            matches!(&commands[2], Command::Fail { job: 1, .. }),
            "{commands:?}"
        );
        assert_eq!(pool.queued(), 1, "job 3 waits for the fresh workers");
    }

    #[test]
    fn plans_go_before_waiting_jobs() {
        let mut pool = Scheduler::new(1);
        pool.submit(1, request(1));
        pool.submit(2, request(2));
        pool.submit_first(3, request(3));
        assert_eq!(posted(&pool.ready(0)), vec![(0, 3)]);
        assert_eq!(posted(&pool.finished(0)), vec![(0, 1)]);
    }

    #[test]
    fn a_crashed_worker_is_replaced_and_its_job_retried_once() {
        let mut pool = Scheduler::new(1);
        pool.ready(0);
        pool.submit(7, request(7));
        assert_eq!(pool.crashed(0, "boom"), vec![Command::Restart { slot: 0 }]);
        assert_eq!(
            posted(&pool.ready(0)),
            vec![(0, 7)],
            "retried on the fresh worker"
        );
        let second = pool.crashed(0, "boom");
        assert!(
            matches!(&second[0], Command::Fail { job: 7, error } if error.contains("twice")),
            "{second:?}"
        );
        assert_eq!(second[1], Command::Restart { slot: 0 });
    }

    #[test]
    fn workers_that_never_start_fail_the_jobs_instead_of_looping() {
        let mut pool = Scheduler::new(1);
        pool.submit(1, request(1));
        for _ in 0..MAX_FAILED_STARTS - 1 {
            assert_eq!(pool.crashed(0, "404"), vec![Command::Restart { slot: 0 }]);
        }
        let last = pool.crashed(0, "404");
        assert!(
            matches!(&last[..], [Command::Fail { job: 1, .. }]),
            "{last:?}"
        );
        assert!(pool.broken());
        assert!(matches!(
            &pool.submit(2, request(2))[..],
            [Command::Fail { job: 2, .. }]
        ));
    }
}
