//! Safari decisions: the [`Action`] type and the kinds used for statistics and restrictions.

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

/// Categories of actions, for statistics and for forbidding actions in ablation studies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ActionKind {
    /// Tile placements.
    Place,
    /// No action taken.
    Pass,
    /// Meeple on a path.
    MeeplePath,
    /// Meeple in bush.
    MeepleBush,
    /// Meeple on a baobab.
    MeepleBaobab,
    /// Vehicle moved as the action.
    MoveVehicle,
    /// Watering hole dug.
    Dig,
    /// Watering hole extended.
    Extend,
    /// Order of completed features chosen.
    ScoreOrder,
    /// Boost played.
    Boost,
    /// Boost declined.
    NoBoost,
    /// Displaced vehicle re-placed.
    ReplaceVehicle,
}

impl ActionKind {
    /// Every kind, in column order.
    pub const ALL: [ActionKind; 12] = [
        ActionKind::Place,
        ActionKind::Pass,
        ActionKind::MeeplePath,
        ActionKind::MeepleBush,
        ActionKind::MeepleBaobab,
        ActionKind::MoveVehicle,
        ActionKind::Dig,
        ActionKind::Extend,
        ActionKind::ScoreOrder,
        ActionKind::Boost,
        ActionKind::NoBoost,
        ActionKind::ReplaceVehicle,
    ];

    /// Number of kinds.
    pub const COUNT: usize = Self::ALL.len();

    /// Snake-case name (CSV columns, restriction lists).
    pub const fn name(self) -> &'static str {
        match self {
            ActionKind::Place => "place",
            ActionKind::Pass => "pass",
            ActionKind::MeeplePath => "meeple_path",
            ActionKind::MeepleBush => "meeple_bush",
            ActionKind::MeepleBaobab => "meeple_baobab",
            ActionKind::MoveVehicle => "move_vehicle",
            ActionKind::Dig => "dig",
            ActionKind::Extend => "extend",
            ActionKind::ScoreOrder => "score_order",
            ActionKind::Boost => "boost",
            ActionKind::NoBoost => "no_boost",
            ActionKind::ReplaceVehicle => "replace_vehicle",
        }
    }

    /// Parses a [`ActionKind::name`].
    pub fn from_name(s: &str) -> Option<ActionKind> {
        ActionKind::ALL.into_iter().find(|k| k.name() == s)
    }
}
