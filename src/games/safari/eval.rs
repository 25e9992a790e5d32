//! Heuristic terms of a Safari position (for greedy agents and rollout policies).
//! Each term is documented in `docs/agents.md`; agents weight them.

use super::features::SPECIES_POINTS;
use super::options::FinalScoring;
use super::state::{SafariState, Spot};
use crate::core::game::EVAL_TERMS;
use crate::core::geom::{Side, Vertex};
use crate::core::species::species_in_mask;

/// Names of the terms returned by [`SafariState::heuristic_terms`], in order.
pub const EVAL_TERM_NAMES: [&str; 7] = [
    "lead_species_points",
    "lead_final_points",
    "tokens_in_hand",
    "meeples_in_supply",
    "open_holes",
    "baobab_progress",
    "vehicle_exposure",
];

impl SafariState {
    /// Heuristic terms for `player` (see [`EVAL_TERM_NAMES`]):
    /// - `lead_species_points`: species-table points (plus birds in bush) of every incomplete
    ///   path and bush where `player` holds a majority — what completing them would pay now;
    /// - `lead_final_points`: animals plus birds on those features — what they pay at the end;
    /// - `tokens_in_hand`, `meeples_in_supply`: the player's supplies;
    /// - `open_holes`: incomplete watering holes holding the player's meeple (3 points each on
    ///   completion);
    /// - `baobab_progress`: over the player's baobab meeples, the fraction of the 8 neighbours
    ///   already placed (each completion returns the meeple with 2 tokens);
    /// - `vehicle_exposure`: over vehicles, placed orthogonal neighbours / 4 — how likely a
    ///   vehicle space is to be filled (and its bonus taken) soon.
    pub fn heuristic_terms(&self, player: usize) -> [f64; EVAL_TERMS] {
        let mut t = [0.0; EVAL_TERMS];
        let mut seen = [0u8; 64];
        let mut n_seen = 0;
        for m in self.placed_meeples() {
            match m.spot {
                Spot::Feature(node) => {
                    let root = self.feature_root(node);
                    if seen[..n_seen].contains(&root) {
                        continue;
                    }
                    seen[n_seen] = root;
                    n_seen += 1;
                    let f = self.feature(root);
                    if f.scorers(FinalScoring::Majority) & (1 << player) == 0 {
                        continue;
                    }
                    let is_bush = self.segment_is_bush(node);
                    let birds = if is_bush { f.birds as f64 } else { 0.0 };
                    t[0] += SPECIES_POINTS[species_in_mask(f.species) as usize] as f64 + birds;
                    t[1] += f.final_points() as f64;
                }
                Spot::Hole(v)
                    if m.player as usize == player
                        && self.vertex_tokens(v).count() < 4
                        && !self.hole_blocked(v) =>
                {
                    t[4] += 1.0;
                }
                Spot::Baobab(c) if m.player as usize == player => {
                    t[5] += self.board.placed_around(self.cells[c as usize].at) as f64 / 8.0;
                }
                _ => {}
            }
        }
        t[2] = self.hands[player].total() as f64;
        t[3] = self.supply[player] as f64;
        for at in self.vehicles.iter().flatten() {
            let placed = Side::ALL
                .iter()
                .filter(|s| self.cell_at(at.step(**s)).is_some())
                .count();
            t[6] += placed as f64 / 4.0;
        }
        t
    }

    /// Whether the segment behind union-find node `node` is bush.
    fn segment_is_bush(&self, node: u8) -> bool {
        let cell = self
            .cells()
            .iter()
            .rev()
            .find(|c| c.first_node <= node)
            .expect("every node belongs to a cell");
        self.variant_of(cell).segments[(node - cell.first_node) as usize].kind
            == crate::core::tileset::FeatureKind::Bush
    }

    /// Whether some placed tile around `v` shows bush at the hole's corner (S-8.5).
    fn hole_blocked(&self, v: Vertex) -> bool {
        (0..4).any(|k| {
            let (cell, corner) = v.slot(k);
            self.cell_at(cell)
                .is_some_and(|c| self.orientation_of(c).open_corners & corner.bit() == 0)
        })
    }
}
