//! `meeplelab tournament`: parallel, reproducible, resumable, shardable tournaments.

use super::{build_setup, CmdResult, GameArgs};
use meeplelab::agents::AgentSpec;
use meeplelab::arena::folder::read_finished;
use meeplelab::arena::{Prepared, RunOptions, Shard, Tournament};
use meeplelab::games::GameDef;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Agents of the default run: random, greedy and a cheap MCTS.
pub const DEFAULT_AGENTS: &str = "random,greedy,mcts:iters=400";

/// Arguments of `tournament`.
#[derive(clap::Args, Debug)]
#[command(after_long_help = AFTER_HELP)]
pub struct Args {
    /// Players per game (2..=5).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=5))]
    pub players: u8,
    /// Agents (at least 2): spec names (agents/<name>.toml or a built-in: random, greedy,
    /// mcts-500, mcts-1s), .toml paths, or inline specs such as mcts:iters=2000,c=0.8.
    /// Comma-separated and/or repeated; a piece like c=0.8 continues the inline spec before it.
    #[arg(long, value_name = "SPECS", default_value = DEFAULT_AGENTS)]
    pub agents: Vec<String>,
    /// Total games. Game g plays seating g mod S of the schedule's S seatings (see below);
    /// default 10·S, i.e. ten whole blocks.
    #[arg(long)]
    pub games: Option<u64>,
    /// Master seed: game g is seeded with derive_seed(seed, g).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Game, tile set and rule options.
    #[command(flatten)]
    pub setup: GameArgs,
    /// Threads for games and the rating bootstrap (0: one per core). Results do not depend
    /// on it.
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Output folder [default: results/tournament-<game>-<players>p-<hash of the
    /// configuration>, plus -shard<K>of<N> for a shard: the same command always uses the
    /// same folder].
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Continue an interrupted run in the output folder: keep its finished games, play the
    /// missing ones; with a larger --games, grow a run (only the new games are played).
    /// Refused if the folder's run.json describes another tournament or more games.
    #[arg(long)]
    pub resume: bool,
    /// Play only slice K of N: the games with index mod N = K-1 (join with `merge`).
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// Bootstrap resamples for the rating intervals.
    #[arg(long, default_value_t = meeplelab::analysis::standings::DEFAULT_RESAMPLES)]
    pub bootstrap: usize,
    /// Also keep every game played as a replayable record, DIR/game-<index>.rec (6-digit
    /// zero-padded game index), for `replay` and `render`. Created if missing; existing
    /// records are kept (with --resume only the games played now are written).
    #[arg(long, value_name = "DIR")]
    pub records: Option<PathBuf>,
}

const AFTER_HELP: &str = "\
Seatings: for 2 players every pair of agents plays in both seat orders (a double round robin);
for n players every n-subset of the agents (or, with fewer agents than seats, the agent list
repeated cyclically from each starting agent) plays in all n cyclic rotations. One pass over all
seatings is a block of S games; game g plays seating g mod S, so a multiple of S games gives
every agent every seat equally often.

Output (in the output folder): run.json (configuration, checked by --resume and merge),
games.csv (one row per game and seat; docs/csv.md), standings.csv. games.csv is written one
flushed game at a time, so an interrupted run keeps every finished game; at the end it is
rewritten sorted by game index and seat.

Records (--records DIR): each finished game is written atomically as DIR/game-000042.rec
(game index 42) before its games.csv rows; comment lines name the tournament seed, the game
and the agent in each seat. A record depends only on the game, so the same seed gives the same
files at any --threads, after --resume and in any shard (shards may share one DIR). Check one
with `meeplelab replay DIR/game-000042.rec`, draw it with `meeplelab render
DIR/game-000042.rec --turn 30 --out board.svg`.

With no arguments: 2-player Safari, random vs greedy vs mcts:iters=400, 60 games. --game
carcassonne plays the Carcassonne base game instead (run.json records the game, so --resume
refuses a folder of another game).";

/// Splits comma lists of agent specs, keeping `key=value` pieces with the inline spec before
/// them (`mcts:iters=2000,c=0.8,greedy` → `mcts:iters=2000,c=0.8` and `greedy`).
pub fn split_agents(items: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for item in items {
        for piece in item.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let continues = !piece.contains(':') && piece.contains('=');
            match out.last_mut() {
                Some(prev) if continues && prev.contains(':') => {
                    prev.push(',');
                    prev.push_str(piece);
                }
                _ => out.push(piece.to_string()),
            }
        }
    }
    out
}

/// Checks everything, prepares the folder, plays, prints standings.
pub fn run<G: GameDef>(args: &Args) -> CmdResult {
    let players = args.players as usize;
    let specs =
        AgentSpec::resolve_all_for::<G>(&split_agents(&args.agents)).map_err(|e| e.to_string())?;
    if specs.len() < 2 {
        return Err(format!(
            "a tournament needs at least 2 agents, got {}",
            specs.len()
        ));
    }
    let (setup, tileset_ref) = build_setup::<G>(players, 0, &args.setup)?;
    let schedule = meeplelab::arena::Schedule::new(specs.len(), players).map_err(|e| e.0)?;
    let games = args.games.unwrap_or_else(|| schedule.default_games());
    let shard = args.shard.unwrap_or(Shard::ALL);
    let tournament = Tournament::<G>::of_setup(
        setup,
        &tileset_ref,
        specs,
        (args.seed, games, shard),
        args.records.as_deref(),
    )
    .map_err(|e| e.to_string())?;
    let config = tournament.config.clone();
    let out = args.out.clone().unwrap_or_else(|| config.default_out_dir());
    let prepared = tournament
        .prepare(&out, args.resume)
        .map_err(|e| e.to_string())?;

    eprintln!(
        "tournament: {} games of {}-player {} (seed {}{}), agents: {}",
        games,
        players,
        config.game,
        config.seed,
        if shard.is_all() {
            String::new()
        } else {
            format!(", shard {shard}: {} games", shard.len(games))
        },
        config.agents.join(" | ")
    );
    eprintln!("schedule: {}", tournament.schedule);
    if !tournament.schedule.is_balanced(games) {
        eprintln!(
            "note: {games} is not a multiple of {}, so seats are not exactly balanced",
            tournament.schedule.block_len()
        );
    }
    let records = args.records.as_deref().map(|dir| (dir, "game-<index>.rec"));
    announce_folder::<G, _>(&out, records, args.resume, &prepared, false);
    let start = Instant::now();
    let options = RunOptions::auto(args.threads, args.bootstrap);
    let report = tournament
        .run(&prepared, &options)
        .map_err(|e| e.to_string())?;
    eprintln!(
        "played {} game(s) in {:.1} s; wrote {}, {}, {}",
        report.played,
        start.elapsed().as_secs_f64(),
        prepared.folder.config().display(),
        prepared.folder.games().display(),
        prepared.folder.standings().display()
    );
    out!("{}", report.standings.to_table());
    Ok(())
}

/// Before a tournament, match or experiment plays into the folder `out` as `prepared`: prints
/// where it writes and how to resume it, where its records go (`records`: the `--records`
/// folder and the path of a record in it), with `--resume` (`resume`) what was kept of the
/// earlier run and how many games are left, and whether that run was stopped (its lock was
/// taken over); then arms the Ctrl-C message ([`explain_interruption`], with the
/// `variant_column` of experiments).
pub(super) fn announce_folder<G: GameDef, T>(
    out: &Path,
    records: Option<(&Path, &str)>,
    resume: bool,
    prepared: &Prepared<T>,
    variant_column: bool,
) {
    eprintln!(
        "output: {} (if interrupted, rerun the same command with --resume)",
        out.display()
    );
    if let Some((dir, pattern)) = records {
        eprintln!("records: {}/{pattern}", dir.display());
    }
    if resume {
        eprintln!("{}", prepared.resume.message(out, prepared.todo.len()));
    }
    if let Some(before) = &prepared.lock.taken_over {
        eprintln!(
            "note: the run that had this folder before stopped without finishing ({before}); \
             its finished games are kept"
        );
    }
    explain_interruption::<G>(out, variant_column);
}

/// On Ctrl-C, says how many finished games the folder keeps and the command that plays the
/// rest, then exits with status 130. The folder is consistent whenever the process stops:
/// every game is one write, and a partial last line is dropped on resume. `G`'s statistics
/// columns and `variant_column` (experiments) let it read the games file back.
fn explain_interruption<G: GameDef>(out: &Path, variant_column: bool) {
    let games = out.join(meeplelab::arena::folder::GAMES_FILE);
    let stat_names: Vec<String> = G::stat_names().iter().map(|s| s.to_string()).collect();
    let command = resume_command();
    // Only one handler per process: a second run in the same process keeps the first message.
    let _ = ctrlc::set_handler(move || {
        let finished = read_finished(&games, &stat_names, variant_column, |_| Ok(()))
            .map_or_else(|_| "the".to_string(), |f| f.done.len().to_string());
        eprintln!(
            "\ninterrupted: {finished} finished game(s) are kept in {}; to play the rest:\n  {command}",
            games.display()
        );
        std::process::exit(130);
    });
}

/// This process's command line with `--resume` added (if missing), quoted for a POSIX shell.
pub(super) fn resume_command() -> String {
    let mut words: Vec<String> = std::env::args().collect();
    if !words.iter().any(|w| w == "--resume") {
        words.push("--resume".into());
    }
    let quote = |w: &String| {
        let plain = w
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c));
        if plain && !w.is_empty() {
            w.clone()
        } else {
            format!("'{}'", w.replace('\'', r"'\''"))
        }
    };
    words.iter().map(quote).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agent_lists_keep_inline_parameters_together() {
        let v = split_agents(&[
            "random, mcts:iters=2000,c=0.8,greedy".to_string(),
            "mcts-500".to_string(),
        ]);
        assert_eq!(
            v,
            vec!["random", "mcts:iters=2000,c=0.8", "greedy", "mcts-500"]
        );
    }

    #[test]
    fn help_names_the_default_agents() {
        let mcts = DEFAULT_AGENTS.rsplit(',').next().unwrap();
        assert!(AFTER_HELP.contains(mcts), "{AFTER_HELP}");
    }
}
