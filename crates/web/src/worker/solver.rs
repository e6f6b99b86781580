//! The solvers' worker, shared by its two builds (`worker`, the lab's first load, and
//! `full_worker`, the same with the `full` feature: `ilp`'s LP engine and the generator): takes one request at a time and
//! answers with event batches and the outcome (see [`crate::runner`]).

use crate::protocol::{encode_events, SolverRequest, WorkerMessage};
use crate::worker_scope::{now, post_json};
use crate::{puzzle_tools, runner};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// Event batches go as a transferred `Uint32Array` (see `protocol::encode_events`), every
/// other message as JSON text.
fn post(scope: &DedicatedWorkerGlobalScope, message: &WorkerMessage) {
    if let WorkerMessage::Events(events) = message {
        let words = js_sys::Uint32Array::from(encode_events(events).as_slice());
        let transfer = js_sys::Array::of1(&words.buffer());
        let _ = scope.post_message_with_transfer(&words, &transfer);
    } else {
        post_json(scope, message.run_control());
    }
}

pub fn start() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let replies = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let request = event
            .data()
            .as_string()
            .ok_or_else(|| "the page sent a message the worker cannot read".to_string())
            .and_then(|text| {
                serde_json::from_str::<SolverRequest>(&text).map_err(|e| e.to_string())
            });
        match request {
            Ok(SolverRequest::Run(request)) => {
                runner::run(&request, &now, &mut |m| post(&replies, &m))
            }
            Ok(SolverRequest::Hint(puzzle)) => post(&replies, &puzzle_tools::hint(&puzzle)),
            Ok(SolverRequest::Analyse(puzzle)) => post(&replies, &puzzle_tools::analyse(&puzzle)),
            #[cfg(feature = "full")]
            Ok(SolverRequest::Generate(request)) => {
                post(&replies, &puzzle_tools::generate(&request, &now))
            }
            // The page sends Generate to the full worker (see `WorkerPool::submit_solver`).
            #[cfg(not(feature = "full"))]
            Ok(SolverRequest::Generate(_)) => post(
                &replies,
                &WorkerMessage::Failed("the generator runs in the full worker".into()),
            ),
            Err(e) => post(&replies, &WorkerMessage::Failed(e)),
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(&scope, &WorkerMessage::Ready);
}
