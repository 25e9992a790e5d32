//! Judging a decision's placements without laying them ([`SearchHooks::sibling_terms`]). Without
//! Bridges, Castles and Bazaars, and with a tile that brings no robber, a placement scores
//! nothing and hands the meeple decision to the player whose turn it is (C-2); it changes the
//! heuristic terms only through features with meeples: those its tile joins, the monasteries
//! around its cell (C-3), and the fields bordering a city it completes (C-4) — all read off
//! the position before it. Agents then lay only the placement they choose, where laying every
//! candidate (copy, lay, judge in full) was most of a search's work.
//!
//! [`SearchHooks::sibling_terms`]: crate::core::search_hooks::SearchHooks::sibling_terms

use super::features::FeatureAgg;
use super::state::{CarcassonneState, Node, Phase, MAX_BORDERS, MAX_MONASTERIES};
use crate::core::fixed_vec::FixedVec;
use crate::core::game::{SeatTerms, SiblingTerms};
use crate::core::geom::{Coord, Rotation, Side};
use crate::core::tile_game::{Joined, PlacementContext, PlacementJudge};
use crate::core::tileset::{FeatureKind, Segment};

/// Most cities one placement completes: one per side.
const MOST_COMPLETED: usize = 4;

/// Most fields with meeples, not joined by a placement, that border a city it completes.
const MOST_BORDERING: usize = 16;

/// A monastery with meeples: where it stands, its node and its placed neighbours.
#[derive(Clone, Copy)]
struct Occupied {
    at: Coord,
    node: Node,
    neighbours: u8,
}

/// What Carcassonne keeps of the position before a decision's placements to judge them: the
/// meeples that a placement may change without joining their features.
pub(super) struct MeeplesBefore {
    /// The monasteries with meeples.
    monasteries: FixedVec<Occupied, MAX_MONASTERIES>,
    /// Whether a field has a meeple.
    farmers: bool,
    /// The field–city borders as (field root, city root), without repeats; worked out when a
    /// placement first completes a city while a field has a meeple.
    borders: Option<FixedVec<(Node, Node), MAX_BORDERS>>,
}

/// The position before a decision's placements, with what every placement is judged against.
pub(super) type PlacementsBefore<'a> =
    crate::core::tile_game::PlacementsBefore<'a, CarcassonneState, MeeplesBefore>;

impl CarcassonneState {
    /// Whether the placements of this position are judged without laying them (see the
    /// module's documentation).
    pub(super) fn judges_placements(&self) -> bool {
        self.game.phase == Phase::PlaceTile
            && !self.game.options.expansions.bcb
            && !self.brings_robbers(self.drawn)
    }

    /// The aggregate of a segment of the drawn tile on its own, before its placement joins it.
    pub(super) fn drawn_segment_agg(&self) -> impl Fn(&Segment) -> FeatureAgg {
        let shared = { self.game.shared_tiles }.take_for(self.tiles.variant(self.drawn));
        move |seg| FeatureAgg::of_segment(seg, shared)
    }
}

impl PlacementContext<CarcassonneState> for MeeplesBefore {
    #[inline]
    fn of_position(from: &CarcassonneState) -> Self {
        let mut monasteries = FixedVec::default();
        for m in from.game.monasteries.iter() {
            if from.feature(m.node).is_occupied() {
                monasteries.push(Occupied {
                    at: from.cells[m.cell as usize].at,
                    node: m.node,
                    neighbours: from.board.placed_around_cell(m.cell as u16),
                });
            }
        }
        let farmers = (from.placed_meeples().iter()).any(|m| m.kind == FeatureKind::Field);
        MeeplesBefore {
            monasteries,
            farmers,
            borders: None,
        }
    }
}

impl PlacementsBefore<'_> {
    /// C-3, C-4: gives the fields that border each city the placement completes (in
    /// `merged`, the joined features' aggregates) that city's bit, as the laid placement
    /// would (bits in the order of the tile's segments); fields with meeples that the
    /// placement does not join go to `bordering`, with their aggregate after. Returns false
    /// when it cannot tell (more cities or such fields than it keeps).
    fn completed_cities(
        &mut self,
        joined: &Joined<Node>,
        segments: &[Segment],
        merged: &mut [FeatureAgg],
        bordering: &mut FixedVec<(Node, FeatureAgg), MOST_BORDERING>,
    ) -> bool {
        let from = self.from;
        let mut completed = FixedVec::<(usize, u32), MOST_COMPLETED>::default();
        for (i, seg) in segments.iter().enumerate() {
            let r = joined.of_segment(i);
            if seg.kind != FeatureKind::City
                || merged[r].open != 0
                || completed.iter().any(|&(c, _)| c == r)
            {
                continue;
            }
            let n = from.game.cities_completed as usize + completed.len();
            if n >= 32 || completed.len() == MOST_COMPLETED {
                return false;
            }
            completed.push((r, 1 << n));
        }
        if completed.is_empty() {
            return true;
        }
        let bit_of = |city: usize| completed.iter().find(|&&(c, _)| c == city).map(|c| c.1);
        for (i, seg) in segments.iter().enumerate() {
            let mut cities = seg.borders;
            while cities != 0 {
                let city = cities.trailing_zeros() as usize;
                cities &= cities - 1;
                if let Some(bit) = bit_of(joined.of_segment(city)) {
                    merged[joined.of_segment(i)].cities |= bit;
                }
            }
        }
        let item_of = |root: Node| {
            let k = joined.touched().iter().position(|&r| r == root)?;
            Some(joined.of_touched(k))
        };
        for &(field, city) in self.borders().iter() {
            let Some(bit) = item_of(city).and_then(bit_of) else {
                continue;
            };
            if let Some(item) = item_of(field) {
                merged[item].cities |= bit;
            } else if from.feature(field).is_occupied() {
                match bordering.iter().position(|&(f, _)| f == field) {
                    Some(b) => bordering[b].1.cities |= bit,
                    None if bordering.len() == MOST_BORDERING => return false,
                    None => {
                        let mut after = *from.feature(field);
                        after.cities |= bit;
                        bordering.push((field, after));
                    }
                }
            }
        }
        true
    }

    /// Adds to `t`, terms of the position, what a placement at `at` changes in the features
    /// with meeples it joins (`joined`, with the aggregates after it in `merged`; `segments`
    /// are its tile's) and in the monasteries with meeples around it: all it changes but the
    /// fields bordering a city it completes.
    pub(super) fn add_placed_terms(
        &self,
        joined: &Joined<Node>,
        merged: &[FeatureAgg],
        segments: &[Segment],
        at: Coord,
        t: &mut SeatTerms,
    ) {
        let from = self.from;
        self.add_joined_terms(
            joined,
            merged,
            segments,
            FeatureAgg::is_occupied,
            |f, kind, root, sign, t| from.add_feature_terms_with(f, kind, root, Some(0), sign, t),
            t,
        );
        for m in (self.context.monasteries.iter()).filter(|m| m.at.touches(at)) {
            let f = from.feature(m.node);
            let (node, neighbours) = (m.node, m.neighbours);
            let monastery = FeatureKind::Monastery;
            from.add_feature_terms_with(f, monastery, node, Some(neighbours), -1.0, t);
            from.add_feature_terms_with(f, monastery, node, Some(neighbours + 1), 1.0, t);
        }
    }

    /// The field–city borders of the position as (field root, city root), without repeats.
    fn borders(&mut self) -> &FixedVec<(Node, Node), MAX_BORDERS> {
        let from = self.from;
        self.context.borders.get_or_insert_with(|| {
            let mut roots = FixedVec::<(Node, Node), MAX_BORDERS>::default();
            for &(field, city) in from.game.borders.iter() {
                let pair = (from.feature_root(field), from.feature_root(city));
                if !roots.contains(&pair) {
                    roots.push(pair);
                }
            }
            roots
        })
    }
}

impl PlacementJudge<SiblingTerms> for PlacementsBefore<'_> {
    fn judge(&mut self, at: Coord, rot: Rotation, out: &mut SiblingTerms) -> bool {
        let from = self.from;
        let (segments, o) = from.drawn_turned(rot);
        let offer = from.offer_at(&mut self.offer, at, FeatureAgg::is_occupied);
        let monastery_near = (self.context.monasteries.iter()).any(|m| m.at.touches(at));
        // A city of the tile completes only where every side it shows has a neighbour; only
        // fields with meeples then change (C-4).
        let city_may_complete = self.context.farmers
            && (segments.iter().enumerate()).any(|(i, seg)| {
                seg.kind == FeatureKind::City
                    && (Side::ALL.into_iter()).all(|s| {
                        o.side_segment[s.index()] as usize != i || offer.met & s.bit() != 0
                    })
            });
        // Without meeples beside the cell, the placement joins no feature with meeples.
        let other_changes = monastery_near || city_may_complete;
        let joined = (offer.any || other_changes).then(|| from.joined_by(at, o));
        let occupied = joined.as_ref().is_some_and(|joined| {
            (joined.touched().iter()).any(|&root| from.feature(root).is_occupied())
        });
        let Some(joined) = joined.filter(|_| occupied || other_changes) else {
            self.push_plain(out);
            return true;
        };
        let own = segments.iter().map(from.drawn_segment_agg());
        let mut merged = joined.merged(own, |root| *from.feature(root));
        let mut bordering = FixedVec::<(Node, FeatureAgg), MOST_BORDERING>::default();
        if city_may_complete
            && !self.completed_cities(&joined, segments, &mut merged, &mut bordering)
        {
            return false;
        }
        if !occupied && !monastery_near && bordering.is_empty() {
            self.push_plain(out);
            return true;
        }
        self.push_placed(out, |t| {
            self.add_placed_terms(&joined, &merged, segments, at, t);
            for &(root, after) in bordering.iter() {
                let field = FeatureKind::Field;
                from.add_feature_terms_with(from.feature(root), field, root, Some(0), -1.0, t);
                from.add_feature_terms_with(&after, field, root, Some(0), 1.0, t);
            }
        });
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::carcassonne::tests::varied_game;
    use crate::games::carcassonne::Action;

    /// The situations in which a placement changes terms, each of which the test must meet.
    const CASES: [&str; 6] = [
        "joins a road or city with meeples (C-2)",
        "joins a field with meeples (C-2)",
        "completes a road or city with meeples (C-3)",
        "lies beside a monastery with meeples (C-3)",
        "completes a monastery with meeples (C-3)",
        "completes a city bordering a field with meeples that it does not join (C-4)",
    ];

    /// Which of [`CASES`] `action`, laid in `before` with the result `after`, meets.
    fn cases(before: &CarcassonneState, after: &CarcassonneState, action: Action) -> [bool; 6] {
        let Action::Place { at, .. } = action else {
            unreachable!("only placements are judged")
        };
        let tile = after.last_cell();
        let tile_roots: Vec<Node> = (0..after.variant_of(tile).segments().len())
            .map(|i| after.feature_root(tile.first_node + i as Node))
            .collect();
        let mut seen = [false; 6];
        for m in before.placed_meeples() {
            let (was, is) = (before.feature(m.node), after.feature(m.node));
            let joined = tile_roots.contains(&after.feature_root(m.node));
            match m.kind {
                FeatureKind::Road | FeatureKind::City if joined => {
                    seen[0] = true;
                    seen[2] |= is.is_complete();
                }
                FeatureKind::Field if joined => seen[1] = true,
                FeatureKind::Field => seen[5] |= is.cities != was.cities,
                FeatureKind::Monastery => {
                    let cell = before.game.monasteries.iter().find(|x| x.node == m.node);
                    let cell = cell.expect("a monastery").cell as usize;
                    if before.cells[cell].at.touches(at) {
                        seen[3] = true;
                        seen[4] |= after.board.placed_around_cell(cell as u16) == 8;
                    }
                }
                _ => {}
            }
        }
        seen
    }

    /// Every placement and meeple choice of random games (2 to 5 players, the base game and
    /// The Robbers) judged from the position before it has the terms of the one played, bit
    /// for bit, the same scores, and the game goes on; both kinds are judged.
    #[test]
    fn candidates_judged_from_the_position_have_the_played_terms() {
        CarcassonneState::assert_candidates_judged("meeple choices", varied_game);
    }

    /// Every placement of random games (2 to 5 players, the base game and The Robbers),
    /// judged from the result of the decision's first, has the terms of the placement laid,
    /// bit for bit (none is judged after a robber tile); and every situation of [`CASES`]
    /// occurs.
    #[test]
    fn judged_placements_have_the_laid_terms() {
        CarcassonneState::assert_judged_placements_cover(&CASES, 0..80, varied_game, cases);
    }
}
