//! Actions, action kinds and per-player statistics.

use super::state::Node;
use crate::core::geom::{Coord, Rotation};
use crate::core::stats::StatKey;

/// One choice at one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// N-4: put the drawn tile at `at`, turned by `rot`.
    Place {
        /// Where.
        at: Coord,
        /// How it is turned.
        rot: Rotation,
    },
    /// N-5: deploy no settler.
    Pass,
    /// N-5: deploy a settler on segment `segment` of the tile just placed.
    Settler {
        /// Segment index in the tile's layout.
        segment: u8,
    },
    /// N-11: of the features the tile completed, score the one named by `node` next (see
    /// [`Completed::node`](super::Completed::node)).
    Score {
        /// The feature's naming node.
        node: Node,
    },
}

/// Kinds of actions (statistics, ablations).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ActionKind {
    /// A tile placement.
    Place,
    /// No settler.
    Pass,
    /// A shopkeeper (town).
    Shopkeeper,
    /// A robber (trail).
    Robber,
    /// A trapper (plains).
    Trapper,
    /// A farmer (farm).
    Farmer,
    /// The choice of which completed feature is scored next (N-11).
    ScoreOrder,
}

impl ActionKind {
    /// Every kind, in index order.
    pub const ALL: [ActionKind; 7] = [
        ActionKind::Place,
        ActionKind::Pass,
        ActionKind::Shopkeeper,
        ActionKind::Robber,
        ActionKind::Trapper,
        ActionKind::Farmer,
        ActionKind::ScoreOrder,
    ];
    /// Number of kinds.
    pub const COUNT: usize = Self::ALL.len();
    /// Names in index order.
    pub const NAMES: [&'static str; 7] = [
        "place",
        "pass",
        "shopkeeper",
        "robber",
        "trapper",
        "farmer",
        "score_order",
    ];
}

/// Where points came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PointSource {
    /// N-7: completed trails.
    Trail,
    /// N-8: completed towns.
    Town,
    /// N-9: completed farms.
    Farm,
    /// N-12: surveyor bonuses.
    Surveyor,
    /// N-16: incomplete trails at the end.
    FinalTrail,
    /// N-16: incomplete towns at the end.
    FinalTown,
    /// N-16: incomplete farms at the end.
    FinalFarm,
    /// N-17: plains animals at the end.
    FinalPlains,
}

impl PointSource {
    /// Number of sources.
    pub const COUNT: usize = 8;
}

impl StatKey for PointSource {
    fn index(self) -> usize {
        self as usize
    }
}

impl StatKey for ActionKind {
    fn index(self) -> usize {
        self as usize
    }
}

/// Statistics of one player: points per [`PointSource`], count per [`ActionKind`].
pub type PlayerStats = crate::core::stats::PlayerStats<
    PointSource,
    ActionKind,
    { PointSource::COUNT },
    { ActionKind::COUNT },
>;

/// Statistics columns: points per source, then actions per kind.
pub const STAT_NAMES: [&str; PointSource::COUNT + ActionKind::COUNT] = [
    "points_trail",
    "points_town",
    "points_farm",
    "points_surveyor",
    "points_final_trail",
    "points_final_town",
    "points_final_farm",
    "points_final_plains",
    "actions_place",
    "actions_pass",
    "actions_shopkeeper",
    "actions_robber",
    "actions_trapper",
    "actions_farmer",
    "actions_score_order",
];
