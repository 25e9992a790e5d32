//! The `meeplelab` command line: parse arguments, call the library, print results.

mod random_game;
mod replay;
mod tiles;

use clap::{Parser, Subcommand};
use std::path::PathBuf;

/// meeplelab — AI self-play and search research on Carcassonne-family tile games.
#[derive(Parser, Debug)]
#[command(name = "meeplelab", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Show or check tile-set files.
    #[command(subcommand)]
    Tiles(TilesCommand),
    /// Play one game with uniformly random decisions and write its record.
    RandomGame(random_game::Args),
    /// Re-check a game record against the rules and print final scores and statistics.
    Replay(replay::Args),
}

/// `meeplelab tiles …`
#[derive(Subcommand, Debug)]
pub enum TilesCommand {
    /// Print every tile type as ASCII art with counts, animals, birds and baobabs.
    Show {
        /// Tile-set file to show instead of the built-in Safari set.
        #[arg(long, value_name = "FILE")]
        tileset: Option<PathBuf>,
    },
    /// Validate a tile-set file; prints a summary or the first error with file:line.
    Check {
        /// The file to check.
        file: PathBuf,
    },
}

/// Options shared by every command that creates a Safari game.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct GameArgs {
    /// Tile-set file replacing the built-in Safari set (see docs/tileset-format.md).
    #[arg(long, value_name = "FILE")]
    pub tileset: Option<PathBuf>,
    /// Rule option as key=value; repeat for several. Keys: final_scoring (majority|all),
    /// baobab_tokens_first (true|false), vehicle_bonus (0..=100), vehicles (0..=2),
    /// meeples (1..=12), start_tokens (0..=10).
    #[arg(long = "rule", value_name = "KEY=VALUE")]
    pub rules: Vec<String>,
}

/// Runs the command line; returns the process exit code.
pub fn run() -> i32 {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Tiles(TilesCommand::Show { tileset }) => tiles::show(tileset.as_deref()),
        Command::Tiles(TilesCommand::Check { file }) => tiles::check(&file),
        Command::RandomGame(args) => random_game::run(&args),
        Command::Replay(args) => replay::run(&args),
    };
    match result {
        Ok(()) => 0,
        Err(message) => {
            eprintln!("error: {message}");
            1
        }
    }
}

/// Result of a command: errors are messages for the user.
pub type CmdResult = Result<(), String>;
