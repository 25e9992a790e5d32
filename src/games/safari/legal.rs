//! Legal actions of each Safari decision.

use super::action::Action;
use super::state::{Phase, SafariState};
use crate::core::geom::Corner;
use crate::core::species::Species;
use crate::core::tileset::VariantId;

impl SafariState {
    /// Whether tile `variant` fits anywhere on the board (S-4.1, S-4.2).
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
            Phase::Action => self.step_two_actions(out),
            Phase::ScoreOrder => {
                let pending = self.pending_features();
                for i in 0..self.scoring.n_completed as usize {
                    if pending & (1 << i) != 0 {
                        out.push(Action::ScoreFirst {
                            segment: self.scoring.completed[i],
                        });
                    }
                }
            }
            Phase::Boost => {
                out.push(Action::NoBoost);
                let node = self.boost_target().expect("a feature being scored");
                let on_feature = self.feature(node).species;
                let hand = self.hands[self.decider as usize];
                for s in Species::ALL {
                    if hand.get(s) > 0 && on_feature & s.bit() == 0 {
                        out.push(Action::Boost { species: s });
                    }
                }
            }
            Phase::ReplaceVehicle => {
                for f in self.board.frontier() {
                    if !self.vehicles.contains(&Some(f.coord)) {
                        out.push(Action::ReplaceVehicle { to: f.coord });
                    }
                }
            }
            Phase::GameOver => {}
        }
    }

    /// S-4.1: every frontier cell and distinct rotation where the drawn tile fits.
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

    /// S-5: pass, meeples, vehicle moves, digging and extending.
    fn step_two_actions(&self, out: &mut Vec<Action>) {
        out.push(Action::Pass);
        let p = self.active as usize;
        let cell = *self.last_cell();
        let has_meeple = self.supply[p] > 0;
        if has_meeple {
            let segments = self.variant_of(&cell).segment_count;
            for seg in 0..segments {
                let root = self.features.root(cell.first_node + seg);
                let duplicate = (0..seg).any(|s| self.features.root(cell.first_node + s) == root);
                if !duplicate && !self.features.get(root).is_occupied() {
                    out.push(Action::Meeple { segment: seg });
                }
            }
            if self.variant_of(&cell).baobab {
                out.push(Action::Baobab);
            }
        }
        if self.scoring.displaced.is_none() {
            for (i, v) in self.vehicles.iter().enumerate() {
                if v.is_some() {
                    for f in self.board.frontier() {
                        if !self.vehicles.contains(&Some(f.coord)) {
                            out.push(Action::MoveVehicle {
                                vehicle: i as u8,
                                to: f.coord,
                            });
                        }
                    }
                }
            }
        }
        let hand = self.hands[p];
        if hand.total() == 0 {
            return;
        }
        for c in self.cells() {
            for corner in Corner::ALL {
                if !self.slot_free(c.at, corner) {
                    continue;
                }
                let dig = has_meeple && self.can_dig_at(c.at, corner);
                for s in Species::ALL {
                    if hand.get(s) == 0 {
                        continue;
                    }
                    if dig {
                        out.push(Action::Dig {
                            at: c.at,
                            corner,
                            species: s,
                        });
                    } else if self.can_extend_at(c.at, corner, s) {
                        out.push(Action::Extend {
                            at: c.at,
                            corner,
                            species: s,
                        });
                    }
                }
            }
        }
    }
}
