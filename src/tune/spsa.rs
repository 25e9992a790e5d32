//! Simultaneous perturbation stochastic approximation (SPSA, Spall 1992) over unit
//! coordinates, with win shares against an opponent as the measurement.
//!
//! Step k draws a random sign vector Δ (±1 per dimension), plays θ + c_k·Δ and θ − c_k·Δ
//! against the opponent on the same deals, and moves θ along Δ by the difference r of their
//! win shares per game (in [−1, 1]): θ ← θ + a_k · r / (2 c_k) · Δ. Gains follow Spall's
//! recommended decay, c_k = c / (k + 1)^γ and a_k = a / (k + 1 + A)^α. Every point is kept
//! inside the unit cube.

use crate::core::rng::{below, derive_seed, rng_from_seed};

/// Decay exponent of the step size (Spall's recommended 0.602).
pub const ALPHA: f64 = 0.602;

/// Decay exponent of the perturbation size (Spall's recommended 0.101).
pub const GAMMA: f64 = 0.101;

/// Stability constant A of the step size: the first steps are smaller than a.
pub const STABILITY: f64 = 5.0;

/// The two gain constants of a run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gains {
    /// a: the step size before decay, in unit coordinates per unit of match result / (2 c).
    pub step: f64,
    /// c: the perturbation size before decay, in unit coordinates.
    pub perturbation: f64,
}

impl Gains {
    /// c_k, the perturbation of step `k` (0-based).
    pub fn perturbation_at(&self, k: u64) -> f64 {
        self.perturbation / ((k + 1) as f64).powf(GAMMA)
    }

    /// a_k, the step size of step `k` (0-based).
    pub fn step_at(&self, k: u64) -> f64 {
        self.step / ((k + 1) as f64 + STABILITY).powf(ALPHA)
    }
}

/// The sign vector Δ of step `k` of the run seeded with `seed`, one ±1 per dimension.
pub fn signs(seed: u64, k: u64, dims: usize) -> Vec<f64> {
    let mut rng = rng_from_seed(derive_seed(seed, k));
    (0..dims)
        .map(|_| if below(&mut rng, 2) == 0 { -1.0 } else { 1.0 })
        .collect()
}

/// The point `theta + sign · c · Δ`, kept inside the unit cube.
pub fn perturbed(theta: &[f64], delta: &[f64], c: f64, sign: f64) -> Vec<f64> {
    theta
        .iter()
        .zip(delta)
        .map(|(t, d)| (t + sign * c * d).clamp(0.0, 1.0))
        .collect()
}

/// The point after a step: `theta + a · r / (2c) · Δ`, kept inside the unit cube.
pub fn stepped(theta: &[f64], delta: &[f64], c: f64, a: f64, result: f64) -> Vec<f64> {
    theta
        .iter()
        .zip(delta)
        .map(|(t, d)| (t + a * result / (2.0 * c) * d).clamp(0.0, 1.0))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gains_decay_from_their_constants() {
        let g = Gains {
            step: 0.2,
            perturbation: 0.1,
        };
        assert_eq!(g.perturbation_at(0), 0.1);
        assert!(g.perturbation_at(9) < 0.1 && g.perturbation_at(9) > 0.079);
        assert!((g.step_at(0) - 0.2 / 6f64.powf(ALPHA)).abs() < 1e-15);
        assert!(g.step_at(10) < g.step_at(0));
    }

    #[test]
    fn signs_are_seeded_and_balanced() {
        let s = signs(7, 3, 1000);
        assert_eq!(s, signs(7, 3, 1000));
        assert_ne!(s, signs(7, 4, 1000));
        assert!(s.iter().all(|&x| x == 1.0 || x == -1.0));
        let plus = s.iter().filter(|&&x| x > 0.0).count();
        assert!((400..600).contains(&plus), "{plus}");
    }

    #[test]
    fn a_won_match_moves_towards_the_winner_inside_the_cube() {
        let theta = [0.5, 0.95];
        let delta = [1.0, 1.0];
        let plus = perturbed(&theta, &delta, 0.1, 1.0);
        assert!((plus[0] - 0.6).abs() < 1e-12);
        assert_eq!(plus[1], 1.0, "kept inside the cube");
        assert!((perturbed(&theta, &delta, 0.1, -1.0)[0] - 0.4).abs() < 1e-12);
        // The + point won every game: r = 1, step a·r/(2c) = 0.05 towards it.
        let next = stepped(&theta, &delta, 0.1, 0.01, 1.0);
        assert!((next[0] - 0.55).abs() < 1e-12);
        assert_eq!(next[1], 1.0);
        // A lost match moves the other way; a drawn one not at all.
        assert!(stepped(&theta, &delta, 0.1, 0.01, -0.5)[0] < 0.5);
        assert_eq!(stepped(&theta, &delta, 0.1, 0.01, 0.0), theta.to_vec());
    }
}
