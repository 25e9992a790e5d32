//! No heap allocation in `apply`, legal-action generation, `random_action` or `restart`
//! (issue 5, design.md), for every game: a counting global allocator watches random games once
//! the action buffer has its capacity. Agents' decisions allocate nothing per simulation or
//! candidate once their buffers have grown.

use meeplelab::agents::{Agent, AgentSpec};
use meeplelab::core::game::Game;
use meeplelab::core::rng::{below, rng_from_seed};
use meeplelab::games::carcassonne::{self, CarcassonneState};
use meeplelab::games::new_world::{self, NewWorldState};
use meeplelab::games::safari::{self, SafariState};
use meeplelab::games::{GameDef, GameId};

#[path = "common/counting_alloc.rs"]
mod counting_alloc;

use counting_alloc::{allocations, start_counting, stop_counting, Counting};

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Players of the game of `seed`: 2 to 5 in turn.
fn players(seed: u64) -> usize {
    2 + (seed % 4) as usize
}

/// Plays 100 random games (`new_game(seed)`, seeds 0..100) choosing from the listed legal
/// actions, calling `inspect` after every decision, and asserts that nothing was allocated
/// while playing.
fn assert_listed_play_does_not_allocate<G: Game>(
    new_game: impl Fn(u64) -> G,
    inspect: impl Fn(&G),
) {
    let mut legal = Vec::with_capacity(4096);
    let mut decisions = 0u64;
    let before = allocations();
    for seed in 0..100 {
        let mut g = new_game(seed);
        let mut rng = rng_from_seed(seed);
        start_counting();
        while !g.is_terminal() {
            g.legal_actions(&mut legal);
            let a = legal[below(&mut rng, legal.len())];
            g.apply(a);
            inspect(&g);
            decisions += 1;
        }
        stop_counting();
    }
    assert!(decisions > 10_000, "only {decisions} decisions played");
    assert_eq!(allocations() - before, 0, "allocations during play");
}

#[test]
fn safari_apply_and_legal_actions_do_not_allocate() {
    assert_listed_play_does_not_allocate(
        |seed| SafariState::new(&safari::Setup::new(players(seed), seed)).unwrap(),
        |_| {},
    );
}

#[test]
fn carcassonne_apply_and_legal_actions_do_not_allocate() {
    assert_listed_play_does_not_allocate(
        |seed| {
            // Half the games with The Robbers (robber and scoring decisions, R-2…R-5), half
            // with Bridges, Castles and Bazaars (bridge and castle decisions, B-2…B-5).
            let mut setup = carcassonne::Setup::new(players(seed), seed);
            setup.options.expansions.robbers = seed % 2 == 1;
            setup.options.expansions.bcb = seed % 4 >= 2;
            CarcassonneState::new(&setup).unwrap()
        },
        |g| {
            std::hint::black_box(g.eval_terms(0));
        },
    );
}

#[test]
fn new_world_apply_and_legal_actions_do_not_allocate() {
    assert_listed_play_does_not_allocate(
        |seed| {
            // Half the games with the surveyor variant (N-14).
            let options = new_world::Options {
                surveyor_variant: seed % 2 == 1,
                ..new_world::Options::default()
            };
            NewWorldState::new(players(seed), seed, options).unwrap()
        },
        |g| {
            std::hint::black_box(g.eval_terms(0));
        },
    );
}

#[test]
fn sampling_and_restarting_do_not_allocate() {
    let mut scratch = Vec::with_capacity(4096);
    let mut decisions = 0u64;
    let before = allocations();
    let mut g = SafariState::new(&safari::Setup::new(2, 0)).unwrap();
    for seed in 0..100 {
        let setup = safari::Setup::new(players(seed), seed);
        let mut rng = rng_from_seed(seed);
        start_counting();
        g.restart(&setup).unwrap();
        while !g.is_terminal() {
            let a = g.random_action(&mut rng, &mut scratch);
            g.apply(a);
            decisions += 1;
        }
        stop_counting();
    }
    assert!(decisions > 10_000);
    assert_eq!(
        allocations() - before,
        0,
        "allocations while restarting or sampling"
    );
}

/// The decisions of a random 2-player game of `G` (positions and their legal actions).
fn random_decisions<G: GameDef>(seed: u64) -> Vec<(G, Vec<G::Action>)> {
    let mut g = G::new_game(&G::setup(2, seed, G::builtin_tiles())).expect("default setup");
    let mut rng = rng_from_seed(seed);
    let mut out = Vec::new();
    let mut legal = Vec::new();
    while !g.is_terminal() {
        g.legal_actions(&mut legal);
        out.push((g.clone(), legal.clone()));
        g.apply(legal[below(&mut rng, legal.len())]);
    }
    out
}

/// Lets one `spec` agent decide every decision of a random game three times (the first two
/// passes let its buffers grow to what these decisions need) and returns the decisions and
/// the allocations counted in the third pass.
fn agent_allocations<G: GameDef>(spec: &str) -> (usize, usize) {
    let decisions = random_decisions::<G>(3);
    let spec = AgentSpec::resolve(spec).expect("valid spec");
    let mut agent: Box<dyn Agent<G>> = spec.build::<G>(3, 0);
    let mut counted = 0;
    for pass in 0..3 {
        let before = allocations();
        start_counting();
        for (state, legal) in &decisions {
            std::hint::black_box(agent.choose(state, legal));
        }
        stop_counting();
        if pass == 2 {
            counted = allocations() - before;
        }
    }
    (decisions.len(), counted)
}

#[test]
fn agent_decisions_do_not_allocate_once_warm() {
    for game in GameId::ALL {
        // Greedy sees only these positions, whose needs the warm-up passes met: nothing.
        let (decisions, greedy) =
            meeplelab::with_game!(game, G => agent_allocations::<G>("greedy"));
        assert!(decisions > 50, "{game}: {decisions} decisions");
        assert_eq!(
            greedy, 0,
            "{game}: greedy allocated {greedy} times in {decisions} decisions"
        );
        // A search also meets positions of its own (random determinizations), so a buffer may
        // still grow once in a while past its largest size so far; never per simulation
        // (here 30 per decision).
        let (decisions, mcts) =
            meeplelab::with_game!(game, G => agent_allocations::<G>("mcts:iters=30"));
        eprintln!("{game}: mcts allocated {mcts} times in {decisions} decisions");
        assert!(
            mcts <= 2,
            "{game}: mcts allocated {mcts} times in {decisions} decisions of 30 simulations"
        );
    }
}

#[test]
fn the_counter_sees_an_allocation() {
    let before = allocations();
    start_counting();
    let boxed = std::hint::black_box(Box::new(7u64));
    stop_counting();
    assert_eq!(*boxed, 7);
    assert_eq!(allocations() - before, 1);
}
