//! The one message loop of every worker: each message from the page is read as the worker's
//! request type (JSON text), handed to the worker's handler with a way to reply, and a message
//! that cannot be read is answered `Failed`; `Ready` goes out once the loop listens. Also the
//! workers' clock and their way of posting JSON text.

use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::*;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent, WorkerGlobalScope};

use crate::protocol::Reply;

/// Milliseconds on the worker's monotonic clock (`performance.now()`, finer than `Date.now()`:
/// the exact experiment times runs of microseconds).
pub fn now() -> f64 {
    js_sys::global()
        .unchecked_into::<WorkerGlobalScope>()
        .performance()
        .map_or_else(js_sys::Date::now, |p| p.now())
}

/// Posts a message written as JSON (nothing when it cannot be written).
pub fn post_json<T: serde::Serialize>(scope: &DedicatedWorkerGlobalScope, message: &T) {
    if let Ok(text) = serde_json::to_string(message) {
        let _ = scope.post_message(&JsValue::from_str(&text));
    }
}

/// Listens for requests of type `R`: `handle(request, reply)` for each, where `reply` posts one
/// reply of the worker's kind `P` through `post` (each kind posts its own way; by value, so a
/// reply is never copied).
pub fn serve<R: DeserializeOwned + 'static, P: Reply>(
    post: fn(&DedicatedWorkerGlobalScope, P),
    mut handle: impl FnMut(R, &mut dyn FnMut(P)) + 'static,
) {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let replies = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        let mut reply = |message: P| post(&replies, message);
        let request = event
            .data()
            .as_string()
            .ok_or_else(|| "the page sent a message the worker cannot read".to_string())
            .and_then(|text| serde_json::from_str::<R>(&text).map_err(|e| e.to_string()));
        match request {
            Ok(request) => handle(request, &mut reply),
            Err(e) => reply(P::failed(e)),
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(&scope, P::ready());
}
