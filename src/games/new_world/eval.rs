//! Heuristic terms for greedy and rollout policies.

use super::state::{NewWorldState, Role, MAX_NODES, MAX_PLAYERS};
use crate::core::game::EVAL_TERMS;
use crate::core::index::SmallIndex;
use crate::core::index_set::{words_for, IndexSet};
use crate::core::tile_game::Evaluation;

/// Names of the heuristic terms.
pub const EVAL_TERM_NAMES: [&str; 3] = ["settlers_in_supply", "feature_value", "settlers_at_risk"];

/// Default weights (same order): a settler in hand is worth about half a point, what the
/// player's settlers would score at the end counts in full, and a standing settler in or
/// east of the easternmost surveyor's column (N-13: removed by the next move) costs a point.
pub const DEFAULT_EVAL_WEIGHTS: [f64; 3] = [0.5, 1.0, -1.0];

impl Evaluation for NewWorldState {
    const EVAL_TERM_NAMES: &'static [&'static str] = &EVAL_TERM_NAMES;
    const DEFAULT_EVAL_WEIGHTS: &'static [f64] = &DEFAULT_EVAL_WEIGHTS;

    /// The heuristic terms of [`EVAL_TERM_NAMES`] of each seat (`out[p]`), in one pass over the
    /// settlers.
    fn heuristic_terms_all(&self, out: &mut [[f64; EVAL_TERMS]]) {
        out.fill([0.0; EVAL_TERMS]);
        let east = self.surveyor_columns().iter().copied().max().unwrap_or(0);
        // Each seat's feature roots already counted.
        let mut seen = IndexSet::<{ words_for(MAX_NODES * MAX_PLAYERS) }>::default();
        for s in self.placed_settlers() {
            let p = s.player as usize;
            let t = &mut out[p];
            if s.role != Role::Trapper && s.column >= east {
                t[2] += 1.0;
            }
            let root = self.features.root(s.node);
            if !seen.insert_new(root.index() * MAX_PLAYERS + p) {
                continue;
            }
            if self.features.get(root).scorers() & (1 << p) != 0 {
                t[1] += self.final_value(root, s.role) as f64;
            }
        }
        for (p, t) in out.iter_mut().enumerate() {
            t[0] = self.supply[p] as f64;
        }
    }
}
