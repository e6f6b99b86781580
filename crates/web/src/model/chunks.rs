//! Work farmed out to a worker pool in chunks, as the experiments and study pages do: what is
//! left to send, which pool job carries which items, and how long they took, so the next chunk
//! holds about [`TARGET_CHUNK_MS`] of work.

use std::collections::{BTreeMap, VecDeque};

/// A chunk should keep a worker busy about this long: long enough that messages cost nothing
/// beside the runs, short enough that progress moves and a cancel loses little.
pub const TARGET_CHUNK_MS: f64 = 400.0;
/// Items per chunk at most.
pub const MAX_CHUNK: usize = 512;
/// Chunks in flight per worker: one running, one waiting, so no worker idles between chunks.
const CHUNKS_PER_WORKER: usize = 2;

/// Items (job or puzzle indices) to send, and those out with the pool.
#[derive(Clone, Debug, Default)]
pub struct Chunks {
    pending: VecDeque<usize>,
    /// Pool job → the items of its chunk.
    in_flight: BTreeMap<u64, Vec<usize>>,
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

    /// The next chunk, for pool job `job`, while the pool's `workers` have fewer than
    /// [`CHUNKS_PER_WORKER`] each; `fixed` sets its size, else [`chunk_size`] does.
    pub fn next(&mut self, job: u64, workers: usize, fixed: Option<usize>) -> Option<Vec<usize>> {
        if self.pending.is_empty() || self.in_flight.len() >= workers.max(1) * CHUNKS_PER_WORKER {
            return None;
        }
        let size = fixed
            .unwrap_or_else(|| chunk_size(self.busy_ms, self.measured, self.pending.len(), workers))
            .clamp(1, self.pending.len());
        let items: Vec<usize> = self.pending.drain(..size).collect();
        self.in_flight.insert(job, items.clone());
        Some(items)
    }

    /// Whether a worker can take another chunk now.
    pub fn wants_more(&self, workers: usize) -> bool {
        !self.pending.is_empty() && self.in_flight.len() < workers.max(1) * CHUNKS_PER_WORKER
    }

    /// The items of pool job `job`, answered now (`None`: not ours, or dropped by a cancel).
    pub fn answered(&mut self, job: u64) -> Option<Vec<usize>> {
        self.in_flight.remove(&job)
    }

    /// `items` answered in `elapsed_ms` of worker time.
    pub fn measured(&mut self, items: usize, elapsed_ms: f64) {
        self.busy_ms += elapsed_ms.max(0.0);
        self.measured += items;
    }

    pub fn carries(&self, job: u64) -> bool {
        self.in_flight.contains_key(&job)
    }

    /// Nothing left to send and nothing out.
    pub fn is_over(&self) -> bool {
        self.pending.is_empty() && self.in_flight.is_empty()
    }

    /// Drops everything; returns the pool jobs to cancel.
    pub fn drop_all(&mut self) -> Vec<u64> {
        self.pending.clear();
        std::mem::take(&mut self.in_flight).into_keys().collect()
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
        assert_eq!(
            chunks.next(1, 1, None),
            Some(vec![0]),
            "one item while nothing is measured"
        );
        assert_eq!(chunks.next(2, 1, Some(3)), Some(vec![1, 2, 3]));
        assert!(!chunks.wants_more(1));
        assert_eq!(chunks.next(3, 1, None), None, "a worker has two chunks");
        assert_eq!(chunks.answered(1), Some(vec![0]));
        assert_eq!(chunks.answered(1), None, "answered once");
        chunks.measured(1, 40.0);
        assert_eq!(
            chunks.next(4, 1, None).map(|c| c.len()),
            Some(6),
            "the rest, at 40 ms each"
        );
        assert!(!chunks.is_over());
        let mut cancelled = chunks.drop_all();
        cancelled.sort();
        assert_eq!(cancelled, vec![2, 4]);
        assert!(chunks.is_over() && !chunks.carries(2));
    }
}
