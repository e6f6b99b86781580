//! Work farmed out to a worker pool in chunks, as the experiments and study pages do: what is
//! left to send, which pool job carries which items, and how long they took, so the next chunk
//! holds about [`TARGET_CHUNK_MS`] of work.

use std::collections::VecDeque;

use super::jobs::Pending;

/// A chunk should keep a worker busy about this long: long enough that messages cost nothing
/// beside the runs, short enough that progress moves and a cancel loses little.
pub const TARGET_CHUNK_MS: f64 = 400.0;
/// Items per chunk at most.
pub const MAX_CHUNK: usize = 512;
/// Chunks in flight per worker: one running, one waiting, so no worker idles between chunks.
const CHUNKS_PER_WORKER: usize = 2;

/// What a job of a page that farms work out in chunks is for: a chunk of items, or the report
/// on what came back (the experiments' plan, the study's summary). The page keeps its jobs out
/// in one [`Pending`] map of these.
#[derive(Clone, Debug, PartialEq)]
pub enum Out {
    Chunk(Vec<usize>),
    Report,
}

impl Out {
    fn is_chunk(&self) -> bool {
        matches!(self, Out::Chunk(_))
    }
}

/// Items (job or puzzle indices) to send, and the worker time of those answered.
#[derive(Clone, Debug, Default)]
pub struct Chunks {
    pending: VecDeque<usize>,
    /// Worker time and items answered so far: their mean sizes the next chunks.
    busy_ms: f64,
    measured: usize,
}

impl Chunks {
    pub fn new(items: impl IntoIterator<Item = usize>) -> Chunks {
        Chunks {
            pending: items.into_iter().collect(),
            ..Chunks::default()
        }
    }

    /// Queues more items.
    pub fn extend(&mut self, items: impl IntoIterator<Item = usize>) {
        self.pending.extend(items);
    }

    /// The next chunk, issued as a job in `out`, while the pool's `workers` have fewer than
    /// [`CHUNKS_PER_WORKER`] each; `fixed` sets its size, else [`chunk_size`] does.
    pub fn next(
        &mut self,
        out: &mut Pending<Out>,
        workers: usize,
        fixed: Option<usize>,
    ) -> Option<(u64, Vec<usize>)> {
        if !self.wants_more(out, workers) {
            return None;
        }
        let size = fixed
            .unwrap_or_else(|| chunk_size(self.busy_ms, self.measured, self.pending.len(), workers))
            .clamp(1, self.pending.len());
        let items: Vec<usize> = self.pending.drain(..size).collect();
        Some((out.issue(Out::Chunk(items.clone())), items))
    }

    /// Whether a worker can take another chunk now.
    pub fn wants_more(&self, out: &Pending<Out>, workers: usize) -> bool {
        !self.pending.is_empty() && out.count(Out::is_chunk) < workers.max(1) * CHUNKS_PER_WORKER
    }

    /// `items` answered in `elapsed_ms` of worker time.
    pub fn measured(&mut self, items: usize, elapsed_ms: f64) {
        self.busy_ms += elapsed_ms.max(0.0);
        self.measured += items;
    }

    /// Nothing left to send and no chunk out.
    pub fn is_over(&self, out: &Pending<Out>) -> bool {
        self.pending.is_empty() && !out.any(Out::is_chunk)
    }

    /// Sends nothing more.
    pub fn clear(&mut self) {
        self.pending.clear();
    }
}

/// Items for the next chunk: about [`TARGET_CHUNK_MS`] of work at the mean time per item so
/// far (one item while nothing is measured), and no more than an even share of what is left, so
/// the last chunks end together.
pub fn chunk_size(busy_ms: f64, measured: usize, pending: usize, workers: usize) -> usize {
    let by_time = if measured == 0 {
        1
    } else {
        let per_job = (busy_ms / measured as f64).max(1e-3);
        (TARGET_CHUNK_MS / per_job) as usize
    };
    let share = pending.div_ceil(workers.max(1));
    by_time
        .clamp(1, MAX_CHUNK)
        .min(share)
        .clamp(1, pending.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::jobs::Jobs;

    #[test]
    fn chunks_grow_to_the_target_time_and_share_the_tail() {
        assert_eq!(chunk_size(0.0, 0, 5_000, 4), 1, "nothing measured yet");
        assert_eq!(chunk_size(100.0, 10, 5_000, 4), 40, "10 ms per job");
        assert_eq!(chunk_size(1.0, 1_000, 5_000, 4), MAX_CHUNK);
        assert_eq!(
            chunk_size(1.0, 1_000, 10, 4),
            3,
            "the last jobs are shared out"
        );
        assert_eq!(chunk_size(5_000.0, 1, 10, 4), 1, "slow jobs go one by one");
    }

    #[test]
    fn two_chunks_per_worker_are_out_at_most_and_a_cancel_drops_them() {
        let mut chunks = Chunks::new(0..10);
        let mut out = Pending::default();
        let report = out.issue(Out::Report);
        let (first, items) = chunks.next(&mut out, 1, None).unwrap();
        assert_eq!(items, vec![0], "one item while nothing is measured");
        let (second, items) = chunks.next(&mut out, 1, Some(3)).unwrap();
        assert_eq!(items, vec![1, 2, 3]);
        assert!(!chunks.wants_more(&out, 1), "a worker has two chunks");
        assert_eq!(chunks.next(&mut out, 1, None), None);
        assert_eq!(out.answered(first, true), Some(Out::Chunk(vec![0])));
        assert_eq!(out.answered(first, true), None, "answered once");
        chunks.measured(1, 40.0);
        let (third, items) = chunks.next(&mut out, 1, None).unwrap();
        assert_eq!(items.len(), 6, "the rest, at 40 ms each");
        assert!(!chunks.is_over(&out));
        let mut jobs = Jobs::<()>::default();
        out.cancel_all(&mut jobs);
        chunks.clear();
        let mut cancelled = jobs.cancelled();
        cancelled.sort();
        assert_eq!(cancelled, vec![report, second, third]);
        assert!(chunks.is_over(&out) && out.get(second).is_none());
    }
}
