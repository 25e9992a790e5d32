//! `meeplelab tune`: improve an agent spec's weights by SPSA self-play on paired games
//! (docs/agents.md, "Tuning").
//!
//! Thin: the parameter space, the search and the folder are the library's
//! ([`meeplelab::tune`]); the game setup is the one every command builds. Every check — agent,
//! parameters, ranges, gains, folder — runs before the first game.

use super::tournament::resume_command;
use super::{build_setup, CmdResult, GameArgs};
use meeplelab::agents::AgentSpec;
use meeplelab::arena::run::setup_config;
use meeplelab::arena::{ProgressMode, Shard};
use meeplelab::games::GameDef;
use meeplelab::tune::{tune_config, Gains, Space, Tuning, BEST_FILE, EVALUATIONS_FILE};
use std::path::{Path, PathBuf};

/// Arguments of `tune`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The agent to start from (greedy or mcts): spec name, path to a .toml spec, or inline
    /// form. Its values are the starting point.
    pub agent: String,
    /// A number to vary: NAME=LO..HI, or NAME for the range value ± max(|value|, 1). NAME is a
    /// heuristic term of the game or a number parameter of the agent's kind (opponent, c, …).
    /// Repeat for several. Without any: every heuristic term of the game.
    #[arg(long = "param", value_name = "NAME[=LO..HI]")]
    pub params: Vec<String>,
    /// The opponent both perturbed specs play at each step, same forms (default: the agent
    /// itself, unchanged).
    #[arg(long, value_name = "AGENT")]
    pub opponent: Option<String>,
    /// SPSA steps; a resumed run may ask for more than it had.
    #[arg(long, default_value_t = 30)]
    pub iterations: u64,
    /// Games per step of each perturbed spec against the opponent (both on the same deals), a
    /// multiple of the games sharing a deal (2 with 2 players: each deal with the seats
    /// swapped).
    #[arg(long, default_value_t = 40)]
    pub games: u64,
    /// Run seed: fixes every sign vector and deal.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Players per game (2..=5).
    #[arg(long, default_value_t = 2)]
    pub players: usize,
    /// Step size a (unit coordinates: 1 is a parameter's whole range).
    #[arg(long, default_value_t = 0.05)]
    pub step: f64,
    /// Perturbation size c, a share of each range in (0, 0.5].
    #[arg(long, default_value_t = 0.05)]
    pub perturbation: f64,
    /// Display name of the tuned spec (default: the agent's name with `-tuned`).
    #[arg(long)]
    pub name: Option<String>,
    /// Game threads (0: one per core). Results do not depend on it.
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Output folder: tune.json, evaluations.csv (one row per step) and best.toml (the tuned
    /// spec).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Continue an interrupted run in --out (or extend it with more --iterations).
    #[arg(long)]
    pub resume: bool,
    /// Game, tile set and rule options.
    #[command(flatten)]
    pub game: GameArgs,
}

/// Checks everything, runs the steps and prints the tuned values.
pub fn run<G: GameDef>(args: &Args) -> CmdResult {
    let base = AgentSpec::resolve(&args.agent).map_err(|e| e.to_string())?;
    let space = Space::new::<G>(&base, &args.params)?;
    let opponent = match &args.opponent {
        Some(text) => AgentSpec::resolve(text).map_err(|e| e.to_string())?,
        None => base.clone(),
    };
    let (setup, _) = build_setup::<G>(args.players, args.seed, &args.game)?;
    let game = setup_config(&setup, vec![base.label()], (args.seed, 1, Shard::ALL))
        .map_err(|e| e.to_string())?;
    let name = (args.name.clone()).unwrap_or_else(|| format!("{}-tuned", base.name()));
    let gains = Gains {
        step: args.step,
        perturbation: args.perturbation,
    };
    let config = tune_config(
        &game,
        &space,
        &opponent,
        &name,
        (args.seed, args.iterations, args.games),
        gains,
    );
    let new_game = move |seed: u64| {
        let mut s = setup.clone();
        G::set_seed(&mut s, seed);
        G::new_game(&s).expect("the setup was checked before the games")
    };
    let tuning = Tuning::new(config, space.clone(), opponent, Box::new(new_game))
        .map_err(|e| e.to_string())?;
    let prepared = tuning
        .prepare(&args.out, args.resume)
        .map_err(|e| e.to_string())?;
    eprintln!(
        "output: {} (if interrupted, rerun the same command with --resume)",
        args.out.display()
    );
    if prepared.resumed {
        eprintln!(
            "resuming: {} of {} steps done{}",
            prepared.kept,
            args.iterations,
            if prepared.dropped_partial_line {
                "; dropped a partial last row"
            } else {
                ""
            }
        );
    }
    explain_interruption(&args.out);
    let report = tuning
        .run(&prepared, args.threads, ProgressMode::auto())
        .map_err(|e| e.to_string())?;
    outln!(
        "{} steps of {} games ({} played now) tuning {} for {}, seed {}",
        args.iterations,
        args.games,
        report.played,
        base.label(),
        args.game.game,
        args.seed
    );
    outln!(
        "{:<24} {:>10} {:>10} {:>10} {:>10}",
        "parameter",
        "low",
        "high",
        "start",
        "tuned"
    );
    for (d, v) in space.dims().iter().zip(&report.values) {
        outln!(
            "{:<24} {:>10} {:>10} {:>10} {:>10.3}",
            d.name,
            d.lo,
            d.hi,
            d.start,
            v
        );
    }
    let best = args.out.join(BEST_FILE);
    outln!("tuned spec: {} ({})", best.display(), report.best.label());
    outln!(
        "every step: {}; check the result in a paired match, e.g. meeplelab match {} {} \
         --game {} --games 400",
        args.out.join(EVALUATIONS_FILE).display(),
        best.display(),
        args.agent,
        args.game.game
    );
    Ok(())
}

/// On Ctrl-C, says that finished steps are kept and how to continue, then exits with status
/// 130 (every step is one flushed row; a partial last row is dropped on resume).
fn explain_interruption(out: &Path) {
    let csv = out.join(EVALUATIONS_FILE);
    let command = resume_command();
    let _ = ctrlc::set_handler(move || {
        eprintln!(
            "\ninterrupted: finished steps are kept in {}; to continue:\n  {command}",
            csv.display()
        );
        std::process::exit(130);
    });
}
