//! Per-player statistics: where points came from and the kinds of actions, declared once.

use crate::core::stats::stat_keys;

stat_keys! {
    /// Where points came from.
    points PointSource {
        /// Completed paths (S-6.4).
        Path = "path",
        /// Completed bush, birds included (S-6.4).
        Bush = "bush",
        /// Digging a watering hole (S-8.2).
        HoleDig = "hole_dig",
        /// Extending a watering hole (S-8.3).
        HoleExtend = "hole_extend",
        /// Owning a meeple on a completed watering hole (S-8.4).
        HoleComplete = "hole_complete",
        /// Displacing a vehicle (S-7.3).
        Vehicle = "vehicle",
        /// Incomplete paths and bush at the end (S-10.2).
        FinalFeatures = "final_features",
        /// Tokens left in supply at the end (S-10.3).
        FinalTokens = "final_tokens",
    }

    /// Categories of actions, for statistics and for forbidding actions in ablation studies.
    actions ActionKind {
        /// Tile placements.
        Place = "place",
        /// No action taken.
        Pass = "pass",
        /// Meeple on a path.
        MeeplePath = "meeple_path",
        /// Meeple in bush.
        MeepleBush = "meeple_bush",
        /// Meeple on a baobab.
        MeepleBaobab = "meeple_baobab",
        /// Vehicle moved as the action.
        MoveVehicle = "move_vehicle",
        /// Watering hole dug.
        Dig = "dig",
        /// Watering hole extended.
        Extend = "extend",
        /// Order of completed features chosen.
        ScoreOrder = "score_order",
        /// Boost played.
        Boost = "boost",
        /// Boost declined.
        NoBoost = "no_boost",
        /// Displaced vehicle re-placed.
        ReplaceVehicle = "replace_vehicle",
    }
}
