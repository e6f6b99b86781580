//! The full worker's side of trace files: opening one (fetch its bytes — a blob URL of a file
//! the user chose, or a file of the lab's own origin — then play it, see [`crate::replayed`]),
//! and saving a run as one (recorded again from its settings, handed to the page as a blob URL).

use std::rc::Rc;

use sudoku_core::trace::TraceFile;
use wasm_bindgen::JsCast;
use web_sys::{XmlHttpRequest, XmlHttpRequestResponseType};

use crate::protocol::{RunRequest, SolverReply};
use crate::replayed::{self, MAX_TRACE_BYTES};

/// The file's bytes. A synchronous request: a worker may block, and its one job at a time is
/// this one.
fn fetch(url: &str) -> Result<Vec<u8>, String> {
    let failed = |what: &str| format!("it could not be read ({what})");
    let request = XmlHttpRequest::new().map_err(|_| failed("no request"))?;
    request
        .open_with_async("GET", url, false)
        .map_err(|_| failed("a URL the worker cannot open"))?;
    request.set_response_type(XmlHttpRequestResponseType::Arraybuffer);
    request.send().map_err(|_| failed("the request failed"))?;
    let status = request.status().unwrap_or(0);
    // A blob URL answers 200 too; 0 is a failed network request.
    if status != 200 {
        return Err(failed(&format!("HTTP status {status}")));
    }
    let buffer = request
        .response()
        .ok()
        .and_then(|r| r.dyn_into::<js_sys::ArrayBuffer>().ok())
        .ok_or_else(|| failed("no bytes"))?;
    if buffer.byte_length() as usize > MAX_TRACE_BYTES {
        return Err(format!(
            "the trace file is over {} MB: the page opens smaller ones (sudoku render draws any)",
            MAX_TRACE_BYTES >> 20
        ));
    }
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

pub fn open_trace(url: &str, reply: &mut dyn FnMut(SolverReply)) {
    match fetch(url).and_then(|bytes| replayed::read(&bytes)) {
        Ok(trace) => replayed::play(trace, reply),
        Err(e) => reply(SolverReply::Failed(format!(
            "the trace file does not open: {e}"
        ))),
    }
}

thread_local! {
    /// The last saved run's blob URL: let go of when the next is made, so saved runs do not pile
    /// up in the worker's memory.
    static SAVED: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

thread_local! {
    /// The last run recorded for saving, with its settings: its frames saved one after another
    /// (or the run, then a frame) record it once. One run's events, as the page holds them too.
    static RECORDED: std::cell::RefCell<Option<(RunRequest, Rc<TraceFile>)>> =
        const { std::cell::RefCell::new(None) };
}

/// The run of `request` recorded (the last one again if it was the last asked).
fn recorded(request: &RunRequest) -> Result<Rc<TraceFile>, String> {
    let kept = RECORDED.with(|r| {
        r.borrow()
            .as_ref()
            .filter(|(asked, _)| asked == request)
            .map(|(_, trace)| trace.clone())
    });
    if let Some(trace) = kept {
        return Ok(trace);
    }
    // The last one is let go of before the next is recorded.
    RECORDED.with(|r| r.borrow_mut().take());
    let trace = Rc::new(replayed::recorded(request)?);
    RECORDED.with(|r| *r.borrow_mut() = Some((request.clone(), trace.clone())));
    Ok(trace)
}

/// The run recorded as `sudoku solve --trace` writes it (binary, the page's cap of cell-level
/// events), as a blob URL the page downloads.
pub fn save_trace(request: &RunRequest) -> SolverReply {
    let trace = match recorded(request) {
        Ok(trace) => trace,
        Err(e) => return SolverReply::Failed(e),
    };
    let name = format!("{}-seed{}.trace", request.algorithm.id(), request.seed);
    hand_over(&trace.to_bytes(), "application/octet-stream", name)
}

/// A file for the page to download, as a blob URL (the previous one let go).
fn hand_over(bytes: &[u8], kind: &str, name: String) -> SolverReply {
    let bytes = js_sys::Uint8Array::from(bytes);
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(kind);
    let made = web_sys::Blob::new_with_u8_array_sequence_and_options(
        &js_sys::Array::of1(&bytes),
        &options,
    )
    .and_then(|blob| web_sys::Url::create_object_url_with_blob(&blob));
    let Ok(url) = made else {
        return SolverReply::Failed("the browser could not hold the file".into());
    };
    if let Some(old) = SAVED.with(|s| s.replace(Some(url.clone()))) {
        let _ = web_sys::Url::revoke_object_url(&old);
    }
    SolverReply::Saved { url, name }
}
