//! Confidence intervals for rates and means.

/// z for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Wilson score interval for a proportion of `successes` out of `n` trials (successes may be
/// fractional, e.g. shared wins); `(0, 1)` when `n` is 0.
pub fn wilson_interval(successes: f64, n: f64, z: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let p = (successes / n).clamp(0.0, 1.0);
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Mean of `values` and the half-width of its normal-approximation 95% interval
/// (`1.96 · s / √n`, NaN with fewer than two values).
pub fn mean_with_ci(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    if values.is_empty() {
        return (f64::NAN, f64::NAN);
    }
    let mean = values.iter().sum::<f64>() / n;
    if values.len() < 2 {
        return (mean, f64::NAN);
    }
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, Z95 * (var / n).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_reference_values() {
        // 8 successes out of 10: Wilson 95% interval (0.4902, 0.9433).
        let (lo, hi) = wilson_interval(8.0, 10.0, Z95);
        assert!(
            (lo - 0.4902).abs() < 1e-4 && (hi - 0.9433).abs() < 1e-4,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson_interval(0.0, 5.0, Z95);
        assert_eq!(lo, 0.0);
        assert!(hi > 0.4 && hi < 0.5);
        assert_eq!(wilson_interval(0.0, 0.0, Z95), (0.0, 1.0));
    }

    #[test]
    fn mean_ci_shrinks_with_n() {
        let (m, h) = mean_with_ci(&[1.0, 3.0]);
        assert_eq!(m, 2.0);
        assert!((h - Z95 * 1.0).abs() < 1e-12);
        assert!(mean_with_ci(&[5.0]).1.is_nan());
    }
}
