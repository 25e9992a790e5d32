//! `meeplelab random-game`: one game of uniformly random decisions, written as a record.

use super::{build_setup, CmdResult, GameArgs};
use meeplelab::games::GameDef;
use meeplelab::io::record::random_game_record;
use meeplelab::io::write_atomically;
use std::path::PathBuf;

/// Arguments of `random-game`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Game seed: fixes the tile and token draws and every random decision.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Number of players (2..=5).
    #[arg(long, default_value_t = 2)]
    pub players: usize,
    /// Where to write the record.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
    /// Game, tile set and rule options.
    #[command(flatten)]
    pub game: GameArgs,
}

/// Plays the game, writes the record, prints the final scores.
pub fn run<G: GameDef>(args: &Args) -> CmdResult {
    let (setup, tileset_ref) = build_setup::<G>(args.players, args.seed, &args.game)?;
    let (state, text) = random_game_record::<G>(&setup, &tileset_ref)?;
    write_atomically(&args.out, &text).map_err(|e| e.to_string())?;
    outln!(
        "wrote {} ({} turns); final scores: {}",
        args.out.display(),
        state.turn(),
        state
            .scores()
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    );
    Ok(())
}
