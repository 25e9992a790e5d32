//! Meeple decisions as piece decisions ([`PieceDecisions`]): in a turn that completes
//! nothing, agents derive the result of one meeple choice from another's by moving the meeple
//! (`core/tile_game/piece.rs`).

use super::action::Action;
use super::state::{CarcassonneState, Phase};
use crate::core::game::SeatTerms;
use crate::core::tile_game::{Piece, PieceDecisions};
use crate::core::tileset::FeatureKind;

impl PieceDecisions for CarcassonneState {
    fn piece_choice(action: &Action) -> Option<Option<u8>> {
        match *action {
            Action::Pass => Some(None),
            Action::Meeple { segment } => Some(Some(segment)),
            _ => None,
        }
    }

    /// A meeple decision of a turn whose tile completed no road, city or monastery (C-3): no
    /// scoring, castle or robbery then depends on the meeple.
    fn piece_choice_is_free(&self) -> bool {
        self.game.phase == Phase::Meeple
            && self.game.completed.is_empty()
            && !(self.game.monasteries.iter()).any(|m| self.completed_by_last_tile(m))
    }

    fn put_piece(&mut self, piece: Piece) {
        self.put_meeple_for(piece.player, piece.segment);
    }

    fn take_back_piece(&mut self) {
        let m = self.game.meeples.pop().expect("a meeple put");
        self.features.get_mut(m.node).meeples[m.player as usize] -= 1;
        self.supply[m.player as usize] += 1;
    }

    fn last_piece_owner(&self) -> usize {
        self.game.meeples.last().expect("a meeple put").player as usize
    }

    fn add_piece_feature_terms(&self, piece: Piece, extra: i8, sign: f64, terms: &mut SeatTerms) {
        let (node, kind) = self.meeple_node(piece.segment);
        let mut f = *self.feature(self.feature_root(node));
        f.meeples[piece.player] = f.meeples[piece.player].wrapping_add_signed(extra);
        self.add_feature_terms(&f, kind, node, sign, terms);
    }

    /// A meeple less in supply, and a farmer more in a field.
    fn add_piece_terms(&self, piece: Piece, step: f64, terms: &mut SeatTerms) {
        terms[piece.player][3] -= step;
        if self.meeple_node(piece.segment).1 == FeatureKind::Field {
            terms[piece.player][6] += step;
        }
    }
}
