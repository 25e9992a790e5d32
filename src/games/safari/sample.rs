//! Drawing one uniformly random legal action without listing them all (random playouts and
//! rollouts).
//!
//! The tile placement and the action step (S-4, S-5) dominate a game and have many legal
//! actions (~56 on average). Instead of listing them, the sampler draws from a *superset* whose
//! members can be indexed directly and keeps the first draw that is legal (rejection
//! sampling). Every attempt is uniform over the superset and the legality test is the rule
//! that `legal_actions_into` applies, so an accepted draw is uniform over exactly the legal
//! set. After [`MAX_TRIES`] rejected draws the sampler lists the legal actions and picks one;
//! that fallback is uniform too, so the mixture is.
//!
//! Supersets:
//! - placement: every frontier cell × every distinct rotation of the drawn tile (~22% legal);
//! - action step: pass, baobab and one entry per segment of the placed tile; every vehicle in
//!   play × every frontier cell; every placed cell × corner × species in hand (~79% legal).

use super::action::Action;
use super::state::SafariState;
use crate::core::geom::{Corner, Vertex};
use crate::core::rng::{below, GameRng};

/// Rejected draws before falling back to listing the legal actions.
const MAX_TRIES: usize = 32;

impl SafariState {
    /// S-5: a uniform action of the action step (see the module docs for the superset).
    pub(super) fn sample_step_two(&self, rng: &mut GameRng) -> Option<Action> {
        let p = self.active as usize;
        let cell = self.last_cell();
        let variant = self.variant_of(cell);
        let has_meeple = self.supply[p] > 0;
        // 0: pass, 1: baobab, 2..: meeple on segment `index - 2`.
        let n_small = 2 + variant.segment_count as usize;

        let frontier = self.board.frontier();
        let [va, vb] = self.game.vehicles;
        let n_moving = if self.game.scoring.displaced.is_none() {
            va.is_some() as usize + vb.is_some() as usize
        } else {
            0
        };
        // With one vehicle in play, `lone` is its index.
        let lone = if va.is_some() { 0u8 } else { 1u8 };
        let n_vehicle = n_moving * frontier.len();

        let (held, n_held) = self.game.hands[p].present();
        let n_hole = self.cells.len() * 4 * n_held;

        let total = n_small + n_vehicle + n_hole;
        for _ in 0..MAX_TRIES {
            let mut r = below(rng, total);
            if r < n_small {
                match r {
                    0 => return Some(Action::Pass),
                    1 => {
                        if has_meeple && variant.baobab {
                            return Some(Action::Baobab);
                        }
                    }
                    _ => {
                        let seg = (r - 2) as u8;
                        if has_meeple && self.meeple_allowed(cell.first_node, seg) {
                            return Some(Action::Meeple { segment: seg });
                        }
                    }
                }
                continue;
            }
            r -= n_small;
            if r < n_vehicle {
                let (slot, vehicle) = if n_moving == 2 {
                    (r >> 1, (r & 1) as u8)
                } else {
                    (r, lone)
                };
                let to = frontier[slot].coord;
                if Some(to) != va && Some(to) != vb {
                    return Some(Action::MoveVehicle { vehicle, to });
                }
                continue;
            }
            r -= n_vehicle;
            let slot = (r as u32 / n_held as u32) as usize;
            let s = r - slot * n_held;
            let c = &self.cells[slot >> 2];
            let bit = 1u8 << (slot & 3);
            if c.data.free_corners & bit == 0 {
                continue;
            }
            let corner = Corner::from_index(slot & 3);
            let species = held[s];
            let (touching, taken) = if c.data.near_token & bit == 0 {
                (false, 0)
            } else {
                let (v, k) = Vertex::of_corner(c.at, corner);
                let t = self.vertex_tokens(v);
                (t.touches(k), t.species)
            };
            let at = c.at;
            if touching {
                if taken & species.bit() == 0 {
                    return Some(Action::Extend {
                        at,
                        corner,
                        species,
                    });
                }
            } else if has_meeple {
                return Some(Action::Dig {
                    at,
                    corner,
                    species,
                });
            }
        }
        None
    }

    /// S-5.1: whether a meeple may go on segment `seg` of the tile whose first node is
    /// `first`: its feature is unoccupied and no lower segment of the tile is on the same
    /// feature (each feature is offered once, through its lowest segment).
    pub(super) fn meeple_allowed(&self, first: u8, seg: u8) -> bool {
        let root = self.features.root(first + seg);
        let duplicate = (0..seg).any(|s| self.features.root(first + s) == root);
        !duplicate && !self.features.get(root).is_occupied()
    }
}
