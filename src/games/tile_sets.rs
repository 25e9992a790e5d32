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

/// For the games' tile-check tests: checks each case of `cases`, the text of a case file
/// (`tests/data/tile-checks/<game>.txt`, whose header gives the format), against `base`, the
/// small valid tile file the cases edit: the edited file parses but fails [`validate`] at the
/// case's line with an error naming the case's phrase.
#[cfg(test)]
pub(crate) fn assert_problems(base: &str, cases: &str) {
    let cases = edited_cases(base, cases);
    assert!(!cases.is_empty(), "the case file holds no case");
    for (at, text, line, phrase) in cases {
        let set = parse_tileset(&text, "test.tiles").expect("the text parses");
        let e = validate(&set).expect_err("the set should be invalid");
        assert!(e.message.contains(phrase), "{at}\n{text}\n{e}");
        assert_eq!(e.line, line, "{at}\n{text}\n{e}");
    }
}

/// Each case of the case file `cases` (see [`assert_problems`]): where it stands (`case line
/// <n>`), the text of `base` with its edit made, the line and the phrase the error must name.
#[cfg(test)]
fn edited_cases<'a>(base: &str, cases: &'a str) -> Vec<(String, String, usize, &'a str)> {
    let unescape = |text: &str| text.replace("\\n", "\n");
    (cases.lines().enumerate())
        .filter(|(_, case)| !case.is_empty() && !case.starts_with('#'))
        .map(|(n, case)| {
            let at = format!("case line {}: {case}", n + 1);
            let [edit, line, phrase] = case.split(" | ").collect::<Vec<_>>()[..] else {
                panic!("{at}: expected TEXT => REPLACEMENT | line | phrase");
            };
            let Some((from, to)) = edit.split_once(" =>") else {
                panic!("{at}: expected TEXT => REPLACEMENT");
            };
            let (from, to) = (unescape(from), unescape(to.strip_prefix(' ').unwrap_or(to)));
            assert_eq!(base.matches(&from).count(), 1, "{at}: TEXT stands once");
            let line = line
                .parse()
                .unwrap_or_else(|_| panic!("{at}: {line:?} is no line"));
            assert!(!phrase.trim().is_empty(), "{at}: no phrase");
            (at, base.replacen(&from, &to, 1), line, phrase)
        })
        .collect()
}

/// The games whose tile files have the shared format.
fn games_of_the_shared_format() -> Vec<&'static str> {
    (GameId::ALL.iter())
        .filter(|&&id| crate::with_game!(id, G => G::TILE_CHECKS.is_some()))
        .map(|id| id.name())
        .collect()
}
