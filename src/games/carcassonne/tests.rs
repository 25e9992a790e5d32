//! Rule tests on small hand-built positions, each citing its rule id. Scores are computed by
//! hand in the comments. The start tile is a D at 0 0: city north, road west–east, fields.

use super::*;
use crate::core::game::Game;
use crate::core::geom::{Coord, HalfSide, Rotation, Side};
use crate::core::tileset::{CompiledTiles, FeatureKind, StartType};
use crate::games::tile_sets::validate;

/// A new game of the built-in tiles for seed `seed`, varied by it: 2 to 5 players, the base
/// game and The Robbers in turn.
pub(super) fn varied_game(seed: u64) -> CarcassonneState {
    use crate::games::GameDef;
    let players = 2 + seed as usize % 4;
    let rules = [["expansions=none"], ["expansions=robbers"]][seed as usize % 2];
    let tiles = CarcassonneState::builtin_tiles();
    let setup =
        CarcassonneState::setup_with_rules(players, seed, tiles, &rules).expect("a valid setup");
    CarcassonneState::new_game(&setup).expect("a game")
}

/// The built-in layouts with only the given types, in the given counts, and the start tile of
/// type `start` (one of its copies).
fn subset(start: &str, counts: &[(&str, usize)]) -> &'static CompiledTiles {
    let mut set = super::BUILTIN_TILES.tile_set();
    set.types
        .retain(|t| counts.iter().any(|(id, _)| *id == t.id));
    for t in &mut set.types {
        t.count = counts.iter().find(|(id, _)| *id == t.id).unwrap().1;
    }
    set.start_type = Some(StartType {
        id: start.to_string(),
        line: 0,
    });
    validate(&set).unwrap();
    CompiledTiles::compile(&set).leak()
}

/// A game over `tiles` whose pile starts with the given types, in order (copies are taken in
/// turn: `["V", "V"]` is V.1 then V.2).
fn game_with(tiles: &'static CompiledTiles, players: usize, order: &[&str]) -> CarcassonneState {
    let mut used: Vec<&str> = Vec::new();
    let tile_order = order
        .iter()
        .map(|id| {
            used.push(id);
            let copy = used.iter().filter(|u| *u == id).count();
            tiles
                .find(&format!("{id}.{copy}"))
                .unwrap_or_else(|| panic!("no tile {id}.{copy}"))
        })
        .collect();
    let setup = Setup {
        tile_order,
        ..Setup::with_tiles(players, 1, tiles)
    };
    CarcassonneState::new(&setup).unwrap()
}

/// A game over the built-in set whose pile starts with `order`.
fn game(players: usize, order: &[&str]) -> CarcassonneState {
    game_with(BUILTIN_TILES.compiled(), players, order)
}

/// Applies `action` after checking that it is legal.
fn play(g: &mut CarcassonneState, action: Action) {
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert!(
        legal.contains(&action),
        "{action:?} is not legal; legal: {legal:?}"
    );
    g.apply(action);
}

/// Places the drawn tile at `x y` turned `q` quarter turns clockwise.
fn place(g: &mut CarcassonneState, x: i8, y: i8, q: u8) {
    let v = g.tiles().variant(g.drawn_tile());
    let rot = v.canonical_rotation(Rotation::new(q));
    play(
        g,
        Action::Place {
            at: Coord::new(x, y),
            rot,
        },
    );
}

/// The segment of the tile just placed that covers `side` (road or city).
fn on_side(g: &CarcassonneState, side: Side) -> Action {
    let segment = g.orientation_of(g.last_cell()).side_segment[side.index()];
    Action::Meeple { segment }
}

/// The field of the tile just placed that meets half side `half` (e.g. `"Nw"`).
fn on_field(g: &CarcassonneState, half: &str) -> Action {
    let h = HalfSide::from_name(half).unwrap();
    let segment = g.orientation_of(g.last_cell()).half_segment[h.index()];
    Action::Meeple { segment }
}

/// The monastery of the tile just placed.
fn on_monastery(g: &CarcassonneState) -> Action {
    let v = g.variant_of(g.last_cell());
    let segment = v
        .segments()
        .iter()
        .position(|s| s.kind == FeatureKind::Monastery)
        .unwrap() as u8;
    Action::Meeple { segment }
}

#[test]
fn c_1_the_start_tile_is_a_d_with_its_city_north() {
    let g = game(2, &[]);
    let start = g.cells()[0];
    assert_eq!(
        (start.at, g.tiles().variant(start.variant).name.as_str()),
        (Coord::new(0, 0), "start.1")
    );
    let o = g.orientation_of(&start);
    let kind =
        |side: Side| g.variant_of(&start).segments[o.side_segment[side.index()] as usize].kind;
    assert_eq!(kind(Side::N), FeatureKind::City);
    assert_eq!(
        (kind(Side::E), kind(Side::W)),
        (FeatureKind::Road, FeatureKind::Road)
    );
    assert_eq!(
        o.side_segment[Side::S.index()],
        crate::core::tileset::NO_SEGMENT
    );
    assert_eq!(g.tiles_left(), 70);
    assert_eq!(
        (0..2).map(|p| g.meeples_in_supply(p)).collect::<Vec<_>>(),
        [7, 7]
    );
}

#[test]
fn c_2_edges_must_match() {
    let mut legal = Vec::new();
    // A city cap: north of the start turned to face it (1 way), or south of it with its city
    // away from the start's field (3 ways); it has no road for the east and west spaces.
    game(2, &["E"]).legal_actions(&mut legal);
    assert_eq!(legal.len(), 4);
    // A road curve: 2 ways east, 2 west, 2 south; never north (the start's city).
    game(2, &["V"]).legal_actions(&mut legal);
    assert_eq!(legal.len(), 6);
    assert!(legal
        .iter()
        .all(|a| matches!(a, Action::Place { at, .. } if at.y <= 0)));
}

#[test]
fn c_2_an_unplaceable_tile_is_removed_and_the_next_drawn() {
    // Start on a city-on-every-side tile: a monastery (all field) fits nowhere.
    let tiles = subset("C", &[("C", 1), ("B", 1), ("E", 1)]);
    let mut g = game_with(tiles, 2, &["B", "E"]);
    assert_eq!(g.tiles_removed(), 1);
    assert_eq!(g.tiles().variant(g.drawn_tile()).name, "E.1");
    place(&mut g, 0, 1, 2);
    play(&mut g, Action::Pass);
    assert!(g.is_terminal());
}

#[test]
fn c_2_c_3_road_scores_one_per_tile_and_meeples_return() {
    let mut g = game(2, &["A", "A"]);
    // P0: a monastery-with-road east of the start, its road running west into the start's.
    place(&mut g, 1, 0, 1);
    let a = on_side(&g, Side::W);
    play(&mut g, a);
    assert_eq!(g.meeples_in_supply(0), 6);
    // P1 closes the west end: the road is taken, so only the monastery and field are offered.
    place(&mut g, -1, 0, 3);
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert!(!legal.contains(&on_side(&g, Side::E)));
    assert_eq!(legal.len(), 3, "{legal:?}");
    play(&mut g, Action::Pass);
    // Road: A, D, A = 3 tiles, 3 points; the meeple is back.
    assert_eq!(g.scores(), [3, 0]);
    assert_eq!(g.meeples_in_supply(0), 7);
    assert_eq!(g.stats(0).points_from(PointSource::Road), 3);
    assert_eq!(g.stats(0).count(ActionKind::MeepleRoad), 1);
}

#[test]
fn c_3_a_tie_scores_in_full_for_both() {
    let mut g = game(2, &["U", "U", "V", "V", "A", "A"]);
    place(&mut g, -1, 0, 0); // P0: straight road west of the start, meeple on it
    let a = on_side(&g, Side::W);
    play(&mut g, a);
    place(&mut g, 0, -1, 0); // P1: a separate straight road south of the start
    let a = on_side(&g, Side::E);
    play(&mut g, a);
    place(&mut g, 1, -1, 1); // P0: curve W–N
    play(&mut g, Action::Pass);
    place(&mut g, 1, 0, 0); // P1: curve S–W joins the two roads
    play(&mut g, Action::Pass);
    let west = g.cells()[1];
    let road = west.first_node + g.orientation_of(&west).side_segment[Side::E.index()] as Node;
    assert_eq!(g.feature(road).meeples[..2], [1, 1]);
    place(&mut g, -2, 0, 3); // P0 closes the west end at a monastery
    play(&mut g, Action::Pass);
    place(&mut g, -1, -1, 3); // P1 closes the other end
    play(&mut g, Action::Pass);
    // A, U, D, V, V, U, A: 7 tiles; a 1–1 tie, both score 7 (C-3).
    assert_eq!(g.scores(), [7, 7]);
    assert_eq!((g.meeples_in_supply(0), g.meeples_in_supply(1)), (7, 7));
}

#[test]
fn c_3_a_road_through_one_junction_twice_counts_the_tile_once() {
    let mut g = game(2, &["W", "V", "V", "V"]);
    place(&mut g, 0, -1, 0); // junction south of the start: roads E, S, W
    let a = on_side(&g, Side::E);
    play(&mut g, a);
    place(&mut g, 1, -1, 0); // curve S–W
    play(&mut g, Action::Pass);
    place(&mut g, 1, -2, 1); // curve W–N
    play(&mut g, Action::Pass);
    place(&mut g, 0, -2, 2); // curve N–E closes the loop back into the junction
    play(&mut g, Action::Pass);
    // Junction, V, V, V: 4 tiles (5 segments), 4 points.
    assert_eq!(g.scores(), [4, 0]);
}

#[test]
fn c_3_city_scores_two_per_tile_and_per_pennant() {
    let mut g = game(2, &["M", "E"]);
    place(&mut g, 0, 1, 2); // city S and E with a pennant, on the start's city
    let a = on_side(&g, Side::S);
    play(&mut g, a);
    place(&mut g, 1, 1, 3); // a cap facing west closes it
    play(&mut g, Action::Pass);
    // D, M, E: 3 tiles + 1 pennant, 2 points each = 8.
    assert_eq!(g.scores(), [8, 0]);
    assert_eq!(g.stats(0).points_from(PointSource::City), 8);
    assert_eq!(g.meeples_in_supply(0), 7);
    assert_eq!(g.cities_completed(), 1);
}

#[test]
fn c_3_a_completed_monastery_scores_nine() {
    let tiles = subset("D", &[("D", 1), ("U", 2), ("B", 6)]);
    let mut g = game_with(tiles, 2, &["B", "U", "U", "B", "B", "B", "B", "B"]);
    place(&mut g, 0, -1, 0);
    let a = on_monastery(&g);
    play(&mut g, a);
    place(&mut g, -1, 0, 0);
    play(&mut g, Action::Pass);
    place(&mut g, 1, 0, 0);
    play(&mut g, Action::Pass);
    for (x, y) in [(-1, -1), (1, -1), (-1, -2), (0, -2)] {
        place(&mut g, x, y, 0);
        play(&mut g, Action::Pass);
        assert_eq!(g.scores(), [0, 0]);
    }
    place(&mut g, 1, -2, 0); // the eighth neighbour
    play(&mut g, Action::Pass);
    assert_eq!(g.scores(), [9, 0]);
    assert_eq!(g.stats(0).points_from(PointSource::Monastery), 9);
    assert_eq!(g.meeples_in_supply(0), 7);
    assert!(g.is_terminal());
}

#[test]
fn c_4_final_scoring_of_roads_cities_monasteries_and_fields() {
    let tiles = subset("D", &[("D", 1), ("E", 1), ("U", 1), ("B", 1), ("M", 1)]);
    let mut g = game_with(tiles, 2, &["E", "U", "B", "M"]);
    // P0: a cap on the start's city completes it (nobody on it); a farmer in the cap's field.
    place(&mut g, 0, 1, 2);
    let a = on_field(&g, "Nw");
    play(&mut g, a);
    assert_eq!(g.scores(), [0, 0]);
    assert_eq!(g.meeples_in_supply(0), 6);
    // P1: a straight road east of the start, meeple on the road (open at both ends).
    place(&mut g, 1, 0, 0);
    let a = on_side(&g, Side::E);
    play(&mut g, a);
    // P0: a monastery at 1 1; it joins the cap's field, the road's north field and the start's
    // north strip into one field bordering the completed city on two tiles.
    place(&mut g, 1, 1, 0);
    let a = on_monastery(&g);
    play(&mut g, a);
    // P1: a city with a pennant north of the cap, meeple in it.
    place(&mut g, 0, 2, 0);
    let a = on_side(&g, Side::N);
    play(&mut g, a);
    assert!(g.is_terminal());
    // P0: field 3 × 1 completed city (counted once although it borders on two tiles) = 3;
    //     monastery 1 + 4 neighbours (0 0, 1 0, 0 1, 0 2) = 5.
    // P1: road D, U = 2; city 1 tile + 1 pennant = 2.
    let s = |p: usize, src| g.stats(p).points_from(src);
    assert_eq!(s(0, PointSource::FinalField), 3);
    assert_eq!(s(0, PointSource::FinalMonastery), 5);
    assert_eq!(s(1, PointSource::FinalRoad), 2);
    assert_eq!(s(1, PointSource::FinalCity), 2);
    assert_eq!(g.scores(), [8, 4]);
    // Farmers and the other meeples stay on the board after final scoring.
    assert_eq!(g.placed_meeples().len(), 4);
}

#[test]
fn c_4_a_field_scores_each_bordering_completed_city_and_only_for_its_majority() {
    let tiles = subset("D", &[("D", 1), ("E", 2), ("H", 1), ("U", 1)]);
    let mut g = game_with(tiles, 3, &["H", "E", "U", "E"]);
    // P0: two caps north of the start: the south cap closes the start's city (2 tiles,
    // nobody on it); P0's farmer in the field between the caps.
    place(&mut g, 0, 1, 0);
    let a = on_field(&g, "En");
    play(&mut g, a);
    // P1: a cap on the H's north cap closes a second city.
    place(&mut g, 0, 2, 2);
    play(&mut g, Action::Pass);
    // P2: a straight road east of the start; P2's farmer in its north field, which joins the
    // start's north strip (borders city 1) but not the H's field.
    place(&mut g, 1, 0, 0);
    let a = on_field(&g, "Nw");
    play(&mut g, a);
    // P0: the last tile, a cap south of the start turned east, away from both fields.
    place(&mut g, 0, -1, 1);
    play(&mut g, Action::Pass);
    assert!(g.is_terminal());
    assert_eq!(g.cities_completed(), 2);
    // P0's field (the H's middle) borders both completed cities: 6. P2's field borders city 1
    // on the start tile only: 3. P1 has no farmer.
    assert_eq!(g.stats(0).points_from(PointSource::FinalField), 6);
    assert_eq!(g.stats(2).points_from(PointSource::FinalField), 3);
    assert_eq!(g.scores(), [6, 0, 3]);
}

#[test]
fn c_6_the_track_shows_score_mod_50() {
    let mut g = game(2, &[]);
    g.sheet.scores[0] = 57;
    g.sheet.scores[1] = -3;
    assert_eq!((g.track_position(0), g.track_position(1)), (7, 47));
}

#[test]
fn every_decision_names_its_kind_and_eval_terms_are_finite() {
    let mut g = game(2, &["A"]);
    place(&mut g, 1, 0, 1);
    let a = on_monastery(&g);
    assert_eq!(g.action_kind(&a), ActionKind::MeepleMonastery as usize);
    play(&mut g, a);
    let t = g.eval_terms(0);
    // Monastery with 1 of 8 neighbours placed: 2 at the end, 7 more if completed.
    assert_eq!((t[0], t[1], t[3]), (2.0, 7.0, 6.0));
    assert_eq!(
        CarcassonneState::stat_names().len(),
        PointSource::COUNT + ActionKind::COUNT
    );
    let names: Vec<String> = PointSource::ALL
        .iter()
        .map(|s| format!("points_{}", s.name()))
        .chain(
            ActionKind::ALL
                .iter()
                .map(|k| format!("actions_{}", k.name())),
        )
        .collect();
    assert_eq!(CarcassonneState::stat_names().to_vec(), names);
    assert_eq!(CarcassonneState::action_kind_names()[5], "meeple_field");
}

/// on a real board (hand-checked): P0 puts a meeple on the road of an A east of the
/// start; P1 places the robber tile RA.1 south of the start and puts its robber on space 0,
/// where P0's marker stands (P0, next with a robber in supply, keeps its own); P0 closes the
/// road with a second A: A, D, A = 3 points for P0, and P1's robber steals 2 (half of 3,
/// rounded up) and returns to P1's supply.
#[test]
fn r_2_r_3_a_robber_steals_half_of_a_completed_road() {
    let tiles = BUILTIN_TILES.compiled();
    let mut setup = Setup::new(2, 1);
    setup.options.expansions.robbers = true;
    setup.tile_order = ["A.1", "RA.1", "A.2"]
        .iter()
        .map(|n| tiles.find(n).unwrap())
        .collect();
    let mut g = CarcassonneState::new(&setup).unwrap();
    place(&mut g, 1, 0, 1);
    let road = on_side(&g, Side::W);
    play(&mut g, road);
    place(&mut g, 0, -1, 0);
    assert_eq!((g.phase(), g.decider()), (Phase::Robber, 1));
    play(&mut g, Action::Robber { space: 0 });
    assert_eq!((g.phase(), g.decider()), (Phase::Robber, 0));
    play(&mut g, Action::KeepRobber);
    play(&mut g, Action::Pass);
    assert_eq!(g.track().robber(1), Some(0));
    place(&mut g, -1, 0, 3);
    play(&mut g, Action::Pass);
    assert_eq!(g.scores(), [3, 2]);
    assert_eq!(g.stats(1).points_from(PointSource::Robbery), 2);
    assert_eq!(g.stats(1).count(ActionKind::RobberPlace), 1);
    assert_eq!(g.track().robber(1), None);
}

/// B-7: the ladder's bids above the old cap of 10 are there for agents to take. A 3-player
/// bazaar where every score is 300 after one turn: a tile is then worth about 900 points
/// (`tile_value_estimate`: points per turn so far), and greedy, asked to overbid an opening
/// bid of 0, bids above 10 (15 here; MCTS sees the same ladder).
#[test]
fn b_7_greedy_bids_above_ten_for_a_tile_worth_much_more() {
    use crate::agents::AgentSpec;
    let mut setup = Setup::new(3, 1);
    setup.options.expansions.bcb = true;
    let tiles = BUILTIN_TILES.compiled();
    setup.tile_order = ["BZ4.1", "U.1", "U.2", "E.1"]
        .iter()
        .map(|n| tiles.find(n).unwrap())
        .collect();
    let mut g = CarcassonneState::new(&setup).unwrap();
    place(&mut g, 0, -1, 0);
    play(&mut g, Action::NoBridge);
    play(&mut g, Action::Pass);
    for p in 0..3 {
        g.sheet.scores[p] = 300;
    }
    assert_eq!(g.tile_value_estimate(), 900.0);
    play(&mut g, Action::BazaarOffer { tile: 0, bid: 0 });
    assert_eq!((g.phase(), g.decider()), (Phase::BazaarBid, 2));
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    let spec = AgentSpec::resolve("greedy").unwrap();
    let choice = spec.build::<CarcassonneState>(1, 2).choose(&g, &legal);
    assert!(
        matches!(choice, Action::BazaarBid { bid } if bid > 10),
        "{choice:?}"
    );
}
