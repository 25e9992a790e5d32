//! Invariants on random games (design.md "Tests"): meeples and tokens conserved, scores never
//! decrease, legal actions never empty while the game runs, points by source add up to the
//! score, same seed ⇒ same game, and record → replay reproduces the game exactly.

mod common;

use common::{new_game, play_random};
use meeplelab::core::game::Game;
use meeplelab::core::rng::rng_from_seed;
use meeplelab::games::safari::{SafariState, Spot};
use meeplelab::io::record::{Record, RecordWriter};

fn check_conservation(s: &SafariState) {
    let per_player = s.options().meeples;
    for p in 0..s.players() {
        let on_board = s
            .placed_meeples()
            .iter()
            .filter(|m| m.player as usize == p)
            .count();
        assert_eq!(
            s.meeples_in_supply(p) as usize + on_board,
            per_player as usize,
            "meeples of P{p} not conserved"
        );
        assert_eq!(
            s.stats(p).total_points(),
            s.scores()[p],
            "points by source ≠ score"
        );
    }
    let hands: u32 = (0..s.players()).map(|p| s.hand(p).total()).sum();
    let total = hands + s.bag_counts().total() + s.discard().total() + s.tokens_on_board().total();
    assert_eq!(total, 50, "tokens not conserved");
    let holes = s
        .placed_meeples()
        .iter()
        .filter(|m| matches!(m.spot, Spot::Hole(_)))
        .count();
    assert!(holes as u32 <= s.tokens_on_board().total());
}

#[test]
fn random_games_keep_every_invariant() {
    for seed in 0..300u64 {
        let players = 2 + (seed % 4) as usize;
        let mut g = new_game(players, seed);
        let mut last = g.scores().to_vec();
        let mut check = |s: &SafariState| {
            check_conservation(s);
            for (p, (&now, &before)) in s.scores().iter().zip(&last).enumerate() {
                assert!(now >= before, "score of P{p} fell from {before} to {now}");
            }
            last = s.scores().to_vec();
        };
        // `play_random` asserts that legal actions are never empty while the game runs.
        play_random(&mut g, seed, |s, legal, a| {
            assert!(legal.contains(&a));
            check(s);
        });
        check(&g);
        assert!(g.is_terminal());
        assert_eq!(g.tiles_left(), 0, "game ended with tiles left");
        let placed = g.cells().len() - g.tiles().start.len();
        assert_eq!(placed + g.tiles_removed(), g.tiles().land.len());
    }
}

#[test]
fn five_player_games_finish_with_all_tiles_used() {
    for seed in 0..50u64 {
        let mut g = new_game(5, seed);
        play_random(&mut g, seed, |_, _, _| {});
        let placed = g.cells().len() - g.tiles().start.len();
        assert_eq!(placed + g.tiles_removed(), 72);
        assert_eq!(g.scores().len(), 5);
        assert!(g.scores().iter().any(|&s| s > 0));
    }
}

#[test]
fn same_seed_gives_the_same_game() {
    let run = |seed| {
        let mut g = new_game(3, seed);
        let mut actions = Vec::new();
        play_random(&mut g, seed, |_, _, a| actions.push(a));
        (actions, g.scores().to_vec())
    };
    assert_eq!(run(7), run(7));
    assert_ne!(run(7).0, run(8).0);
}

#[test]
fn record_then_replay_reproduces_the_game() {
    for seed in 0..60u64 {
        let players = 2 + (seed % 4) as usize;
        let setup = meeplelab::games::safari::Setup::new(players, seed);
        let resolved = setup.resolve().unwrap();
        let mut g = SafariState::from_resolved(setup.tiles, &resolved).unwrap();
        let mut writer = RecordWriter::new(&resolved, setup.tiles, "builtin");
        let mut n = 0;
        play_random(&mut g, seed, |s, _, a| {
            writer.decision(s, &a);
            n += 1;
        });
        let text = writer.finish(&g);
        let record = Record::parse(&text, "generated").unwrap();
        let replay = record
            .replay::<SafariState>(std::path::Path::new("."))
            .unwrap();
        assert_eq!(replay.decisions, n);
        let r = &replay.state;
        assert!(r.is_terminal());
        assert_eq!(r.scores(), g.scores());
        assert_eq!(r.cells(), g.cells());
        assert_eq!(r.placed_meeples(), g.placed_meeples());
        for p in 0..players {
            assert_eq!(r.stats(p), g.stats(p));
            assert_eq!(r.hand(p), g.hand(p));
        }
    }
}

#[test]
fn redeterminize_keeps_what_is_public() {
    let mut g = new_game(2, 5);
    let mut rng = rng_from_seed(1);
    // Play a while so the bag and pile are partly used.
    let mut legal = Vec::new();
    for _ in 0..60 {
        g.legal_actions(&mut legal);
        g.apply(legal[legal.len() / 2]);
    }
    let mut h = g.clone();
    h.redeterminize(&mut rng);
    let sorted = |s: &SafariState| {
        let mut p = s.pile().to_vec();
        p.sort();
        p
    };
    assert_eq!(sorted(&g), sorted(&h));
    assert_ne!(g.pile(), h.pile(), "the unseen pile should be reshuffled");
    assert_eq!(g.bag_counts(), h.bag_counts());
    assert_eq!(g.drawn_tile(), h.drawn_tile());
    assert_eq!(g.scores(), h.scores());
}
