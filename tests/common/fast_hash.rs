//! Hash maps with a fast, non-random hasher for the oracles' small integer keys (the standard
//! SipHash took a quarter of the flood fills' time). Iteration order is still unspecified.

use std::hash::{BuildHasherDefault, Hasher};

/// A multiply-rotate hasher (FxHash's scheme).
#[derive(Clone, Copy, Default)]
pub struct FastHasher(u64);

const K: u64 = 0x517c_c1b7_2722_0a95;

impl Hasher for FastHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(n as u64);
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(n as u64);
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(n as u64);
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(K);
    }

    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A `HashMap` with [`FastHasher`] (make one with `HashMap::default()`).
pub type HashMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<FastHasher>>;

/// A `HashSet` with [`FastHasher`] (make one with `HashSet::default()`).
pub type HashSet<T> = std::collections::HashSet<T, BuildHasherDefault<FastHasher>>;
