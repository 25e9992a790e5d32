//! MCTS on a tiny game whose best moves are known (as OpenSpiel tests its MCTS on solved
//! positions): take-away, where two players alternately take 1 to 3 counters from a pile and
//! whoever takes the last one wins. A pile that is a multiple of 4 loses for the player to
//! move, so from a pile of `n` the only winning move takes `n mod 4` counters.

use meeplelab::agents::AgentSpec;
use meeplelab::core::game::{Game, EVAL_TERMS};
use meeplelab::core::rng::GameRng;

/// A take-away position.
#[derive(Clone, Debug)]
struct TakeAway {
    pile: u8,
    /// Seat to move.
    mover: usize,
    /// 1 for the seat that took the last counter.
    scores: [i32; 2],
    turn: usize,
}

impl TakeAway {
    fn new(pile: u8) -> TakeAway {
        TakeAway {
            pile,
            mover: 0,
            scores: [0, 0],
            turn: 0,
        }
    }
}

impl Game for TakeAway {
    /// Counters taken.
    type Action = u8;

    fn num_players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Option<usize> {
        (self.pile > 0).then_some(self.mover)
    }

    fn legal_actions(&self, out: &mut Vec<u8>) {
        out.clear();
        out.extend((1..=3).filter(|&k| k <= self.pile));
    }

    fn apply(&mut self, take: u8) {
        self.pile -= take;
        if self.pile == 0 {
            self.scores[self.mover] = 1;
        }
        self.mover = 1 - self.mover;
        self.turn += 1;
    }

    fn scores(&self) -> &[i32] {
        &self.scores
    }

    fn turn(&self) -> usize {
        self.turn
    }

    /// Nothing is hidden.
    fn redeterminize(&mut self, _rng: &mut GameRng) {}

    fn action_kind_names() -> &'static [&'static str] {
        &["take"]
    }

    fn action_kind(&self, _action: &u8) -> usize {
        0
    }

    fn eval_term_names() -> &'static [&'static str] {
        &[]
    }

    fn default_eval_weights() -> &'static [f64] {
        &[]
    }

    /// No heuristic: only the final score tells.
    fn eval_terms(&self, _player: usize) -> [f64; EVAL_TERMS] {
        [0.0; EVAL_TERMS]
    }

    fn stat_names() -> &'static [&'static str] {
        &[]
    }

    fn player_stats(&self, _player: usize, out: &mut Vec<i64>) {
        out.clear();
    }
}

/// The move `spec` chooses from a pile of `pile`, searched with `seed`.
fn choice(spec: &str, pile: u8, seed: u64) -> u8 {
    let spec = AgentSpec::resolve(spec).expect("valid spec");
    let state = TakeAway::new(pile);
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    spec.build::<TakeAway>(seed, 0).choose(&state, &legal)
}

#[test]
fn mcts_finds_the_winning_take_from_every_small_pile() {
    // Rollouts play to the end (the game is short); both reward modes must find it.
    for spec in [
        "mcts:iters=3000,rollout_turns=0,rollout=random,prior=random,prior_visits=0,widening=false,c=0.7,scale=1",
        "mcts:iters=3000,rollout_turns=0,rollout=random,prior=random,prior_visits=0,widening=false,c=0.7,scale=1,value=win",
    ] {
        for pile in [5u8, 6, 7, 9, 10, 11] {
            for seed in 0..3 {
                assert_eq!(
                    choice(spec, pile, seed),
                    pile % 4,
                    "{spec}: pile {pile}, seed {seed}"
                );
            }
        }
    }
}

#[test]
fn the_shipped_mcts_takes_the_last_counters_and_avoids_giving_them_away() {
    // Greedy priors and rollouts see only scores here: they take the last counters when
    // they can, which is all the shipped search needs on small piles.
    for pile in [1u8, 2, 3, 5, 6, 7] {
        assert_eq!(choice("mcts-500", pile, 1), pile % 4, "pile {pile}");
    }
}

#[test]
fn win_rewards_ignore_the_opponent_factor() {
    // `value=win` judges by each seat's total; with `opponent=0` a seat's value is its own
    // total, which is never negative, so a rule "value ≥ 0 wins" would call every seat a
    // winner and leave the search blind. It must still find the winning take.
    let spec = "mcts:iters=3000,rollout_turns=0,rollout=random,prior=random,prior_visits=0,widening=false,c=0.7,scale=1,value=win,opponent=0";
    for pile in [5u8, 6, 7] {
        for seed in 0..3 {
            assert_eq!(
                choice(spec, pile, seed),
                pile % 4,
                "pile {pile}, seed {seed}"
            );
        }
    }
}
