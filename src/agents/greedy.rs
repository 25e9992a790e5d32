//! The `greedy` agent: one-step lookahead ranked by a weighted heuristic value.
//!
//! Each allowed action is applied, the rest of the current turn is completed greedily (each
//! later decision of the turn, whoever takes it, goes to that seat's best one-ply choice, up
//! to an action that reveals hidden information), and the resulting position is ranked by
//! [`Evaluator::value`] for the deciding seat. Ties are broken by the agent's RNG, so play is
//! reproducible. Where the game judges a candidate's whole turn without its being played
//! ([`SearchHooks::turn_endings`]), the candidate is valued from those endings instead, with the
//! same values and the same draws.

use super::params::ParamDef;
use super::restrict::Restriction;
use super::scratch::{value_with_changes, Scratch, Successors};
use super::value::{Evaluator, SeatTerms, MAX_SEATS};
use super::Agent;
use crate::core::game::{Game, SiblingTerms, TurnEndings, EVAL_TERMS, MAX_ACTION_KINDS};
use crate::core::rng::{below, GameRng};
#[cfg(doc)]
use crate::core::search_hooks::SearchHooks;

/// Parameters of `greedy` besides the heuristic weights.
pub(crate) const PARAMS: [ParamDef; 1] = [ParamDef::float("opponent", 0.0, 10.0, 1.0)];

/// Tolerance under which two values count as tied.
const TIE: f64 = 1e-9;

/// One-ply choices: the candidate whose immediate result has the best value; owns reusable
/// buffers.
pub(crate) struct OnePly<G: Game> {
    ties: Vec<usize>,
    values: Vec<f64>,
    batches: Vec<usize>,
    order: Vec<usize>,
    /// The candidates in `order`.
    ordered: Vec<G::Action>,
    /// Buffers of [`Successors::judge_siblings`].
    judged_terms: SiblingTerms,
    judged: Vec<f64>,
    scratch: Scratch<G>,
    /// After [`OnePly::choose`]: the candidate whose result `scratch` holds (the last one
    /// made), when it still does.
    last: Option<Held>,
    /// The heuristic terms of the position [`OnePly::play_chosen`] handed over, when known.
    played_terms: Option<SeatTerms>,
    /// The candidates judged from the position itself ([`SearchHooks::candidate_terms`]) in the
    /// last [`OnePly::choose`]: the first `judged_here` of `order`, with their changes from
    /// the position's terms `here_terms`.
    judged_here: usize,
    here_changes: SiblingTerms,
    here_terms: SeatTerms,
}

/// A candidate whose result a scratch position holds, with its heuristic terms when known.
#[derive(Clone, Copy)]
struct Held {
    index: usize,
    terms: Option<SeatTerms>,
}

impl<G: Game> OnePly<G> {
    /// A chooser with empty buffers.
    pub(crate) fn new() -> Self {
        OnePly {
            ties: Vec::new(),
            values: Vec::new(),
            batches: Vec::new(),
            order: Vec::new(),
            ordered: Vec::new(),
            judged_terms: SiblingTerms::default(),
            judged: Vec::new(),
            scratch: Scratch::new(),
            last: None,
            played_terms: None,
            judged_here: 0,
            here_changes: SiblingTerms::default(),
            here_terms: [[0.0; EVAL_TERMS]; MAX_SEATS],
        }
    }

    /// The index of the candidate whose immediate result has the best value for `player`
    /// (ties broken by `rng`). Play it with [`OnePly::play_chosen`]. `known`: `state` is the
    /// position the last [`OnePly::play_chosen`] handed over, unchanged since.
    pub(crate) fn choose(
        &mut self,
        state: &G,
        candidates: &[G::Action],
        player: usize,
        eval: &Evaluator,
        rng: &mut GameRng,
        known: bool,
    ) -> usize {
        if candidates.len() == 1 {
            self.last = None;
            self.judged_here = 0;
            return 0;
        }
        let known = known.then_some(self.played_terms).flatten();
        self.evaluate(state, candidates, player, eval, true, known);
        best_of(&self.values, &mut self.ties, rng)
    }

    /// Plays candidate `chosen` of the last [`OnePly::choose`] in `state`, the position it
    /// chose from. The choice worked the result out already: it is handed over when it is the
    /// last result made, or derived from that one where the game redoes actions
    /// ([`SearchHooks::redo_as`]); else the action is applied. The position is the same either way.
    /// Returns its heuristic terms when they are known.
    pub(crate) fn play_chosen(
        &mut self,
        state: &mut Box<G>,
        candidates: &[G::Action],
        chosen: usize,
    ) -> Option<&SeatTerms> {
        self.played_terms = None;
        let here = &self.order[..self.judged_here];
        if let Some(k) = here.iter().position(|&i| i == chosen) {
            let mut terms = self.here_terms;
            let changes = self.here_changes.iter().nth(k).expect("judged");
            for change in changes {
                terms[change.seat][change.term] = change.value;
            }
            state.apply(candidates[chosen]);
            self.last = None;
            self.played_terms = Some(terms);
        } else if let Some(last) = self.last.take() {
            let (done, instead) = (&candidates[last.index], &candidates[chosen]);
            if last.index == chosen {
                self.scratch.exchange(state);
                self.played_terms = last.terms;
            } else if G::REDOES && self.scratch.redo_as(state, done, instead) {
                self.scratch.exchange(state);
                let seats = state.num_players();
                self.played_terms = last.terms.and_then(|mut terms| {
                    (state.redo_terms(done, instead, &mut terms[..seats])).then_some(terms)
                });
            } else {
                state.apply(*instead);
            }
        } else {
            state.apply(candidates[chosen]);
        }
        self.played_terms.as_ref()
    }

    /// The heuristic terms of the position the last [`OnePly::play_chosen`] handed over, when
    /// known.
    pub(crate) fn played_terms(&self) -> Option<&SeatTerms> {
        self.played_terms.as_ref()
    }

    /// The value for `player` of `state` after each of `actions`. They are worked out batch
    /// by batch ([`SearchHooks::sibling_batch`]), so that each result can be judged from the terms
    /// of the last one made ([`Successors::judge_siblings`]) or derived from it
    /// ([`Successors::after`]).
    pub(crate) fn values_after(
        &mut self,
        state: &G,
        actions: &[G::Action],
        player: usize,
        eval: &Evaluator,
    ) -> &[f64] {
        self.evaluate(state, actions, player, eval, false, None);
        &self.values
    }

    /// Fills `self.values` as [`OnePly::values_after`] describes. With `keep`, notes which
    /// result the scratch holds at the end, for [`OnePly::play_chosen`]. Where the game
    /// judges candidates from the position itself ([`SearchHooks::candidate_terms`]), from its
    /// terms (`known`, else worked out), those are judged first and none of them is made.
    fn evaluate(
        &mut self,
        state: &G,
        actions: &[G::Action],
        player: usize,
        eval: &Evaluator,
        keep: bool,
        known: Option<SeatTerms>,
    ) {
        self.values.clear();
        self.values.resize(actions.len(), 0.0);
        self.last = None;
        group_by_batch(state, actions, &mut self.batches, &mut self.order);
        let judging = G::JUDGES_SIBLINGS && state.may_judge_siblings();
        let here = G::JUDGES_SIBLINGS && state.may_judge_candidates();
        if judging || here {
            self.ordered.clear();
            self.ordered.extend(self.order.iter().map(|&i| actions[i]));
        }
        self.judged_here = 0;
        if here {
            self.judge_here(state, player, eval, known);
        }
        let mut successors = Successors::new(&mut self.scratch, state);
        let mut made = None;
        let mut k = self.judged_here;
        while k < self.order.len() {
            let i = self.order[k];
            successors.after(actions[i]);
            self.values[i] = successors.value(eval, player);
            made = Some(i);
            k += 1;
            if judging {
                let (rest, judged_terms) = (&self.ordered[k..], &mut self.judged_terms);
                let judged =
                    successors.judge_siblings(rest, eval, player, judged_terms, &mut self.judged);
                for (&i, &value) in self.order[k..].iter().zip(&self.judged) {
                    self.values[i] = value;
                }
                k += judged;
            }
        }
        if keep && successors.holds_result() {
            let index = made.expect("the scratch holds a result made");
            let terms = successors.terms();
            self.last = Some(Held { index, terms });
        }
    }

    /// Values the leading candidates of `self.ordered` that the game judges from `state`
    /// itself, whose terms are `known` (else worked out), into `self.values`.
    fn judge_here(&mut self, state: &G, player: usize, eval: &Evaluator, known: Option<SeatTerms>) {
        let seats = state.num_players();
        match known {
            Some(terms) => self.here_terms = terms,
            None => state.eval_terms_all(&mut self.here_terms[..seats]),
        }
        let terms = &self.here_terms[..seats];
        state.candidate_terms(&self.ordered, terms, &mut self.here_changes);
        let (terms, order, values) = (&mut self.here_terms, &self.order, &mut self.values);
        let mut k = 0;
        self.here_changes.for_each_mut(|changes| {
            values[order[k]] = value_with_changes(eval, state, terms, changes, player);
            k += 1;
        });
        self.judged_here = k;
    }
}

/// Writes into `order` the indices of `actions`, grouped by batch ([`SearchHooks::sibling_batch`]:
/// batches in increasing order, actions of one batch in their order) where the game redoes
/// actions ([`SearchHooks::REDOES`]), else in order; `batches` is a buffer.
fn group_by_batch<G: Game>(
    state: &G,
    actions: &[G::Action],
    batches: &mut Vec<usize>,
    order: &mut Vec<usize>,
) {
    order.clear();
    if !G::REDOES {
        order.extend(0..actions.len());
        return;
    }
    batches.clear();
    batches.extend(actions.iter().map(|a| state.sibling_batch(a)));
    if batches.is_sorted() {
        order.extend(0..actions.len());
        return;
    }
    let mut start = [0usize; MAX_ACTION_KINDS + 1];
    for &k in batches.iter() {
        start[k + 1] += 1;
    }
    for k in 0..MAX_ACTION_KINDS {
        start[k + 1] += start[k];
    }
    order.resize(actions.len(), 0);
    for (i, &k) in batches.iter().enumerate() {
        order[start[k]] = i;
        start[k] += 1;
    }
}

/// The index of the best of `values`, ties (within [`TIE`] of the best so far) broken by
/// `rng`; `ties` is a buffer.
fn best_of(values: &[f64], ties: &mut Vec<usize>, rng: &mut GameRng) -> usize {
    let mut best = f64::NEG_INFINITY;
    ties.clear();
    for (i, &v) in values.iter().enumerate() {
        if v > best + TIE {
            best = v;
            ties.clear();
        }
        if v >= best - TIE {
            ties.push(i);
        }
    }
    ties[below(rng, ties.len())]
}

/// Evaluates actions by playing out the rest of their turn greedily; owns reusable buffers.
pub(crate) struct TurnLookahead<G: Game> {
    values: Vec<f64>,
    scratch: Scratch<G>,
    rest: RestOfTurn<G>,
    /// The turns the game judged ([`SearchHooks::turn_endings`]) and what they are judged from.
    judged: JudgedTurns,
}

/// Buffers of the turns a game judges without their being played ([`SearchHooks::turn_endings`]).
#[derive(Default)]
struct JudgedTurns {
    /// The terms of the position the turns start from.
    terms: SeatTerms,
    endings: TurnEndings,
    /// The value of each ending of one turn, for the seat that chooses it.
    values: Vec<f64>,
    /// The same, for the seat the turn is valued for.
    player_values: Vec<f64>,
    ties: Vec<usize>,
}

impl JudgedTurns {
    /// The value for `player` of candidate `i`'s turn, judged from `state`: its best ending
    /// for `seat`, who chooses it (ties broken by `rng`, as [`OnePly::choose`] breaks them),
    /// or `None` when the game did not judge it.
    fn value(
        &mut self,
        state: &impl Game,
        i: usize,
        (seat, player): (usize, usize),
        eval: &Evaluator,
        rng: &mut GameRng,
    ) -> Option<f64> {
        let (terms, values, player_values) =
            (&mut self.terms, &mut self.values, &mut self.player_values);
        values.clear();
        player_values.clear();
        let judged = self.endings.for_each_ending_mut(i, |changes| {
            values.push(value_with_changes(eval, state, terms, changes, seat));
            if player != seat {
                player_values.push(value_with_changes(eval, state, terms, changes, player));
            }
        });
        if !judged {
            return None;
        }
        let chosen = match values.len() {
            1 => 0,
            _ => best_of(values, &mut self.ties, rng),
        };
        Some(
            if player == seat {
                values
            } else {
                player_values
            }[chosen],
        )
    }
}

impl<G: Game> TurnLookahead<G> {
    /// A lookahead with empty buffers.
    pub(crate) fn new() -> Self {
        TurnLookahead {
            values: Vec::new(),
            scratch: Scratch::new(),
            rest: RestOfTurn {
                legal: Vec::new(),
                allowed: Vec::new(),
                one_ply: OnePly::new(),
            },
            judged: JudgedTurns::default(),
        }
    }

    /// The value for `player` of `state` after each of `actions` and the rest of the turn, where
    /// every later decision of the turn goes to the deciding seat's best one-ply choice (seat
    /// `restricted.0` keeps its restriction `restricted.1`). The turn is cut short after an action
    /// that reveals hidden information ([`Game::reveals_hidden`]): what follows it depends on a
    /// draw the agent may not know. Where the game judges an action's turn without its being played
    /// ([`SearchHooks::turn_endings`]), its value is its best ending's, the same number.
    pub(crate) fn turn_values(
        &mut self,
        state: &G,
        actions: &[G::Action],
        player: usize,
        restricted: (usize, Restriction),
        eval: &Evaluator,
        rng: &mut GameRng,
    ) -> &[f64] {
        self.values.clear();
        let turn = state.turn();
        let seat = state.to_move().expect("a decision is pending");
        let restricted_here = seat == restricted.0 && !restricted.1.is_empty();
        let judging = !restricted_here && state.may_judge_turns();
        if judging {
            let terms = &mut self.judged.terms[..state.num_players()];
            state.eval_terms_all(terms);
            state.turn_endings(actions, terms, &mut self.judged.endings);
        }
        let mut successors = Successors::new(&mut self.scratch, state);
        for (i, &action) in actions.iter().enumerate() {
            if judging {
                if let Some(value) = self.judged.value(state, i, (seat, player), eval, rng) {
                    self.values.push(value);
                    continue;
                }
            }
            let revealed = state.reveals_hidden(&action);
            let next = successors.after(action);
            let turn_over = revealed || next.turn() != turn || next.is_terminal();
            let value = if turn_over {
                successors.value(eval, player)
            } else {
                let next = successors.last_mut();
                match self.rest.play(next, turn, restricted, eval, rng) {
                    Some(terms) => eval.value_with(&**next, terms, player),
                    None => eval.value(&**next, player),
                }
            };
            self.values.push(value);
        }
        &self.values
    }
}

/// The later decisions of a turn, each taken one-ply greedily; owns reusable buffers.
struct RestOfTurn<G: Game> {
    legal: Vec<G::Action>,
    allowed: Vec<G::Action>,
    one_ply: OnePly<G>,
}

impl<G: Game> RestOfTurn<G> {
    /// Plays `state` on to the end of turn `turn` or to an action that reveals hidden
    /// information (see [`TurnLookahead::turn_values`]). Returns the heuristic terms of the
    /// final position when they are known.
    fn play(
        &mut self,
        state: &mut Box<G>,
        turn: usize,
        restricted: (usize, Restriction),
        eval: &Evaluator,
        rng: &mut GameRng,
    ) -> Option<&SeatTerms> {
        let mut known = false;
        while let Some(seat) = state.to_move() {
            if state.turn() != turn {
                break;
            }
            state.legal_actions(&mut self.legal);
            let candidates = if seat == restricted.0 {
                restricted
                    .1
                    .filter(&**state, &self.legal, &mut self.allowed);
                &self.allowed
            } else {
                &self.legal
            };
            let chosen = (self.one_ply).choose(&**state, candidates, seat, eval, rng, known);
            let revealed = state.reveals_hidden(&candidates[chosen]);
            known = self
                .one_ply
                .play_chosen(state, candidates, chosen)
                .is_some();
            if revealed {
                break;
            }
        }
        known.then(|| self.one_ply.played_terms()).flatten()
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
        let values = self.lookahead.turn_values(
            state,
            &self.allowed,
            me,
            (me, self.restriction),
            &self.eval,
            &mut self.rng,
        );
        self.allowed[best_of(values, &mut self.ties, &mut self.rng)]
    }
}
