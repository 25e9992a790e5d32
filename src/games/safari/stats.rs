//! Per-player statistics: points by source and counts of each action kind.

use super::action::ActionKind;
use crate::core::stats::StatKey;

/// Where points came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PointSource {
    /// Completed paths (S-6.4).
    Path,
    /// Completed bush, birds included (S-6.4).
    Bush,
    /// Digging a watering hole (S-8.2).
    HoleDig,
    /// Extending a watering hole (S-8.3).
    HoleExtend,
    /// Owning a meeple on a completed watering hole (S-8.4).
    HoleComplete,
    /// Displacing a vehicle (S-7.3).
    Vehicle,
    /// Incomplete paths and bush at the end (S-10.2).
    FinalFeatures,
    /// Tokens left in supply at the end (S-10.3).
    FinalTokens,
}

impl PointSource {
    /// Every source, in column order.
    pub const ALL: [PointSource; 8] = [
        PointSource::Path,
        PointSource::Bush,
        PointSource::HoleDig,
        PointSource::HoleExtend,
        PointSource::HoleComplete,
        PointSource::Vehicle,
        PointSource::FinalFeatures,
        PointSource::FinalTokens,
    ];

    /// Snake-case name (CSV columns).
    pub fn name(self) -> &'static str {
        match self {
            PointSource::Path => "path",
            PointSource::Bush => "bush",
            PointSource::HoleDig => "hole_dig",
            PointSource::HoleExtend => "hole_extend",
            PointSource::HoleComplete => "hole_complete",
            PointSource::Vehicle => "vehicle",
            PointSource::FinalFeatures => "final_features",
            PointSource::FinalTokens => "final_tokens",
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
    { PointSource::ALL.len() },
    { ActionKind::COUNT },
>;
