//! The agents take New World's scoring-order decision (N-11): greedy and MCTS choose the
//! order that pays them more in the position of `tests/scenarios/new-world/n11-score-order.rec`,
//! and play whole games in which they reach the decision, always choosing legally.

use meeplelab::agents::{Agent, AgentSpec};
use meeplelab::core::game::Game;
use meeplelab::core::rng::derive_seed;
use meeplelab::games::new_world::{ActionKind, NewWorldState, Options, Phase};
use meeplelab::games::Notation;
use meeplelab::io::record::Record;
use std::path::Path;

fn spec(text: &str) -> AgentSpec {
    let s = AgentSpec::resolve(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    s.validate_for::<NewWorldState>()
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    s
}

/// The position of n11-score-order.rec where P1 chooses between P0's farm and P1's trail.
fn score_order_position() -> NewWorldState {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/new-world");
    let record = Record::load(&dir.join("n11-score-order.rec")).unwrap();
    let mut g = record
        .replay_game::<NewWorldState>(&dir, Some(5))
        .unwrap()
        .state;
    for text in ["place farmtrail.1 -2,2 r270", "pass"] {
        let a = g.parse_action(text).unwrap();
        g.apply(a);
    }
    assert_eq!(g.phase(), Phase::ScoreOrder);
    assert_eq!(g.to_move(), Some(1));
    g
}

#[test]
fn greedy_and_mcts_choose_the_order_that_pays_them() {
    // Scoring P0's farm first moves a surveyor into the column of P1's robber: P1 then scores
    // 5 + 4 instead of 5 (and P0 9 instead of 13). Every agent sees it.
    for text in ["greedy", "mcts:iters=50", "mcts:iters=50,chance=explicit"] {
        let g = score_order_position();
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        assert_eq!(legal.len(), 2);
        let mut agent = spec(text).build::<NewWorldState>(7, 1);
        let chosen = agent.choose(&g, &legal);
        assert_eq!(g.format_action(&chosen), "score farm -1,3", "{text}");
    }
}

/// Plays games of `seats` (one spec per seat, 3 players) with the seeds
/// `derive_seed(2026, first..first + most)` until one in which the agent of `seat` took a
/// scoring-order decision; every choice must be legal.
/// (`first` is where the search found one, so the tests are quick; any later seed that
/// reaches the decision serves as well.)
fn play_until_score_order(seats: [&str; 3], seat: usize, first: u64, most: u64) {
    let specs: Vec<AgentSpec> = seats.iter().map(|t| spec(t)).collect();
    let mut legal = Vec::new();
    for n in 0..most {
        let seed = derive_seed(2026, first + n);
        let mut g = NewWorldState::new(3, seed, Options::default()).unwrap();
        let mut agents: Vec<Box<dyn Agent<NewWorldState>>> = specs
            .iter()
            .enumerate()
            .map(|(p, s)| s.build::<NewWorldState>(seed, p))
            .collect();
        while let Some(p) = g.to_move() {
            g.legal_actions(&mut legal);
            let a = agents[p].choose(&g, &legal);
            assert!(legal.contains(&a), "{} chose an illegal {a:?}", seats[p]);
            g.apply(a);
        }
        if g.stats(seat).count(ActionKind::ScoreOrder) > 0 {
            return;
        }
    }
    panic!(
        "{} never chose a scoring order in {most} games",
        seats[seat]
    );
}

#[test]
fn greedy_plays_games_that_reach_the_score_order_decision() {
    play_until_score_order(["greedy", "greedy", "greedy"], 0, 6, 40);
}

#[test]
fn mcts_plays_games_that_reach_the_score_order_decision() {
    play_until_score_order(["mcts:iters=50", "greedy", "greedy"], 0, 8, 40);
}
