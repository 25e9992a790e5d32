//! `meeplelab tiles show|check`: any game's built-in tile file or a user's file, read as the
//! game its `game` line names (or `--game`, which the file must then agree with).

use super::{emit, CmdResult};
use meeplelab::core::tileset::{declared_game, read_tile_file};
use meeplelab::games::{GameDef, GameId, TileFileView};
use meeplelab::with_game;
use std::path::Path;

/// Reads `file` (or, without one, the built-in file of `game`, default Safari) as a tile file
/// of the game it declares; `game`, when given, must agree with the file's `game` line.
fn view(game: Option<GameId>, file: Option<&Path>) -> Result<TileFileView, String> {
    let Some(file) = file else {
        let game = game.unwrap_or(GameId::Safari);
        return with_game!(game, G => G::view_tile_file(
            G::BUILTIN_TILE_FILE,
            &format!("<builtin {} tiles>", G::NAME)
        ));
    };
    let (text, origin) = read_tile_file(file).map_err(|e| e.to_string())?;
    let declared = match declared_game(&text) {
        Some((line, name)) => {
            let id = GameId::from_name(&name).map_err(|e| format!("{origin}:{line}: {e}"))?;
            if let Some(g) = game.filter(|&g| g != id) {
                return Err(format!(
                    "{origin}:{line}: the tile set is for game \"{name}\", not {g} (--game)"
                ));
            }
            Some(id)
        }
        None => None,
    };
    // Without a `game` line the game's own reader reports it missing.
    let game = declared.or(game).unwrap_or(GameId::Safari);
    with_game!(game, G => G::view_tile_file(&text, &origin))
}

/// Prints every tile type of a file, or of a game's built-in set.
pub fn show(game: Option<GameId>, file: Option<&Path>) -> CmdResult {
    emit(&view(game, file)?.drawing);
    Ok(())
}

/// Validates a file and prints a one-line summary.
pub fn check(game: Option<GameId>, file: &Path) -> CmdResult {
    let summary = view(game, Some(file))?.summary;
    outln!("{}: ok — {summary}", file.display());
    Ok(())
}
