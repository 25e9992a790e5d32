//! Feature aggregates (per union-find root) and the scoring tables of rules C-3 and C-4.

use super::state::MAX_PLAYERS;
use crate::core::scoring::majority_mask;
use crate::core::shared_tiles::joined_tile_count;
use crate::core::tile_game::Feature;
use crate::core::tileset::{FeatureKind, Segment};
use crate::core::unionfind::Aggregate;

/// C-3: points per tile of a completed city (and per pennant in it).
pub const CITY_POINTS: i32 = 2;

/// C-3: points for a completed monastery.
pub const MONASTERY_POINTS: i32 = 9;

/// C-4: points per completed city bordering a field.
pub const FIELD_CITY_POINTS: i32 = 3;

/// B-6: points per castle bordering a field (instead of [`FIELD_CITY_POINTS`]).
pub const FIELD_CASTLE_POINTS: i32 = 4;

/// Summary of one connected road, city, field or monastery, kept at its union-find root.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FeatureAgg {
    /// Road and city edges that face an empty space; zero means complete (C-3). Always zero
    /// for fields and monasteries.
    pub open: u8,
    /// Distinct tiles of a road or city (1 for a monastery, 0 for a field: fields never
    /// count tiles).
    pub tiles: u8,
    /// Pennants in a city.
    pub pennants: u8,
    /// Meeples on it per seat.
    pub meeples: [u8; MAX_PLAYERS],
    /// Bit per placed tile with several roads or cities (numbered in placement order) that
    /// has a segment in this road or city: a tile counts once per feature (C-3), and two
    /// joined features share a tile exactly when they share one of these bits.
    pub shared: u32,
    /// For a field: bit per completed city (numbered in order of completion) that borders it.
    pub cities: u32,
}

impl Aggregate for FeatureAgg {
    fn merge(&mut self, other: &Self) {
        self.open += other.open;
        self.tiles = joined_tile_count((self.tiles, self.shared), (other.tiles, other.shared));
        self.pennants += other.pennants;
        for (a, b) in self.meeples.iter_mut().zip(other.meeples) {
            *a += b;
        }
        self.shared |= other.shared;
        self.cities |= other.cities;
    }
}

impl Feature for FeatureAgg {
    fn join_edges(&mut self) {
        self.open -= 2;
    }
}

impl FeatureAgg {
    /// The aggregate of segment `seg` of a tile just placed, whose bit among the tiles with
    /// several roads or cities is `shared` (0 for none): roads and cities count their open
    /// edges, the tile and their pennants, a monastery its tile.
    pub fn of_segment(seg: &Segment, shared: u32) -> FeatureAgg {
        match seg.kind {
            FeatureKind::Road | FeatureKind::City => FeatureAgg {
                open: seg.sides.count_ones() as u8,
                tiles: 1,
                pennants: seg.pennants,
                shared,
                ..FeatureAgg::default()
            },
            FeatureKind::Monastery => FeatureAgg {
                tiles: 1,
                ..FeatureAgg::default()
            },
            _ => FeatureAgg::default(),
        }
    }

    /// Whether a road or city has no open edge left.
    pub fn is_complete(&self) -> bool {
        self.open == 0
    }

    /// Whether anyone has a meeple on it.
    pub fn is_occupied(&self) -> bool {
        self.meeples.iter().any(|&m| m > 0)
    }

    /// Seats with the most meeples on it, as a bit mask (0 when nobody is on it): they all
    /// score in full (C-3, C-4).
    pub fn scorers(&self) -> u8 {
        majority_mask(&self.meeples)
    }

    /// Number of completed cities bordering a field.
    pub fn bordering_cities(&self) -> u32 {
        self.cities.count_ones()
    }

    /// C-3: points for a completed road (1 per tile), city (2 per tile and per pennant) or
    /// monastery (9). Fields are never completed.
    pub fn completion_points(&self, kind: FeatureKind) -> i32 {
        match kind {
            FeatureKind::Road => self.tiles as i32,
            FeatureKind::City => CITY_POINTS * (self.tiles as i32 + self.pennants as i32),
            FeatureKind::Monastery => MONASTERY_POINTS,
            _ => 0,
        }
    }

    /// C-4, B-6: points at the end for a field: 3 per completed city bordering it, 4 per
    /// castle (`castles`: the bits of [`FeatureAgg::cities`] that are castles).
    pub fn field_points(&self, castles: u32) -> i32 {
        FIELD_CITY_POINTS * (self.cities & !castles).count_ones() as i32
            + FIELD_CASTLE_POINTS * (self.cities & castles).count_ones() as i32
    }

    /// C-4: points at the end for an incomplete road (1 per tile), city (1 per tile and per
    /// pennant), a monastery with `neighbours` of its 8 neighbours placed (1 plus 1 each), or
    /// a field (3 per completed city bordering it).
    pub fn final_points(&self, kind: FeatureKind, neighbours: u8) -> i32 {
        match kind {
            FeatureKind::Road => self.tiles as i32,
            FeatureKind::City => self.tiles as i32 + self.pennants as i32,
            FeatureKind::Monastery => 1 + neighbours as i32,
            FeatureKind::Field => self.field_points(0),
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_3_majority_and_ties_score_in_full() {
        let f = FeatureAgg {
            meeples: [2, 1, 2, 0, 0],
            ..Default::default()
        };
        assert_eq!(f.scorers(), 0b101);
        assert_eq!(FeatureAgg::default().scorers(), 0);
    }

    #[test]
    fn c_3_and_c_4_points() {
        let city = FeatureAgg {
            tiles: 4,
            pennants: 2,
            ..Default::default()
        };
        assert_eq!(city.completion_points(FeatureKind::City), 12);
        assert_eq!(city.final_points(FeatureKind::City, 0), 6);
        assert_eq!(city.completion_points(FeatureKind::Road), 4);
        assert_eq!(city.final_points(FeatureKind::Road, 0), 4);
        assert_eq!(city.completion_points(FeatureKind::Monastery), 9);
        assert_eq!(city.final_points(FeatureKind::Monastery, 5), 6);
        let field = FeatureAgg {
            cities: 0b1011,
            ..Default::default()
        };
        assert_eq!(field.final_points(FeatureKind::Field, 0), 9);
        assert_eq!(field.field_points(0b10), 10, "B-6: a castle counts 4");
    }

    #[test]
    fn c_3_joined_features_count_a_shared_tile_once() {
        // Two pieces of one road, each holding a segment of the same junction tile (bit 0).
        let mut a = FeatureAgg {
            tiles: 2,
            shared: 0b01,
            ..Default::default()
        };
        let b = FeatureAgg {
            tiles: 3,
            shared: 0b11,
            ..Default::default()
        };
        a.merge(&b);
        assert_eq!((a.tiles, a.shared), (4, 0b11));
    }
}
