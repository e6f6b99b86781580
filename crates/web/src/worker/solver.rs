//! The solvers' worker, shared by its two builds (`worker`, the lab's first load, and
//! `full_worker`, the same with the `full` feature: `ilp`'s LP engine and the generator): takes
//! one request at a time and answers with event batches and the outcome (see [`crate::runner`]).

use web_sys::DedicatedWorkerGlobalScope;

use super::serve::{now, post_json, serve};
use super::tools;
use crate::protocol::{encode_events, SolverReply, SolverRequest};
use crate::runner;

/// Event batches go as a transferred `Uint32Array` (see `protocol::encode_events`), every
/// other message as JSON text.
fn post(scope: &DedicatedWorkerGlobalScope, message: SolverReply) {
    if let SolverReply::Events(events) = &message {
        let words = js_sys::Uint32Array::from(encode_events(events).as_slice());
        let transfer = js_sys::Array::of1(&words.buffer());
        let _ = scope.post_message_with_transfer(&words, &transfer);
    } else {
        post_json(scope, &message);
    }
}

pub fn start() {
    serve(post, answer);
}

fn answer(request: SolverRequest, reply: &mut dyn FnMut(SolverReply)) {
    match request {
        SolverRequest::Run(request) => runner::run(&request, &now, reply),
        SolverRequest::Hint(puzzle) => reply(tools::hint(&puzzle)),
        // The full worker's answers may take seconds (large grids, forcing chains): it tells
        // how far it has come. The first load's end before a word would be said.
        #[cfg(feature = "full")]
        SolverRequest::Analyse(puzzle) => {
            let answer = super::progress::analyse(&puzzle, &now, reply);
            reply(answer)
        }
        #[cfg(not(feature = "full"))]
        SolverRequest::Analyse(puzzle) => reply(tools::analyse(&puzzle, &mut |_, _| {})),
        #[cfg(feature = "full")]
        SolverRequest::Generate(request) => {
            let answer = super::progress::generate(&request, &now, reply);
            reply(answer)
        }
        // Its reading (TOML) and every algorithm's run live in the full worker only.
        #[cfg(feature = "full")]
        SolverRequest::CheckLesson(text) => reply(tools::check_lesson(&text)),
        #[cfg(feature = "full")]
        SolverRequest::OpenTrace(url) => super::open::open_trace(&url, reply),
        #[cfg(feature = "full")]
        SolverRequest::Save(request) => reply(super::open::save_trace(&request)),
        // The page sends these to the full worker (see `SolverRequest::needs_full_worker`).
        #[cfg(not(feature = "full"))]
        SolverRequest::Generate(_)
        | SolverRequest::CheckLesson(_)
        | SolverRequest::OpenTrace(_)
        | SolverRequest::Save(_) => reply(SolverReply::Failed(
            "this request goes to the full worker".into(),
        )),
    }
}
