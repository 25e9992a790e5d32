//! `meeplelab match`: a two-agent tournament whose seatings share deals, with win rates and
//! mean scores.
//!
//! Thin: the seatings come from the arena's [`Schedule`] (two agents in `players` seats), the
//! games are played by the arena — into a tournament folder with `--out` ([`Tournament`], with
//! [`Tournament::with_shared_deals`]), else in memory on its thread pool — and the intervals
//! are the analysis module's ([`wilson_interval`], [`mean_with_ci`]), as in tournament
//! standings. What is particular to `match` is the deal: every seating of one schedule block
//! plays the same game seed, so each deal is played from every seat.

use super::tournament::announce_folder;
use super::{build_setup, CmdResult, GameArgs};
use meeplelab::agents::AgentSpec;
use meeplelab::analysis::standings::DEFAULT_RESAMPLES;
use meeplelab::analysis::wilson::{mean_with_ci, wilson_interval, Z95};
use meeplelab::arena::play::{play_game, play_parallel, thread_pool};
use meeplelab::arena::progress::Progress;
use meeplelab::arena::run::{game_rows, setup_config};
use meeplelab::arena::{ProgressMode, RunOptions, Schedule, Shard, Tournament};
use meeplelab::games::{GameDef, Setup};
use meeplelab::io::games_csv::{GameRow, GamesTable};
use std::path::{Path, PathBuf};

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
    /// Also write the match as a tournament folder: run.json, games.csv (one row per game and
    /// seat) and standings.csv, as `tournament` writes them (docs/csv.md). The two agents must
    /// then differ. Without it nothing is written.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Continue an interrupted match in the --out folder (keep its finished games, play the
    /// missing ones), or grow it with a larger --games.
    #[arg(long, requires = "out")]
    pub resume: bool,
    /// Also keep every game played as a replayable record, DIR/game-<index>.rec (needs --out).
    #[arg(long, value_name = "DIR", requires = "out")]
    pub records: Option<PathBuf>,
    /// Game, tile set and rule options.
    #[command(flatten)]
    pub game: GameArgs,
}

/// Plays the games in parallel and prints the summary.
pub fn run<G: GameDef>(args: &Args) -> CmdResult {
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
    let (setup, tileset) = build_setup::<G>(args.players, args.seed, &args.game)?;
    let rows = match &args.out {
        Some(out) => play_into_folder(args, setup, &tileset, &specs, out)?,
        None => play_in_memory(args, setup, &specs, &schedule)?,
    };
    print_summary(args, &schedule, G::stat_names(), &specs, &rows);
    Ok(())
}

/// Plays the match as a tournament into the folder `out` (resumable, with records on request)
/// and returns its rows, sorted by game and seat.
fn play_into_folder<G: GameDef>(
    args: &Args,
    setup: Setup<G>,
    tileset: &str,
    specs: &[AgentSpec; 2],
    out: &Path,
) -> Result<Vec<GameRow>, String> {
    let tournament = Tournament::<G>::of_setup(
        setup,
        tileset,
        specs.to_vec(),
        (args.seed, args.games, Shard::ALL),
        args.records.as_deref(),
    )
    .map_err(|e| e.to_string())?
    .with_shared_deals();
    let prepared = tournament
        .prepare(out, args.resume)
        .map_err(|e| e.to_string())?;
    let records = args.records.as_deref().map(|dir| (dir, "game-<index>.rec"));
    announce_folder::<G, _>(out, records, args.resume, &prepared, false);
    let options = RunOptions::auto(args.threads, DEFAULT_RESAMPLES);
    tournament
        .run(&prepared, &options)
        .map_err(|e| e.to_string())?;
    let games = prepared.folder.games();
    eprintln!(
        "wrote {}, {}, {}",
        prepared.folder.config().display(),
        games.display(),
        prepared.folder.standings().display()
    );
    let table = GamesTable::read(&games).map_err(|e| e.to_string())?;
    Ok(table.rows)
}

/// Plays the match without writing anything; returns its rows, sorted by game and seat.
fn play_in_memory<G: GameDef>(
    args: &Args,
    setup: Setup<G>,
    specs: &[AgentSpec; 2],
    schedule: &Schedule,
) -> Result<Vec<GameRow>, String> {
    let labels = specs.iter().map(AgentSpec::label).collect();
    let mut config = setup_config(&setup, labels, (args.seed, args.games, Shard::ALL))
        .map_err(|e| e.to_string())?;
    config.deal_games = schedule.block_len() as u64;
    let new_game = |seed: u64| {
        let mut s = setup.clone();
        G::set_seed(&mut s, seed);
        G::new_game(&s).expect("the setup was checked before the games")
    };
    let indices: Vec<u64> = (0..args.games).collect();
    let mut rows: Vec<GameRow> = Vec::with_capacity(indices.len() * args.players);
    let mut progress = Progress::new(ProgressMode::auto(), args.games, 0);
    play_parallel(
        &thread_pool(args.threads)?,
        &indices,
        |g| play_game(&new_game, specs, schedule, config.game_seed(g), g),
        |game| -> Result<(), String> {
            rows.extend(game_rows(&config, "", &game));
            progress.tick();
            Ok(())
        },
    )?;
    progress.finish();
    rows.sort_by_key(|r| (r.game_index, r.seat));
    Ok(rows)
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

/// Prints the match: per agent, wins with the Wilson interval, mean score with its interval,
/// mean points by source and mean actions. `rows` are every seat of every game; the agent of a
/// row is its seat in the schedule's seating (A or B, even when both are the same spec).
fn print_summary(
    args: &Args,
    schedule: &Schedule,
    names: &[&str],
    specs: &[AgentSpec; 2],
    rows: &[GameRow],
) {
    let count = rows.len() / args.players;
    let games = count as f64;
    outln!(
        "{} games of {}, {} players, seed {}; {}",
        count,
        args.game.game,
        args.players,
        args.seed,
        deal_note(schedule)
    );
    let mut shared: Vec<u64> = rows
        .iter()
        .filter(|r| r.win_share > 0.0 && r.win_share < 1.0)
        .map(|r| r.game_index)
        .collect();
    shared.dedup();
    outln!("games with a shared win: {}", shared.len());
    for (a, spec) in specs.iter().enumerate() {
        let mut wins = 0.0;
        let mut outright = 0usize;
        let mut scores = Vec::new();
        let mut stat_sums = vec![0i64; names.len()];
        for r in rows {
            if schedule.seating(r.game_index)[r.seat] != a {
                continue;
            }
            wins += r.win_share;
            outright += usize::from(r.win_share == 1.0);
            scores.push(r.score as f64);
            for (sum, v) in stat_sums.iter_mut().zip(&r.stats) {
                *sum += v;
            }
        }
        let (lo, hi) = wilson_interval(wins, games, Z95);
        let (mean, half) = mean_with_ci(&scores);
        outln!();
        outln!("{} {} [{}]", ["A", "B"][a], spec.name(), spec.label());
        outln!(
            "  wins {wins} of {count} ({outright} outright)  win rate {:.1}%  95% CI [{:.1}%, {:.1}%]",
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
