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
pub use state::{Cell, Phase, PlacedMeeple, SafariState, Spot, MAX_PLAYERS};
pub use stats::{PlayerStats, PointSource};

use crate::core::game::{Game, EVAL_TERMS};
use crate::core::rng::{rng_from_seed, shuffle, GameRng};
use rand_core::RngCore;

impl Game for SafariState {
    type Action = Action;

    fn num_players(&self) -> usize {
        self.players()
    }

    fn to_move(&self) -> Option<usize> {
        (self.phase != Phase::GameOver).then_some(self.decider as usize)
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal_actions_into(out);
    }

    fn apply(&mut self, action: Action) {
        self.apply_action(action);
    }

    fn random_action(&self, rng: &mut GameRng, scratch: &mut Vec<Action>) -> Action {
        self.random_action_with(rng, scratch)
    }

    fn scores(&self) -> &[i32] {
        &self.scores[..self.players()]
    }

    fn turn(&self) -> usize {
        self.turn as usize
    }

    fn action_kind_names() -> &'static [&'static str] {
        &ACTION_KIND_NAMES
    }

    fn action_kind(&self, action: &Action) -> usize {
        self.kind_of(action) as usize
    }

    fn eval_term_names() -> &'static [&'static str] {
        &EVAL_TERM_NAMES
    }

    fn default_eval_weights() -> &'static [f64] {
        &DEFAULT_EVAL_WEIGHTS
    }

    fn eval_terms(&self, player: usize) -> [f64; EVAL_TERMS] {
        self.heuristic_terms(player)
    }

    fn eval_terms_all(&self, out: &mut [[f64; EVAL_TERMS]]) {
        self.heuristic_terms_all(out);
    }

    fn stat_names() -> &'static [&'static str] {
        &STAT_NAMES
    }

    fn player_stats(&self, player: usize, out: &mut Vec<i64>) {
        out.clear();
        let st = self.stats(player);
        out.extend(st.points.iter().map(|&p| p as i64));
        out.extend(st.actions.iter().map(|&c| c as i64));
    }

    fn redeterminize(&mut self, rng: &mut GameRng) {
        let (a, b) = (self.pile_next as usize, self.pile_len as usize);
        shuffle(rng, &mut self.pile[a..b]);
        let (a, b) = (self.bag_next as usize, self.bag_len as usize);
        shuffle(rng, &mut self.bag[a..b]);
        self.rng = rng_from_seed(rng.next_u64());
    }
}

/// [`ActionKind`] names in index order.
const ACTION_KIND_NAMES: [&str; ActionKind::COUNT] = {
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
const STAT_NAMES: [&str; 20] = [
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
