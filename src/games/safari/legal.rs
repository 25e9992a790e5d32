//! Legal actions of each Safari decision.

use super::action::Action;
use super::state::SafariState;
use crate::core::geom::{Coord, Corner, Vertex};
use crate::core::tile_game::append;

/// A coordinate no cell can have (boards span at most ±79 around the start).
const OFF_BOARD: Coord = Coord::new(i8::MIN, i8::MIN);

impl SafariState {
    /// S-5.3: every vehicle in play to every empty space next to a tile not holding a vehicle.
    fn vehicle_moves(&self, out: &mut Vec<Action>) {
        let frontier = self.board.frontier();
        let [a, b] = self.game.vehicles;
        let moving: &[u8] = match (a.is_some(), b.is_some()) {
            (true, true) => &[0, 1],
            (true, false) => &[0],
            (false, true) => &[1],
            (false, false) => return,
        };
        let (a, b) = (a.unwrap_or(OFF_BOARD), b.unwrap_or(OFF_BOARD));
        append(out, frontier.len() * moving.len(), |slots| {
            let mut n = 0;
            for f in frontier.iter().filter(|f| f.coord != a && f.coord != b) {
                for &vehicle in moving {
                    slots[n].write(Action::MoveVehicle {
                        vehicle,
                        to: f.coord,
                    });
                    n += 1;
                }
            }
            n
        });
    }

    /// S-5: pass, meeples, vehicle moves, digging and extending.
    pub(super) fn step_two_actions(&self, out: &mut Vec<Action>) {
        out.push(Action::Pass);
        let p = self.active as usize;
        let cell = *self.last_cell();
        let has_meeple = self.supply[p] > 0;
        if has_meeple {
            let segments = self.variant_of(&cell).segment_count;
            for seg in 0..segments {
                if self.meeple_allowed(cell.first_node, seg) {
                    out.push(Action::Meeple { segment: seg });
                }
            }
            if self.variant_of(&cell).baobab {
                out.push(Action::Baobab);
            }
        }
        if self.game.scoring.displaced.is_none() {
            self.vehicle_moves(out);
        }
        let (held, n_held) = self.game.hands[p].present();
        let held = &held[..n_held];
        if held.is_empty() {
            return;
        }
        append(out, self.cells().len() * 4 * held.len(), |slots| {
            let mut n = 0;
            for c in self.cells() {
                let mut free = c.data.free_corners;
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free ^= bit;
                    let corner = Corner::from_index(bit.trailing_zeros() as usize);
                    let at = c.at;
                    let (touching, taken) = if c.data.near_token & bit == 0 {
                        (false, 0)
                    } else {
                        let (v, k) = Vertex::of_corner(at, corner);
                        let t = self.vertex_tokens(v);
                        (t.touches(k), t.species)
                    };
                    if touching {
                        for &species in held.iter().filter(|s| taken & s.bit() == 0) {
                            slots[n].write(Action::Extend {
                                at,
                                corner,
                                species,
                            });
                            n += 1;
                        }
                    } else if has_meeple {
                        for &species in held {
                            slots[n].write(Action::Dig {
                                at,
                                corner,
                                species,
                            });
                            n += 1;
                        }
                    }
                }
            }
            n
        });
    }
}
