//! Carcassonne's action ids and observation parts (with The Robbers and Bridges, Castles
//! and Bazaars).

use super::actions::{ActionSpace, Block};
use super::{Observe, TileCore};
use crate::core::geom::{Coord, Side};
use crate::core::tileset::{FeatureKind, MAX_SEGMENTS};
use crate::games::carcassonne::{Action, CarcassonneState, MAX_BID, SEGMENT_WORDS};

const SIDE: usize = <CarcassonneState as TileCore>::SIDE;
const CELLS: usize = SIDE * SIDE;
/// Ids for the points of a scoring choice (`score_first`, `castle_score`): no feature of at
/// most 92 tiles is worth 1024 points.
const POINTS: usize = 1024;
const BIDS: usize = MAX_BID as usize + 1;
/// Most bazaar tiles on offer: one per player.
const BAZAAR_TILES: usize = 5;

const BLOCKS: [Block; 17] = [
    Block::placements(CELLS),
    Block::new("pass", 1, "0"),
    Block::new(
        "meeple",
        MAX_SEGMENTS + 1,
        "segment (the segment count: the bridge)",
    ),
    Block::new("robber", 50, "track space"),
    Block::new("keep_robber", 1, "0"),
    Block::new("score_first", POINTS, "points"),
    Block::new("rob", 5, "player"),
    Block::new("bridge", CELLS * 2, "cell · 2 + (1 if E-W)"),
    Block::new("no_bridge", 1, "0"),
    Block::new("castle", 2, "1 to build, 0 to score"),
    Block::new("castle_score", POINTS, "points"),
    Block::new("bazaar_offer", BAZAAR_TILES * BIDS, "tile · 10001 + bid"),
    Block::new("bazaar_bid", BIDS, "bid"),
    Block::new("bazaar_pass", 1, "0"),
    Block::new("bazaar_deal", 2, "1 to buy, 0 to sell"),
    Block::new("discard", 1, "0"),
    Block::new("robber_back", 2, "1 to follow, 0 to stay"),
];

const SPACE: ActionSpace = ActionSpace::new(&BLOCKS, SIDE);

impl Observe for CarcassonneState {
    const ACTIONS: ActionSpace = SPACE;
    const FEATURE_PLANES: &'static [(&'static str, FeatureKind)] = &SEGMENT_WORDS.named_kinds();
    const OWN_PLANES: &'static [&'static str] = &[];

    fn action_id(&self, action: &Action) -> usize {
        let points = |p: u16| (p as usize).min(POINTS - 1);
        match *action {
            Action::Place { at, rot } => SPACE.placement(at, rot),
            Action::Pass => SPACE.offset("pass"),
            Action::Meeple { segment } => SPACE.offset("meeple") + segment as usize,
            Action::Robber { space } => SPACE.offset("robber") + space as usize,
            Action::KeepRobber => SPACE.offset("keep_robber"),
            Action::ScoreFirst { points: p } => SPACE.offset("score_first") + points(p),
            Action::Rob { player } => SPACE.offset("rob") + player as usize,
            Action::Bridge { at, axis } => {
                SPACE.offset("bridge") + SPACE.cell(at) * 2 + usize::from(axis == Side::E)
            }
            Action::NoBridge => SPACE.offset("no_bridge"),
            Action::Castle { build } => SPACE.offset("castle") + usize::from(build),
            Action::CastleScore { points: p } => SPACE.offset("castle_score") + points(p),
            Action::BazaarOffer { tile, bid } => {
                SPACE.offset("bazaar_offer") + tile as usize * BIDS + bid as usize
            }
            Action::BazaarBid { bid } => SPACE.offset("bazaar_bid") + bid as usize,
            Action::BazaarPass => SPACE.offset("bazaar_pass"),
            Action::BazaarDeal { buy } => SPACE.offset("bazaar_deal") + usize::from(buy),
            Action::Discard => SPACE.offset("discard"),
            Action::RobberBack { follow } => SPACE.offset("robber_back") + usize::from(follow),
        }
    }

    fn for_each_piece(&self, f: &mut dyn FnMut(usize, Coord)) {
        for m in self.placed_meeples() {
            f(m.player as usize, self.cell_of_node(m.node as usize));
        }
    }

    fn own_planes(&self, _f: &mut dyn FnMut(usize, Coord, f32)) {}
}
