//! The statistics of a race: ranks within each instance, Friedman's test of "no candidate is
//! better than another" over the instances so far, and Conover's post-hoc comparison of each
//! candidate with the best (W. J. Conover, *Practical Nonparametric Statistics*, 3rd ed., 1999,
//! §5.8; the pair F-race uses, Birattari et al. 2002).

use statrs::distribution::{ChiSquared, ContinuousCDF, StudentsT};

/// Ranks `1..=k` of one instance's performances (lower is better), ties given their average.
pub fn ranks<T: PartialOrd>(values: &[T]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| {
        values[a]
            .partial_cmp(&values[b])
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let mut ranks = vec![0.0; values.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && values[order[j + 1]] == values[order[i]] {
            j += 1;
        }
        let rank = (i + j + 2) as f64 / 2.0;
        for &o in &order[i..=j] {
            ranks[o] = rank;
        }
        i = j + 1;
    }
    ranks
}

/// Friedman's test on `blocks` (one row of ranks per instance, every row over the same `k`
/// candidates), with the post-hoc comparison it allows.
#[derive(Clone, Debug, PartialEq)]
pub struct Friedman {
    /// The candidates' rank sums over the blocks.
    pub rank_sums: Vec<f64>,
    /// The statistic (tie-corrected), χ² with `k − 1` degrees of freedom under the hypothesis.
    pub statistic: f64,
    pub p_value: f64,
    /// Σ of every squared rank (Conover's A), kept for the post-hoc test.
    squares: f64,
    blocks: usize,
}

impl Friedman {
    /// The test of `blocks`, each a row of ranks (see [`ranks`]); `None` with fewer than two
    /// blocks or two candidates, or when every block is one tie (nothing to compare).
    pub fn of(blocks: &[Vec<f64>]) -> Option<Friedman> {
        let n = blocks.len();
        let k = blocks.first().map_or(0, Vec::len);
        if n < 2 || k < 2 || blocks.iter().any(|b| b.len() != k) {
            return None;
        }
        let (nf, kf) = (n as f64, k as f64);
        let mut rank_sums = vec![0.0; k];
        let mut squares = 0.0;
        for block in blocks {
            for (sum, r) in rank_sums.iter_mut().zip(block) {
                *sum += r;
                squares += r * r;
            }
        }
        // Conover's form: A − C is n(k³ − k)/12 less the ties' share, so the statistic carries
        // its tie correction.
        let c = nf * kf * (kf + 1.0).powi(2) / 4.0;
        let spread = squares - c;
        if spread <= 1e-9 {
            return None;
        }
        let centre = nf * (kf + 1.0) / 2.0;
        let deviations: f64 = rank_sums.iter().map(|r| (r - centre).powi(2)).sum();
        let statistic = (kf - 1.0) * deviations / spread;
        let chi = ChiSquared::new(kf - 1.0).expect("k ≥ 2 gives a positive df");
        Some(Friedman {
            rank_sums,
            statistic,
            p_value: (1.0 - chi.cdf(statistic)).clamp(0.0, 1.0),
            squares,
            blocks: n,
        })
    }

    /// The least difference of rank sums that Conover's test calls significant at `alpha`
    /// (two-sided): t(1 − α/2; (n − 1)(k − 1)) · √(2(n·A − Σ R_j²) / ((n − 1)(k − 1))).
    pub fn critical_difference(&self, alpha: f64) -> f64 {
        let (t, scale) = self.post_hoc();
        t.inverse_cdf(1.0 - alpha / 2.0) * scale
    }

    /// The two-sided p-value of Conover's test between candidates `a` and `b`.
    pub fn p_between(&self, a: usize, b: usize) -> f64 {
        let (t, scale) = self.post_hoc();
        if scale <= 0.0 {
            return 1.0;
        }
        let difference = (self.rank_sums[a] - self.rank_sums[b]).abs() / scale;
        (2.0 * (1.0 - t.cdf(difference))).clamp(0.0, 1.0)
    }

    /// The post-hoc test's t distribution and the standard error of a rank sums' difference.
    fn post_hoc(&self) -> (StudentsT, f64) {
        let (n, k) = (self.blocks as f64, self.rank_sums.len() as f64);
        let df = (n - 1.0) * (k - 1.0);
        let sum_squares: f64 = self.rank_sums.iter().map(|r| r * r).sum();
        let variance = 2.0 * (n * self.squares - sum_squares) / df;
        let t = StudentsT::new(0.0, 1.0, df).expect("n, k ≥ 2 give df ≥ 1");
        (t, variance.max(0.0).sqrt())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_share_their_average_rank() {
        assert_eq!(ranks(&[3, 1, 3, 2]), vec![3.5, 1.0, 3.5, 2.0]);
        assert_eq!(ranks(&[5, 5, 5]), vec![2.0, 2.0, 2.0]);
    }

    /// Values checked with `scipy.stats.friedmanchisquare` (SciPy 1.14), which corrects for
    /// ties as Conover's form does: the same numbers computed another way.
    #[test]
    fn the_statistic_is_scipys() {
        let blocks: Vec<Vec<f64>> = DATA.iter().map(|row| ranks(row)).collect();
        let test = Friedman::of(&blocks).unwrap();
        assert!(
            (test.statistic - SCIPY_STATISTIC).abs() < 1e-9,
            "{}",
            test.statistic
        );
        assert!((test.p_value - SCIPY_P).abs() < 1e-9, "{}", test.p_value);
    }

    /// Six instances, four candidates, ties in two instances.
    const DATA: [[f64; 4]; 6] = [
        [1.0, 2.0, 3.0, 4.0],
        [2.0, 1.0, 4.0, 3.0],
        [1.0, 1.0, 3.0, 4.0],
        [1.0, 3.0, 2.0, 4.0],
        [2.0, 2.0, 2.0, 1.0],
        [1.0, 2.0, 4.0, 3.0],
    ];
    const SCIPY_STATISTIC: f64 = 7.472727272727282;
    const SCIPY_P: f64 = 0.05826336135660102;

    /// The pairwise p-values of the same data by `scikit_posthocs.posthoc_conover_friedman`
    /// (0.17.1, no adjustment): first against second, third and fourth; second against third.
    #[test]
    fn the_post_hoc_test_is_scikit_posthocs() {
        let blocks: Vec<Vec<f64>> = DATA.iter().map(|row| ranks(row)).collect();
        let test = Friedman::of(&blocks).unwrap();
        for (a, b, p) in [
            (0, 1, 0.41608300615617816),
            (0, 2, 0.018248055057718447),
            (0, 3, 0.018248055057718447),
            (1, 2, 0.09003602281516382),
        ] {
            assert!(
                (test.p_between(a, b) - p).abs() < 1e-9,
                "{a} {b}: {}",
                test.p_between(a, b)
            );
        }
        // The critical difference is where the p-value crosses α.
        let cd = test.critical_difference(0.05);
        assert!((test.rank_sums[2] - test.rank_sums[0] > cd) == (0.018 < 0.05));
        assert!((test.rank_sums[1] - test.rank_sums[0] > cd) == (0.416 < 0.05));
    }

    #[test]
    fn a_candidate_best_everywhere_is_told_apart_from_the_others() {
        // The first candidate ranks first on every one of 8 instances; the others shuffle.
        let blocks: Vec<Vec<f64>> = (0..8)
            .map(|i| match i % 3 {
                0 => vec![1.0, 2.0, 3.0, 4.0],
                1 => vec![1.0, 3.0, 4.0, 2.0],
                _ => vec![1.0, 4.0, 2.0, 3.0],
            })
            .collect();
        let test = Friedman::of(&blocks).unwrap();
        assert!(test.p_value < 0.01, "{}", test.p_value);
        let cd = test.critical_difference(0.05);
        for j in 1..4 {
            assert!(test.rank_sums[j] - test.rank_sums[0] > cd);
        }
        // Among the three others nothing is significant.
        let spread = test.rank_sums[1..]
            .iter()
            .fold(0.0f64, |m, r| m.max((r - test.rank_sums[1]).abs()));
        assert!(spread < cd);
    }

    #[test]
    fn nothing_to_test_without_two_instances_or_with_ties_only() {
        assert!(Friedman::of(&[vec![1.0, 2.0]]).is_none());
        assert!(Friedman::of(&[vec![1.5, 1.5], vec![1.5, 1.5]]).is_none());
    }
}
