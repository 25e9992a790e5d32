//! Legal actions of each Carcassonne decision.

use super::action::Action;
use super::state::{CarcassonneState, Node, Phase};
use crate::core::tileset::VariantId;

impl CarcassonneState {
    /// Whether tile `variant` fits anywhere on the board (C-2).
    pub fn fits_somewhere(&self, variant: VariantId) -> bool {
        let v = self.tiles.variant(variant);
        self.board.frontier().iter().any(|f| {
            v.rotations()
                .iter()
                .any(|r| f.accepts(v.orientations[r.quarter_turns() as usize].signature))
        })
    }

    /// Clears `out` and writes the legal actions of the current decision into it.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::PlaceTile => self.placements(out),
            Phase::Robber => {
                out.push(Action::KeepRobber);
                let p = self.decider as usize;
                self.track
                    .robber_spaces(p, |space| out.push(Action::Robber { space }));
            }
            Phase::Meeple => self.meeple_choices(out),
            Phase::ScoreOrder => {
                let p = self.decider as usize;
                self.track
                    .first_scoring_options(p, |points| out.push(Action::ScoreFirst { points }));
            }
            Phase::Rob => {
                let p = self.decider as usize;
                self.track
                    .rob_candidates(p, |q| out.push(Action::Rob { player: q as u8 }));
            }
            Phase::GameOver => {}
        }
    }

    /// C-2: every frontier cell and distinct rotation where the drawn tile's edges match.
    fn placements(&self, out: &mut Vec<Action>) {
        let v = self.tiles.variant(self.drawn);
        for f in self.board.frontier() {
            for &rot in v.rotations() {
                if f.accepts(v.orientations[rot.quarter_turns() as usize].signature) {
                    out.push(Action::Place { at: f.coord, rot });
                }
            }
        }
    }

    /// C-2: no meeple, or one on each feature of the tile just placed that nobody occupies
    /// (a feature the tile holds twice is offered once).
    fn meeple_choices(&self, out: &mut Vec<Action>) {
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
    }
}
