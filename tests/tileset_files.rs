//! Tile-set files end to end: broken files fail with the right line and message, a custom file
//! loads, the built-in Safari set round-trips, and no input makes the parser or the validator
//! panic.

mod common;

use common::tile_files::{
    assert_doc_shows, assert_file_is, every_single_edit_survives, format_example, repo_file,
    survive, tile_blocks,
};
use meeplelab::core::tileset::{
    parse_tileset, render_tileset, CompiledTiles, TileSet, TileSetError,
};
use meeplelab::games::safari::{BUILTIN_SAFARI, BUILTIN_TILES};
use meeplelab::games::tile_sets::{self, validate};
use std::path::{Path, PathBuf};

/// Segments a Safari set may have.
const MAX_SEGMENTS: usize = 255;

/// Each broken file, the line its error must name (0 = the whole file) and a key phrase of the
/// message. Every file holds exactly one mistake, described in its first line.
#[rustfmt::skip]
const BROKEN: &[(&str, usize, &str)] = &[
    ("bad_animal_letter", 15, "expected animals as species letters A, E, G, L, Z"),
    ("bad_side_letter", 7, "expected a side letter N, E, S or W, found \"X\""),
    ("bird_on_path", 7, "birds are only allowed on bush"),
    ("cell_without_copy", 25, "start cell 0 0 has no copy line"),
    ("coordinate_overflow", 28, "expected a cell coordinate (a whole number -128..=127)"),
    ("copy_entries_mismatch", 15, "copy line has 1 entry but tile corner-bush declares 2 features (path S W, bush N E)"),
    ("count_mismatch", 6, "tile straight has count 3 but 2 copy lines"),
    ("disconnected_start", 28, "start cell 3 0 is not connected"),
    ("duplicate_id", 17, "duplicate tile id \"straight\" (first declared at line 6)"),
    ("empty_path", 7, "expected at least one side letter"),
    ("feature_after_copy", 10, "\"bush\" after a copy line"),
    ("mismatched_start_edges", 28, "the E side of 0 0 shows path but the W side of 1 0 shows savanna"),
    ("missing_game", 0, "missing \"game <name>\" line"),
    ("missing_start", 0, "no start tile"),
    ("missing_tileset_line", 2, "expected \"tileset <name>\" as the first line"),
    ("negative_count", 17, "expected a copy count (a whole number), found \"-1\""),
    ("side_used_twice", 13, "side N of tile corner-bush is touched by two features"),
    ("three_vehicles", 25, "3 vehicle spaces; a tile set has at most 2"),
    ("too_many_features", 75, "257 segments"),
    ("too_many_tiles", 85, "80 cells (land tiles + start cells) but the board holds at most 78"),
    ("unknown_game", 0, "unknown game \"chess\"; supported games: safari"),
    ("unknown_keyword", 7, "unknown keyword \"paht\"; expected one of:"),
    ("vehicle_not_adjacent", 24, "vehicle space 5 5 is not next to any start cell"),
    ("vehicle_on_start_cell", 24, "vehicle space 1 0 is on the start cell of line 28"),
];

fn data(path: &str) -> PathBuf {
    repo_file("tests/data/tilesets").join(path)
}

fn load(path: &Path) -> Result<TileSet, TileSetError> {
    tile_sets::load(path)
}

#[test]
fn each_broken_file_names_its_line_and_mistake() {
    for &(name, line, phrase) in BROKEN {
        let path = data(&format!("broken/{name}.tiles"));
        let error = load(&path).expect_err(name);
        assert_eq!(error.line, line, "{name}: {error}");
        assert!(error.message.contains(phrase), "{name}: {error}");
        assert_eq!(error.origin, path.display().to_string(), "{name}");
        assert!(error
            .to_string()
            .starts_with(&format!("{}:{line}: ", error.origin)));
    }
}

#[test]
fn every_broken_file_is_checked() {
    let mut files: Vec<String> = std::fs::read_dir(data("broken"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let listed: Vec<String> = BROKEN
        .iter()
        .map(|(n, _, _)| format!("{n}.tiles"))
        .collect();
    assert_eq!(files, listed);
    assert!(files.len() >= 12);
}

#[test]
fn a_small_custom_file_loads() {
    let set = load(&data("small.tiles")).unwrap();
    assert_eq!(set.name, "mini-safari");
    assert_eq!(set.types.len(), 3);
    assert_eq!(set.land_tile_count(), 4);
    assert_eq!(set.start.len(), 2);
    assert_eq!(set.vehicles.len(), 2);
    let compiled = CompiledTiles::compile(&set);
    assert_eq!(compiled.land.len(), 4);
    // straight 2 x 1 feature, corner-bush 2, field 0; start cells 1 + 2.
    assert_eq!(compiled.total_segments(), 7);
}

#[test]
fn the_builtin_set_round_trips() {
    let builtin = BUILTIN_TILES.tile_set();
    validate(&builtin).unwrap();
    assert_eq!(
        parse_tileset(BUILTIN_SAFARI, "<builtin safari.tiles>").unwrap(),
        builtin
    );
    assert_file_is("src/games/safari/safari.tiles", &builtin);
    let compiled = CompiledTiles::compile(&builtin);
    assert_eq!(compiled.land.len(), 72);
    assert_eq!(compiled.start.len(), 3);
    assert!(render_tileset(&builtin).contains("72 land tiles, 29 with a baobab, 34 birds"));
}

#[test]
fn the_example_in_the_format_documentation_loads() {
    let from_doc = format_example("# A small custom tile set");
    let file = load(&data("small.tiles")).unwrap();
    assert_eq!(
        TileSet {
            origin: "doc".into(),
            ..file
        },
        from_doc
    );
}

#[test]
fn the_safari_tile_document_shows_the_builtin_set() {
    let shown = render_tileset(&BUILTIN_TILES.tile_set());
    let mut drawn = tile_blocks(&shown);
    drawn.extend(
        shown
            .split("\n\n")
            .filter(|block| block.starts_with("start tile (")),
    );
    assert_eq!(drawn.len(), 34);
    assert_doc_shows("safari-tiles.md", &drawn);
}

#[test]
fn unreadable_files_are_errors_not_panics() {
    let missing = load(&data("no-such-file.tiles")).unwrap_err();
    assert_eq!(missing.line, 0);
    assert!(missing.message.starts_with("cannot read file"));
    let junk = std::env::temp_dir().join(format!("meeplelab-junk-{}.tiles", std::process::id()));
    std::fs::write(&junk, [0xFFu8, 0xFE, 0x00, 0x80, b'\n', 0xC3]).unwrap();
    let error = load(&junk).unwrap_err();
    std::fs::remove_file(&junk).unwrap();
    assert_eq!(error.line, 0);
}

#[test]
fn garbage_never_panics() {
    let header = "tileset t\ngame safari\n";
    let samples = [
        String::new(),
        "\0\0\0\u{1}\u{7f}".to_string(),
        "#".repeat(1000),
        "tileset".to_string(),
        "tileset a b c".to_string(),
        format!("{header}tile 1 count 99999999999999999999999999\ncopy\n"),
        format!("{header}tile 1 count 18446744073709551615\ncopy\n"),
        format!("{header}tile 1 count -5\n"),
        format!("{header}tile 1 count 1\nbush N birds 300\n"),
        format!("{header}tile 1 count 1\nbush N birds -1\n"),
        format!("{header}tile 1 count 1\npath N\ncopy {}\n", "Z".repeat(100_000)),
        format!("{header}start\ncell 127 127\ncopy\ncell -128 -128\ncopy\nvehicle 127 -128\n"),
        format!("{header}start\ncell 128 0\n"),
        format!("{header}start\ncell -129 0\n"),
        format!("{header}start\ncell 0 0\ncopy\ncell 0 0\ncopy\n"),
        format!("{header}tile é count 1\n"),
        format!("{header}tile 1 count 1\npath N É\n"),
        format!("{header}{}", "tile 1 count 1\ncopy\n".repeat(500)),
        format!("{header}tile 1 count 1\npath N\npath N\npath N\npath N\npath N\ncopy - - - - -\nstart\ncell 0 0\ncopy\n"),
    ];
    for sample in &samples {
        survive(sample, MAX_SEGMENTS);
    }
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..200 {
        let bytes: Vec<u8> = (0..300)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state >> 56) as u8
            })
            .collect();
        survive(&String::from_utf8_lossy(&bytes), MAX_SEGMENTS);
    }
}

#[test]
fn every_single_edit_of_the_builtin_file_is_handled() {
    let replacements = [
        "",
        "-1",
        "300",
        "99999999999999999999",
        "X",
        "birds",
        "N",
        "copy",
        "cell",
    ];
    every_single_edit_survives(BUILTIN_SAFARI, &replacements, MAX_SEGMENTS);
}
