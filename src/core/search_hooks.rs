//! The optional hooks by which agents judge candidates without making them ([`SearchHooks`]).
//!
//! [`Game`] is the rules: what is legal and what an action does. [`SearchHooks`] is what a game
//! may add on top so that search judges a decision's candidates more cheaply than by making
//! each one (redoing a result as a sibling's, reading a candidate's heuristic terms without
//! playing it); every hook defaults to judging nothing, so a game that adds none plays the
//! same, only slower.

use crate::core::game::{Game, SeatTerms, SiblingTerms, Siblings, TurnEndings};

/// The search-acceleration hooks of a game whose actions are `A` (its [`Game::Action`]): a
/// supertrait of [`Game`], so that agents reach them on any game; a game implements it for its
/// state, overriding only the hooks it can answer.
pub trait SearchHooks<A>: Sized {
    /// Whether [`SearchHooks::redo_as`] ever succeeds: agents then judge the candidates of a
    /// decision batch by batch ([`SearchHooks::sibling_batch`]), so that each result can be derived
    /// from the one before.
    const REDOES: bool = false;

    /// The batch in which agents work out the result of `action` where the game redoes
    /// actions ([`SearchHooks::REDOES`]): a decision's candidates are taken batch by batch, in
    /// increasing order (each batch's in their order), so that siblings come in a row. Below
    /// [`MAX_ACTION_KINDS`](crate::core::game::MAX_ACTION_KINDS); the order changes no value, only
    /// how many results are made. The default: the action's kind.
    fn sibling_batch(&self, action: &A) -> usize
    where
        Self: Game<Action = A>,
    {
        self.action_kind(action)
    }

    /// Turns this position, which is `from` after `done`, into `from` after `instead` in
    /// place, when the game can do so exactly and more cheaply than copying `from` and
    /// applying `instead` (a Safari vehicle move redone as another vehicle move changes only
    /// where the vehicles stand), and says whether it did; when it returns false the position
    /// is unchanged. Agents that judge many actions of one decision use it to derive each
    /// result from the previous one. The result must equal the applied one in everything,
    /// statistics included (the generic suite checks it). The default: never.
    fn redo_as(&mut self, _from: &Self, _done: &A, _instead: &A) -> bool {
        false
    }

    /// After [`SearchHooks::redo_as`] turned `self` from the result of `done` into the result of
    /// `instead`, updates `terms` — every seat's [`Game::eval_terms_all`] of the result of
    /// `done` — to this position's terms, when the game can do so exactly and more cheaply
    /// than computing them afresh, and says whether it did (when false, `terms` may hold
    /// anything). The default: never.
    fn redo_terms(&self, _done: &A, _instead: &A, _terms: &mut SeatTerms) -> bool {
        false
    }

    /// Whether [`SearchHooks::sibling_terms`] ever judges a candidate: agents then offer it the
    /// candidates that follow a result they made.
    const JUDGES_SIBLINGS: bool = false;

    /// Whether [`SearchHooks::sibling_terms`] may judge candidates of the decision pending in this
    /// position (agents do not offer it others). The default: [`SearchHooks::JUDGES_SIBLINGS`].
    fn may_judge_siblings(&self) -> bool {
        Self::JUDGES_SIBLINGS
    }

    /// The heuristic terms of `from` after each action of `instead`, judged from this
    /// position — `from` after `done`, whose terms are `terms` ([`Siblings`]) — without
    /// making those results: while the result of the next action of `instead` differs from
    /// this one in nothing a value reads but heuristic terms (the same scores, the same seat
    /// to move, both over or both not), pushes onto `out` (emptied first) the terms in which
    /// it differs, as that result has them, bit for bit; stops at the first action for which
    /// it cannot. Agents judge such siblings by their terms alone and make only the one they
    /// choose ([`SearchHooks::redo_as`], else [`Game::apply`]); taking them in a batch lets the
    /// game work out once what they share. The default: judges none.
    fn sibling_terms(&self, _siblings: Siblings<'_, Self, A>, out: &mut SiblingTerms) {
        out.clear();
    }

    /// Whether [`SearchHooks::candidate_terms`] may judge candidates of the decision pending in
    /// this position. The default: never.
    fn may_judge_candidates(&self) -> bool {
        false
    }

    /// The heuristic terms after each of `actions`, candidates of the decision pending in this
    /// position, whose [`Game::eval_terms_all`] are `terms`, judged from this position without
    /// making them, as [`SearchHooks::sibling_terms`] judges them from a sibling made: while the
    /// result of the next action differs from this position in nothing a value reads but
    /// heuristic terms (the same scores, both over or both not), pushes onto `out` (emptied
    /// first) the terms in which it differs, as that result has them, bit for bit; stops at
    /// the first action for which it cannot. Agents then make none of them but the one they
    /// choose. The default: judges none.
    fn candidate_terms(&self, _actions: &[A], _terms: &SeatTerms, out: &mut SiblingTerms) {
        out.clear();
    }

    /// Whether [`SearchHooks::turn_endings`] may judge candidates of the decision pending in this
    /// position. The default: never.
    fn may_judge_turns(&self) -> bool {
        false
    }

    /// How the turn of each of `actions` — candidates of the decision pending in this
    /// position, whose [`Game::eval_terms_all`] are `terms` — ends, judged without playing
    /// it: where the rest of its turn is one decision of the seat deciding now, each of whose
    /// choices ends the turn leaving the scores as they are and the game going on, pushes onto
    /// `out` (emptied first) the terms in which each choice's result differs from `terms`, bit
    /// for bit, in the order [`Game::legal_actions`] lists those choices there; else closes the
    /// candidate as not judged. Greedy's turn lookahead values such a candidate by its best
    /// ending, as if it had played the candidate and then each choice. The default: judges
    /// none.
    fn turn_endings(&self, actions: &[A], _terms: &SeatTerms, out: &mut TurnEndings) {
        out.clear();
        for _ in actions {
            out.close_candidate(false);
        }
    }
}
