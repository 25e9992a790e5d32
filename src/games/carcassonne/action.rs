//! Carcassonne decisions: the [`Action`] type and the kinds used for statistics and
//! restrictions.

use super::stats::ActionKind;
use crate::core::geom::{Coord, Rotation, Side};
use crate::core::tileset::FeatureKind;

/// One choice at one Carcassonne decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// C-2: place the drawn tile at `at` with rotation `rot`.
    Place {
        /// Target cell (on the frontier).
        at: Coord,
        /// Clockwise rotation.
        rot: Rotation,
    },
    /// C-2: place no meeple this turn.
    Pass,
    /// C-2: put a meeple on segment `segment` (road, city, field or monastery) of the tile
    /// just placed; B-3: `segment` = the tile's segment count means its bridge built this turn.
    Meeple {
        /// Segment index within the tile's variant.
        segment: u8,
    },
    /// put (or move) the deciding player's robber on scoring-track space `space`.
    Robber {
        /// Track space 0..=49 holding another player's score marker.
        space: u8,
    },
    /// leave the robber where it is (in supply or on the track).
    KeepRobber,
    /// score the turn's scoring worth `points` first (the one robbers see).
    ScoreFirst {
        /// Points of one of the deciding player's scorings this turn.
        points: u16,
    },
    /// the deciding player's robber robs `player`.
    Rob {
        /// A player whose marker shares the robber's space and scores this turn.
        player: u8,
    },
    /// B-2: build a bridge on the tile at `at` (the tile just placed or a neighbour).
    Bridge {
        /// The tile carrying the bridge.
        at: Coord,
        /// `Side::N` for a bridge running N–S, `Side::E` for one running E–W.
        axis: Side,
    },
    /// B-2: build no bridge this turn (only when the placement needs none).
    NoBridge,
    /// B-4: convert the just-completed small city into a castle (`build`) or score it.
    Castle {
        /// Whether the city becomes a castle.
        build: bool,
    },
    /// B-5: the deciding player's castle scores the completed feature worth `points`.
    CastleScore {
        /// Points of one of the features completed in the castle's neighbourhood.
        points: u16,
    },
    /// B-7: offer bazaar tile `tile` with a bid (with `bazaar=no_bidding`: pick it, bid 0).
    /// Agents are offered the bids of [`BID_LADDER`](super::BID_LADDER); a record may hold
    /// any whole bid up to [`MAX_BID`](super::MAX_BID).
    BazaarOffer {
        /// Index of an unclaimed tile among the revealed ones.
        tile: u8,
        /// Opening bid, 0..=[`MAX_BID`](super::MAX_BID).
        bid: u16,
    },
    /// B-7: overbid the tile on offer (agents: see
    /// [`CarcassonneState::bid_ladder`](super::CarcassonneState::bid_ladder)).
    BazaarBid {
        /// Above the highest bid, at most [`MAX_BID`](super::MAX_BID).
        bid: u16,
    },
    /// B-7: do not bid on the tile on offer.
    BazaarPass,
    /// B-7: the chooser buys the tile (pays the highest bidder) or sells it to them.
    BazaarDeal {
        /// Whether the chooser buys.
        buy: bool,
    },
    /// B-2: discard the drawn tile instead of placing it with a bridge (only when every
    /// placement of it needs a bridge); it leaves the game and the player draws again.
    Discard,
    /// R-5b: after a bazaar payment moved a marker back, the deciding player's robber, which
    /// shared the marker's space with other markers, moves back with it (`follow`) or stays.
    RobberBack {
        /// Whether the robber moves back with the paying marker.
        follow: bool,
    },
}

impl ActionKind {
    /// The kind of putting a meeple on a feature of `kind`.
    pub fn meeple_on(kind: FeatureKind) -> ActionKind {
        match kind {
            FeatureKind::City => ActionKind::MeepleCity,
            FeatureKind::Monastery => ActionKind::MeepleMonastery,
            FeatureKind::Field => ActionKind::MeepleField,
            _ => ActionKind::MeepleRoad,
        }
    }
}
