//! Which candidate an action is: a small open-addressing table from actions to their index in
//! the candidate list of the decision at hand, rebuilt at every tree node a search walks
//! through, so matching a node's children to the candidates costs one probe per child instead
//! of a scan of the list.

use std::hash::{Hash, Hasher};

/// A table from actions to candidate indices. Rebuilding bumps a stamp instead of clearing.
pub(super) struct ActionIndex<A> {
    /// `(stamp, action, index)`; a slot is in use when its stamp is the current one.
    slots: Vec<(u32, A, u32)>,
    stamp: u32,
    /// `slots.len() - 1` (the length is a power of two).
    mask: usize,
}

impl<A: Copy + Eq + Hash> ActionIndex<A> {
    /// An empty table.
    pub(super) fn new() -> Self {
        ActionIndex {
            slots: Vec::new(),
            stamp: 0,
            mask: 0,
        }
    }

    /// Makes the table map each of `actions` to its position (the actions are distinct).
    pub(super) fn rebuild(&mut self, actions: &[A]) {
        let Some(&filler) = actions.first() else {
            self.slots.clear();
            self.mask = 0;
            return;
        };
        let wanted = (2 * actions.len()).next_power_of_two().max(8);
        self.stamp = self.stamp.wrapping_add(1);
        if self.slots.len() < wanted || self.stamp == 0 {
            self.slots.clear();
            self.slots
                .resize(wanted.max(self.slots.len()), (0, filler, 0));
            self.mask = self.slots.len() - 1;
            self.stamp = 1;
        }
        for (i, &a) in actions.iter().enumerate() {
            let mut slot = hash(&a) as usize & self.mask;
            while self.slots[slot].0 == self.stamp {
                slot = (slot + 1) & self.mask;
            }
            self.slots[slot] = (self.stamp, a, i as u32);
        }
    }

    /// The position of `action` in the list of the last rebuild, if it is there.
    pub(super) fn get(&self, action: &A) -> Option<usize> {
        if self.slots.is_empty() {
            return None;
        }
        let mut slot = hash(action) as usize & self.mask;
        loop {
            let (stamp, a, i) = &self.slots[slot];
            if *stamp != self.stamp {
                return None;
            }
            if a == action {
                return Some(*i as usize);
            }
            slot = (slot + 1) & self.mask;
        }
    }
}

/// A fast non-cryptographic hash of `value` (multiply–rotate over its fields, as in the
/// Firefox/rustc "Fx" hash; its top bits are mixed down for the table index).
fn hash<T: Hash>(value: &T) -> u64 {
    let mut h = FxHasher(0);
    value.hash(&mut h);
    h.0 ^ (h.0 >> 29)
}

/// The Fx hash state.
struct FxHasher(u64);

impl FxHasher {
    const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(Self::SEED);
    }
}

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }

    fn write_u16(&mut self, i: u16) {
        self.add(i as u64);
    }

    fn write_u32(&mut self, i: u32) {
        self.add(i as u64);
    }

    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    fn write_isize(&mut self, i: isize) {
        self.add(i as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_every_listed_action_and_nothing_else() {
        let mut index = ActionIndex::new();
        let first: Vec<(u8, i8)> = (0..40).map(|i| (i, -(i as i8))).collect();
        index.rebuild(&first);
        for (i, a) in first.iter().enumerate() {
            assert_eq!(index.get(a), Some(i));
        }
        assert_eq!(index.get(&(1, 1)), None);
        // A smaller rebuild forgets the earlier actions without clearing the table.
        let second = [(7, -7), (200, 3)];
        index.rebuild(&second);
        assert_eq!(index.get(&(7, -7)), Some(0));
        assert_eq!(index.get(&(200, 3)), Some(1));
        assert_eq!(index.get(&(8, -8)), None);
        index.rebuild(&[]);
        assert_eq!(index.get(&(7, -7)), None);
    }
}
