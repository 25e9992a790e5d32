//! [`Game`] for every tile game, from its [`TileRules`] and [`Evaluation`].

use super::parts::GameParts;
use super::rules::{Evaluation, TileRules};
use super::state::TileState;
use super::state::MAX_PLAYERS;
use crate::core::game::{ChanceOutcome, Game, SiblingTerms, TurnEndings, EVAL_TERMS};
use crate::core::rng::{below, GameRng};
use crate::core::stats::{StatKey, Tally};

impl<G: GameParts, const SIDE: usize, const FRONTIER: usize, const NODES: usize> Game
    for TileState<G, SIDE, FRONTIER, NODES>
where
    Self: TileRules<Parts = G> + Evaluation,
{
    type Action = <Self as TileRules>::Action;

    fn num_players(&self) -> usize {
        self.players()
    }

    fn to_move(&self) -> Option<usize> {
        (!self.is_over()).then_some(self.decider as usize)
    }

    fn legal_actions(&self, out: &mut Vec<Self::Action>) {
        self.legal_actions_into(out);
    }

    /// Counts the action in the statistics of the seat that takes it, then applies it.
    fn apply(&mut self, action: Self::Action) {
        let kind = self.kind_of(&action);
        self.sheet.count(self.decider as usize, kind);
        self.apply_action(action);
    }

    const REDOES: bool = <Self as TileRules>::REDOES;

    fn redo_as(&mut self, from: &Self, done: &Self::Action, instead: &Self::Action) -> bool {
        TileRules::redo_as(self, from, done, instead)
    }

    fn sibling_batch(&self, action: &Self::Action) -> usize {
        TileRules::sibling_batch(self, action)
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

    fn eval_terms_all(&self, out: &mut [[f64; EVAL_TERMS]]) {
        self.heuristic_terms_all(out);
    }

    fn redo_terms(
        &self,
        done: &Self::Action,
        instead: &Self::Action,
        terms: &mut [[f64; EVAL_TERMS]],
    ) -> bool {
        TileRules::redo_terms(self, done, instead, terms)
    }

    const JUDGES_SIBLINGS: bool = <Self as TileRules>::JUDGES_SIBLINGS;

    fn may_judge_siblings(&self) -> bool {
        TileRules::may_judge_siblings(self)
    }

    fn sibling_terms(
        &self,
        from: &Self,
        done: &Self::Action,
        instead: &[Self::Action],
        terms: &[[f64; EVAL_TERMS]],
        out: &mut SiblingTerms,
    ) {
        TileRules::sibling_terms(self, from, done, instead, terms, out)
    }

    fn may_judge_candidates(&self) -> bool {
        TileRules::may_judge_candidates(self)
    }

    fn candidate_terms(
        &self,
        actions: &[Self::Action],
        terms: &[[f64; EVAL_TERMS]],
        out: &mut SiblingTerms,
    ) {
        TileRules::candidate_terms(self, actions, terms, out)
    }

    fn may_judge_turns(&self) -> bool {
        TileRules::may_judge_turns(self)
    }

    fn turn_endings(
        &self,
        actions: &[Self::Action],
        terms: &[[f64; EVAL_TERMS]],
        out: &mut TurnEndings,
    ) {
        TileRules::turn_endings(self, actions, terms, out)
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

#[cfg(test)]
impl<G: GameParts, const SIDE: usize, const FRONTIER: usize, const NODES: usize>
    TileState<G, SIDE, FRONTIER, NODES>
where
    Self: TileRules<Parts = G> + Evaluation,
{
    /// Plays this game to its end with random actions drawn from `seed`. At each decision
    /// whose candidates the game judges from the position ([`Game::candidate_terms`]), it
    /// judges them all and checks each judged one against play: its result has the judged
    /// terms bit for bit, the scores of the position, and the game is not over. Returns how
    /// many placements and how many other candidates were judged.
    pub(crate) fn check_candidate_terms(mut self, seed: u64) -> (usize, usize) {
        use crate::core::rng::rng_from_seed;
        let terms_of = |s: &Self| {
            let mut t = vec![[0.0; EVAL_TERMS]; s.num_players()];
            s.eval_terms_all(&mut t);
            t
        };
        let bits = |t: &[[f64; EVAL_TERMS]]| -> Vec<[u64; EVAL_TERMS]> {
            t.iter().map(|t| t.map(f64::to_bits)).collect()
        };
        let (mut legal, mut judged) = (Vec::new(), SiblingTerms::default());
        let (mut placements, mut others) = (0, 0);
        let mut rng = rng_from_seed(seed);
        while !self.is_terminal() {
            Game::legal_actions(&self, &mut legal);
            if Game::may_judge_candidates(&self) {
                let before = terms_of(&self);
                Game::candidate_terms(&self, &legal, &before, &mut judged);
                for (changes, &action) in judged.iter().zip(&legal) {
                    let mut terms = before.clone();
                    for c in changes {
                        terms[c.seat][c.term] = c.value;
                    }
                    let mut after = self.clone();
                    Game::apply(&mut after, action);
                    let context = format!("seed {seed}: {action:?}");
                    assert!(!after.is_terminal(), "{context}: the game ended");
                    assert_eq!(after.scores(), self.scores(), "{context}: scores");
                    assert_eq!(bits(&terms_of(&after)), bits(&terms), "{context}: terms");
                    match Self::placement_of(&action) {
                        Some(_) => placements += 1,
                        None => others += 1,
                    }
                }
            }
            let action = legal[below(&mut rng, legal.len())];
            Game::apply(&mut self, action);
        }
        (placements, others)
    }
}
