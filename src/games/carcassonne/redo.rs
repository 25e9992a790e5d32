//! Redoing a meeple decision as another ([`Game::redo_as`]): agents judge every meeple
//! choice of every placement, and in a turn that completes nothing the choice changes only
//! where one meeple stands (and the statistic of the choice), never the rest of the turn —
//! no scoring, no castle, no robbery depends on it, and the next draw does not either. The
//! result of one choice is then turned into another's by moving that meeple.
//!
//! [`Game::redo_as`]: crate::core::game::Game::redo_as

use super::action::Action;
use super::state::{CarcassonneState, Phase};
use crate::core::game::EVAL_TERMS;
use crate::core::tile_game::TileRules;
use crate::core::tileset::FeatureKind;

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

    /// The heuristic terms after [`CarcassonneState::redo_meeple`] redid `done` as `instead`,
    /// from `terms`, those after `done`: what the features of the two meeples give is taken
    /// away as it was and added as it is, and the owner's supply and farmers follow (every
    /// term a feature gives is a whole number, so the sums stay exact). Not when `instead`
    /// places no meeple (the owner is then not known here; agents judge that choice first).
    pub(super) fn redo_meeple_terms(
        &self,
        done: &Action,
        instead: &Action,
        terms: &mut [[f64; EVAL_TERMS]],
    ) -> bool {
        let Action::Meeple { segment } = *instead else {
            return false;
        };
        if done == instead {
            return true;
        }
        let p = self
            .game
            .meeples
            .last()
            .expect("the meeple just placed")
            .player as usize;
        if let Action::Meeple { segment: moved } = *done {
            self.swap_feature_terms(moved, p, false, terms);
        }
        self.swap_feature_terms(segment, p, true, terms);
        true
    }

    /// Updates `terms` for `p`'s meeple having come to (`placed`) or left `segment` of the
    /// tile just placed.
    fn swap_feature_terms(
        &self,
        segment: u8,
        p: usize,
        placed: bool,
        terms: &mut [[f64; EVAL_TERMS]],
    ) {
        let (node, kind) = self.meeple_node(segment);
        let now = *self.feature(self.feature_root(node));
        let mut before = now;
        let step = if placed { 1.0 } else { -1.0 };
        if placed {
            before.meeples[p] -= 1;
        } else {
            before.meeples[p] += 1;
        }
        self.add_feature_terms(&before, kind, node, -1.0, terms);
        self.add_feature_terms(&now, kind, node, 1.0, terms);
        terms[p][3] -= step;
        if kind == FeatureKind::Field {
            terms[p][6] += step;
        }
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
