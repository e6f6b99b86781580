//! What both workers' entry points share: their clock and their way of posting JSON text.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{DedicatedWorkerGlobalScope, WorkerGlobalScope};

/// Milliseconds on the worker's monotonic clock (`performance.now()`, finer than `Date.now()`:
/// the exact experiment times runs of microseconds).
pub fn now() -> f64 {
    js_sys::global()
        .unchecked_into::<WorkerGlobalScope>()
        .performance()
        .map_or_else(js_sys::Date::now, |p| p.now())
}

/// Posts a message written as JSON (nothing when it cannot be written).
pub fn post_json<T: serde::Serialize>(scope: &DedicatedWorkerGlobalScope, message: Option<T>) {
    if let Some(Ok(text)) = message.map(|m| serde_json::to_string(&m)) {
        let _ = scope.post_message(&JsValue::from_str(&text));
    }
}
