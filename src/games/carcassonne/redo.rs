//! Redoing a meeple decision as another ([`Game::redo_as`]): agents judge every meeple
//! choice of every placement, and in a turn that completes nothing the choice changes only
//! where one meeple stands (and the statistic of the choice), never the rest of the turn —
//! no scoring, no castle, no robbery depends on it, and the next draw does not either. The
//! result of one choice is then turned into another's by moving that meeple.
//!
//! [`Game::redo_as`]: crate::core::game::Game::redo_as

use super::action::Action;
use super::state::{CarcassonneState, Phase};
use crate::core::tile_game::TileRules;

impl CarcassonneState {
    /// `self` is `from` after `done`; turns it into `from` after `instead` when both are meeple
    /// decisions (a meeple or none) of a turn that completes nothing, and says whether it did.
    pub(super) fn redo_meeple(&mut self, from: &Self, done: &Action, instead: &Action) -> bool {
        let is_meeple_decision = |a: &Action| matches!(a, Action::Pass | Action::Meeple { .. });
        if !(is_meeple_decision(done) && is_meeple_decision(instead))
            || from.game.phase != Phase::Meeple
            || self.game.phase == Phase::GameOver
            || from.turn_completes_something()
        {
            return false;
        }
        let p = from.active as usize;
        if let Action::Meeple { segment } = *done {
            let node = from.meeple_node(segment).0;
            self.features.get_mut(node).meeples[p] -= 1;
            self.supply[p] += 1;
            self.game.meeples.pop();
        }
        if let Action::Meeple { segment } = *instead {
            self.put_meeple_for(p, segment);
        }
        self.sheet = from.sheet;
        self.sheet.count(p, from.kind_of(instead));
        true
    }

    /// Whether the tile placed this turn completed a road, a city or a monastery (C-3).
    fn turn_completes_something(&self) -> bool {
        if !self.game.completed.is_empty() {
            return true;
        }
        self.game
            .monasteries
            .iter()
            .any(|m| self.completed_by_last_tile(m))
    }
}
