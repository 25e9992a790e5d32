//! The `meeplelab` command line: parse arguments, call the library, print results.

/// `print!` through [`emit`]: a closed pipe ends the output quietly.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::emit(&format!($($arg)*))
    };
}

/// `println!` through [`emit`]: a closed pipe ends the output quietly.
macro_rules! outln {
    () => {
        $crate::cli::emit("\n")
    };
    ($($arg:tt)*) => {
        $crate::cli::emit(&format!("{}\n", format_args!($($arg)*)))
    };
}

mod bench;
mod experiment;
mod match_cmd;
mod merge;
mod perft;
mod play;
mod random_game;
mod render;
mod replay;
mod summarize;
mod tiles;
mod tournament;
mod tune;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use meeplelab::games::{GameDef, GameId, Setup};
use meeplelab::with_game;
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
    /// Measure engine speed: random games/s, decisions/s, placement checks/s, thread scaling.
    Bench(bench::Args),
    /// Count action sequences of a given depth over a fixed draw order (like chess perft).
    Perft(perft::Args),
    /// Play seat-swapped games between two agents; print win rates and mean scores.
    Match(match_cmd::Args),
    /// Run a tournament between agents (parallel, resumable, shardable); no arguments: random
    /// vs greedy vs mcts.
    Tournament(tournament::Args),
    /// Recompute standings (win rates, scores, ratings) from games.csv files.
    Summarize(summarize::Args),
    /// Join the shard folders of one tournament into one folder (checks configuration and
    /// that every game is present once).
    Merge(merge::Args),
    /// Draw the board of a game record at any turn as an SVG picture, or the whole game as an
    /// HTML replay viewer (--html).
    Render(render::Args),
    /// Play any game in the terminal against agents or each other (numbered options or moves
    /// in notation; --load continues a saved game).
    Play(play::Args),
    /// Run a balance experiment from a TOML spec: paired rule/agent variants on the same game
    /// seeds; writes games.csv, summary.csv and charts (docs/experiments.md).
    Experiment(experiment::Args),
    /// Improve an agent's heuristic weights by SPSA self-play on paired games (resumable);
    /// writes every evaluation and the tuned spec (docs/agents.md, "Tuning").
    Tune(tune::Args),
}

/// `meeplelab tiles …`
#[derive(Subcommand, Debug)]
pub enum TilesCommand {
    /// Print every tile type of a tile file (or of a game's built-in set) as ASCII art with
    /// its copies and features.
    #[command(after_help = TILES_AFTER_HELP)]
    Show {
        /// Game whose built-in set to show (without --tileset: safari, carcassonne or
        /// new-world; default safari). With --tileset, the file's `game` line must name it.
        #[arg(long, value_name = "GAME")]
        game: Option<GameId>,
        /// Tile-set file to show instead of a built-in set; read as the game its `game` line
        /// names.
        #[arg(long, value_name = "FILE")]
        tileset: Option<PathBuf>,
    },
    /// Validate a tile-set file of any game; prints a summary or the first error with
    /// file:line.
    #[command(after_help = TILES_AFTER_HELP)]
    Check {
        /// The file to check; read as the game its `game` line names.
        file: PathBuf,
        /// The game the file must be for (an error names the file's `game` line otherwise).
        #[arg(long, value_name = "GAME")]
        game: Option<GameId>,
    },
}

/// How `tiles show|check` pick the game of a file.
const TILES_AFTER_HELP: &str = "\
Every tile file names its game in a `game` line (safari, carcassonne or new-world), and is
read in that game's format (docs/tileset-format.md; New World: docs/new-world-tiles.md).
--game is optional: with a file it only checks that the file is for that game; without a
file, `tiles show --game G` prints G's built-in set. Examples:
  meeplelab tiles check src/games/new_world/new-world.tiles
  meeplelab tiles show --game carcassonne
  meeplelab tiles show --tileset my.tiles --game new-world";

/// Options shared by every command that creates games.
#[derive(clap::Args, Debug, Clone)]
pub struct GameArgs {
    /// Game (the help lists every game).
    #[arg(long, default_value = "safari", value_name = "GAME", help = game_help())]
    pub game: GameId,
    /// Tile-set file replacing the game's built-in set (see docs/tileset-format.md).
    #[arg(long, value_name = "FILE")]
    pub tileset: Option<PathBuf>,
    /// Rule option as key=value (the help lists every game's options).
    #[arg(long = "rule", value_name = "KEY=VALUE", help = rule_help())]
    pub rules: Vec<String>,
}

/// Help of `--game`: every game's name, from [`GameId::ALL`].
fn game_help() -> String {
    let names: Vec<&str> = GameId::ALL.iter().map(|g| g.name()).collect();
    format!("Game: {}.", names.join(", "))
}

/// Help of `--rule`: every game's option keys with their values, from
/// [`GameDef::RULE_OPTIONS`] (so the help cannot fall behind the games).
fn rule_help() -> String {
    let games: Vec<String> = GameId::ALL
        .iter()
        .map(|&g| {
            with_game!(g, G => {
                let keys: Vec<String> = G::RULE_OPTIONS
                    .iter()
                    .map(|o| format!("{} ({})", o.key, o.values))
                    .collect();
                format!("{}: {}.", G::TITLE, keys.join(", "))
            })
        })
        .collect();
    format!(
        "Rule option as key=value; repeat for several. {}",
        games.join(" ")
    )
}

/// Builds a setup of game `G` from common game arguments (`args.game` must be `G`'s); also
/// returns how to name the tile set in a record.
pub fn build_setup<G: GameDef>(
    players: usize,
    seed: u64,
    args: &GameArgs,
) -> Result<(Setup<G>, String), String> {
    meeplelab::games::def::build_setup(players, seed, args.tileset.as_deref(), &args.rules)
}

/// Runs the command line; returns the process exit code. A command that takes [`GameArgs`]
/// runs as the game they name (its `run::<G>`, through [`with_game!`]).
pub fn run() -> i32 {
    let cli = parse_command_line();
    let result = match cli.command {
        Command::Tiles(TilesCommand::Show { game, tileset }) => {
            tiles::show(game, tileset.as_deref())
        }
        Command::Tiles(TilesCommand::Check { file, game }) => tiles::check(game, &file),
        Command::RandomGame(args) => with_game!(args.game.game, G => random_game::run::<G>(&args)),
        Command::Replay(args) => replay::run(&args),
        Command::Bench(args) => with_game!(args.game.game, G => bench::run::<G>(&args)),
        Command::Perft(args) => with_game!(args.rules.game, G => perft::run::<G>(&args)),
        Command::Match(args) => with_game!(args.game.game, G => match_cmd::run::<G>(&args)),
        Command::Tournament(args) => with_game!(args.setup.game, G => tournament::run::<G>(&args)),
        Command::Summarize(args) => summarize::run(&args),
        Command::Merge(args) => merge::run(&args),
        Command::Render(args) => render::run(&args),
        Command::Play(args) => play::run(&args),
        Command::Experiment(args) => experiment::run(&args),
        Command::Tune(args) => with_game!(args.game.game, G => tune::run::<G>(&args)),
    };
    match result {
        Ok(()) => 0,
        Err(message) => {
            eprintln!("error: {}", shorten_long_words(&message));
            1
        }
    }
}

/// Longest run of non-blank characters an error message shows whole.
const LONGEST_WORD: usize = 200;

/// `message` with every run of more than [`LONGEST_WORD`] non-blank characters (an echoed
/// input value, typically) cut to its start, marked with `…` and its length, so that a 1 MB
/// line in a file gives a one-line error that still names the file and line.
fn shorten_long_words(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(4 * LONGEST_WORD));
    let mut rest = message;
    while !rest.is_empty() {
        let blank = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (word, tail) = rest.split_at(blank);
        let chars = word.chars().count();
        if chars > LONGEST_WORD {
            out.extend(word.chars().take(LONGEST_WORD / 2));
            out.push_str(&format!("… ({chars} characters)"));
        } else {
            out.push_str(word);
        }
        let spaces = tail.len() - tail.trim_start().len();
        out.push_str(&tail[..spaces]);
        rest = &tail[spaces..];
    }
    out
}

/// The command line, parsed. A negative number is taken as an option's value (`--games -1`),
/// so that the error names the option and what it takes instead of calling `-1` an unknown
/// argument.
fn parse_command_line() -> Cli {
    let command = negative_numbers_as_values(Cli::command());
    let matches = command.get_matches();
    Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit())
}

/// `command` and every subcommand below it with negative numbers allowed as values.
fn negative_numbers_as_values(command: clap::Command) -> clap::Command {
    let names: Vec<String> = (command.get_subcommands())
        .map(|c| c.get_name().to_string())
        .collect();
    names
        .iter()
        .fold(command.allow_negative_numbers(true), |c, name| {
            c.mut_subcommand(name, negative_numbers_as_values)
        })
}

/// Writes `text` to standard output. A closed pipe (as in `meeplelab replay g.rec | head`) ends
/// the output quietly instead of panicking like `print!` would.
pub fn emit(text: &str) {
    use std::io::Write;
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

/// Result of a command: errors are messages for the user.
pub type CmdResult = Result<(), String>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_words_are_cut_and_short_ones_kept() {
        let long = "y".repeat(LONGEST_WORD + 1);
        let shown = shorten_long_words(&format!("f.rec:3: found \"{long}\"  (end)"));
        assert!(shown.starts_with("f.rec:3: found \"yyy"), "{shown}");
        assert!(shown.ends_with(&format!("… ({} characters)  (end)", LONGEST_WORD + 3)));
        assert!(shown.len() < LONGEST_WORD, "{shown}");
        let exact = "z".repeat(LONGEST_WORD);
        assert_eq!(shorten_long_words(&exact), exact);
    }
}
