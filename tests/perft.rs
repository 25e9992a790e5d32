//! Move generation pinned by perft counts and cross-checked, decision by decision, against the
//! naive reference implementation in `tests/common/naive.rs` (issue 5).

mod common;

use common::{naive, new_game, play_random};
use meeplelab::core::game::Game;
use meeplelab::core::perft::perft;
use meeplelab::games::safari::SafariState;

/// Perft computed with the naive generator instead of the engine's.
fn naive_perft(state: &SafariState, depth: u32) -> u64 {
    if depth == 0 || state.is_terminal() {
        return 1;
    }
    let mut engine = Vec::new();
    state.legal_actions(&mut engine);
    let legal = naive::legal_actions(state, &engine);
    if depth == 1 {
        return legal.len() as u64;
    }
    legal
        .iter()
        .map(|&a| {
            let mut next = state.clone();
            next.apply(a);
            naive_perft(&next, depth - 1)
        })
        .sum()
}

#[test]
fn engine_legal_actions_equal_the_naive_ones_on_random_games() {
    let mut decisions = 0;
    for seed in 0..100u64 {
        let mut g = new_game(2 + (seed % 4) as usize, seed);
        play_random(&mut g, seed, |s, legal, _| {
            let mut engine = legal.to_vec();
            naive::sort(&mut engine);
            let reference = naive::legal_actions(s, legal);
            assert_eq!(engine, reference, "seed {seed}, phase {:?}", s.phase());
            decisions += 1;
        });
    }
    assert!(decisions > 14_000);
}

/// Counts pinned for the default 2-player setup (built-in tiles, default options). If move
/// generation changes on purpose, recompute with `meeplelab perft --seed S --depth D` and check
/// the naive count agrees before updating.
const PINNED: &[(u64, u32, u64)] = &[
    (1, 1, 12),
    (1, 2, 272),
    (1, 3, 2432),
    (1, 4, 83035),
    (2, 4, 46308),
    (7, 4, 164843),
];

/// Deeper counts checked against the engine only (the naive generator would take minutes).
const PINNED_DEEP: &[(u64, u32, u64)] = &[(1, 5, 1_097_725)];

#[test]
fn perft_counts_are_pinned_and_match_the_naive_generator() {
    for &(seed, depth, expected) in PINNED {
        let g = new_game(2, seed);
        assert_eq!(
            perft(&g, depth),
            expected,
            "engine perft seed {seed} depth {depth}"
        );
        assert_eq!(
            naive_perft(&g, depth),
            expected,
            "naive perft seed {seed} depth {depth}"
        );
    }
    for &(seed, depth, expected) in PINNED_DEEP {
        assert_eq!(
            perft(&new_game(2, seed), depth),
            expected,
            "seed {seed} depth {depth}"
        );
    }
}

#[test]
fn perft_agrees_with_naive_deeper_in_games() {
    // Positions later in games have tokens, meeples and vehicles in play.
    for seed in [3u64, 4, 5] {
        let mut g = new_game(3, seed);
        let mut legal = Vec::new();
        for _ in 0..40 {
            g.legal_actions(&mut legal);
            g.apply(legal[legal.len() / 3]);
        }
        assert_eq!(perft(&g, 3), naive_perft(&g, 3), "seed {seed}");
    }
}
