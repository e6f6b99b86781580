//! When to restart: after the Luby sequence's number of conflicts (times a unit), or, as
//! Glucose does, when the recent learned clauses are worse (higher LBD) than the long-run
//! average — a sign the search is stuck in a poor region.

/// Restart policies a course compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Restarts {
    /// Never restart.
    Never,
    /// Luby's sequence 1 1 2 1 1 2 4 …, times 100 conflicts.
    Luby,
    /// Glucose-style: the fast moving average of the LBD above the slow one.
    Glucose,
}

/// Conflicts per unit of the Luby sequence.
const LUBY_UNIT: u64 = 100;
/// Conflicts between two Glucose restarts at least.
const GLUCOSE_MIN_CONFLICTS: u64 = 50;
/// A restart when the recent LBD average exceeds the long-run one by this factor.
const GLUCOSE_MARGIN: f64 = 1.25;

/// The i-th term (from 1) of Luby's sequence.
pub fn luby(i: u64) -> u64 {
    let mut i = i;
    loop {
        // The smallest k with 2^k − 1 ≥ i.
        let mut k = 1;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

#[derive(Clone, Debug)]
pub struct Schedule {
    policy: Restarts,
    since_restart: u64,
    restarts: u64,
    fast: f64,
    slow: f64,
    conflicts: u64,
}

impl Schedule {
    pub fn new(policy: Restarts) -> Schedule {
        Schedule {
            policy,
            since_restart: 0,
            restarts: 0,
            fast: 0.0,
            slow: 0.0,
            conflicts: 0,
        }
    }

    /// Notes a conflict whose learned clause has this LBD.
    pub fn conflict(&mut self, lbd: u32) {
        self.since_restart += 1;
        self.conflicts += 1;
        // Exponential moving averages, bias-corrected at the start by taking the plain mean.
        let lbd = lbd as f64;
        let fast_weight = (1.0 / self.conflicts as f64).max(1.0 / 32.0);
        let slow_weight = (1.0 / self.conflicts as f64).max(1.0 / 4096.0);
        self.fast += fast_weight * (lbd - self.fast);
        self.slow += slow_weight * (lbd - self.slow);
    }

    /// Whether to restart now (asked before each decision).
    pub fn due(&self) -> bool {
        match self.policy {
            Restarts::Never => false,
            Restarts::Luby => self.since_restart >= LUBY_UNIT * luby(self.restarts + 1),
            Restarts::Glucose => {
                self.since_restart >= GLUCOSE_MIN_CONFLICTS
                    && self.fast > GLUCOSE_MARGIN * self.slow
            }
        }
    }

    pub fn restarted(&mut self) {
        self.since_restart = 0;
        self.restarts += 1;
    }
}
