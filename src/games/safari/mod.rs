//! Carcassonne Safari (rules: `rules/safari.md`, ids `S-…`).
//!
//! [`SafariState`] is a complete position; it implements [`Game`]. A turn is a sequence of
//! decisions ([`Phase`]): place the drawn tile, take one action, then — while scoring — choose
//! the order of completed features, boost them, and re-place a displaced vehicle.

mod action;
mod def;
mod eval;
mod features;
mod holes;
mod legal;
mod notation;
mod options;
mod rules;
mod sample;
mod setup;
mod state;
mod stats;
mod turn;

pub use action::{Action, ActionKind};
pub use eval::{DEFAULT_EVAL_WEIGHTS, EVAL_TERM_NAMES};
pub use features::{FeatureAgg, SPECIES_POINTS};
pub use holes::VertexTokens;
pub use options::{FinalScoring, OptionError, Options, OPTION_KEYS};
pub use setup::{builtin_tiles, ResolvedSetup, Setup, SetupError, PLAYER_RANGE};
pub use state::{Cell, Corners, Phase, PlacedMeeple, Safari, SafariState, Spot, MAX_PLAYERS};
pub use stats::{PlayerStats, PointSource};

/// [`ActionKind`] names in index order.
pub(super) const ACTION_KIND_NAMES: [&str; ActionKind::COUNT] = {
    let mut names = [""; ActionKind::COUNT];
    let mut i = 0;
    while i < ActionKind::COUNT {
        names[i] = ActionKind::ALL[i].name();
        i += 1;
    }
    names
};

/// Statistics columns: `points_<source>` for every [`PointSource`], then `actions_<kind>`
/// for every [`ActionKind`].
pub(super) const STAT_NAMES: [&str; 20] = [
    "points_path",
    "points_bush",
    "points_hole_dig",
    "points_hole_extend",
    "points_hole_complete",
    "points_vehicle",
    "points_final_features",
    "points_final_tokens",
    "actions_place",
    "actions_pass",
    "actions_meeple_path",
    "actions_meeple_bush",
    "actions_meeple_baobab",
    "actions_move_vehicle",
    "actions_dig",
    "actions_extend",
    "actions_score_order",
    "actions_boost",
    "actions_no_boost",
    "actions_replace_vehicle",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stat_names_follow_sources_and_kinds() {
        let expected: Vec<String> = PointSource::ALL
            .iter()
            .map(|s| format!("points_{}", s.name()))
            .chain(
                ActionKind::ALL
                    .iter()
                    .map(|k| format!("actions_{}", k.name())),
            )
            .collect();
        assert_eq!(STAT_NAMES.to_vec(), expected);
        assert_eq!(ACTION_KIND_NAMES[ActionKind::Dig as usize], "dig");
    }
}
