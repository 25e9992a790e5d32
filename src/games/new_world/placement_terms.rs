//! Judging a decision's placements without laying them ([`SearchHooks::sibling_terms`]). A
//! placement scores nothing and hands the settler decision to the player whose turn it is
//! (N-4, N-5); of the heuristic terms it changes only the `feature_value` of the features
//! with settlers that its tile joins, and of the farms with settlers around its cell (N-17)
//! — all read off the position before it. Agents then lay only the placement they choose.
//!
//! [`SearchHooks::sibling_terms`]: crate::core::search_hooks::SearchHooks::sibling_terms

use super::eval::add_value_terms;
use super::state::{FeatureAgg, NewWorldState, Node, Role, MAX_FARMS};
use super::turn::final_value_with;
use crate::core::fixed_vec::FixedVec;
use crate::core::game::{SeatTerms, SiblingTerms};
use crate::core::geom::{Coord, Rotation};
use crate::core::tile_game::{Joined, PlacementContext, PlacementJudge};
use crate::core::tileset::Segment;

/// A farm with settlers: where it is, its summary and its placed neighbours.
#[derive(Clone, Copy)]
struct OccupiedFarm {
    at: Coord,
    agg: FeatureAgg,
    neighbours: u8,
}

/// What New World keeps of the position before a decision's placements to judge them: the
/// farms with settlers, which a placement beside them changes without joining them.
pub(super) struct FarmsBefore {
    farms: FixedVec<OccupiedFarm, MAX_FARMS>,
}

/// The position before a decision's placements, with what every placement is judged against.
pub(super) type PlacementsBefore<'a> =
    crate::core::tile_game::PlacementsBefore<'a, NewWorldState, FarmsBefore>;

impl PlacementContext<NewWorldState> for FarmsBefore {
    #[inline]
    fn of_position(from: &NewWorldState) -> Self {
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
        FarmsBefore { farms }
    }
}

impl NewWorldState {
    /// The aggregate of a segment of the drawn tile on its own, before its placement joins it.
    pub(super) fn drawn_segment_agg(&self) -> impl Fn(&Segment) -> FeatureAgg {
        let shared = { self.game.shared_tiles }.take_for(self.tiles.variant(self.drawn));
        // A land tile never borders the sea (N-7, N-8): every trail or town edge is open.
        move |seg| FeatureAgg::of_segment(seg, seg.sides.count_ones() as u8, shared)
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
        // Only trails, towns and plains join: their value does not depend on where they are.
        let value = |f: &FeatureAgg, kind, sign, t: &mut SeatTerms| {
            add_value_terms(f.scorers(), final_value_with(f, Role::of(kind), 0), sign, t)
        };
        let occupied = FeatureAgg::is_occupied;
        let add = |f: &FeatureAgg, kind, _, sign, t: &mut SeatTerms| value(f, kind, sign, t);
        self.add_joined_terms(joined, merged, segments, occupied, add, t);
        for f in (self.context.farms.iter()).filter(|f| f.at.touches(at)) {
            let (agg, n) = (&f.agg, f.neighbours);
            let farmer = Role::Farmer;
            add_value_terms(agg.scorers(), final_value_with(agg, farmer, n), -1.0, t);
            add_value_terms(agg.scorers(), final_value_with(agg, farmer, n + 1), 1.0, t);
        }
    }
}

impl PlacementJudge<SiblingTerms> for PlacementsBefore<'_> {
    fn judge(&mut self, at: Coord, rot: Rotation, out: &mut SiblingTerms) -> bool {
        let from = self.from;
        let (segments, o) = from.drawn_turned(rot);
        let farm_near = self.context.farms.iter().any(|f| f.at.touches(at));
        // Without settlers beside the cell, the placement joins no feature with settlers.
        let offer = from.offer_at(&mut self.offer, at, FeatureAgg::is_occupied);
        let occupied = |root: &Node| from.feature(*root).is_occupied();
        let joined = (offer.any || farm_near)
            .then(|| from.joined_by(at, o))
            .filter(|joined| farm_near || joined.touched().iter().any(occupied));
        let Some(joined) = joined else {
            self.push_plain(out);
            return true;
        };
        let own = segments.iter().map(from.drawn_segment_agg());
        let merged = joined.merged(own, |root| *from.feature(root));
        self.push_placed(out, |t| {
            self.add_placed_terms(&joined, &merged, segments, at, t)
        });
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
            let (_, o) = g.drawn_turned(rot);
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
