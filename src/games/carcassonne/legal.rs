//! Legal actions of each Carcassonne decision.

use super::action::Action;
use super::state::{CarcassonneState, Node, Phase};

impl CarcassonneState {
    /// C-2: every frontier cell and distinct rotation where the drawn tile's edges match, or
    /// (B-2) where a bridge built this turn makes them match; then, when every placement needs
    /// a bridge, [`Action::Discard`] (B-2: no player must build a bridge).
    pub(super) fn placements(&self, out: &mut Vec<Action>) {
        let plain = self.list_placements(out);
        if self.game.options.expansions.bcb && !plain && !out.is_empty() {
            out.push(Action::Discard);
        }
    }

    /// B-2: whether the drawn tile may be discarded: it fits somewhere, but only with a bridge.
    pub fn may_discard(&self) -> bool {
        let mut legal = Vec::new();
        if self.game.phase == Phase::PlaceTile {
            self.placements(&mut legal);
        }
        legal.last() == Some(&Action::Discard)
    }

    /// C-2: no meeple, or one on each feature of the tile just placed that nobody occupies
    /// (a feature the tile holds twice is offered once).
    pub(super) fn meeple_choices(&self, out: &mut Vec<Action>) {
        out.push(Action::Pass);
        if self.supply[self.active as usize] == 0 {
            return;
        }
        let cell = self.last_cell();
        let segments = self.variant_of(cell).segment_count;
        for seg in 0..segments {
            let root = self.features.root(cell.first_node + seg as Node);
            let duplicate =
                (0..seg).any(|s| self.features.root(cell.first_node + s as Node) == root);
            if !duplicate && !self.features.get(root).is_occupied() {
                out.push(Action::Meeple { segment: seg });
            }
        }
        // B-3: on a bridge built on this tile this turn, if its road is free.
        if let Some(b) = cell.data.bridge {
            let t = self.cells.len() as u8 - 1;
            let root = self.features.root(b.node);
            let duplicate =
                (0..segments).any(|s| self.features.root(cell.first_node + s as Node) == root);
            if self.game.turn_bridge == Some(t)
                && !duplicate
                && !self.features.get(root).is_occupied()
            {
                out.push(Action::Meeple { segment: segments });
            }
        }
    }
}
