//! The built-in Carcassonne tile file end to end: it round-trips from disk, the documentation
//! shows exactly what the renderer draws, the format documentation's example loads and plays,
//! and no edit of the file makes the parser, validator, compiler or renderer panic.

mod common;

use common::tile_files::{
    assert_doc_shows, assert_file_is, doc, every_single_edit_survives, format_example, text_block,
    tile_blocks,
};
use meeplelab::core::game::Game;
use meeplelab::core::tileset::{render_tileset, CompiledTiles};
use meeplelab::games::carcassonne::MAX_TOTAL_SEGMENTS;
use meeplelab::games::carcassonne::{CarcassonneState, Setup, BUILTIN_CARCASSONNE, BUILTIN_TILES};

#[test]
fn the_builtin_file_round_trips_from_disk() {
    let builtin = BUILTIN_TILES.tile_set();
    assert_file_is("src/games/carcassonne/carcassonne.tiles", &builtin);
    assert!(render_tileset(&builtin).contains(
        "totals: 40 tile types, 92 tiles (91 land tiles and the start tile), 10 pennants, \
         8 monasteries"
    ));
}

#[test]
fn the_tile_document_shows_every_builtin_tile() {
    let shown = render_tileset(&BUILTIN_TILES.tile_set());
    let drawn = tile_blocks(&shown);
    // 24 base types (C-1), 6 of The Robbers and 10 of Bridges, Castles and Bazaars (B-1).
    assert_eq!(drawn.len(), 40);
    assert_doc_shows("carcassonne-tiles.md", &drawn);
}

#[test]
fn the_example_in_the_format_documentation_loads_and_plays() {
    let set = format_example("# A small Carcassonne set");
    assert_eq!(set.land_tile_count(), 5);
    let shown = render_tileset(&set);
    let doc = doc("tileset-format.md");
    let d = text_block(&doc, "tile D (2 copies)").unwrap();
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

#[test]
fn every_single_edit_of_the_builtin_file_is_handled() {
    let replacements = [
        "", "-1", "300", "X", "N", "Nw", "pennant", "copy", "road", "field",
    ];
    every_single_edit_survives(BUILTIN_CARCASSONNE, &replacements, MAX_TOTAL_SEGMENTS);
}
