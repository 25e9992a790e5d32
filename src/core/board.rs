//! The play area: a wrap-around grid of placed cells plus an incrementally maintained frontier.
//!
//! Cells live on a torus of `SIDE`² entries indexed by `coordinate mod SIDE`. A connected set
//! of `n` cells plus its surrounding empty cells spans at most `n + 1` steps in Manhattan
//! distance, so two different coordinates can only share a torus entry when `n + 1 ≥ SIDE`.
//! A board therefore holds at most [`Board::MAX_CELLS`] `= SIDE - 2` cells, and within that
//! limit it never needs to grow or re-centre — a straight line of every tile works.
//! See `docs/engine.md`.
//!
//! The frontier lists every empty cell orthogonally adjacent to a placed cell, with the edge
//! terrains its placed neighbours require, packed like a tile signature (2 bits per side) plus a
//! mask of the constrained sides. A rotated tile fits a frontier cell when
//! `signature & mask == need`. Each grid entry holds either a placed cell's index, a frontier
//! slot (so updates find their entry without searching), or nothing.
//!
//! The board is generic over its side and its entry type `E`: cell indices, frontier slots and
//! the empty marker must all fit in `E`. The defaults ([`BOARD_SIDE`], `u8`) are Safari's
//! compact board; a game with more cells picks a larger side and `u16` entries.

use crate::core::geom::{Coord, Side};
use crate::core::index::SmallIndex;

/// Side of the default (compact, `u8`-entry) board.
pub const BOARD_SIDE: usize = 80;

/// Most cells the default board holds: `BOARD_SIDE - 2`.
pub const MAX_CELLS: usize = BOARD_SIDE - 2;

/// Most frontier cells possible with `cells` placed cells (a straight line).
pub const fn max_frontier(cells: usize) -> usize {
    2 * cells + 2
}

/// Offsets of the eight cells around a cell.
const AROUND: [(i8, i8); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// Frontier capacity of the default board.
pub const MAX_FRONTIER: usize = max_frontier(MAX_CELLS);

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
    /// The cell at `coord` before any neighbour constrains it.
    fn unconstrained(coord: Coord) -> FrontierCell {
        FrontierCell {
            coord,
            need: 0,
            mask: 0,
        }
    }

    /// Whether a tile with edge `signature` (2 bits per side) may be placed here.
    #[inline]
    pub fn accepts(&self, signature: u8) -> bool {
        signature & self.mask == self.need
    }

    /// Takes in the edge of a tile with edge `signature` placed beside it, whose `side` faces
    /// it.
    #[inline]
    fn meet(&mut self, side: Side, signature: u8) {
        let facing = side.opposite().index() * 2;
        let terrain = (signature >> (side.index() * 2)) & 0b11;
        self.mask |= 0b11 << facing;
        self.need |= terrain << facing;
    }
}

/// Placed cells and the frontier around them, on a torus of `SIDE`² entries of type `E`.
/// `FRONTIER` must be [`max_frontier`]`(SIDE - 2)` (checked at compile time).
///
/// `clone_from` copies only the grid rows either board has written and the frontier in use,
/// a small part of the grid until late in a game (search copies positions constantly).
pub struct Board<
    E: SmallIndex = u8,
    const SIDE: usize = BOARD_SIDE,
    const FRONTIER: usize = MAX_FRONTIER,
> {
    cells: [[E; SIDE]; SIDE],
    frontier: [FrontierCell; FRONTIER],
    frontier_len: u8,
    /// Bit per grid row (torus index) holding a non-empty entry.
    used_rows: u128,
    /// Per placed cell (by index): how many of the eight cells around it are placed.
    around: [u8; SIDE],
    /// Cells placed (indices `0..placed` are in use).
    placed: u8,
}

impl<E: SmallIndex, const SIDE: usize, const FRONTIER: usize> Clone for Board<E, SIDE, FRONTIER> {
    fn clone(&self) -> Self {
        Board {
            cells: self.cells,
            frontier: self.frontier,
            frontier_len: self.frontier_len,
            used_rows: self.used_rows,
            around: self.around,
            placed: self.placed,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        // Rows only `self` has written are empty in `source`: copying them clears them. Each
        // run of consecutive rows is one copy.
        let mut rows = self.used_rows | source.used_rows;
        while rows != 0 {
            let first = rows.trailing_zeros() as usize;
            let run = (rows >> first).trailing_ones() as usize;
            self.cells[first..first + run].copy_from_slice(&source.cells[first..first + run]);
            rows &= !(((1u128 << run) - 1) << first);
        }
        let n = source.frontier_len as usize;
        self.frontier[..n].copy_from_slice(&source.frontier[..n]);
        self.frontier_len = source.frontier_len;
        self.used_rows = source.used_rows;
        let n = source.placed as usize;
        self.around[..n].copy_from_slice(&source.around[..n]);
        self.placed = source.placed;
    }
}

impl<E: SmallIndex, const SIDE: usize, const FRONTIER: usize> Default for Board<E, SIDE, FRONTIER> {
    fn default() -> Self {
        let () = Self::LAYOUT_OK;
        Board {
            cells: [[E::MAX; SIDE]; SIDE],
            frontier: [FrontierCell::default(); FRONTIER],
            frontier_len: 0,
            used_rows: 0,
            around: [0; SIDE],
            placed: 0,
        }
    }
}

/// `v mod side` for every `i8` value `v` (indexed by `v as u8`).
const fn wrap_table(side: usize) -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        table[i] = (i as u8 as i8 as i16).rem_euclid(side as i16) as u8;
        i += 1;
    }
    table
}

impl<E: SmallIndex, const SIDE: usize, const FRONTIER: usize> Board<E, SIDE, FRONTIER> {
    /// Most cells (land tiles plus start cells) this board holds: `SIDE - 2`.
    pub const MAX_CELLS: usize = SIDE - 2;

    /// Grid entries from this value up (below `E::MAX`, the empty marker) are frontier slots:
    /// `FRONTIER_BASE + slot`.
    const FRONTIER_BASE: usize = Self::MAX_CELLS;

    /// Compile-time check of the parameters: the frontier capacity matches the side, every
    /// cell index and frontier slot fits below the empty marker, and a line of every cell
    /// keeps 8-bit coordinates apart; the frontier length fits a byte.
    const LAYOUT_OK: () = assert!(
        FRONTIER == max_frontier(SIDE - 2)
            && Self::FRONTIER_BASE + FRONTIER < E::LIMIT - 1
            && FRONTIER < 256
            && SIDE <= 128
    );

    /// `v mod SIDE` for every `i8` value `v` (indexed by `v as u8`): one load instead of a
    /// Euclidean remainder on the hottest path of the engine.
    const WRAP: [u8; 256] = wrap_table(SIDE);

    #[inline]
    fn wrap(v: i8) -> usize {
        Self::WRAP[v as u8 as usize] as usize
    }

    #[inline]
    fn entry(&self, c: Coord) -> E {
        self.cells[Self::wrap(c.y)][Self::wrap(c.x)]
    }

    /// The entry at `c`, to write (its row counts as used from now on).
    #[inline]
    fn entry_mut(&mut self, c: Coord) -> &mut E {
        let row = Self::wrap(c.y);
        self.used_rows |= 1 << row;
        &mut self.cells[row][Self::wrap(c.x)]
    }

    /// Empties the board (as [`Default`] makes it), writing only the grid rows in use.
    pub fn clear(&mut self) {
        let mut rows = self.used_rows;
        while rows != 0 {
            let row = rows.trailing_zeros() as usize;
            self.cells[row] = [E::MAX; SIDE];
            rows &= rows - 1;
        }
        self.frontier_len = 0;
        self.used_rows = 0;
        self.placed = 0;
    }

    /// The index of the cell placed at `c`, if any.
    #[inline]
    pub fn get(&self, c: Coord) -> Option<E> {
        let v = self.entry(c);
        (v.index() < Self::FRONTIER_BASE).then_some(v)
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
        (v.index() >= Self::FRONTIER_BASE && v != E::MAX).then(|| v.index() - Self::FRONTIER_BASE)
    }

    /// Records that cell number `index` (the next index: cells are numbered in placement
    /// order) with edge `signature` now occupies `c`, and updates the frontier and the counts
    /// of placed cells around. The caller guarantees `c` is empty and the fit is legal.
    pub fn place(&mut self, c: Coord, index: E, signature: u8) {
        debug_assert!(self.is_empty(c));
        debug_assert_eq!(index.index(), self.placed as usize);
        let mut around = 0;
        for (dx, dy) in AROUND {
            if let Some(j) = self.get(Coord::new(c.x + dx, c.y + dy)) {
                self.around[j.index()] += 1;
                around += 1;
            }
        }
        self.around[index.index()] = around;
        self.placed += 1;
        if let Some(i) = self.frontier_slot(c) {
            let last = self.frontier_len as usize - 1;
            self.frontier.swap(i, last);
            self.frontier_len -= 1;
            if i != last {
                let moved = self.frontier[i].coord;
                *self.entry_mut(moved) = E::from_usize(Self::FRONTIER_BASE + i);
            }
        }
        *self.entry_mut(c) = index;
        for side in Side::ALL {
            let n = c.step(side);
            let v = self.entry(n);
            let slot = match v.index() {
                v if v < Self::FRONTIER_BASE => continue,
                _ if v == E::MAX => {
                    let i = self.frontier_len as usize;
                    self.frontier[i] = FrontierCell::unconstrained(n);
                    self.frontier_len += 1;
                    *self.entry_mut(n) = E::from_usize(Self::FRONTIER_BASE + i);
                    i
                }
                v => v - Self::FRONTIER_BASE,
            };
            self.frontier[slot].meet(side, signature);
        }
    }

    /// The frontier entry the empty cell across `side` of `c` would have if a tile with edge
    /// `signature` were placed at `c` (where [`Board::place`] may place it).
    pub fn frontier_beside(&self, c: Coord, side: Side, signature: u8) -> FrontierCell {
        let n = c.step(side);
        debug_assert!(self.is_empty(n));
        let mut f = (self.frontier_cell(n).copied()).unwrap_or(FrontierCell::unconstrained(n));
        f.meet(side, signature);
        f
    }

    /// Changes the terrain code the placed cell at `c` shows on `side` (a Carcassonne bridge
    /// turns a field edge into a road): an empty neighbour on that side now requires it.
    pub fn set_side_terrain(&mut self, c: Coord, side: Side, terrain: u8) {
        debug_assert!(!self.is_empty(c));
        if let Some(slot) = self.frontier_slot(c.step(side)) {
            let facing = side.opposite().index() * 2;
            let f = &mut self.frontier[slot];
            f.need = (f.need & !(0b11 << facing)) | (terrain << facing);
        }
    }

    /// Number of placed cells among the eight cells around placed cell number `index`.
    #[inline]
    pub fn placed_around_cell(&self, index: E) -> u8 {
        self.around[index.index()]
    }

    /// Number of placed cells among the eight cells around `c` (kept up to date for placed
    /// cells, counted for others).
    pub fn placed_around(&self, c: Coord) -> u8 {
        match self.get(c) {
            Some(i) => self.around[i.index()],
            None => AROUND
                .iter()
                .filter(|(dx, dy)| !self.is_empty(Coord::new(c.x + dx, c.y + dy)))
                .count() as u8,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frontier_tracks_requirements() {
        let mut b = <Board>::default();
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
        let mut c = b.clone();
        c.set_side_terrain(Coord::new(0, 0), Side::E, 0);
        assert!(c.frontier_cell(Coord::new(1, 0)).unwrap().accepts(0));
        assert!(north.accepts(2 << 4));
        b.place(Coord::new(1, 0), 1, 1 << 6);
        assert!(b.frontier_cell(Coord::new(1, 0)).is_none());
        assert_eq!(b.frontier().len(), 6);
        assert_eq!(b.get(Coord::new(1, 0)), Some(1));
    }

    #[test]
    fn a_cleared_board_is_empty() {
        let mut b = <Board>::default();
        b.place(Coord::new(0, 0), 0, 1 << 2);
        b.place(Coord::new(1, 0), 1, 1 << 6);
        b.clear();
        assert!(b.is_empty(Coord::new(0, 0)) && b.is_empty(Coord::new(1, 0)));
        assert!(b.frontier().is_empty() && b.frontier_cell(Coord::new(2, 0)).is_none());
        b.place(Coord::new(5, 5), 0, 0);
        assert_eq!(b.frontier().len(), 4);
        assert_eq!(b.placed_around(Coord::new(5, 5)), 0);
    }

    #[test]
    fn counts_of_placed_cells_around_follow_placements() {
        let mut b = <Board>::default();
        let spots = [
            (0, 0),
            (1, 0),
            (1, 1),
            (0, 1),
            (-1, 1),
            (-1, 2),
            (0, 2),
            (1, 2),
            (1, -1),
            (-1, 0),
        ];
        let direct = |b: &Board, c: Coord| {
            AROUND
                .iter()
                .filter(|(dx, dy)| !b.is_empty(Coord::new(c.x + dx, c.y + dy)))
                .count() as u8
        };
        for (i, &(x, y)) in spots.iter().enumerate() {
            b.place(Coord::new(x, y), i as u8, 0);
            let mut copy = <Board>::default();
            copy.clone_from(&b);
            for c in spots.iter().map(|&(x, y)| Coord::new(x, y)) {
                assert_eq!(b.placed_around(c), direct(&b, c), "around {c}");
                assert_eq!(copy.placed_around(c), direct(&b, c), "around {c} in a copy");
            }
        }
        assert_eq!(b.placed_around(Coord::new(0, 1)), 8);
    }

    /// Places a straight line of every cell the board holds, centred on the origin.
    fn fill_line<E: SmallIndex, const SIDE: usize, const F: usize>(b: &mut Board<E, SIDE, F>) {
        let n = Board::<E, SIDE, F>::MAX_CELLS;
        for i in 0..n {
            let c = Coord::new((i as i16 - n as i16 / 2) as i8, 0);
            assert!(b.is_empty(c), "cell {c} aliased");
            b.place(c, E::from_usize(i), 0);
        }
        assert_eq!(b.frontier().len(), max_frontier(n));
        for f in b.frontier() {
            assert!(b.is_empty(f.coord));
        }
        for i in 0..n {
            let c = Coord::new((i as i16 - n as i16 / 2) as i8, 0);
            assert_eq!(b.get(c), Some(E::from_usize(i)));
        }
    }

    #[test]
    fn a_line_of_max_cells_never_aliases() {
        fill_line(&mut <Board>::default());
        fill_line(&mut Board::<u16, 94, { max_frontier(92) }>::default());
    }
}
