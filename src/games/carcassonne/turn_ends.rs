//! Judging how a placement's turn ends without playing it ([`SearchHooks::turn_endings`]). Where
//! placements are judged (`placement_terms.rs`), a placement's turn goes on with the meeple
//! decision of the player whose turn it is (C-2); when the tile completes no road, city or
//! monastery, nothing scores whatever that player chooses (C-3), and the turn ends with the
//! draw of the next tile (C-2). Each choice's result is then the position before with the
//! placement's features changed (as `placement_terms.rs` works them out) and, for a meeple,
//! the feature it goes on held by that player, one meeple fewer in supply, and one more
//! farmer where it goes on a field. Greedy's lookahead values every placement this way,
//! where it used to lay each one and play each meeple choice after it.
//!
//! [`SearchHooks::turn_endings`]: crate::core::search_hooks::SearchHooks::turn_endings

use super::features::FeatureAgg;
use super::placement_terms::PlacementsBefore;
use super::state::CarcassonneState;
use crate::core::game::{SeatTerms, TurnEndings};
use crate::core::geom::{Coord, Rotation};
use crate::core::tile_game::{PlacementJudge, QuietTurns};
use crate::core::tileset::FeatureKind;

/// The position before a decision's placements, with what every placement's turn is judged
/// against.
pub(super) struct TurnsBefore<'a> {
    placements: PlacementsBefore<'a>,
    /// Which placements have quiet turns (monasteries complete when surrounded).
    quiet: QuietTurns,
}

impl<'a> TurnsBefore<'a> {
    /// What the turns of the placements from `from`, whose heuristic terms are `terms`, are
    /// judged against.
    pub(super) fn of(from: &'a CarcassonneState, terms: &'a SeatTerms) -> Self {
        let monasteries = from.game.monasteries.iter().map(|m| m.cell as usize);
        TurnsBefore {
            placements: PlacementsBefore::with_terms(from, terms, terms),
            quiet: from.quiet_turns(monasteries),
        }
    }
}

impl PlacementJudge<TurnEndings> for TurnsBefore<'_> {
    fn judge(&mut self, at: Coord, rot: Rotation, out: &mut TurnEndings) -> bool {
        let from = self.placements.from;
        let monastery = FeatureKind::Monastery;
        let own = from.drawn_segment_agg();
        let Some(placement) =
            from.quiet_placement(&self.quiet, (at, rot), monastery, own, |f| f.open == 0)
        else {
            return false;
        };
        let (joined, merged) = (&placement.joined, &placement.merged);
        let add_placed = |t: &mut SeatTerms| {
            (self.placements).add_placed_terms(joined, merged, placement.segments, at, t)
        };
        let (p, neighbours) = (from.active as usize, placement.neighbours);
        let meeple_terms = |i: usize, f: &FeatureAgg, t: &mut SeatTerms| {
            if f.is_occupied() {
                return false;
            }
            let mut f = *f;
            f.meeples[p] += 1;
            // A feature without meeples gives no terms: only what it gives with the meeple
            // is added (a feature new with the tile has no node yet; none is read when the
            // neighbours are given).
            let kind = placement.segments[i].kind;
            from.add_feature_terms_with(&f, kind, 0, Some(neighbours), 1.0, t);
            t[p][3] -= 1.0;
            if kind == FeatureKind::Field {
                t[p][6] += 1.0;
            }
            true
        };
        let has_piece = from.supply[p] > 0;
        (self.placements).push_turn_endings(&placement, add_placed, has_piece, meeple_terms, out);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::carcassonne::tests::varied_game;

    /// The endings the test must meet: no meeple, and a meeple on each kind of feature.
    const CASES: [&str; 6] = [
        "no meeple",
        "a meeple on a road",
        "a meeple on a city",
        "a meeple on a field",
        "a meeple on a monastery",
        "no meeple with none in supply",
    ];

    /// Which of [`CASES`] the ending `after` of a turn from `before` meets.
    fn case(before: &CarcassonneState, after: &CarcassonneState) -> usize {
        let p = before.active as usize;
        if after.game.meeples.len() == before.game.meeples.len() {
            return if before.supply[p] == 0 { 5 } else { 0 };
        }
        let meeple = after.game.meeples.last().expect("a meeple put");
        match meeple.kind {
            FeatureKind::Road => 1,
            FeatureKind::City => 2,
            FeatureKind::Field => 3,
            _ => 4,
        }
    }

    /// Every judged turn of random games (2 to 5 players, the base game and The Robbers)
    /// ends as play ends it: each meeple choice's result has the judged terms, bit for bit,
    /// with the scores unchanged and the game going on; every ending of [`CASES`] occurs,
    /// and most placements are judged.
    #[test]
    fn judged_turns_end_as_played() {
        CarcassonneState::assert_judged_turns_cover(&CASES, varied_game, case);
    }
}
