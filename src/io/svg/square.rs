//! Geometry of a tile square (`0..TILE`, north up, y down): side middles, corners, quarters,
//! and outlines of areas that cover some of its sides (Safari's bush, Carcassonne's cities).

use super::glyph::Pt;
use super::TILE;
use crate::core::geom::{Corner, Side};
use std::fmt::Write as _;

/// The centre of the tile.
pub(super) fn centre() -> Pt {
    Pt::new(TILE / 2.0, TILE / 2.0)
}

/// The middle of a side.
pub(super) fn mid(side: Side) -> Pt {
    centre() + outward(side) * (TILE / 2.0)
}

/// Unit vector pointing out of the tile through `side`.
pub(super) fn outward(side: Side) -> Pt {
    let (dx, dy) = side.offset();
    Pt::new(f64::from(dx), -f64::from(dy))
}

/// A corner point of the square.
pub(super) fn corner_pt(c: Corner) -> Pt {
    match c {
        Corner::NE => Pt::new(TILE, 0.0),
        Corner::SE => Pt::new(TILE, TILE),
        Corner::SW => Pt::new(0.0, TILE),
        Corner::NW => Pt::new(0.0, 0.0),
    }
}

/// The corner where `side` begins, going clockwise (N runs from NW to NE).
pub(super) fn side_start(side: Side) -> Corner {
    Corner::from_index(side.index() + 3)
}

/// The corner where `side` ends, going clockwise.
pub(super) fn side_end(side: Side) -> Corner {
    Corner::from_index(side.index())
}

/// The centre of the quarter of the tile towards `c`.
pub(super) fn quadrant(c: Corner) -> Pt {
    corner_pt(c) + (centre() - corner_pt(c)) * 0.5
}

/// Whether side mask `sides` includes `side`.
pub(super) fn has(sides: u8, side: Side) -> bool {
    sides & side.bit() != 0
}

/// Outline of an area (a bush, a city) touching `sides`: along those sides, and inward curves
/// across the others, reaching `bulge` times the distance from a side's middle to the centre
/// into the tile (1.2: 0.3 of the tile).
pub(super) fn area_outline(sides: u8, bulge: f64) -> String {
    if sides & 0xF == 0xF {
        return format!("M0,0H{TILE}V{TILE}H0Z");
    }
    let first = first_side(sides);
    let mut d = format!("M{}", corner_pt(side_start(first)).xy());
    let cuts = cuts(sides, bulge);
    let mut i = first.index();
    while i < first.index() + 4 {
        let side = Side::from_index(i);
        if has(sides, side) {
            let _ = write!(d, "L{}", corner_pt(side_end(side)).xy());
            i += 1;
            continue;
        }
        let Some(cut) = cuts.iter().find(|c| c.from == i) else {
            break;
        };
        let _ = write!(d, "Q{} {}", cut.ctrl.xy(), cut.to.xy());
        i += cut.run;
    }
    d.push('Z');
    d
}

/// Only the inward curves of [`area_outline`] (a city's walls, without the tile's rim).
pub(super) fn area_edges(sides: u8, bulge: f64) -> String {
    cuts(sides, bulge)
        .iter()
        .map(|c| format!("M{}Q{} {}", c.at.xy(), c.ctrl.xy(), c.to.xy()))
        .collect()
}

/// One inward curve of an area outline: across `run` open sides from side index `from`.
struct Cut {
    from: usize,
    run: usize,
    at: Pt,
    ctrl: Pt,
    to: Pt,
}

/// The side an area outline starts with: a covered side after an open one.
fn first_side(sides: u8) -> Side {
    Side::ALL
        .into_iter()
        .find(|&s| has(sides, s) && !has(sides, Side::from_index(s.index() + 3)))
        .unwrap_or(Side::N)
}

/// The inward curves of the area touching `sides`, clockwise from [`first_side`].
fn cuts(sides: u8, bulge: f64) -> Vec<Cut> {
    if sides & 0xF == 0xF {
        return Vec::new();
    }
    let first = first_side(sides);
    let mut out = Vec::new();
    let mut i = first.index();
    while i < first.index() + 4 {
        let side = Side::from_index(i);
        if has(sides, side) {
            i += 1;
            continue;
        }
        let run = (i..first.index() + 4)
            .take_while(|&j| !has(sides, Side::from_index(j)))
            .count();
        let a = corner_pt(side_start(side));
        let b = corner_pt(side_end(Side::from_index(i + run - 1)));
        let ctrl = if run == 2 {
            // Two open sides: bow the diagonal cut towards the area's own corner.
            centre() + (centre() - corner_pt(side_end(side))) * 0.25
        } else {
            let m = (a + b) * 0.5;
            m + (centre() - m) * bulge
        };
        out.push(Cut {
            from: i,
            run,
            at: a,
            ctrl,
            to: b,
        });
        i += run;
    }
    out
}

/// The point `depth` into the tile from the middle of `side`.
pub(super) fn stem_point(side: Side, depth: f64) -> Pt {
    mid(side) - outward(side) * depth
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn area_outlines_follow_their_sides() {
        assert_eq!(area_outline(0xF, 1.2), "M0,0H120V120H0Z");
        // One side: along N, then one curve back (0.3 of the tile deep at its middle).
        assert_eq!(area_outline(Side::N.bit(), 1.2), "M0,0L120,0Q60,72 0,0Z");
        // Opposite sides: two cuts make a waist.
        let waist = area_outline(Side::E.bit() | Side::W.bit(), 1.2);
        assert_eq!(waist.matches('Q').count(), 2, "{waist}");
    }
}
