//! Position values shared by the greedy agent, rollout policies and MCTS leaf evaluation.

use crate::core::game::{Game, EVAL_TERMS};

/// Most seats a value computation supports (every game has at most 5).
pub(crate) const MAX_SEATS: usize = 8;

/// The heuristic terms of every seat of a position (unused seats 0).
pub(crate) type SeatTerms = [[f64; EVAL_TERMS]; MAX_SEATS];

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

/// Every seat's total of one position (see [`Evaluator`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Totals {
    totals: [f64; MAX_SEATS],
    seats: usize,
}

impl Totals {
    /// The totals, one per seat.
    pub(crate) fn as_slice(&self) -> &[f64] {
        &self.totals[..self.seats]
    }

    /// `player`'s total minus `opponent` times the best total of the others (0 without
    /// others).
    fn value(&self, player: usize, opponent: f64) -> f64 {
        value_of(self.as_slice().iter().copied(), player, opponent)
    }
}

/// `player`'s total minus `opponent` times the best total of the others (0 without others),
/// from every seat's total in seat order.
#[inline(always)]
fn value_of(totals: impl Iterator<Item = f64>, player: usize, opponent: f64) -> f64 {
    let mut own = 0.0;
    let mut best_other: Option<f64> = None;
    for (seat, t) in totals.enumerate() {
        if seat == player {
            own = t;
        } else {
            best_other = Some(best_other.map_or(t, |b| b.max(t)));
        }
    }
    own - opponent * best_other.unwrap_or(0.0)
}

impl Evaluator {
    /// An evaluator with heuristic `weights` (aligned with [`Game::eval_term_names`]) and
    /// opponent factor `opponent`.
    pub(crate) fn new(weights: [f64; EVAL_TERMS], opponent: f64) -> Evaluator {
        Evaluator { weights, opponent }
    }

    /// Score plus weighted heuristic terms of every seat, from one
    /// [`Game::eval_terms_all`] call.
    pub(crate) fn totals<G: Game>(&self, state: &G) -> Totals {
        let mut terms = [[0.0; EVAL_TERMS]; MAX_SEATS];
        if !state.is_terminal() {
            state.eval_terms_all(&mut terms[..state.num_players()]);
        }
        self.totals_with(state, &terms)
    }

    /// [`Evaluator::totals`], with the seats' heuristic terms given where they are known.
    pub(crate) fn totals_known<G: Game>(&self, state: &G, terms: Option<&SeatTerms>) -> Totals {
        match terms {
            Some(terms) => self.totals_with(state, terms),
            None => self.totals(state),
        }
    }

    /// Score plus weighted heuristic terms of every seat, with `terms` the seats' terms
    /// (ignored once the game is over).
    fn totals_with<G: Game>(&self, state: &G, terms: &SeatTerms) -> Totals {
        let seats = state.num_players();
        assert!(seats <= MAX_SEATS, "at most {MAX_SEATS} seats, not {seats}");
        let judged = !state.is_terminal();
        let mut totals = [0.0; MAX_SEATS];
        for (seat, (t, &score)) in totals.iter_mut().zip(state.scores()).enumerate() {
            *t = self.total(score, &terms[seat], judged);
        }
        Totals { totals, seats }
    }

    /// One seat's total: its `score`, plus its weighted heuristic `terms` while the game is
    /// being `judged` (not over).
    #[inline(always)]
    fn total(&self, score: i32, terms: &[f64; EVAL_TERMS], judged: bool) -> f64 {
        let mut t = score as f64;
        if judged {
            t += terms
                .iter()
                .zip(&self.weights)
                .map(|(x, w)| x * w)
                .sum::<f64>();
        }
        t
    }

    /// The value for `player` of `state`, whose seats' heuristic terms are `terms`: the same
    /// number as through [`Evaluator::totals_with`], worked out seat by seat without building
    /// the totals (agents ask it of every candidate).
    pub(crate) fn value_with<G: Game>(&self, state: &G, terms: &SeatTerms, player: usize) -> f64 {
        let judged = !state.is_terminal();
        let totals = (state.scores().iter().enumerate())
            .map(|(seat, &score)| self.total(score, &terms[seat], judged));
        value_of(totals, player, self.opponent)
    }

    /// The value of `state` for `player`: own total − `opponent` × best other total.
    pub(crate) fn value<G: Game>(&self, state: &G, player: usize) -> f64 {
        self.totals(state).value(player, self.opponent)
    }

    /// Writes into `out` the value of `state` for every player.
    pub(crate) fn values<G: Game>(&self, state: &G, out: &mut Vec<f64>) {
        self.values_of(&self.totals(state), out);
    }

    /// Writes into `out` every player's value by the seats' `totals`.
    pub(crate) fn values_of(&self, totals: &Totals, out: &mut Vec<f64>) {
        out.clear();
        out.extend((0..totals.seats).map(|p| totals.value(p, self.opponent)));
    }
}
