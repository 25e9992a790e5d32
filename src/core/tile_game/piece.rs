//! Redoing a piece decision as another ([`SearchHooks::redo_as`]) in games where a turn ends with
//! the choice of a segment of the tile just placed for one piece (a meeple, a settler), or
//! none. Agents judge every such choice of every placement; in a turn that completes nothing
//! the choice changes only where that piece stands (and the statistic of the choice), never
//! the rest of the turn — nothing scores, and the next draw does not depend on it — so the
//! result of one choice is turned into another's by moving the piece, and the heuristic terms
//! by what the piece's features give. Where the next draw surely finds a tile, the choices can
//! even be judged from the position before them, none of them made
//! ([`SearchHooks::candidate_terms`]). A game implements [`PieceDecisions`] and has
//! [`piece_decision_hooks!`] write its [`SearchHooks`] with the functions here and the tile
//! core's judging of placements.

use super::joined::judge_placements_here;
use super::parts::GameParts;
use super::rules::TileRules;
use super::state::{TileState, MAX_PLAYERS};
use crate::core::game::{SeatTerms, SiblingTerms, TermChange, EVAL_TERMS};
#[cfg(doc)]
use crate::core::search_hooks::SearchHooks;

/// A player's piece on a segment of the tile just placed (standing there or not).
#[derive(Clone, Copy)]
pub struct Piece {
    /// Its owner's seat.
    pub player: usize,
    /// The segment of the tile just placed.
    pub segment: u8,
}

/// A game whose turns end with a piece decision (see the module documentation).
pub trait PieceDecisions: TileRules {
    /// The segment of the tile just placed that `action` puts the piece on (`Some(None)`: no
    /// piece), or `None` when `action` is not a piece decision.
    fn piece_choice(action: &Self::Action) -> Option<Option<u8>>;
    /// Whether the decision now is a piece decision of a turn that completes nothing.
    fn piece_choice_is_free(&self) -> bool;
    /// Puts `piece` on the board.
    fn put_piece(&mut self, piece: Piece);
    /// Takes the last piece put back to its owner's supply.
    fn take_back_piece(&mut self);
    /// The owner of the last piece put.
    fn last_piece_owner(&self) -> usize;
    /// Adds `sign` (±1) times what the feature of `piece`'s segment gives the seats'
    /// heuristic terms, with its player holding `extra` (−1, 0 or 1) pieces more on it than now.
    fn add_piece_feature_terms(&self, piece: Piece, extra: i8, sign: f64, terms: &mut SeatTerms);
    /// Adds `step` (±1) times what `piece` gives its player's terms by itself (a piece less in
    /// supply, …).
    fn add_piece_terms(&self, piece: Piece, step: f64, terms: &mut SeatTerms);
}

impl<G: GameParts, const SIDE: usize, const FRONTIER: usize, const NODES: usize>
    TileState<G, SIDE, FRONTIER, NODES>
where
    Self: PieceDecisions<Parts = G>,
{
    /// `self` is `from` after `done`; turns it into `from` after `instead` when both are piece
    /// decisions of a turn that completes nothing, and says whether it did.
    pub(crate) fn redo_piece(
        &mut self,
        from: &Self,
        done: &<Self as TileRules>::Action,
        instead: &<Self as TileRules>::Action,
    ) -> bool {
        let (Some(done_at), Some(instead_at)) =
            (Self::piece_choice(done), Self::piece_choice(instead))
        else {
            return false;
        };
        if self.is_over() || !from.piece_choice_is_free() {
            return false;
        }
        let player = from.active as usize;
        if done_at.is_some() {
            self.take_back_piece();
        }
        if let Some(segment) = instead_at {
            self.put_piece(Piece { player, segment });
        }
        self.sheet = from.sheet;
        self.sheet.count(player, from.kind_of(instead));
        true
    }

    /// The heuristic terms after [`TileState::redo_piece`] redid `done` as `instead`, from
    /// `terms`, those after `done`: what the features of the two pieces give is taken away as
    /// it was and added as it is, and the owner's own terms follow (every term a feature or
    /// piece gives is a whole number, so the sums stay exact). Not when `instead` puts no
    /// piece (the owner is then not known here; agents judge that choice first).
    pub(crate) fn redo_piece_terms(
        &self,
        done: &<Self as TileRules>::Action,
        instead: &<Self as TileRules>::Action,
        terms: &mut SeatTerms,
    ) -> bool {
        let Some(Some(segment)) = Self::piece_choice(instead) else {
            return false;
        };
        if done == instead {
            return true;
        }
        let player = self.last_piece_owner();
        let piece = |segment| Piece { player, segment };
        if let Some(Some(moved)) = Self::piece_choice(done) {
            self.move_piece_terms(piece(moved), -1, terms);
        }
        self.move_piece_terms(piece(segment), 1, terms);
        true
    }

    /// [`SearchHooks::candidate_terms`] for a game whose turns end with a piece decision: the
    /// placements ([`TileRules::placement_judge_here`]) or the piece choices
    /// ([`TileState::piece_terms_here`]).
    pub(crate) fn placement_or_piece_terms(
        &self,
        actions: &[<Self as TileRules>::Action],
        terms: &SeatTerms,
        out: &mut SiblingTerms,
    ) {
        if self.is_placing() {
            judge_placements_here(self, actions, terms, out);
        } else {
            self.piece_terms_here(actions, terms, out);
        }
    }

    /// [`SearchHooks::candidate_terms`] for a piece decision: where the turn completes nothing and
    /// the next tile of the pile fits somewhere (so that the game goes on after the turn),
    /// each choice ends the turn with nothing but the piece changed, and its terms are this
    /// position's with what the piece gives (none: the same terms). Pushes onto `out` (emptied
    /// first) the changes of the leading piece choices of `actions`, from `terms`, this
    /// position's.
    fn piece_terms_here(
        &self,
        actions: &[<Self as TileRules>::Action],
        terms: &SeatTerms,
        out: &mut SiblingTerms,
    ) {
        out.clear();
        let next_fits = (self.pile.unseen().first()).is_some_and(|&v| self.fits_somewhere(v));
        if self.is_over() || !self.piece_choice_is_free() || !next_fits {
            return;
        }
        out.reserve(actions.len(), terms.len());
        let player = self.active as usize;
        let mut with = [[0.0; EVAL_TERMS]; MAX_PLAYERS];
        let with = &mut with[..terms.len()];
        for action in actions {
            match Self::piece_choice(action) {
                None => return,
                Some(None) => out.push([]),
                Some(Some(segment)) => {
                    let piece = Piece { player, segment };
                    with.copy_from_slice(terms);
                    self.add_piece_feature_terms(piece, 0, -1.0, with);
                    self.add_piece_feature_terms(piece, 1, 1.0, with);
                    self.add_piece_terms(piece, 1.0, with);
                    out.push(TermChange::changes(with, terms));
                }
            }
        }
    }

    /// Updates `terms` for `piece` having come (`step` 1) or gone (−1).
    fn move_piece_terms(&self, piece: Piece, step: i8, terms: &mut SeatTerms) {
        self.add_piece_feature_terms(piece, -step, -1.0, terms);
        self.add_piece_feature_terms(piece, 0, 1.0, terms);
        self.add_piece_terms(piece, step as f64, terms);
    }
}

/// Writes the [`SearchHooks`] items of a game whose turns end with a piece decision
/// ([`PieceDecisions`]) and whose actions are `$action`, inside `impl SearchHooks<$action>`: such
/// decisions of a turn that completes nothing redone as one another (`REDOES`, `redo_as`,
/// `redo_terms`); placements judged by the tile core from a sibling made (`JUDGES_SIBLINGS`,
/// `sibling_terms`) and their turns' endings (`turn_endings`); and the candidates of a decision
/// judged from its position, placements or piece choices (`candidate_terms`). The game says where
/// with `may_judge_siblings`, `may_judge_candidates` and `may_judge_turns`, and plugs in its judges
/// through [`TileRules`].
macro_rules! piece_decision_hooks {
    ($action:ty) => {
        const REDOES: bool = true;

        /// Piece decisions of a turn that completes nothing, redone as one another
        /// (`core/tile_game/piece.rs`).
        fn redo_as(&mut self, from: &Self, done: &$action, instead: &$action) -> bool {
            self.redo_piece(from, done, instead)
        }

        /// The heuristic terms after such a redo (`core/tile_game/piece.rs`).
        fn redo_terms(
            &self,
            done: &$action,
            instead: &$action,
            terms: &mut $crate::core::game::SeatTerms,
        ) -> bool {
            self.redo_piece_terms(done, instead, terms)
        }

        const JUDGES_SIBLINGS: bool = true;

        /// Placements, by the game's `TileRules::placement_judge` (`core/tile_game/joined.rs`).
        fn sibling_terms(
            &self,
            siblings: $crate::core::game::Siblings<'_, Self, $action>,
            out: &mut $crate::core::game::SiblingTerms,
        ) {
            $crate::core::tile_game::judge_placements(self, siblings, out);
        }

        /// Placements (`placement_terms.rs`), or the piece choices of a turn that completes
        /// nothing (`core/tile_game/piece.rs`).
        fn candidate_terms(
            &self,
            actions: &[$action],
            terms: &$crate::core::game::SeatTerms,
            out: &mut $crate::core::game::SiblingTerms,
        ) {
            self.placement_or_piece_terms(actions, terms, out);
        }

        /// The turns of placements, by the game's `TileRules::turn_judge`
        /// (`core/tile_game/turn_ends.rs`).
        fn turn_endings(
            &self,
            actions: &[$action],
            terms: &$crate::core::game::SeatTerms,
            out: &mut $crate::core::game::TurnEndings,
        ) {
            $crate::core::tile_game::judge_turn_endings(self, actions, terms, out);
        }
    };
}
pub(crate) use piece_decision_hooks;
