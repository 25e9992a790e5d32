//! N-1, N-2: the reconstructed tile set has the official types and counts, and the starting
//! board has ten coastal spaces with the three named towns.

mod common;

use common::tile_files::assert_doc_shows;
use meeplelab::core::tileset::FeatureKind;
use meeplelab::games::new_world::{parse_new_world, NewWorldTiles};

/// N-1: counts of NewW_tile-01 … -50.
const COUNTS: [usize; 50] = [
    2, 3, 3, 2, 1, 1, 1, 3, 2, 1, 4, 3, 1, 3, 2, 3, 4, 4, 1, 1, 3, 1, 1, 1, 1, 3, 2, 1, 2, 2, 1, 1,
    2, 3, 1, 3, 3, 1, 3, 2, 1, 1, 1, 1, 1, 3, 1, 2, 1, 1,
];

#[test]
fn n_1_fifty_types_ninety_five_tiles_official_counts() {
    let t = NewWorldTiles::builtin();
    assert_eq!(t.set.types.len(), 50);
    for (i, ty) in t.set.types.iter().enumerate() {
        assert_eq!(ty.id, format!("{:02}", i + 1));
        assert_eq!(ty.count, COUNTS[i], "tile {}", ty.id);
    }
    assert_eq!(t.compiled.land.len(), 95);
    assert_eq!(COUNTS.iter().sum::<usize>(), 95);
}

#[test]
fn n_1_every_feature_kind_and_symbol_appears() {
    let t = NewWorldTiles::builtin();
    let all: Vec<_> = t
        .set
        .types
        .iter()
        .flat_map(|ty| ty.layout.features.iter())
        .collect();
    let has = |k: FeatureKind| all.iter().filter(|f| f.kind == k).count();
    assert!(has(FeatureKind::Road) > 0 && has(FeatureKind::City) > 0);
    assert!(has(FeatureKind::Field) > 0 && has(FeatureKind::Farm) > 0);
    // Crossings: tiles where three or four trails end.
    let crossings = t
        .set
        .types
        .iter()
        .filter(|ty| {
            ty.layout
                .features
                .iter()
                .filter(|f| f.kind == FeatureKind::Road)
                .count()
                >= 3
        })
        .count();
    assert!(crossings >= 4, "{crossings} crossing types");
    let flags = all
        .iter()
        .filter(|f| f.kind == FeatureKind::City && f.pennants > 0)
        .count();
    let posts = all
        .iter()
        .filter(|f| f.kind == FeatureKind::Road && f.pennants > 0)
        .count();
    let animals = all
        .iter()
        .filter(|f| f.kind == FeatureKind::Field && f.birds > 0)
        .count();
    assert!(
        flags > 0 && posts > 0 && animals > 0,
        "{flags} {posts} {animals}"
    );
}

#[test]
fn n_2_starting_board_has_ten_spaces_and_three_coastal_towns() {
    let t = NewWorldTiles::builtin();
    assert_eq!(t.compiled.start.len(), 10);
    let rows: Vec<i8> = t.compiled.start.iter().map(|(c, _)| c.y).collect();
    assert!(t.compiled.start.iter().all(|(c, _)| c.x == 0));
    assert_eq!(rows, (0..10).rev().collect::<Vec<i8>>());
    let names: Vec<&str> = t.coast_names.iter().map(|(_, n)| n.as_str()).collect();
    assert_eq!(names, ["Plymouth", "New-York", "Jamestown"]);
    let roads = t
        .set
        .start
        .iter()
        .filter(|c| {
            c.layout
                .features
                .iter()
                .any(|f| f.kind == FeatureKind::Road)
        })
        .count();
    assert!(roads >= 3, "trails to the sea");
}

#[test]
fn bad_files_name_the_line() {
    let e = parse_new_world(
        "tileset x\ngame new-world\ntile 1 count 1\n  road N S\n  field N\ncoast 0\n",
        "t",
    )
    .unwrap_err();
    assert_eq!(e.line, 3, "{e}");
    let e = parse_new_world("tileset x\ngame carcassonne\n", "t").unwrap_err();
    assert_eq!(e.line, 2);
    let e = parse_new_world(
        "tileset x\ngame new-world\ntile 1 count 1\n  farm\n  field N E S W\n  meadow N\n",
        "t",
    )
    .unwrap_err();
    assert_eq!(e.line, 6);
}

#[test]
fn the_new_world_tile_document_shows_the_builtin_set() {
    let shown = NewWorldTiles::builtin().render();
    let drawn: Vec<&str> = shown
        .split("\n\n")
        .filter(|b| {
            (b.starts_with("tile ") && !b.starts_with("tile set"))
                || b.starts_with("starting column")
        })
        .collect();
    assert_eq!(drawn.len(), 51, "50 types and the starting column");
    assert_doc_shows("new-world-tiles.md", &drawn);
}
