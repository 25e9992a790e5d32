//! Carcassonne decisions: the [`Action`] type and the kinds used for statistics and
//! restrictions.

use super::state::CarcassonneState;
use crate::core::geom::{Coord, Rotation};
use crate::core::tileset::FeatureKind;

/// One choice at one Carcassonne decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// C-2: place the drawn tile at `at` with rotation `rot`.
    Place {
        /// Target cell (on the frontier).
        at: Coord,
        /// Clockwise rotation.
        rot: Rotation,
    },
    /// C-2: place no meeple this turn.
    Pass,
    /// C-2: put a meeple on segment `segment` (road, city, field or monastery) of the tile
    /// just placed.
    Meeple {
        /// Segment index within the tile's variant.
        segment: u8,
    },
}

/// Categories of actions, for statistics and for forbidding actions in ablation studies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ActionKind {
    /// Tile placements.
    Place,
    /// No meeple placed.
    Pass,
    /// Meeple on a road.
    MeepleRoad,
    /// Meeple in a city.
    MeepleCity,
    /// Meeple on a monastery.
    MeepleMonastery,
    /// Meeple in a field (a farmer).
    MeepleField,
}

impl ActionKind {
    /// Every kind, in column order.
    pub const ALL: [ActionKind; 6] = [
        ActionKind::Place,
        ActionKind::Pass,
        ActionKind::MeepleRoad,
        ActionKind::MeepleCity,
        ActionKind::MeepleMonastery,
        ActionKind::MeepleField,
    ];

    /// Number of kinds.
    pub const COUNT: usize = Self::ALL.len();

    /// Snake-case name (CSV columns, restriction lists).
    pub const fn name(self) -> &'static str {
        match self {
            ActionKind::Place => "place",
            ActionKind::Pass => "pass",
            ActionKind::MeepleRoad => "meeple_road",
            ActionKind::MeepleCity => "meeple_city",
            ActionKind::MeepleMonastery => "meeple_monastery",
            ActionKind::MeepleField => "meeple_field",
        }
    }

    /// The kind of putting a meeple on a feature of `kind`.
    pub fn meeple_on(kind: FeatureKind) -> ActionKind {
        match kind {
            FeatureKind::City => ActionKind::MeepleCity,
            FeatureKind::Monastery => ActionKind::MeepleMonastery,
            FeatureKind::Field => ActionKind::MeepleField,
            _ => ActionKind::MeepleRoad,
        }
    }
}

impl CarcassonneState {
    /// The kind of `action` taken in this position.
    pub fn kind_of(&self, action: &Action) -> ActionKind {
        match action {
            Action::Place { .. } => ActionKind::Place,
            Action::Pass => ActionKind::Pass,
            Action::Meeple { segment } => ActionKind::meeple_on(
                self.variant_of(self.last_cell()).segments[*segment as usize].kind,
            ),
        }
    }
}
