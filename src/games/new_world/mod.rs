//! New World (Mayflower), rules `rules/new-world.md` (ids `N-…`).
//!
//! [`NewWorldState`] implements [`Game`]. A turn is two decisions: place the drawn tile west
//! of the starting column (N-4), then deploy a settler on it or not (N-5); scoring (N-6…N-10)
//! and the surveyors (N-11…N-14) follow, with one more decision only when the tile completed
//! several features whose scoring order can matter (N-11, `order.rs`). Trails, towns, plains
//! and farms are segments of a union-find whose roots carry [`FeatureAgg`]; no flood fill runs
//! in the
//! engine. The tile layouts are a documented reconstruction (`new-world.tiles`,
//! docs/new-world-tiles.md); a corrected set loads with [`NewWorldTiles::load`].

mod def;
mod eval;
mod expect;
mod notation;
mod options;
mod order;
mod state;
mod stats;
mod tiles;
mod turn;

pub use def::{ResolvedSetup, Setup};
pub use eval::{DEFAULT_EVAL_WEIGHTS, EVAL_TERM_NAMES};
pub use options::{OptionError, Options, SurveyorStart, DEFAULT_SURVEYOR_BONUS, OPTION_KEYS};
pub use order::MAX_ORDERED;
pub use state::{
    Cell, Completed, FeatureAgg, NewWorldBoard, NewWorldState, Node, Phase, Role, Settler,
    SetupError, MAX_CELLS, MAX_COMPLETED, MAX_PLAYERS, SETTLERS, TRACK_STEPS,
};
pub use stats::{Action, ActionKind, PlayerStats, PointSource, STAT_NAMES};
pub use tiles::{parse_new_world, NewWorldTiles, BUILTIN_NEW_WORLD};
pub use turn::{FARM_POINTS, POST_POINTS, TOWN_POINTS};

use crate::core::game::{Game, EVAL_TERMS};
use crate::core::rng::{shuffle, GameRng};

impl Game for NewWorldState {
    type Action = Action;

    fn num_players(&self) -> usize {
        self.players()
    }

    fn to_move(&self) -> Option<usize> {
        (self.phase != Phase::GameOver).then_some(self.active as usize)
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal_actions_into(out);
    }

    fn apply(&mut self, action: Action) {
        self.apply_action(action);
    }

    fn scores(&self) -> &[i32] {
        &self.scores[..self.n_players as usize]
    }

    fn turn(&self) -> usize {
        self.turn as usize
    }

    /// Only the unseen pile is hidden (the drawn tile is shown, N-4).
    fn redeterminize(&mut self, rng: &mut GameRng) {
        let (a, b) = (self.pile_next as usize, self.pile_len as usize);
        shuffle(rng, &mut self.pile[a..b]);
    }

    fn action_kind_names() -> &'static [&'static str] {
        &ActionKind::NAMES
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

    fn stat_names() -> &'static [&'static str] {
        &STAT_NAMES
    }

    fn player_stats(&self, player: usize, out: &mut Vec<i64>) {
        out.clear();
        let st = self.stats(player);
        out.extend(st.points.iter().map(|&p| p as i64));
        out.extend(st.actions.iter().map(|&c| c as i64));
    }
}

#[cfg(test)]
mod tests;
