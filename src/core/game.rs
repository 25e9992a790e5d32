//! The game-agnostic interface that agents, arenas and tools drive.
//!
//! [`Game`] is the rules: who decides, what is legal, what an action does. What a game may add
//! so that agents judge candidates without making them lives apart, in [`SearchHooks`], a
//! supertrait whose defaults judge nothing.

use crate::core::fixed_vec::FixedVec;
use crate::core::rng::{below, GameRng};
use crate::core::search_hooks::SearchHooks;
use crate::core::stats::MAX_SEATS;
use std::fmt::Debug;
use std::hash::Hash;

/// Most action kinds a game may name ([`Game::action_kind_names`]): agents keep sets of kinds in
/// 64-bit masks and per-kind counts in fixed tables.
pub const MAX_ACTION_KINDS: usize = 64;

/// Number of heuristic terms a game reports for evaluation ([`Game::eval_terms`]).
pub const EVAL_TERMS: usize = 9;

/// The heuristic terms of every seat, `[p]` for seat `p` (as [`Game::eval_terms_all`] writes
/// them).
pub type SeatTerms = [[f64; EVAL_TERMS]];

/// One heuristic term of one seat with a new value (see [`SearchHooks::sibling_terms`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TermChange {
    /// The seat.
    pub seat: usize,
    /// The term's index into [`Game::eval_term_names`].
    pub term: usize,
    /// Its value.
    pub value: f64,
}

impl TermChange {
    /// Whether `other` sets the same term of the same seat to the same value, bit for bit.
    #[inline]
    pub fn same_as(&self, other: &TermChange) -> bool {
        self.seat == other.seat
            && self.term == other.term
            && self.value.to_bits() == other.value.to_bits()
    }
}

/// The terms of a result that differ from another's (see [`TermChange::between`]).
pub type TermChanges = FixedVec<TermChange, { MAX_SEATS * EVAL_TERMS }>;

impl TermChange {
    /// The terms of each seat in `terms` that differ from the same seat's in `held`, bit for
    /// bit, with their values in `terms`.
    pub fn between(terms: &SeatTerms, held: &SeatTerms) -> TermChanges {
        let mut changes = TermChanges::default();
        for change in TermChange::changes(terms, held) {
            changes.push(change);
        }
        changes
    }

    /// [`TermChange::between`], one change at a time (to push straight into a list).
    #[inline]
    pub fn changes<'t>(
        terms: &'t SeatTerms,
        held: &'t SeatTerms,
    ) -> impl Iterator<Item = TermChange> + 't {
        (terms.iter().zip(held).enumerate()).flat_map(|(seat, (t, h))| {
            (t.iter().zip(h).enumerate())
                .filter(|(_, (value, was))| value.to_bits() != was.to_bits())
                .map(move |(term, (&value, _))| TermChange { seat, term, value })
        })
    }
}

/// What [`SearchHooks::sibling_terms`] judged: for each candidate of a batch in turn, the heuristic
/// terms in which its result differs from the held one.
#[derive(Clone, Debug, Default)]
pub struct SiblingTerms {
    changes: Vec<TermChange>,
    /// Where each candidate's changes end in `changes`.
    ends: Vec<usize>,
}

impl SiblingTerms {
    /// Forgets every candidate (keeping the buffers).
    pub fn clear(&mut self) {
        self.changes.clear();
        self.ends.clear();
    }

    /// Makes room for `candidates` more candidates of `seats` seats each, every term changed,
    /// so that judging them does not allocate once the buffers have grown to a decision's
    /// size.
    pub fn reserve(&mut self, candidates: usize, seats: usize) {
        self.ends.reserve(candidates);
        self.changes.reserve(candidates * seats * EVAL_TERMS);
    }

    /// Adds the next candidate, whose result's terms are the held result's with `changes`
    /// made (none: the same terms).
    #[inline]
    pub fn push(&mut self, changes: impl IntoIterator<Item = TermChange>) {
        for change in changes {
            self.changes.push(change);
        }
        self.ends.push(self.changes.len());
    }

    /// How many candidates were judged.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether none was.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Runs `f` on the changes of each judged candidate in turn, to change (agents swap
    /// their values with the held terms and back).
    #[inline]
    pub fn for_each_mut(&mut self, f: impl FnMut(&mut [TermChange])) {
        self.for_each_mut_in(0..self.ends.len(), f);
    }

    /// Runs `f` on the changes of each candidate of `range` (indices of judged candidates).
    #[inline]
    pub fn for_each_mut_in(
        &mut self,
        range: std::ops::Range<usize>,
        mut f: impl FnMut(&mut [TermChange]),
    ) {
        let mut start = range.start.checked_sub(1).map_or(0, |j| self.ends[j]);
        for &end in &self.ends[range] {
            f(&mut self.changes[start..end]);
            start = end;
        }
    }

    /// Keeps the first `len` candidates.
    pub fn truncate(&mut self, len: usize) {
        self.ends.truncate(len);
        self.changes
            .truncate(self.ends.last().copied().unwrap_or(0));
    }

    /// The changes of each judged candidate, in order.
    pub fn iter(&self) -> impl Iterator<Item = &[TermChange]> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(&self.ends)
            .map(|(start, &end)| &self.changes[start..end])
    }
}

/// What [`SearchHooks::turn_endings`] judged: for each candidate of a decision in turn, either the
/// heuristic terms after each choice that ends its turn (in which they differ from the
/// position's before it), or nothing, when the candidate's turn was not judged.
#[derive(Clone, Debug, Default)]
pub struct TurnEndings {
    /// The endings of every judged candidate, in order.
    endings: SiblingTerms,
    /// Where each candidate's endings end in `endings`, and whether it was judged.
    ends: Vec<(usize, bool)>,
}

impl TurnEndings {
    /// Forgets every candidate (keeping the buffers).
    pub fn clear(&mut self) {
        self.endings.clear();
        self.ends.clear();
    }

    /// Adds an ending of the candidate being judged, whose result's terms are the position's
    /// with `changes` made.
    #[inline]
    pub fn push_ending(&mut self, changes: impl IntoIterator<Item = TermChange>) {
        self.endings.push(changes);
    }

    /// Closes the candidate being judged: with its endings pushed since the last candidate
    /// when `judged`, else as not judged (dropping any it pushed).
    pub fn close_candidate(&mut self, judged: bool) {
        let start = self.ends.last().map_or(0, |&(end, _)| end);
        if !judged {
            self.endings.truncate(start);
        }
        self.ends.push((self.endings.len(), judged));
    }

    /// How many candidates were closed.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether none was.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Runs `f` on the changes of each ending of candidate `i`, to change (agents swap their
    /// values with the position's terms and back); returns false, running nothing, when the
    /// candidate was not judged (or not closed).
    #[inline]
    pub fn for_each_ending_mut(&mut self, i: usize, f: impl FnMut(&mut [TermChange])) -> bool {
        let Some(&(end, true)) = self.ends.get(i) else {
            return false;
        };
        let start = i.checked_sub(1).map_or(0, |j| self.ends[j].0);
        self.endings.for_each_mut_in(start..end, f);
        true
    }
}

/// One outcome of a chance event ([`Game::chance_outcomes`]): an id the game gives it (in the
/// tile games, the type of the tile drawn) and its probability.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChanceOutcome {
    /// The game's id of the outcome, for [`Game::fix_chance`].
    pub id: u32,
    /// Its probability given what the deciding seat knows.
    pub probability: f64,
}

/// What [`SearchHooks::sibling_terms`] is asked to judge: the results of the actions `instead`
/// taken in `from`, from the result of `done` there (the position asked), whose heuristic
/// terms are `terms`. `S` is the game's position, `A` its action.
pub struct Siblings<'a, S, A> {
    /// The position in which the actions are taken.
    pub from: &'a S,
    /// The action whose result is made: the position asked.
    pub done: &'a A,
    /// The actions whose results are judged, in order (those that follow `done` in the
    /// batch order).
    pub instead: &'a [A],
    /// Every seat's [`Game::eval_terms_all`] of the result of `done` (all zero where `done`
    /// ended the game: a value then reads only the scores).
    pub terms: &'a SeatTerms,
}

/// A game position with its decision structure.
///
/// A turn may consist of several decisions (place a tile, act, boost, …), and a decision can
/// belong to a player other than the one whose turn it is. Chance (tile and token draws) is
/// resolved inside `apply` from the state's hidden order and its own seeded stream, so that
/// playouts pay nothing for it. Search that treats chance explicitly asks for the outcomes of
/// the next draw ([`Game::chance_outcomes`]), fixes one before applying an action
/// ([`Game::fix_chance`]) and sees from [`Game::chance_events`] whether the action drew.
///
/// A game also implements [`SearchHooks`] for its actions, if only as
/// `impl SearchHooks<Action> for MyGame {}`, which keeps every default.
pub trait Game: SearchHooks<<Self as Game>::Action> + Clone + Send + Sync {
    /// One choice at one decision (hashable: search trees index children by action).
    type Action: Copy + Eq + Hash + Debug + Send + Sync;

    /// Number of players (seats `0..n`).
    fn num_players(&self) -> usize;

    /// The seat that must decide now, or `None` when the game is over.
    fn to_move(&self) -> Option<usize>;

    /// Clears `out` and fills it with the legal actions of the current decision (empty when the
    /// game is over). Reusing one buffer avoids allocation.
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// Applies a legal action (illegal actions are a logic error; records are checked first,
    /// with `legal_actions` and `GameDef::is_legal`, which may accept choices the list leaves
    /// out, such as any whole Carcassonne bid).
    fn apply(&mut self, action: Self::Action);

    /// Whether applying `action` here reveals hidden information before the turn ends (draws
    /// an unseen tile within the turn, as a Carcassonne tile discarded under rule B-2 does).
    /// Greedy's rest-of-turn lookahead stops after such an action, so that it never ranks
    /// actions by the actual next draw. The default: draws happen only between turns.
    fn reveals_hidden(&self, _action: &Self::Action) -> bool {
        false
    }

    /// A uniformly random action among exactly those [`Game::legal_actions`] lists (the game
    /// must not be over), drawn from `rng`; `scratch` is a reusable buffer. The default lists
    /// the actions and picks one; games may draw one without listing them all (Safari does,
    /// by rejection sampling), as long as the distribution stays uniform over the same set.
    fn random_action(&self, rng: &mut GameRng, scratch: &mut Vec<Self::Action>) -> Self::Action {
        self.legal_actions(scratch);
        scratch[below(rng, scratch.len())]
    }

    /// Current scores, one per seat.
    fn scores(&self) -> &[i32];

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.to_move().is_none()
    }

    /// Number of completed turns; a turn's decisions all share one value.
    fn turn(&self) -> usize;

    /// Reshuffles everything the deciding player cannot know (the unseen tiles and tokens),
    /// consistently with what is public, so search can sample possible futures.
    fn redeterminize(&mut self, rng: &mut GameRng);

    /// Names of the action kinds (at most [`MAX_ACTION_KINDS`]), for statistics and for
    /// forbidding kinds in ablations.
    fn action_kind_names() -> &'static [&'static str];

    /// Index into [`Game::action_kind_names`] of `action` taken in this position.
    fn action_kind(&self, action: &Self::Action) -> usize;

    /// Names of the heuristic terms of [`Game::eval_terms`] (at most [`EVAL_TERMS`]).
    fn eval_term_names() -> &'static [&'static str];

    /// Default weight of each term of [`Game::eval_term_names`] (same order), as tuned for
    /// this game's greedy and MCTS agents; specs may override any of them.
    fn default_eval_weights() -> &'static [f64];

    /// Heuristic terms of this position for `player` (unused entries are 0): cheap estimates
    /// of value not yet on the score track, combined with weights by greedy and rollout
    /// policies. Documented per game in `docs/agents.md`.
    fn eval_terms(&self, player: usize) -> [f64; EVAL_TERMS];

    /// [`Game::eval_terms`] of every seat: `out[p]` for seat `p` (`out` has one entry per
    /// seat). Agents call this once per position they judge; games whose terms share work
    /// across seats override it with one pass.
    fn eval_terms_all(&self, out: &mut SeatTerms) {
        for (p, terms) in out.iter_mut().enumerate() {
            *terms = self.eval_terms(p);
        }
    }

    /// The outcomes of the next chance event — the next draw from what is hidden — with their
    /// probabilities given what the deciding seat knows (they sum to 1); empty when nothing
    /// is left to draw. The default: a game without chance.
    fn chance_outcomes(&self, out: &mut Vec<ChanceOutcome>) {
        out.clear();
    }

    /// Makes outcome `id` (one of [`Game::chance_outcomes`]) the result of the next chance
    /// event, keeping the rest of what is hidden a uniform sample given that outcome when it
    /// was one (`rng` picks how). Applying an action that draws then draws it. The default:
    /// nothing to fix.
    fn fix_chance(&mut self, _id: u32, _rng: &mut GameRng) {}

    /// How many chance events have happened so far: an action after which the count grew
    /// drew (the first of its draws being the one [`Game::fix_chance`] fixed). The default: 0.
    fn chance_events(&self) -> usize {
        0
    }

    /// Names of the per-player statistics columns of [`Game::player_stats`].
    fn stat_names() -> &'static [&'static str];

    /// Per-player statistics (points by source, action counts, …), one value per
    /// [`Game::stat_names`] entry, written into `out` (cleared first).
    fn player_stats(&self, player: usize, out: &mut Vec<i64>);
}
