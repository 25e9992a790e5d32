//! `bench` measurements of the agents as shipped: the `mcts-500` and `greedy` spec files, at
//! the first decision and mid-game, and whole games of one against the other. The cheap
//! random-rollout MCTS figure is kept beside them, labelled as what it is.

use super::{in_pool, number, text, Measure};
use meeplelab::agents::{mcts_node_bytes, Agent, AgentSpec};
use meeplelab::core::rng::derive_seed;
use meeplelab::games::{GameDef, Setup};
use rayon::prelude::*;
use serde_json::{json, Value};
use std::time::Instant;

/// The shipped search agent that research runs.
const SHIPPED_MCTS: &str = "mcts-500";
/// The shipped heuristic agent.
const SHIPPED_GREEDY: &str = "greedy";

/// A decision to search from: the position and its legal actions.
struct Decision<G: GameDef> {
    state: G,
    legal: Vec<G::Action>,
}

/// Positions of one greedy self-play game: its first decision and its first decision with a
/// choice at or after half of its turns; plus the time greedy spent on its choices.
struct SelfPlay<G: GameDef> {
    first: Decision<G>,
    middle: Decision<G>,
    /// Decisions with at least two legal actions, and the seconds greedy took over them.
    choices: u64,
    choice_secs: f64,
}

/// Measures the shipped agents on games of `setup` (seeds derived from `seed`): returns the
/// report's `agents` object.
pub(super) fn measure<G: GameDef>(setup: &Setup<G>, m: &Measure) -> Result<Value, String> {
    let mcts = resolve::<G>(SHIPPED_MCTS)?;
    let greedy = resolve::<G>(SHIPPED_GREEDY)?;
    let cheap = resolve::<G>(&m.mcts)?;
    let cheap_iters = cheap.fixed_iterations().ok_or_else(|| {
        format!(
            "--mcts needs an mcts spec with a fixed iteration budget, not \"{}\"",
            cheap.label()
        )
    })?;
    let iters = mcts
        .fixed_iterations()
        .expect("the shipped mcts-500 has a fixed budget");
    // Simulations per second are counted over whole budgets: the shipped spec stops a search
    // once its choice is settled, so its searches are timed apart.
    let full_budget = (mcts.with_param("early_stop", "false")).map_err(|e| e.to_string())?;
    let searches = m.searches.max(1);
    let (games, _) = in_pool(1, || {
        (0..searches)
            .map(|i| self_play::<G>(setup, &greedy, derive_seed(m.seed ^ 0x3c75, i)))
            .collect::<Result<Vec<_>, _>>()
    })?;
    let games = games?;
    let time_searches = |spec: &AgentSpec| -> Result<(f64, f64), String> {
        let (_, first) = in_pool(1, || search_all(spec, games.iter().map(|g| &g.first)))?;
        let (_, middle) = in_pool(1, || search_all(spec, games.iter().map(|g| &g.middle)))?;
        Ok((first, middle))
    };
    let (first_secs, middle_secs) = time_searches(&full_budget)?;
    let (first_shipped, middle_shipped) = time_searches(&mcts)?;
    let (_, cheap1) = in_pool(1, || search_all_par(&cheap, &games))?;
    let (_, cheap_n) = in_pool(m.threads, || search_all_par(&cheap, &games))?;
    let choices: u64 = games.iter().map(|g| g.choices).sum();
    let choice_secs: f64 = games.iter().map(|g| g.choice_secs).sum();
    let played = match m.agent_games {
        0 => None,
        games => Some(
            in_pool(1, || {
                full_games::<G>(setup, [&mcts, &greedy], m.seed, games)
            })?
            .0?,
        ),
    };
    let n = searches as f64;
    Ok(json!({
        "mcts": mcts.label(),
        "mcts_spec": SHIPPED_MCTS,
        "greedy": greedy.label(),
        "greedy_spec": SHIPPED_GREEDY,
        "searches": searches,
        "iterations_per_search": iters,
        "tree_node_bytes": mcts_node_bytes::<G>(),
        "simulations_spec": full_budget.label(),
        "first_decision_simulations_per_s": iters as f64 * n / first_secs,
        "mid_game_simulations_per_s": iters as f64 * n / middle_secs,
        "first_decision_search_ms": 1e3 * first_shipped / n,
        "mid_game_search_ms": 1e3 * middle_shipped / n,
        "greedy_decisions_per_s": choices as f64 / choice_secs,
        "greedy_decisions_measured": choices,
        "games": played.as_ref().map_or(0, |p| p.games),
        "seconds_per_game": played.as_ref().map(|p| p.wall / p.games as f64),
        "cpu_seconds_per_game": played.as_ref().and_then(|p| p.cpu.map(|c| c / p.games as f64)),
        "random_rollouts": {
            "spec": cheap.label(),
            "iterations_per_search": cheap_iters,
            "one_thread_simulations_per_s": (cheap_iters * searches) as f64 / cheap1,
            "all_threads_simulations_per_s": (cheap_iters * searches) as f64 / cheap_n,
            "threads": m.threads,
        },
    }))
}

/// Prints the `agents` object of a report.
pub(super) fn print(a: &Value) {
    outln!(
        "shipped agents: {} = {}, {} = {} (tree node {} bytes)",
        text(&a["mcts_spec"]),
        text(&a["mcts"]),
        text(&a["greedy_spec"]),
        text(&a["greedy"]),
        a["tree_node_bytes"],
    );
    outln!(
        "  {}: {:.1} ms a search at the first decision, {:.1} mid-game; {:.0} simulations/s at the first decision, {:.0}/s mid-game over whole budgets ({}) (1 thread, {} searches each)",
        text(&a["mcts_spec"]),
        number(&a["first_decision_search_ms"]),
        number(&a["mid_game_search_ms"]),
        number(&a["first_decision_simulations_per_s"]),
        number(&a["mid_game_simulations_per_s"]),
        text(&a["simulations_spec"]),
        a["searches"],
    );
    outln!(
        "  {}: {:.0} decisions/s (decisions with a choice in greedy self-play, {} measured)",
        text(&a["greedy_spec"]),
        number(&a["greedy_decisions_per_s"]),
        a["greedy_decisions_measured"],
    );
    if let Some(seconds) = a["seconds_per_game"].as_f64() {
        let cpu = match a["cpu_seconds_per_game"].as_f64() {
            Some(c) => format!("{c:.2} CPU s"),
            None => "CPU time unavailable".into(),
        };
        outln!(
            "  {} vs {}: {seconds:.2} s per 2-seat game on 1 thread ({cpu}; {} games, seats swapped)",
            text(&a["mcts_spec"]),
            text(&a["greedy_spec"]),
            a["games"],
        );
    }
    let r = &a["random_rollouts"];
    outln!(
        "  cheaper stand-in {} (random priors and rollouts, not shipped): {:.0} simulations/s on 1 thread, {:.0}/s on {} threads",
        text(&r["spec"]),
        number(&r["one_thread_simulations_per_s"]),
        number(&r["all_threads_simulations_per_s"]),
        r["threads"],
    );
}

/// Resolves a spec and checks it for game `G`.
fn resolve<G: GameDef>(name: &str) -> Result<AgentSpec, String> {
    let spec = AgentSpec::resolve(name).map_err(|e| e.to_string())?;
    spec.validate_for::<G>().map_err(|e| e.to_string())?;
    Ok(spec)
}

/// Plays one greedy self-play game of seed `seed`, timing greedy's choices and keeping its
/// first decision and a mid-game one.
fn self_play<G: GameDef>(
    setup: &Setup<G>,
    greedy: &AgentSpec,
    seed: u64,
) -> Result<SelfPlay<G>, String> {
    let mut setup = setup.clone();
    G::set_seed(&mut setup, seed);
    let mut state = G::new_game(&setup)?;
    let mut agents: Vec<Box<dyn Agent<G>>> = (0..state.num_players())
        .map(|seat| greedy.build::<G>(seed, seat))
        .collect();
    let mut legal = Vec::new();
    let mut choices = Vec::new();
    let (mut count, mut secs) = (0u64, 0.0);
    while let Some(seat) = state.to_move() {
        state.legal_actions(&mut legal);
        if legal.len() >= 2 {
            choices.push(Decision {
                state: state.clone(),
                legal: legal.clone(),
            });
        }
        let start = Instant::now();
        let action = agents[seat].choose(&state, &legal);
        if legal.len() >= 2 {
            secs += start.elapsed().as_secs_f64();
            count += 1;
        }
        state.apply(action);
    }
    let last_turn = state.turn();
    let mid = choices
        .iter()
        .position(|d| 2 * d.state.turn() >= last_turn)
        .ok_or("a greedy game without a decision in its second half")?;
    let middle = choices.swap_remove(mid);
    let first = choices
        .into_iter()
        .next()
        .ok_or("a greedy game without a choice")?;
    Ok(SelfPlay {
        first,
        middle,
        choices: count,
        choice_secs: secs,
    })
}

/// One search with a fresh agent of `spec` from each decision, one after the other.
fn search_all<'a, G: GameDef>(spec: &AgentSpec, decisions: impl Iterator<Item = &'a Decision<G>>) {
    for (i, d) in decisions.enumerate() {
        let mut agent = spec.build::<G>(i as u64, 0);
        std::hint::black_box(agent.choose(&d.state, &d.legal));
    }
}

/// One search with a fresh agent of `spec` from each game's first decision, in parallel on
/// the current pool.
fn search_all_par<G: GameDef>(spec: &AgentSpec, games: &[SelfPlay<G>]) {
    games.par_iter().enumerate().for_each(|(i, g)| {
        let mut agent = spec.build::<G>(i as u64, 0);
        std::hint::black_box(agent.choose(&g.first.state, &g.first.legal));
    });
}

/// Whole games between two specs.
struct Played {
    games: u64,
    /// Wall-clock seconds.
    wall: f64,
    /// CPU seconds of the playing thread, where the system reports them.
    cpu: Option<f64>,
}

/// Plays `games` games on the calling thread: game `i` has seed
/// `derive_seed(seed ^ 0x9a3e, i / 2)`, `specs[0]` at seat `i % 2` and `specs[1]` at the other
/// seats, so pairs of games share a deal with the seats swapped.
fn full_games<G: GameDef>(
    setup: &Setup<G>,
    specs: [&AgentSpec; 2],
    seed: u64,
    games: u64,
) -> Result<Played, String> {
    let cpu_start = thread_cpu_seconds();
    let start = Instant::now();
    let mut legal = Vec::new();
    for i in 0..games {
        let game_seed = derive_seed(seed ^ 0x9a3e, i / 2);
        let mut setup = setup.clone();
        G::set_seed(&mut setup, game_seed);
        let mut state = G::new_game(&setup)?;
        let first = (i % 2) as usize;
        let mut agents: Vec<Box<dyn Agent<G>>> = (0..state.num_players())
            .map(|seat| {
                let spec = if seat == first { specs[0] } else { specs[1] };
                spec.build::<G>(game_seed, seat)
            })
            .collect();
        while let Some(seat) = state.to_move() {
            state.legal_actions(&mut legal);
            let action = agents[seat].choose(&state, &legal);
            state.apply(action);
        }
    }
    let wall = start.elapsed().as_secs_f64();
    let cpu = cpu_start.zip(thread_cpu_seconds()).map(|(a, b)| b - a);
    Ok(Played { games, wall, cpu })
}

/// CPU seconds (user + system) the calling thread has used, from `/proc/thread-self/stat`
/// (Linux; its clock ticks are 1/100 s); `None` elsewhere.
fn thread_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // Fields after the command name (which may hold spaces, so split after its `)`):
    // state is field 3, utime field 14 and stime field 15.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i - 3)?.parse::<u64>().ok();
    Some((ticks(14)? + ticks(15)?) as f64 / 100.0)
}
