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
use crate::model::jobs::{Jobs, Order};
use crate::model::pool::{Command, Scheduler, START_LIMIT_MS};
use crate::protocol::Reply;

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
    /// The workers have been started (a lazy pool starts them at its first job).
    started: bool,
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
                started: false,
            })),
        }
    }

    pub fn size(&self) -> usize {
        self.inner.borrow().scheduler.size()
    }

    /// Carries out a page's orders, in order: each request encoded here, once (an encoding
    /// error fails its job, as a crash would).
    pub fn carry_out_jobs(&self, jobs: &Jobs<R::Request>) {
        for order in &jobs.orders {
            match order {
                Order::Submit { job, request } => self.send(*job, request, false, false),
                Order::SubmitFirst { job, request } => self.send(*job, request, true, false),
                Order::ToFullWorker { job, request } => self.send(*job, request, false, true),
                Order::Cancel(job) => self.cancel(*job),
                Order::CancelAll => self.cancel_all(),
            }
        }
    }

    /// Runs `request` as `job`: before every waiting job when `first`, on the full worker when
    /// `full` or when only it answers the request.
    fn send(&self, job: u64, request: &R::Request, first: bool, full: bool) {
        self.start_all();
        if full || R::needs_full_worker(request) {
            self.move_to_full_worker();
        }
        let text = match serde_json::to_string(request) {
            Ok(text) => text,
            // (Its error is not shown: its text would bring serde_json's and std::io's messages
            // into the page's bundle, about 600 bytes, for a request the page itself built.)
            Err(_) => {
                return self.emit(PoolEvent::Failed {
                    job,
                    error: "the request could not be written as JSON".into(),
                })
            }
        };
        let commands = {
            let mut inner = self.inner.borrow_mut();
            if first {
                inner.scheduler.submit_first(job, text)
            } else {
                inner.scheduler.submit(job, text)
            }
        };
        self.carry_out(commands);
    }

    /// Moves the pool to its kind's full build (every worker restarted), if it has one and is
    /// not there yet.
    fn move_to_full_worker(&self) {
        let Some(full) = self.inner.borrow().kind.full else {
            return;
        };
        let commands = {
            let mut inner = self.inner.borrow_mut();
            inner.kind = full();
            inner.scheduler.restart_all()
        };
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

    /// Starts every worker, unless they were started.
    fn start_all(&self) {
        if std::mem::replace(&mut self.inner.borrow_mut().started, true) {
            return;
        }
        for slot in 0..self.size() {
            self.start(slot);
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
        let on_error = {
            let weak = weak.clone();
            move |error: String| Self::crashed(&weak, slot, generation, &error)
        };
        let kind = self.inner.borrow().kind;
        match WorkerHandle::spawn(kind, on_message, on_error) {
            Ok(handle) => {
                self.inner.borrow_mut().workers[slot] = Some(handle);
                gloo_timers::callback::Timeout::new(START_LIMIT_MS, move || {
                    if let Some(pool) = Self::current(&weak, slot, generation) {
                        let commands = pool.inner.borrow_mut().scheduler.start_timed_out(slot);
                        pool.carry_out(commands);
                    }
                })
                .forget();
            }
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

/// `size` workers of `kind`, started at once; `on_event` receives their messages (the latest
/// callback is used).
#[hook]
pub fn use_worker_pool<R: Reply>(
    size: usize,
    kind: WorkerKind<R>,
    on_event: Callback<PoolEvent<R>>,
) -> WorkerPool<R> {
    use_pool(size, kind, on_event, false)
}

/// As [`use_worker_pool`], the workers started only when the first job is submitted: for a
/// worker a page seldom needs (its wasm is not fetched until then).
#[hook]
pub fn use_lazy_worker_pool<R: Reply>(
    size: usize,
    kind: WorkerKind<R>,
    on_event: Callback<PoolEvent<R>>,
) -> WorkerPool<R> {
    use_pool(size, kind, on_event, true)
}

#[hook]
fn use_pool<R: Reply>(
    size: usize,
    kind: WorkerKind<R>,
    on_event: Callback<PoolEvent<R>>,
    lazy: bool,
) -> WorkerPool<R> {
    let pool = (*use_memo((size, kind), |&(size, kind)| WorkerPool::new(size, kind))).clone();
    pool.inner.borrow_mut().listener = Some(on_event);
    {
        let pool = pool.clone();
        use_effect_with((size, kind), move |_| {
            if !lazy {
                pool.start_all();
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
