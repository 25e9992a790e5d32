//! `meeplelab tiles check|show` for every game: each built-in tile file checks and shows,
//! `--game` picks a built-in set and must agree with a file's `game` line, every tile file of
//! the scenario folders checks, and errors name file:line.

mod common;

use common::cli::{fails, ok, s, scratch};
use common::scenarios::files_with_ext;
use meeplelab::games::{GameDef, GameId};
use meeplelab::with_game;
use std::path::{Path, PathBuf};

/// The built-in tile file of `game` in the source tree.
fn builtin_file(game: GameId) -> PathBuf {
    let name = match game {
        GameId::Safari => "safari/safari.tiles",
        GameId::Carcassonne => "carcassonne/carcassonne.tiles",
        GameId::NewWorld => "new_world/new-world.tiles",
    };
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src/games")
        .join(name)
}

#[test]
fn every_games_builtin_file_checks_and_shows() {
    for game in GameId::ALL {
        let file = builtin_file(game);
        // The file in the tree is the one embedded in the binary.
        let embedded = with_game!(game, G => G::BUILTIN_TILE_FILE);
        assert_eq!(std::fs::read_to_string(&file).unwrap(), embedded, "{game}");
        let out = ok(&["tiles", "check", s(&file)]);
        assert!(
            out.starts_with(&format!("{}: ok — tile set \"", file.display()))
                && out.contains(&format!("\" for {game}: ")),
            "{out}"
        );
        // --game that agrees with the file's `game` line is accepted.
        let name = game.name();
        assert_eq!(ok(&["tiles", "check", s(&file), "--game", name]), out);
        // `show --game G` draws the built-in set; `show --tileset FILE` the same file.
        let shown = ok(&["tiles", "show", "--game", name]);
        assert!(
            shown.starts_with("tile set ") && shown.contains(&format!("(game {game})")),
            "{game}: {}",
            &shown[..shown.len().min(200)]
        );
        assert!(shown.contains("\ntile "), "{game}: no tile drawn");
        assert_eq!(ok(&["tiles", "show", "--tileset", s(&file)]), shown);
        assert_eq!(
            ok(&["tiles", "show", "--tileset", s(&file), "--game", name]),
            shown
        );
    }
    // Without --game and without a file, `show` draws the Safari set as before.
    assert_eq!(
        ok(&["tiles", "show"]),
        ok(&["tiles", "show", "--game", "safari"])
    );
}

#[test]
fn new_world_show_draws_types_features_and_the_coast() {
    let shown = ok(&["tiles", "show", "--game", "new-world"]);
    for phrase in [
        "totals: 50 tile types, 95 land tiles, 10 starting spaces;",
        "\ntile 01 (2 copies)\n  .......   farm\n  .......   trail S\n  ...M...   plains N E S W, 1 animal\n",
        "trail N S, 1 trading post",
        "\ncoast 9 Plymouth\n",
        "town E W, 1 flag",
        "\ncoast 0 Jamestown\n",
    ] {
        assert!(shown.contains(phrase), "missing {phrase:?}");
    }
}

#[test]
fn every_scenario_tile_file_checks_as_its_game() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let folders = [
        ("scenarios", GameId::Safari),
        ("scenarios/carcassonne", GameId::Carcassonne),
        ("scenarios/new-world", GameId::NewWorld),
        ("data/tilesets", GameId::Safari),
    ];
    let mut checked = 0;
    for (folder, game) in folders {
        for f in files_with_ext(&root.join(folder), "tiles") {
            let out = ok(&["tiles", "check", s(&f), "--game", game.name()]);
            assert!(out.contains(&format!("\" for {game}: ")), "{out}");
            ok(&["tiles", "show", "--tileset", s(&f)]);
            checked += 1;
        }
    }
    assert!(checked >= 15, "{checked} files");
}

#[test]
fn a_file_for_another_game_or_a_broken_file_names_file_and_line() {
    let nw = builtin_file(GameId::NewWorld);
    let err = fails(&["tiles", "check", s(&nw), "--game", "carcassonne"]);
    assert!(
        err.contains(&format!(
            "{}:6: the tile set is for game \"new-world\", not carcassonne",
            nw.display()
        )),
        "{err}"
    );
    let err = fails(&["tiles", "show", "--tileset", s(&nw), "--game", "safari"]);
    assert!(
        err.contains(":6: the tile set is for game \"new-world\""),
        "{err}"
    );
    let dir = scratch("tiles-cli", "broken");
    let bad = dir.join("bad.tiles");
    std::fs::write(
        &bad,
        "tileset x\ngame new-world\ntile a count 1\n  farm\n  meadow N\n",
    )
    .unwrap();
    let err = fails(&["tiles", "check", s(&bad)]);
    assert!(
        err.contains(&format!(
            "{}:5: unknown statement \"meadow\"",
            bad.display()
        )),
        "{err}"
    );
    let chess = dir.join("chess.tiles");
    std::fs::write(&chess, "tileset x\n# the game\ngame chess\n").unwrap();
    let err = fails(&["tiles", "check", s(&chess)]);
    assert!(
        err.contains(&format!("{}:3: unknown game \"chess\"", chess.display())),
        "{err}"
    );
    let err = fails(&["tiles", "show", "--game", "chess"]);
    assert!(err.contains("unknown game \"chess\""), "{err}");
}
