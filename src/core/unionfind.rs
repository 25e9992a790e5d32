//! Incremental union-find over feature segments, with per-root aggregates merged on union.
//!
//! Nodes are small integers (`I`: `u8` by default, `u16` for larger games) handed out in
//! placement order. `find` uses path halving and `union` links by size, so every operation is
//! effectively constant time. Each root carries an aggregate (open edges, species, meeples, …) that games define through [`Aggregate`].

use crate::core::index::SmallIndex;

/// Data summarised over a whole feature, combined when two features join.
pub trait Aggregate: Copy + Default {
    /// Folds `other` (the absorbed root's data) into `self`.
    fn merge(&mut self, other: &Self);
}

/// Union-find with aggregates over at most `N` nodes with ids of type `I` (`N` ≤ `I::LIMIT`).
///
/// Entries past the nodes created are never read, so `clone_from` copies only the nodes in
/// use.
pub struct UnionFind<A: Aggregate, const N: usize, I: SmallIndex = u8> {
    parent: [I; N],
    size: [I; N],
    data: [A; N],
    len: u16,
}

impl<A: Aggregate, const N: usize, I: SmallIndex> Clone for UnionFind<A, N, I> {
    fn clone(&self) -> Self {
        UnionFind {
            parent: self.parent,
            size: self.size,
            data: self.data,
            len: self.len,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        let n = source.len as usize;
        self.parent[..n].copy_from_slice(&source.parent[..n]);
        self.size[..n].copy_from_slice(&source.size[..n]);
        self.data[..n].copy_from_slice(&source.data[..n]);
        self.len = source.len;
    }
}

impl<A: Aggregate, const N: usize, I: SmallIndex> Default for UnionFind<A, N, I> {
    fn default() -> Self {
        let () = Self::CAPACITY_OK;
        UnionFind {
            parent: [I::default(); N],
            size: [I::default(); N],
            data: [A::default(); N],
            len: 0,
        }
    }
}

impl<A: Aggregate, const N: usize, I: SmallIndex> UnionFind<A, N, I> {
    /// Compile-time check that every node id fits in `I`.
    const CAPACITY_OK: () = assert!(N <= I::LIMIT && N < u16::MAX as usize);

    /// Number of nodes created so far.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no node exists yet.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Removes every node (entries past the nodes created are never read).
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Creates a singleton node carrying `data` and returns its id.
    pub fn push(&mut self, data: A) -> I {
        let id = self.len as usize;
        assert!(id < N, "union-find capacity {N} exceeded");
        self.parent[id] = I::from_usize(id);
        self.size[id] = I::from_usize(1);
        self.data[id] = data;
        self.len += 1;
        I::from_usize(id)
    }

    /// The root of `x`'s set (compresses the path by halving).
    #[inline]
    pub fn find(&mut self, mut x: I) -> I {
        while self.parent[x.index()] != x {
            let p = self.parent[x.index()];
            let gp = self.parent[p.index()];
            self.parent[x.index()] = gp;
            x = gp;
        }
        x
    }

    /// The root of `x`'s set without modifying the structure.
    #[inline]
    pub fn root(&self, mut x: I) -> I {
        while self.parent[x.index()] != x {
            x = self.parent[x.index()];
        }
        x
    }

    /// Joins the sets of `a` and `b`; returns the new root.
    pub fn union(&mut self, a: I, b: I) -> I {
        let (mut ra, mut rb) = (self.find(a), self.find(b));
        if ra == rb {
            return ra;
        }
        if self.size[ra.index()] < self.size[rb.index()] {
            std::mem::swap(&mut ra, &mut rb);
        }
        self.parent[rb.index()] = ra;
        // Sizes saturate: beyond `I::MAX` they only steer the linking, which stays correct.
        let size =
            (self.size[ra.index()].index() + self.size[rb.index()].index()).min(I::LIMIT - 1);
        self.size[ra.index()] = I::from_usize(size);
        let absorbed = self.data[rb.index()];
        self.data[ra.index()].merge(&absorbed);
        ra
    }

    /// The aggregate of `x`'s set.
    #[inline]
    pub fn get(&self, x: I) -> &A {
        &self.data[self.root(x).index()]
    }

    /// The aggregate of `x`'s set, mutably.
    #[inline]
    pub fn get_mut(&mut self, x: I) -> &mut A {
        let r = self.find(x);
        &mut self.data[r.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Default, Debug, PartialEq)]
    struct Sum(u32);
    impl Aggregate for Sum {
        fn merge(&mut self, other: &Self) {
            self.0 += other.0;
        }
    }

    #[test]
    fn unions_merge_aggregates() {
        check_unions(UnionFind::<Sum, 16>::default());
        check_unions(UnionFind::<Sum, 300, u16>::default());
    }

    fn check_unions<const N: usize, I: SmallIndex>(mut uf: UnionFind<Sum, N, I>) {
        let ids: Vec<I> = (0..6).map(|i| uf.push(Sum(i))).collect();
        uf.union(ids[0], ids[1]);
        uf.union(ids[2], ids[3]);
        assert_eq!(uf.get(ids[1]).0, 1);
        uf.union(ids[1], ids[3]);
        assert_eq!(uf.get(ids[0]).0, 6);
        assert_eq!(uf.find(ids[2]), uf.find(ids[0]));
        assert_ne!(uf.find(ids[4]), uf.find(ids[0]));
        // Joining twice changes nothing.
        uf.union(ids[0], ids[2]);
        assert_eq!(uf.get(ids[3]).0, 6);
    }
}
