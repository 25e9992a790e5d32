//! Criterion benchmarks of every game's engine: full legal-action generation, drawing one random
//! action, apply, state clone, and whole random games (built anew, restarted in place, or
//! listing every legal action); for Safari also tile-placement generation alone. Benchmark
//! names start with the game (`safari/…`, `carcassonne/…`, `new-world/…`).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use meeplelab::core::game::Game;
use meeplelab::core::playout::{random_playout, random_playout_listing};
use meeplelab::core::rng::{below, rng_from_seed};
use meeplelab::games::carcassonne::CarcassonneState;
use meeplelab::games::new_world::NewWorldState;
use meeplelab::games::safari::{Phase, SafariState};
use meeplelab::games::{GameDef, Setup};

/// The 2-player game of `seed` with the built-in tiles and default rules.
fn new_game<G: GameDef>(seed: u64) -> G {
    G::new_game(&setup::<G>(seed)).expect("default setup starts")
}

fn setup<G: GameDef>(seed: u64) -> Setup<G> {
    G::setup(2, seed, G::builtin_tiles())
}

/// Positions from a few random games, with the action taken in each.
fn sample_positions<G: GameDef>() -> Vec<(G, G::Action)> {
    let mut out = Vec::new();
    let mut legal = Vec::new();
    for seed in 0..8 {
        let mut g = new_game::<G>(seed);
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

/// The benchmarks every game has, in a group named after the game.
fn game_benches<G: GameDef>(c: &mut Criterion) {
    let positions = sample_positions::<G>();
    let mut legal = Vec::with_capacity(4096);
    let mut group = c.benchmark_group(G::NAME);
    group.bench_function("legal actions, any decision (per position)", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % positions.len();
            positions[i].0.legal_actions(&mut legal);
            black_box(legal.len())
        })
    });
    group.bench_function("random action drawn without listing (per position)", |b| {
        let mut i = 0;
        let mut rng = rng_from_seed(1);
        b.iter(|| {
            i = (i + 1) % positions.len();
            black_box(positions[i].0.random_action(&mut rng, &mut legal))
        })
    });
    group.bench_function("clone + apply (per decision)", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % positions.len();
            let (s, a) = &positions[i];
            let mut next = s.clone();
            next.apply(*a);
            black_box(next.scores()[0])
        })
    });
    group.bench_function("state clone", |b| {
        let mut i = 0;
        let mut copy = positions[0].0.clone();
        b.iter(|| {
            i = (i + 1) % positions.len();
            copy = positions[i].0.clone();
            black_box(copy.scores()[0])
        })
    });
    group.bench_function("random 2-player game", |b| {
        let mut seed = 0u64;
        b.iter(|| {
            seed += 1;
            let mut g = new_game::<G>(seed);
            black_box(random_playout(&mut g, &mut rng_from_seed(seed), &mut legal))
        })
    });
    group.bench_function("random 2-player game, restarted in place", |b| {
        let mut seed = 0u64;
        let mut g = new_game::<G>(seed);
        b.iter(|| {
            seed += 1;
            g.restart(&setup::<G>(seed)).expect("default setup starts");
            black_box(random_playout(&mut g, &mut rng_from_seed(seed), &mut legal))
        })
    });
    group.bench_function("random 2-player game, listing every legal action", |b| {
        let mut seed = 0u64;
        b.iter(|| {
            seed += 1;
            let mut g = new_game::<G>(seed);
            black_box(random_playout_listing(
                &mut g,
                &mut rng_from_seed(seed),
                &mut legal,
            ))
        })
    });
    group.finish();
}

/// Safari's tile-placement generation alone (positions awaiting a placement).
fn safari_placements(c: &mut Criterion) {
    let positions = sample_positions::<SafariState>();
    let placements: Vec<&SafariState> = positions
        .iter()
        .map(|(s, _)| s)
        .filter(|s| s.phase() == Phase::PlaceTile)
        .collect();
    let mut legal = Vec::with_capacity(4096);
    c.bench_function("safari/placement generation (per position)", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % placements.len();
            placements[i].legal_actions(&mut legal);
            black_box(legal.len())
        })
    });
}

fn benches(c: &mut Criterion) {
    safari_placements(c);
    game_benches::<SafariState>(c);
    game_benches::<CarcassonneState>(c);
    game_benches::<NewWorldState>(c);
}

criterion_group!(engine, benches);
criterion_main!(engine);
