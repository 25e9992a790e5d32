//! Per-player statistics: points by source and counts of each action kind.

use super::action::ActionKind;
use crate::core::stats::StatKey;

/// Where points came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PointSource {
    /// Completed roads (C-3).
    Road,
    /// Completed cities, pennants included (C-3).
    City,
    /// Completed monasteries (C-3).
    Monastery,
    /// Incomplete roads at the end (C-4).
    FinalRoad,
    /// Incomplete cities at the end (C-4).
    FinalCity,
    /// Incomplete monasteries at the end (C-4).
    FinalMonastery,
    /// Fields at the end (C-4).
    FinalField,
    /// Points stolen by the player's robber.
    Robbery,
    /// The player's robber still on the track at the end.
    FinalRobber,
    /// The player's castles (B-5).
    Castle,
    /// Bazaar payments, received (positive) and paid (negative) (B-7).
    Bazaar,
}

impl PointSource {
    /// Every source, in column order.
    pub const ALL: [PointSource; 11] = [
        PointSource::Road,
        PointSource::City,
        PointSource::Monastery,
        PointSource::FinalRoad,
        PointSource::FinalCity,
        PointSource::FinalMonastery,
        PointSource::FinalField,
        PointSource::Robbery,
        PointSource::FinalRobber,
        PointSource::Castle,
        PointSource::Bazaar,
    ];

    /// Number of sources.
    pub const COUNT: usize = Self::ALL.len();

    /// Snake-case name (CSV columns).
    pub const fn name(self) -> &'static str {
        match self {
            PointSource::Road => "road",
            PointSource::City => "city",
            PointSource::Monastery => "monastery",
            PointSource::FinalRoad => "final_road",
            PointSource::FinalCity => "final_city",
            PointSource::FinalMonastery => "final_monastery",
            PointSource::FinalField => "final_field",
            PointSource::Robbery => "robbery",
            PointSource::FinalRobber => "final_robber",
            PointSource::Castle => "castle",
            PointSource::Bazaar => "bazaar",
        }
    }
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

/// Statistics of one player in one game: points per [`PointSource`] and count per
/// [`ActionKind`] (index = declaration order).
pub type PlayerStats = crate::core::stats::PlayerStats<
    PointSource,
    ActionKind,
    { PointSource::COUNT },
    { ActionKind::COUNT },
>;
