//! `Game::random_action` (issue 5): Safari draws one legal action without listing them all.
//! Its support must be exactly the set `legal_actions` lists, and its draws uniform over it.

use meeplelab::core::game::Game;
use meeplelab::core::rng::{below, rng_from_seed, GameRng};
use meeplelab::games::safari::{Action, Phase, SafariState, Setup};
use std::collections::HashMap;

/// Positions from random games over 2–5 players and 0–2 vehicles, with few meeples in some
/// games so that positions without a meeple in supply (no digging) occur.
fn positions(games: u64, every: usize) -> Vec<SafariState> {
    let mut out = Vec::new();
    let mut legal = Vec::new();
    for seed in 0..games {
        let mut setup = Setup::new(2 + (seed % 4) as usize, 1000 + seed);
        setup.options.vehicles = (seed % 3) as u8;
        if seed % 5 == 4 {
            setup.options.meeples = 1;
            setup.options.start_tokens = 6;
        }
        let mut g = SafariState::new(&setup).unwrap();
        let mut rng = rng_from_seed(seed);
        let mut i = 0;
        while !g.is_terminal() {
            g.legal_actions(&mut legal);
            if i % every == 0 || g.phase() != Phase::PlaceTile && g.phase() != Phase::Action {
                out.push(g.clone());
            }
            i += 1;
            g.apply(legal[below(&mut rng, legal.len())]);
        }
    }
    out
}

fn draw_counts(g: &SafariState, rng: &mut GameRng, draws: usize) -> HashMap<Action, usize> {
    let mut scratch = Vec::new();
    let mut counts = HashMap::new();
    for _ in 0..draws {
        *counts
            .entry(g.random_action(rng, &mut scratch))
            .or_insert(0) += 1;
    }
    counts
}

#[test]
fn sampler_support_is_exactly_the_legal_actions() {
    let mut rng = rng_from_seed(7);
    let mut legal = Vec::new();
    let mut checked = 0;
    for g in positions(40, 3) {
        g.legal_actions(&mut legal);
        // 40 draws per action: a legal action is missed with probability about e^-40.
        let counts = draw_counts(&g, &mut rng, 40 * legal.len());
        for a in counts.keys() {
            assert!(legal.contains(a), "sampled {a:?}, which is not legal");
        }
        for a in &legal {
            assert!(counts.contains_key(a), "legal {a:?} never sampled");
        }
        assert_eq!(counts.len(), legal.len(), "legal actions listed twice");
        checked += 1;
    }
    assert!(checked > 1000, "only {checked} positions");
}

#[test]
fn sampler_is_uniform() {
    let all = positions(12, 1);
    let mut rng = rng_from_seed(11);
    let mut legal = Vec::new();
    let mut tested = [0; 2];
    for g in &all {
        g.legal_actions(&mut legal);
        let slot = match g.phase() {
            Phase::PlaceTile if legal.len() >= 8 => 0,
            Phase::Action if legal.len() >= 40 => 1,
            _ => continue,
        };
        if tested[slot] >= 3 {
            continue;
        }
        tested[slot] += 1;
        let per_action = 400;
        let counts = draw_counts(g, &mut rng, per_action * legal.len());
        let expected = per_action as f64;
        let chi2: f64 = legal
            .iter()
            .map(|a| {
                let o = *counts.get(a).unwrap_or(&0) as f64;
                (o - expected).powi(2) / expected
            })
            .sum();
        let df = (legal.len() - 1) as f64;
        // Mean df, standard deviation sqrt(2 df): allow five standard deviations.
        let limit = df + 5.0 * (2.0 * df).sqrt();
        assert!(
            chi2 < limit,
            "chi-square {chi2:.1} over {} actions (limit {limit:.1}) in {:?}",
            legal.len(),
            g.phase()
        );
    }
    assert_eq!(tested, [3, 3], "not enough positions to test");
}

#[test]
fn same_seed_same_random_playout() {
    let play = |seed: u64| {
        let mut g = SafariState::new(&Setup::new(3, seed)).unwrap();
        let mut scratch = Vec::new();
        meeplelab::core::playout::random_playout(&mut g, &mut rng_from_seed(seed), &mut scratch);
        (g.scores().to_vec(), g.turn())
    };
    assert_eq!(play(5), play(5));
}
