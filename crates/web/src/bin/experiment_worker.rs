//! The experiments page's worker (Trunk `data-bin="experiment_worker" data-type="worker"`): runs
//! chunks of an experiment's jobs and answers plan requests (see
//! `sudoku_web::experiment_runner`). A worker of its own, loaded only by the experiments page,
//! so the lab's first visit does not carry the experiments' code.

fn main() {
    #[cfg(target_arch = "wasm32")]
    wasm::start();
}

#[cfg(target_arch = "wasm32")]
mod wasm {
    use sudoku_web::experiment_runner;
    use sudoku_web::protocol::{ExperimentRequest, WorkerMessage};
    use sudoku_web::worker_scope::{now, post_json};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    fn post(scope: &DedicatedWorkerGlobalScope, message: WorkerMessage) {
        post_json(scope, message.experiment_control());
    }

    pub fn start() {
        let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
        let replies = scope.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let reply = match event.data().as_string().map(|t| serde_json::from_str(&t)) {
                Some(Ok(ExperimentRequest::Jobs(request))) => {
                    experiment_runner::jobs(&request, &now)
                }
                Some(Ok(ExperimentRequest::Plan(request))) => experiment_runner::planned(&request),
                Some(Err(e)) => WorkerMessage::Failed(e.to_string()),
                None => WorkerMessage::Failed(
                    "the page sent a message the worker cannot read".to_string(),
                ),
            };
            post(&replies, reply);
        });
        scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        on_message.forget();
        post(&scope, WorkerMessage::Ready);
    }
}
