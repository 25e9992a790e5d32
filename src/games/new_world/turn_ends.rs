//! Judging how a placement's turn ends without playing it ([`SearchHooks::turn_endings`]). A
//! placement hands the settler decision to the player whose turn it is (N-4, N-5); when its
//! tile completes no trail, town or farm, nothing scores whatever that player chooses, so no
//! surveyor moves (N-6…N-11), and the turn ends with the draw of the next tile (N-4). Each
//! choice's result is then the position before with the placement's features changed (as
//! `placement_terms.rs` works them out) and, for a settler, the feature it goes on held by
//! that player, one settler fewer in supply, and one more at risk where it stands in or east
//! of the easternmost surveyor's column (N-13). Greedy's lookahead values every placement
//! this way, where it used to lay each one and play each settler choice after it.
//!
//! [`SearchHooks::turn_endings`]: crate::core::search_hooks::SearchHooks::turn_endings

use super::eval::{add_value_terms, at_risk};
use super::placement_terms::PlacementsBefore;
use super::state::{FeatureAgg, NewWorldState, Role};
use super::turn::final_value_with;
use crate::core::game::{SeatTerms, TurnEndings};
use crate::core::geom::{Coord, Rotation};
use crate::core::tile_game::{PlacementJudge, QuietTurns};
use crate::core::tileset::FeatureKind;

/// The position before a decision's placements, with what every placement's turn is judged
/// against.
pub(super) struct TurnsBefore<'a> {
    placements: PlacementsBefore<'a>,
    /// Which placements have quiet turns (farms complete when surrounded, N-9).
    quiet: QuietTurns,
    /// The column of the easternmost surveyor (N-13).
    east: i8,
}

impl<'a> TurnsBefore<'a> {
    /// What the turns of the placements from `from`, whose heuristic terms are `terms`, are
    /// judged against.
    pub(super) fn of(from: &'a NewWorldState, terms: &'a SeatTerms) -> Self {
        let farms = from.game.farms.iter().map(|&(cell, _)| cell as usize);
        TurnsBefore {
            placements: PlacementsBefore::with_terms(from, terms, terms),
            quiet: from.quiet_turns(farms),
            east: from.easternmost_surveyor(),
        }
    }
}

impl PlacementJudge<TurnEndings> for TurnsBefore<'_> {
    fn judge(&mut self, at: Coord, rot: Rotation, out: &mut TurnEndings) -> bool {
        let from = self.placements.from;
        let farm = FeatureKind::Farm;
        let own = from.drawn_segment_agg();
        let Some(placement) =
            from.quiet_placement(&self.quiet, (at, rot), farm, own, |f| f.open == 0)
        else {
            return false;
        };
        let (joined, merged) = (&placement.joined, &placement.merged);
        let add_placed = |t: &mut SeatTerms| {
            (self.placements).add_placed_terms(joined, merged, placement.segments, at, t)
        };
        let (p, east, neighbours) = (from.active as usize, self.east, placement.neighbours);
        let settler_terms = |i: usize, f: &FeatureAgg, t: &mut SeatTerms| {
            if f.is_occupied() {
                return false;
            }
            let mut f = *f;
            f.settlers[p] += 1;
            // A feature without settlers gives no terms: only what it gives with the
            // settler is added.
            let role = Role::of(placement.segments[i].kind);
            let farm_neighbours = if role == Role::Farmer { neighbours } else { 0 };
            add_value_terms(
                f.scorers(),
                final_value_with(&f, role, farm_neighbours),
                1.0,
                t,
            );
            t[p][0] -= 1.0;
            t[p][2] += at_risk(role, at.x, east);
            true
        };
        let has_piece = from.supply[p] > 0;
        (self.placements).push_turn_endings(&placement, add_placed, has_piece, settler_terms, out);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::new_world::tests::varied_game;

    /// The endings the test must meet: no settler, and a settler in each role.
    const CASES: [&str; 6] = [
        "no settler",
        "a settler on a trail",
        "a settler in a town",
        "a settler on plains",
        "a settler on a farm",
        "no settler with none in supply",
    ];

    /// Which of [`CASES`] the ending `after` of a turn from `before` meets.
    fn case(before: &NewWorldState, after: &NewWorldState) -> usize {
        let p = before.active as usize;
        if after.game.settlers.len() == before.game.settlers.len() {
            return if before.supply[p] == 0 { 5 } else { 0 };
        }
        match after.game.settlers.last().expect("a settler put").role {
            Role::Robber => 1,
            Role::Shopkeeper => 2,
            Role::Trapper => 3,
            Role::Farmer => 4,
        }
    }

    /// Every judged turn of random games (2 to 5 players) ends as play ends it: each settler
    /// choice's result has the judged terms, bit for bit, with the scores unchanged and the
    /// game going on; every ending of [`CASES`] occurs, and most placements are judged.
    #[test]
    fn judged_turns_end_as_played() {
        NewWorldState::assert_judged_turns_cover(&CASES, varied_game, case);
    }
}
