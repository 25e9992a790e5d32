//! Judging how a placement's turn ends without playing it ([`SearchHooks::turn_endings`]), shared
//! by the tile games whose turn is a placement and then one piece decision (a meeple, a settler):
//! the loop over a decision's placements ([`judge_turn_endings`], which the games'
//! `SearchHooks::turn_endings` call), the [`PlacementJudge`] into [`TurnEndings`] a game returns
//! from `TileRules::turn_judge`, which placements have *quiet* turns that the games judge
//! ([`QuietTurns`], [`TileState::quiet_placement`]) and the listing of their piece choices
//! ([`PlacementsBefore::push_turn_endings`]).
//!
//! Greedy's lookahead values a placement by the best piece choice after it, each followed by
//! the end of the turn; in a turn that completes nothing, every such result is the position
//! before with the placement's and the piece's features changed, which a game works out from
//! the features the placement joins ([`TileState::joined_by`]) without copying the position.

use super::before::PlacementsBefore;
use super::joined::{Joined, PlacementJudge, ITEMS};
use super::parts::GameParts;
use super::rules::TileRules;
use super::state::{TileState, MAX_PLAYERS};
use crate::core::fixed_vec::FixedVec;
use crate::core::game::{SeatTerms, TermChange, TurnEndings, EVAL_TERMS};
use crate::core::geom::{Coord, Rotation};
use crate::core::index::SmallIndex;
#[cfg(doc)]
use crate::core::search_hooks::SearchHooks;
use crate::core::tileset::{FeatureKind, Segment};

/// [`SearchHooks::turn_endings`] for placements: closes one candidate of `out` (emptied first) per
/// action of `actions`, judged by `from`'s [`TileRules::turn_judge`] where it is a placement
/// and the judge can, else not judged.
pub(crate) fn judge_turn_endings<R: TileRules>(
    from: &R,
    actions: &[R::Action],
    terms: &SeatTerms,
    out: &mut TurnEndings,
) {
    out.clear();
    let mut judge = from.turn_judge(terms);
    for action in actions {
        let judged = match (&mut judge, R::placement_of(action)) {
            (Some(judge), Some((at, rot))) => judge.judge(at, rot, out),
            _ => false,
        };
        out.close_candidate(judged);
    }
}

/// Cells beyond which [`QuietTurns`] stops looking for where the next tile fits: more than a
/// placement's cell and the eight around it, so that one of them is always out of a
/// placement's reach.
const FITS_KEPT: usize = 10;

/// Most features [`QuietTurns`] keeps that complete when surrounded (monasteries, farms).
const MAX_SURROUNDED: usize = 32;

/// What tells, once before a decision's placements, which placements' turns are *quiet*: the
/// tile completes nothing, so that nothing scores whatever piece choice follows, and the turn
/// ends with a draw that finds a tile, so that the game goes on.
pub(crate) struct QuietTurns {
    /// Where the next tile of the pile fits (at most [`FITS_KEPT`] frontier cells). A
    /// placement changes only its own cell and what its four neighbours accept, so where the
    /// next tile fits on a cell beyond the eight around a placement, the draw that ends its
    /// turn surely finds that tile.
    next_fits: FixedVec<Coord, FITS_KEPT>,
    /// The features that complete when surrounded which lack one placed neighbour: a
    /// placement among their neighbours completes them.
    nearly_surrounded: FixedVec<Coord, MAX_SURROUNDED>,
}

/// A placement of a quiet turn ([`TileState::quiet_placement`]): its tile's segments, the
/// features it joins, their aggregates after it, and its cell's placed neighbours.
pub(crate) struct QuietPlacement<N: Copy, A> {
    pub(crate) segments: &'static [Segment],
    pub(crate) joined: Joined<N>,
    pub(crate) merged: [A; ITEMS],
    pub(crate) neighbours: u8,
}

impl<S, C> PlacementsBefore<'_, S, C> {
    /// Pushes onto `out` the endings of the turn of `placement`, which ends with a piece
    /// choice of a player (see [`SearchHooks::turn_endings`]),
    /// in the order the games list those choices: no piece, whose result has the position's
    /// terms to which `add_placed` adds what the placement changes; then, where the player
    /// `has_piece`, a piece on each segment of the tile whose joined feature may take it, once
    /// per feature (at its first segment). `piece_terms` adds to a copy of the no-piece
    /// result's terms what the piece on a segment, given its feature's aggregate after the
    /// placement, gives the seats' terms, or returns false where no piece may go (the feature
    /// holds one). Each ending is pushed as it differs from the position's terms.
    pub(crate) fn push_turn_endings<N: Copy + PartialEq, A>(
        &self,
        placement: &QuietPlacement<N, A>,
        add_placed: impl FnOnce(&mut SeatTerms),
        has_piece: bool,
        mut piece_terms: impl FnMut(usize, &A, &mut SeatTerms) -> bool,
        out: &mut TurnEndings,
    ) {
        let before = self.terms();
        let mut placed = self.terms_copy();
        let placed = &mut placed[..before.len()];
        add_placed(placed);
        out.push_ending(TermChange::changes(placed, before));
        if !has_piece {
            return;
        }
        let mut with = [[0.0; EVAL_TERMS]; MAX_PLAYERS];
        let with = &mut with[..placed.len()];
        let QuietPlacement {
            segments,
            joined,
            merged,
            ..
        } = placement;
        for i in 0..segments.len() {
            let item = joined.of_segment(i);
            if (0..i).any(|s| joined.of_segment(s) == item) {
                continue;
            }
            with.copy_from_slice(placed);
            if piece_terms(i, &merged[item], with) {
                out.push_ending(TermChange::changes(with, before));
            }
        }
    }
}

impl<G: GameParts, const SIDE: usize, const FRONTIER: usize, const NODES: usize>
    TileState<G, SIDE, FRONTIER, NODES>
where
    Self: TileRules<Parts = G>,
{
    /// What tells which of this position's placements have quiet turns, where `surrounded`
    /// are the cells of the features that complete when surrounded (see [`QuietTurns`]).
    pub(crate) fn quiet_turns(&self, surrounded: impl Iterator<Item = usize>) -> QuietTurns {
        let mut next_fits = FixedVec::default();
        if let Some(&next) = self.pile.unseen().first() {
            let v = self.tiles.variant(next);
            for f in self.board.frontier().iter().filter(|f| self.fits_on(f, v)) {
                next_fits.push(f.coord);
                if next_fits.len() == FITS_KEPT {
                    break;
                }
            }
        }
        let mut nearly_surrounded = FixedVec::default();
        for cell in surrounded {
            if self.board.placed_around_cell(G::Entry::from_usize(cell)) == 7 {
                nearly_surrounded.push(self.cells[cell].at);
            }
        }
        QuietTurns {
            next_fits,
            nearly_surrounded,
        }
    }

    /// The placement of the drawn tile at `at` turned by `rot`, where its turn is quiet (see
    /// [`QuietTurns`], from this position): the draw after it finds a tile, and it completes
    /// nothing — no feature of kind `surrounded` (the tile's own, or one around it) gets its
    /// eighth neighbour, and no road or city (trail, town) of the tile is `closed` (given its
    /// aggregate after the placement). `own` gives the aggregate of a segment of the tile.
    pub(crate) fn quiet_placement(
        &self,
        quiet: &QuietTurns,
        (at, rot): (Coord, Rotation),
        surrounded: FeatureKind,
        own: impl Fn(&Segment) -> G::Feature,
        closed: impl Fn(&G::Feature) -> bool,
    ) -> Option<QuietPlacement<G::Node, G::Feature>> {
        let goes_on = quiet.next_fits.iter().any(|&cell| !cell.touches(at));
        if !goes_on || quiet.nearly_surrounded.iter().any(|c| c.touches(at)) {
            return None;
        }
        let (segments, o) = self.drawn_turned(rot);
        let neighbours = self.board.placed_around(at);
        if neighbours == 8 && segments.iter().any(|seg| seg.kind == surrounded) {
            return None;
        }
        let joined = self.joined_by(at, o);
        let merged = joined.merged(segments.iter().map(own), |root| *self.feature(root));
        let closes = segments.iter().enumerate().any(|(i, seg)| {
            matches!(seg.kind, FeatureKind::Road | FeatureKind::City)
                && closed(&merged[joined.of_segment(i)])
        });
        (!closes).then_some(QuietPlacement {
            segments,
            joined,
            merged,
            neighbours,
        })
    }
}
