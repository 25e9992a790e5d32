//! Small unsigned integers used as table indices: board grid entries and union-find node ids.
//!
//! Engines pick the narrowest type their capacity allows (`u8` keeps Safari's tables compact;
//! Carcassonne with expansions needs `u16`), and the generic core code runs unchanged on both.

use std::fmt::Debug;
use std::hash::Hash;

/// An unsigned index type narrower than `usize`.
pub trait SmallIndex: Copy + Eq + Ord + Default + Debug + Hash + 'static {
    /// Number of distinct values (`Self::MAX + 1`).
    const LIMIT: usize;
    /// The largest value (used as a sentinel by the tables).
    const MAX: Self;
    /// The value `v`, which the caller guarantees is below [`SmallIndex::LIMIT`].
    fn from_usize(v: usize) -> Self;
    /// The value as a `usize`.
    fn index(self) -> usize;
}

macro_rules! small_index {
    ($($t:ty),*) => {$(
        impl SmallIndex for $t {
            const LIMIT: usize = <$t>::MAX as usize + 1;
            const MAX: Self = <$t>::MAX;
            #[inline(always)]
            fn from_usize(v: usize) -> Self {
                debug_assert!(v < Self::LIMIT);
                v as $t
            }
            #[inline(always)]
            fn index(self) -> usize {
                self as usize
            }
        }
    )*};
}

small_index!(u8, u16);
