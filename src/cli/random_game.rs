//! `meeplelab random-game`: one game of uniformly random decisions, written as a record.

use super::{build_setup, CmdResult, GameArgs};
use meeplelab::core::rng::{below, derive_seed, rng_from_seed};
use meeplelab::games::GameDef;
use meeplelab::io::record::RecordWriter;
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
pub fn run(args: &Args) -> CmdResult {
    meeplelab::with_game!(args.game.game, G => play::<G>(args))
}

fn play<G: GameDef>(args: &Args) -> CmdResult {
    let (setup, tileset_ref) = build_setup::<G>(args.players, args.seed, &args.game)?;
    let resolved = G::resolve(&setup)?;
    let mut state = G::start(G::tiles(&setup), &resolved)?;
    let mut writer = RecordWriter::<G>::new(&resolved, G::tiles(&setup), &tileset_ref);
    let mut rng = rng_from_seed(derive_seed(args.seed, 2));
    let mut legal = Vec::new();
    while !state.is_terminal() {
        state.legal_actions(&mut legal);
        let action = legal[below(&mut rng, legal.len())];
        writer.decision(&state, &action);
        state.apply(action);
    }
    let text = writer.finish(&state);
    write_atomically(&args.out, &text).map_err(|e| e.to_string())?;
    println!(
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
