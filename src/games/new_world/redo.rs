//! Redoing a settler decision as another ([`Game::redo_as`]): agents judge every settler
//! choice of every placement, and in a turn that completes nothing the choice changes only
//! where one settler stands (and the statistic of the choice), never the rest of the turn —
//! nothing scores, so no surveyor moves, and the next draw does not depend on it. The result
//! of one choice is then turned into another's by moving that settler.
//!
//! [`Game::redo_as`]: crate::core::game::Game::redo_as

use super::action::Action;
use super::eval::at_risk;
use super::state::{NewWorldState, Phase};
use crate::core::game::EVAL_TERMS;
use crate::core::tile_game::TileRules;

impl NewWorldState {
    /// `self` is `from` after `done`; turns it into `from` after `instead` when both are
    /// settler decisions (a settler or none) of a turn that completes nothing, and says
    /// whether it did.
    pub(super) fn redo_settler(&mut self, from: &Self, done: &Action, instead: &Action) -> bool {
        let is_settler_decision = |a: &Action| matches!(a, Action::Pass | Action::Settler { .. });
        if !(is_settler_decision(done) && is_settler_decision(instead))
            || from.game.phase != Phase::Settler
            || self.game.phase == Phase::GameOver
            || from.completed_by_last_tile().1 > 0
        {
            return false;
        }
        let p = from.active as usize;
        if let Action::Settler { segment } = *done {
            let node = from.settler_on(p, segment).node;
            self.features.get_mut(node).settlers[p] -= 1;
            self.supply[p] += 1;
            self.game.settlers.pop();
        }
        if let Action::Settler { segment } = *instead {
            self.put_settler_for(p, segment);
        }
        self.sheet = from.sheet;
        self.sheet.count(p, from.kind_of(instead));
        true
    }

    /// The heuristic terms after [`NewWorldState::redo_settler`] redid `done` as `instead`,
    /// from `terms`, those after `done`: what the features of the two settlers give is taken
    /// away as it was and added as it is, and the owner's supply and settlers at risk follow
    /// (whole numbers: the sums stay exact). Not when `instead` deploys no settler (the owner
    /// is then not known here; agents judge that choice first).
    pub(super) fn redo_settler_terms(
        &self,
        done: &Action,
        instead: &Action,
        terms: &mut [[f64; EVAL_TERMS]],
    ) -> bool {
        let Action::Settler { segment } = *instead else {
            return false;
        };
        if done == instead {
            return true;
        }
        let p = self
            .game
            .settlers
            .last()
            .expect("the settler just deployed")
            .player as usize;
        if let Action::Settler { segment: moved } = *done {
            self.swap_feature_terms(moved, p, false, terms);
        }
        self.swap_feature_terms(segment, p, true, terms);
        true
    }

    /// Updates `terms` for `p`'s settler having come to (`placed`) or left `segment` of the
    /// tile just placed.
    fn swap_feature_terms(
        &self,
        segment: u8,
        p: usize,
        placed: bool,
        terms: &mut [[f64; EVAL_TERMS]],
    ) {
        let settler = self.settler_on(p, segment);
        let root = self.features.root(settler.node);
        let now = *self.features.get(root);
        let mut before = now;
        let step = if placed { 1.0 } else { -1.0 };
        if placed {
            before.settlers[p] -= 1;
        } else {
            before.settlers[p] += 1;
        }
        self.add_feature_terms(&before, root, settler.role, -1.0, terms);
        self.add_feature_terms(&now, root, settler.role, 1.0, terms);
        terms[p][0] -= step;
        terms[p][2] += step * at_risk(&settler, self.easternmost_surveyor());
    }
}
