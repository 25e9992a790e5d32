//! [`Game`] for every tile game, from its [`TileRules`] and [`Evaluation`]; its
//! [`SearchHooks`] the game implements itself, for its state.

use super::parts::GameParts;
use super::rules::{Evaluation, TileRules};
use super::state::TileState;
use super::state::MAX_PLAYERS;
use crate::core::game::{ChanceOutcome, Game, SeatTerms, EVAL_TERMS};
use crate::core::rng::{below, GameRng};
use crate::core::search_hooks::SearchHooks;
use crate::core::stats::{StatKey, Tally};

impl<G: GameParts, const SIDE: usize, const FRONTIER: usize, const NODES: usize> Game
    for TileState<G, SIDE, FRONTIER, NODES>
where
    Self: TileRules<Parts = G> + Evaluation + SearchHooks<<Self as TileRules>::Action>,
{
    type Action = <Self as TileRules>::Action;

    fn num_players(&self) -> usize {
        self.players()
    }

    fn to_move(&self) -> Option<usize> {
        (!self.is_over()).then_some(self.decider as usize)
    }

    fn legal_actions(&self, out: &mut Vec<Self::Action>) {
        out.clear();
        self.legal_actions_into(out);
    }

    /// Counts the action in the statistics of the seat that takes it, then applies it.
    fn apply(&mut self, action: Self::Action) {
        let kind = self.kind_of(&action);
        self.sheet.count(self.decider as usize, kind);
        self.apply_action(action);
    }

    fn reveals_hidden(&self, action: &Self::Action) -> bool {
        self.draws_unseen(action)
    }

    /// Placements are sampled (`placement.rs`), other decisions through
    /// [`TileRules::sample_action`]; when neither draws one, the legal actions are listed.
    fn random_action(&self, rng: &mut GameRng, scratch: &mut Vec<Self::Action>) -> Self::Action {
        let drawn = if self.is_placing() && self.samples_placements() {
            self.sample_placement(rng)
        } else {
            self.sample_action(rng)
        };
        drawn.unwrap_or_else(|| {
            scratch.clear();
            self.legal_actions_into(scratch);
            scratch[below(rng, scratch.len())]
        })
    }

    fn scores(&self) -> &[i32] {
        &self.sheet.scores[..self.players()]
    }

    fn turn(&self) -> usize {
        self.turn as usize
    }

    /// The unseen tiles, then whatever else the game hides.
    fn redeterminize(&mut self, rng: &mut GameRng) {
        self.pile.shuffle_unseen(rng);
        self.redeterminize_hidden(rng);
    }

    fn action_kind_names() -> &'static [&'static str] {
        <<G::Stats as Tally>::Kind as StatKey>::NAMES
    }

    fn action_kind(&self, action: &Self::Action) -> usize {
        self.kind_of(action).index()
    }

    fn eval_term_names() -> &'static [&'static str] {
        Self::EVAL_TERM_NAMES
    }

    fn default_eval_weights() -> &'static [f64] {
        Self::DEFAULT_EVAL_WEIGHTS
    }

    fn eval_terms(&self, player: usize) -> [f64; EVAL_TERMS] {
        let mut all = [[0.0; EVAL_TERMS]; MAX_PLAYERS];
        self.heuristic_terms_all(&mut all[..self.players()]);
        all[player]
    }

    fn eval_terms_all(&self, out: &mut SeatTerms) {
        self.heuristic_terms_all(out);
    }

    /// The next tile drawn from the pile: each type of the unseen tiles, as likely as its
    /// share of them. (A tile that fits nowhere then leaves the game as usual, and the draw
    /// after it is not fixed.)
    fn chance_outcomes(&self, out: &mut Vec<ChanceOutcome>) {
        self.pile.next_draw_outcomes(out);
    }

    fn fix_chance(&mut self, id: u32, rng: &mut GameRng) {
        self.pile.fix_next_draw(id, rng);
    }

    /// Tiles drawn from the pile so far.
    fn chance_events(&self) -> usize {
        self.pile.drawn_count()
    }

    fn stat_names() -> &'static [&'static str] {
        G::STAT_NAMES
    }

    fn player_stats(&self, player: usize, out: &mut Vec<i64>) {
        out.clear();
        self.sheet.stats[player].write_columns(out);
    }
}
