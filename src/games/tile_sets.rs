//! Tile files of the shared format (docs/tileset-format.md): read, parsed by the core, and
//! checked by the game their `game` line names ([`GameDef::TILE_CHECKS`]).

use super::{GameDef, GameId};
use crate::core::tileset::validate::validate_with;
use crate::core::tileset::{parse_tileset, read_tile_file, TileSet, TileSetError};
use std::path::Path;

/// Checks that `set` can be played as the game its `game` line names; the first problem found
/// is the error, naming the file and the line (0 for the whole file).
pub fn validate(set: &TileSet) -> Result<(), TileSetError> {
    let checks = GameId::from_name(&set.game)
        .ok()
        .and_then(|id| crate::with_game!(id, G => G::TILE_CHECKS));
    match checks {
        Some(checks) => validate_with(set, checks),
        None => validate_with(set, |set| {
            Err((
                0,
                format!(
                    "unknown game {:?}; supported games: {}",
                    set.game,
                    games_of_the_shared_format().join(", ")
                ),
            ))
        }),
    }
}

/// Reads, parses and checks the tile file at `path`.
pub fn load(path: &Path) -> Result<TileSet, TileSetError> {
    let (text, name) = read_tile_file(path)?;
    let set = parse_tileset(&text, &name)?;
    validate(&set)?;
    Ok(set)
}

/// For the games' tile-check tests: checks that each `(text, line, phrase)` of `cases` is a
/// tile file that parses but fails [`validate`] at `line` with an error naming `phrase`.
#[cfg(test)]
pub(crate) fn assert_problems(cases: &[(String, usize, &str)]) {
    for (text, line, phrase) in cases {
        let set = parse_tileset(text, "test.tiles").expect("the text parses");
        let e = validate(&set).expect_err("the set should be invalid");
        assert!(e.message.contains(phrase), "{text}\n{e}");
        assert_eq!(e.line, *line, "{text}\n{e}");
    }
}

/// The games whose tile files have the shared format.
fn games_of_the_shared_format() -> Vec<&'static str> {
    (GameId::ALL.iter())
        .filter(|&&id| crate::with_game!(id, G => G::TILE_CHECKS.is_some()))
        .map(|id| id.name())
        .collect()
}
