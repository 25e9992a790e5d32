//! Hash maps with a fast, non-random hasher for the oracles' small integer keys (the standard
//! SipHash took a quarter of the flood fills' time): `rustc-hash`'s FxHash. Iteration order is
//! still unspecified.

/// A `HashMap` with FxHash (make one with `HashMap::default()`).
pub type HashMap<K, V> = rustc_hash::FxHashMap<K, V>;

/// A `HashSet` with FxHash (make one with `HashSet::default()`).
pub type HashSet<T> = rustc_hash::FxHashSet<T>;
