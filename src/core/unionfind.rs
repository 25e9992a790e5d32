//! Incremental union-find over feature segments, with per-root aggregates merged on union.
//!
//! Nodes are small integers handed out in placement order. `find` uses path halving and
//! `union` links by size, so every operation is effectively constant time. Each root carries
//! an aggregate (open edges, species, meeples, …) that games define through [`Aggregate`].

/// Data summarised over a whole feature, combined when two features join.
pub trait Aggregate: Copy + Default {
    /// Folds `other` (the absorbed root's data) into `self`.
    fn merge(&mut self, other: &Self);
}

/// Union-find with aggregates over at most `N` nodes (`N` ≤ 256).
#[derive(Clone)]
pub struct UnionFind<A: Aggregate, const N: usize> {
    parent: [u8; N],
    size: [u8; N],
    data: [A; N],
    len: u16,
}

impl<A: Aggregate, const N: usize> Default for UnionFind<A, N> {
    fn default() -> Self {
        UnionFind {
            parent: [0; N],
            size: [0; N],
            data: [A::default(); N],
            len: 0,
        }
    }
}

impl<A: Aggregate, const N: usize> UnionFind<A, N> {
    /// Number of nodes created so far.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no node exists yet.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Creates a singleton node carrying `data` and returns its id.
    pub fn push(&mut self, data: A) -> u8 {
        let id = self.len as usize;
        assert!(id < N, "union-find capacity {N} exceeded");
        self.parent[id] = id as u8;
        self.size[id] = 1;
        self.data[id] = data;
        self.len += 1;
        id as u8
    }

    /// The root of `x`'s set (compresses the path by halving).
    #[inline]
    pub fn find(&mut self, mut x: u8) -> u8 {
        while self.parent[x as usize] != x {
            let p = self.parent[x as usize];
            let gp = self.parent[p as usize];
            self.parent[x as usize] = gp;
            x = gp;
        }
        x
    }

    /// The root of `x`'s set without modifying the structure.
    #[inline]
    pub fn root(&self, mut x: u8) -> u8 {
        while self.parent[x as usize] != x {
            x = self.parent[x as usize];
        }
        x
    }

    /// Joins the sets of `a` and `b`; returns the new root.
    pub fn union(&mut self, a: u8, b: u8) -> u8 {
        let (mut ra, mut rb) = (self.find(a), self.find(b));
        if ra == rb {
            return ra;
        }
        if self.size[ra as usize] < self.size[rb as usize] {
            std::mem::swap(&mut ra, &mut rb);
        }
        self.parent[rb as usize] = ra;
        self.size[ra as usize] = self.size[ra as usize].saturating_add(self.size[rb as usize]);
        let absorbed = self.data[rb as usize];
        self.data[ra as usize].merge(&absorbed);
        ra
    }

    /// The aggregate of `x`'s set.
    #[inline]
    pub fn get(&self, x: u8) -> &A {
        &self.data[self.root(x) as usize]
    }

    /// The aggregate of `x`'s set, mutably.
    #[inline]
    pub fn get_mut(&mut self, x: u8) -> &mut A {
        let r = self.find(x);
        &mut self.data[r as usize]
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
        let mut uf: UnionFind<Sum, 16> = UnionFind::default();
        let ids: Vec<u8> = (0..6).map(|i| uf.push(Sum(i))).collect();
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
