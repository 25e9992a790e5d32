//! A set of small indices kept as bits: the features already counted in a walk over the pieces
//! on the board, where a list searched for every piece would cost the square of their number.

/// The number of 64-bit words an [`IndexSet`] of indices below `n` needs.
pub const fn words_for(n: usize) -> usize {
    n.div_ceil(64)
}

/// A set of indices below `64 * W`, one bit each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IndexSet<const W: usize>([u64; W]);

impl<const W: usize> Default for IndexSet<W> {
    fn default() -> Self {
        IndexSet([0; W])
    }
}

impl<const W: usize> IndexSet<W> {
    /// Adds `index` unless the set holds it already, and says whether it did; panics when
    /// `index` is not below `64 * W`.
    #[inline]
    pub fn insert_new(&mut self, index: usize) -> bool {
        let (word, bit) = (&mut self.0[index / 64], 1u64 << (index % 64));
        let new = *word & bit == 0;
        *word |= bit;
        new
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_new_says_whether_the_index_was_absent() {
        let mut set = IndexSet::<{ words_for(130) }>::default();
        assert_eq!(words_for(130), 3);
        for i in [0, 63, 64, 129] {
            assert!(set.insert_new(i), "{i} is new");
            assert!(!set.insert_new(i), "{i} is held");
        }
        assert!(set.insert_new(1));
    }
}
