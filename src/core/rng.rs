//! Seeded random streams. Every game, agent and shuffle draws from its own stream derived from
//! a master seed and an index, so results never depend on thread scheduling.

use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The random generator used everywhere in meeplelab.
pub type GameRng = Xoshiro256PlusPlus;

/// SplitMix64 finaliser: a strong 64-bit mixing function.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Derives the seed of sub-stream `index` of `master` (e.g. game `index` of a tournament).
pub fn derive_seed(master: u64, index: u64) -> u64 {
    mix(mix(master ^ 0x9e37_79b9_7f4a_7c15).wrapping_add(mix(index.wrapping_add(1))))
}

/// A generator seeded from `seed`.
pub fn rng_from_seed(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// A uniform integer in `0..n` (`n > 0`), without modulo bias (Lemire's method).
#[inline]
pub fn below(rng: &mut GameRng, n: usize) -> usize {
    debug_assert!(n > 0);
    let n = n as u64;
    loop {
        let m = (rng.next_u64() as u128) * (n as u128);
        let low = m as u64;
        if low >= n || low >= n.wrapping_neg() % n {
            return (m >> 64) as usize;
        }
    }
}

/// Shuffles `items` uniformly (Fisher–Yates).
pub fn shuffle<T>(rng: &mut GameRng, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i + 1);
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derived_seeds_differ_and_repeat() {
        assert_eq!(derive_seed(1, 2), derive_seed(1, 2));
        assert_ne!(derive_seed(1, 2), derive_seed(1, 3));
        assert_ne!(derive_seed(1, 2), derive_seed(2, 2));
    }

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut rng = rng_from_seed(7);
        let mut seen = [false; 5];
        for _ in 0..1000 {
            let v = below(&mut rng, 5);
            seen[v] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
