//! The full worker's side of opening a trace file: fetch its bytes (a blob URL of a file the
//! user chose, or a file of the lab's own origin), then play it (see [`crate::replayed`]).

use wasm_bindgen::JsCast;
use web_sys::{XmlHttpRequest, XmlHttpRequestResponseType};

use crate::protocol::SolverReply;
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
