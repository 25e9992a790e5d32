//! A vector with a fixed capacity stored inline: the `cells`/`n_cells` pairs of game states as
//! one type. Entries past the length are never read, so `clone_from` copies only the live
//! prefix (search copies positions constantly, and most tables are far from full).

use std::fmt;
use std::mem::MaybeUninit;
use std::ops::{Deref, DerefMut};

/// Up to `N` (at most 255) values of `T` stored inline, with a length.
pub struct FixedVec<T: Copy, const N: usize> {
    /// The first `len` entries are initialised.
    items: [MaybeUninit<T>; N],
    len: u8,
}

impl<T: Copy, const N: usize> Default for FixedVec<T, N> {
    fn default() -> Self {
        let () = Self::CAPACITY_OK;
        FixedVec {
            items: [MaybeUninit::uninit(); N],
            len: 0,
        }
    }
}

impl<T: Copy, const N: usize> Clone for FixedVec<T, N> {
    fn clone(&self) -> Self {
        FixedVec {
            items: self.items,
            len: self.len,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        let n = source.len as usize;
        self.items[..n].copy_from_slice(&source.items[..n]);
        self.len = source.len;
    }
}

impl<T: Copy, const N: usize> FixedVec<T, N> {
    /// Compile-time check that the length fits its byte.
    const CAPACITY_OK: () = assert!(N <= u8::MAX as usize);

    /// Most values it holds.
    pub const CAPACITY: usize = N;

    /// Appends `value`; panics when full (setups check capacities before play).
    #[inline]
    pub fn push(&mut self, value: T) {
        let n = self.len as usize;
        assert!(n < N, "capacity {N} exceeded");
        self.items[n].write(value);
        self.len += 1;
    }

    /// Removes and returns the last value.
    #[inline]
    pub fn pop(&mut self) -> Option<T> {
        let value = *self.last()?;
        self.len -= 1;
        Some(value)
    }

    /// Removes every value.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Removes the value at `index`, keeping the order of the others.
    #[inline]
    pub fn remove(&mut self, index: usize) -> T {
        let value = self[index];
        self.items.copy_within(index + 1..self.len as usize, index);
        self.len -= 1;
        value
    }

    /// Keeps only the values for which `keep` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        let mut kept = 0;
        for i in 0..self.len as usize {
            let v = self[i];
            if keep(&v) {
                self.items[kept].write(v);
                kept += 1;
            }
        }
        self.len = kept as u8;
    }

    /// Replaces the contents with `values` (at most `N`).
    pub fn set(&mut self, values: &[T]) {
        assert!(values.len() <= N, "capacity {N} exceeded");
        for (slot, &v) in self.items.iter_mut().zip(values) {
            slot.write(v);
        }
        self.len = values.len() as u8;
    }
}

impl<T: Copy, const N: usize> Deref for FixedVec<T, N> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        let live = &self.items[..self.len as usize];
        // SAFETY: the first `len` entries are initialised (every write below `len` goes through
        // `MaybeUninit::write`, and `len` only grows over written entries), and
        // `MaybeUninit<T>` has the layout of `T`.
        unsafe { &*(live as *const [MaybeUninit<T>] as *const [T]) }
    }
}

impl<T: Copy, const N: usize> DerefMut for FixedVec<T, N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        let live = &mut self.items[..self.len as usize];
        // SAFETY: as in `deref`.
        unsafe { &mut *(live as *mut [MaybeUninit<T>] as *mut [T]) }
    }
}

impl<T: Copy + PartialEq, const N: usize> PartialEq for FixedVec<T, N> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: Copy + Eq, const N: usize> Eq for FixedVec<T, N> {}

impl<T: Copy + fmt::Debug, const N: usize> fmt::Debug for FixedVec<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pushes_removes_and_copies_the_live_prefix() {
        let mut v = FixedVec::<u8, 8>::default();
        for i in 0..6 {
            v.push(i);
        }
        assert_eq!(v.remove(1), 1);
        assert_eq!(*v, [0, 2, 3, 4, 5]);
        v.retain(|&x| x % 2 == 0);
        assert_eq!(*v, [0, 2, 4]);
        assert_eq!(v.pop(), Some(4));
        let mut dirty = FixedVec::<u8, 8>::default();
        dirty.set(&[9; 8]);
        dirty.clone_from(&v);
        assert_eq!(dirty, v);
        assert_eq!(dirty.clone(), v);
        v.clear();
        assert!(v.is_empty());
    }
}
