//! `meeplelab bench`: engine and agent speed measurements. Prints what it measured; asserts
//! nothing.

mod agents;

use super::{build_setup, CmdResult, GameArgs};
use meeplelab::core::playout::{random_playout, random_playout_listing, PlayoutCounts};
use meeplelab::core::rng::{derive_seed, rng_from_seed};
use meeplelab::games::{GameDef, Setup};
use rayon::prelude::*;
use std::time::Instant;

/// Arguments of `bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// `playout`: only play `--games` random games (for callgrind); omit for the full report.
    pub mode: Option<Mode>,
    /// Game, tile set and rule options to measure.
    #[command(flatten)]
    pub game: GameArgs,
    /// Random games per measurement.
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..))]
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
    /// A cheaper MCTS measured beside the shipped `mcts-500` at the first decision, on one
    /// thread and on all (any mcts spec with a fixed iteration budget).
    #[arg(long, default_value = "mcts:iters=2000,rollout=random,prior=random")]
    pub mcts: String,
    /// `playout`: list every legal action and pick one instead of drawing with
    /// `Game::random_action` (measures full move generation).
    #[arg(long)]
    pub list: bool,
    /// Searches per MCTS measurement, and greedy self-play games that provide their
    /// positions (first decision and mid-game) and greedy's decision times.
    #[arg(long, default_value_t = 8)]
    pub searches: u64,
    /// Whole games of the shipped `mcts-500` against `greedy` (pairs share a deal with the
    /// seats swapped), played on one thread to measure seconds per game (0: none).
    #[arg(long, default_value_t = 2)]
    pub agent_games: u64,
    /// Skip the agent measurements (engine only).
    #[arg(long)]
    pub no_agents: bool,
}

/// What the agent measurements need from the arguments.
struct Measure {
    seed: u64,
    threads: usize,
    searches: u64,
    mcts: String,
    agent_games: u64,
}

/// Sub-modes of `bench`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Just play the random games (a fixed workload for `valgrind --tool=callgrind`).
    Playout,
}

/// Runs the benchmark.
pub fn run<G: GameDef>(args: &Args) -> CmdResult {
    if !G::PLAYERS.contains(&args.players) {
        return Err(format!("--players must be 2..=5, not {}", args.players));
    }
    let (setup, _) = build_setup::<G>(args.players, args.seed, &args.game)?;
    G::new_game(&setup)?;
    let games = args.games;
    if args.mode == Some(Mode::Playout) {
        let threads = args.threads.unwrap_or(1);
        let sampling = if args.list {
            Sampling::List
        } else {
            Sampling::Draw
        };
        let (counts, secs) = in_pool(threads, || {
            playouts::<G>(&setup, args.seed, games, sampling)
        })?;
        outln!(
            "played {} games ({} decisions) in {secs:.3} s on {threads} thread(s)",
            counts.games,
            counts.decisions
        );
        return Ok(());
    }
    let all = args.threads.unwrap_or_else(num_cpus);
    let (one, t1) = in_pool(1, || {
        playouts::<G>(&setup, args.seed, games, Sampling::Draw)
    })?;
    let (many, tn) = in_pool(all, || {
        playouts::<G>(&setup, args.seed, games, Sampling::Draw)
    })?;
    let (listed, tl) = in_pool(1, || {
        playouts::<G>(&setup, args.seed, games, Sampling::List)
    })?;
    let (checks, check_secs) = placement_checks::<G>(&setup, args.seed);
    let agents = if args.no_agents {
        serde_json::Value::Null
    } else {
        let measure = Measure {
            seed: args.seed,
            threads: all,
            searches: args.searches,
            mcts: args.mcts.clone(),
            agent_games: args.agent_games,
        };
        agents::measure::<G>(&setup, &measure)?
    };
    let size = std::mem::size_of::<G>();
    let report = serde_json::json!({
        "game": G::NAME,
        "rules": G::rules_text(&setup),
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
        "agents": agents,
    });
    if args.json {
        outln!("{report}");
    } else {
        print_report(&report);
    }
    Ok(())
}

fn print_report(r: &serde_json::Value) {
    outln!("machine: {}", text(&r["machine"]));
    outln!(
        "game: {} ({}), {} players, {} games per measurement, state {} bytes",
        text(&r["game"]),
        text(&r["rules"]),
        r["players"],
        r["games"],
        r["state_bytes"]
    );
    let one = &r["one_thread"];
    outln!(
        "1 thread : {:>10.0} games/s  {:>12.0} decisions/s  ({:.1} decisions/game; actions drawn by Game::random_action)",
        number(&one["games_per_s"]),
        number(&one["decisions_per_s"]),
        number(&one["decisions_per_game"]),
    );
    let all = &r["all_threads"];
    outln!(
        "{} threads: {:>10.0} games/s  speed-up {:.2}x",
        all["threads"],
        number(&all["games_per_s"]),
        number(&all["speedup"])
    );
    let listed = &r["listing_one_thread"];
    outln!(
        "1 thread, listing every legal action: {:>10.0} games/s  ({:.1} decisions/game, {:.1} legal actions/decision)",
        number(&listed["games_per_s"]),
        number(&listed["decisions_per_game"]),
        number(&listed["legal_actions_per_decision"])
    );
    outln!(
        "placement checks (frontier cell x rotation fit tests): {:.0}/s",
        number(&r["placement_checks_per_s"])
    );
    if !r["agents"].is_null() {
        agents::print(&r["agents"]);
    }
}

/// A number of a report (0 where it is missing).
fn number(v: &serde_json::Value) -> f64 {
    v.as_f64().unwrap_or(0.0)
}

/// A text of a report (`?` where it is missing).
fn text(v: &serde_json::Value) -> &str {
    v.as_str().unwrap_or("?")
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

/// Plays `games` random games of `setup`; game `i` uses seed `derive_seed(seed, i)`.
fn playouts<G: GameDef>(
    setup: &Setup<G>,
    seed: u64,
    games: u64,
    sampling: Sampling,
) -> PlayoutCounts {
    (0..games)
        .into_par_iter()
        .map_init(
            || (Vec::new(), None),
            |(legal, reused): &mut (Vec<_>, Option<G>), i| {
                let mut setup = setup.clone();
                G::set_seed(&mut setup, derive_seed(seed, i));
                let game_seed = derive_seed(seed, i);
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

/// Times legal placement generation over positions sampled from random games of `setup`;
/// returns the number of fit tests made and the seconds spent.
fn placement_checks<G: GameDef>(setup: &Setup<G>, seed: u64) -> (u64, f64) {
    let mut positions = Vec::new();
    let mut legal = Vec::new();
    for i in 0..20 {
        let s = derive_seed(seed ^ 0xbe7c, i);
        let mut setup = setup.clone();
        G::set_seed(&mut setup, s);
        let mut g = G::new_game(&setup).expect("the setup was checked");
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
