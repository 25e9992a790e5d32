//! The play area: a wrap-around grid of placed cells plus an incrementally maintained frontier.
//!
//! Cells live on a torus of [`BOARD_SIDE`]² entries indexed by `coordinate mod BOARD_SIDE`. A
//! connected set of `n` cells plus its surrounding empty cells spans at most `n + 1` steps in
//! Manhattan distance, so two different coordinates can only share a torus entry when
//! `n + 1 ≥ BOARD_SIDE`. Tile sets are therefore limited to [`MAX_CELLS`] cells, and within that
//! limit the board never needs to grow or re-centre — a straight line of every tile works.
//! See `docs/engine.md`.
//!
//! The frontier lists every empty cell orthogonally adjacent to a placed cell, with the edge
//! terrains its placed neighbours require, packed like a tile signature (2 bits per side) plus a
//! mask of the constrained sides. A rotated tile fits a frontier cell when
//! `signature & mask == need`. Each grid entry holds either a placed cell's index, a frontier
//! slot (so updates find their entry without searching), or nothing.

use crate::core::geom::{Coord, Side};

/// Width and height of the wrap-around grid.
pub const BOARD_SIDE: usize = 80;

/// Most cells (land tiles plus start cells) a game may place: `BOARD_SIDE - 2`.
pub const MAX_CELLS: usize = BOARD_SIDE - 2;

/// Most frontier cells possible with [`MAX_CELLS`] placed cells.
pub const MAX_FRONTIER: usize = 2 * MAX_CELLS + 2;

const EMPTY: u8 = u8::MAX;

/// Grid entries from this value up (below [`EMPTY`]) are frontier slots: `FRONTIER_BASE + slot`.
const FRONTIER_BASE: u8 = MAX_CELLS as u8;

const _: () = assert!(FRONTIER_BASE as usize + MAX_FRONTIER < EMPTY as usize);

/// An empty cell next to the placed area, with the edges its neighbours impose.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct FrontierCell {
    /// Where it is.
    pub coord: Coord,
    /// Required terrain per constrained side, packed 2 bits per side.
    pub need: u8,
    /// `0b11` on every side that has a placed neighbour.
    pub mask: u8,
}

impl FrontierCell {
    /// Whether a tile with edge `signature` (2 bits per side) may be placed here.
    #[inline]
    pub fn accepts(&self, signature: u8) -> bool {
        signature & self.mask == self.need
    }
}

/// Placed cells and the frontier around them.
#[derive(Clone)]
pub struct Board {
    cells: [[u8; BOARD_SIDE]; BOARD_SIDE],
    frontier: [FrontierCell; MAX_FRONTIER],
    frontier_len: u8,
}

impl Default for Board {
    fn default() -> Self {
        Board {
            cells: [[EMPTY; BOARD_SIDE]; BOARD_SIDE],
            frontier: [FrontierCell::default(); MAX_FRONTIER],
            frontier_len: 0,
        }
    }
}

/// `v mod BOARD_SIDE` for every `i8` value `v` (indexed by `v as u8`): one load instead of a
/// Euclidean remainder on the hottest path of the engine.
const WRAP: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        table[i] = (i as u8 as i8 as i16).rem_euclid(BOARD_SIDE as i16) as u8;
        i += 1;
    }
    table
};

#[inline]
fn wrap(v: i8) -> usize {
    WRAP[v as u8 as usize] as usize
}

impl Board {
    #[inline]
    fn entry(&self, c: Coord) -> u8 {
        self.cells[wrap(c.y)][wrap(c.x)]
    }

    #[inline]
    fn entry_mut(&mut self, c: Coord) -> &mut u8 {
        &mut self.cells[wrap(c.y)][wrap(c.x)]
    }

    /// The index of the cell placed at `c`, if any.
    #[inline]
    pub fn get(&self, c: Coord) -> Option<u8> {
        let v = self.entry(c);
        (v < FRONTIER_BASE).then_some(v)
    }

    /// Whether nothing is placed at `c`.
    #[inline]
    pub fn is_empty(&self, c: Coord) -> bool {
        self.get(c).is_none()
    }

    /// The current frontier (its order depends only on the placements made, in order).
    #[inline]
    pub fn frontier(&self) -> &[FrontierCell] {
        &self.frontier[..self.frontier_len as usize]
    }

    /// The frontier entry at `c`, if `c` is on the frontier.
    pub fn frontier_cell(&self, c: Coord) -> Option<&FrontierCell> {
        self.frontier_slot(c).map(|i| &self.frontier[i])
    }

    #[inline]
    fn frontier_slot(&self, c: Coord) -> Option<usize> {
        let v = self.entry(c);
        (FRONTIER_BASE..EMPTY)
            .contains(&v)
            .then(|| (v - FRONTIER_BASE) as usize)
    }

    /// Records that cell number `index` with edge `signature` now occupies `c`, and updates the
    /// frontier. The caller guarantees `c` is empty and the fit is legal.
    pub fn place(&mut self, c: Coord, index: u8, signature: u8) {
        debug_assert!(self.is_empty(c));
        if let Some(i) = self.frontier_slot(c) {
            let last = self.frontier_len as usize - 1;
            self.frontier.swap(i, last);
            self.frontier_len -= 1;
            if i != last {
                let moved = self.frontier[i].coord;
                *self.entry_mut(moved) = FRONTIER_BASE + i as u8;
            }
        }
        *self.entry_mut(c) = index;
        for side in Side::ALL {
            let n = c.step(side);
            let slot = match self.entry(n) {
                v if v < FRONTIER_BASE => continue,
                EMPTY => {
                    let i = self.frontier_len as usize;
                    self.frontier[i] = FrontierCell {
                        coord: n,
                        need: 0,
                        mask: 0,
                    };
                    self.frontier_len += 1;
                    *self.entry_mut(n) = FRONTIER_BASE + i as u8;
                    i
                }
                v => (v - FRONTIER_BASE) as usize,
            };
            let facing = side.opposite().index() * 2;
            let terrain = (signature >> (side.index() * 2)) & 0b11;
            let f = &mut self.frontier[slot];
            f.mask |= 0b11 << facing;
            f.need |= terrain << facing;
        }
    }

    /// Number of placed neighbours among the eight cells around `c`.
    pub fn placed_around(&self, c: Coord) -> u8 {
        let mut n = 0;
        for dy in -1..=1i8 {
            for dx in -1..=1i8 {
                if (dx, dy) != (0, 0) && !self.is_empty(Coord::new(c.x + dx, c.y + dy)) {
                    n += 1;
                }
            }
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frontier_tracks_requirements() {
        let mut b = Board::default();
        // Path (1) on the east side, bush (2) on the north side.
        let sig = (1 << 2) | 2;
        b.place(Coord::new(0, 0), 0, sig);
        assert_eq!(b.frontier().len(), 4);
        let east = *b.frontier_cell(Coord::new(1, 0)).unwrap();
        // The east neighbour must show a path on its west side.
        assert_eq!(east.mask, 0b11 << 6);
        assert_eq!(east.need, 1 << 6);
        assert!(east.accepts(1 << 6));
        assert!(!east.accepts(0));
        let north = *b.frontier_cell(Coord::new(0, 1)).unwrap();
        assert!(north.accepts(2 << 4));
        b.place(Coord::new(1, 0), 1, 1 << 6);
        assert!(b.frontier_cell(Coord::new(1, 0)).is_none());
        assert_eq!(b.frontier().len(), 6);
        assert_eq!(b.get(Coord::new(1, 0)), Some(1));
    }

    #[test]
    fn a_line_of_max_cells_never_aliases() {
        let mut b = Board::default();
        for i in 0..MAX_CELLS as i8 {
            let c = Coord::new(i - 39, 0);
            assert!(b.is_empty(c), "cell {c} aliased");
            b.place(c, i as u8, 0);
        }
        assert_eq!(b.frontier().len(), 2 * MAX_CELLS + 2);
        for f in b.frontier() {
            assert!(b.is_empty(f.coord));
        }
    }
}
