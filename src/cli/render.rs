//! `meeplelab render`: draw the board of a game record, at any turn, as an SVG file.

use super::CmdResult;
use meeplelab::games::GameId;
use meeplelab::io::record::Record;
use meeplelab::io::svg::{board_svg, tileset_of};
use meeplelab::io::write_atomically;
use std::path::PathBuf;

/// Arguments of `render`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game record to draw.
    pub record: PathBuf,
    /// Draw the position after this many complete turns (0: before the first tile; past the
    /// end of the record: its last position). Default: the last position.
    #[arg(long, value_name = "N")]
    pub turn: Option<usize>,
    /// Where to write the SVG.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

/// Replays the record up to the turn, draws the board, writes it atomically.
pub fn run(args: &Args) -> CmdResult {
    let record = Record::load(&args.record).map_err(|e| e.to_string())?;
    let (game, line) = record.game;
    if game != GameId::Safari {
        return Err(format!(
            "{}:{line}: render is not available for {game} yet (only safari records); \
             `meeplelab replay` checks the record",
            args.record.display()
        ));
    }
    let base = args.record.parent().map(PathBuf::from).unwrap_or_default();
    let replay = record
        .replay_to_turn(&base, args.turn)
        .map_err(|e| e.to_string())?;
    let set = tileset_of(&record, &base).map_err(|e| e.to_string())?;
    let state = &replay.state;
    let caption = args
        .record
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let svg = board_svg(state, &set, &caption).map_err(|e| e.to_string())?;
    write_atomically(&args.out, &svg).map_err(|e| e.to_string())?;
    let note = match args.turn {
        Some(n) if n > state.turn() => {
            format!(
                " (the record ends after turn {}: its last position)",
                state.turn()
            )
        }
        _ => String::new(),
    };
    println!(
        "wrote {}: position after {} turns, {} decisions{note}",
        args.out.display(),
        state.turn(),
        replay.decisions
    );
    Ok(())
}
