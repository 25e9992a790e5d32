//! `meeplelab experiment`: paired balance studies from a TOML spec.

use super::tournament::announce_folder;
use super::CmdResult;
use meeplelab::arena::{RunOptions, Shard};
use meeplelab::experiment::spec::MAX_GAMES;
use meeplelab::experiment::{write_report, Spec, Summary};
use meeplelab::games::GameDef;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `experiment`.
#[derive(clap::Args, Debug)]
#[command(after_long_help = AFTER_HELP)]
pub struct Args {
    /// Experiment spec file (TOML; every key is described in docs/experiments.md).
    pub file: PathBuf,
    /// Games per variant, overriding the spec's `games` (e.g. for a quick trial run).
    #[arg(long)]
    pub games: Option<u64>,
    /// Threads for games (0: one per core). Results do not depend on it.
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Output folder [default: results/<name from the spec>, plus -shard<K>of<N> for a shard].
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Continue an interrupted run in the output folder (keep its finished games, play the
    /// missing ones), grow a finished one (a larger --games plays only the new games), or
    /// re-summarise a finished one. Refused if the folder's run.json describes another
    /// experiment, shard or a larger game count.
    #[arg(long)]
    pub resume: bool,
    /// Play only the slice K of N of the game indices (g mod N = K - 1), in every variant;
    /// `merge` joins the N shard folders into the folder of the whole run (docs/cluster.md).
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
    /// Also keep every game played as a replayable record, DIR/<variant>/game-<index>.rec
    /// (6-digit zero-padded game index), for `replay` and `render`. Created if missing;
    /// existing records are kept (with --resume only the games played now are written).
    #[arg(long, value_name = "DIR")]
    pub records: Option<PathBuf>,
}

const AFTER_HELP: &str = "\
Every variant plays the same games 0..N: game g has seed derive_seed(seed, g) (same tile order
and token bag), the same seat rotation (player i sits in seat (i - g) mod players) and the same
agent random streams, so variants are compared game by game (common random numbers).

Output (in the output folder): run.json (configuration, checked by --resume), games.csv (the
tournament columns plus `variant`; docs/csv.md), summary.csv (per variant and player/seat:
win rate, score, rank, points by source, action counts with 95% intervals, and paired
differences to the first variant with bootstrap intervals), win_rate.svg/.png and
points.svg/.png.

Records (--records DIR): each finished game is written atomically as
DIR/<variant>/game-000042.rec (game index 42) before its games.csv rows; comment lines name the
experiment, variant, seed and the agent in each seat. The same spec gives the same files at
any --threads and after --resume.";

/// Reads the spec, plays (or resumes) the experiment, writes the summary and charts.
pub fn run(args: &Args) -> CmdResult {
    let spec = Spec::load(&args.file).map_err(|e| e.to_string())?;
    meeplelab::with_game!(spec.game, G => run_game::<G>(args, &spec))
}

fn run_game<G: GameDef>(args: &Args, spec: &Spec) -> CmdResult {
    let games = args.games.unwrap_or(spec.games);
    if !(1..=MAX_GAMES).contains(&games) {
        return Err(format!(
            "--games: expected 1 to {MAX_GAMES} games per variant, found {games}"
        ));
    }
    let shard = args.shard.unwrap_or(Shard::ALL);
    let experiment = spec
        .experiment::<G>(games, shard, args.records.as_deref())
        .map_err(|e| e.to_string())?;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| shard.results_folder(&spec.name));
    let prepared = experiment
        .prepare(&out, args.resume)
        .map_err(|e| e.to_string())?;

    eprintln!(
        "experiment {}: {} variant(s) x {games} games of {} ({} games), seed {}{}",
        spec.name,
        spec.variants.len(),
        spec.game,
        games * spec.variants.len() as u64,
        spec.seed,
        if shard.is_all() {
            String::new()
        } else {
            format!(", shard {shard}: {} games per variant", shard.len(games))
        }
    );
    if !spec.description.is_empty() {
        eprintln!("  {}", spec.description.trim());
    }
    let defaults = G::rules_text(&G::setup(2, 0, spec.tiles));
    let defaults: Vec<&str> = defaults.split_whitespace().collect();
    for v in &spec.variants {
        let changed: Vec<&str> = v
            .rules
            .split_whitespace()
            .filter(|a| !defaults.contains(a))
            .collect();
        let labels: Vec<String> = v.agents.iter().map(|a| a.label()).collect();
        eprintln!(
            "  {}: {} players, agents {}, {}",
            v.name,
            v.players,
            labels.join(" | "),
            if changed.is_empty() {
                "default rules".to_string()
            } else {
                format!("rules {}", changed.join(" "))
            }
        );
        if !games.is_multiple_of(v.players as u64) {
            eprintln!(
                "note: {games} is not a multiple of {}: in variant {} the players do not hold \
                 every seat equally often",
                v.players, v.name
            );
        }
    }
    let records = args
        .records
        .as_deref()
        .map(|dir| (dir, "<variant>/game-<index>.rec"));
    announce_folder::<G, _>(&out, records, args.resume, &prepared, true);
    let start = Instant::now();
    let options = RunOptions::auto(args.threads, spec.bootstrap);
    let report = experiment
        .run(&prepared, &options)
        .map_err(|e| e.to_string())?;
    let summary = Summary::compute(&report.table, &experiment.config, spec.bootstrap)
        .map_err(|e| e.to_string())?;
    let files = write_report(&out, &summary, spec.plot_by).map_err(|e| e.to_string())?;
    let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    eprintln!(
        "played {} game(s) in {:.1} s; wrote {}, {}",
        report.played,
        start.elapsed().as_secs_f64(),
        prepared.folder.games().display(),
        names.join(", ")
    );
    out!("{}", summary.to_table(spec.plot_by));
    Ok(())
}
