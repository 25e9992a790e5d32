//! Feature completion rates under uniformly random play and under greedy play, New World vs
//! the base game (docs/new-world-tiles.md). Run with `cargo test --test
//! new_world_rates -- --nocapture` to print the numbers.

use meeplelab::agents::{play_out, Agent, AgentSpec};
use meeplelab::core::game::Game;
use meeplelab::core::rng::{below, rng_from_seed};
use meeplelab::core::tile_game::{GameParts, TileState};
use meeplelab::core::tileset::FeatureKind;
use meeplelab::games::carcassonne::{CarcassonneState, Setup};
use meeplelab::games::new_world::{NewWorldState, Options};
use std::collections::HashSet;

/// Completed and all distinct features: trails / roads, towns / cities.
type Counts = [(usize, usize); 2];

/// Plays uniformly random actions drawn from `seed` to the end.
fn play_random<G: Game>(g: &mut G, seed: u64) {
    let mut rng = rng_from_seed(seed);
    let mut legal = Vec::new();
    while !g.is_terminal() {
        g.legal_actions(&mut legal);
        g.apply(legal[below(&mut rng, legal.len())]);
    }
}

/// Plays the greedy agent in every seat to the end.
fn play_greedy<G: Game + 'static>(g: &mut G, seed: u64) {
    let spec = AgentSpec::resolve("greedy").unwrap();
    let mut agents: Vec<Box<dyn Agent<G>>> = (0..g.num_players())
        .map(|seat| spec.build::<G>(seed, seat))
        .collect();
    play_out(g, &mut agents);
}

/// Adds the finished game's roads and cities (New World: trails and towns) to `counts`,
/// leaving out the first `skip` tiles (New World's starting sea spaces); `complete` says
/// whether a feature is complete.
fn count_features<
    G: GameParts<Node = u16>,
    const SIDE: usize,
    const FRONTIER: usize,
    const NODES: usize,
>(
    g: &TileState<G, SIDE, FRONTIER, NODES>,
    skip: usize,
    complete: impl Fn(&G::Feature) -> bool,
    counts: &mut Counts,
) {
    let mut seen = HashSet::new();
    for cell in g.cells().iter().skip(skip) {
        for (i, s) in g.variant_of(cell).segments().iter().enumerate() {
            let k = match s.kind {
                FeatureKind::Road => 0,
                FeatureKind::City => 1,
                _ => continue,
            };
            let root = g.feature_root(cell.first_node + i as u16);
            if seen.insert(root) {
                counts[k].0 += usize::from(complete(g.feature(root)));
                counts[k].1 += 1;
            }
        }
    }
}

/// Plays `games` 3-player games of each game, greedy or uniformly random in every seat;
/// prints and returns the counts (New World, base game).
fn measure(games: u64, greedy: bool) -> [Counts; 2] {
    let (mut nw, mut cc) = ([(0, 0); 2], [(0, 0); 2]);
    for seed in 0..games {
        let mut g = NewWorldState::new(3, seed, Options::default()).unwrap();
        let mut c = CarcassonneState::new(&Setup::new(3, seed)).unwrap();
        if greedy {
            play_greedy(&mut g, seed);
            play_greedy(&mut c, seed);
        } else {
            play_random(&mut g, seed);
            play_random(&mut c, seed);
        }
        count_features(&g, g.tiles().start.len(), |f| f.open == 0, &mut nw);
        count_features(&c, 0, |f| f.is_complete(), &mut cc);
    }
    let rate = |(a, b): (usize, usize)| format!("{:.3} ({a}/{b})", a as f64 / b as f64);
    println!(
        "{} play, {games} games, 3 players: trails {}, towns {}; base game roads {}, \
         cities {}",
        if greedy { "greedy" } else { "random" },
        rate(nw[0]),
        rate(nw[1]),
        rate(cc[0]),
        rate(cc[1])
    );
    [nw, cc]
}

#[test]
fn completion_rates_under_random_and_greedy_play() {
    let random = measure(200, false);
    let greedy = measure(200, true);
    let rate = |(a, b): (usize, usize)| a as f64 / b as f64;
    for counts in [random, greedy] {
        for r in counts.iter().flatten() {
            assert!(rate(*r) > 0.05 && rate(*r) < 0.95, "{r:?}");
        }
    }
    // Greedy players finish what they start more often than random ones, in both games.
    for (game, (r, g)) in random.iter().zip(&greedy).enumerate() {
        for k in 0..2 {
            assert!(
                rate(g[k]) > rate(r[k]),
                "game {game}, kind {k}: {r:?} vs {g:?}"
            );
        }
    }
}
