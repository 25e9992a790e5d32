//! Settler decisions as piece decisions ([`PieceDecisions`]): in a turn that completes
//! nothing, agents derive the result of one settler choice from another's by moving the
//! settler (`core/tile_game/piece.rs`).

use super::action::Action;
use super::eval::at_risk;
use super::state::{NewWorldState, Phase};
use crate::core::game::SeatTerms;
use crate::core::tile_game::{Piece, PieceDecisions};

impl PieceDecisions for NewWorldState {
    fn piece_choice(action: &Action) -> Option<Option<u8>> {
        match *action {
            Action::Pass => Some(None),
            Action::Settler { segment } => Some(Some(segment)),
            _ => None,
        }
    }

    /// A settler decision of a turn whose tile completed no trail, town or farm (N-6…N-9):
    /// nothing scores, so no surveyor moves.
    fn piece_choice_is_free(&self) -> bool {
        self.game.phase == Phase::Settler && self.completed_by_last_tile().1 == 0
    }

    fn put_piece(&mut self, piece: Piece) {
        self.put_settler_for(piece.player, piece.segment);
    }

    fn take_back_piece(&mut self) {
        self.take_back(self.game.settlers.len() - 1);
    }

    fn last_piece_owner(&self) -> usize {
        self.game.settlers.last().expect("a settler put").player as usize
    }

    fn add_piece_feature_terms(&self, piece: Piece, extra: i8, sign: f64, terms: &mut SeatTerms) {
        let settler = self.settler_on(piece.player, piece.segment);
        let root = self.features.root(settler.node);
        let mut f = *self.features.get(root);
        f.settlers[piece.player] = f.settlers[piece.player].wrapping_add_signed(extra);
        self.add_feature_terms(&f, root, settler.role, sign, terms);
    }

    /// A settler less in supply, and one more at risk if it stands where the surveyors reach.
    fn add_piece_terms(&self, piece: Piece, step: f64, terms: &mut SeatTerms) {
        terms[piece.player][0] -= step;
        let settler = self.settler_on(piece.player, piece.segment);
        let east = self.easternmost_surveyor();
        terms[piece.player][2] += step * at_risk(settler.role, settler.column, east);
    }
}
