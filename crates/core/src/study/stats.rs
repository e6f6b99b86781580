//! The statistics a study reports, each tested against published values: the Wilson score
//! interval of a success rate (Newcombe 1998), quantiles (R's default, type 7), a percentile
//! bootstrap interval of the median, the exact binomial (McNemar) test on paired successes, the
//! Wilcoxon signed-rank test on paired efforts (exact below 50 pairs without ties, the normal
//! approximation with tie and continuity corrections above), and Holm's step-down correction.
//! The distributions come from `statrs`; these tests are not in it.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use statrs::distribution::{Binomial, ContinuousCDF, DiscreteCDF, Normal};

/// The two-sided 95 % normal quantile.
fn z95() -> f64 {
    Normal::standard().inverse_cdf(0.975)
}

/// The Wilson score interval (95 %) of `successes` out of `trials`; (0, 1) for no trial.
pub fn wilson(successes: usize, trials: usize) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    let (n, z) = (trials as f64, z95());
    let p = successes as f64 / n;
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let scale = 1.0 + z * z / n;
    // At 0 or all successes the bound is exactly 0 or 1 (rounding would leave 0.999…).
    let low = if successes == 0 {
        0.0
    } else {
        ((centre - spread) / scale).max(0.0)
    };
    let high = if successes == trials {
        1.0
    } else {
        ((centre + spread) / scale).min(1.0)
    };
    (low, high)
}

/// The `q`-quantile of sorted values, interpolated as R's default (type 7); NaN when empty.
pub fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let h = (sorted.len() - 1) as f64 * q.clamp(0.0, 1.0);
    let (low, high) = (h.floor() as usize, h.ceil() as usize);
    sorted[low] + (h - low as f64) * (sorted[high] - sorted[low])
}

/// Values sorted, NaN last.
pub fn sorted(values: &[f64]) -> Vec<f64> {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted
}

/// The median and its 95 % percentile-bootstrap interval (`resamples` resamples, seeded, so a
/// study's summary is the same wherever it is computed); NaNs when empty.
pub fn median_interval(values: &[f64], resamples: usize, seed: u64) -> (f64, f64, f64) {
    if values.is_empty() {
        return (f64::NAN, f64::NAN, f64::NAN);
    }
    let median = quantile(&sorted(values), 0.5);
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut sample = vec![0.0; values.len()];
    let mut medians = Vec::with_capacity(resamples);
    for _ in 0..resamples {
        for slot in sample.iter_mut() {
            *slot = values[rng.random_range(0..values.len())];
        }
        sample.sort_by(f64::total_cmp);
        medians.push(quantile(&sample, 0.5));
    }
    medians.sort_by(f64::total_cmp);
    (median, quantile(&medians, 0.025), quantile(&medians, 0.975))
}

/// The two-sided exact binomial test of `k` successes in `n` trials against p = ½: McNemar's
/// exact test when `k` and `n − k` are the two kinds of discordant pairs. 1 when `n` is 0.
pub fn binomial_two_sided(k: usize, n: usize) -> f64 {
    if n == 0 {
        return 1.0;
    }
    let binomial = Binomial::new(0.5, n as u64).expect("p = ½ is a probability");
    let tail = binomial.cdf(k.min(n - k) as u64);
    (2.0 * tail).min(1.0)
}

/// The Wilcoxon signed-rank test of paired differences `a − b` (zeros dropped), two-sided:
/// the statistic V (the sum of the positive differences' ranks) and its p-value.
pub fn wilcoxon_signed_rank(differences: &[f64]) -> (f64, f64) {
    let mut nonzero: Vec<f64> = differences
        .iter()
        .copied()
        .filter(|d| *d != 0.0 && !d.is_nan())
        .collect();
    let n = nonzero.len();
    if n == 0 {
        return (0.0, 1.0);
    }
    nonzero.sort_by(|a, b| a.abs().total_cmp(&b.abs()));
    // Average ranks over ties of |d|; the tie sizes correct the variance.
    let mut ranks = vec![0.0; n];
    let mut tie_correction = 0.0;
    let mut i = 0;
    while i < n {
        let mut j = i;
        while j + 1 < n && nonzero[j + 1].abs() == nonzero[i].abs() {
            j += 1;
        }
        let rank = (i + j + 2) as f64 / 2.0;
        for r in &mut ranks[i..=j] {
            *r = rank;
        }
        let t = (j - i + 1) as f64;
        tie_correction += t * t * t - t;
        i = j + 1;
    }
    let v: f64 = nonzero
        .iter()
        .zip(&ranks)
        .filter(|(d, _)| **d > 0.0)
        .map(|(_, r)| r)
        .sum();
    let total = (n * (n + 1)) as f64 / 2.0;
    if n < 50 && tie_correction == 0.0 {
        return (v, exact_signed_rank_p(v as usize, n));
    }
    let mean = total / 2.0;
    let variance = (n * (n + 1) * (2 * n + 1)) as f64 / 24.0 - tie_correction / 48.0;
    if variance <= 0.0 {
        return (v, 1.0);
    }
    let z = ((v - mean).abs() - 0.5).max(0.0) / variance.sqrt();
    (v, (2.0 * (1.0 - Normal::standard().cdf(z))).min(1.0))
}

/// The exact two-sided p-value of V = `v` with `n` untied nonzero differences: the number of
/// subsets of {1…n} by rank sum, counted by dynamic programming.
fn exact_signed_rank_p(v: usize, n: usize) -> f64 {
    let total = n * (n + 1) / 2;
    let mut ways = vec![0.0f64; total + 1];
    ways[0] = 1.0;
    for rank in 1..=n {
        for sum in (rank..=total).rev() {
            ways[sum] += ways[sum - rank];
        }
    }
    let all = 2f64.powi(n as i32);
    let lower = v.min(total - v);
    let tail: f64 = ways[..=lower].iter().sum::<f64>() / all;
    (2.0 * tail).min(1.0)
}

/// Holm's step-down adjustment of a family of p-values, in their order.
pub fn holm(p_values: &[f64]) -> Vec<f64> {
    let m = p_values.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p_values[a].total_cmp(&p_values[b]));
    let mut adjusted = vec![0.0; m];
    let mut running: f64 = 0.0;
    for (rank, &i) in order.iter().enumerate() {
        running = running.max(((m - rank) as f64 * p_values[i]).min(1.0));
        adjusted[i] = running;
    }
    adjusted
}

/// A p-value as a sentence gives it: "p < 0.001", "p = 0.012".
pub fn p_text(p: f64) -> String {
    if p < 0.001 {
        "p < 0.001".into()
    } else {
        format!("p = {p:.3}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    /// Newcombe (1998), Statistics in Medicine 17:857–872, Table I, method 3 (Wilson score).
    #[test]
    fn wilson_matches_newcombe() {
        for (k, n, low, high) in [
            (81, 263, 0.2553, 0.3662),
            (15, 148, 0.0624, 0.1605),
            (0, 20, 0.0, 0.1611),
            (1, 29, 0.0061, 0.1718),
        ] {
            let (l, h) = wilson(k, n);
            assert!(
                close(l, low, 5e-5) && close(h, high, 5e-5),
                "{k}/{n}: {l} {h}"
            );
        }
        assert_eq!(wilson(0, 0), (0.0, 1.0));
        assert_eq!(wilson(5, 5).1, 1.0);
    }

    /// R: quantile(1:10) gives 3.25, 5.5, 7.75 at ¼, ½, ¾.
    #[test]
    fn quantiles_match_r() {
        let values: Vec<f64> = (1..=10).map(f64::from).collect();
        assert_eq!(quantile(&values, 0.25), 3.25);
        assert_eq!(quantile(&values, 0.5), 5.5);
        assert_eq!(quantile(&values, 0.75), 7.75);
        assert_eq!(quantile(&[4.0], 0.9), 4.0);
        assert!(quantile(&[], 0.5).is_nan());
    }

    /// R: binom.test(2, 10)$p.value = 0.109375; binom.test(0, 10) = 0.001953125;
    /// binom.test(5, 10) = 1.
    #[test]
    fn the_exact_binomial_test_matches_r() {
        assert!(close(binomial_two_sided(2, 10), 0.109375, 1e-9));
        assert!(close(binomial_two_sided(8, 10), 0.109375, 1e-9));
        assert!(close(binomial_two_sided(0, 10), 0.001953125, 1e-12));
        assert_eq!(binomial_two_sided(5, 10), 1.0);
        assert_eq!(binomial_two_sided(0, 0), 1.0);
    }

    /// Hollander & Wolfe's depression data (R's `wilcox.test` example): V = 40, two-sided exact
    /// p = 0.039 (one-sided 0.01953).
    #[test]
    #[allow(clippy::approx_constant)] // 3.14 is a measurement of the data set, not π.
    fn wilcoxon_matches_r_exact() {
        let x = [1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30];
        let y = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29];
        let d: Vec<f64> = x.iter().zip(&y).map(|(a, b)| a - b).collect();
        let (v, p) = wilcoxon_signed_rank(&d);
        assert_eq!(v, 40.0);
        assert!(close(p, 0.0390625, 1e-9), "{p}");
    }

    /// With ties, R's normal approximation (`wilcox.test(d, exact = FALSE)`: z = (V − n(n+1)/4 −
    /// ½) / √(n(n+1)(2n+1)/24 − Σ(t³ − t)/48)) on d = 1, 2, 2, 3, 3, 3, 4, −1, 5, 6: V = 53.5
    /// (ranks averaged over ties), z = 25.5 / √95.5 = 2.6094, p = 0.009070.
    #[test]
    fn wilcoxon_matches_r_with_ties() {
        let d = [1.0, 2.0, 2.0, 3.0, 3.0, 3.0, 4.0, -1.0, 5.0, 6.0];
        let (v, p) = wilcoxon_signed_rank(&d);
        assert_eq!(v, 53.5);
        assert!(close(p, 0.009070, 5e-6), "{p}");
        assert_eq!(wilcoxon_signed_rank(&[0.0, 0.0]), (0.0, 1.0));
    }

    /// R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm") = 0.03, 0.06, 0.06, 0.02.
    #[test]
    fn holm_matches_r() {
        let adjusted = holm(&[0.01, 0.04, 0.03, 0.005]);
        for (a, b) in adjusted.iter().zip([0.03, 0.06, 0.06, 0.02]) {
            assert!(close(*a, b, 1e-12), "{adjusted:?}");
        }
    }

    #[test]
    fn the_bootstrap_interval_holds_the_median_and_is_reproducible() {
        let values: Vec<f64> = (0..200).map(|i| ((i * 37) % 101) as f64).collect();
        let (median, low, high) = median_interval(&values, 500, 7);
        assert_eq!(median, quantile(&sorted(&values), 0.5));
        assert!(
            low <= median && median <= high && low < high,
            "{low} {median} {high}"
        );
        assert_eq!(median_interval(&values, 500, 7), (median, low, high));
        assert!(median_interval(&[], 10, 1).0.is_nan());
    }
}
