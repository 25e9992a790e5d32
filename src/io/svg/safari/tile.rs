//! One placed tile drawn in its own square (`0..TILE`, north up, y down): savanna, bush, paths,
//! the baobab, animals, birds and the meeples standing on it.
//!
//! Geometry: a bush is the region between the tile sides it touches and curves that cut inward
//! across the sides it does not touch, so two bushes of one tile never share area. A path runs
//! from the middle of each side it touches towards the centre: two sides are joined by a curve,
//! three or four meet in the centre, one side ends short of the centre in a dead-end dot.

use super::glyph::{badge, baobab, bird, meeple, MeepleMark};
use crate::core::geom::{Corner, Side};
use crate::core::species::{Species, SpeciesCounts};
use crate::core::tileset::FeatureKind;
use crate::io::svg::glyph::{num, Pt};
use crate::io::svg::square::{
    area_outline, centre, corner_pt, has, mid, outward, quadrant, stem_point,
};
pub(super) use crate::io::svg::TILE;
use std::fmt::Write as _;

/// Radius of an animal badge.
const BADGE_R: f64 = 0.058 * TILE;

/// Space an animal badge takes in a row.
const BADGE_STEP: f64 = 0.13 * TILE;

/// Space a meeple takes in a row.
const MEEPLE_STEP: f64 = 0.2 * TILE;

/// Scale of a meeple glyph on a tile.
const MEEPLE_SCALE: f64 = 1.1;

/// How far a meeple in a bush stands off the row of animals, away from the birds' row.
const MEEPLE_INSET: f64 = 0.06 * TILE;

/// Length of a dead-end path from the tile side.
const DEAD_END: f64 = 0.25 * TILE;

/// How far beside a dead end its meeple stands.
const DEAD_END_BESIDE: f64 = 0.14 * TILE;

/// How far a curve across a side not covered by bush reaches into the tile, as a multiple of
/// the distance from the side's middle to the centre (1.2 → 0.3 of the tile).
const BUSH_BULGE: f64 = 1.2;

/// A path or bush as it lies on the board (sides after rotation).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct PlacedFeature {
    /// Path or bush.
    pub kind: FeatureKind,
    /// Sides touched on the board (4-bit mask, bit `Side::index`).
    pub sides: u8,
    /// Animals printed on it.
    pub animals: SpeciesCounts,
    /// Birds printed on it.
    pub birds: u8,
    /// Seats of the meeples standing on this segment.
    pub meeples: Vec<usize>,
}

/// Everything drawn inside one tile square.
#[derive(Clone, Debug, PartialEq, Default)]
pub(super) struct TileContent {
    /// Paths and bushes.
    pub features: Vec<PlacedFeature>,
    /// Whether a baobab stands on it.
    pub baobab: bool,
    /// Seats of the meeples lying on the baobab.
    pub baobab_meeples: Vec<usize>,
    /// Corners that show bush by the tile data alone (4-bit mask, bit `Corner::index`).
    pub bush_corners: u8,
}

/// Appends the tile's picture (local coordinates) to `out`.
pub(super) fn draw_tile(out: &mut String, t: &TileContent) {
    draw_land(out, t);
    let tree = t.baobab.then(|| baobab_spot(t));
    if let Some(at) = tree {
        baobab(out, at, 0.3 * TILE);
    }
    for f in &t.features {
        draw_items(out, f, tree);
    }
    for at in tree.iter() {
        for &p in &t.baobab_meeples {
            let on_crown = *at + Pt::new(0.0, -3.0);
            meeple(out, on_crown, p, MEEPLE_SCALE, MeepleMark::Baobab);
        }
    }
}

/// Savanna, bush (marked corners, then areas) and paths.
fn draw_land(out: &mut String, t: &TileContent) {
    let _ = writeln!(
        out,
        r#"<rect class="savanna" width="{TILE}" height="{TILE}"/>"#
    );
    let marked = Corner::ALL
        .into_iter()
        .filter(|c| t.bush_corners & c.bit() != 0);
    for c in marked {
        let _ = writeln!(out, r#"<path class="bush" d="{}"/>"#, corner_bush(c));
    }
    let (bushes, paths): (Vec<&PlacedFeature>, Vec<&PlacedFeature>) =
        t.features.iter().partition(|f| f.kind == FeatureKind::Bush);
    for f in bushes {
        let _ = writeln!(
            out,
            r#"<path class="bush" d="{}"/>"#,
            area_outline(f.sides, BUSH_BULGE)
        );
    }
    for f in paths {
        draw_path(out, f.sides);
    }
}

/// A small bush patch in a corner that the tile data marks as bush.
fn corner_bush(c: Corner) -> String {
    let p = corner_pt(c);
    let [a, b] = c.sides();
    let along = |s: Side| p + (mid(s) - p) * 0.36;
    let (u, v) = (along(a), along(b));
    let ctrl = p + (centre() - p) * 0.3;
    format!("M{}L{}Q{} {}Z", p.xy(), u.xy(), ctrl.xy(), v.xy())
}

/// Draws a path touching `sides` (an edge stroke under a lighter core).
fn draw_path(out: &mut String, sides: u8) {
    let list: Vec<Side> = Side::ALL.into_iter().filter(|&s| has(sides, s)).collect();
    let d = match list.as_slice() {
        [] => return,
        [one] => format!("M{}L{}", mid(*one).xy(), stem_point(*one, DEAD_END).xy()),
        [a, b] => format!("M{}Q{} {}", mid(*a).xy(), centre().xy(), mid(*b).xy()),
        many => many
            .iter()
            .map(|&s| format!("M{}L{}", mid(s).xy(), centre().xy()))
            .collect(),
    };
    for class in ["path-edge", "path-core"] {
        let _ = writeln!(out, r#"<path class="{class}" d="{d}"/>"#);
    }
    if let [one] = list.as_slice() {
        let end = stem_point(*one, DEAD_END);
        let _ = writeln!(
            out,
            r#"<circle class="dead-end" cx="{}" cy="{}" r="{}"/>"#,
            num(end.x),
            num(end.y),
            num(0.04 * TILE)
        );
    }
}

/// Where the baobab stands: the centre if nothing crosses it, else a free quarter.
fn baobab_spot(t: &TileContent) -> Pt {
    let crowded = |f: &PlacedFeature| f.sides.count_ones() >= 2;
    if !t.features.iter().any(crowded) {
        return centre();
    }
    [Corner::NW, Corner::NE, Corner::SW, Corner::SE]
        .into_iter()
        .find(|&c| quadrant_free(t, c))
        .map_or(centre(), quadrant)
}

/// Whether nothing is drawn in the quarter towards `c`.
fn quadrant_free(t: &TileContent, c: Corner) -> bool {
    let [a, b] = c.sides();
    let both = a.bit() | b.bit();
    t.features.iter().all(|f| {
        if f.kind == FeatureKind::Bush {
            f.sides & both == 0
        } else {
            f.sides != both
        }
    })
}

/// Draws a feature's animals, birds and meeples on it.
fn draw_items(out: &mut String, f: &PlacedFeature, tree: Option<Pt>) {
    let animals: Vec<Species> = Species::ALL
        .into_iter()
        .flat_map(|s| std::iter::repeat_n(s, usize::from(f.animals.get(s))))
        .collect();
    let spots = if f.kind == FeatureKind::Bush {
        bush_spots(f.sides, animals.len(), f.birds, !f.meeples.is_empty())
    } else {
        path_spots(f.sides, animals.len(), tree)
    };
    for (s, at) in animals.iter().zip(&spots.animals) {
        badge(out, *at, BADGE_R, *s, "animal");
    }
    for at in &spots.birds {
        bird(out, *at);
    }
    for &p in &f.meeples {
        meeple(out, spots.meeple, p, MEEPLE_SCALE, MeepleMark::Feature);
    }
}

/// Positions of a feature's contents.
struct Spots {
    /// One place per animal, in species order.
    animals: Vec<Pt>,
    /// One place per bird.
    birds: Vec<Pt>,
    /// Where meeples on the feature stand.
    meeple: Pt,
}

/// Animals along the path, the meeple on it (beside a dead end, away from the baobab).
fn path_spots(sides: u8, animals: usize, tree: Option<Pt>) -> Spots {
    let list: Vec<Side> = Side::ALL.into_iter().filter(|&s| has(sides, s)).collect();
    match list.as_slice() {
        [one] => {
            let depths: &[f64] = if animals == 1 {
                &[0.13]
            } else {
                &[0.075, 0.19]
            };
            let beside = dead_end_side(*one, tree);
            Spots {
                animals: depths.iter().map(|&d| stem_point(*one, d * TILE)).collect(),
                birds: Vec::new(),
                meeple: stem_point(*one, 0.14 * TILE) + outward(beside) * DEAD_END_BESIDE,
            }
        }
        [a, b] => {
            let curve = |t: f64| {
                mid(*a) * ((1.0 - t) * (1.0 - t))
                    + centre() * (2.0 * t * (1.0 - t))
                    + mid(*b) * (t * t)
            };
            Spots {
                animals: [0.2, 0.8, 0.35, 0.65].into_iter().map(curve).collect(),
                birds: Vec::new(),
                meeple: curve(0.5),
            }
        }
        many => Spots {
            animals: (0..animals)
                .map(|k| stem_point(many[k % many.len()], 0.25 * TILE))
                .collect(),
            birds: Vec::new(),
            meeple: centre(),
        },
    }
}

/// The neighbouring side a dead end's meeple stands towards: the one whose quarter is farther
/// from the baobab.
fn dead_end_side(side: Side, tree: Option<Pt>) -> Side {
    let left = Side::from_index(side.index() + 3);
    let right = Side::from_index(side.index() + 1);
    let Some(tree) = tree else { return left };
    let dist =
        |s: Side| (stem_point(side, 0.14 * TILE) + outward(s) * DEAD_END_BESIDE - tree).len();
    if dist(left) >= dist(right) {
        left
    } else {
        right
    }
}

/// Animals and the meeple in a row through the bush's middle (the meeple a little off it, away
/// from the birds), birds in a row nearer the bush's edge.
fn bush_spots(sides: u8, animals: usize, birds: u8, with_meeple: bool) -> Spots {
    let list: Vec<Side> = Side::ALL.into_iter().filter(|&s| has(sides, s)).collect();
    let v = list
        .iter()
        .fold(Pt::new(0.0, 0.0), |acc, &s| acc + outward(s));
    let (p, d, bird_row) = if v.len() > 1e-9 {
        let vh = v.unit();
        // How far the middle row lies towards the bush's sides, and the birds' row beyond it
        // (farther in a corner bush, whose diagonal rows leave a meeple less room).
        let (reach, birds_beyond) = match list.len() {
            1 => (0.36, 0.075),
            2 => (0.354, 0.11),
            _ => (0.12, 0.075),
        };
        let p = centre() + vh * (reach * TILE);
        (p, vh.perp(), p + vh * (birds_beyond * TILE))
    } else {
        let d = if has(sides, Side::N) {
            Pt::new(0.0, 1.0)
        } else {
            Pt::new(1.0, 0.0)
        };
        (centre(), d, centre() + d.perp() * (0.12 * TILE))
    };
    let mut widths = vec![BADGE_STEP; animals];
    if with_meeple {
        widths.push(MEEPLE_STEP);
    }
    let mut placed = row(p, d, &widths);
    let away_from_birds = (p - bird_row).unit() * MEEPLE_INSET;
    let meeple = if with_meeple {
        placed.pop().unwrap_or(p) + away_from_birds
    } else {
        p
    };
    Spots {
        animals: placed,
        birds: row(bird_row, d, &vec![0.1 * TILE; usize::from(birds)]),
        meeple,
    }
}

/// Centres of items of the given widths laid end to end along `d`, centred on `p`.
fn row(p: Pt, d: Pt, widths: &[f64]) -> Vec<Pt> {
    let total: f64 = widths.iter().sum();
    let mut at = -total / 2.0;
    widths
        .iter()
        .map(|w| {
            let c = p + d * (at + w / 2.0);
            at += w;
            c
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether a meeple glyph at `m` overlaps a box of half-sizes `(hx, hy)` centred at `c`.
    /// The glyph is modelled as its head's box over its body's box (the outline of
    /// `glyph::meeple` at `MEEPLE_SCALE`).
    fn hits_meeple(m: Pt, c: Pt, (hx, hy): (f64, f64)) -> bool {
        let k = MEEPLE_SCALE;
        let boxes = [
            (-3.3 * k, 3.3 * k, -9.6 * k, -3.0 * k),
            (-9.8 * k, 9.8 * k, -3.0 * k, 9.4 * k),
        ];
        boxes.iter().any(|&(x0, x1, y0, y1)| {
            c.x + hx > m.x + x0 && c.x - hx < m.x + x1 && c.y + hy > m.y + y0 && c.y - hy < m.y + y1
        })
    }

    #[test]
    fn a_meeple_in_a_bush_overlaps_no_bird_or_animal() {
        for sides in 1..=15u8 {
            for animals in 0..=2 {
                for birds in 0..=2 {
                    let spots = bush_spots(sides, animals, birds, true);
                    for b in &spots.birds {
                        assert!(
                            !hits_meeple(spots.meeple, *b + Pt::new(0.0, -0.5), (5.0, 2.0)),
                            "sides {sides:04b}, {animals} animals, {birds} birds: bird at {b:?}, meeple at {:?}",
                            spots.meeple
                        );
                    }
                    for a in &spots.animals {
                        // The badge's inscribed square: a circle of radius BADGE_R reaches it.
                        let half = BADGE_R * std::f64::consts::FRAC_1_SQRT_2;
                        assert!(
                            !hits_meeple(spots.meeple, *a, (half, half)),
                            "sides {sides:04b}, {animals} animals, {birds} birds: animal at {a:?}, meeple at {:?}",
                            spots.meeple
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn rows_are_centred() {
        let r = row(Pt::new(0.0, 0.0), Pt::new(1.0, 0.0), &[2.0, 2.0]);
        assert_eq!(r, vec![Pt::new(-1.0, 0.0), Pt::new(1.0, 0.0)]);
    }
}
