//! Bridges, Castles and Bazaars (rules B-1…B-7 of shared/rules/carcassonne.md; seed
//! shared/seeds/004_…bridges-castles-bazaars-fr.wiki.txt) on small hand-built games with
//! hand-checked scores. The start tile is a D at 0 0: city north, road west–east, fields
//! south. Rotations are clockwise: r90 turns a tile's south side to the west.

use meeplelab::core::game::Game;
use meeplelab::core::geom::{Coord, HalfSide, Rotation, Side};
use meeplelab::core::options::RuleOptions;
use meeplelab::games::carcassonne::{
    bridges_and_castles, Action, CarcassonneState, Options, Phase, PointSource, ResolvedSetup,
    BID_LADDER, BRIDGES_PER_PLAYER, BUILTIN_TILES, MAX_BID,
};
use meeplelab::games::def::{GameDef, Notation};

/// A 2-player game with `expansions` whose whole draw pile is `order` (copies `E.1`, `A.2`…).
fn game(expansions: &str, order: &[&str]) -> CarcassonneState {
    let tiles = BUILTIN_TILES.compiled();
    let tile_order = order.iter().map(|id| tiles.find(id).unwrap()).collect();
    let setup = ResolvedSetup {
        players: 2,
        seed: 1,
        options: Options::from_assignments(&[format!("expansions={expansions}")]).unwrap(),
        tile_order,
        deal: (),
    };
    CarcassonneState::from_resolved(tiles, &setup).unwrap()
}

fn legal(g: &CarcassonneState) -> Vec<Action> {
    let mut out = Vec::new();
    g.legal_actions(&mut out);
    out
}

/// Applies `action` after checking that it is legal and that its notation round-trips.
fn play(g: &mut CarcassonneState, action: Action) {
    let l = legal(g);
    assert!(l.contains(&action), "{action:?} is not legal; legal: {l:?}");
    assert_eq!(g.parse_action(&g.format_action(&action)), Ok(action));
    g.apply(action);
}

fn place_action(g: &CarcassonneState, x: i8, y: i8, q: u8) -> Action {
    let v = g.tiles().variant(g.drawn_tile());
    Action::Place {
        at: Coord::new(x, y),
        rot: v.canonical_rotation(Rotation::new(q)),
    }
}

/// Places the drawn tile; declines an optional bridge.
fn place(g: &mut CarcassonneState, x: i8, y: i8, q: u8) {
    let a = place_action(g, x, y, q);
    play(g, a);
    if g.phase() == Phase::Bridge {
        play(g, Action::NoBridge);
    }
}

/// The meeple action on the road or city of the tile just placed that covers `side`.
fn on_side(g: &CarcassonneState, side: Side) -> Action {
    let segment = g.orientation_of(g.last_cell()).side_segment[side.index()];
    Action::Meeple { segment }
}

/// B-2, B-3 (seed bridges examples 2 and 6, example 8's counting): a tile without a road is
/// placed against the start tile's road; only a bridge over it makes that legal, so the bridge
/// is mandatory. The meeple may go on that bridge; the road then scores 1 per tile.
#[test]
fn b_2_b_3_a_bridge_over_the_placed_tile_makes_it_fit_and_carries_a_meeple() {
    let mut g = game("bcb", &["E.1", "A.1", "A.2"]);
    // E (city cap N, fields E S W) at 1,0 unturned: its W field meets D's E road.
    let e = place_action(&g, 1, 0, 0);
    assert!(legal(&g).contains(&e));
    assert!(
        !legal(&game("none", &["E.1"])).contains(&e),
        "no bridge without bcb"
    );
    play(&mut g, e);
    let bridge = Action::Bridge {
        at: Coord::new(1, 0),
        axis: Side::E,
    };
    assert_eq!(legal(&g), [bridge], "the bridge is mandatory (B-2)");
    play(&mut g, bridge);
    assert_eq!(g.bridges_in_supply(0), BRIDGES_PER_PLAYER - 1);
    assert_eq!(bridges_and_castles(4), (3, 3), "B-1");
    assert_eq!(
        bridges_and_castles(5),
        (2, 2),
        "B-1: 2 and 2 with 5 players"
    );
    // B-3: E has 2 segments; segment 2 is its bridge.
    let on_bridge = Action::Meeple { segment: 2 };
    assert_eq!(g.format_action(&on_bridge), "meeple bridge");
    play(&mut g, on_bridge);
    // P1: A (monastery, road S) turned r90: its road W meets the bridge's E end.
    place(&mut g, 2, 0, 1);
    play(&mut g, Action::Pass);
    assert_eq!(g.scores(), [0, 0]);
    // P0: the second A, road E, closes the road west of D: A, D, E (bridge), A = 4 tiles.
    place(&mut g, -1, 0, 3);
    play(&mut g, Action::Pass);
    assert_eq!(g.scores(), [4, 0]);
    assert_eq!(
        g.meeples_in_supply(0),
        7,
        "the meeple on the bridge returned"
    );
}

/// B-2: a road placed against a field is legal when a bridge on that neighbour continues it;
/// the bridge then is on the neighbour, so no meeple may go on it (B-3, seed example 7).
#[test]
fn b_2_a_bridge_on_the_neighbour_continues_the_placed_road() {
    let mut g = game("bcb", &["B.1", "U.1"]);
    // P0: B (monastery in a field) south of D.
    place(&mut g, 0, -1, 0);
    play(&mut g, Action::Pass);
    // P1: U (straight road W-E) at 1,-1: its W road meets B's E field.
    let u = place_action(&g, 1, -1, 0);
    assert!(legal(&g).contains(&u));
    play(&mut g, u);
    let bridge = Action::Bridge {
        at: Coord::new(0, -1),
        axis: Side::E,
    };
    assert_eq!(legal(&g), [bridge]);
    assert_eq!(g.format_action(&bridge), "bridge 0,-1 E-W");
    play(&mut g, bridge);
    let meeples = legal(&g);
    assert!(
        !meeples.contains(&Action::Meeple { segment: 3 }),
        "{meeples:?}"
    );
    // The road U + bridge has two open ends (U's E, the bridge's W) and 2 tiles.
    let node = g
        .cell_at(Coord::new(0, -1))
        .unwrap()
        .data
        .bridge
        .unwrap()
        .node;
    let road = g.feature(g.feature_root(node));
    assert_eq!((road.open, road.tiles), (2, 2));
    assert_eq!(g.cells()[1].at, Coord::new(0, -1));
}

/// Plays turn 0 of the castle examples: P0 puts E (city cap) north of the start tile turned
/// r180, closing a small city of 2 caps with a meeple on it (B-4).
fn small_city(order: &[&str]) -> CarcassonneState {
    let mut g = game("bcb", order);
    place(&mut g, 0, 1, 2);
    let city = on_side(&g, Side::S);
    play(&mut g, city);
    assert_eq!(g.phase(), Phase::Castle);
    assert_eq!(
        legal(&g),
        [
            Action::Castle { build: false },
            Action::Castle { build: true }
        ]
    );
    g
}

/// B-4 (seed castle example 1): the owner may score the small city (4 points) instead.
#[test]
fn b_4_a_small_city_scores_4_when_not_converted() {
    let mut g = small_city(&["E.1", "A.1"]);
    play(&mut g, Action::Castle { build: false });
    assert_eq!(g.scores(), [4, 0]);
    assert!(g.castles().is_empty());
    assert_eq!(g.meeples_in_supply(0), 7);
}

/// B-4, B-6 (seed castle example 1): converted, the city scores nothing and the meeple moves
/// onto the castle; at the end an unscored castle pays nothing, and a field bordering it pays
/// 4 instead of 3.
#[test]
fn b_4_b_6_a_castle_scores_nothing_when_built_and_counts_4_in_a_field() {
    let mut g = small_city(&["E.1", "A.1"]);
    play(&mut g, Action::Castle { build: true });
    assert_eq!(g.scores(), [0, 0]);
    assert_eq!(g.castles().len(), 1);
    assert_eq!(g.castles()[0].tiles, [Coord::new(0, 1), Coord::new(0, 0)]);
    assert_eq!((g.meeples_in_supply(0), g.castles_in_supply(0)), (6, 2));
    assert!(g.placed_meeples().is_empty());
    // P1: A turned r90 east of D; a farmer in its field, joined to D's north field, which
    // borders the castle.
    place(&mut g, 1, 0, 1);
    let field = g.orientation_of(g.last_cell()).half_segment[HalfSide::ALL[0].index()];
    play(&mut g, Action::Meeple { segment: field });
    assert!(g.is_terminal());
    // P0's castle never scored: nothing. P1's field: 4 for the castle; P1's monastery has
    // nothing else (its meeple is the farmer).
    assert_eq!(g.scores(), [0, 4]);
    assert_eq!(g.stats(1).points_from(PointSource::FinalField), 4);
}

/// B-5 (seed castle example 2): the first feature completed in a later turn with a tile in
/// the castle's 6 spaces scores its owner as much as it is worth, even though nobody owns it;
/// the meeple returns and the castle stays. When two features complete at once, the owner
/// chooses (here a 3-tile and a 2-tile road).
#[test]
fn b_5_a_castle_scores_the_first_neighbouring_completion_and_its_owner_chooses() {
    let mut g = small_city(&["E.1", "A.1", "A.2", "X.1", "V.1"]);
    play(&mut g, Action::Castle { build: true });
    let castle = g.castles()[0];
    let near = castle.neighbourhood();
    for (x, y) in [(-1, 0), (0, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
        assert!(near.contains(&Coord::new(x, y)), "{x},{y}");
    }
    // P1: A with its road S at -1,1 (beside the castle's north tile).
    place(&mut g, -1, 1, 0);
    play(&mut g, Action::Pass);
    // P0: A with its road W east of D.
    place(&mut g, 1, 0, 1);
    play(&mut g, Action::Pass);
    assert_eq!(g.scores(), [0, 0]);
    // P1: the crossroads X west of D closes D's road (X, D, A: 3) and the A road north of it
    // (X, A: 2), both in the castle's neighbourhood; nobody owns them.
    place(&mut g, -1, 0, 0);
    play(&mut g, Action::Pass);
    assert_eq!(g.phase(), Phase::CastleScore);
    assert_eq!(g.decider(), 0);
    let mut options = legal(&g);
    options.sort_by_key(|a| g.format_action(a));
    assert_eq!(
        options,
        [
            Action::CastleScore { points: 2 },
            Action::CastleScore { points: 3 }
        ]
    );
    play(&mut g, Action::CastleScore { points: 3 });
    assert_eq!(g.scores(), [3, 0]);
    assert_eq!(g.stats(0).points_from(PointSource::Castle), 3);
    assert!(g.castles()[0].scored);
    assert_eq!(g.meeples_in_supply(0), 7);
}

/// B-5: a castle scores only in a later turn: the small city completed in the turn that builds
/// it does not score it.
#[test]
fn b_5_a_castle_does_not_score_in_the_turn_it_is_built() {
    let mut g = small_city(&["E.1"]);
    play(&mut g, Action::Castle { build: true });
    assert!(g.is_terminal());
    assert_eq!(g.scores(), [0, 0]);
    assert!(!g.castles()[0].scored);
}

/// A 3-player game whose pile starts with a bazaar tile (BZ4, a field) for Red, then the
/// three tiles the bazaar reveals, then X.
fn bazaar_game(bazaar: &str) -> CarcassonneState {
    let tiles = BUILTIN_TILES.compiled();
    let order = ["BZ4.1", "U.1", "U.2", "E.1", "X.1"];
    let setup = ResolvedSetup {
        players: 3,
        seed: 1,
        options: Options::from_assignments(&[
            "expansions=bcb".to_string(),
            format!("bazaar={bazaar}"),
        ])
        .unwrap(),
        tile_order: order.iter().map(|id| tiles.find(id).unwrap()).collect(),
        deal: (),
    };
    let mut g = CarcassonneState::from_resolved(tiles, &setup).unwrap();
    // Red: the bazaar tile south of the start tile, no meeple.
    place(&mut g, 0, -1, 0);
    play(&mut g, Action::Pass);
    g
}

const RED: usize = 0;
const BLUE: usize = 1;
const BLACK: usize = 2;

/// The tile `id` of the built-in set.
fn tile(id: &str) -> u16 {
    BUILTIN_TILES.compiled().find(id).unwrap() as u16
}

/// B-7, the seed's 3-player example: Blue offers a tile for 2, Black passes, Red bids 3, Blue
/// buys (pays Red 3); Black offers another for 2, Red bids 3, Black sells (Red pays Black 3);
/// the last tile goes free to Black. Then Blue, Black and Red play their tiles in turn, and
/// Blue draws from the pile again.
#[test]
fn b_7_the_3_player_auction_example() {
    let mut g = bazaar_game("auction");
    assert_eq!(g.bazaar().tiles().len(), 3, "one tile per player revealed");
    assert_eq!(g.pile().len(), 1, "the revealed tiles left the unseen pile");
    assert_eq!((g.phase(), g.decider()), (Phase::BazaarOffer, BLUE));
    play(&mut g, Action::BazaarOffer { tile: 0, bid: 2 });
    assert_eq!((g.phase(), g.decider()), (Phase::BazaarBid, BLACK));
    assert!(
        !legal(&g).contains(&Action::BazaarBid { bid: 2 }),
        "bids must rise"
    );
    play(&mut g, Action::BazaarPass);
    assert_eq!(g.decider(), RED);
    play(&mut g, Action::BazaarBid { bid: 3 });
    assert_eq!((g.phase(), g.decider()), (Phase::BazaarDeal, BLUE));
    play(&mut g, Action::BazaarDeal { buy: true });
    assert_eq!(g.scores(), [3, -3, 0]);
    // The heuristic values the held tile (term `pending_points`) at the points per turn so
    // far: 0 points in 1 turn, so the floor of 1.
    let pending = |g: &CarcassonneState, p: usize| g.eval_terms(p)[7];
    assert_eq!((pending(&g, BLUE), pending(&g, BLACK)), (1.0, 0.0));
    // Black chooses next; only Red (without a tile) may bid.
    assert_eq!((g.phase(), g.decider()), (Phase::BazaarOffer, BLACK));
    play(&mut g, Action::BazaarOffer { tile: 1, bid: 2 });
    assert_eq!((g.phase(), g.decider()), (Phase::BazaarBid, RED));
    play(&mut g, Action::BazaarBid { bid: 3 });
    play(&mut g, Action::BazaarDeal { buy: false });
    assert_eq!(g.scores(), [0, -3, 3]);
    assert_eq!(g.stats(BLACK).points_from(PointSource::Bazaar), 3);
    // The last tile (E) goes free to Black; Blue plays the tile it bought first.
    assert_eq!((g.phase(), g.active_player()), (Phase::PlaceTile, BLUE));
    assert_eq!(g.drawn_tile() as u16, tile("U.1"));
    place(&mut g, 1, 0, 0);
    play(&mut g, Action::Pass);
    assert_eq!(
        (g.active_player(), g.drawn_tile() as u16),
        (BLACK, tile("E.1"))
    );
    place(&mut g, 0, 1, 2);
    play(&mut g, Action::Pass);
    assert_eq!(
        (g.active_player(), g.drawn_tile() as u16),
        (RED, tile("U.2"))
    );
    place(&mut g, 2, 0, 0);
    play(&mut g, Action::Pass);
    // Play resumes left of the bazaar player, from the pile; no new bazaar came from the
    // bazaar's tiles.
    assert_eq!(
        (g.active_player(), g.drawn_tile() as u16),
        (BLUE, tile("X.1"))
    );
    assert!(!g.bazaar().is_open());
}

/// B-7: a chooser nobody overbids pays their own bid; option `bazaar=no_bidding`: each player
/// in turn order picks a tile when their turn comes and plays it at once, the last one
/// getting the last tile.
#[test]
fn b_7_own_bid_and_the_no_bidding_variant() {
    let mut g = bazaar_game("auction");
    play(&mut g, Action::BazaarOffer { tile: 2, bid: 1 });
    play(&mut g, Action::BazaarPass);
    play(&mut g, Action::BazaarPass);
    assert_eq!(g.scores(), [0, -1, 0], "Blue pays its own bid to nobody");
    assert_eq!((g.phase(), g.decider()), (Phase::BazaarOffer, BLACK));

    let mut g = bazaar_game("no_bidding");
    assert_eq!((g.phase(), g.decider()), (Phase::BazaarOffer, BLUE));
    assert_eq!(
        legal(&g),
        (0..3)
            .map(|tile| Action::BazaarOffer { tile, bid: 0 })
            .collect::<Vec<_>>()
    );
    play(&mut g, Action::BazaarOffer { tile: 2, bid: 0 });
    assert_eq!(
        (g.phase(), g.drawn_tile() as u16),
        (Phase::PlaceTile, tile("E.1"))
    );
    place(&mut g, 0, 1, 2);
    play(&mut g, Action::Pass);
    assert_eq!((g.phase(), g.decider()), (Phase::BazaarOffer, BLACK));
    play(&mut g, Action::BazaarOffer { tile: 0, bid: 0 });
    place(&mut g, 1, 0, 0);
    play(&mut g, Action::Pass);
    // Red gets the last tile without a decision.
    assert_eq!((g.phase(), g.active_player()), (Phase::PlaceTile, RED));
    assert_eq!(g.drawn_tile() as u16, tile("U.2"));
    assert_eq!(g.scores(), [0, 0, 0]);
}

/// B-5, chain scoring: a scored castle counts as a completed feature for an overlapping
/// castle. P0's castle (tiles 0,0 and 0,1) scores a 3-tile road in its neighbourhood; P1's
/// castle (tiles 0,2 and 1,2, neighbourhood x 0..1, y 1..3) does not reach the road but holds
/// P0's castle tile 0,1, so it scores the same 3 points.
#[test]
fn b_5_a_scored_castle_makes_an_overlapping_castle_score() {
    let mut g = small_city(&["E.1", "E.2", "E.3", "A.1", "A.2", "X.1"]);
    play(&mut g, Action::Castle { build: true });
    // P1: a city cap facing east at 0,2, with a meeple.
    place(&mut g, 0, 2, 1);
    let city = on_side(&g, Side::E);
    play(&mut g, city);
    // P0: a cap facing west at 1,2 closes P1's small city; P1 converts it.
    place(&mut g, 1, 2, 3);
    play(&mut g, Action::Pass);
    assert_eq!((g.phase(), g.decider()), (Phase::Castle, 1));
    play(&mut g, Action::Castle { build: true });
    assert_eq!(g.castles().len(), 2);
    assert!(
        !g.castles()[0].scored,
        "P1's small city lies outside P0's neighbourhood"
    );
    // P1 and P0 close D's road with two monastery tiles: 3 tiles, owned by nobody.
    place(&mut g, 1, 0, 1);
    play(&mut g, Action::Pass);
    place(&mut g, -1, 0, 3);
    play(&mut g, Action::Pass);
    assert_eq!(g.scores(), [3, 3]);
    assert!(g.castles().iter().all(|c| c.scored));
    assert_eq!(g.stats(1).points_from(PointSource::Castle), 3);
    assert_eq!((g.meeples_in_supply(0), g.meeples_in_supply(1)), (7, 7));
}

/// B-2 (seed 004, footnote of October 2014): a tile that fits only with a bridge may be
/// discarded instead; `discard` is offered after its placements, only then, and only with the
/// expansion. The player keeps the bridge and draws again in the same turn. Tile set
/// `tests/scenarios/carcassonne/b02.tiles`: the start tile is the crossroads X, so the city cap
/// E (no road) fits beside it only with a bridge across it; the straight road U fits plainly.
#[test]
fn b_2_a_tile_that_fits_only_with_a_bridge_may_be_discarded() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scenarios/carcassonne/b02.tiles");
    let tiles = CarcassonneState::load_tiles(&path).unwrap();
    let start = |expansions: &str, order: &[&str]| {
        let setup = ResolvedSetup {
            players: 2,
            seed: 1,
            options: Options::from_assignments(&[format!("expansions={expansions}")]).unwrap(),
            tile_order: order.iter().map(|id| tiles.find(id).unwrap()).collect(),
            deal: (),
        };
        CarcassonneState::from_resolved(tiles, &setup).unwrap()
    };
    let mut g = start("bcb", &["E.1", "U.1", "E.2"]);
    let options = legal(&g);
    assert_eq!(options.last(), Some(&Action::Discard));
    assert!(options[..options.len() - 1]
        .iter()
        .all(|a| matches!(a, Action::Place { .. })));
    assert!(g.reveals_hidden(&Action::Discard));
    play(&mut g, Action::Discard);
    assert_eq!((g.tiles_discarded(), g.tiles_removed()), (1, 0));
    assert_eq!(
        (g.turn(), g.active_player(), g.phase()),
        (0, 0, Phase::PlaceTile)
    );
    assert_eq!(g.drawn_tile(), tiles.find("U.1").unwrap(), "P0 drew again");
    assert_eq!(g.bridges_in_supply(0), BRIDGES_PER_PLAYER, "no bridge used");
    // U fits without a bridge: no discard, and a discard is explained.
    assert!(!legal(&g).contains(&Action::Discard));
    let why = g.explain_illegal(&Action::Discard);
    assert!(
        why.contains("tile U.1 fits without a bridge") && why.ends_with("(B-2)"),
        "{why}"
    );
    // Without Bridges, Castles and Bazaars, E fits nowhere: it is removed without a decision
    // (C-2) and U.1 is drawn.
    let base = start("none", &["E.1", "U.1"]);
    assert_eq!((base.tiles_removed(), base.tiles_discarded()), (1, 0));
    assert!(!legal(&base).contains(&Action::Discard));
    assert!(base.explain_illegal(&Action::Discard).ends_with("(B-2)"));
}

/// The bids listed at the current bazaar decision.
fn bids(g: &CarcassonneState) -> Vec<u16> {
    legal(g)
        .iter()
        .filter_map(|a| match *a {
            Action::BazaarOffer { tile: 0, bid } | Action::BazaarBid { bid } => Some(bid),
            _ => None,
        })
        .collect()
}

/// B-7: bids have no upper limit ("you may bid more points than you have", seed 004). Agents
/// see a ladder (0..=10, 15, 20, 30, 50, and the highest bid + 1); a record may hold any whole
/// bid above the highest one, up to the engine's bound `MAX_BID`. A player is asked to bid
/// whatever the highest bid (the old cap of 10 no longer skips anyone).
#[test]
fn b_7_bids_have_no_upper_limit_and_agents_see_a_ladder() {
    let mut g = bazaar_game("auction");
    assert_eq!(bids(&g), BID_LADDER);
    assert_eq!(
        BID_LADDER,
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 20, 30, 50]
    );
    // An opening bid off the ladder is legal in a record (GameDef::is_legal), not listed.
    let off = Action::BazaarOffer { tile: 0, bid: 12 };
    assert!(!legal(&g).contains(&off) && g.is_legal(&off, &legal(&g)));
    let too_high = Action::BazaarOffer {
        tile: 0,
        bid: MAX_BID + 1,
    };
    assert!(!g.is_legal(&too_high, &legal(&g)));
    assert!(g
        .explain_illegal(&too_high)
        .contains("engine bound, not a rule"));
    g.apply(off);
    assert_eq!((g.phase(), g.decider()), (Phase::BazaarBid, BLACK));
    assert_eq!(
        bids(&g),
        [13, 15, 20, 30, 50],
        "the highest bid + 1, then the ladder"
    );
    let high = Action::BazaarBid { bid: 49 };
    assert!(g.is_legal(&high, &legal(&g)));
    assert!(!g.is_legal(&Action::BazaarBid { bid: 12 }, &legal(&g)));
    g.apply(high);
    assert_eq!(
        (g.phase(), g.decider()),
        (Phase::BazaarBid, RED),
        "still asked above 10"
    );
    assert_eq!(bids(&g), [50]);
    play(&mut g, Action::BazaarBid { bid: 50 });
    assert_eq!((g.phase(), g.decider()), (Phase::BazaarDeal, BLUE));
    play(&mut g, Action::BazaarDeal { buy: false });
    assert_eq!(g.scores(), [-50, 50, 0], "Red pays more than it has");
    // Above the ladder only the highest bid + 1 is listed; at the engine bound nobody is asked.
    let mut g = bazaar_game("auction");
    g.apply(Action::BazaarOffer { tile: 0, bid: 700 });
    assert_eq!(bids(&g), [701]);
    g.apply(Action::BazaarBid { bid: MAX_BID });
    assert_eq!((g.phase(), g.decider()), (Phase::BazaarDeal, BLUE));
    // With bazaar=no_bidding a pick carries no bid, and records may not add one.
    let g = bazaar_game("no_bidding");
    let bid = Action::BazaarOffer { tile: 0, bid: 3 };
    assert!(!g.is_legal(&bid, &legal(&g)));
    assert!(g.explain_illegal(&bid).contains("no_bidding"));
}

/// B-2 with B-7: a tile held from a bazaar that fits only with a bridge may be discarded too;
/// its holder then draws from the pile. An invented tile set where every tile but the city cap
/// E shows roads on all four sides (the start crossroads X and a bazaar crossroads BZX), so E
/// never fits without a bridge.
#[test]
fn b_2_b_7_a_held_bazaar_tile_may_be_discarded_and_its_holder_draws() {
    use meeplelab::core::tileset::{parse_tileset, CompiledTiles};
    let text = "tileset crossroads\ngame carcassonne\nsource invented for this test\n\
        start-tile X\n\
        tile X count 3\n  road N\n  road E\n  road S\n  road W\n  field Nw Wn\n  field Ne En\n  field Es Se\n  field Sw Ws\n\
        tile BZX count 1 expansion bcb\n  road N\n  road E\n  road S\n  road W\n  field Nw Wn\n  field Ne En\n  field Es Se\n  field Sw Ws\n\
        tile E count 2\n  city N\n  field E S W\n";
    let set = parse_tileset(text, "crossroads").unwrap();
    let tiles = CompiledTiles::compile(&set).leak();
    let setup = ResolvedSetup {
        players: 2,
        seed: 1,
        options: Options::from_assignments(&["expansions=bcb", "bazaar=no_bidding"]).unwrap(),
        tile_order: ["BZX.1", "E.1", "X.1", "E.2", "X.2"]
            .iter()
            .map(|id| tiles.find(id).unwrap())
            .collect(),
        deal: (),
    };
    let mut g = CarcassonneState::from_resolved(tiles, &setup).unwrap();
    place(&mut g, 1, 0, 0);
    play(&mut g, Action::Pass);
    // The bazaar reveals E.1 and X.1; P1 picks E.1, which fits only with a bridge.
    assert_eq!((g.phase(), g.decider()), (Phase::BazaarOffer, 1));
    play(&mut g, Action::BazaarOffer { tile: 0, bid: 0 });
    assert_eq!(g.drawn_tile(), tiles.find("E.1").unwrap());
    assert_eq!(legal(&g).last(), Some(&Action::Discard));
    play(&mut g, Action::Discard);
    // P1 draws from the pile: E.2 (the bazaar's X.1 waits for P0).
    assert_eq!((g.active_player(), g.phase()), (1, Phase::PlaceTile));
    assert_eq!(g.drawn_tile(), tiles.find("E.2").unwrap());
    assert_eq!(g.tiles_discarded(), 1);
    assert!(g.bazaar().is_open(), "X.1 is still held by P0");
}

/// The `castle_points` term (docs/agents.md) of seat `p`.
fn castle_points(g: &CarcassonneState, p: usize) -> f64 {
    let i = CarcassonneState::eval_term_names()
        .iter()
        .position(|t| *t == "castle_points")
        .unwrap();
    g.eval_terms(p)[i]
}

/// B-5: `castle_points` values an unscored castle by the incomplete roads, cities and
/// monasteries in its 6 spaces (a monastery: its own tile), each at what completing it would
/// pay now (C-3), weighted by 1 / its open edges (a monastery: 1 / its empty neighbours); a
/// scored castle is worth nothing more. Positions of the castle example 2 above.
#[test]
fn b_5_castle_points_expect_the_first_neighbouring_completion() {
    let mut g = small_city(&["E.1", "A.1", "A.2", "X.1", "V.1"]);
    assert_eq!(castle_points(&g, 0), 0.0, "no castle yet");
    play(&mut g, Action::Castle { build: true });
    // In the 6 spaces: D's road (1 tile, 2 open ends: 1 point, weight 1/2) and the castle's
    // own city, complete.
    assert_eq!((castle_points(&g, 0), castle_points(&g, 1)), (1.0, 0.0));
    // P1's monastery A at -1,1 (2 of 8 neighbours placed: 9 points, weight 1/6) with its road
    // (1 tile, one open end: 1 point, weight 1): (9/6 + 1 + 1/2) / (1/6 + 1 + 1/2) = 1.8.
    place(&mut g, -1, 1, 0);
    play(&mut g, Action::Pass);
    assert!(
        (castle_points(&g, 0) - 1.8).abs() < 1e-12,
        "{}",
        castle_points(&g, 0)
    );
    // Once the crossroads closes the roads, the castle scores and its term falls to 0.
    place(&mut g, 1, 0, 1);
    play(&mut g, Action::Pass);
    place(&mut g, -1, 0, 0);
    play(&mut g, Action::Pass);
    play(&mut g, Action::CastleScore { points: 3 });
    assert!(g.castles()[0].scored);
    assert_eq!(castle_points(&g, 0), 0.0);
}

/// B-4: greedy converts a small city into a castle when `castle_points` values the castle
/// above what scoring the city pays (4 points and the meeple back in supply): not with the
/// default weight here (the castle's neighbourhood holds one road worth 1), always with a
/// weight of 100, never with 0.
#[test]
fn b_4_greedy_builds_a_castle_when_its_expected_score_pays() {
    use meeplelab::agents::AgentSpec;
    let g = small_city(&["E.1", "A.1"]);
    let choose = |spec: &str| {
        let spec = AgentSpec::resolve(spec).unwrap();
        spec.build::<CarcassonneState>(1, 0).choose(&g, &legal(&g))
    };
    assert_eq!(choose("greedy"), Action::Castle { build: false });
    assert_eq!(
        choose("greedy:castle_points=0"),
        Action::Castle { build: false }
    );
    assert_eq!(
        choose("greedy:castle_points=100"),
        Action::Castle { build: true }
    );
}
