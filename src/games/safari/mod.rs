//! Carcassonne Safari (rules: `rules/safari.md`, ids `S-…`).
//!
//! [`SafariState`] is a complete position; it implements [`Game`]. A turn is a sequence of
//! decisions ([`Phase`]): place the drawn tile, take one action, then — while scoring — choose
//! the order of completed features, boost them, and re-place a displaced vehicle.

mod action;
mod features;
mod holes;
mod legal;
mod notation;
mod options;
mod setup;
mod state;
mod stats;
mod turn;

pub use action::{Action, ActionKind};
pub use features::{FeatureAgg, SPECIES_POINTS};
pub use holes::VertexTokens;
pub use options::{FinalScoring, OptionError, Options, OPTION_KEYS};
pub use setup::{builtin_tiles, ResolvedSetup, Setup, SetupError, PLAYER_RANGE};
pub use state::{Cell, Phase, PlacedMeeple, SafariState, Spot, MAX_PLAYERS};
pub use stats::{PlayerStats, PointSource};

use crate::core::game::Game;
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

    fn scores(&self) -> &[i32] {
        &self.scores[..self.players()]
    }

    fn redeterminize(&mut self, rng: &mut GameRng) {
        let (a, b) = (self.pile_next as usize, self.pile_len as usize);
        shuffle(rng, &mut self.pile[a..b]);
        let (a, b) = (self.bag_next as usize, self.bag_len as usize);
        shuffle(rng, &mut self.bag[a..b]);
        self.rng = rng_from_seed(rng.next_u64());
    }
}
