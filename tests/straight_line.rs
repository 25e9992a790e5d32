//! The board survives every tile laid in one straight line (design.md: "the grid must survive
//! a straight line of every tile").

mod common;

use common::check_features_against_flood_fill;
use meeplelab::core::game::Game;
use meeplelab::core::geom::Coord;
use meeplelab::core::tileset::CompiledTiles;
use meeplelab::games::safari::{Action, Phase, SafariState, Setup};
use meeplelab::games::tile_sets;

#[test]
fn seventy_two_tiles_in_a_line_west_of_the_start() {
    let set = tile_sets::load(std::path::Path::new("tests/data/line.tiles")).unwrap();
    let tiles = CompiledTiles::compile(&set).leak();
    let mut g = SafariState::new(&Setup::with_tiles(2, 3, tiles)).unwrap();
    let mut legal = Vec::new();
    let mut next_x = -2i8;
    while !g.is_terminal() {
        g.legal_actions(&mut legal);
        let action = match g.phase() {
            Phase::PlaceTile => {
                let a = *legal
                    .iter()
                    .find(|a| matches!(a, Action::Place { at, .. } if *at == Coord::new(next_x, 0)))
                    .unwrap_or_else(|| panic!("cannot extend the line to x = {next_x}"));
                next_x -= 1;
                a
            }
            Phase::Action => Action::Pass,
            _ => legal[0],
        };
        g.apply(action);
    }
    assert_eq!(next_x, -74, "every one of the 72 tiles was laid");
    for x in -73..=1i8 {
        let cell = g.cell_at(Coord::new(x, 0)).expect("a tile on the line");
        assert_eq!(cell.at, Coord::new(x, 0));
    }
    // The line is one cell high: both neighbours of every tile are empty and on the frontier.
    assert!(g.cell_at(Coord::new(-74, 0)).is_none());
    assert!(g.cell_at(Coord::new(-30, 1)).is_none());
    assert_eq!(g.board().frontier().len(), 2 * 75 + 2);
    check_features_against_flood_fill(&g);
}
