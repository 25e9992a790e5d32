//! `meeplelab bench`: engine speed measurements. Prints what it measured; asserts nothing.

use super::CmdResult;
use meeplelab::agents::AgentSpec;
use meeplelab::core::playout::{random_playout, random_playout_listing, PlayoutCounts};
use meeplelab::core::rng::{derive_seed, rng_from_seed};
use meeplelab::games::{GameDef, GameId};
use rayon::prelude::*;
use std::time::Instant;

/// Arguments of `bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// `playout`: only play `--games` random games (for callgrind); omit for the full report.
    pub mode: Option<Mode>,
    /// Game to measure: safari, carcassonne or new-world.
    #[arg(long, default_value = "safari")]
    pub game: GameId,
    /// Random games per measurement.
    #[arg(long, default_value_t = 20_000)]
    pub games: u64,
    /// Threads for the parallel measurement (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Players per game.
    #[arg(long, default_value_t = 2)]
    pub players: usize,
    /// Master seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// MCTS agent measured at the first decision (any agent spec of kind mcts).
    #[arg(long, default_value = "mcts:iters=2000,rollout=random,prior=random")]
    pub mcts: String,
    /// `playout`: list every legal action and pick one instead of drawing with
    /// `Game::random_action` (measures full move generation).
    #[arg(long)]
    pub list: bool,
    /// Searches per MCTS measurement (each from the first decision of a different game).
    #[arg(long, default_value_t = 8)]
    pub searches: u64,
}

/// Sub-modes of `bench`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Just play the random games (a fixed workload for `valgrind --tool=callgrind`).
    Playout,
}

/// Runs the benchmark.
pub fn run(args: &Args) -> CmdResult {
    meeplelab::with_game!(args.game, G => bench::<G>(args))
}

fn bench<G: GameDef>(args: &Args) -> CmdResult {
    if !G::PLAYERS.contains(&args.players) {
        return Err(format!("--players must be 2..=5, not {}", args.players));
    }
    let games = args.games.max(1);
    if args.mode == Some(Mode::Playout) {
        let threads = args.threads.unwrap_or(1);
        let sampling = if args.list {
            Sampling::List
        } else {
            Sampling::Draw
        };
        let (counts, secs) = in_pool(threads, || {
            playouts::<G>(args.players, args.seed, games, sampling)
        })?;
        println!(
            "played {} games ({} decisions) in {secs:.3} s on {threads} thread(s)",
            counts.games, counts.decisions
        );
        return Ok(());
    }
    let all = args.threads.unwrap_or_else(num_cpus);
    let (one, t1) = in_pool(1, || {
        playouts::<G>(args.players, args.seed, games, Sampling::Draw)
    })?;
    let (many, tn) = in_pool(all, || {
        playouts::<G>(args.players, args.seed, games, Sampling::Draw)
    })?;
    let (listed, tl) = in_pool(1, || {
        playouts::<G>(args.players, args.seed, games, Sampling::List)
    })?;
    let (checks, check_secs) = placement_checks::<G>(args.players, args.seed);
    let spec = AgentSpec::resolve(&args.mcts).map_err(|e| e.to_string())?;
    spec.validate_for::<G>().map_err(|e| e.to_string())?;
    let iters = spec.fixed_iterations().ok_or_else(|| {
        format!(
            "--mcts needs an mcts spec with a fixed iteration budget, not \"{}\"",
            spec.label()
        )
    })?;
    let searches = args.searches.max(1);
    let (_, m1) = in_pool(1, || {
        mcts_searches::<G>(&spec, args.players, args.seed, searches)
    })?;
    let (_, mn) = in_pool(all, || {
        mcts_searches::<G>(&spec, args.players, args.seed, searches)
    })?;
    let size = std::mem::size_of::<G>();
    let report = serde_json::json!({
        "game": G::NAME,
        "players": args.players,
        "games": games,
        "machine": machine_info(),
        "state_bytes": size,
        "one_thread": {
            "seconds": t1,
            "games_per_s": one.games as f64 / t1,
            "decisions_per_s": one.decisions as f64 / t1,
            "decisions_per_game": one.decisions as f64 / one.games as f64,
        },
        "listing_one_thread": {
            "seconds": tl,
            "games_per_s": listed.games as f64 / tl,
            "decisions_per_game": listed.decisions as f64 / listed.games as f64,
            "legal_actions_per_decision": listed.actions_generated as f64 / listed.decisions as f64,
        },
        "all_threads": {
            "threads": all,
            "seconds": tn,
            "games_per_s": many.games as f64 / tn,
            "speedup": t1 / tn,
        },
        "placement_checks_per_s": checks as f64 / check_secs,
        "mcts": {
            "spec": spec.label(),
            "searches": searches,
            "iterations_per_search": iters,
            "one_thread_simulations_per_s": (iters * searches) as f64 / m1,
            "all_threads_simulations_per_s": (iters * searches) as f64 / mn,
        },
    });
    if args.json {
        println!("{report}");
    } else {
        print_report(&report);
    }
    Ok(())
}

fn print_report(r: &serde_json::Value) {
    let f = |v: &serde_json::Value| v.as_f64().unwrap_or(0.0);
    println!("machine: {}", r["machine"].as_str().unwrap_or("?"));
    println!(
        "game: {}, {} players, {} games per measurement, state {} bytes",
        r["game"].as_str().unwrap_or("?"),
        r["players"],
        r["games"],
        r["state_bytes"]
    );
    let one = &r["one_thread"];
    println!(
        "1 thread : {:>10.0} games/s  {:>12.0} decisions/s  ({:.1} decisions/game; actions drawn by Game::random_action)",
        f(&one["games_per_s"]),
        f(&one["decisions_per_s"]),
        f(&one["decisions_per_game"]),
    );
    let all = &r["all_threads"];
    println!(
        "{} threads: {:>10.0} games/s  speed-up {:.2}x",
        all["threads"],
        f(&all["games_per_s"]),
        f(&all["speedup"])
    );
    let listed = &r["listing_one_thread"];
    println!(
        "1 thread, listing every legal action: {:>10.0} games/s  ({:.1} decisions/game, {:.1} legal actions/decision)",
        f(&listed["games_per_s"]),
        f(&listed["decisions_per_game"]),
        f(&listed["legal_actions_per_decision"])
    );
    println!(
        "placement checks (frontier cell x rotation fit tests): {:.0}/s",
        f(&r["placement_checks_per_s"])
    );
    let m = &r["mcts"];
    println!(
        "MCTS {} at the first decision, rollouts included: {:.0} simulations/s on 1 thread, {:.0}/s on {} threads",
        m["spec"].as_str().unwrap_or("?"),
        f(&m["one_thread_simulations_per_s"]),
        f(&m["all_threads_simulations_per_s"]),
        all["threads"]
    );
}

/// Runs one search from the first decision of `searches` games (in parallel on the current
/// pool); returns the number of searches.
fn mcts_searches<G: GameDef>(spec: &AgentSpec, players: usize, seed: u64, searches: u64) -> u64 {
    (0..searches)
        .into_par_iter()
        .map(|i| {
            let game_seed = derive_seed(seed ^ 0x3c75, i);
            let state = default_game::<G>(players, game_seed);
            let mut legal = Vec::new();
            state.legal_actions(&mut legal);
            let mut agent = spec.build::<G>(game_seed, 0);
            std::hint::black_box(agent.choose(&state, &legal));
            1
        })
        .sum()
}

fn in_pool<T: Send>(threads: usize, work: impl FnOnce() -> T + Send) -> Result<(T, f64), String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    let start = Instant::now();
    let out = pool.install(work);
    Ok((out, start.elapsed().as_secs_f64()))
}

/// How random playouts choose their actions.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sampling {
    /// [`Game::random_action`]: one uniform draw, without listing the actions.
    Draw,
    /// List every legal action and pick one (measures full move generation).
    List,
}

/// Plays `games` random games; game `i` uses seed `derive_seed(seed, i)`.
fn playouts<G: GameDef>(
    players: usize,
    seed: u64,
    games: u64,
    sampling: Sampling,
) -> PlayoutCounts {
    (0..games)
        .into_par_iter()
        .map_init(
            || (Vec::new(), None),
            |(legal, reused): &mut (Vec<_>, Option<G>), i| {
                let game_seed = derive_seed(seed, i);
                let setup = G::setup(players, game_seed, G::builtin_tiles());
                // Each worker restarts one state in place instead of building a new one per game.
                let state = match reused {
                    Some(state) => {
                        state.restart(&setup).expect("default setup");
                        state
                    }
                    None => reused.insert(G::new_game(&setup).expect("default setup")),
                };
                let mut rng = rng_from_seed(game_seed);
                match sampling {
                    Sampling::Draw => random_playout(state, &mut rng, legal),
                    Sampling::List => random_playout_listing(state, &mut rng, legal),
                }
            },
        )
        .reduce(PlayoutCounts::default, |mut a, b| {
            a.add(b);
            a
        })
}

/// Times legal placement generation over positions sampled from random games; returns the
/// number of fit tests made and the seconds spent.
fn placement_checks<G: GameDef>(players: usize, seed: u64) -> (u64, f64) {
    let mut positions = Vec::new();
    let mut legal = Vec::new();
    for i in 0..20 {
        let s = derive_seed(seed ^ 0xbe7c, i);
        let mut g = default_game::<G>(players, s);
        let mut rng = rng_from_seed(s);
        while !g.is_terminal() {
            if let Some(tests) = g.placement_tests() {
                positions.push((g.clone(), tests));
            }
            g.legal_actions(&mut legal);
            g.apply(legal[meeplelab::core::rng::below(&mut rng, legal.len())]);
        }
    }
    let per_round: u64 = positions.iter().map(|(_, tests)| tests).sum();
    let start = Instant::now();
    let mut rounds = 0u64;
    while start.elapsed().as_secs_f64() < 0.5 {
        for (p, _) in &positions {
            p.legal_actions(&mut legal);
            std::hint::black_box(&legal);
        }
        rounds += 1;
    }
    (per_round * rounds, start.elapsed().as_secs_f64())
}

/// A game of `G` with the built-in tiles and default rules.
fn default_game<G: GameDef>(players: usize, seed: u64) -> G {
    G::new_game(&G::setup(players, seed, G::builtin_tiles())).expect("default setup")
}

fn num_cpus() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn machine_info() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    format!(
        "{cpu}, {} logical cores, {} {}",
        num_cpus(),
        std::env::consts::OS,
        std::env::consts::ARCH
    )
}
