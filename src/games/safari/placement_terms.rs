//! Judging a decision's placements without laying them ([`SearchHooks::sibling_terms`]): a
//! placement changes the heuristic terms only through the features its tile joins (the terms
//! of their meeples), the hole and baobab meeples around its cell, and the vehicles' spaces
//! beside it or under it — all read off the position before it. Agents then lay only the
//! placement they choose, where laying every candidate (copy, lay, judge in full) was most of
//! a search's work.
//!
//! [`SearchHooks::sibling_terms`]: crate::core::search_hooks::SearchHooks::sibling_terms

use super::eval::{MeepleTerms, MEEPLE_TERMS, PENDING_POINTS};
use super::features::FeatureAgg;
use super::state::{SafariState, Spot, VehicleFit, MAX_MEEPLES, MAX_PLAYERS};
use crate::core::fixed_vec::FixedVec;
use crate::core::game::{SeatTerms, SiblingTerms, TermChange};
use crate::core::geom::{Coord, Corner, Rotation, Side, Vertex};
use crate::core::tile_game::PlacementJudge;
use crate::core::tileset::{Orientation, Variant};

/// Most terms a placement changes: the meeples' terms of every seat and one vehicle term.
const MOST_CHANGES: usize = MAX_PLAYERS * MEEPLE_TERMS.len() + 1;

/// The terms in which a judged placement's result differs from the held one.
type Changes = FixedVec<TermChange, MOST_CHANGES>;

/// The position before a decision's placements, with what every placement is judged against.
pub(super) struct PlacementsBefore<'a> {
    from: &'a SafariState,
    /// The result of one of the placements, which the others are judged against.
    held: &'a SafariState,
    /// Its heuristic terms.
    held_terms: &'a SeatTerms,
    /// The meeples' terms before.
    meeples: MeepleTerms,
    /// The open holes' meeples: owner and vertex.
    open_holes: FixedVec<(u8, Vertex), MAX_MEEPLES>,
    /// The baobab meeples: owner and cell.
    baobabs: FixedVec<(u8, Coord), MAX_MEEPLES>,
    /// The edge classes fitting each vehicle's space.
    vehicle_classes: [u128; 2],
    /// The changes of a placement that changes no meeple's terms and keeps the vehicles' fit
    /// (most placements): the same for all of them.
    plain: Changes,
    /// What is about the cell of the placements judged last.
    near: Option<Near>,
}

/// What the hole and baobab meeples and the vehicles about one frontier cell give every
/// placement there, whatever its tile and rotation (placements come cell by cell).
struct Near {
    /// The cell.
    at: Coord,
    /// The open holes with a slot on the cell: their meeple's owner and the cell's corner at
    /// the hole (a tile showing bush there blocks it, S-8.5).
    holes: FixedVec<(u8, Corner), MAX_MEEPLES>,
    /// The owner of each baobab meeple on a cell around it.
    baobabs: FixedVec<u8, MAX_MEEPLES>,
    /// Whether a vehicle stands on it (a placement displaces it, S-4.3).
    displaced: bool,
    /// Whether a vehicle stands on it or beside it (the vehicles' fit is worked out afresh).
    refits: bool,
}

impl<'a> PlacementsBefore<'a> {
    /// What the placements from `from` are judged against, where `held`, whose terms are
    /// `terms`, is `from` after one of them.
    pub(super) fn of(from: &'a SafariState, held: &'a SafariState, terms: &'a SeatTerms) -> Self {
        let mut open_holes = FixedVec::default();
        let mut baobabs = FixedVec::default();
        for m in from.placed_meeples() {
            match m.spot {
                Spot::Hole(v) if from.open_hole(v) == 1 => open_holes.push((m.player, v)),
                Spot::Baobab(c) => baobabs.push((m.player, from.cells[c as usize].at)),
                _ => {}
            }
        }
        let classes = |at: Option<Coord>| at.map_or(0, |at| from.vehicle_classes(at));
        let mut before = PlacementsBefore {
            from,
            held,
            held_terms: terms,
            meeples: from.meeple_terms(),
            open_holes,
            baobabs,
            vehicle_classes: from.game.vehicles.map(classes),
            plain: Changes::default(),
            near: None,
        };
        let mut plain = Changes::default();
        let fit = from.game.vehicle_fit;
        before.changed_terms(held, terms, &before.meeples, false, fit, &mut plain);
        before.plain = plain;
        before
    }

    /// Writes into `changes` the terms in which a placement's result differs from `held`,
    /// whose terms are `terms`, when it leaves the meeples' terms `meeples` (before the
    /// displaced vehicle's bonus, when it `displaced` one) and the vehicles' fit `fit`.
    fn changed_terms(
        &self,
        held: &SafariState,
        terms: &SeatTerms,
        meeples: &MeepleTerms,
        displaced: bool,
        fit: VehicleFit,
        changes: &mut Changes,
    ) {
        let from = self.from;
        let mut change = |c: TermChange| {
            if c.value.to_bits() != terms[c.seat][c.term].to_bits() {
                changes.push(c);
            }
        };
        for seat in 0..from.players() {
            for (term, mut value) in MEEPLE_TERMS.into_iter().zip(meeples.values(seat)) {
                if displaced && seat == from.active as usize && term == PENDING_POINTS {
                    value += from.game.options.vehicle_bonus as f64;
                }
                change(TermChange { seat, term, value });
            }
        }
        change(held.next_vehicle_points(fit));
    }

    /// Changes `meeples` as the features that a tile with orientation `o` of `variant` at
    /// `at` joins change the terms of the meeples on them; says whether any of them has
    /// meeples.
    fn join_features(
        &self,
        at: Coord,
        variant: &Variant,
        o: &Orientation,
        meeples: &mut MeepleTerms,
    ) -> bool {
        let from = self.from;
        let joined = from.joined_by(at, o);
        let occupied = (joined.touched().iter()).any(|&root| from.features.get(root).is_occupied());
        if !occupied {
            return false;
        }
        let segments = variant.segments().iter().map(FeatureAgg::of_segment);
        let merged = joined.merged(segments, |root| *from.features.get(root));
        let rule = from.game.options.final_scoring;
        for (k, &root) in joined.touched().iter().enumerate() {
            meeples.add_feature(from.features.get(root), rule, -1);
            if joined.first_of_its_feature(k) {
                meeples.add_feature(&merged[joined.of_touched(k)], rule, 1);
            }
        }
        true
    }

    /// Keeps in `self.near` what is about frontier cell `at`, unless it holds it already.
    fn look_around(&mut self, at: Coord) {
        if self.near.as_ref().is_some_and(|near| near.at == at) {
            return;
        }
        let from = self.from;
        let mut holes = FixedVec::default();
        for &(owner, v) in self.open_holes.iter() {
            if let Some((_, corner)) = (0..4).map(|k| v.slot(k)).find(|&(cell, _)| cell == at) {
                holes.push((owner, corner));
            }
        }
        let mut baobabs = FixedVec::default();
        for &(owner, cell) in self.baobabs.iter() {
            if cell.touches(at) {
                baobabs.push(owner);
            }
        }
        let beside = |space: Coord| Side::ALL.into_iter().any(|s| at.step(s) == space);
        let vehicles = from.game.vehicles.iter().flatten();
        self.near = Some(Near {
            at,
            holes,
            baobabs,
            displaced: from.game.vehicles.contains(&Some(at)),
            refits: vehicles.copied().any(|space| space == at || beside(space)),
        });
    }

    /// The vehicles' fit after placing a tile with orientation `o` at `at` where
    /// [`SafariState::place_drawn`] works it out afresh (the tile displaces a vehicle or lies
    /// beside one's space), else `None` (it stays as before).
    fn refit(&self, held: &SafariState, at: Coord, o: &Orientation) -> Option<VehicleFit> {
        let from = self.from;
        let mut changed = false;
        let mut classes = 0;
        for (k, vehicle) in from.game.vehicles.iter().enumerate() {
            match *vehicle {
                None => {}
                Some(space) if space == at => changed = true,
                Some(space) => match Side::ALL.into_iter().find(|&s| at.step(s) == space) {
                    Some(side) => {
                        changed = true;
                        let cell = from.board.frontier_beside(at, side, o.signature);
                        classes |= from.tiles.classes_fitting(&cell);
                    }
                    None => classes |= self.vehicle_classes[k],
                },
            }
        }
        changed.then(|| held.fit_of_classes(classes))
    }
}

/// Every placement can be judged.
impl PlacementJudge<SiblingTerms> for PlacementsBefore<'_> {
    fn judge(&mut self, at: Coord, rot: Rotation, out: &mut SiblingTerms) -> bool {
        let (from, held, terms) = (self.from, self.held, self.held_terms);
        let variant = from.tiles.variant(from.drawn);
        let o = variant.turned(rot);
        let mut meeples = self.meeples;
        let mut changed = self.join_features(at, variant, o, &mut meeples);
        self.look_around(at);
        let near = self.near.as_ref().expect("just looked around");
        for &(owner, corner) in near.holes.iter() {
            if o.open_corners & corner.bit() == 0 {
                meeples.add_open_holes(owner as usize, -1);
                changed = true;
            }
        }
        for &owner in near.baobabs.iter() {
            meeples.add_around_baobabs(owner as usize, 1);
            changed = true;
        }
        // S-4.3, S-7.3: a tile laid on a vehicle's space displaces it; step 3 pays the bonus.
        let displaced = near.displaced;
        let refit = if near.refits {
            self.refit(held, at, o)
        } else {
            None
        };
        if !changed && !displaced && refit.is_none() {
            out.push(self.plain.iter().copied());
            return true;
        }
        let fit = refit.unwrap_or(from.game.vehicle_fit);
        let mut changes = Changes::default();
        self.changed_terms(held, terms, &meeples, displaced, fit, &mut changes);
        out.push(changes.iter().copied());
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::game::EVAL_TERMS;
    use crate::core::tile_game::Evaluation;
    use crate::games::safari::Action;
    use crate::games::GameDef;

    /// The situations in which a placement changes terms, each of which the test must meet.
    const CASES: [&str; 6] = [
        "joins a feature with meeples (S-6.4)",
        "completes a feature with meeples (S-6.2, S-6.3)",
        "displaces a vehicle (S-4.3)",
        "lies beside a vehicle's space",
        "blocks a hole with a meeple (S-8.5)",
        "lies beside a baobab meeple's tile",
    ];

    fn terms_of(s: &SafariState) -> Vec<[f64; EVAL_TERMS]> {
        let mut t = vec![[0.0; EVAL_TERMS]; s.players()];
        s.heuristic_terms_all(&mut t);
        t
    }

    /// Every placement of random games (2 to 5 players, both final scorings, 2 vehicles),
    /// judged from the result of the decision's first, has the terms of the placement laid,
    /// bit for bit; and every situation of [`CASES`] occurs.
    #[test]
    fn judged_placements_have_the_laid_terms() {
        let game = |seed: u64| {
            let players = 2 + seed as usize % 4;
            let scoring = ["final_scoring=majority", "final_scoring=all"][seed as usize % 2];
            let rules = [scoring, "vehicles=2"];
            let setup =
                SafariState::setup_with_rules(players, seed, SafariState::builtin_tiles(), &rules)
                    .expect("a valid setup");
            SafariState::new_game(&setup).expect("a game")
        };
        let situations = |g: &SafariState, laid: &SafariState, action| {
            let (players, before, after) = (g.players(), terms_of(g), terms_of(laid));
            let Action::Place { at, .. } = action else {
                unreachable!("only placements are judged")
            };
            let rose = |term: usize| (0..players).any(|p| after[p][term] > before[p][term]);
            let fell = |term: usize| (0..players).any(|p| after[p][term] < before[p][term]);
            let vehicles = g.vehicles();
            let beside =
                (vehicles.iter().flatten()).any(|&v| Side::ALL.iter().any(|&s| at.step(s) == v));
            [
                rose(0) || rose(1) || fell(0) || fell(1),
                (0..players).any(|p| {
                    after[p][PENDING_POINTS] > before[p][PENDING_POINTS]
                        && !vehicles.contains(&Some(at))
                }),
                vehicles.contains(&Some(at)),
                beside,
                fell(super::super::eval::OPEN_HOLES),
                rose(5),
            ]
        };
        SafariState::assert_judged_placements_cover(&CASES, 0..60, game, situations);
    }
}
