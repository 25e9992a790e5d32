//! The `greedy` agent: one-step lookahead ranked by a weighted heuristic value.
//!
//! Each allowed action is applied, the rest of the current turn is completed greedily (each
//! later decision of the turn, whoever takes it, goes to that seat's best one-ply choice, up
//! to an action that reveals hidden information), and the resulting position is ranked by
//! [`Evaluator::value`] for the deciding seat. Ties are broken by the agent's RNG, so play is
//! reproducible.

use super::params::ParamDef;
use super::restrict::Restriction;
use super::scratch::Scratch;
use super::value::Evaluator;
use super::Agent;
use crate::core::game::Game;
use crate::core::rng::{below, GameRng};

/// Parameters of `greedy` besides the heuristic weights.
pub(crate) const PARAMS: [ParamDef; 1] = [ParamDef::float("opponent", 0.0, 10.0, 1.0)];

/// Tolerance under which two values count as tied.
const TIE: f64 = 1e-9;

/// One-ply choices: the candidate whose immediate result has the best value; owns reusable
/// buffers.
pub(crate) struct OnePly<G: Game> {
    ties: Vec<usize>,
    scratch: Scratch<G>,
}

impl<G: Game> OnePly<G> {
    /// A chooser with empty buffers.
    pub(crate) fn new() -> Self {
        OnePly {
            ties: Vec::new(),
            scratch: Scratch::new(),
        }
    }

    /// Picks, among `candidates`, the action whose immediate result has the best value for
    /// `player` (ties broken by `rng`).
    pub(crate) fn best(
        &mut self,
        state: &G,
        candidates: &[G::Action],
        player: usize,
        eval: &Evaluator,
        rng: &mut GameRng,
    ) -> G::Action {
        if candidates.len() == 1 {
            return candidates[0];
        }
        let mut best = f64::NEG_INFINITY;
        self.ties.clear();
        for (i, a) in candidates.iter().enumerate() {
            let next = self.scratch.copy_of(state);
            next.apply(*a);
            consider(eval.value(next, player), i, &mut best, &mut self.ties);
        }
        candidates[self.ties[below(rng, self.ties.len())]]
    }

    /// The value for `player` of `state` after `action`.
    pub(crate) fn value_after(
        &mut self,
        state: &G,
        action: G::Action,
        player: usize,
        eval: &Evaluator,
    ) -> f64 {
        let next = self.scratch.copy_of(state);
        next.apply(action);
        eval.value(next, player)
    }
}

/// Records candidate `i` with value `v` into the running maximum `best` and its `ties`.
fn consider(v: f64, i: usize, best: &mut f64, ties: &mut Vec<usize>) {
    if v > *best + TIE {
        *best = v;
        ties.clear();
    }
    if v >= *best - TIE {
        ties.push(i);
    }
}

/// Evaluates actions by playing out the rest of their turn greedily; owns reusable buffers.
pub(crate) struct TurnLookahead<G: Game> {
    legal: Vec<G::Action>,
    allowed: Vec<G::Action>,
    one_ply: OnePly<G>,
    scratch: Scratch<G>,
}

impl<G: Game> TurnLookahead<G> {
    /// A lookahead with empty buffers.
    pub(crate) fn new() -> Self {
        TurnLookahead {
            legal: Vec::new(),
            allowed: Vec::new(),
            one_ply: OnePly::new(),
            scratch: Scratch::new(),
        }
    }

    /// The value for `player` of `state` after `action` and the rest of the turn, where every
    /// later decision of the turn goes to the deciding seat's best one-ply choice (seat
    /// `restricted.0` keeps its restriction `restricted.1`). The turn is cut short after an
    /// action that reveals hidden information ([`Game::reveals_hidden`]): what follows it
    /// depends on a draw the agent may not know.
    pub(crate) fn turn_value(
        &mut self,
        state: &G,
        action: G::Action,
        player: usize,
        restricted: (usize, Restriction),
        eval: &Evaluator,
        rng: &mut GameRng,
    ) -> f64 {
        let turn = state.turn();
        let next = self.scratch.copy_of(state);
        let mut revealed = next.reveals_hidden(&action);
        next.apply(action);
        while let Some(seat) = next.to_move() {
            if next.turn() != turn || revealed {
                break;
            }
            next.legal_actions(&mut self.legal);
            let candidates = if seat == restricted.0 {
                restricted.1.filter(next, &self.legal, &mut self.allowed);
                &self.allowed
            } else {
                &self.legal
            };
            let a = self.one_ply.best(next, candidates, seat, eval, rng);
            revealed = next.reveals_hidden(&a);
            next.apply(a);
        }
        eval.value(next, player)
    }
}

/// One-step lookahead over whole turns.
pub(crate) struct GreedyAgent<G: Game> {
    rng: GameRng,
    restriction: Restriction,
    eval: Evaluator,
    allowed: Vec<G::Action>,
    ties: Vec<usize>,
    lookahead: TurnLookahead<G>,
}

impl<G: Game> GreedyAgent<G> {
    /// A greedy agent ranking positions with `eval`.
    pub(crate) fn new(rng: GameRng, restriction: Restriction, eval: Evaluator) -> Self {
        GreedyAgent {
            rng,
            restriction,
            eval,
            allowed: Vec::new(),
            ties: Vec::new(),
            lookahead: TurnLookahead::new(),
        }
    }
}

impl<G: Game> Agent<G> for GreedyAgent<G> {
    fn choose(&mut self, state: &G, legal: &[G::Action]) -> G::Action {
        let me = state.to_move().expect("a decision is pending");
        self.restriction.filter(state, legal, &mut self.allowed);
        if self.allowed.len() == 1 {
            return self.allowed[0];
        }
        let mut best = f64::NEG_INFINITY;
        self.ties.clear();
        for (i, &a) in self.allowed.iter().enumerate() {
            let v = self.lookahead.turn_value(
                state,
                a,
                me,
                (me, self.restriction),
                &self.eval,
                &mut self.rng,
            );
            consider(v, i, &mut best, &mut self.ties);
        }
        self.allowed[self.ties[below(&mut self.rng, self.ties.len())]]
    }
}
