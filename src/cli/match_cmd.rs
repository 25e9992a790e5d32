//! `meeplelab match`: seat-swapped games between two agents, with win rates and mean scores.
//!
//! Thin: the seatings come from the arena's [`Schedule`] (two agents in `players` seats), the
//! games are played by the arena ([`play_seated`] on its thread pool), and the intervals are the
//! analysis module's ([`wilson_interval`], [`mean_with_ci`]), as in tournament standings. What
//! is particular to `match` is the deal: every seating of one schedule block plays the same
//! game seed, so each deal is played from every seat.

use super::{build_setup, CmdResult, GameArgs};
use meeplelab::agents::AgentSpec;
use meeplelab::analysis::wilson::{mean_with_ci, wilson_interval, Z95};
use meeplelab::arena::outcome::win_shares;
use meeplelab::arena::play::{play_parallel, play_seated, thread_pool, PlayedGame};
use meeplelab::arena::progress::Progress;
use meeplelab::arena::{ProgressMode, Schedule};
use meeplelab::core::rng::derive_seed;
use meeplelab::games::GameDef;

/// Arguments of `match`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// First agent: spec name, path to a .toml spec, or inline form (e.g. `mcts:iters=2000`).
    pub a: String,
    /// Second agent, same forms.
    pub b: String,
    /// Number of games, a multiple of the games that share a deal (with 2 players, games 2k and
    /// 2k+1 share a deal with the seats swapped). A progress line shows on stderr.
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// Master seed: deal k uses seed derive_seed(seed, k).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Players per game (2..=5); the two agents fill the seats as a tournament's schedule
    /// does (the agent list repeated around the table from each agent, in every rotation), and
    /// every seating of one block plays the same deal.
    #[arg(long, default_value_t = 2)]
    pub players: usize,
    /// Game threads (0: one per core). Results do not depend on it.
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Game, tile set and rule options.
    #[command(flatten)]
    pub game: GameArgs,
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
    let schedule = Schedule::new(specs.len(), args.players).map_err(|e| e.to_string())?;
    let block = schedule.block_len() as u64;
    if !args.games.is_multiple_of(block) {
        let (below, above) = (
            args.games / block * block,
            args.games.div_ceil(block) * block,
        );
        return Err(format!(
            "--games {} would leave a deal without all its seatings (each deal is played {block} \
             times, every agent in every seat); use a multiple of {block}, such as {}",
            args.games,
            if below > 0 {
                format!("{below} or {above}")
            } else {
                above.to_string()
            }
        ));
    }
    // Check the setup once, so that errors surface before any game is played.
    let (setup, _) = build_setup::<G>(args.players, args.seed, &args.game)?;
    G::new_game(&setup)?;
    let new_game = |seed: u64| {
        let mut s = setup.clone();
        G::set_seed(&mut s, seed);
        G::new_game(&s).expect("the setup was checked before the games")
    };
    let indices: Vec<u64> = (0..args.games).collect();
    let mut results: Vec<PlayedGame> = Vec::with_capacity(indices.len());
    let mut progress = Progress::new(ProgressMode::auto(), args.games, 0);
    play_parallel(
        &thread_pool(args.threads)?,
        &indices,
        |g| {
            let deal = derive_seed(args.seed, g / block);
            play_seated(&new_game, &specs, schedule.seating(g), g, deal)
        },
        |game| -> Result<(), String> {
            results.push(game);
            progress.tick();
            Ok(())
        },
    )?;
    progress.finish();
    results.sort_by_key(|g| g.game_index);
    print_summary(args, &schedule, G::stat_names(), &specs, &results);
    Ok(())
}

/// How the games are dealt and seated, for the first line of the summary.
fn deal_note(schedule: &Schedule) -> String {
    if schedule.block_len() == 2 {
        return "games 2k and 2k+1 share a deal with seats swapped".into();
    }
    let seatings: Vec<String> = schedule
        .seatings()
        .iter()
        .map(|s| s.iter().map(|&a| ["A", "B"][a]).collect())
        .collect();
    format!(
        "each block of {} games shares a deal, played in the seatings {}",
        schedule.block_len(),
        seatings.join(" ")
    )
}

fn print_summary(
    args: &Args,
    schedule: &Schedule,
    names: &[&str],
    specs: &[AgentSpec; 2],
    results: &[PlayedGame],
) {
    let games = results.len() as f64;
    outln!(
        "{} games of {}, {} players, seed {}; {}",
        results.len(),
        args.game.game,
        args.players,
        args.seed,
        deal_note(schedule)
    );
    let shares: Vec<Vec<f64>> = results.iter().map(|r| win_shares(&r.scores)).collect();
    let draws = shares
        .iter()
        .filter(|s| s.iter().any(|&x| x > 0.0 && x < 1.0))
        .count();
    outln!("games with a shared win: {draws}");
    for (a, spec) in specs.iter().enumerate() {
        let mut wins = 0.0;
        let mut outright = 0usize;
        let mut scores = Vec::new();
        let mut stat_sums = vec![0i64; names.len()];
        for (r, shares) in results.iter().zip(&shares) {
            for (seat, &who) in r.seating.iter().enumerate() {
                if who != a {
                    continue;
                }
                wins += shares[seat];
                outright += usize::from(shares[seat] == 1.0);
                scores.push(r.scores[seat] as f64);
                for (sum, v) in stat_sums.iter_mut().zip(&r.stats[seat]) {
                    *sum += v;
                }
            }
        }
        let (lo, hi) = wilson_interval(wins, games, Z95);
        let (mean, half) = mean_with_ci(&scores);
        outln!();
        outln!("{} {} [{}]", ["A", "B"][a], spec.name(), spec.label());
        outln!(
            "  wins {wins} of {} ({outright} outright)  win rate {:.1}%  95% CI [{:.1}%, {:.1}%]",
            results.len(),
            100.0 * wins / games,
            100.0 * lo,
            100.0 * hi
        );
        if half.is_nan() {
            // One seat played: no interval to give.
            outln!("  mean score {mean:.2}");
        } else {
            outln!("  mean score {mean:.2} ± {half:.2}");
        }
        let seats = scores.len() as f64;
        // The mean of each statistic named `<prefix><key>`, as `key mean` with `decimals`.
        let means = |prefix: &str, decimals: usize| {
            let stats = names.iter().zip(&stat_sums);
            let means: Vec<String> = stats
                .filter_map(|(n, s)| {
                    let key = n.strip_prefix(prefix)?;
                    Some(format!("{key} {:.*}", decimals, *s as f64 / seats))
                })
                .collect();
            means.join(", ")
        };
        outln!("  mean points by source: {}", means("points_", 2));
        outln!("  mean actions per game: {}", means("actions_", 1));
    }
}
