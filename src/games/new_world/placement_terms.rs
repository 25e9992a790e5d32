//! Judging a decision's placements without laying them ([`Game::sibling_terms`]). A
//! placement scores nothing and hands the settler decision to the player whose turn it is
//! (N-4, N-5); of the heuristic terms it changes only the `feature_value` of the features
//! with settlers that its tile joins, and of the farms with settlers around its cell (N-17)
//! — all read off the position before it. Agents then lay only the placement they choose.
//!
//! [`Game::sibling_terms`]: crate::core::game::Game::sibling_terms

use super::eval::add_value_terms;
use super::state::{FeatureAgg, NewWorldState, Node, Role, MAX_FARMS, MAX_PLAYERS};
use super::turn::final_value_with;
use crate::core::fixed_vec::FixedVec;
use crate::core::game::{SeatTerms, SiblingTerms, TermChange, TermChanges, EVAL_TERMS};
use crate::core::geom::{Coord, Rotation};
use crate::core::tile_game::{all_seats, Evaluation, Joined, Offer, PlacementJudge};
use crate::core::tileset::Segment;

/// Heuristic terms of every seat.
pub(super) type Terms = [[f64; EVAL_TERMS]; MAX_PLAYERS];

/// A farm with settlers: where it is, its summary and its placed neighbours.
#[derive(Clone, Copy)]
struct OccupiedFarm {
    at: Coord,
    agg: FeatureAgg,
    neighbours: u8,
}

/// The position before a decision's placements, with what every placement is judged against.
pub(super) struct PlacementsBefore<'a> {
    pub(super) from: &'a NewWorldState,
    /// Its heuristic terms (a placement's result has them but where features change).
    pub(super) terms: Terms,
    /// The farms with settlers.
    farms: FixedVec<OccupiedFarm, MAX_FARMS>,
    /// The changes of a placement that changes no feature with settlers (most placements):
    /// the same for all of them, worked out when first needed.
    plain: Option<TermChanges>,
    /// Whether settlers stand beside the cell of the placements judged last.
    offer: Option<Offer>,
}

impl<'a> PlacementsBefore<'a> {
    /// What the placements from `from` are judged against.
    pub(super) fn of(from: &'a NewWorldState) -> Self {
        let mut terms = [[0.0; EVAL_TERMS]; MAX_PLAYERS];
        from.heuristic_terms_all(&mut terms[..from.players()]);
        Self::with_terms(from, &terms[..from.players()])
    }

    /// [`PlacementsBefore::of`], where `terms` are `from`'s heuristic terms.
    pub(super) fn with_terms(from: &'a NewWorldState, terms: &SeatTerms) -> Self {
        let terms = all_seats(terms);
        let mut farms = FixedVec::default();
        for &(cell, node) in from.game.farms.iter() {
            let agg = *from.feature(node);
            if agg.is_occupied() {
                farms.push(OccupiedFarm {
                    at: from.cells[cell as usize].at,
                    agg,
                    neighbours: from.board.placed_around_cell(cell as u16),
                });
            }
        }
        PlacementsBefore {
            from,
            terms,
            farms,
            plain: None,
            offer: None,
        }
    }
}

impl PlacementsBefore<'_> {
    /// Adds to `t`, terms of the position, what a placement at `at` changes: the
    /// `feature_value` of the features with settlers it joins (`joined`, with the aggregates
    /// after it in `merged`; `segments` are its tile's) and of the farms with settlers around
    /// it.
    pub(super) fn add_placed_terms(
        &self,
        joined: &Joined<Node>,
        merged: &[FeatureAgg],
        segments: &[Segment],
        at: Coord,
        t: &mut SeatTerms,
    ) {
        let from = self.from;
        for (k, &root) in joined.touched().iter().enumerate() {
            // Only trails, towns and plains join: their value does not depend on where they are.
            let role = Role::of(segments[joined.via(k) as usize].kind);
            let before = from.feature(root);
            if before.is_occupied() {
                add_value_terms(before.scorers(), final_value_with(before, role, 0), -1.0, t);
            }
            let after = &merged[joined.of_touched(k)];
            if after.is_occupied() && joined.first_of_its_feature(k) {
                add_value_terms(after.scorers(), final_value_with(after, role, 0), 1.0, t);
            }
        }
        for f in self.farms.iter().filter(|f| f.at.touches(at)) {
            let (agg, n) = (&f.agg, f.neighbours);
            let farmer = Role::Farmer;
            add_value_terms(agg.scorers(), final_value_with(agg, farmer, n), -1.0, t);
            add_value_terms(agg.scorers(), final_value_with(agg, farmer, n + 1), 1.0, t);
        }
    }
}

impl PlacementJudge for PlacementsBefore<'_> {
    fn judge(
        &mut self,
        at: Coord,
        rot: Rotation,
        held_terms: &SeatTerms,
        out: &mut SiblingTerms,
    ) -> bool {
        let from = self.from;
        let players = from.players();
        let variant = from.tiles.variant(from.drawn);
        let segments = variant.segments();
        let o = &variant.orientations[rot.quarter_turns() as usize];
        let farm_near = self.farms.iter().any(|f| f.at.touches(at));
        // Without settlers beside the cell, the placement joins no feature with settlers.
        let offer = from.offer_at(&mut self.offer, at, FeatureAgg::is_occupied);
        let occupied = |root: &Node| from.feature(*root).is_occupied();
        let joined = (offer.any || farm_near)
            .then(|| from.joined_by(at, o))
            .filter(|joined| farm_near || joined.touched().iter().any(occupied));
        let Some(joined) = joined else {
            let terms = &self.terms[..players];
            let plain = (self.plain).get_or_insert_with(|| TermChange::between(terms, held_terms));
            out.push(plain.iter().copied());
            return true;
        };
        let shared = { from.game.shared_tiles }.take_for(variant);
        // A land tile never borders the sea (N-7, N-8): every trail or town edge is open.
        let own = (segments.iter())
            .map(|seg| FeatureAgg::of_segment(seg, seg.sides.count_ones() as u8, shared));
        let merged = joined.merged(own, |root| *from.feature(root));
        let mut terms = self.terms;
        self.add_placed_terms(&joined, &merged, segments, at, &mut terms[..players]);
        out.push(TermChange::changes(&terms[..players], held_terms));
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::new_world::tests::varied_game;
    use crate::games::new_world::Action;

    /// The situations in which a placement changes terms, each of which the test must meet.
    const CASES: [&str; 3] = [
        "joins a trail, town or plains with settlers (N-5)",
        "lies beside a farm with settlers (N-17)",
        "joins two features with settlers into one",
    ];

    /// Every placement and settler choice of random games (2 to 5 players) judged from the
    /// position before it has the terms of the one played, bit for bit, the same scores, and
    /// the game goes on; both kinds are judged.
    #[test]
    fn candidates_judged_from_the_position_have_the_played_terms() {
        NewWorldState::assert_candidates_judged("settler choices", varied_game);
    }

    /// Every placement of random games (2 to 5 players), judged from the result of the
    /// decision's first, has the terms of the placement laid, bit for bit; and every
    /// situation of [`CASES`] occurs.
    #[test]
    fn judged_placements_have_the_laid_terms() {
        let situations = |g: &NewWorldState, _: &NewWorldState, action| {
            let Action::Place { at, rot } = action else {
                unreachable!("only placements are judged")
            };
            let o = &g.tiles.variant(g.drawn).orientations[rot.quarter_turns() as usize];
            let joined = g.joined_by(at, o);
            let occupied = |k: usize| g.feature(joined.touched()[k]).is_occupied();
            let farm = (g.game.farms.iter()).any(|&(cell, node)| {
                g.feature(node).is_occupied() && g.cells[cell as usize].at.touches(at)
            });
            let two_in_one = (0..joined.touched().len()).any(|k| {
                occupied(k)
                    && (0..k).any(|e| occupied(e) && joined.of_touched(e) == joined.of_touched(k))
            });
            [(0..joined.touched().len()).any(occupied), farm, two_in_one]
        };
        NewWorldState::assert_judged_placements_cover(&CASES, 0..80, varied_game, situations);
    }
}
