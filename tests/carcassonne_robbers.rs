//! The Robbers (rules R-1…R-6 of shared/rules/carcassonne.md) on the worked examples of the
//! seed page (shared/seeds/003_…robbers-fr.wiki.txt), with hand-checked numbers.
//!
//! The seed's detailed examples 1–4 involve the meeplette of The Messages (a second score
//! marker per player), which this engine does not have; they are replayed with one marker per
//! player and keep what they test: one marker scoring several features (its owner orders them),
//! several markers on a robber's space scoring at once (the robber chooses), several robbers on
//! one space.

use meeplelab::core::game::Game;
use meeplelab::core::stats::ScoreSheet;
use meeplelab::games::carcassonne::{
    space, Action, CarcassonneState, Phase, PlayerStats, PointSource, RobberPlacement, Setup,
    Track, TrackDecision,
};

/// Player seats in the examples' turn order.
const RED: usize = 0;
const BLUE: usize = 1;
const YELLOW: usize = 2;
const GREEN: usize = 3;

/// A track with the score sheet it moves markers on, as a game holds them.
struct Table {
    track: Track,
    sheet: ScoreSheet<PlayerStats>,
}

impl std::ops::Deref for Table {
    type Target = Track;
    fn deref(&self) -> &Track {
        &self.track
    }
}

impl std::ops::DerefMut for Table {
    fn deref_mut(&mut self) -> &mut Track {
        &mut self.track
    }
}

impl Table {
    fn next_decision(&self, active: usize) -> Option<TrackDecision> {
        self.track.next_decision(active, &self.sheet.scores)
    }
    fn resolve(&mut self, active: usize) {
        self.track.resolve(active, &mut self.sheet);
    }
    fn finish(&mut self) {
        self.track.finish(&mut self.sheet);
    }
    fn move_back(&mut self, player: usize, points: i32) -> u8 {
        self.track
            .move_back(player, PointSource::Bazaar, points, &mut self.sheet)
    }
    fn scores(&self) -> &[i32] {
        &self.sheet.scores[..self.track.players()]
    }
    fn position(&self, player: usize) -> u8 {
        space(self.sheet.scores[player])
    }
}

fn track(scores: &[i32]) -> Table {
    let mut sheet = ScoreSheet::default();
    sheet.scores[..scores.len()].copy_from_slice(scores);
    Table {
        track: Track::new(scores.len()),
        sheet,
    }
}

fn first_options(t: &Track, p: usize) -> Vec<u16> {
    let mut v = Vec::new();
    t.first_scoring_options(p, |x| v.push(x));
    v
}

fn candidates(t: &Table, o: usize) -> Vec<usize> {
    let mut v = Vec::new();
    t.rob_candidates(o, &t.sheet.scores, |q| v.push(q));
    v
}

/// Seed example 2: Red scores 5; Blue's robber on Red's space steals 3 and returns;
/// Yellow's robber, on Blue's space, steals nothing from stolen points and moves along with
/// Blue's marker, where it can later rob Red or Blue.
#[test]
fn r_3_r_4_example_2_stolen_points_carry_robbers_along() {
    let mut t = track(&[10, 12, 30]);
    t.put_robber(BLUE, 10);
    t.put_robber(YELLOW, 12);
    t.add_scoring(RED, PointSource::Road, 5);
    assert_eq!(
        t.next_decision(RED),
        None,
        "one candidate: the theft is forced (R-5)"
    );
    t.resolve(RED);
    assert_eq!(t.scores(), [15, 15, 30]);
    assert_eq!(t.sheet.stats[BLUE].points_from(PointSource::Robbery), 3);
    assert_eq!(
        t.sheet.stats[RED].points_from(PointSource::Road),
        5,
        "Red scores in full"
    );
    assert_eq!((t.robber(BLUE), t.robber(YELLOW)), (None, Some(15)));
    // Later: whoever of Red and Blue scores first is robbed; both at once, Yellow chooses.
    t.add_scoring(RED, PointSource::City, 4);
    t.add_scoring(BLUE, PointSource::Road, 2);
    assert_eq!(t.next_decision(BLUE), Some(TrackDecision::Rob(YELLOW)));
    assert_eq!(candidates(&t, YELLOW), [RED, BLUE]);
    t.choose_victim(YELLOW, RED);
    t.resolve(BLUE);
    assert_eq!(t.scores(), [19, 17, 32]);
    assert_eq!(t.robber(YELLOW), None);
}

/// Seed example 3 (R-3, R-5 "several robbers on one marker all steal"): Blue scores 4; Red's
/// and Green's robbers on Blue's space each score 2 and return.
#[test]
fn r_5_example_3_several_robbers_on_one_marker_all_steal() {
    let mut t = track(&[0, 20, 7, 40]);
    t.put_robber(RED, 20);
    t.put_robber(GREEN, 20);
    t.add_scoring(BLUE, PointSource::City, 4);
    assert_eq!(t.next_decision(BLUE), None);
    t.resolve(BLUE);
    assert_eq!(t.scores(), [2, 24, 7, 42]);
    assert_eq!((t.robber(RED), t.robber(GREEN)), (None, None));
}

/// Seed detailed example 1 with one marker (R-5: one marker scoring several features, its
/// owner orders them): Blue's robber is on Red's space; Red scores a road (3) and a city (6).
/// Red first scoring the road gives Blue 2; the city first gives Blue 3. Only the first
/// scoring is robbed.
#[test]
fn r_5_detailed_example_1_the_scorer_orders_its_scorings() {
    for (first, stolen) in [(3, 2), (6, 3)] {
        let mut t = track(&[10, 0]);
        t.put_robber(BLUE, 10);
        t.add_scoring(RED, PointSource::Road, 3);
        t.add_scoring(RED, PointSource::City, 6);
        assert_eq!(t.next_decision(RED), Some(TrackDecision::FirstScoring(RED)));
        assert_eq!(first_options(&t, RED), [3, 6]);
        t.choose_first(RED, first);
        assert_eq!(t.pending(RED)[0].points, first);
        assert_eq!(t.next_decision(RED), None);
        t.resolve(RED);
        assert_eq!(t.scores(), [19, stolen]);
        assert_eq!(t.robber(BLUE), None);
    }
}

/// Seed detailed example 3 with one marker per player: Blue's robber shares a space with
/// Green's and Red's markers; Green scores a road (3) and a city (6), Red a road (2) and a city
/// (8). Both order their scorings, then Blue, knowing both, chooses whom to rob.
#[test]
fn r_5_detailed_example_3_robber_chooses_among_simultaneous_scorers() {
    let setup = || {
        let mut t = track(&[25, 3, 0, 25]);
        t.put_robber(BLUE, 25);
        t.add_scoring(GREEN, PointSource::Road, 3);
        t.add_scoring(GREEN, PointSource::City, 6);
        t.add_scoring(RED, PointSource::Road, 2);
        t.add_scoring(RED, PointSource::City, 8);
        t
    };
    // Option 1: both score their road first; Blue robs Green's 3 (2 points), not Red's 2 (1).
    let mut t = setup();
    // Green is active; orders are asked clockwise from Green (Green, then Red).
    assert_eq!(
        t.next_decision(GREEN),
        Some(TrackDecision::FirstScoring(GREEN))
    );
    t.choose_first(GREEN, 3);
    assert_eq!(
        t.next_decision(GREEN),
        Some(TrackDecision::FirstScoring(RED))
    );
    t.choose_first(RED, 2);
    assert_eq!(t.next_decision(GREEN), Some(TrackDecision::Rob(BLUE)));
    assert_eq!(candidates(&t, BLUE), [RED, GREEN]);
    t.choose_victim(BLUE, GREEN);
    assert_eq!(t.next_decision(GREEN), None);
    t.resolve(GREEN);
    assert_eq!(t.scores(), [35, 5, 0, 34]);
    // Option 2: Red's city (8) comes first; Blue robs Red for 4.
    let mut t = setup();
    t.choose_first(GREEN, 3);
    t.choose_first(RED, 8);
    t.choose_victim(BLUE, RED);
    t.resolve(GREEN);
    assert_eq!(t.scores(), [35, 7, 0, 34]);
}

/// Seed detailed example 4 with one marker per player: Blue's and Yellow's robbers both
/// share the space of Green's and Red's markers; each robber chooses for itself. Option 1:
/// Blue robs Green's road (2), Yellow robs Red's road (1). Option 2: both rob Red's city of 8
/// (4 each).
#[test]
fn r_5_detailed_example_4_each_robber_chooses() {
    let setup = |green_first: u16, red_first: u16| {
        let mut t = track(&[25, 3, 9, 25]);
        t.put_robber(BLUE, 25);
        t.put_robber(YELLOW, 25);
        t.add_scoring(GREEN, PointSource::Road, 3);
        t.add_scoring(GREEN, PointSource::City, 6);
        t.add_scoring(RED, PointSource::Road, 2);
        t.add_scoring(RED, PointSource::City, 8);
        t.choose_first(GREEN, green_first);
        t.choose_first(RED, red_first);
        t
    };
    let mut t = setup(3, 2);
    assert_eq!(t.next_decision(GREEN), Some(TrackDecision::Rob(BLUE)));
    t.choose_victim(BLUE, GREEN);
    assert_eq!(t.next_decision(GREEN), Some(TrackDecision::Rob(YELLOW)));
    t.choose_victim(YELLOW, RED);
    t.resolve(GREEN);
    assert_eq!(t.scores(), [35, 5, 10, 34]);
    let mut t = setup(3, 8);
    t.choose_victim(BLUE, RED);
    t.choose_victim(YELLOW, RED);
    t.resolve(GREEN);
    assert_eq!(t.scores(), [35, 7, 13, 34]);
}

/// you cannot rob yourself; a robber sharing its owner's space ignores its owner's
/// scoring. Equal scorings need no ordering decision.
#[test]
fn r_5_no_self_robbery_and_no_needless_decision() {
    let mut t = track(&[10, 10]);
    t.put_robber(RED, 10);
    t.add_scoring(RED, PointSource::Road, 4);
    t.add_scoring(RED, PointSource::Road, 4);
    assert_eq!(t.next_decision(RED), None);
    t.resolve(RED);
    assert_eq!(t.scores(), [18, 10]);
    assert_eq!(
        t.robber(RED),
        Some(10),
        "the robber stays with Blue's marker"
    );
}

/// R-3 on a later scoring: Red's first scoring lands on the space of Blue's robber (watching
/// Green); Red's second scoring leaves that space, so Blue robs it.
#[test]
fn r_3_a_later_scoring_of_the_turn_leaves_a_robbers_space() {
    let mut t = track(&[10, 0, 15]);
    t.put_robber(BLUE, 15);
    t.add_scoring(RED, PointSource::Road, 5);
    t.add_scoring(RED, PointSource::Monastery, 9);
    t.resolve(RED);
    assert_eq!(t.scores(), [24, 5, 15]);
    assert_eq!(t.robber(BLUE), None);
}

/// C-6 and R-3: the track has 50 spaces; a marker at 48 is robbed like any other, and the
/// robber compares spaces (`score mod 50`).
#[test]
fn c_6_track_position_is_score_mod_50() {
    let mut t = track(&[98, 3]);
    assert_eq!(t.position(RED), 48);
    t.put_robber(BLUE, 48);
    t.add_scoring(RED, PointSource::City, 5);
    t.resolve(RED);
    assert_eq!((t.scores(), t.position(RED)), (&[103, 6][..], 3));
}

/// a robber still on the track scores its owner 3 points at the end.
#[test]
fn r_6_a_robber_left_on_the_track_scores_3() {
    let mut t = track(&[10, 4]);
    t.put_robber(BLUE, 10);
    t.finish();
    assert_eq!(t.scores(), [10, 7]);
    assert_eq!(t.sheet.stats[BLUE].points_from(PointSource::FinalRobber), 3);
    assert_eq!(t.robber(BLUE), None);
}

/// A 4-player robbers game whose first draws are the robber tiles RA.1, RA.2, RF.1, a plain
/// road U.1, then the robber tile RF.2.
fn robbers_game(placement: RobberPlacement) -> CarcassonneState {
    let mut setup = Setup::new(4, 11);
    setup.options.expansions.robbers = true;
    setup.options.robber_placement = placement;
    let tiles = setup.tiles;
    setup.tile_order = ["RA.1", "RA.2", "RF.1", "U.1", "RF.2"]
        .iter()
        .map(|n| tiles.find(n).unwrap())
        .collect();
    CarcassonneState::new(&setup).unwrap()
}

/// Plays the first legal placement and no meeple until a robber decision or the next turn.
fn place_first(g: &mut CarcassonneState) {
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert_eq!(g.phase(), Phase::PlaceTile);
    g.apply(legal[0]);
}

fn finish_turn_without_meeple(g: &mut CarcassonneState) {
    assert_eq!(g.phase(), Phase::Meeple);
    g.apply(Action::Pass);
}

/// Seed example 1 (R-2, option next_player): Red, Blue, Yellow, Green in that order; Blue's and
/// Yellow's robbers are on the track; Red draws a robber tile and puts its robber on Blue's
/// space; then Green, the next player whose robber is in supply, may place theirs.
#[test]
fn r_2_example_1_the_next_player_with_a_robber_in_supply_places() {
    let mut g = robbers_game(RobberPlacement::NextPlayer);
    // Turn 0 (Red, RA.1): Red keeps its robber; Blue (next, robber in supply) places on 0.
    place_first(&mut g);
    assert_eq!((g.phase(), g.decider()), (Phase::Robber, RED));
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert_eq!(legal, [Action::KeepRobber, Action::Robber { space: 0 }]);
    let kinds: Vec<&str> = legal
        .iter()
        .map(|a| CarcassonneState::action_kind_names()[g.action_kind(a)])
        .collect();
    assert_eq!(kinds, ["robber_keep", "robber_place"]);
    g.apply(Action::KeepRobber);
    assert_eq!((g.phase(), g.decider()), (Phase::Robber, BLUE));
    g.apply(Action::Robber { space: 0 });
    finish_turn_without_meeple(&mut g);
    // Turn 1 (Blue, RA.2): Blue has nowhere else to move (all markers on 0); Yellow places.
    place_first(&mut g);
    assert_eq!((g.phase(), g.decider()), (Phase::Robber, YELLOW));
    g.apply(Action::Robber { space: 0 });
    finish_turn_without_meeple(&mut g);
    // Turn 2 (Yellow, RF.1): Yellow's robber is on the track already; Green keeps its own.
    place_first(&mut g);
    assert_eq!((g.phase(), g.decider()), (Phase::Robber, GREEN));
    g.apply(Action::KeepRobber);
    finish_turn_without_meeple(&mut g);
    // Turn 3 (Green, U.1): no robber tile, no robber decision.
    place_first(&mut g);
    finish_turn_without_meeple(&mut g);
    // Turn 4 (Red, RF.2): the example. Red robs Blue's space, then Green decides.
    place_first(&mut g);
    assert_eq!((g.phase(), g.decider()), (Phase::Robber, RED));
    g.apply(Action::Robber { space: 0 });
    assert_eq!((g.phase(), g.decider()), (Phase::Robber, GREEN));
    g.apply(Action::Robber { space: 0 });
    assert_eq!(g.phase(), Phase::Meeple);
    assert_eq!(
        g.stats(RED)
            .count(meeplelab::games::carcassonne::ActionKind::RobberPlace),
        1
    );
    for p in 0..4 {
        assert_eq!(g.track().robber(p), Some(0));
    }
    // nobody ever scores (no meeples), so each robber left on the track scores 3.
    while !g.is_terminal() {
        g.legal_actions(&mut legal);
        let a = match g.phase() {
            Phase::PlaceTile => legal[0],
            Phase::Meeple => Action::Pass,
            _ => Action::KeepRobber,
        };
        g.apply(a);
    }
    assert_eq!(g.scores(), [3, 3, 3, 3]);
    assert_eq!(
        g.cells().len() + g.tiles_removed(),
        80,
        "R-1: 72 base + 8 robber tiles"
    );
}

/// R-2, option all_in_order (Z-Man): after the robber tile every other player whose robber is
/// in supply may place theirs, in turn order.
#[test]
fn r_2_all_in_order_asks_every_player_with_a_robber_in_supply() {
    let mut g = robbers_game(RobberPlacement::AllInOrder);
    place_first(&mut g);
    let mut deciders = Vec::new();
    while g.phase() == Phase::Robber {
        deciders.push(g.decider());
        g.apply(Action::Robber { space: 0 });
    }
    assert_eq!(deciders, [RED, BLUE, YELLOW, GREEN]);
    // Next robber tile (Blue): every robber is on the track, and with every marker on space 0
    // there is nowhere to move: no robber decision at all.
    finish_turn_without_meeple(&mut g);
    place_first(&mut g);
    assert_eq!(g.phase(), Phase::Meeple);
}

/// without the expansion switched on, robber tiles stay out of the pile and no robber
/// decision ever comes.
#[test]
fn r_1_robber_tiles_only_with_the_expansion() {
    let setup = Setup::new(3, 4);
    let tiles = setup.tiles;
    let g = CarcassonneState::new(&setup).unwrap();
    assert_eq!(g.pile().len(), 70);
    assert!(g
        .pile()
        .iter()
        .all(|&v| tiles.variant(v).expansion.is_none()));
}

/// R-5b (seed 003, footnotes of March 2015): a marker moving back (a bazaar payment, B-7)
/// takes the robbers of its space back with it, and their owners lose nothing. When another
/// player's marker stays on that space, the robber's owner may choose to stay: `move_back`
/// leaves such robbers in place and names their owners. A robber stays only beside another
/// player's marker: its owner's own marker, or the payer's, does not count. A payment of
/// a multiple of 50 brings the marker back to its space and moves no robber.
#[test]
fn r_5b_a_marker_moving_back_takes_robbers_along_unless_others_stay() {
    // Alone with the payer: Blue's robber follows Red back from 10 to 7.
    let mut t = track(&[10, 20, 30]);
    t.put_robber(BLUE, 10);
    assert_eq!(t.move_back(RED, 3), 0);
    assert_eq!((t.position(RED), t.robber(BLUE)), (7, Some(7)));
    assert_eq!(t.scores(), [7, 20, 30], "the robber's owner loses nothing");
    // Yellow's marker stays on 10 too: Blue may keep its robber beside it, or follow Red.
    let mut t = track(&[10, 20, 10]);
    t.put_robber(BLUE, 10);
    assert_eq!(t.move_back(RED, 3), 1 << BLUE);
    assert_eq!(t.robber(BLUE), Some(10), "it waits for its owner's choice");
    let back = t.position(RED);
    t.put_robber(BLUE, back);
    assert_eq!(t.robber(BLUE), Some(7));
    // Only Blue's own marker stays on 10: no choice, the robber follows Red.
    let mut t = track(&[10, 10, 30]);
    t.put_robber(BLUE, 10);
    assert_eq!(t.move_back(RED, 3), 0);
    assert_eq!(t.robber(BLUE), Some(7));
    // Two robbers, each beside the other's owner's marker: both choose.
    let mut t = track(&[10, 10, 10, 30]);
    t.put_robber(BLUE, 10);
    t.put_robber(YELLOW, 10);
    let both = t.move_back(RED, 3);
    assert_eq!(both, (1 << BLUE) | (1 << YELLOW));
    // A payment of 50 leaves the marker on its space: nothing moves.
    let mut t = track(&[60, 10, 10]);
    t.put_robber(BLUE, 10);
    assert_eq!(t.move_back(RED, 50), 0);
    assert_eq!((t.position(RED), t.robber(BLUE)), (10, Some(10)));
    assert_eq!(t.scores()[RED], 10);
}
