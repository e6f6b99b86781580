//! `use_worker_pool`: solver workers for the page's lifetime (started when it mounts, so their
//! wasm loads while the user edits), running one job each; jobs beyond them wait. The decisions
//! (which worker, cancel, crash and retry) are `model::pool`'s; this hook owns the real workers
//! and tags every message with the job its worker runs, so a cancelled job's late messages
//! cannot reach another run. A busy worker cannot read messages: cancel terminates it and starts
//! a fresh one.

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use yew::prelude::*;

use super::worker_handle::WorkerHandle;
pub use super::worker_handle::WorkerKind;
use crate::model::pool::{Command, Scheduler};
use crate::protocol::{Reply, SolverReply};

/// What the pool tells the page, its workers' replies `R` tagged with their job.
pub enum PoolEvent<R> {
    /// A message of job `job`.
    Message { job: u64, message: R },
    /// Job `job` cannot run (its worker crashed twice, or no worker starts).
    Failed { job: u64, error: String },
}

struct Inner<R: Reply> {
    kind: WorkerKind<R>,
    scheduler: Scheduler,
    workers: Vec<Option<WorkerHandle>>,
    /// Bumped at each start of a slot's worker: messages of a replaced worker are ignored.
    generations: Vec<u64>,
    listener: Option<Callback<PoolEvent<R>>>,
}

/// The page's side of the pool (cheap to clone).
pub struct WorkerPool<R: Reply> {
    inner: Rc<RefCell<Inner<R>>>,
}

impl<R: Reply> Clone for WorkerPool<R> {
    fn clone(&self) -> Self {
        WorkerPool {
            inner: self.inner.clone(),
        }
    }
}

impl<R: Reply> PartialEq for WorkerPool<R> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.inner, &other.inner)
    }
}

impl<R: Reply> WorkerPool<R> {
    fn new(size: usize, kind: WorkerKind<R>) -> WorkerPool<R> {
        WorkerPool {
            inner: Rc::new(RefCell::new(Inner {
                kind,
                scheduler: Scheduler::new(size),
                workers: (0..size.max(1)).map(|_| None).collect(),
                generations: vec![0; size.max(1)],
                listener: None,
            })),
        }
    }

    pub fn size(&self) -> usize {
        self.inner.borrow().scheduler.size()
    }

    /// Runs `request` (JSON text) as `job` on the next free worker.
    pub fn submit(&self, job: u64, request: String) {
        let commands = self.inner.borrow_mut().scheduler.submit(job, request);
        self.carry_out(commands);
    }

    /// Runs `request` as `job` before every waiting job.
    pub fn submit_first(&self, job: u64, request: String) {
        let commands = self.inner.borrow_mut().scheduler.submit_first(job, request);
        self.carry_out(commands);
    }

    /// Drops a job, waiting or running.
    pub fn cancel(&self, job: u64) {
        let commands = self.inner.borrow_mut().scheduler.cancel(job);
        self.carry_out(commands);
    }

    /// Drops every job.
    pub fn cancel_all(&self) {
        let commands = self.inner.borrow_mut().scheduler.cancel_all();
        self.carry_out(commands);
    }

    fn carry_out(&self, commands: Vec<Command>) {
        for command in commands {
            match command {
                Command::Post { slot, job, request } => {
                    let posted = self.inner.borrow().workers[slot]
                        .as_ref()
                        .map(|w| w.post(&request));
                    if let Some(Err(error)) = posted {
                        self.emit(PoolEvent::Failed { job, error });
                    }
                }
                Command::Restart { slot } => self.start(slot),
                Command::Fail { job, error } => self.emit(PoolEvent::Failed { job, error }),
            }
        }
    }

    /// Starts (or replaces) the worker in `slot`.
    fn start(&self, slot: usize) {
        let (old, generation) = {
            let mut inner = self.inner.borrow_mut();
            inner.generations[slot] += 1;
            (inner.workers[slot].take(), inner.generations[slot])
        };
        if let Some(old) = old {
            old.terminate();
            // This may run inside one of the old worker's own callbacks: its closures are
            // dropped once that call has returned.
            gloo_timers::callback::Timeout::new(0, move || drop(old)).forget();
        }
        let weak = Rc::downgrade(&self.inner);
        let on_message = {
            let weak = weak.clone();
            move |message| Self::received(&weak, slot, generation, message)
        };
        let on_error = move |error: String| Self::crashed(&weak, slot, generation, &error);
        let kind = self.inner.borrow().kind;
        match WorkerHandle::spawn(kind, on_message, on_error) {
            Ok(handle) => self.inner.borrow_mut().workers[slot] = Some(handle),
            Err(error) => {
                let commands = self.inner.borrow_mut().scheduler.crashed(slot, &error);
                self.carry_out(commands);
            }
        }
    }

    /// The pool behind a weak reference, if its worker `slot` is still at `generation`.
    fn current(
        weak: &Weak<RefCell<Inner<R>>>,
        slot: usize,
        generation: u64,
    ) -> Option<WorkerPool<R>> {
        let inner = weak.upgrade()?;
        let current = inner.borrow().generations[slot] == generation;
        current.then_some(WorkerPool { inner })
    }

    fn received(weak: &Weak<RefCell<Inner<R>>>, slot: usize, generation: u64, message: R) {
        let Some(pool) = Self::current(weak, slot, generation) else {
            return;
        };
        if message.is_ready() {
            let commands = pool.inner.borrow_mut().scheduler.ready(slot);
            pool.carry_out(commands);
            return;
        }
        let Some(job) = pool.inner.borrow().scheduler.job_on(slot) else {
            return;
        };
        pool.inner.borrow_mut().scheduler.heard(slot);
        let ends = message.ends_request();
        pool.emit(PoolEvent::Message { job, message });
        if ends {
            let commands = pool.inner.borrow_mut().scheduler.finished(slot);
            pool.carry_out(commands);
        }
    }

    fn crashed(weak: &Weak<RefCell<Inner<R>>>, slot: usize, generation: u64, error: &str) {
        if let Some(pool) = Self::current(weak, slot, generation) {
            let commands = pool.inner.borrow_mut().scheduler.crashed(slot, error);
            pool.carry_out(commands);
        }
    }

    /// Hands an event to the page, holding no borrow (the page may submit or cancel at once).
    fn emit(&self, event: PoolEvent<R>) {
        let listener = self.inner.borrow().listener.clone();
        if let Some(listener) = listener {
            listener.emit(event);
        }
    }
}

impl WorkerPool<SolverReply> {
    /// Runs a solver request as `job` (the solver worker's pools).
    pub fn submit_run(&self, job: u64, request: crate::protocol::RunRequest) {
        self.submit_solver(job, crate::protocol::SolverRequest::Run(request));
    }

    /// Asks the solver worker for a hint on `puzzle`, as `job`.
    pub fn submit_hint(&self, job: u64, puzzle: sudoku_core::Grid) {
        self.submit_solver(job, crate::protocol::SolverRequest::Hint(puzzle));
    }

    /// Sends a solver worker any of its requests, as `job`. A request the lab's worker cannot
    /// answer (an `ilp` run, Generate) first moves the pool to the full worker, for good.
    pub fn submit_solver(&self, job: u64, request: crate::protocol::SolverRequest) {
        let full = request.needs_full_worker();
        self.submit_solver_to(job, request, full);
    }

    /// Sends a request the lab's worker sent back (see `SolverReply::NeedsFullWorker`) to the
    /// full worker, moving the pool there for good.
    pub fn submit_to_full_worker(&self, job: u64, request: crate::protocol::SolverRequest) {
        self.submit_solver_to(job, request, true);
    }

    fn submit_solver_to(&self, job: u64, request: crate::protocol::SolverRequest, full: bool) {
        if full && self.inner.borrow().kind == WorkerKind::SOLVER {
            let commands = {
                let mut inner = self.inner.borrow_mut();
                inner.kind = WorkerKind::SOLVER_FULL;
                inner.scheduler.restart_all()
            };
            self.carry_out(commands);
        }
        match serde_json::to_string(&request) {
            Ok(text) => self.submit(job, text),
            Err(error) => self.emit(PoolEvent::Failed {
                job,
                error: error.to_string(),
            }),
        }
    }
}

/// `size` workers of `kind`; `on_event` receives their messages (the latest callback is used).
#[hook]
pub fn use_worker_pool<R: Reply>(
    size: usize,
    kind: WorkerKind<R>,
    on_event: Callback<PoolEvent<R>>,
) -> WorkerPool<R> {
    let pool = (*use_memo((size, kind), |&(size, kind)| WorkerPool::new(size, kind))).clone();
    pool.inner.borrow_mut().listener = Some(on_event);
    {
        let pool = pool.clone();
        use_effect_with((size, kind), move |_| {
            for slot in 0..pool.size() {
                pool.start(slot);
            }
            // Leaving the page ends its workers.
            move || {
                for worker in pool.inner.borrow_mut().workers.iter_mut() {
                    *worker = None;
                }
            }
        });
    }
    pool
}
