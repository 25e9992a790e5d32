//! `meeplelab match`: seat-swapped games between two agents, with win rates and mean scores.

use super::{build_setup, CmdResult, GameArgs};
use meeplelab::agents::{play_out, Agent, AgentSpec};
use meeplelab::core::rng::derive_seed;
use meeplelab::games::GameDef;
use rayon::prelude::*;

/// Arguments of `match`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// First agent: spec name, path to a .toml spec, or inline form (e.g. `mcts:iters=2000`).
    pub a: String,
    /// Second agent, same forms.
    pub b: String,
    /// Number of games (games 2k and 2k+1 share a deal with the seats swapped).
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// Master seed: deal k uses seed derive_seed(seed, k).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Players per game (2..=5); the agents alternate around the table.
    #[arg(long, default_value_t = 2)]
    pub players: usize,
    /// Game, tile set and rule options.
    #[command(flatten)]
    pub game: GameArgs,
}

/// Outcome of one game, per seat.
struct GameResult {
    /// Which agent (0 = A, 1 = B) sat at each seat.
    agent_of_seat: Vec<usize>,
    scores: Vec<i32>,
    /// Win shares: 1/k for each of the k best scores, 0 otherwise.
    shares: Vec<f64>,
    /// `Game::player_stats` of each seat.
    stats: Vec<Vec<i64>>,
}

/// The agent (0 = A, 1 = B) at `seat` of game `index`: they alternate around the table, and
/// odd games shift everyone by one seat.
fn agent_at(index: u64, seat: usize) -> usize {
    (seat + (index % 2) as usize) % 2
}

/// Plays the games in parallel and prints the summary.
pub fn run(args: &Args) -> CmdResult {
    meeplelab::with_game!(args.game.game, G => play_match::<G>(args))
}

fn play_match<G: GameDef>(args: &Args) -> CmdResult {
    let specs = [
        AgentSpec::resolve(&args.a).map_err(|e| e.to_string())?,
        AgentSpec::resolve(&args.b).map_err(|e| e.to_string())?,
    ];
    for s in &specs {
        s.validate_for::<G>().map_err(|e| e.to_string())?;
    }
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    // Check the setup once, so that errors surface before any game is played.
    let (setup, _) = build_setup::<G>(args.players, args.seed, &args.game)?;
    G::new_game(&setup)?;
    let results: Vec<GameResult> = (0..args.games)
        .into_par_iter()
        .map(|i| play_game::<G>(args, &setup, &specs, i))
        .collect::<Result<_, _>>()?;
    print_summary(args, G::stat_names(), &specs, &results);
    Ok(())
}

/// Plays game `index`.
fn play_game<G: GameDef>(
    args: &Args,
    setup: &G::Setup,
    specs: &[AgentSpec; 2],
    index: u64,
) -> Result<GameResult, String> {
    let seed = derive_seed(args.seed, index / 2);
    let mut setup = setup.clone();
    G::set_seed(&mut setup, seed);
    let mut state = G::new_game(&setup)?;
    let agent_of_seat: Vec<usize> = (0..args.players).map(|s| agent_at(index, s)).collect();
    let mut agents: Vec<Box<dyn Agent<G>>> = agent_of_seat
        .iter()
        .enumerate()
        .map(|(seat, &a)| specs[a].build::<G>(seed, seat))
        .collect();
    play_out(&mut state, &mut agents);
    let scores = state.scores().to_vec();
    let best = *scores.iter().max().expect("at least one seat");
    let winners = scores.iter().filter(|&&s| s == best).count() as f64;
    let shares = scores
        .iter()
        .map(|&s| if s == best { 1.0 / winners } else { 0.0 })
        .collect();
    let stats = (0..args.players)
        .map(|p| {
            let mut out = Vec::new();
            state.player_stats(p, &mut out);
            out
        })
        .collect();
    Ok(GameResult {
        agent_of_seat,
        scores,
        shares,
        stats,
    })
}

/// Wilson score interval at 95% for `successes` out of `n`.
fn wilson95(successes: f64, n: f64) -> (f64, f64) {
    let z = 1.96f64;
    let p = successes / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Mean and 95% half-width (normal approximation) of `values`.
fn mean_ci(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    if values.len() < 2 {
        return (mean, 0.0);
    }
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

fn print_summary(args: &Args, names: &[&str], specs: &[AgentSpec; 2], results: &[GameResult]) {
    let games = results.len() as f64;
    println!(
        "{} games of {}, {} players, seed {}; games 2k and 2k+1 share a deal with seats swapped",
        results.len(),
        args.game.game,
        args.players,
        args.seed
    );
    let mut draws = 0usize;
    for r in results {
        if r.shares.iter().any(|&s| s > 0.0 && s < 1.0) {
            draws += 1;
        }
    }
    println!("games with a shared win: {draws}");
    for (a, spec) in specs.iter().enumerate() {
        let mut wins = 0.0;
        let mut outright = 0usize;
        let mut scores = Vec::new();
        let mut stat_sums = vec![0i64; names.len()];
        for r in results {
            for (seat, &who) in r.agent_of_seat.iter().enumerate() {
                if who != a {
                    continue;
                }
                wins += r.shares[seat];
                outright += usize::from(r.shares[seat] == 1.0);
                scores.push(r.scores[seat] as f64);
                for (sum, v) in stat_sums.iter_mut().zip(&r.stats[seat]) {
                    *sum += v;
                }
            }
        }
        let (lo, hi) = wilson95(wins, games);
        let (mean, half) = mean_ci(&scores);
        println!();
        println!("{} {} [{}]", ["A", "B"][a], spec.name(), spec.label());
        println!(
            "  wins {wins} of {} ({outright} outright)  win rate {:.1}%  95% CI [{:.1}%, {:.1}%]",
            results.len(),
            100.0 * wins / games,
            100.0 * lo,
            100.0 * hi
        );
        println!("  mean score {mean:.2} ± {half:.2}");
        let seats = scores.len() as f64;
        let points: Vec<String> = names
            .iter()
            .zip(&stat_sums)
            .filter_map(|(n, s)| {
                n.strip_prefix("points_")
                    .map(|src| format!("{src} {:.2}", *s as f64 / seats))
            })
            .collect();
        println!("  mean points by source: {}", points.join(", "));
        let actions: Vec<String> = names
            .iter()
            .zip(&stat_sums)
            .filter_map(|(n, s)| {
                n.strip_prefix("actions_")
                    .map(|k| format!("{k} {:.1}", *s as f64 / seats))
            })
            .collect();
        println!("  mean actions per game: {}", actions.join(", "));
    }
}
