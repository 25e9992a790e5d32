//! Criterion benchmarks of the Safari engine: placement generation, full legal-action
//! generation, drawing one random action, apply, state clone, and whole random games.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use meeplelab::core::game::Game;
use meeplelab::core::playout::{random_playout, random_playout_listing};
use meeplelab::core::rng::{below, rng_from_seed};
use meeplelab::games::safari::{Action, Phase, SafariState, Setup};

/// Positions from a few random games, with the action taken in each.
fn sample_positions() -> Vec<(SafariState, Action)> {
    let mut out = Vec::new();
    let mut legal = Vec::new();
    for seed in 0..8 {
        let mut g = SafariState::new(&Setup::new(2, seed)).unwrap();
        let mut rng = rng_from_seed(seed);
        while !g.is_terminal() {
            g.legal_actions(&mut legal);
            let a = legal[below(&mut rng, legal.len())];
            out.push((g.clone(), a));
            g.apply(a);
        }
    }
    out
}

fn benches(c: &mut Criterion) {
    let positions = sample_positions();
    let placements: Vec<&SafariState> = positions
        .iter()
        .map(|(s, _)| s)
        .filter(|s| s.phase() == Phase::PlaceTile)
        .collect();
    let mut legal = Vec::with_capacity(4096);

    c.bench_function("placement generation (per position)", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % placements.len();
            placements[i].legal_actions(&mut legal);
            black_box(legal.len())
        })
    });
    c.bench_function("legal actions, any decision (per position)", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % positions.len();
            positions[i].0.legal_actions(&mut legal);
            black_box(legal.len())
        })
    });
    c.bench_function("random action drawn without listing (per position)", |b| {
        let mut i = 0;
        let mut rng = rng_from_seed(1);
        b.iter(|| {
            i = (i + 1) % positions.len();
            black_box(positions[i].0.random_action(&mut rng, &mut legal))
        })
    });
    c.bench_function("clone + apply (per decision)", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % positions.len();
            let (s, a) = &positions[i];
            let mut next = s.clone();
            next.apply(*a);
            black_box(next.scores()[0])
        })
    });
    c.bench_function("state clone", |b| {
        let mut i = 0;
        let mut copy = positions[0].0.clone();
        b.iter(|| {
            i = (i + 1) % positions.len();
            copy = positions[i].0.clone();
            black_box(copy.scores()[0])
        })
    });
    c.bench_function("random 2-player game", |b| {
        let mut seed = 0u64;
        b.iter(|| {
            seed += 1;
            let mut g = SafariState::new(&Setup::new(2, seed)).unwrap();
            black_box(random_playout(&mut g, &mut rng_from_seed(seed), &mut legal))
        })
    });
    c.bench_function("random 2-player game, restarted in place", |b| {
        let mut seed = 0u64;
        let mut g = SafariState::new(&Setup::new(2, seed)).unwrap();
        b.iter(|| {
            seed += 1;
            g.restart(&Setup::new(2, seed)).unwrap();
            black_box(random_playout(&mut g, &mut rng_from_seed(seed), &mut legal))
        })
    });
    c.bench_function("random 2-player game, listing every legal action", |b| {
        let mut seed = 0u64;
        b.iter(|| {
            seed += 1;
            let mut g = SafariState::new(&Setup::new(2, seed)).unwrap();
            black_box(random_playout_listing(
                &mut g,
                &mut rng_from_seed(seed),
                &mut legal,
            ))
        })
    });
}

criterion_group!(engine, benches);
criterion_main!(engine);
