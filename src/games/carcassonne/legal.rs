//! Legal actions of each Carcassonne decision.

use super::action::Action;
use super::state::{CarcassonneState, Node, Phase};
use crate::core::tileset::VariantId;

impl CarcassonneState {
    /// Whether tile `variant` fits anywhere on the board (C-2), with a same-turn bridge of
    /// the active player if need be (B-2).
    pub fn fits_somewhere(&self, variant: VariantId) -> bool {
        let v = self.tiles.variant(variant);
        let fits = |bridge: bool| {
            self.board.frontier().iter().any(|f| {
                v.rotations().iter().any(|r| {
                    let sig = v.orientations[r.quarter_turns() as usize].signature;
                    f.accepts(sig) || (bridge && self.bridge_fixes(f, sig))
                })
            })
        };
        fits(false) || (self.options.expansions.bcb && fits(true))
    }

    /// Clears `out` and writes the legal actions of the current decision into it.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::PlaceTile => self.placements(out),
            Phase::Bridge => self.bridge_choices(|a| out.push(a)),
            Phase::BazaarOffer | Phase::BazaarBid | Phase::BazaarDeal | Phase::RobberBack => {
                self.bazaar_actions(|a| out.push(a))
            }
            Phase::Castle => out.extend([
                Action::Castle { build: false },
                Action::Castle { build: true },
            ]),
            Phase::CastleScore => {
                let c = self.next_castle().expect("a castle to score");
                self.castle_options(c, |points| out.push(Action::CastleScore { points }));
            }
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

    /// C-2: every frontier cell and distinct rotation where the drawn tile's edges match, or
    /// (B-2) where a bridge built this turn makes them match; then, when every placement needs
    /// a bridge, [`Action::Discard`] (B-2: no player must build a bridge).
    fn placements(&self, out: &mut Vec<Action>) {
        let v = self.tiles.variant(self.drawn);
        let bcb = self.options.expansions.bcb;
        let mut plain = false;
        for f in self.board.frontier() {
            for &rot in v.rotations() {
                let sig = v.orientations[rot.quarter_turns() as usize].signature;
                let fits = f.accepts(sig);
                plain |= fits;
                if fits || (bcb && self.bridge_fixes(f, sig)) {
                    out.push(Action::Place { at: f.coord, rot });
                }
            }
        }
        if bcb && !plain && !out.is_empty() {
            out.push(Action::Discard);
        }
    }

    /// B-2: whether the drawn tile may be discarded: it fits somewhere, but only with a bridge.
    pub fn may_discard(&self) -> bool {
        let mut legal = Vec::new();
        if self.phase == Phase::PlaceTile {
            self.placements(&mut legal);
        }
        legal.last() == Some(&Action::Discard)
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
        // B-3: on a bridge built on this tile this turn, if its road is free.
        if let Some(b) = cell.bridge {
            let t = self.n_cells - 1;
            let root = self.features.root(b.node);
            let duplicate =
                (0..segments).any(|s| self.features.root(cell.first_node + s as Node) == root);
            if self.turn_bridge == Some(t) && !duplicate && !self.features.get(root).is_occupied() {
                out.push(Action::Meeple { segment: segments });
            }
        }
    }
}
