//! Position values shared by the greedy agent, rollout policies and MCTS leaf evaluation.

use crate::core::game::{Game, EVAL_TERMS};

/// Most seats any value computation supports (larger games fall back to a heap buffer).
const MAX_SEATS: usize = 8;

/// Weighted heuristic value of positions.
///
/// A player's *total* is their score plus `Σ weight_i · eval_terms(player)[i]` (terms are not
/// counted once the game is over: everything has been scored then). A player's *value* is their
/// total minus `opponent` times the best total among the other players.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Evaluator {
    weights: [f64; EVAL_TERMS],
    opponent: f64,
}

impl Evaluator {
    /// An evaluator with heuristic `weights` (aligned with [`Game::eval_term_names`]) and
    /// opponent factor `opponent`.
    pub(crate) fn new(weights: [f64; EVAL_TERMS], opponent: f64) -> Evaluator {
        Evaluator { weights, opponent }
    }

    /// Score plus weighted heuristic terms of `player`.
    pub(crate) fn total<G: Game>(&self, state: &G, player: usize) -> f64 {
        let score = state.scores()[player] as f64;
        if state.is_terminal() {
            return score;
        }
        let terms = state.eval_terms(player);
        score
            + terms
                .iter()
                .zip(&self.weights)
                .map(|(t, w)| t * w)
                .sum::<f64>()
    }

    /// The value of `state` for `player`: own total − `opponent` × best other total.
    pub(crate) fn value<G: Game>(&self, state: &G, player: usize) -> f64 {
        let others = (0..state.num_players()).filter(|&q| q != player);
        let best_other = best(others.map(|q| self.total(state, q)));
        self.total(state, player) - self.opponent * best_other
    }

    /// Writes into `out` the value of `state` for every player (one total per player).
    pub(crate) fn values<G: Game>(&self, state: &G, out: &mut Vec<f64>) {
        let n = state.num_players();
        let mut totals = [0.0; MAX_SEATS];
        let mut heap = Vec::new();
        let totals: &mut [f64] = if n <= MAX_SEATS {
            &mut totals[..n]
        } else {
            heap.resize(n, 0.0);
            &mut heap
        };
        for (p, t) in totals.iter_mut().enumerate() {
            *t = self.total(state, p);
        }
        out.clear();
        out.extend((0..n).map(|p| {
            let best_other = best((0..n).filter(|&q| q != p).map(|q| totals[q]));
            totals[p] - self.opponent * best_other
        }));
    }
}

/// The largest of `values`, or 0 when there are none (a one-seat game has no opponent).
fn best(values: impl Iterator<Item = f64>) -> f64 {
    values.reduce(f64::max).unwrap_or(0.0)
}
