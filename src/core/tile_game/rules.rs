//! What a game writes on top of the tile core: its decisions ([`TileRules`]) and its
//! evaluation ([`Evaluation`]). Both are implemented for the game's state, a
//! [`TileState`](super::TileState); [`Game`](crate::core::game::Game) follows from them and
//! the game's own [`SearchHooks`].

use super::joined::{NoJudge, PlacementJudge};
use super::parts::{Cell, GameParts, NewCell};
use crate::core::board::FrontierCell;
use crate::core::game::{SeatTerms, SiblingTerms, TurnEndings};
use crate::core::geom::{Coord, Rotation, Side};
use crate::core::rng::GameRng;
#[cfg(doc)]
use crate::core::search_hooks::SearchHooks;
use crate::core::stats::Tally;
use crate::core::tileset::{Orientation, Segment, Variant};
use std::fmt::Debug;
use std::hash::Hash;

/// A game part's node id type.
type NodeOf<T> = <<T as TileRules>::Parts as GameParts>::Node;
/// A game part's cell data type.
type DataOf<T> = <<T as TileRules>::Parts as GameParts>::CellData;

/// The rules of a tile game: its decisions, and the few points where it departs from the
/// core's tile placement. Only the first group must be written; the hooks default to plain
/// tile laying.
pub trait TileRules: Clone + Send + Sync + Sized + 'static {
    /// The game's own part of the state.
    type Parts: GameParts;
    /// One choice at one decision.
    type Action: Copy + Eq + Hash + Debug + Send + Sync;

    /// The action placing the drawn tile at `at`, turned by `rot`.
    fn place_action(at: Coord, rot: Rotation) -> Self::Action;
    /// Where `action` places the drawn tile, and turned how, when it is a placement.
    fn placement_of(action: &Self::Action) -> Option<(Coord, Rotation)>;
    /// Whether the game is over.
    fn is_over(&self) -> bool;
    /// Whether the decision now is the placement of the drawn tile.
    fn is_placing(&self) -> bool;
    /// Writes the legal actions of the current decision into `out`, which the core has emptied.
    fn legal_actions_into(&self, out: &mut Vec<Self::Action>);
    /// Applies a legal action of the current decision (the core has counted it already).
    fn apply_action(&mut self, action: Self::Action);
    /// The kind of `action` taken in this position.
    fn kind_of(&self, action: &Self::Action) -> <<Self::Parts as GameParts>::Stats as Tally>::Kind;
    /// The data tile `variant`, placed at `at` with orientation `orientation`, starts with
    /// on its cell (asked before its features are created).
    fn new_cell_data(
        &mut self,
        at: Coord,
        variant: &Variant,
        orientation: &Orientation,
    ) -> DataOf<Self>;
    /// The summary a segment `seg` (number `index` of its tile) starts its feature with.
    fn new_feature(
        &mut self,
        cell: &NewCell<'_, NodeOf<Self>, DataOf<Self>>,
        index: usize,
        seg: &Segment,
    ) -> <Self::Parts as GameParts>::Feature;

    /// Whether a tile may ever be placed at `at` (New World: only west of the starting
    /// column). The default: anywhere on the frontier.
    fn placeable(&self, _at: Coord) -> bool {
        true
    }
    /// Whether a tile with edge `signature` may go on frontier cell `cell` although its edges
    /// do not match (a Carcassonne bridge built in the same turn, B-2). The default: never.
    fn fits_otherwise(&self, _cell: &FrontierCell, _signature: u8) -> bool {
        false
    }
    /// Whether the legal placements are exactly the fitting (cell, rotation) pairs, so that
    /// [`Game::random_action`](crate::core::game::Game::random_action) may sample them (the
    /// default); a game that adds other choices to the placement returns false then.
    fn samples_placements(&self) -> bool {
        true
    }
    /// A uniformly random legal action of a decision other than the placement, drawn without
    /// listing them all, or `None` to have them listed (the default).
    fn sample_action(&self, _rng: &mut GameRng) -> Option<Self::Action> {
        None
    }
    /// Whether applying `action` draws an unseen tile within the turn (see
    /// [`Game::reveals_hidden`](crate::core::game::Game::reveals_hidden)). The default: no.
    fn draws_unseen(&self, _action: &Self::Action) -> bool {
        false
    }
    /// What judges the other placements of this position from `held`, the result of one of
    /// them, whose terms are `held_terms` (`joined.rs`, for a game's
    /// [`SearchHooks::sibling_terms`]); `None` where they are not judged. The default: none.
    fn placement_judge<'a>(
        &'a self,
        _held: &'a Self,
        _held_terms: &'a SeatTerms,
    ) -> Option<impl PlacementJudge<SiblingTerms> + 'a> {
        None::<NoJudge>
    }
    /// What judges this position's placements from the position itself, whose terms are
    /// `terms` (`joined.rs`, for a game's [`SearchHooks::candidate_terms`]); `None` where they
    /// are not judged. The default: none.
    fn placement_judge_here<'a>(
        &'a self,
        _terms: &'a SeatTerms,
    ) -> Option<impl PlacementJudge<SiblingTerms> + 'a> {
        None::<NoJudge>
    }
    /// What judges how the turns of this position's placements end, from `terms`, this
    /// position's (`turn_ends.rs`, for a game's [`SearchHooks::turn_endings`]); `None` where
    /// they are not judged. The default: none.
    fn turn_judge<'a>(
        &'a self,
        _terms: &'a SeatTerms,
    ) -> Option<impl PlacementJudge<TurnEndings> + 'a> {
        None::<NoJudge>
    }
    /// Reshuffles what the game hides besides the unseen tiles (which the core reshuffles
    /// first). The default: nothing.
    fn redeterminize_hidden(&mut self, _rng: &mut GameRng) {}
    /// The node that a side of `cell` without a segment of its tile offers to a neighbour
    /// (a Carcassonne bridge's road, B-2). The default: none.
    fn bridge_node(
        &self,
        _cell: &Cell<NodeOf<Self>, DataOf<Self>>,
        _side: Side,
    ) -> Option<NodeOf<Self>> {
        None
    }
}

/// A game's heuristic terms, which greedy and MCTS agents weigh (`docs/agents.md`).
pub trait Evaluation {
    /// Names of the terms (at most [`EVAL_TERMS`](crate::core::game::EVAL_TERMS)).
    const EVAL_TERM_NAMES: &'static [&'static str];
    /// Default weight of each term, as tuned for this game's agents.
    const DEFAULT_EVAL_WEIGHTS: &'static [f64];
    /// The terms of this position for every seat (`out[p]` for seat `p`, one entry per seat;
    /// unused entries are 0), in one pass: most terms come from the same walk over the pieces
    /// on the board.
    fn heuristic_terms_all(&self, out: &mut SeatTerms);
}

/// Writes the [`TileRules`] items every game spells alike (`Action`, `place_action`,
/// `placement_of`, `is_over`, `is_placing`), inside `impl TileRules`, for a game whose actions,
/// `$action`s, place a tile with `$action::Place { at, rot }` and whose state's `game.phase`, a
/// `$phase`, is `$phase::PlaceTile` while a tile awaits placement and `$phase::GameOver` once
/// the game is over.
macro_rules! tile_rules_by_phase {
    ($action:ident, $phase:ident) => {
        type Action = $action;

        fn place_action(
            at: $crate::core::geom::Coord,
            rot: $crate::core::geom::Rotation,
        ) -> $action {
            $action::Place { at, rot }
        }

        fn placement_of(
            action: &$action,
        ) -> Option<($crate::core::geom::Coord, $crate::core::geom::Rotation)> {
            match *action {
                $action::Place { at, rot } => Some((at, rot)),
                _ => None,
            }
        }

        fn is_over(&self) -> bool {
            self.game.phase == $phase::GameOver
        }

        fn is_placing(&self) -> bool {
            self.game.phase == $phase::PlaceTile
        }
    };
}
pub(crate) use tile_rules_by_phase;
