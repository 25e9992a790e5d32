//! Paired differences with percentile bootstrap intervals.
//!
//! Experiments play every variant on the same game seeds (common random numbers), so a variant
//! is compared with the baseline game by game: `d_g = x_variant(g) − x_baseline(g)`. The
//! interval of the mean difference resamples whole games with replacement, keeping each pair
//! together, which removes the game-to-game variation both variants share.

use super::ratings::quantile;
use crate::core::rng::{below, derive_seed, rng_from_seed};

/// A fixed set of bootstrap resamples of `n` paired observations: resample `b` draws `n`
/// positions with replacement from a stream seeded with `derive_seed(seed, b)`, so intervals
/// are reproducible and every series of one comparison uses the same resamples.
#[derive(Clone, Debug)]
pub struct Resamples {
    n: usize,
    count: usize,
    positions: Vec<u32>,
}

/// A mean difference and its percentile bootstrap 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairedDiff {
    /// Mean of the paired differences.
    pub mean: f64,
    /// 2.5% quantile of the resampled means (NaN without resamples or data).
    pub lo: f64,
    /// 97.5% quantile of the resampled means (NaN without resamples or data).
    pub hi: f64,
}

impl Resamples {
    /// `count` resamples of `n` observations.
    pub fn new(n: usize, count: usize, seed: u64) -> Resamples {
        let mut positions = Vec::with_capacity(if n == 0 { 0 } else { n * count });
        if n > 0 {
            for b in 0..count as u64 {
                let mut rng = rng_from_seed(derive_seed(seed, b));
                positions.extend((0..n).map(|_| below(&mut rng, n) as u32));
            }
        }
        Resamples {
            n,
            count,
            positions,
        }
    }

    /// Number of observations per resample.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether there are no observations.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Mean of `a − b` (paired by position; both of length [`Resamples::len`]) and its
    /// percentile bootstrap 95% interval.
    ///
    /// # Panics
    /// If `a` or `b` does not have [`Resamples::len`] values.
    pub fn paired_diff(&self, a: &[f64], b: &[f64]) -> PairedDiff {
        assert!(
            a.len() == self.n && b.len() == self.n,
            "paired series of {} and {} values for resamples of {}",
            a.len(),
            b.len(),
            self.n
        );
        let d: Vec<f64> = a.iter().zip(b).map(|(x, y)| x - y).collect();
        if self.n == 0 {
            return PairedDiff {
                mean: f64::NAN,
                lo: f64::NAN,
                hi: f64::NAN,
            };
        }
        let mean = d.iter().sum::<f64>() / self.n as f64;
        if self.count == 0 {
            return PairedDiff {
                mean,
                lo: f64::NAN,
                hi: f64::NAN,
            };
        }
        let mut means: Vec<f64> = self
            .positions
            .chunks_exact(self.n)
            .map(|p| p.iter().map(|&i| d[i as usize]).sum::<f64>() / self.n as f64)
            .collect();
        means.sort_by(f64::total_cmp);
        PairedDiff {
            mean,
            lo: quantile(&means, 0.025),
            hi: quantile(&means, 0.975),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_constant_shift_has_a_zero_width_interval() {
        let b: Vec<f64> = (0..50).map(|i| (i * 7 % 13) as f64).collect();
        let a: Vec<f64> = b.iter().map(|x| x + 2.0).collect();
        let d = Resamples::new(50, 200, 1).paired_diff(&a, &b);
        assert_eq!((d.mean, d.lo, d.hi), (2.0, 2.0, 2.0));
    }

    #[test]
    fn pairing_removes_shared_variation() {
        // Games vary a lot (shared), the variant adds 1 ± small noise: the paired interval is
        // narrow and excludes 0, although each series alone is wide.
        let b: Vec<f64> = (0..200).map(|i| ((i * 37) % 101) as f64).collect();
        let a: Vec<f64> = b
            .iter()
            .enumerate()
            .map(|(i, x)| x + 1.0 + if i % 2 == 0 { 0.5 } else { -0.5 })
            .collect();
        let r = Resamples::new(200, 500, 7);
        let d = r.paired_diff(&a, &b);
        assert!((d.mean - 1.0).abs() < 1e-12);
        assert!(d.lo > 0.8 && d.hi < 1.2, "{d:?}");
        assert_eq!(r.paired_diff(&a, &b), d, "reproducible");
    }

    #[test]
    fn no_data_or_no_resamples_give_unknown_intervals() {
        assert!(Resamples::new(0, 10, 1).paired_diff(&[], &[]).mean.is_nan());
        let d = Resamples::new(2, 0, 1).paired_diff(&[1.0, 2.0], &[0.0, 0.0]);
        assert_eq!(d.mean, 1.5);
        assert!(d.lo.is_nan());
    }
}
