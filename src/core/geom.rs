//! Grid geometry: sides, corners, rotations and cell coordinates.
//!
//! Coordinates are `(x, y)` with `x` growing east and `y` growing **north**. Rotations are
//! clockwise quarter turns: rotating a tile by one quarter turn moves its north side to the east.

use crate::core::names::indexed_enum;
use std::fmt;

indexed_enum! {
    /// One of the four sides of a cell, clockwise from north (its index).
    pub enum Side {
        /// North (y + 1).
        N,
        /// East (x + 1).
        E,
        /// South (y - 1).
        S,
        /// West (x - 1).
        W,
    }
}

impl Side {
    /// The side with clockwise index `i` (taken modulo 4).
    pub fn from_index(i: usize) -> Side {
        Side::ALL[i % 4]
    }

    /// The side facing this one across an edge.
    pub fn opposite(self) -> Side {
        Side::from_index(self.index() + 2)
    }

    /// This side after rotating its tile by `rot`.
    pub fn rotated(self, rot: Rotation) -> Side {
        Side::from_index(self.index() + rot.quarter_turns() as usize)
    }

    /// The one-letter name used in files and records.
    pub fn letter(self) -> char {
        ['N', 'E', 'S', 'W'][self.index()]
    }

    /// Parses `N`, `E`, `S` or `W`.
    pub fn from_letter(c: &str) -> Option<Side> {
        match c {
            "N" => Some(Side::N),
            "E" => Some(Side::E),
            "S" => Some(Side::S),
            "W" => Some(Side::W),
            _ => None,
        }
    }

    /// Unit offset `(dx, dy)` towards the neighbour across this side.
    pub fn offset(self) -> (i8, i8) {
        [(0, 1), (1, 0), (0, -1), (-1, 0)][self.index()]
    }
}

indexed_enum! {
    /// One of the four corners of a cell, clockwise from north-east (its index).
    pub enum Corner {
        /// North-east.
        NE,
        /// South-east.
        SE,
        /// South-west.
        SW,
        /// North-west.
        NW,
    }
}

impl Corner {
    /// The corner with clockwise index `i` (taken modulo 4).
    pub fn from_index(i: usize) -> Corner {
        Corner::ALL[i % 4]
    }

    /// This corner after rotating its tile by `rot`.
    pub fn rotated(self, rot: Rotation) -> Corner {
        Corner::from_index(self.index() + rot.quarter_turns() as usize)
    }

    /// The two sides that meet at this corner.
    pub fn sides(self) -> [Side; 2] {
        match self {
            Corner::NE => [Side::N, Side::E],
            Corner::SE => [Side::S, Side::E],
            Corner::SW => [Side::S, Side::W],
            Corner::NW => [Side::N, Side::W],
        }
    }

    /// The name used in files and records (`NE`, `SE`, `SW`, `NW`).
    pub fn name(self) -> &'static str {
        ["NE", "SE", "SW", "NW"][self.index()]
    }

    /// Parses `NE`, `SE`, `SW` or `NW`.
    pub fn from_name(s: &str) -> Option<Corner> {
        Corner::ALL.into_iter().find(|c| c.name() == s)
    }
}

/// A clockwise rotation by a number of quarter turns (0..4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Rotation(u8);

impl Rotation {
    /// All four rotations.
    pub const ALL: [Rotation; 4] = [Rotation(0), Rotation(1), Rotation(2), Rotation(3)];

    /// A rotation of `q` clockwise quarter turns (taken modulo 4).
    pub fn new(q: u8) -> Rotation {
        Rotation(q % 4)
    }

    /// Number of clockwise quarter turns, 0..4.
    pub fn quarter_turns(self) -> u8 {
        self.0
    }

    /// Degrees clockwise: 0, 90, 180 or 270.
    pub fn degrees(self) -> u16 {
        self.0 as u16 * 90
    }

    /// Parses `r0`, `r90`, `r180` or `r270`.
    pub fn parse(s: &str) -> Option<Rotation> {
        match s {
            "r0" => Some(Rotation(0)),
            "r90" => Some(Rotation(1)),
            "r180" => Some(Rotation(2)),
            "r270" => Some(Rotation(3)),
            _ => None,
        }
    }
}

impl fmt::Display for Rotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}", self.degrees())
    }
}

/// One half of a cell side, where a field meets the edge (a road through the middle of a side
/// splits it into two halves).
///
/// The eight halves are numbered clockwise from the west half of the north side and named by
/// their side's letter and the end of the side they lie at: `Nw Ne En Es Se Sw Ws Wn`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HalfSide(u8);

impl HalfSide {
    /// All eight halves in clockwise order from `Nw`.
    pub const ALL: [HalfSide; 8] = [
        HalfSide(0),
        HalfSide(1),
        HalfSide(2),
        HalfSide(3),
        HalfSide(4),
        HalfSide(5),
        HalfSide(6),
        HalfSide(7),
    ];

    const NAMES: [&'static str; 8] = ["Nw", "Ne", "En", "Es", "Se", "Sw", "Ws", "Wn"];

    /// The half with clockwise index `i` (taken modulo 8).
    pub fn from_index(i: usize) -> HalfSide {
        HalfSide((i % 8) as u8)
    }

    /// Clockwise index 0..8.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The two halves of `side`, clockwise.
    pub fn of_side(side: Side) -> [HalfSide; 2] {
        let i = 2 * side.index() as u8;
        [HalfSide(i), HalfSide(i + 1)]
    }

    /// The side this half belongs to.
    pub fn side(self) -> Side {
        Side::from_index(self.index() / 2)
    }

    /// The bit of this half in an 8-bit half mask.
    pub fn bit(self) -> u8 {
        1 << self.0
    }

    /// The neighbour's half that touches this one across the edge (`Nw` faces `Sw`).
    pub fn facing(self) -> HalfSide {
        HalfSide::from_index(2 * self.side().opposite().index() + 1 - self.index() % 2)
    }

    /// This half after rotating its tile by `rot`.
    pub fn rotated(self, rot: Rotation) -> HalfSide {
        HalfSide::from_index(self.index() + 2 * rot.quarter_turns() as usize)
    }

    /// The name used in files (`Nw`, `Ne`, `En`, …).
    pub fn name(self) -> &'static str {
        Self::NAMES[self.index()]
    }

    /// Parses a half name (`Nw`, `Ne`, `En`, `Es`, `Se`, `Sw`, `Ws`, `Wn`).
    pub fn from_name(s: &str) -> Option<HalfSide> {
        Self::NAMES
            .iter()
            .position(|n| *n == s)
            .map(HalfSide::from_index)
    }
}

/// The 8-bit mask of both halves of every side in the 4-bit side mask `sides`.
pub fn halves_of_sides(sides: u8) -> u8 {
    Side::ALL
        .into_iter()
        .filter(|s| sides & s.bit() != 0)
        .fold(0, |m, s| m | 0b11 << (2 * s.index()))
}

/// Rotates a 4-bit side or corner mask clockwise by `rot`.
pub fn rotate_mask(mask: u8, rot: Rotation) -> u8 {
    let r = rot.quarter_turns();
    ((mask << r) | (mask >> ((4 - r) % 4))) & 0xF
}

/// A cell of the (unbounded) play area, relative to the start tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Coord {
    /// Column, growing east.
    pub x: i8,
    /// Row, growing north.
    pub y: i8,
}

impl Coord {
    /// The cell at `(x, y)`.
    pub const fn new(x: i8, y: i8) -> Coord {
        Coord { x, y }
    }

    /// The neighbouring cell across `side`.
    pub fn step(self, side: Side) -> Coord {
        let (dx, dy) = side.offset();
        Coord::new(self.x.wrapping_add(dx), self.y.wrapping_add(dy))
    }

    /// Whether `other` is this cell or one of the eight around it.
    pub fn touches(self, other: Coord) -> bool {
        (self.x as i16 - other.x as i16).abs() <= 1 && (self.y as i16 - other.y as i16).abs() <= 1
    }

    /// Parses `x,y`.
    pub fn parse(s: &str) -> Option<Coord> {
        let (x, y) = s.split_once(',')?;
        Some(Coord::new(x.trim().parse().ok()?, y.trim().parse().ok()?))
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// A grid vertex, named by the cell whose south-west corner it is.
///
/// The four slots around vertex `v` are, in cyclic order: the SW corner of `v`, the SE corner of
/// the cell west of it, the NE corner of the cell south-west of it and the NW corner of the cell
/// south of it. Consecutive slots share a tile edge; slots two apart are diagonal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Vertex(pub Coord);

impl Vertex {
    /// The vertex at `corner` of `cell`, and the slot index (0..4) that corner has around it.
    pub fn of_corner(cell: Coord, corner: Corner) -> (Vertex, usize) {
        let Coord { x, y } = cell;
        match corner {
            Corner::SW => (Vertex(Coord::new(x, y)), 0),
            Corner::SE => (Vertex(Coord::new(x + 1, y)), 1),
            Corner::NE => (Vertex(Coord::new(x + 1, y + 1)), 2),
            Corner::NW => (Vertex(Coord::new(x, y + 1)), 3),
        }
    }

    /// The cell and corner of slot `k` (0..4) around this vertex.
    pub fn slot(self, k: usize) -> (Coord, Corner) {
        let Coord { x, y } = self.0;
        match k % 4 {
            0 => (Coord::new(x, y), Corner::SW),
            1 => (Coord::new(x - 1, y), Corner::SE),
            2 => (Coord::new(x - 1, y - 1), Corner::NE),
            _ => (Coord::new(x, y - 1), Corner::NW),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_moves_north_to_east() {
        assert_eq!(Side::N.rotated(Rotation::new(1)), Side::E);
        assert_eq!(Side::W.rotated(Rotation::new(1)), Side::N);
        assert_eq!(Corner::NW.rotated(Rotation::new(1)), Corner::NE);
        assert_eq!(
            rotate_mask(Side::N.bit() | Side::W.bit(), Rotation::new(1)),
            0b0011
        );
    }

    #[test]
    fn corner_bits_follow_side_rotation() {
        for rot in Rotation::ALL {
            for c in Corner::ALL {
                let [a, b] = c.sides();
                let r = c.rotated(rot);
                let mut rs = [a.rotated(rot), b.rotated(rot)];
                rs.sort();
                let mut want = r.sides();
                want.sort();
                assert_eq!(rs, want, "{c:?} rotated {rot}");
            }
        }
    }

    #[test]
    fn half_sides_face_rotate_and_name() {
        let nw = HalfSide::from_name("Nw").unwrap();
        assert_eq!(nw.facing().name(), "Sw");
        assert_eq!(HalfSide::from_name("En").unwrap().facing().name(), "Wn");
        for h in HalfSide::ALL {
            assert_eq!(h.facing().facing(), h);
            assert_eq!(h.facing().side(), h.side().opposite());
            // A quarter turn moves every half with its side.
            assert_eq!(
                h.rotated(Rotation::new(1)).side(),
                h.side().rotated(Rotation::new(1))
            );
            assert_eq!(HalfSide::from_name(h.name()), Some(h));
        }
        assert_eq!(nw.rotated(Rotation::new(1)).name(), "En");
        assert_eq!(HalfSide::of_side(Side::W).map(HalfSide::name), ["Ws", "Wn"]);
        assert_eq!(halves_of_sides(Side::N.bit() | Side::W.bit()), 0b1100_0011);
    }

    #[test]
    fn vertex_slots_round_trip_and_are_cyclic() {
        let cell = Coord::new(3, -2);
        for c in Corner::ALL {
            let (v, k) = Vertex::of_corner(cell, c);
            assert_eq!(v.slot(k), (cell, c));
        }
        // Consecutive slots are on cells sharing an edge.
        let v = Vertex(Coord::new(0, 0));
        for k in 0..4 {
            let (a, _) = v.slot(k);
            let (b, _) = v.slot(k + 1);
            assert_eq!((a.x - b.x).abs() + (a.y - b.y).abs(), 1);
        }
    }
}
