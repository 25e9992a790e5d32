//! Rule scenarios with hand-checked scores (rules N-…, seed examples of the surveyors).

use super::*;
use crate::core::game::Game;
use crate::core::geom::{Coord, Side};
use crate::core::options::RuleOptions;
use crate::games::Notation;

/// A new game of the built-in tiles for seed `seed`, varied by it: 2 to 5 players.
pub(super) fn varied_game(seed: u64) -> NewWorldState {
    use crate::games::GameDef;
    let players = 2 + seed as usize % 4;
    let setup = NewWorldState::setup(players, seed, NewWorldState::builtin_tiles());
    NewWorldState::new_game(&setup).expect("a game")
}

/// A game whose pile holds the named tile copies in this order.
fn game(players: usize, names: &[&str]) -> NewWorldState {
    game_with(players, names, Options::default())
}

/// [`game`] under rule options `options`.
fn game_with(players: usize, names: &[&str], options: Options) -> NewWorldState {
    let tiles = <NewWorldState as crate::games::def::GameDef>::builtin_tiles();
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
        let sig = v.turned(rot).signature;
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
    g.game.surveyors = [-1, 0]; // after an earlier scoring moved one surveyor
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
    let mut g = seed_example_2_before_last_tile();
    assert_eq!(g.scores(), [0, 0, 0]);
    assert_eq!(g.surveyor_columns(), [0, 0], "nothing scored yet");
    g.game.surveyors = [-1, -1]; // as in the seed's picture
    place(&mut g, -1, 4, &[(W, 2), (N, 2), (E, 0), (S, 0)]);
    settle(&mut g, Some(0)); // Blue's shopkeeper on the small town
                             // N-11: three features wait; Blue orders them as in the seed: his farm, then his town.
    assert_eq!(g.phase(), Phase::ScoreOrder);
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    let texts: Vec<String> = legal.iter().map(|a| g.format_action(a)).collect();
    assert_eq!(texts, ["score farm -1,3", "score town W", "score town N"]);
    g.apply(g.parse_action("score farm -1,3").unwrap());
    assert_eq!(g.scores(), [17, 0, 0], "9 + 2 surveyors");
    assert_eq!(g.surveyor_columns(), [-2, -1]);
    assert_eq!(g.phase(), Phase::ScoreOrder, "Blue's or Red's town next");
    g.legal_actions(&mut legal);
    assert_eq!(legal.len(), 2);
    g.apply(g.parse_action("score town W").unwrap());
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
    g.game.track_steps = 4;
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
    let options = Options::from_assignments(&["surveyor_bonus=0"]).unwrap();
    let mut g = game_with(2, &["03.1", "18.1", "01.1"], options);
    g.game.surveyors = [-1, 0];
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
    let options = Options::from_assignments(&["surveyor_variant=true"]).unwrap();
    let mut g = game_with(2, &["01.1", "02.1"], options);
    place(&mut g, -1, 6, &[(E, 1)]);
    settle(&mut g, None);
    assert_eq!(g.scores(), [0, 0]);
    assert_eq!(g.track_surveyor(), 1);
    assert_eq!(g.surveyor_columns(), [0]);
    assert_eq!(g.scorings(), 0);
}

/// Seed example 2 up to the last tile: six tiles placed, three settlers deployed, nothing
/// scored.
fn seed_example_2_before_last_tile() -> NewWorldState {
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
    g
}

/// The position of seed example 2 once Blue has placed the tile that completes three features
/// and deployed his shopkeeper, with the surveyors in columns `surveyors` before (both in
/// column -1 in the seed's picture).
fn seed_example_2(surveyors: [i8; 2]) -> NewWorldState {
    let mut g = seed_example_2_before_last_tile();
    g.game.surveyors = surveyors;
    place(&mut g, -1, 4, &[(W, 2), (N, 2), (E, 0), (S, 0)]);
    settle(&mut g, Some(0));
    g
}

#[test]
fn n_11_blue_may_score_reds_town_first() {
    // The other order of seed example 2: Red's town first (New York, 34.1 and 31.1: 3 tiles,
    // 1 flag: 8, + 4 for one surveyor... two: Red's shopkeeper stands in column -1 with both
    // surveyors: + 8 = 16); then Blue's farm (9 + 4: one surveyor left in column -1), after
    // which both surveyors stand in column -2 and Blue's shopkeeper is removed unscored.
    let mut g = seed_example_2([-1, -1]);
    g.apply(g.parse_action("score town N").unwrap());
    assert_eq!(g.scores(), [0, 0, 16]);
    g.apply(g.parse_action("score farm -1,3").unwrap());
    assert!(
        g.is_terminal(),
        "Blue's town lost its settler: no choice left"
    );
    assert_eq!(g.scores(), [13, 0, 16]);
    assert_eq!((g.settlers_removed(0), g.settlers_removed(1)), (1, 1));
    assert_eq!(g.surveyor_columns(), [-2, -2]);
    assert_eq!(g.stats(0).count(ActionKind::ScoreOrder), 2);
}

#[test]
fn n_11_bad_score_choices_say_why() {
    let mut g = seed_example_2([-1, -1]);
    let mut legal = Vec::new();
    // A trail of the tile that was not completed, a farm that was not completed, a feature
    // already scored.
    for (text, phrase) in [
        (
            "score road N",
            "expected trail, town or farm after \"score\"",
        ),
        ("score trail N", "has no trail at its N side (N-11)"),
        ("score farm -5,5", "no tile lies at -5,5 (N-11)"),
        ("score farm -2,2", "has no farm (N-11)"),
        ("score farm", "expected \"score farm <x,y>\""),
    ] {
        let e = g.parse_action(text).unwrap_err();
        assert!(e.contains(phrase), "{text}: {e}");
    }
    let farm_not_completed = g.parse_action("score farm -2,3").unwrap();
    g.legal_actions(&mut legal);
    assert!(!legal.contains(&farm_not_completed));
    assert!(g
        .explain_illegal(&farm_not_completed)
        .contains("that farm was not completed by the tile just placed (N-11)"));
    let farm = g.parse_action("score farm -1,3").unwrap();
    g.apply(farm);
    assert!(g
        .explain_illegal(&farm)
        .contains("that farm has already been scored (N-11)"));
    g.apply(g.parse_action("score town W").unwrap());
    // The turn (here: the game) is over: no choice is open.
    let e = g.explain_illegal(&farm);
    assert!(
        e.contains(": no scoring order is to be chosen now") && e.ends_with("(N-11)"),
        "{e}"
    );
}

#[test]
fn n_11_no_choice_when_the_surveyors_cannot_move() {
    // Seed example 2 with both surveyors in the westernmost column (-2): no surveyor moves,
    // so every order scores the same and none is asked: Blue's farm 9 and town 4, Red's
    // town 8 (3 tiles and a flag), no bonus (nobody stands in column -2). The tile was the
    // last: Green's robber scores its open trail at the end (2 tiles, N-16).
    let g = seed_example_2([-2, -2]);
    assert!(
        g.is_terminal(),
        "no choice asked; the last tile ended the game"
    );
    assert_eq!(g.scores(), [9 + 4, 2, 8]);
    assert_eq!(g.stats(0).count(ActionKind::ScoreOrder), 0);
}

/// Every end of the turn the active player could reach by ordering the waiting features of
/// `s` (just after the tile's completed features are listed), found by trying every
/// permutation of them: the next one scored is the first of the permutation still waiting.
fn outcomes_of_every_order(s: &NewWorldState) -> Vec<String> {
    let mut start = s.clone();
    start.pass_head_for_tests();
    let waiting: Vec<usize> = (0..start.game.completed.len())
        .filter(|&i| start.waiting() & (1 << i) != 0)
        .collect();
    let mut outcomes = Vec::new();
    let mut perm = waiting.clone();
    permute(&mut perm, 0, &mut |order| {
        let mut g = start.clone();
        loop {
            g.pass_head_for_tests();
            let Some(&i) = order.iter().find(|&&i| g.waiting() & (1 << i) != 0) else {
                break;
            };
            g.resolve(i);
        }
        while let Some(i) = (0..g.game.completed.len()).find(|&i| !g.is_resolved(i)) {
            g.resolve(i);
        }
        let players = g.players();
        let text = format!(
            "{:?} {:?} {:?} {:?} {:?} {:?} {} {}",
            g.scores(),
            (0..players).map(|p| g.stats(p).points).collect::<Vec<_>>(),
            &g.supply[..players],
            &g.game.removed[..players],
            g.placed_settlers(),
            g.game.surveyors,
            g.game.track_steps,
            g.game.scorings
        );
        if !outcomes.contains(&text) {
            outcomes.push(text);
        }
    });
    outcomes
}

fn permute(v: &mut Vec<usize>, k: usize, f: &mut impl FnMut(&[usize])) {
    if k == v.len() {
        f(v);
        return;
    }
    for i in k..v.len() {
        v.swap(k, i);
        permute(v, k + 1, f);
        v.swap(k, i);
    }
}

#[test]
fn n_11_the_choice_is_offered_exactly_when_two_orders_end_differently() {
    // At every settler decision of random games (official rules, the surveyor variant, no
    // column bonus), each settler choice is applied on a copy: the engine asks for the order
    // exactly when trying every permutation of the waiting features finds two outcomes.
    let (mut asked, mut not_asked, mut most) = (0, 0, 0);
    let mut legal = Vec::new();
    for seed in 0..1500u64 {
        let options = Options {
            surveyor_variant: seed % 3 == 1,
            surveyor_bonus: if seed % 3 == 2 { 0 } else { 4 },
            ..Options::default()
        };
        let mut g = NewWorldState::new(2 + (seed % 4) as usize, seed, options).unwrap();
        let mut rng = crate::core::rng::rng_from_seed(seed);
        while !g.is_terminal() {
            g.legal_actions(&mut legal);
            if g.phase() == Phase::Settler {
                for &a in &legal {
                    let mut before = g.clone();
                    if let Action::Settler { segment } = a {
                        before.put_settler(segment);
                    }
                    before.collect_completed();
                    let waiting = before.waiting().count_ones() as usize;
                    most = most.max(waiting);
                    if waiting < 2 {
                        continue;
                    }
                    let mut after = g.clone();
                    after.apply(a);
                    let offered = after.phase() == Phase::ScoreOrder;
                    let outcomes = outcomes_of_every_order(&before);
                    assert_eq!(offered, outcomes.len() > 1, "seed {seed}: {outcomes:?}");
                    if offered {
                        asked += 1;
                    } else {
                        not_asked += 1;
                    }
                }
            }
            g.apply(legal[crate::core::rng::below(&mut rng, legal.len())]);
        }
    }
    assert!(
        asked > 20 && not_asked > 20,
        "{asked} asked, {not_asked} not"
    );
    assert!(most <= MAX_ORDERED, "{most} features waited at once");
}
