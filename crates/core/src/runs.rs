//! What every driver of many runs shares: an [`Executor`] that runs jobs (the CLI's on all cores,
//! [`Sequential`] in order, the page's on its workers) and reads the clock, and [`run_seed`], the
//! seed of one run from the base seed and the run's coordinates.

/// Runs jobs and reads the clock: the driver's part of an experiment.
pub trait Executor: Sync {
    /// `job` applied to every item (possibly in parallel), results in item order.
    fn map<T: Sync, R: Send>(&self, items: &[T], job: &(dyn Fn(&T) -> R + Sync)) -> Vec<R>;

    /// Seconds on a monotonic clock (the core has no clock of its own: not every target has one).
    fn seconds(&self) -> f64;
}

/// Runs jobs one after the other; no clock (every time reads 0).
#[derive(Clone, Copy, Debug, Default)]
pub struct Sequential;

impl Executor for Sequential {
    fn map<T: Sync, R: Send>(&self, items: &[T], job: &(dyn Fn(&T) -> R + Sync)) -> Vec<R> {
        items.iter().map(job).collect()
    }

    fn seconds(&self) -> f64 {
        0.0
    }
}

/// A seed for one run, mixed from the base seed and the run's coordinates (SplitMix64 steps), so
/// runs are independent of the order they execute in.
pub fn run_seed(base: u64, coordinates: &[u64]) -> u64 {
    let mut state = base;
    for &c in coordinates {
        state = splitmix(state ^ splitmix(c.wrapping_add(0x9E37_79B9_7F4A_7C15)));
    }
    state
}

fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
