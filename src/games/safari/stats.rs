//! Per-player statistics: points by source and counts of each action kind.

use super::action::ActionKind;

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

/// Statistics of one player in one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayerStats {
    /// Points per [`PointSource`] (index = declaration order).
    pub points: [i32; 8],
    /// Count per [`ActionKind`] (index = declaration order).
    pub actions: [u16; ActionKind::COUNT],
}

impl PlayerStats {
    /// Points from `source`.
    pub fn points_from(&self, source: PointSource) -> i32 {
        self.points[source as usize]
    }

    /// How many times the player took an action of `kind`.
    pub fn count(&self, kind: ActionKind) -> u16 {
        self.actions[kind as usize]
    }

    /// Sum over all sources (equals the player's score).
    pub fn total_points(&self) -> i32 {
        self.points.iter().sum()
    }
}
