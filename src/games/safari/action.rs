//! Safari decisions: the [`Action`] type (its kinds are in `stats.rs`).

use crate::core::geom::{Coord, Corner, Rotation};
use crate::core::species::Species;

/// One choice at one Safari decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// S-4: place the drawn tile at `at` with rotation `rot`.
    Place {
        /// Target cell (on the frontier).
        at: Coord,
        /// Clockwise rotation.
        rot: Rotation,
    },
    /// S-5: take no action this turn.
    Pass,
    /// S-5.1: put a meeple on segment `segment` of the tile just placed.
    Meeple {
        /// Segment index within the tile's variant.
        segment: u8,
    },
    /// S-5.2: lay a meeple on the baobab of the tile just placed (draws 2 tokens).
    Baobab,
    /// S-5.3: move vehicle `vehicle` to `to`.
    MoveVehicle {
        /// Vehicle index (0 or 1).
        vehicle: u8,
        /// Destination space.
        to: Coord,
    },
    /// S-8.2: dig a watering hole with a token of `species` at a corner of the tile at `at`.
    Dig {
        /// Tile whose corner slot is used.
        at: Coord,
        /// The corner.
        corner: Corner,
        /// Species of the token played.
        species: Species,
    },
    /// S-8.3: extend a watering hole with a token of `species`.
    Extend {
        /// Tile whose corner slot is used.
        at: Coord,
        /// The corner.
        corner: Corner,
        /// Species of the token played.
        species: Species,
    },
    /// S-6.8: resolve next the completed feature containing `segment` of the tile just placed.
    ScoreFirst {
        /// Segment index within the tile's variant.
        segment: u8,
    },
    /// S-6.5: boost the feature being scored with a token of `species`.
    Boost {
        /// Species of the discarded token.
        species: Species,
    },
    /// S-6.5: decline to boost.
    NoBoost,
    /// S-7.3: put the displaced vehicle on `to`.
    ReplaceVehicle {
        /// Destination space.
        to: Coord,
    },
}
