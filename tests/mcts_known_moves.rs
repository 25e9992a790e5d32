//! MCTS on tiny games whose best moves are known (as OpenSpiel tests its MCTS on solved
//! positions): take-away, where two players alternately take 1 to 3 counters from a pile and
//! whoever takes the last one wins. A pile that is a multiple of 4 loses for the player to
//! move, so from a pile of `n` the only winning move takes `n mod 4` counters. And a gamble
//! whose draw an open-loop search cannot tell apart but chance nodes can.

use meeplelab::agents::AgentSpec;
use meeplelab::core::game::{ChanceOutcome, Game, EVAL_TERMS};
use meeplelab::core::rng::{below, GameRng};
use meeplelab::core::search_hooks::SearchHooks;

/// The `Game` items of a game with no heuristic terms (only the final score tells) and no
/// statistics.
macro_rules! no_heuristic_nor_statistics {
    () => {
        fn eval_term_names() -> &'static [&'static str] {
            &[]
        }

        fn default_eval_weights() -> &'static [f64] {
            &[]
        }

        fn eval_terms(&self, _player: usize) -> [f64; EVAL_TERMS] {
            [0.0; EVAL_TERMS]
        }

        fn stat_names() -> &'static [&'static str] {
            &[]
        }

        fn player_stats(&self, _player: usize, out: &mut Vec<i64>) {
            out.clear();
        }
    };
}

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

impl SearchHooks<u8> for TakeAway {}

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

    no_heuristic_nor_statistics!();
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

/// One player, two decisions: `Safe` ends the game with 2 points; `Gamble` draws a hidden
/// card (red or black, even odds) that the player then sees and calls (`Call(colour)`): 3
/// points for the right colour, 0 for the wrong one. Gambling is worth 3 to a player who calls
/// after seeing the card, so it is the best first move. An open-loop search keeps one node per
/// call whatever the card, each right half the time (worth 1.5): it sees the gamble as worth
/// less than the safe 2. Chance nodes keep the calls after each card apart.
#[derive(Clone, Debug)]
struct Gamble {
    /// The hidden card (0 or 1), what the next draw gives.
    card: u8,
    drawn: bool,
    over: bool,
    score: [i32; 1],
}

/// Moves of [`Gamble`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Bet {
    Safe,
    Gamble,
    Call(u8),
}

impl SearchHooks<Bet> for Gamble {}

impl Game for Gamble {
    type Action = Bet;

    fn num_players(&self) -> usize {
        1
    }

    fn to_move(&self) -> Option<usize> {
        (!self.over).then_some(0)
    }

    fn legal_actions(&self, out: &mut Vec<Bet>) {
        out.clear();
        match (self.over, self.drawn) {
            (true, _) => {}
            (false, false) => out.extend([Bet::Safe, Bet::Gamble]),
            (false, true) => out.extend([Bet::Call(0), Bet::Call(1)]),
        }
    }

    fn apply(&mut self, bet: Bet) {
        match bet {
            Bet::Safe => (self.score[0], self.over) = (2, true),
            Bet::Gamble => self.drawn = true,
            Bet::Call(colour) => {
                self.score[0] = if colour == self.card { 3 } else { 0 };
                self.over = true;
            }
        }
    }

    fn scores(&self) -> &[i32] {
        &self.score
    }

    fn turn(&self) -> usize {
        0
    }

    /// The card is hidden until drawn.
    fn redeterminize(&mut self, rng: &mut GameRng) {
        if !self.drawn {
            self.card = below(rng, 2) as u8;
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<ChanceOutcome>) {
        out.clear();
        if !self.drawn {
            out.extend((0..2).map(|id| ChanceOutcome {
                id,
                probability: 0.5,
            }));
        }
    }

    fn fix_chance(&mut self, id: u32, _rng: &mut GameRng) {
        self.card = id as u8;
    }

    fn chance_events(&self) -> usize {
        usize::from(self.drawn)
    }

    fn action_kind_names() -> &'static [&'static str] {
        &["safe", "gamble", "call"]
    }

    fn action_kind(&self, bet: &Bet) -> usize {
        match bet {
            Bet::Safe => 0,
            Bet::Gamble => 1,
            Bet::Call(_) => 2,
        }
    }

    no_heuristic_nor_statistics!();
}

#[test]
fn chance_nodes_see_what_a_gamble_is_worth_and_open_loop_search_does_not() {
    let base = "mcts:iters=2000,rollout_turns=0,rollout=random,prior=random,prior_visits=0,widening=false,c=0.7,scale=1";
    let state = Gamble {
        card: 0,
        drawn: false,
        over: false,
        score: [0],
    };
    let legal = [Bet::Safe, Bet::Gamble];
    for seed in 0..5 {
        let first_move = |chance: &str| {
            let spec = AgentSpec::resolve(&format!("{base},chance={chance}")).expect("a spec");
            spec.build::<Gamble>(seed, 0).choose(&state, &legal)
        };
        assert_eq!(first_move("explicit"), Bet::Gamble, "seed {seed}");
        assert_eq!(first_move("determinize"), Bet::Safe, "seed {seed}");
    }
}
