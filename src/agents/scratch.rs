//! A reusable position for trying actions: refreshed with [`Clone::clone_from`], which states
//! implement by copying only the parts in use, so agents neither allocate nor copy whole
//! states per candidate.

use super::value::{Evaluator, SeatTerms, MAX_SEATS};
use crate::core::game::{Game, SiblingTerms, Siblings, TermChange, EVAL_TERMS};
#[cfg(doc)]
use crate::core::search_hooks::SearchHooks;

/// A heap-held position that agents overwrite instead of cloning a new one (moving the box
/// moves a pointer, not the state).
pub(crate) struct Scratch<G: Game> {
    state: Option<Box<G>>,
}

impl<G: Game> Scratch<G> {
    /// An empty scratch (it allocates on first use).
    pub(crate) fn new() -> Self {
        Scratch { state: None }
    }

    /// The scratch position, made a copy of `from`.
    pub(crate) fn copy_of(&mut self, from: &G) -> &mut G {
        match &mut self.state {
            Some(state) => G::clone_from(state, from),
            None => self.state = Some(Box::new(from.clone())),
        }
        self.state.as_mut().expect("just filled")
    }

    /// Takes the position out as a copy of `from` (to use while `self`'s owner is borrowed);
    /// give it back with [`Scratch::put`].
    pub(crate) fn take_copy_of(&mut self, from: &G) -> Box<G> {
        match self.state.take() {
            Some(mut state) => {
                G::clone_from(&mut state, from);
                state
            }
            None => Box::new(from.clone()),
        }
    }

    /// Exchanges the held position with `state` (the scratch must hold one).
    pub(crate) fn exchange(&mut self, state: &mut Box<G>) {
        std::mem::swap(self.state.as_mut().expect("a held position"), state);
    }

    /// Turns the held position, `from` after `done`, into `from` after `instead` where the
    /// game can ([`SearchHooks::redo_as`]), and says whether it did.
    pub(crate) fn redo_as(&mut self, from: &G, done: &G::Action, instead: &G::Action) -> bool {
        (self.state.as_mut()).is_some_and(|state| state.redo_as(from, done, instead))
    }

    /// Returns a position taken with [`Scratch::take_copy_of`].
    pub(crate) fn put(&mut self, state: Box<G>) {
        self.state = Some(state);
    }
}

/// The results of several actions of one decision, each derived from the previous one with
/// [`SearchHooks::redo_as`] where the game can (and its heuristic terms with
/// [`SearchHooks::redo_terms`]), else copied from the position and applied. Holding the position
/// borrowed keeps it unchanged for the whole batch.
pub(crate) struct Successors<'a, G: Game> {
    from: &'a G,
    scratch: &'a mut Scratch<G>,
    /// The action the scratch position is the result of, while it is one.
    last: Option<G::Action>,
    /// The heuristic terms of the scratch position, while `terms_valid`.
    terms: SeatTerms,
    terms_valid: bool,
}

impl<'a, G: Game> Successors<'a, G> {
    /// A batch of results of actions from `from`, worked out in `scratch`.
    pub(crate) fn new(scratch: &'a mut Scratch<G>, from: &'a G) -> Self {
        Successors {
            from,
            scratch,
            last: None,
            terms: [[0.0; EVAL_TERMS]; MAX_SEATS],
            terms_valid: false,
        }
    }

    /// The values for `player` by `eval` of the positions after the leading actions of
    /// `rest` that the game judges from the held result's terms without making them
    /// ([`SearchHooks::sibling_terms`]), in `values`; `judged` is a buffer. Returns how many were
    /// judged: the next action of `rest` must be made ([`Successors::after`]).
    pub(crate) fn judge_siblings(
        &mut self,
        rest: &[G::Action],
        eval: &Evaluator,
        player: usize,
        judged: &mut SiblingTerms,
        values: &mut Vec<f64>,
    ) -> usize {
        values.clear();
        let (true, Some(last), Some(state), true) = (
            G::JUDGES_SIBLINGS,
            &self.last,
            self.scratch.state.as_deref(),
            self.terms_valid,
        ) else {
            return 0;
        };
        let terms = &self.terms[..state.num_players()];
        let siblings = Siblings {
            from: self.from,
            done: last,
            instead: rest,
            terms,
        };
        state.sibling_terms(siblings, judged);
        let held = &mut self.terms;
        // The last few one-change candidates' changes and values: candidates often make a
        // change seen just before (digs whose holes count alike, vehicle moves to spaces that
        // fit alike, the two vehicles' moves alternating).
        let mut seen = RecentChanges::default();
        judged.for_each_mut(|changes| match changes {
            // The common case (a vehicle move, a dig), kept lean.
            [change] => {
                if let Some(value) = seen.value_of(change) {
                    values.push(value);
                    return;
                }
                let term = &mut held[change.seat][change.term];
                let kept = std::mem::replace(term, change.value);
                let value = eval.value_with(state, held, player);
                values.push(value);
                held[change.seat][change.term] = kept;
                seen.note(*change, value);
            }
            _ => values.push(value_with_changes(eval, state, held, changes, player)),
        });
        values.len()
    }

    /// The position after `action`.
    pub(crate) fn after(&mut self, action: G::Action) -> &G {
        let redone = match (&self.last, &mut self.scratch.state) {
            (Some(last), Some(state)) if G::REDOES => state.redo_as(self.from, last, &action),
            _ => false,
        };
        let state = if redone {
            self.scratch.state.as_deref_mut().expect("redone in place")
        } else {
            let state = self.scratch.copy_of(self.from);
            state.apply(action);
            state
        };
        self.terms_valid = redone
            && self.terms_valid
            && state.redo_terms(
                &self.last.expect("redone"),
                &action,
                &mut self.terms[..state.num_players()],
            );
        self.last = Some(action);
        state
    }

    /// The value for `player` by `eval` of the last result of [`Successors::after`].
    /// A finished game's terms are held as zeros: a value reads only its scores.
    pub(crate) fn value(&mut self, eval: &Evaluator, player: usize) -> f64 {
        let state = self.scratch.state.as_deref().expect("a result");
        if !self.terms_valid {
            let terms = &mut self.terms[..state.num_players()];
            match state.is_terminal() {
                true => terms.fill([0.0; EVAL_TERMS]),
                false => state.eval_terms_all(terms),
            }
            self.terms_valid = true;
        }
        eval.value_with(state, &self.terms, player)
    }

    /// Whether the scratch holds the last result of [`Successors::after`] (not changed
    /// further).
    pub(crate) fn holds_result(&self) -> bool {
        self.last.is_some()
    }

    /// The heuristic terms of the last result, when [`Successors::value`] computed them (or
    /// kept them up to date).
    pub(crate) fn terms(&self) -> Option<SeatTerms> {
        self.terms_valid.then_some(self.terms)
    }

    /// The last result, to change further (the next result is then copied afresh).
    pub(crate) fn last_mut(&mut self) -> &mut Box<G> {
        self.last = None;
        self.terms_valid = false;
        self.scratch.state.as_mut().expect("a result")
    }
}

/// The values of the last few distinct one-term changes judged in a batch, to look up before
/// working a value out (the same change from the same held terms has the same value).
struct RecentChanges {
    /// The changes noted, with their values; entries not yet noted hold a change of no seat.
    entries: [(TermChange, f64); RecentChanges::KEPT],
    /// The entry the next new change replaces.
    next: usize,
}

impl Default for RecentChanges {
    fn default() -> Self {
        let none = TermChange {
            seat: usize::MAX,
            term: 0,
            value: 0.0,
        };
        RecentChanges {
            entries: [(none, 0.0); Self::KEPT],
            next: 0,
        }
    }
}

impl RecentChanges {
    /// How many changes are kept.
    const KEPT: usize = 4;

    /// The value noted for `change`, if it is kept.
    #[inline]
    fn value_of(&self, change: &TermChange) -> Option<f64> {
        (self.entries.iter())
            .find(|(kept, _)| kept.same_as(change))
            .map(|&(_, value)| value)
    }

    /// Notes `change`'s value, in place of the oldest kept.
    #[inline]
    fn note(&mut self, change: TermChange, value: f64) {
        self.entries[self.next] = (change, value);
        self.next = (self.next + 1) % Self::KEPT;
    }
}

/// The value for `player` by `eval` of `state` with the heuristic terms `terms` changed by
/// `changes`, which are swapped in and back out (both end as they were).
#[inline]
pub(crate) fn value_with_changes<G: Game>(
    eval: &Evaluator,
    state: &G,
    terms: &mut SeatTerms,
    changes: &mut [TermChange],
    player: usize,
) -> f64 {
    let swap = |terms: &mut SeatTerms, changes: &mut [TermChange]| {
        for change in changes {
            std::mem::swap(&mut terms[change.seat][change.term], &mut change.value);
        }
    };
    swap(terms, changes);
    let value = eval.value_with(state, terms, player);
    swap(terms, changes);
    value
}
