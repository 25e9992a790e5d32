//! Rule scenarios with hand-checked scores (rules N-…, seed examples of the surveyors).

use super::*;
use crate::core::geom::{Coord, Side};
use std::sync::Arc;

/// A game whose pile holds the named tile copies in this order.
fn game(players: usize, names: &[&str]) -> NewWorldState {
    game_with(players, names, Options::default())
}

/// [`game`] under rule options `options`.
fn game_with(players: usize, names: &[&str], options: Options) -> NewWorldState {
    let tiles = Arc::new(NewWorldTiles::builtin().compiled);
    let order: Vec<_> = names.iter().map(|n| tiles.find(n).unwrap()).collect();
    NewWorldState::with_order(tiles, players, &order, options).unwrap()
}

/// Places the drawn tile at (x, y) turned so that each listed side shows the given edge
/// code (0 plains, 1 trail, 2 town); the placement must be legal.
fn place(g: &mut NewWorldState, x: i8, y: i8, want: &[(Side, u8)]) {
    let at = Coord::new(x, y);
    let v = g.tiles.variant(g.drawn_tile()).clone();
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    for &rot in v.rotations() {
        let sig = v.orientations[rot.quarter_turns() as usize].signature;
        if want.iter().all(|&(s, c)| (sig >> (2 * s.index())) & 3 == c) {
            let a = Action::Place { at, rot };
            assert!(legal.contains(&a), "{a:?} is not legal");
            g.apply(a);
            return;
        }
    }
    panic!("no rotation of {} shows {want:?}", v.name);
}

/// Deploys a settler on segment `segment` (layout order) of the tile just placed, or passes.
fn settle(g: &mut NewWorldState, segment: Option<u8>) {
    g.apply(segment.map_or(Action::Pass, |segment| Action::Settler { segment }));
}

use Side::{E, N, S, W};

#[test]
fn n_7_n_12_yellow_trail_scores_10_and_the_eastern_surveyor_moves() {
    // Seed example 1: a 4-tile trail with one trading post; the robber stands in the column
    // of one surveyor: 4 + 2 + 4 = 10.
    let mut g = game(2, &["03.1", "18.1", "01.1"]);
    g.surveyors = [-1, 0]; // after an earlier scoring moved one surveyor
    place(&mut g, -1, 8, &[(E, 1)]);
    settle(&mut g, Some(0)); // robber on the trail with the post
    place(&mut g, -2, 8, &[(E, 1)]);
    settle(&mut g, None);
    place(&mut g, -3, 8, &[(E, 1)]); // the trail ends at the farm: complete
    settle(&mut g, None);
    assert_eq!(g.scores(), [10, 0]);
    assert_eq!(g.stats(0).points_from(PointSource::Surveyor), 4);
    assert_eq!(
        g.surveyor_columns(),
        [-1, -1],
        "N-11: the eastern surveyor moved"
    );
    assert_eq!(
        g.settlers_in_supply(0),
        SETTLERS,
        "N-6: the robber returned"
    );
}

#[test]
fn n_9_n_11_n_13_blue_farm_17_town_8_and_red_green_removed() {
    // Seed example 2: Blue (0) completes his farm, his small town and Red's (2) town with
    // one tile. Farm: 9 + 2 surveyors = 17; a surveyor moves to column -2. Town: 2 tiles
    // = 4 + 1 surveyor = 8; the other surveyor moves, and Green's (1) and Red's settlers
    // in column -1 are removed, so Red's town is not scored.
    let mut g = game(3, &["01.1", "11.1", "02.1", "18.1", "08.1", "34.1", "31.1"]);
    place(&mut g, -1, 3, &[(E, 1)]); // farm, trail to the coast (completed, unscored)
    settle(&mut g, Some(0)); // Blue's farmer
    place(&mut g, -1, 2, &[(N, 0), (E, 0), (S, 1), (W, 1)]);
    settle(&mut g, Some(0)); // Green's robber
    place(&mut g, -2, 3, &[]);
    settle(&mut g, None);
    place(&mut g, -2, 2, &[(E, 1), (N, 0)]);
    settle(&mut g, None);
    place(&mut g, -2, 4, &[(E, 2)]);
    settle(&mut g, None);
    place(&mut g, -1, 5, &[(E, 2), (S, 2)]); // joins New York
    settle(&mut g, Some(0)); // Red's shopkeeper
    assert_eq!(g.scores(), [0, 0, 0]);
    assert_eq!(g.surveyor_columns(), [0, 0], "nothing scored yet");
    g.surveyors = [-1, -1]; // as in the seed's picture
    place(&mut g, -1, 4, &[(W, 2), (N, 2), (E, 0), (S, 0)]);
    settle(&mut g, Some(0)); // Blue's shopkeeper on the small town
    assert_eq!(g.stats(0).points_from(PointSource::Farm), 9);
    assert_eq!(g.stats(0).points_from(PointSource::Town), 4);
    assert_eq!(g.stats(0).points_from(PointSource::Surveyor), 8 + 4);
    assert_eq!(g.scores(), [25, 0, 0], "17 + 8; Red's town unscored");
    assert_eq!(g.surveyor_columns(), [-2, -2]);
    assert_eq!((g.settlers_removed(1), g.settlers_removed(2)), (1, 1));
    assert!(g.placed_settlers().is_empty());
    assert_eq!(g.scorings(), 2);
}

#[test]
fn n_16_n_17_final_trail_and_plains_animals() {
    let mut g = game(2, &["03.1", "17.1"]);
    place(&mut g, -1, 8, &[(E, 1)]);
    settle(&mut g, Some(0)); // robber: 2 tiles + 1 post at the end = 4
    place(&mut g, -1, 7, &[(N, 0), (E, 0), (S, 1), (W, 1)]);
    settle(&mut g, Some(1)); // trapper: plains with 2 animals (this tile and coast row 7)
    assert!(g.is_terminal());
    assert_eq!(g.scores(), [4, 2]);
    assert_eq!(g.stats(1).points_from(PointSource::FinalPlains), 2);
    assert_eq!(
        g.placed_settlers().len(),
        2,
        "N-17: settlers stay for the end"
    );
}

#[test]
fn n_4_no_tile_east_of_the_land() {
    let g = game(2, &["02.1"]);
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert!(!legal.is_empty());
    assert!(legal
        .iter()
        .all(|a| matches!(a, Action::Place { at, .. } if at.x == -1 && (0..10).contains(&at.y))));
}

#[test]
fn n_5_no_second_settler_on_an_occupied_feature() {
    let mut g = game(2, &["03.1", "18.1"]);
    place(&mut g, -1, 8, &[(E, 1)]);
    settle(&mut g, Some(0));
    place(&mut g, -2, 8, &[(E, 1)]);
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert!(
        !legal.contains(&Action::Settler { segment: 0 }),
        "trail occupied"
    );
    assert!(legal.contains(&Action::Settler { segment: 1 }));
}

#[test]
fn n_14_variant_surveyor_enters_after_five_scorings() {
    let mut g = game(2, &["01.1"]);
    g.track_steps = 4;
    assert_eq!(g.surveyor_columns(), [0]);
    place(&mut g, -1, 6, &[(E, 1)]);
    settle(&mut g, Some(1)); // robber on the 2-tile trail to the coast: scores 2
    assert_eq!(g.scores()[0], 2);
    assert_eq!(g.track_surveyor(), TRACK_STEPS);
    assert_eq!(
        g.surveyor_columns(),
        [0, 0],
        "entered the starting column; none moved"
    );
}

#[test]
fn n_12_surveyor_bonus_off_pays_no_column_bonus() {
    // Seed example 1 with surveyor_bonus=0: the trail scores 4 + 2 and nothing for the
    // surveyor in the robber's column; the surveyor still moves (N-11).
    let options = Options::parse(&["surveyor_bonus=0"]).unwrap();
    let mut g = game_with(2, &["03.1", "18.1", "01.1"], options);
    g.surveyors = [-1, 0];
    place(&mut g, -1, 8, &[(E, 1)]);
    settle(&mut g, Some(0));
    place(&mut g, -2, 8, &[(E, 1)]);
    settle(&mut g, None);
    place(&mut g, -3, 8, &[(E, 1)]);
    settle(&mut g, None);
    assert_eq!(g.scores(), [6, 0]);
    assert_eq!(g.stats(0).points_from(PointSource::Surveyor), 0);
    assert_eq!(g.surveyor_columns(), [-1, -1]);
}

#[test]
fn n_14_an_unscored_completed_feature_advances_the_track_surveyor() {
    // The 2-tile trail from coast row 6 to the farm of 01.1 completes with nobody on it:
    // no board surveyor moves (N-11), but the track surveyor advances (N-14).
    let options = Options::parse(&["surveyor_variant=true"]).unwrap();
    let mut g = game_with(2, &["01.1", "02.1"], options);
    place(&mut g, -1, 6, &[(E, 1)]);
    settle(&mut g, None);
    assert_eq!(g.scores(), [0, 0]);
    assert_eq!(g.track_surveyor(), 1);
    assert_eq!(g.surveyor_columns(), [0]);
    assert_eq!(g.scorings(), 0);
}
