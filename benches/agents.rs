//! Criterion benchmarks of the agents as shipped (`agents/greedy.toml`, `agents/mcts-500.toml`),
//! per game: a greedy decision, a whole `mcts-500` search at the first decision and mid-game,
//! and the `clone_from` copy that both use to try candidates. Names start with the game
//! (`safari/agents/…`). Positions come from a greedy self-play game, so they look like the
//! positions agents meet.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use meeplelab::agents::{Agent, AgentSpec};
use meeplelab::games::carcassonne::CarcassonneState;
use meeplelab::games::new_world::NewWorldState;
use meeplelab::games::safari::SafariState;
use meeplelab::games::GameDef;

/// A decision: a position and its legal actions.
type Decision<G> = (G, Vec<<G as meeplelab::core::game::Game>::Action>);

/// The decisions with a choice of a 2-player greedy self-play game of seed `seed`.
fn greedy_decisions<G: GameDef>(seed: u64) -> Vec<Decision<G>> {
    let greedy = AgentSpec::resolve("greedy").expect("shipped spec");
    let mut state = G::new_game(&G::setup(2, seed, G::builtin_tiles())).expect("default setup");
    let mut agents: Vec<Box<dyn Agent<G>>> =
        (0..2).map(|seat| greedy.build::<G>(seed, seat)).collect();
    let mut legal = Vec::new();
    let mut out = Vec::new();
    while let Some(seat) = state.to_move() {
        state.legal_actions(&mut legal);
        if legal.len() > 1 {
            out.push((state.clone(), legal.clone()));
        }
        let action = agents[seat].choose(&state, &legal);
        state.apply(action);
    }
    out
}

fn agent_benches<G: GameDef>(c: &mut Criterion) {
    let decisions = greedy_decisions::<G>(1);
    let first = &decisions[0];
    let middle = &decisions[decisions.len() / 2];
    let mut group = c.benchmark_group(format!("{}/agents", G::NAME));
    group.bench_function("state clone_from into a scratch (per decision)", |b| {
        let mut scratch = first.0.clone();
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % decisions.len();
            scratch.clone_from(&decisions[i].0);
            black_box(scratch.turn())
        })
    });
    let greedy = AgentSpec::resolve("greedy").expect("shipped spec");
    group.bench_function(
        "greedy decision (every decision of a game, per decision)",
        |b| {
            let mut agent = greedy.build::<G>(1, 0);
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % decisions.len();
                let (state, legal) = &decisions[i];
                black_box(agent.choose(state, legal))
            })
        },
    );
    let mcts = AgentSpec::resolve("mcts-500").expect("shipped spec");
    group.sample_size(10);
    for (name, (state, legal)) in [("first decision", first), ("mid-game", middle)] {
        group.bench_function(format!("mcts-500 search, {name}"), |b| {
            let mut agent = mcts.build::<G>(1, 0);
            b.iter(|| black_box(agent.choose(state, legal)))
        });
    }
    group.finish();
}

fn benches(c: &mut Criterion) {
    agent_benches::<SafariState>(c);
    agent_benches::<CarcassonneState>(c);
    agent_benches::<NewWorldState>(c);
}

criterion_group!(agents, benches);
criterion_main!(agents);
