//! The page's handle on the Web Worker: spawn, post a run, terminate (cancel = a fresh worker,
//! since a busy worker cannot read messages).

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};

use crate::protocol::{
    read_experiment_reply, read_experiment_words, read_solver_reply, read_solver_words,
    ExperimentReply, Reply, SolverReply,
};

/// Which worker a pool runs: its loaders (Trunk puts them beside the page, see index.html; the
/// SIMD build's are written by web/pwa/post_build.py) and the readers of its replies `R` (JSON
/// text, and words for event batches).
/// Each bundle names only the kinds it uses, so it carries only their readers.
#[derive(Debug)]
pub struct WorkerKind<R> {
    url: &'static str,
    /// The same worker built with wasm SIMD, loaded where [`browser::wasm_simd`] says it runs.
    ///
    /// [`browser::wasm_simd`]: crate::app::browser::wasm_simd
    simd_url: &'static str,
    read_text: fn(&str) -> Option<R>,
    read_words: fn(&[u32]) -> Option<R>,
    /// The same worker built with every engine and tool, where this one is built without some:
    /// a request only it answers moves the pool there for good.
    pub full: Option<fn() -> WorkerKind<R>>,
}

impl<R> Clone for WorkerKind<R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R> Copy for WorkerKind<R> {}

/// Kinds are told apart by their loader.
impl<R> PartialEq for WorkerKind<R> {
    fn eq(&self, other: &Self) -> bool {
        self.url == other.url
    }
}

impl WorkerKind<SolverReply> {
    /// The solvers' worker: single runs with their events.
    pub const SOLVER: WorkerKind<SolverReply> = WorkerKind {
        url: "./worker_loader.js",
        simd_url: "./worker_simd_loader.js",
        read_text: read_solver_reply,
        read_words: read_solver_words,
        full: Some(|| WorkerKind::SOLVER_FULL),
    };
    /// The solvers' worker with every solver and tool, `ilp` and the generator included (its
    /// LP engine makes it about 120 KB larger gzipped): started only when a request needs it.
    pub const SOLVER_FULL: WorkerKind<SolverReply> = WorkerKind {
        url: "./full_worker_loader.js",
        simd_url: "./full_worker_simd_loader.js",
        read_text: read_solver_reply,
        read_words: read_solver_words,
        full: None,
    };
}

impl WorkerKind<ExperimentReply> {
    /// The experiments' worker: an experiment's jobs and plans, a study's puzzles, jobs and
    /// summary.
    pub const EXPERIMENTS: WorkerKind<ExperimentReply> = WorkerKind {
        url: "./experiment_worker_loader.js",
        simd_url: "./experiment_worker_simd_loader.js",
        read_text: read_experiment_reply,
        read_words: read_experiment_words,
        full: None,
    };
}

pub struct WorkerHandle {
    worker: Worker,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

impl WorkerHandle {
    /// Starts a worker; `on_message` gets its messages, `on_error` its failures.
    pub fn spawn<R: Reply>(
        kind: WorkerKind<R>,
        on_message: impl Fn(R) + 'static,
        on_error: impl Fn(String) + 'static,
    ) -> Result<WorkerHandle, String> {
        let url = if crate::app::browser::wasm_simd() {
            kind.simd_url
        } else {
            kind.url
        };
        let worker = Worker::new(url).map_err(|e| format!("cannot start the worker: {e:?}"))?;
        let on_error = std::rc::Rc::new(on_error);
        let on_error_for_messages = on_error.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let message = match event.data().dyn_into::<js_sys::Uint32Array>() {
                Ok(words) => (kind.read_words)(&words.to_vec()),
                Err(data) => data.as_string().and_then(|text| (kind.read_text)(&text)),
            };
            match message {
                Some(message) => on_message(message),
                None => {
                    on_error_for_messages("the worker sent a message the page cannot read".into())
                }
            }
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        // A worker whose script cannot load gets a plain `Event` in WebKit, not an `ErrorEvent`:
        // it has no message, so the message is read as it may be, not as an ErrorEvent's.
        // A load that fails while the page is being left is the browser's teardown: nothing to
        // report or restart (WebKit fails them; starting a worker then broke the page's wasm).
        crate::app::browser::page_is_leaving();
        let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
            event.prevent_default();
            if crate::app::browser::page_is_leaving() {
                return;
            }
            let message = js_sys::Reflect::get(&event, &"message".into())
                .ok()
                .and_then(|m| m.as_string())
                .filter(|m| !m.is_empty())
                .unwrap_or_else(|| "its script could not be loaded".into());
            on_error(format!("the worker failed: {message}"));
        });
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(WorkerHandle {
            worker,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    /// Posts a request, already written as JSON.
    pub fn post(&self, request: &str) -> Result<(), String> {
        self.worker
            .post_message(&JsValue::from_str(request))
            .map_err(|e| format!("cannot reach the worker: {e:?}"))
    }
}

impl WorkerHandle {
    /// Stops the worker at once, whatever it is doing.
    pub fn terminate(&self) {
        self.worker.terminate();
    }
}

impl Drop for WorkerHandle {
    /// The handlers go first: a message the worker posted before it was stopped may still be
    /// queued on the page, and would otherwise reach the closures dropped with this handle
    /// ("closure invoked after being dropped", seen when a lesson's Next replaced the lab while
    /// a rating was on its way).
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}
