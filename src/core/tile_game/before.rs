//! The position before a decision's placements as the placement and turn judges of the games
//! whose placements change terms only through the features with pieces they join (Carcassonne,
//! New World: their `placement_terms.rs` and `turn_ends.rs`) hold it: the position, its
//! heuristic terms, what the placed neighbours of a cell offer, the one set of changes of
//! every placement that changes no feature with pieces, and what the game keeps beside them
//! ([`PlacementContext`]).

use super::joined::{Joined, Offer};
use super::parts::GameParts;
use super::rules::Evaluation;
use super::state::{all_seats, TileState, MAX_PLAYERS};
use crate::core::game::{Game, SeatTerms, SiblingTerms, TermChange, TermChanges, EVAL_TERMS};
use crate::core::geom::Rotation;
use crate::core::tileset::{FeatureKind, Orientation, Segment};

/// What a game keeps of a position, beside its heuristic terms, to judge its placements (the
/// features with pieces that a placement may change without joining them, …).
pub(crate) trait PlacementContext<S> {
    /// What it keeps of `from`.
    fn of_position(from: &S) -> Self;
}

/// The position before a decision's placements, with what every placement is judged against:
/// its heuristic terms and the game's context `C`.
pub(crate) struct PlacementsBefore<'a, S, C> {
    /// The position.
    pub(crate) from: &'a S,
    /// The terms of the result the placements are judged against ([`PlacementJudge`]).
    ///
    /// [`PlacementJudge`]: super::PlacementJudge
    held_terms: &'a SeatTerms,
    /// Its heuristic terms, one entry per seat in use (a placement's result has them but
    /// where features change).
    terms: [[f64; EVAL_TERMS]; MAX_PLAYERS],
    /// The seats in use.
    players: usize,
    /// The changes of a placement that changes no feature with pieces (most placements): the
    /// same for all of them, worked out when first needed.
    plain: Option<TermChanges>,
    /// Whether pieces stand beside the cell of the placements judged last.
    pub(crate) offer: Option<Offer>,
    /// What the game keeps of the position.
    pub(crate) context: C,
}

impl<'a, S: Game + Evaluation, C: PlacementContext<S>> PlacementsBefore<'a, S, C> {
    /// What the placements from `from` are judged against, where the held result has the
    /// terms `held_terms`.
    #[inline]
    pub(crate) fn of(from: &'a S, held_terms: &'a SeatTerms) -> Self {
        let mut terms = [[0.0; EVAL_TERMS]; MAX_PLAYERS];
        let terms = &mut terms[..from.num_players()];
        from.heuristic_terms_all(terms);
        Self::with_terms(from, terms, held_terms)
    }

    /// [`PlacementsBefore::of`], where `terms` are `from`'s heuristic terms.
    #[inline]
    pub(crate) fn with_terms(from: &'a S, terms: &SeatTerms, held_terms: &'a SeatTerms) -> Self {
        PlacementsBefore {
            from,
            held_terms,
            terms: all_seats(terms),
            players: terms.len(),
            plain: None,
            offer: None,
            context: C::of_position(from),
        }
    }
}

impl<S, C> PlacementsBefore<'_, S, C> {
    /// The position's heuristic terms, one entry per seat.
    pub(crate) fn terms(&self) -> &SeatTerms {
        &self.terms[..self.players]
    }

    /// A copy of the position's heuristic terms, every seat's (those in use first), for a
    /// placement's to be worked out in.
    #[inline]
    pub(crate) fn terms_copy(&self) -> [[f64; EVAL_TERMS]; MAX_PLAYERS] {
        self.terms
    }

    /// Pushes onto `out` the changes from the held result of a placement whose result has
    /// the position's terms to which `add` adds what the placement changes.
    #[inline]
    pub(crate) fn push_placed(&self, out: &mut SiblingTerms, add: impl FnOnce(&mut SeatTerms)) {
        let mut terms = self.terms;
        let terms = &mut terms[..self.players];
        add(terms);
        out.push(TermChange::changes(terms, self.held_terms));
    }

    /// Pushes onto `out` the changes from the held result of a placement that changes no
    /// feature with pieces.
    pub(crate) fn push_plain(&mut self, out: &mut SiblingTerms) {
        let (terms, held_terms) = (&self.terms[..self.players], self.held_terms);
        let plain = (self.plain).get_or_insert_with(|| TermChange::between(terms, held_terms));
        out.push(plain.iter().copied());
    }
}

impl<G: GameParts, const SIDE: usize, const FRONTIER: usize, const NODES: usize>
    TileState<G, SIDE, FRONTIER, NODES>
{
    /// The segments of the drawn tile, and its orientation turned by `rot`.
    #[inline]
    pub(crate) fn drawn_turned(&self, rot: Rotation) -> (&'static [Segment], &'static Orientation) {
        let variant = self.tiles.variant(self.drawn);
        (variant.segments(), variant.turned(rot))
    }
}

impl<G: GameParts, const SIDE: usize, const FRONTIER: usize, const NODES: usize, C>
    PlacementsBefore<'_, TileState<G, SIDE, FRONTIER, NODES>, C>
{
    /// Adds to `t`, terms of the position, what a placement changes in the features with
    /// pieces it joins (`joined`, with the aggregates after it in `merged`; `segments` are its
    /// tile's): what each gave before it goes, what each joined feature gives after it comes
    /// (once, with the kind of the segment that first joined it and the root it had), where
    /// `occupied` tells a feature with pieces and `add(aggregate, kind, root, sign, t)` adds
    /// `sign` (±1) times what a feature gives.
    #[inline]
    pub(crate) fn add_joined_terms(
        &self,
        joined: &Joined<G::Node>,
        merged: &[G::Feature],
        segments: &[Segment],
        occupied: impl Fn(&G::Feature) -> bool,
        mut add: impl FnMut(&G::Feature, FeatureKind, G::Node, f64, &mut SeatTerms),
        t: &mut SeatTerms,
    ) {
        for (k, &root) in joined.touched().iter().enumerate() {
            let kind = segments[joined.via(k) as usize].kind;
            let before = self.from.feature(root);
            if occupied(before) {
                add(before, kind, root, -1.0, t);
            }
            let after = &merged[joined.of_touched(k)];
            if occupied(after) && joined.first_of_its_feature(k) {
                add(after, kind, root, 1.0, t);
            }
        }
    }
}
