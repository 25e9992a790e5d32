//! Starting games in place (issue 5): `SafariState::restart` on a used state, `SafariState::new`
//! and `SafariState::from_resolved(setup.resolve())` all start the same game.

use meeplelab::core::game::Game;
use meeplelab::core::rng::{below, rng_from_seed};
use meeplelab::core::species::Species;
use meeplelab::games::safari::{Action, SafariState, Setup};

/// Plays a random game from `g`, returning every decision's legal actions, the final scores
/// and statistics.
fn trace(mut g: SafariState, seed: u64) -> (Vec<Vec<Action>>, Vec<i32>, Vec<Vec<i64>>) {
    let mut rng = rng_from_seed(seed);
    let mut legal = Vec::new();
    let mut seen = Vec::new();
    while !g.is_terminal() {
        g.legal_actions(&mut legal);
        seen.push(legal.clone());
        g.apply(legal[below(&mut rng, legal.len())]);
    }
    let stats = (0..g.players())
        .map(|p| {
            let mut v = Vec::new();
            g.player_stats(p, &mut v);
            v
        })
        .collect();
    (seen, g.scores().to_vec(), stats)
}

fn setups() -> Vec<Setup> {
    let mut out = Vec::new();
    for seed in 0..12u64 {
        let mut s = Setup::new(2 + (seed % 4) as usize, 500 + seed);
        s.options.vehicles = (seed % 3) as u8;
        s.options.start_tokens = (seed % 4) as u8;
        if seed % 3 == 1 {
            // Explicit orders and hands take the resolving path.
            s.tile_order = s.tiles.land[..3].to_vec();
            s.token_order = vec![Species::Lion, Species::Ape];
        }
        if seed % 4 == 3 {
            s.hands = Some(vec![vec![Species::Zebra]; s.players]);
        }
        out.push(s);
    }
    out
}

#[test]
fn restart_new_and_from_resolved_start_the_same_game() {
    // A used state: some game played to its end.
    let mut reused = SafariState::new(&Setup::new(5, 99)).unwrap();
    let _ = trace(reused.clone(), 3);
    let mut rng = rng_from_seed(4);
    let mut legal = Vec::new();
    while !reused.is_terminal() {
        reused.legal_actions(&mut legal);
        reused.apply(legal[below(&mut rng, legal.len())]);
    }
    for (i, setup) in setups().iter().enumerate() {
        let fresh = SafariState::new(setup).unwrap();
        let resolved = SafariState::from_resolved(setup.tiles, &setup.resolve().unwrap()).unwrap();
        reused.restart(setup).unwrap();
        let expected = trace(fresh, i as u64);
        assert_eq!(
            trace(resolved, i as u64),
            expected,
            "setup {i}: from_resolved"
        );
        assert_eq!(
            trace(reused.clone(), i as u64),
            expected,
            "setup {i}: restart"
        );
        // Leave the reused state played out for the next restart.
        let mut rng = rng_from_seed(i as u64);
        while !reused.is_terminal() {
            reused.legal_actions(&mut legal);
            reused.apply(legal[below(&mut rng, legal.len())]);
        }
    }
}

#[test]
fn restart_reports_bad_setups_and_keeps_the_state() {
    let mut g = SafariState::new(&Setup::new(2, 1)).unwrap();
    let before = trace(g.clone(), 8);
    assert!(g.restart(&Setup::new(6, 1)).is_err());
    assert_eq!(trace(g, 8), before);
}
