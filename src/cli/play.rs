//! `meeplelab play`: people play any game in the terminal, against agents or each other.
//!
//! At each of a person's decisions the terminal shows the board around the last tile, what is
//! to be decided, scores and supplies, and numbered legal options with the points each one
//! scores at once. The person answers with a number, a move in record notation, or a command
//! (`help`, `board`, `undo`, `save FILE`, `quit`). Every scoring is announced with its source
//! and the rule behind it. The loop ([`session`]) is the same for every game; what differs —
//! the board drawing, the question of each decision, the supplies, why a source scores — is
//! the game's [`table::Table`] hook (`safari`, `carcassonne`, `new_world`; Carcassonne and New
//! World draw their tiles with [`rim`]).

mod announce;
mod board;
mod carcassonne;
mod new_world;
mod rim;
mod safari;
mod seats;
mod session;
mod table;

use super::{emit, CmdResult, GameArgs};
use meeplelab::games::GameId;
use meeplelab::io::record::Record;
use std::path::PathBuf;

/// Arguments of `play`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Agent of the other seats: a spec name (agents/<name>.toml or a built-in: random,
    /// greedy, mcts-500, mcts-1s), a .toml path, or an inline spec such as mcts:iters=300.
    /// Give it once for every other seat, or once per other seat, in seat order.
    #[arg(long, value_name = "SPEC")]
    pub vs: Vec<String>,
    /// Number of players (2..=5).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=5))]
    pub players: u8,
    /// A seat played at this terminal; repeat it for several people (default: seat 0, which
    /// plays first).
    #[arg(long = "seat", value_name = "N")]
    pub seats: Vec<usize>,
    /// Game seed [default: taken from the clock and printed, so the game can be replayed].
    #[arg(long)]
    pub seed: Option<u64>,
    /// Continue the game saved in FILE (a record: its header fixes the game, players, seed,
    /// rules and tile set, its `agent` lines who sits where unless --vs or --seat are given).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["players", "seed", "game", "tileset", "rules"])]
    pub load: Option<PathBuf>,
    /// Game, tile set and rule options.
    #[command(flatten)]
    pub setup: GameArgs,
}

/// Runs a game at the terminal: a new one, or the one `--load` names.
pub fn run(args: &Args) -> CmdResult {
    match &args.load {
        Some(path) => {
            let record = Record::load(path).map_err(|e| e.to_string())?;
            let game = record.game_id().map_err(|e| e.to_string())?;
            meeplelab::with_game!(game, G => session::load::<G>(args, path, &record))
        }
        None => {
            let game: GameId = args.setup.game;
            meeplelab::with_game!(game, G => session::start::<G>(args))
        }
    }
}
