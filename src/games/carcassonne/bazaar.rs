//! Bazaars (rule B-7): after a turn whose placed tile shows a bazaar, one tile per player is
//! revealed from the pile and auctioned; then every player, starting left of the bazaar
//! player, takes a turn with the tile they hold. Option `bazaar=no_bidding`: each player in
//! turn order picks a tile at the start of their turn and plays it at once.
//!
//! Auction (`bazaar=auction`): the chooser offers an unclaimed tile with a bid
//! ([`Action::BazaarOffer`]); each later player without a tile, clockwise, overbids
//! ([`Action::BazaarBid`]) or passes, once; then the chooser buys (pays the highest bid to its
//! bidder) or sells (receives it from the bidder, who takes the tile) ([`Action::BazaarDeal`]);
//! with no other bid the chooser pays their own bid. The next chooser is the next player
//! clockwise after the previous chooser without a tile; the last tile goes free to the last
//! player. Payments move scores directly (no robber steals from them) and may make them
//! negative; a robber on a paying marker's space may stay there or move back with it (R-5b,
//! [`Phase::RobberBack`]).
//!
//! Bids have no upper limit in the rules ("you may bid more points than you have", seed 004):
//! a record may hold any whole bid up to [`MAX_BID`], an engine bound far beyond any score.
//! Agents see a small ladder of bids ([`CarcassonneState::bid_ladder`]): every bid from 0 to 10,
//! then 15, 20, 30 and 50, and always the highest bid + 1.

use super::action::Action;
use super::options::BazaarMode;
use super::state::{CarcassonneState, Phase, MAX_PLAYERS};
use super::stats::PointSource;
use crate::core::tileset::VariantId;

/// B-7: the highest bid a record may hold. The rules set no limit; this engine bound lies far
/// beyond any score a game reaches (it is not a rule).
pub const MAX_BID: u16 = 10_000;

/// B-7: the bids agents are offered (opening bids; overbids take those above the highest bid,
/// and the highest bid + 1): one by one up to 10, where a tile's worth usually lies (about the
/// points scored per turn), then a few larger steps for the rare tile worth much more.
pub const BID_LADDER: [u16; 15] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 20, 30, 50];

/// Holder entry of an unclaimed tile.
const NOBODY: u8 = u8::MAX;

/// A bazaar in progress: the revealed tiles, who holds which, and the current offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bazaar {
    /// Revealed tiles (0 when no bazaar runs).
    pub n: u8,
    /// The tiles, in reveal order.
    pub tiles: [VariantId; MAX_PLAYERS],
    /// The player holding each tile (`u8::MAX`: unclaimed).
    pub holder: [u8; MAX_PLAYERS],
    /// Tiles already played or removed (bit per tile).
    pub used: u8,
    /// The player choosing (auction).
    pub chooser: u8,
    /// The tile on offer, the highest bid and its bidder.
    pub offer: u8,
    /// The highest bid on the tile on offer.
    pub high_bid: u16,
    /// Who made it.
    pub high_bidder: u8,
    /// Players already asked in this tile's bidding round (bit per player).
    pub asked: u8,
    /// R-5b: the player whose payment is being settled.
    pub payer: u8,
    /// R-5b: who receives the payment once the robbers have chosen (`u8::MAX`: nobody).
    pub payee: u8,
    /// R-5b: the points paid.
    pub payment: u16,
    /// R-5b: players whose robber still chooses to stay or move back (bit per player).
    pub robbers_to_ask: u8,
}

impl Default for Bazaar {
    fn default() -> Self {
        Bazaar {
            n: 0,
            tiles: [0; MAX_PLAYERS],
            holder: [NOBODY; MAX_PLAYERS],
            used: 0,
            chooser: 0,
            offer: 0,
            high_bid: 0,
            high_bidder: 0,
            asked: 0,
            payer: 0,
            payee: NOBODY,
            payment: 0,
            robbers_to_ask: 0,
        }
    }
}

impl Bazaar {
    /// Whether a bazaar is running.
    pub fn is_open(&self) -> bool {
        self.n > 0
    }

    /// The revealed tiles.
    pub fn tiles(&self) -> &[VariantId] {
        &self.tiles[..self.n as usize]
    }

    /// Whether `player` holds (or held) a tile of this bazaar.
    pub fn has_tile(&self, player: usize) -> bool {
        self.holder[..self.n as usize].contains(&(player as u8))
    }

    /// Unclaimed tiles (indices).
    fn unclaimed(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.n as usize).filter(|&i| self.holder[i] == NOBODY)
    }
}

impl CarcassonneState {
    /// Whether variant `v` shows a bazaar (B-7; types `BZ…` of the built-in set).
    pub fn is_bazaar_tile(&self, v: VariantId) -> bool {
        let variant = self.tiles.variant(v);
        variant.expansion.as_deref() == Some("bcb") && variant.name.starts_with("BZ")
    }

    /// The bazaar in progress (`n == 0` when none).
    pub fn bazaar(&self) -> &Bazaar {
        &self.game.bazaar
    }

    /// B-7: after the turn of `bazaar_player`, whose placed tile (drawn from the pile) shows a
    /// bazaar, opens a bazaar if enough tiles remain. Returns whether it did.
    pub(super) fn maybe_open_bazaar(&mut self, bazaar_player: usize) -> bool {
        let n = self.players();
        let placed = self.last_cell().variant;
        if !self.game.options.expansions.bcb
            || self.game.from_bazaar
            || self.game.bazaar.is_open()
            || !self.is_bazaar_tile(placed)
            || self.tiles_left() < n
        {
            return false;
        }
        let mut b = Bazaar {
            n: n as u8,
            ..Bazaar::default()
        };
        for slot in &mut b.tiles[..n] {
            *slot = self.pile.draw().expect("tiles left for the bazaar");
        }
        b.chooser = ((bazaar_player + 1) % n) as u8;
        self.game.bazaar = b;
        if self.game.options.bazaar == BazaarMode::Auction {
            self.next_chooser_or_done(true);
        } else {
            self.begin_turn();
        }
        true
    }

    /// B-7: the bids agents are offered above `high` (`None`: opening bids, from 0): the
    /// [`BID_LADDER`] values above it, and `high + 1` when that is not one of them, in
    /// increasing order, none above [`MAX_BID`].
    pub fn bid_ladder(high: Option<u16>, mut f: impl FnMut(u16)) {
        let floor = high.map_or(0, |h| h + 1);
        if floor <= MAX_BID && !BID_LADDER.contains(&floor) {
            f(floor);
        }
        for bid in BID_LADDER.into_iter().filter(|&b| b >= floor) {
            f(bid);
        }
    }

    /// Calls `f` with the actions of the bazaar phases (agents' bids: [`Self::bid_ladder`]).
    pub(super) fn bazaar_actions(&self, mut f: impl FnMut(Action)) {
        let b = &self.game.bazaar;
        match self.game.phase {
            Phase::BazaarOffer => {
                for tile in b.unclaimed() {
                    let tile = tile as u8;
                    if self.game.options.bazaar == BazaarMode::Auction {
                        Self::bid_ladder(None, |bid| f(Action::BazaarOffer { tile, bid }));
                    } else {
                        f(Action::BazaarOffer { tile, bid: 0 });
                    }
                }
            }
            Phase::BazaarBid => {
                f(Action::BazaarPass);
                Self::bid_ladder(Some(b.high_bid), |bid| f(Action::BazaarBid { bid }));
            }
            Phase::BazaarDeal => {
                f(Action::BazaarDeal { buy: true });
                f(Action::BazaarDeal { buy: false });
            }
            Phase::RobberBack => {
                f(Action::RobberBack { follow: true });
                f(Action::RobberBack { follow: false });
            }
            _ => {}
        }
    }

    /// B-7: whether `action` is a legal bid that the ladder does not list: records may hold
    /// any whole bid (an opening bid from 0, an overbid above the highest), up to [`MAX_BID`].
    pub(super) fn is_unlisted_legal_bid(&self, action: &Action) -> bool {
        let b = &self.game.bazaar;
        match (self.game.phase, *action) {
            (Phase::BazaarOffer, Action::BazaarOffer { tile, bid }) => {
                self.game.options.bazaar == BazaarMode::Auction
                    && b.unclaimed().any(|t| t == tile as usize)
                    && bid <= MAX_BID
            }
            (Phase::BazaarBid, Action::BazaarBid { bid }) => bid > b.high_bid && bid <= MAX_BID,
            _ => false,
        }
    }

    /// Why a bazaar offer or bid is not legal now (B-7), or `None` for other actions.
    pub(super) fn explain_bazaar(&self, action: &Action) -> Option<String> {
        let b = &self.game.bazaar;
        match (self.game.phase, *action) {
            (Phase::BazaarOffer, Action::BazaarOffer { tile, bid }) => {
                let open: Vec<String> = b.unclaimed().map(|t| t.to_string()).collect();
                Some(if !open.contains(&tile.to_string()) {
                    format!(
                        "tile {tile} is not an unclaimed bazaar tile (unclaimed: {}) (B-7)",
                        open.join(", ")
                    )
                } else if self.game.options.bazaar == BazaarMode::NoBidding {
                    format!("with bazaar=no_bidding a pick carries no bid: offer {tile} 0 (B-7)")
                } else {
                    format!(
                        "a bid is a whole number of points from 0, at most {MAX_BID} (an engine \
                         bound, not a rule), not {bid} (B-7)"
                    )
                })
            }
            (Phase::BazaarBid, Action::BazaarBid { bid }) => Some(format!(
                "a bid must be above the highest bid, {}, not {bid} (B-7)",
                b.high_bid
            )),
            _ => None,
        }
    }

    /// Applies a bazaar action of the deciding player.
    pub(super) fn apply_bazaar(&mut self, action: Action) {
        let p = self.decider;
        match action {
            Action::BazaarOffer { tile, .. }
                if self.game.options.bazaar == BazaarMode::NoBidding =>
            {
                self.game.bazaar.holder[tile as usize] = p;
                self.begin_turn();
            }
            Action::BazaarOffer { tile, bid } => {
                let b = &mut self.game.bazaar;
                (b.offer, b.high_bid, b.high_bidder, b.asked) = (tile, bid, p, 1 << p);
                self.next_bidder();
            }
            Action::BazaarBid { bid } => {
                (self.game.bazaar.high_bid, self.game.bazaar.high_bidder) = (bid, p);
                self.next_bidder();
            }
            Action::BazaarPass => self.next_bidder(),
            Action::BazaarDeal { buy } => {
                let (chooser, bidder) = (
                    self.game.bazaar.chooser as usize,
                    self.game.bazaar.high_bidder,
                );
                let (payer, payee, taker) = if buy {
                    (chooser, bidder as usize, chooser)
                } else {
                    (bidder as usize, chooser, bidder as usize)
                };
                self.game.bazaar.holder[self.game.bazaar.offer as usize] = taker as u8;
                self.pay(payer, Some(payee), self.game.bazaar.high_bid);
            }
            Action::RobberBack { follow } => {
                if follow {
                    let to = self.track_position(self.game.bazaar.payer as usize);
                    self.game.track.put_robber(p as usize, to);
                }
                self.next_robber_back();
            }
            a => panic!("{a:?} is not a bazaar action"),
        }
    }

    /// `payer` pays `points` to `payee` (or to nobody), then the auction goes on (B-7). No
    /// robber steals from a payment. The paying marker moves back first: robbers on the
    /// space it leaves move back with it, or, where other players' markers stay there, their
    /// owners choose ([`Phase::RobberBack`], R-5b). Then the paid marker moves on, robbers on
    /// its space moving along with it (as with stolen points, R-4).
    fn pay(&mut self, payer: usize, payee: Option<usize>, points: u16) {
        let ask =
            self.game
                .track
                .move_back(payer, PointSource::Bazaar, points as i32, &mut self.sheet);
        let b = &mut self.game.bazaar;
        (b.payer, b.payee, b.payment, b.robbers_to_ask) =
            (payer as u8, payee.map_or(NOBODY, |q| q as u8), points, ask);
        self.next_robber_back();
    }

    /// R-5b: asks the next robber's owner (clockwise after the payer) whether it stays or
    /// moves back; then pays the payee and goes on with the auction.
    fn next_robber_back(&mut self) {
        let n = self.players();
        let payer = self.game.bazaar.payer as usize;
        let ask = self.game.bazaar.robbers_to_ask;
        if let Some(r) = (1..n)
            .map(|i| (payer + i) % n)
            .find(|&r| ask & (1 << r) != 0)
        {
            self.game.bazaar.robbers_to_ask &= !(1 << r);
            self.game.phase = Phase::RobberBack;
            self.decider = r as u8;
            return;
        }
        let payee = self.game.bazaar.payee;
        if usize::from(payee) < n {
            let points = self.game.bazaar.payment as i32;
            self.game.track.award_carrying(
                payee as usize,
                PointSource::Bazaar,
                points,
                &mut self.sheet,
            );
        }
        self.next_chooser_or_done(false);
    }

    /// Asks the next player clockwise from the chooser without a tile who has not bid on this
    /// tile, or settles the offer.
    fn next_bidder(&mut self) {
        let n = self.players();
        let chooser = self.game.bazaar.chooser as usize;
        for i in 1..n {
            let q = (chooser + i) % n;
            if !self.game.bazaar.has_tile(q) && self.game.bazaar.asked & (1 << q) == 0 {
                self.game.bazaar.asked |= 1 << q;
                // Nobody can overbid the engine's bound: such a player is not asked.
                if self.game.bazaar.high_bid < MAX_BID {
                    self.game.phase = Phase::BazaarBid;
                    self.decider = q as u8;
                    return;
                }
            }
        }
        if self.game.bazaar.high_bidder as usize == chooser {
            self.game.bazaar.holder[self.game.bazaar.offer as usize] = chooser as u8;
            self.pay(chooser, None, self.game.bazaar.high_bid);
        } else {
            self.game.phase = Phase::BazaarDeal;
            self.decider = chooser as u8;
        }
    }

    /// The next chooser (the first one when `first`: the chooser itself), the last tile free
    /// to the last player, or the end of the auction and the first bazaar turn.
    fn next_chooser_or_done(&mut self, first: bool) {
        let n = self.players();
        let from = self.game.bazaar.chooser as usize;
        let mut left = 0;
        let mut last = 0;
        for q in 0..n {
            if !self.game.bazaar.has_tile(q) {
                left += 1;
                last = q;
            }
        }
        if left == 1 {
            let tile = self.game.bazaar.unclaimed().next().expect("one tile left");
            self.game.bazaar.holder[tile] = last as u8;
            left = 0;
        }
        if left == 0 {
            self.begin_turn();
            return;
        }
        let start = usize::from(!first);
        let chooser = (start..start + n)
            .map(|i| (from + i) % n)
            .find(|&q| !self.game.bazaar.has_tile(q))
            .expect("a player without a tile");
        self.game.bazaar.chooser = chooser as u8;
        self.game.phase = Phase::BazaarOffer;
        self.decider = chooser as u8;
    }

    /// B-7: at the start of a turn during a bazaar, the tile the active player holds (marked
    /// used), or `Ok(None)` (no bazaar, or no tile for this player). With `no_bidding` a player
    /// without a tile first picks one: the pick decision is set up and `Err(())` returned.
    pub(super) fn bazaar_tile_for_turn(&mut self) -> Result<Option<VariantId>, ()> {
        if !self.game.bazaar.is_open() {
            return Ok(None);
        }
        let p = self.active;
        let b = &mut self.game.bazaar;
        if let Some(i) = (0..b.n as usize).find(|&i| b.holder[i] == p && b.used & (1 << i) == 0) {
            b.used |= 1 << i;
            let v = b.tiles[i];
            if b.used.count_ones() == b.n as u32 {
                *b = Bazaar::default();
            }
            return Ok(Some(v));
        }
        if self.game.options.bazaar == BazaarMode::NoBidding && !b.has_tile(p as usize) {
            let (first, count) = (b.unclaimed().next(), b.unclaimed().count());
            if let (Some(i), 1) = (first, count) {
                b.holder[i] = p;
                return self.bazaar_tile_for_turn();
            }
            if first.is_some() {
                self.game.phase = Phase::BazaarOffer;
                self.decider = p;
                return Err(());
            }
        }
        Ok(None)
    }
}
