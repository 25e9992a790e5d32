//! Tiles whose features meet the rim in sides and half sides: fields (half sides), roads and
//! cities (sides) and a building in the middle (a monastery) — the tile format Carcassonne and
//! New World share (docs/tileset-format.md). This module draws the land in a tile square
//! (`0..TILE`, north up, y down) and says where each feature's meeple and symbols go; each
//! game colours the classes (`field`, `city`, `wall`, `road-edge`, `road-core`, `road-end`) in its
//! style sheet and draws its own symbols.
//!
//! Geometry: the field is the ground; a city is the area between the sides it covers and
//! inward curves across the others ([`area_outline`]), so two cities of one tile meet at most
//! in a corner; a road runs from the middle of each side it touches: two sides are joined by a
//! curve through the centre, one side or three and more end in the centre (at a junction, a
//! village, or the building there).

use super::glyph::{num, Pt};
use super::square::{
    area_edges, area_outline, centre, corner_pt, has, mid, outward, side_end, side_start,
    stem_point,
};
use super::TILE;
use crate::core::geom::{rotate_mask, Corner, HalfSide, Rotation, Side};
use crate::core::tileset::{FeatureKind, Segment};
use std::fmt::Write as _;

/// How far a city's inward curve reaches, as a multiple of the distance from a side's middle to
/// the centre (1.1 → 0.275 of the tile).
const CITY_BULGE: f64 = 1.1;

/// A feature as it lies on the board (sides and half sides after rotation).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct RimFeature {
    /// Road, city, field or the building in the middle (monastery).
    pub kind: FeatureKind,
    /// Sides covered (4-bit mask; roads and cities).
    pub sides: u8,
    /// Half sides met (8-bit mask; fields).
    pub halves: u8,
}

/// The features of one tile as it lies on the board.
#[derive(Clone, Debug, PartialEq, Default)]
pub(super) struct RimTile {
    /// In segment order (a meeple on segment `i` stands on `features[i]`).
    pub features: Vec<RimFeature>,
}

impl RimTile {
    /// The tile whose unturned segments are `segments`, turned clockwise by `rot`.
    pub fn new(segments: &[Segment], rot: Rotation) -> RimTile {
        let q = u32::from(rot.quarter_turns());
        RimTile {
            features: segments
                .iter()
                .map(|s| RimFeature {
                    kind: s.kind,
                    sides: rotate_mask(s.sides, rot),
                    halves: s.halves.rotate_left(2 * q),
                })
                .collect(),
        }
    }

    /// Whether a building stands in the middle.
    pub fn has_building(&self) -> bool {
        self.features.iter().any(|f| f.kind.is_central())
    }

    /// Sides covered by cities.
    fn city_sides(&self) -> u8 {
        self.features
            .iter()
            .filter(|f| f.kind == FeatureKind::City)
            .fold(0, |m, f| m | f.sides)
    }

    /// Appends the land: the field, then cities, then roads (the building is the game's).
    pub fn draw_land(&self, out: &mut String) {
        let _ = writeln!(
            out,
            r#"<rect class="field" width="{TILE}" height="{TILE}"/>"#
        );
        for f in self.of_kind(FeatureKind::City) {
            let _ = writeln!(
                out,
                r#"<path class="city" d="{}"/>"#,
                area_outline(f.sides, CITY_BULGE)
            );
            let walls = area_edges(f.sides, CITY_BULGE);
            if !walls.is_empty() {
                let _ = writeln!(out, r#"<path class="wall" d="{walls}"/>"#);
            }
        }
        let roads: Vec<&RimFeature> = self.of_kind(FeatureKind::Road).collect();
        for class in ["road-edge", "road-core"] {
            for f in &roads {
                let _ = writeln!(out, r#"<path class="{class}" d="{}"/>"#, road_path(f.sides));
            }
        }
        let ends = roads.iter().filter(|f| f.sides.count_ones() != 2).count();
        if ends > 0 && !self.has_building() {
            let c = centre();
            let r = 0.06 * TILE;
            let _ = writeln!(
                out,
                r#"<rect class="road-end" x="{}" y="{}" width="{}" height="{}" rx="2"/>"#,
                num(c.x - r),
                num(c.y - r),
                num(2.0 * r),
                num(2.0 * r)
            );
        }
    }

    /// The features of one kind.
    fn of_kind(&self, kind: FeatureKind) -> impl Iterator<Item = &RimFeature> {
        self.features.iter().filter(move |f| f.kind == kind)
    }

    /// Where a meeple on feature `i` stands.
    pub fn meeple_spot(&self, i: usize) -> Pt {
        let Some(f) = self.features.get(i) else {
            return centre();
        };
        match f.kind {
            FeatureKind::City => city_spot(f.sides),
            FeatureKind::Road => road_point(f.sides, if self.has_building() { 0.2 } else { 0.5 }),
            FeatureKind::Field => self.field_spot(f.halves),
            _ => centre() + Pt::new(0.0, 0.04 * TILE),
        }
    }

    /// Where the `k`-th symbol printed on feature `i` goes (a pennant or flag beside the city's
    /// meeple, a post beside the road, an animal beside the field's meeple).
    pub fn mark_spot(&self, i: usize, k: usize) -> Pt {
        let Some(f) = self.features.get(i) else {
            return centre();
        };
        let step = 0.16 * TILE * (k as f64 + 1.0);
        let spot = self.meeple_spot(i);
        let p = match f.kind {
            FeatureKind::City => spot + along_city(f.sides) * step,
            FeatureKind::Road => {
                let at = road_point(f.sides, 0.78);
                at + road_normal(f.sides) * (0.1 * TILE + step - 0.16 * TILE)
            }
            _ => spot + self.field_side_step(spot) * step,
        };
        clamp(p)
    }

    /// The field's direction for a row of symbols beside its meeple: horizontal, towards the
    /// wider side of the tile.
    fn field_side_step(&self, spot: Pt) -> Pt {
        if spot.x <= TILE / 2.0 {
            Pt::new(1.0, 0.0)
        } else {
            Pt::new(-1.0, 0.0)
        }
    }

    /// Where a field meeting `halves` shows its meeple: in a corner it fills (both halves meeting
    /// there are its own), else in the middle of its stretch of rim, kept off the cities.
    fn field_spot(&self, halves: u8) -> Pt {
        let corners = [Corner::NW, Corner::NE, Corner::SW, Corner::SE];
        let road_at = |c: Corner| {
            self.of_kind(FeatureKind::Road)
                .any(|r| r.sides == c.sides()[0].bit() | c.sides()[1].bit())
        };
        let own = |c: Corner| {
            let first = HalfSide::from_index(2 * c.index() + 1);
            let second = HalfSide::from_index(2 * c.index() + 2);
            halves & first.bit() != 0 && halves & second.bit() != 0
        };
        if let Some(c) = corners.into_iter().find(|&c| own(c) && !road_at(c)) {
            return corner_pt(c) + (centre() - corner_pt(c)) * 0.38;
        }
        if let Some(c) = corners.into_iter().find(|&c| own(c)) {
            return corner_pt(c) + (centre() - corner_pt(c)) * 0.3;
        }
        let anchors: Vec<Pt> = HalfSide::ALL
            .into_iter()
            .filter(|h| halves & h.bit() != 0)
            .map(half_anchor)
            .collect();
        if anchors.is_empty() {
            return centre();
        }
        let sum = anchors.iter().fold(Pt::new(0.0, 0.0), |a, &p| a + p);
        let mut p = sum * (1.0 / anchors.len() as f64);
        for side in Side::ALL.into_iter().filter(|&s| has(self.city_sides(), s)) {
            let depth = (p - mid(side)).len().min(depth_from(side, p));
            if depth < 0.37 * TILE {
                p = p - outward(side) * (0.37 * TILE - depth);
            }
        }
        p
    }
}

/// How far `p` lies inside the tile from `side`.
fn depth_from(side: Side, p: Pt) -> f64 {
    match side {
        Side::N => p.y,
        Side::E => TILE - p.x,
        Side::S => TILE - p.y,
        Side::W => p.x,
    }
}

/// A point a little inside the middle of half side `h`.
fn half_anchor(h: HalfSide) -> Pt {
    let side = h.side();
    let (a, b) = (corner_pt(side_start(side)), corner_pt(side_end(side)));
    let along = if h.index().is_multiple_of(2) {
        0.25
    } else {
        0.75
    };
    a + (b - a) * along - outward(side) * (0.15 * TILE)
}

/// Path data of a road touching `sides`.
fn road_path(sides: u8) -> String {
    let list: Vec<Side> = Side::ALL.into_iter().filter(|&s| has(sides, s)).collect();
    match list.as_slice() {
        [a, b] => format!("M{}Q{} {}", mid(*a).xy(), centre().xy(), mid(*b).xy()),
        many => many
            .iter()
            .map(|&s| format!("M{}L{}", mid(s).xy(), centre().xy()))
            .collect(),
    }
}

/// The point at parameter `t` along a road touching `sides` (0: the middle of its first side;
/// for a road ending on the tile, 1 is the centre).
fn road_point(sides: u8, t: f64) -> Pt {
    let list: Vec<Side> = Side::ALL.into_iter().filter(|&s| has(sides, s)).collect();
    match list.as_slice() {
        [] => centre(),
        [a, b] => {
            let t = t.clamp(0.0, 1.0);
            mid(*a) * ((1.0 - t) * (1.0 - t)) + centre() * (2.0 * t * (1.0 - t)) + mid(*b) * (t * t)
        }
        [first, ..] => stem_point(*first, 0.5 * TILE * t.min(0.6)),
    }
}

/// A unit vector across the road near its start (to put things beside it).
fn road_normal(sides: u8) -> Pt {
    let a = road_point(sides, 0.7);
    let b = road_point(sides, 0.9);
    let d = (b - a).unit();
    if d.len() == 0.0 {
        Pt::new(1.0, 0.0)
    } else {
        d.perp()
    }
}

/// The sum of the outward directions of `sides` (zero when they face each other evenly).
fn outward_sum(sides: u8) -> Pt {
    Side::ALL
        .into_iter()
        .filter(|&s| has(sides, s))
        .fold(Pt::new(0.0, 0.0), |acc, s| acc + outward(s))
}

/// Where a meeple stands in a city covering `sides`: in the middle of its area.
fn city_spot(sides: u8) -> Pt {
    let v = outward_sum(sides);
    if v.len() < 1e-9 {
        return centre() - Pt::new(0.08 * TILE, 0.0);
    }
    let reach = match sides.count_ones() {
        1 => 0.36,
        2 => 0.27,
        _ => 0.14,
    };
    centre() + v.unit() * (reach * TILE)
}

/// The direction a city's symbols are laid out in beside its meeple.
fn along_city(sides: u8) -> Pt {
    let v = outward_sum(sides);
    if v.len() < 1e-9 {
        Pt::new(1.0, 0.0)
    } else {
        let p = v.unit().perp();
        if p.x < 0.0 || (p.x == 0.0 && p.y < 0.0) {
            p * -1.0
        } else {
            p
        }
    }
}

/// `p` kept inside the tile, away from its rim.
fn clamp(p: Pt) -> Pt {
    let (lo, hi) = (0.09 * TILE, 0.91 * TILE);
    Pt::new(p.x.clamp(lo, hi), p.y.clamp(lo, hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seg(kind: FeatureKind, sides: u8, halves: u8) -> Segment {
        Segment {
            kind,
            sides,
            halves,
            species: 0,
            animals: 0,
            birds: 0,
            pennants: 0,
            borders: 0,
        }
    }

    #[test]
    fn rotation_turns_sides_and_halves_clockwise() {
        // A city on N and a field on En (half 2): a quarter turn puts them on E and Se (4).
        let t = RimTile::new(
            &[
                seg(FeatureKind::City, Side::N.bit(), 0),
                seg(FeatureKind::Field, 0, 1 << 2),
            ],
            Rotation::new(1),
        );
        assert_eq!(t.features[0].sides, Side::E.bit());
        assert_eq!(t.features[1].halves, 1 << 4);
    }

    #[test]
    fn spots_lie_inside_their_features() {
        // City cap N: its meeple in the north part; a field south of a road E-W in the south.
        let t = RimTile::new(
            &[
                seg(FeatureKind::City, Side::N.bit(), 0),
                seg(FeatureKind::Road, Side::E.bit() | Side::W.bit(), 0),
                seg(FeatureKind::Field, 0, 0b1000_0100),
                seg(FeatureKind::Field, 0, 0b0111_1000),
            ],
            Rotation::default(),
        );
        assert!(t.meeple_spot(0).y < 0.25 * TILE);
        let strip = t.meeple_spot(2);
        assert!(strip.y > 0.3 * TILE && strip.y < 0.5 * TILE, "{strip:?}");
        assert!(t.meeple_spot(3).y > 0.6 * TILE);
        for i in 0..4 {
            for k in 0..3 {
                let p = t.mark_spot(i, k);
                assert!((0.0..=TILE).contains(&p.x) && (0.0..=TILE).contains(&p.y));
            }
        }
    }
}
