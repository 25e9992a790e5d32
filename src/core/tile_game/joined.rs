//! Judging a decision's placements without laying them ([`SearchHooks::sibling_terms`]),
//! shared by every tile game: the loop over a decision's placements ([`judge_placements`],
//! which the games' `SearchHooks::sibling_terms` call), the [`PlacementJudge`] a game returns from
//! `TileRules::placement_judge` to judge them, and the features a placement would join
//! ([`TileState::joined_by`], [`Joined`]), which is what a placement changes.

use super::parts::{Feature, GameParts};
use super::rules::TileRules;
use super::state::TileState;
use crate::core::fixed_vec::FixedVec;
use crate::core::game::{SeatTerms, SiblingTerms, Siblings};
use crate::core::geom::{Coord, HalfSide, Rotation, Side};
use crate::core::index::SmallIndex;
#[cfg(doc)]
use crate::core::search_hooks::SearchHooks;
use crate::core::tileset::{Orientation, MAX_SEGMENTS, NO_SEGMENT};

/// Most features before a placement that its sides touch: a road, city or path and two
/// fields on each side.
const TOUCHED: usize = 12;

/// Items of [`Joined`]: the tile's segments, then the touched features.
pub(crate) const ITEMS: usize = MAX_SEGMENTS + TOUCHED;

/// A small union-find over a placement's tile segments (item `i` is segment `i`) and the
/// features before it that its sides touch (item `MAX_SEGMENTS + k` is the `k`-th touched
/// one, named by its union-find root `N`).
pub(crate) struct Joined<N: Copy> {
    parent: [u8; ITEMS],
    /// The touched features' roots, in the order first touched.
    touched: FixedVec<N, TOUCHED>,
    /// The segment of the tile that first joined each touched feature (of its kind).
    via: FixedVec<u8, TOUCHED>,
    /// The segment of each side where an edge of it joins a touched feature's (both lose
    /// two open edges: [`Feature::join_edges`]).
    edge_joins: FixedVec<u8, 4>,
}

impl<N: Copy + PartialEq> Joined<N> {
    /// Nothing joined yet.
    pub(crate) fn new() -> Self {
        Joined {
            parent: std::array::from_fn(|i| i as u8),
            touched: FixedVec::default(),
            via: FixedVec::default(),
            edge_joins: FixedVec::default(),
        }
    }

    /// Joins `segment` of the tile to the feature with root `root`; with `edge`, across an
    /// edge that both count open (a road or city, a path or bush). Returns whether `root` was
    /// not touched before.
    pub(crate) fn join(&mut self, segment: u8, root: N, edge: bool) -> bool {
        let (k, new) = match self.touched.iter().position(|&r| r == root) {
            Some(k) => (k, false),
            None => {
                self.touched.push(root);
                self.via.push(segment);
                (self.touched.len() - 1, true)
            }
        };
        self.union(segment as usize, MAX_SEGMENTS + k);
        if edge {
            self.edge_joins.push(segment);
        }
        new
    }

    /// The touched features' roots, in the order first touched.
    pub(crate) fn touched(&self) -> &[N] {
        &self.touched
    }

    /// The segment of the tile that first joined the `k`-th touched feature: a feature of
    /// its kind.
    pub(crate) fn via(&self, k: usize) -> u8 {
        self.via[k]
    }

    /// The item standing for the joined feature of segment `segment` of the tile.
    pub(crate) fn of_segment(&self, segment: usize) -> usize {
        self.find(segment)
    }

    /// The item standing for the joined feature of the `k`-th touched feature.
    pub(crate) fn of_touched(&self, k: usize) -> usize {
        self.find(MAX_SEGMENTS + k)
    }

    /// Whether the `k`-th touched feature is the first touched of its joined feature (so
    /// that each joined feature is counted once, at its first touched part).
    pub(crate) fn first_of_its_feature(&self, k: usize) -> bool {
        let r = self.of_touched(k);
        (0..k).all(|earlier| self.of_touched(earlier) != r)
    }

    /// The aggregates of the joined features, each at its item ([`Joined::of_segment`],
    /// [`Joined::of_touched`]): `segments` are the tile's segments' own, `touched` gives the
    /// touched features' before the placement.
    pub(crate) fn merged<A: Feature>(
        &self,
        segments: impl Iterator<Item = A>,
        touched: impl Fn(N) -> A,
    ) -> [A; ITEMS] {
        let mut merged = [A::default(); ITEMS];
        let mut count = 0;
        for (i, a) in segments.enumerate() {
            merged[i] = a;
            count = i + 1;
        }
        for (k, &root) in self.touched.iter().enumerate() {
            merged[MAX_SEGMENTS + k] = touched(root);
        }
        let items = (0..count).chain(MAX_SEGMENTS..MAX_SEGMENTS + self.touched.len());
        for i in items {
            let r = self.find(i);
            if r != i {
                let part = merged[i];
                merged[r].merge(&part);
            }
        }
        for &segment in self.edge_joins.iter() {
            merged[self.find(segment as usize)].join_edges();
        }
        merged
    }

    /// The item standing for `i`'s set.
    fn find(&self, mut i: usize) -> usize {
        while self.parent[i] as usize != i {
            i = self.parent[i] as usize;
        }
        i
    }

    /// Joins the sets of `a` and `b` (the lower item stands for them).
    fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        self.parent[a.max(b)] = a.min(b) as u8;
    }
}

/// Judges the placements of a decision from the position before them, keeping what they
/// share, onto an `Out`: into [`SiblingTerms`], the terms in which each placement's result
/// differs from the held result, whose terms it keeps ([`TileRules::placement_judge`]); into
/// [`TurnEndings`], the endings of each placement's turn ([`TileRules::turn_judge`],
/// `turn_ends.rs`).
///
/// [`TurnEndings`]: crate::core::game::TurnEndings
pub trait PlacementJudge<Out> {
    /// Pushes onto `out` what it judges of the placement at `at` turned by `rot`; returns
    /// false where it cannot judge it (of a result's terms it then pushes nothing; of a
    /// turn's endings, what it pushed is dropped).
    fn judge(&mut self, at: Coord, rot: Rotation, out: &mut Out) -> bool;
}

/// The judge of a game that judges no placement.
pub enum NoJudge {}

impl<Out> PlacementJudge<Out> for NoJudge {
    fn judge(&mut self, _: Coord, _: Rotation, _: &mut Out) -> bool {
        match *self {}
    }
}

/// [`SearchHooks::sibling_terms`] for placements: `held` is `from` after placement `done`, whose
/// terms are `terms` ([`Siblings`]); pushes onto `out` (emptied first) the changed terms of
/// each leading placement of `instead`, by `from`'s [`TileRules::placement_judge`], up to the
/// first action that is no placement or that it cannot judge.
pub(crate) fn judge_placements<R: TileRules>(
    held: &R,
    siblings: Siblings<'_, R, R::Action>,
    out: &mut SiblingTerms,
) {
    out.clear();
    let placement = |action: Option<&R::Action>| action.and_then(R::placement_of).is_some();
    // A placement that ends the game is followed by final scoring, which its siblings' may
    // change: not judged.
    if !placement(Some(siblings.done)) || !placement(siblings.instead.first()) || held.is_over() {
        return;
    }
    if let Some(mut judge) = siblings.from.placement_judge(held, siblings.terms) {
        judge_each::<R>(&mut judge, siblings.instead, siblings.terms, out);
    }
}

/// [`SearchHooks::candidate_terms`] for placements: pushes onto `out` (emptied first) the changed
/// terms of each leading placement of `actions`, judged from `from`, whose terms are `terms`,
/// by its [`TileRules::placement_judge_here`], up to the first action that is no placement or
/// that it cannot judge.
pub(crate) fn judge_placements_here<R: TileRules>(
    from: &R,
    actions: &[R::Action],
    terms: &SeatTerms,
    out: &mut SiblingTerms,
) {
    out.clear();
    if let Some(mut judge) = from.placement_judge_here(terms) {
        judge_each::<R>(&mut judge, actions, terms, out);
    }
}

/// Judges the leading placements of `actions` with `judge`, whose held result has the terms
/// `terms`, onto `out`.
fn judge_each<R: TileRules>(
    judge: &mut impl PlacementJudge<SiblingTerms>,
    actions: &[R::Action],
    terms: &SeatTerms,
    out: &mut SiblingTerms,
) {
    out.reserve(actions.len(), terms.len());
    for action in actions {
        let Some((at, rot)) = R::placement_of(action) else {
            return;
        };
        if !judge.judge(at, rot, out) {
            return;
        }
    }
}

impl<G: GameParts, const SIDE: usize, const FRONTIER: usize, const NODES: usize>
    TileState<G, SIDE, FRONTIER, NODES>
{
    /// The features that a tile with orientation `o` placed at `at` would join, as
    /// [`TileState::put_tile`] joins them where no bridge is built: roads, cities and paths
    /// across the edges they meet, fields by their half sides.
    pub(crate) fn joined_by(&self, at: Coord, o: &Orientation) -> Joined<G::Node> {
        let mut joined = Joined::new();
        for side in Side::ALL {
            let Some(j) = self.neighbour_across(at, o, side) else {
                continue;
            };
            let other = &self.cells[j];
            let oo = self.orientation_of(other);
            let seg = o.side_segment[side.index()];
            let facing = oo.side_segment[side.opposite().index()];
            if seg != NO_SEGMENT && facing != NO_SEGMENT {
                let node = Self::node(other.first_node, facing as usize);
                joined.join(seg, self.feature_root(node), true);
            }
            for (field, facing) in o.facing_fields(oo, side) {
                let node = Self::node(other.first_node, facing as usize);
                joined.join(field, self.feature_root(node), false);
            }
        }
        joined
    }
}

/// What the placed neighbours of a frontier cell offer every placement there
/// ([`TileState::offer_at`]).
#[derive(Clone, Copy)]
pub(crate) struct Offer {
    /// The cell.
    at: Coord,
    /// Bit per side (`Side::bit`) with a placed neighbour.
    pub(crate) met: u8,
    /// Whether a feature that a neighbour shows towards the cell meets the test asked.
    pub(crate) any: bool,
}

impl<G: GameParts, const SIDE: usize, const FRONTIER: usize, const NODES: usize>
    TileState<G, SIDE, FRONTIER, NODES>
{
    /// What the placed neighbours of frontier cell `at` offer any placement there, whatever
    /// its tile and rotation: the sides with a neighbour, and whether `test` holds for one of
    /// the features they show towards the cell (a placement joins no others,
    /// [`TileState::joined_by`]). Kept in `cache` for the placements of one cell in a row
    /// (`test` must be the same for all calls with one cache).
    pub(crate) fn offer_at(
        &self,
        cache: &mut Option<Offer>,
        at: Coord,
        test: impl Fn(&G::Feature) -> bool,
    ) -> Offer {
        if let Some(offer) = cache.filter(|offer| offer.at == at) {
            return offer;
        }
        let (mut met, mut any) = (0, false);
        for side in Side::ALL {
            let Some(j) = self.board.get(at.step(side)) else {
                continue;
            };
            met |= side.bit();
            let other = &self.cells[j.index()];
            let oo = self.orientation_of(other);
            let facing = side.opposite();
            let halves = HalfSide::of_side(facing).map(|h| oo.half_segment[h.index()]);
            for segment in [oo.side_segment[facing.index()]].into_iter().chain(halves) {
                if segment != NO_SEGMENT {
                    let node = Self::node(other.first_node, segment as usize);
                    any |= test(self.feature(self.feature_root(node)));
                }
            }
        }
        let offer = Offer { at, met, any };
        *cache = Some(offer);
        offer
    }
}
