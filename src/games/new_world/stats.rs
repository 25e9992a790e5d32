//! Per-player statistics: where points came from and the kinds of actions, declared once.

use crate::core::stats::stat_keys;

stat_keys! {
    /// Where points came from.
    points PointSource {
        /// N-7: completed trails.
        Trail = "trail",
        /// N-8: completed towns.
        Town = "town",
        /// N-9: completed farms.
        Farm = "farm",
        /// N-12: surveyor bonuses.
        Surveyor = "surveyor",
        /// N-16: incomplete trails at the end.
        FinalTrail = "final_trail",
        /// N-16: incomplete towns at the end.
        FinalTown = "final_town",
        /// N-16: incomplete farms at the end.
        FinalFarm = "final_farm",
        /// N-17: plains animals at the end.
        FinalPlains = "final_plains",
    }

    /// Kinds of actions (statistics, ablations).
    actions ActionKind {
        /// A tile placement.
        Place = "place",
        /// No settler.
        Pass = "pass",
        /// A shopkeeper (town).
        Shopkeeper = "shopkeeper",
        /// A robber (trail).
        Robber = "robber",
        /// A trapper (plains).
        Trapper = "trapper",
        /// A farmer (farm).
        Farmer = "farmer",
        /// The choice of which completed feature is scored next (N-11).
        ScoreOrder = "score_order",
    }
}
