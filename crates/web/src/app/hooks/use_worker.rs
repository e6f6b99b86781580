//! `use_worker`: one solver worker for the page's lifetime. It is started when the page mounts
//! (its wasm loads while the user edits), holds a run posted before it is ready, tags every
//! message with the job it runs, and is replaced on demand (cancel: a busy worker cannot read
//! messages, so it is terminated and a fresh one started).

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use yew::prelude::*;

use super::worker_handle::WorkerHandle;
use crate::protocol::{RunRequest, WorkerMessage};

/// Starts in a row that fail before the worker says it is ready; past this the page stops
/// trying (a worker that cannot load would otherwise be restarted forever).
const MAX_FAILED_STARTS: u32 = 3;

/// What the worker tells the page.
pub enum WorkerEvent {
    /// A message of the run tagged `job`.
    Message { job: u64, message: WorkerMessage },
    /// The worker crashed or could not start.
    Failed(String),
}

#[derive(Default)]
struct Inner {
    handle: Option<WorkerHandle>,
    ready: bool,
    /// A run posted before the worker was ready.
    pending: Option<(u64, RunRequest)>,
    /// The job the worker runs now (its messages are tagged with it).
    job: u64,
    failed_starts: u32,
    listener: Option<Callback<WorkerEvent>>,
}

/// The page's side of the worker (cheap to clone).
#[derive(Clone)]
pub struct WorkerPort {
    inner: Rc<RefCell<Inner>>,
}

impl PartialEq for WorkerPort {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.inner, &other.inner)
    }
}

impl WorkerPort {
    /// Runs `request` as `job` (now, or as soon as the worker is ready).
    pub fn post(&self, job: u64, request: RunRequest) {
        let mut inner = self.inner.borrow_mut();
        if inner.handle.is_none() {
            drop(inner);
            self.spawn();
            inner = self.inner.borrow_mut();
        }
        if inner.ready {
            inner.job = job;
            let result = inner.handle.as_ref().map(|h| h.post(&request));
            let listener = inner.listener.clone();
            drop(inner);
            if let (Some(Err(e)), Some(listener)) = (result, listener) {
                listener.emit(WorkerEvent::Failed(e));
            }
        } else {
            inner.pending = Some((job, request));
        }
    }

    /// Terminates the worker (busy or not) and starts a fresh one.
    pub fn restart(&self) {
        let old = {
            let mut inner = self.inner.borrow_mut();
            inner.ready = false;
            inner.pending = None;
            inner.handle.take()
        };
        if let Some(old) = old {
            old.terminate();
            // This may run inside one of the old worker's own callbacks: its closures are
            // dropped once that call has returned.
            gloo_timers::callback::Timeout::new(0, move || drop(old)).forget();
        }
        self.spawn();
    }

    fn spawn(&self) {
        let failed_starts = self.inner.borrow().failed_starts;
        if failed_starts >= MAX_FAILED_STARTS {
            self.emit(WorkerEvent::Failed(format!(
                "the solver worker failed to start {failed_starts} times; reload the page to try again"
            )));
            return;
        }
        let on_message = {
            let weak = Rc::downgrade(&self.inner);
            move |message: WorkerMessage| Self::received(&weak, message)
        };
        let on_error = {
            let weak = Rc::downgrade(&self.inner);
            move |error: String| {
                if let Some(inner) = weak.upgrade() {
                    let port = WorkerPort { inner };
                    {
                        let mut inner = port.inner.borrow_mut();
                        if !inner.ready {
                            inner.failed_starts += 1;
                        }
                        inner.ready = false;
                    }
                    port.emit(WorkerEvent::Failed(error));
                }
            }
        };
        match WorkerHandle::spawn(on_message, on_error) {
            Ok(handle) => self.inner.borrow_mut().handle = Some(handle),
            Err(e) => {
                self.inner.borrow_mut().failed_starts += 1;
                self.emit(WorkerEvent::Failed(e));
            }
        }
    }

    fn received(weak: &Weak<RefCell<Inner>>, message: WorkerMessage) {
        let Some(inner) = weak.upgrade() else { return };
        let port = WorkerPort { inner };
        if matches!(message, WorkerMessage::Ready) {
            let pending = {
                let mut inner = port.inner.borrow_mut();
                inner.ready = true;
                inner.failed_starts = 0;
                inner.pending.take()
            };
            if let Some((job, request)) = pending {
                port.post(job, request);
            }
            return;
        }
        let job = port.inner.borrow().job;
        port.emit(WorkerEvent::Message { job, message });
    }

    /// Hands an event to the page, holding no borrow (the page may post or restart at once).
    fn emit(&self, event: WorkerEvent) {
        let listener = self.inner.borrow().listener.clone();
        if let Some(listener) = listener {
            listener.emit(event);
        }
    }
}

/// The page's worker; `on_event` receives its messages (the latest callback is used).
#[hook]
pub fn use_worker(on_event: Callback<WorkerEvent>) -> WorkerPort {
    let inner = use_mut_ref(Inner::default);
    let port = WorkerPort { inner };
    port.inner.borrow_mut().listener = Some(on_event);
    {
        let port = port.clone();
        use_effect_with((), move |_| {
            if port.inner.borrow().handle.is_none() {
                port.spawn();
            }
            // Leaving the page ends its worker.
            move || port.inner.borrow_mut().handle = None
        });
    }
    port
}
