//! Legal actions of each Safari decision.

use super::action::Action;
use super::state::{Phase, SafariState};
use crate::core::geom::{Coord, Corner, Rotation, Vertex};
use crate::core::species::Species;
use crate::core::tileset::VariantId;
use std::mem::MaybeUninit;

/// A coordinate no cell can have (boards span at most ±79 around the start).
const OFF_BOARD: Coord = Coord::new(i8::MIN, i8::MIN);

/// Appends at most `max` actions to `out` through `fill`, which writes them into reserved
/// spare capacity and returns how many it wrote. This keeps the per-action cost of the hot
/// generators to one store (no capacity check or length update per push).
fn append(
    out: &mut Vec<Action>,
    max: usize,
    fill: impl FnOnce(&mut [MaybeUninit<Action>]) -> usize,
) {
    out.reserve(max);
    let len = out.len();
    let written = fill(&mut out.spare_capacity_mut()[..max]);
    assert!(written <= max);
    // SAFETY: `fill` initialised the first `written` slots of the spare capacity (each write is
    // a bounds-checked `MaybeUninit::write` into the slice it was given), and `written <= max`
    // fits the capacity reserved above.
    unsafe { out.set_len(len + written) };
}

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

    /// S-5.3: every vehicle in play to every empty space next to a tile not holding a vehicle.
    fn vehicle_moves(&self, out: &mut Vec<Action>) {
        let frontier = self.board.frontier();
        let [a, b] = self.vehicles;
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

    /// S-4.1: every frontier cell and distinct rotation where the drawn tile fits.
    fn placements(&self, out: &mut Vec<Action>) {
        let v = self.tiles.variant(self.drawn);
        let mut sigs = [(Rotation::default(), 0u8); 4];
        for (slot, &rot) in sigs.iter_mut().zip(v.rotations()) {
            *slot = (rot, v.orientations[rot.quarter_turns() as usize].signature);
        }
        let sigs = &sigs[..v.rotations().len()];
        let frontier = self.board.frontier();
        append(out, frontier.len() * sigs.len(), |slots| {
            let mut n = 0;
            for f in frontier {
                for &(rot, sig) in sigs {
                    if f.accepts(sig) {
                        slots[n].write(Action::Place { at: f.coord, rot });
                        n += 1;
                    }
                }
            }
            n
        });
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
                if self.meeple_allowed(cell.first_node, seg) {
                    out.push(Action::Meeple { segment: seg });
                }
            }
            if self.variant_of(&cell).baobab {
                out.push(Action::Baobab);
            }
        }
        if self.scoring.displaced.is_none() {
            self.vehicle_moves(out);
        }
        let hand = self.hands[p];
        let mut held = [Species::Ape; 5];
        let mut n_held = 0;
        for sp in Species::ALL {
            if hand.get(sp) > 0 {
                held[n_held] = sp;
                n_held += 1;
            }
        }
        let held = &held[..n_held];
        if held.is_empty() {
            return;
        }
        append(out, self.cells().len() * 4 * held.len(), |slots| {
            let mut n = 0;
            for c in self.cells() {
                let mut free = c.free_corners;
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free ^= bit;
                    let corner = Corner::from_index(bit.trailing_zeros() as usize);
                    let at = c.at;
                    let (touching, taken) = if c.near_token & bit == 0 {
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
