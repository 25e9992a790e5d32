//! Feature completion rates under uniformly random play, New World vs the base game
//! (docs/new-world-tiles.md). Run with `cargo test --release --test new_world_rates --
//! --nocapture` to print the numbers.

use meeplelab::core::game::Game;
use meeplelab::core::rng::{below, rng_from_seed};
use meeplelab::core::tileset::FeatureKind;
use meeplelab::games::carcassonne::{CarcassonneState, Setup};
use meeplelab::games::new_world::{NewWorldState, Options};
use std::collections::HashSet;

fn play<G: Game>(g: &mut G, seed: u64) {
    let mut rng = rng_from_seed(seed);
    let mut legal = Vec::new();
    while !g.is_terminal() {
        g.legal_actions(&mut legal);
        g.apply(legal[below(&mut rng, legal.len())]);
    }
}

#[test]
fn completion_rates_under_random_play() {
    let (mut nw, mut cc) = ([(0, 0); 2], [(0, 0); 2]);
    for seed in 0..200 {
        let mut g = NewWorldState::new(3, seed, Options::default()).unwrap();
        play(&mut g, seed);
        let mut seen = HashSet::new();
        for cell in g.cells().iter().skip(10) {
            for (i, s) in g.variant_of(cell).segments().iter().enumerate() {
                let k = match s.kind {
                    FeatureKind::Road => 0,
                    FeatureKind::City => 1,
                    _ => continue,
                };
                let root = g.feature_root(cell.first_node + i as u16);
                if seen.insert(root) {
                    nw[k].0 += usize::from(g.feature(root).open == 0);
                    nw[k].1 += 1;
                }
            }
        }
        let mut c = CarcassonneState::new(&Setup::new(3, seed)).unwrap();
        play(&mut c, seed);
        let mut seen = HashSet::new();
        for cell in c.cells() {
            for (i, s) in c.variant_of(cell).segments().iter().enumerate() {
                let k = match s.kind {
                    FeatureKind::Road => 0,
                    FeatureKind::City => 1,
                    _ => continue,
                };
                let root = c.feature_root(cell.first_node + i as u16);
                if seen.insert(root) {
                    cc[k].0 += usize::from(c.feature(root).is_complete());
                    cc[k].1 += 1;
                }
            }
        }
    }
    let rate = |(a, b): (usize, usize)| a as f64 / b as f64;
    println!(
        "random play, 200 games, 3 players: trails {:.3} ({}/{}), towns {:.3} ({}/{}); \
         base game roads {:.3} ({}/{}), cities {:.3} ({}/{})",
        rate(nw[0]),
        nw[0].0,
        nw[0].1,
        rate(nw[1]),
        nw[1].0,
        nw[1].1,
        rate(cc[0]),
        cc[0].0,
        cc[0].1,
        rate(cc[1]),
        cc[1].0,
        cc[1].1
    );
    for r in [nw[0], nw[1], cc[0], cc[1]] {
        assert!(rate(r) > 0.05 && rate(r) < 0.95, "{r:?}");
    }
}
