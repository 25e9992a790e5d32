//! Heuristic terms of a Safari position (for greedy agents, rollout policies and search leaves).
//! Each term is documented in `docs/agents.md`; agents weight them.

use super::features::SPECIES_POINTS;
use super::options::FinalScoring;
use super::state::{Phase, SafariState, Spot, Stage};
use crate::core::board::FrontierCell;
use crate::core::game::EVAL_TERMS;
use crate::core::geom::Vertex;
use crate::core::species::species_in_mask;
use crate::core::tileset::VariantId;

/// Names of the terms returned by [`SafariState::heuristic_terms`], in order.
pub const EVAL_TERM_NAMES: [&str; 8] = [
    "lead_species_points",
    "lead_final_points",
    "tokens_in_hand",
    "meeples_in_supply",
    "open_holes",
    "baobab_progress",
    "next_vehicle_points",
    "pending_points",
];

/// Default weight of each term of [`EVAL_TERM_NAMES`], tuned with greedy self-play matches
/// (`docs/agents.md`).
pub const DEFAULT_EVAL_WEIGHTS: [f64; 8] = [0.6, 0.4, 1.5, 1.0, 1.5, 2.0, 1.0, 1.0];

impl SafariState {
    /// Heuristic terms for `player` (see [`EVAL_TERM_NAMES`]); all 0 once the game is over:
    /// - `lead_species_points`: species-table points (plus birds in bush) of every incomplete
    ///   path and bush where `player` holds a majority — what completing them would pay now;
    /// - `lead_final_points`: animals plus birds on those features (every feature the player
    ///   is on under `final_scoring=all`) — what they pay at the end;
    /// - `tokens_in_hand`, `meeples_in_supply`: the player's supplies;
    /// - `open_holes`: incomplete, unblocked watering holes holding the player's meeple (3
    ///   points each on completion);
    /// - `baobab_progress`: over the player's baobab meeples, the fraction of the 8 neighbours
    ///   already placed (each completion returns the meeple with 2 tokens);
    /// - `next_vehicle_points`: for the seat that places the next tile only, the vehicle bonus
    ///   times the share of the tiles that seat may get (unseen tiles, and the drawn tile
    ///   while its placement is pending) that fit a vehicle's space; the drawn tile itself is
    ///   not used, so a heuristic judging the end of a turn cannot peek at the next draw;
    /// - `pending_points`: points step 3 of the turn in progress will pay the player without
    ///   further decisions (completed features it holds a majority on, before boosts, and the
    ///   active player's vehicle bonus).
    pub fn heuristic_terms(&self, player: usize) -> [f64; EVAL_TERMS] {
        let mut t = [0.0; EVAL_TERMS];
        if self.phase == Phase::GameOver {
            return t;
        }
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
                    let is_bush = self.segment_is_bush(node);
                    let majority = f.scorers(FinalScoring::Majority) & (1 << player) != 0;
                    if f.is_complete() {
                        if majority {
                            t[7] += f.completion_points(is_bush, 0) as f64;
                        }
                        continue;
                    }
                    if majority {
                        let birds = if is_bush { f.birds as f64 } else { 0.0 };
                        t[0] += SPECIES_POINTS[species_in_mask(f.species) as usize] as f64 + birds;
                    }
                    if f.scorers(self.options.final_scoring) & (1 << player) != 0 {
                        t[1] += f.final_points() as f64;
                    }
                }
                // A hole's meeples leave when it completes, so every hole here is open.
                Spot::Hole(v) if m.player as usize == player && !self.hole_blocked(v) => {
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
        if self.next_placer() == player {
            t[6] = self.vehicle_chance() * self.options.vehicle_bonus as f64;
        }
        if player == self.active as usize
            && self.scoring.displaced.is_some()
            && self.scoring.stage != Stage::EndTurn
        {
            t[7] += self.options.vehicle_bonus as f64;
        }
        t
    }

    /// The seat that places the next tile: the active player while its placement is pending,
    /// else the next seat.
    fn next_placer(&self) -> usize {
        let active = self.active as usize;
        if self.phase == Phase::PlaceTile {
            active
        } else {
            (active + 1) % self.players()
        }
    }

    /// Chance that the next tile can go on a vehicle's space (see `next_vehicle_points`).
    fn vehicle_chance(&self) -> f64 {
        let mut spaces = [FrontierCell::default(); 2];
        let mut n = 0;
        for at in self.vehicles.iter().flatten() {
            if let Some(f) = self.board.frontier_cell(*at) {
                spaces[n] = *f;
                n += 1;
            }
        }
        let spaces = &spaces[..n];
        if spaces.is_empty() {
            return 0.0;
        }
        // Whether a tile fits depends only on its edges, which the signature of its unrotated
        // orientation determines: remember the answer per signature (0 = not yet known).
        let mut known = [0u8; 256];
        let mut fits = |variant: VariantId| {
            let v = self.tiles.variant(variant);
            let key = v.orientations[0].signature as usize;
            if known[key] == 0 {
                let fit = v.rotations().iter().any(|r| {
                    let signature = v.orientations[r.quarter_turns() as usize].signature;
                    spaces.iter().any(|f| f.accepts(signature))
                });
                known[key] = if fit { 2 } else { 1 };
            }
            known[key] == 2
        };
        // Between turns the next tile is already drawn, but the player who just finished —
        // whose choices a heuristic usually judges here — has not seen it: count it as unseen.
        let drawn = (self.phase == Phase::PlaceTile).then_some(self.drawn);
        let unseen = &self.pile[self.pile_next as usize..self.pile_len as usize];
        let total = unseen.len() + usize::from(drawn.is_some());
        if total == 0 {
            return 0.0;
        }
        let fitting = unseen
            .iter()
            .copied()
            .chain(drawn)
            .filter(|&v| fits(v))
            .count();
        fitting as f64 / total as f64
    }

    /// Whether the segment behind union-find node `node` is bush.
    fn segment_is_bush(&self, node: u8) -> bool {
        let cells = self.cells();
        let cell = &cells[cells.partition_point(|c| c.first_node <= node) - 1];
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
