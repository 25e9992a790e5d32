//! The built-in Carcassonne tile file end to end: it round-trips from disk, the documentation
//! shows exactly what the renderer draws, the format documentation's example loads and plays,
//! and no edit of the file makes the parser, validator, compiler or renderer panic.

use meeplelab::core::game::Game;
use meeplelab::core::tileset::{
    parse_tileset, render_tileset, validate, CompiledTiles, TileSet, CARCASSONNE_MAX_SEGMENTS,
};
use meeplelab::games::carcassonne::{
    builtin_tile_set, CarcassonneState, Setup, BUILTIN_CARCASSONNE,
};
use std::path::Path;

fn doc(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("docs")
            .join(name),
    )
    .unwrap()
}

#[test]
fn the_builtin_file_round_trips_from_disk() {
    let builtin = builtin_tile_set();
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games/carcassonne/carcassonne.tiles");
    let from_file = TileSet::load(&path).unwrap();
    assert_eq!(
        TileSet {
            origin: builtin.origin.clone(),
            ..from_file
        },
        builtin
    );
    assert!(render_tileset(&builtin).contains(
        "totals: 40 tile types, 92 tiles (91 land tiles and the start tile), 10 pennants, \
         8 monasteries"
    ));
}

#[test]
fn the_tile_document_shows_every_builtin_tile() {
    let doc = doc("carcassonne-tiles.md");
    let shown = render_tileset(&builtin_tile_set());
    let drawn: Vec<&str> = shown
        .split("\n\n")
        .filter(|block| block.starts_with("tile ") && !block.starts_with("tile set"))
        .collect();
    // 24 base types (C-1), 6 of The Robbers (R-1) and 10 of Bridges, Castles and Bazaars (B-1).
    assert_eq!(drawn.len(), 40);
    for block in drawn {
        assert!(
            doc.contains(block.trim_end()),
            "docs/carcassonne-tiles.md lacks:\n{block}"
        );
    }
}

#[test]
fn the_example_in_the_format_documentation_loads_and_plays() {
    let doc = doc("tileset-format.md");
    let example = doc
        .split("```text\n")
        .find(|block| block.starts_with("# A small Carcassonne set"))
        .and_then(|block| block.split("```").next())
        .expect("docs/tileset-format.md holds the Carcassonne example");
    let set = parse_tileset(example, "doc").unwrap();
    validate(&set).unwrap();
    assert_eq!(set.land_tile_count(), 5);
    let shown = render_tileset(&set);
    let d = doc
        .split("```text\n")
        .find(|block| block.starts_with("tile D (2 copies)"))
        .and_then(|block| block.split("```").next())
        .unwrap();
    assert!(shown.contains(d.trim_end()), "{shown}");
    let tiles = CompiledTiles::compile(&set).leak();
    let mut g = CarcassonneState::new(&Setup::with_tiles(2, 1, tiles)).unwrap();
    let mut legal = Vec::new();
    while !g.is_terminal() {
        g.legal_actions(&mut legal);
        g.apply(legal[0]);
    }
    assert_eq!(g.cells().len() + g.tiles_removed(), 6);
}

/// Parses, validates, compiles and renders `text` as far as it gets: none of it may panic.
fn survive(text: &str) {
    if let Ok(set) = parse_tileset(text, "fuzz") {
        render_tileset(&set);
        if validate(&set).is_ok() {
            let compiled = CompiledTiles::compile(&set);
            assert!(compiled.total_segments() <= CARCASSONNE_MAX_SEGMENTS);
        }
    }
}

#[test]
fn every_single_edit_of_the_builtin_file_is_handled() {
    let lines: Vec<&str> = BUILTIN_CARCASSONNE.lines().collect();
    let replacements = [
        "", "-1", "300", "X", "N", "Nw", "pennant", "copy", "road", "field",
    ];
    for i in 0..lines.len() {
        let without: Vec<&str> = lines
            .iter()
            .enumerate()
            .filter(|(j, _)| *j != i)
            .map(|(_, l)| *l)
            .collect();
        survive(&without.join("\n"));
        let words: Vec<&str> = lines[i].split_whitespace().collect();
        for w in 0..words.len() {
            for replacement in replacements {
                let mut edited = words.clone();
                edited[w] = replacement;
                let mut text = lines.clone();
                let joined = edited.join(" ");
                text[i] = &joined;
                survive(&text.join("\n"));
            }
        }
    }
}
