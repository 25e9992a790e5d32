//! Per-player statistics: points by source and counts of each action kind.

use super::action::ActionKind;

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
}

impl PointSource {
    /// Every source, in column order.
    pub const ALL: [PointSource; 7] = [
        PointSource::Road,
        PointSource::City,
        PointSource::Monastery,
        PointSource::FinalRoad,
        PointSource::FinalCity,
        PointSource::FinalMonastery,
        PointSource::FinalField,
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
        }
    }
}

/// Statistics of one player in one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayerStats {
    /// Points per [`PointSource`] (index = declaration order).
    pub points: [i32; PointSource::COUNT],
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
