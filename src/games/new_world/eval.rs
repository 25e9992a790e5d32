//! Heuristic terms for greedy and rollout policies.

use super::state::{FeatureAgg, NewWorldState, Node, Role, MAX_NODES};
use crate::core::game::{SeatTerms, EVAL_TERMS};
use crate::core::index::SmallIndex;
use crate::core::index_set::{words_for, IndexSet};
use crate::core::tile_game::Evaluation;

impl Evaluation for NewWorldState {
    const EVAL_TERM_NAMES: &'static [&'static str] =
        &["settlers_in_supply", "feature_value", "settlers_at_risk"];
    /// A settler in hand is worth about half a point, what the player's settlers would score
    /// at the end counts in full, and a standing settler in or east of the easternmost
    /// surveyor's column (N-13: removed by the next move) costs a point.
    const DEFAULT_EVAL_WEIGHTS: &'static [f64] = &[0.5, 1.0, -1.0];

    /// The heuristic terms of [`Evaluation::EVAL_TERM_NAMES`] of each seat (`out[p]`), in one
    /// pass over the settlers: the supply, what each feature gives the seats that lead it
    /// (`NewWorldState::add_feature_terms`) and the settlers at risk.
    fn heuristic_terms_all(&self, out: &mut SeatTerms) {
        out.fill([0.0; EVAL_TERMS]);
        let east = self.easternmost_surveyor();
        let mut seen = IndexSet::<{ words_for(MAX_NODES) }>::default();
        for s in self.placed_settlers() {
            out[s.player as usize][2] += at_risk(s.role, s.column, east);
            let root = self.features.root(s.node);
            if seen.insert_new(root.index()) {
                self.add_feature_terms(self.features.get(root), root, s.role, 1.0, out);
            }
        }
        for (p, t) in out.iter_mut().enumerate() {
            t[0] = self.supply[p] as f64;
        }
    }
}

impl NewWorldState {
    /// Adds `sign` (±1) times what feature `agg` (root `root`, its settlers in `role`) gives
    /// the `feature_value` of each seat that leads it. Whole numbers, so adding and taking
    /// away is exact in any order.
    #[inline(always)]
    pub(super) fn add_feature_terms(
        &self,
        agg: &FeatureAgg,
        root: Node,
        role: Role,
        sign: f64,
        out: &mut SeatTerms,
    ) {
        let scorers = agg.scorers();
        if scorers != 0 {
            add_value_terms(scorers, self.final_value_of(agg, root, role), sign, out);
        }
    }

    /// The column of the easternmost surveyor on the board (N-13).
    pub(super) fn easternmost_surveyor(&self) -> i8 {
        self.surveyor_columns().iter().copied().max().unwrap_or(0)
    }
}

/// The `settlers_at_risk` count of a settler in `role` in column `column` with the
/// easternmost surveyor in column `east`: 1 for a standing settler in or east of it (N-13:
/// removed by the next move), else 0.
pub(super) fn at_risk(role: Role, column: i8, east: i8) -> f64 {
    if role != Role::Trapper && column >= east {
        1.0
    } else {
        0.0
    }
}

/// Adds `sign` (±1) times `value`, what a feature is worth at the end, to the
/// `feature_value` of each seat of `scorers` (those that lead it, a bit each).
#[inline(always)]
pub(super) fn add_value_terms(scorers: u8, value: i32, sign: f64, out: &mut SeatTerms) {
    let value = sign * value as f64;
    for (p, t) in out.iter_mut().enumerate() {
        if scorers & (1 << p) != 0 {
            t[1] += value;
        }
    }
}
