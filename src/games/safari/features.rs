//! Feature aggregates (per union-find root) and the scoring tables of rules S-6.4 and S-10.2.

use super::options::FinalScoring;
use crate::core::scoring::{majority_mask, presence_mask};
use crate::core::species::species_in_mask;
use crate::core::tile_game::Feature;
use crate::core::tileset::{FeatureKind, Segment};
use crate::core::unionfind::Aggregate;

/// Points for a completed path or bush by number of different species (S-6.4).
pub const SPECIES_POINTS: [i32; 6] = [0, 1, 3, 6, 10, 15];

/// Summary of one connected path or bush, kept at its union-find root.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FeatureAgg {
    /// Edges of the feature that face an empty space. Zero means complete (S-6.2, S-6.3).
    pub open: u16,
    /// Species present (5-bit mask).
    pub species: u8,
    /// Whether it is bush (else a path: the two never join).
    pub bush: bool,
    /// Animals on it, duplicates counted.
    pub animals: u16,
    /// Birds on it.
    pub birds: u16,
    /// Segments (tile pieces) it is made of (fewer than the 256 union-find nodes).
    pub segments: u8,
    /// Meeples on it per seat.
    pub meeples: [u8; 5],
}

impl Aggregate for FeatureAgg {
    fn merge(&mut self, other: &Self) {
        self.open += other.open;
        self.species |= other.species;
        self.animals += other.animals;
        self.birds += other.birds;
        self.segments += other.segments;
        for (a, b) in self.meeples.iter_mut().zip(other.meeples) {
            *a += b;
        }
    }
}

impl Feature for FeatureAgg {
    fn join_edges(&mut self) {
        self.open -= 2;
    }
}

impl FeatureAgg {
    /// The feature of segment `seg` of a tile just placed, before it joins any other: every
    /// side it touches is open.
    pub fn of_segment(seg: &Segment) -> FeatureAgg {
        FeatureAgg {
            open: seg.sides.count_ones() as u16,
            species: seg.species,
            bush: seg.kind == FeatureKind::Bush,
            animals: seg.animals as u16,
            birds: seg.birds as u16,
            segments: 1,
            meeples: [0; 5],
        }
    }

    /// Whether it has no open edge left.
    pub fn is_complete(&self) -> bool {
        self.open == 0
    }

    /// Whether anyone has a meeple on it.
    pub fn is_occupied(&self) -> bool {
        self.meeples.iter().any(|&m| m > 0)
    }

    /// Seats that score it, as a bit mask: the majority holders (S-6.4), or with
    /// [`FinalScoring::All`] at the end, everyone present (S-10.2).
    pub fn scorers(&self, rule: FinalScoring) -> u8 {
        match rule {
            FinalScoring::Majority => majority_mask(&self.meeples),
            FinalScoring::All => presence_mask(&self.meeples),
        }
    }

    /// Points for a completed feature for a player who added `boosts` species (S-6.4, S-6.5):
    /// birds count in bush only.
    pub fn completion_points(&self, boosts: u32) -> i32 {
        let species = (species_in_mask(self.species) + boosts).min(5) as usize;
        SPECIES_POINTS[species] + if self.bush { self.birds as i32 } else { 0 }
    }

    /// Points for an incomplete feature at the end: one per animal and per bird (S-10.2).
    pub fn final_points(&self) -> i32 {
        self.animals as i32 + self.birds as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn s_6_4_majority_and_ties() {
        let f = FeatureAgg {
            meeples: [2, 1, 2, 0, 0],
            ..Default::default()
        };
        assert_eq!(f.scorers(FinalScoring::Majority), 0b101);
        assert_eq!(f.scorers(FinalScoring::All), 0b111);
        assert_eq!(FeatureAgg::default().scorers(FinalScoring::All), 0);
    }

    #[test]
    fn s_6_4_species_table_and_birds() {
        let path = FeatureAgg {
            species: 0b10110,
            birds: 3,
            ..Default::default()
        };
        assert_eq!(path.completion_points(0), 6);
        assert_eq!(path.completion_points(1), 10);
        let bush = FeatureAgg { bush: true, ..path };
        assert_eq!(bush.completion_points(1), 13);
    }
}
