//! Heuristic terms of a Carcassonne position (for greedy agents, rollout policies and search
//! leaves).

use super::bcb::Castle;
use super::features::FeatureAgg;
use super::state::{CarcassonneState, Node, Phase, MAX_NODES};
use crate::core::game::{SeatTerms, EVAL_TERMS};
use crate::core::index::SmallIndex;
use crate::core::index_set::{words_for, IndexSet};
use crate::core::tile_game::Evaluation;
use crate::core::tileset::FeatureKind;

/// Most distinct roads and cities [`CarcassonneState::castle_estimate`] looks at: a castle's
/// 6 neighbourhood tiles with at most 8 each (4 roads, 4 cities), more than any tile has.
const MAX_NEAR_FEATURES: usize = 48;

impl Evaluation for CarcassonneState {
    /// The terms of [`Evaluation::heuristic_terms_all`], in order.
    const EVAL_TERM_NAMES: &'static [&'static str] = &[
        "final_feature_points",
        "completion_bonus",
        "field_points",
        "meeples_in_supply",
        "open_edges",
        "trailing_meeples",
        "farmers",
        "pending_points",
        "castle_points",
    ];
    /// Tuned with greedy self-play matches (`docs/agents.md`).
    const DEFAULT_EVAL_WEIGHTS: &'static [f64] = &[1.0, 0.5, 0.75, 2.0, 0.0, -1.0, -1.0, 1.0, 1.0];

    /// Heuristic terms of each seat `player` (`out[player]`, see
    /// [`Evaluation::EVAL_TERM_NAMES`]), in one pass over the meeples that adds to each seat's
    /// terms in the order of the meeples; all 0 once the game is over.
    /// A player *leads* a feature when it is among those with the most meeples on it (ties
    /// lead together: they all score in full).
    /// - `final_feature_points`: what the incomplete roads, cities and monasteries the player
    ///   leads would pay at the end as they stand (C-4);
    /// - `completion_bonus`: what completing them would add to that (a city's tiles and
    ///   pennants once more, a monastery 8 less its placed neighbours; roads add nothing);
    /// - `field_points`: what the fields the player leads pay at the end as they stand (3 per
    ///   completed city bordering them, 4 per castle, B-6);
    /// - `meeples_in_supply`: meeples the player can still place;
    /// - `open_edges`: open edges of the incomplete roads and cities the player leads (work
    ///   left to complete them);
    /// - `trailing_meeples`: the player's meeples on features someone else leads (they pay
    ///   nothing and return only if the feature is completed);
    /// - `farmers`: the player's meeples in fields (never returned during play);
    /// - `pending_points`: points the turn in progress will pay the player when its meeple
    ///   decision is taken (roads, cities and monasteries the tile completed that it leads),
    ///   plus, during a bazaar (B-7), the estimated value of each bazaar tile the player holds
    ///   and has not played ([`CarcassonneState::tile_value_estimate`]) and what the offer on
    ///   the table will bring it ([`CarcassonneState::pending_auction_points`]);
    /// - `castle_points`: what the player's unscored castles are expected to score
    ///   ([`CarcassonneState::castle_estimate`], B-5).
    fn heuristic_terms_all(&self, out: &mut SeatTerms) {
        out.fill([0.0; EVAL_TERMS]);
        if self.game.phase == Phase::GameOver {
            return;
        }
        let mut seen = IndexSet::<{ words_for(MAX_NODES) }>::default();
        for m in self.placed_meeples() {
            if m.kind == FeatureKind::Field {
                out[m.player as usize][6] += 1.0;
            }
            let root = self.feature_root(m.node);
            if seen.insert_new(root.index()) {
                self.add_feature_terms(self.feature(root), m.kind, m.node, 1.0, out);
            }
        }
        let b = self.bazaar();
        let estimate = self.tile_value_estimate();
        for (p, t) in out.iter_mut().enumerate() {
            t[3] = self.supply[p] as f64;
            let held = (0..b.n as usize)
                .filter(|&i| b.holder[i] as usize == p && b.used & (1 << i) == 0)
                .count();
            if held > 0 {
                t[7] += held as f64 * estimate;
            }
            t[7] += self.pending_auction_points(p);
        }
        for castle in self.game.castles.iter().filter(|c| !c.scored) {
            out[castle.owner as usize][8] += self.castle_estimate(castle);
        }
    }
}

impl CarcassonneState {
    /// Adds `sign` (±1) times what feature `f` (of `kind`, with a meeple on `node`) gives each
    /// seat's terms of [`Evaluation::heuristic_terms_all`]: every term but `meeples_in_supply`
    /// and `farmers`, which count meeples, not features. All are whole numbers, so adding and
    /// taking away is exact in any order.
    #[inline(always)]
    pub(super) fn add_feature_terms(
        &self,
        f: &FeatureAgg,
        kind: FeatureKind,
        node: Node,
        sign: f64,
        out: &mut SeatTerms,
    ) {
        self.add_feature_terms_with(f, kind, node, None, sign, out);
    }

    /// [`CarcassonneState::add_feature_terms`], where a monastery has `neighbours` of its 8
    /// neighbours placed when they are given (else they are counted on the board).
    #[inline(always)]
    pub(super) fn add_feature_terms_with(
        &self,
        f: &FeatureAgg,
        kind: FeatureKind,
        node: Node,
        neighbours: Option<u8>,
        sign: f64,
        out: &mut SeatTerms,
    ) {
        let scorers = f.scorers();
        for (p, t) in out.iter_mut().enumerate() {
            if scorers & (1 << p) == 0 {
                t[5] += sign * f.meeples[p] as f64;
            }
        }
        if scorers == 0 {
            return;
        }
        let neighbours = match (kind, neighbours) {
            (FeatureKind::Monastery, None) => self.board.placed_around(self.monastery_at(node)),
            (_, given) => given.unwrap_or(0),
        };
        let completed = match kind {
            FeatureKind::Monastery => neighbours == 8,
            FeatureKind::Field => false,
            _ => f.is_complete(),
        };
        let final_points = match kind {
            FeatureKind::Field => f.field_points(self.castle_cities()),
            _ => f.final_points(kind, neighbours),
        } as f64;
        let completion = f.completion_points(kind) as f64;
        for (p, t) in out.iter_mut().enumerate() {
            if scorers & (1 << p) == 0 {
                continue;
            }
            if kind == FeatureKind::Field {
                t[2] += sign * final_points;
            } else if completed {
                t[7] += sign * completion;
            } else {
                t[0] += sign * final_points;
                t[1] += sign * (completion - final_points);
                t[4] += sign * f.open as f64;
            }
        }
    }

    /// B-5: what `castle` is expected to score. It scores the first road, city, monastery or
    /// castle completed in a later turn with a tile in its neighbourhood (a monastery: its own
    /// tile), so the estimate averages what completing each incomplete road, city and
    /// monastery there would pay now (C-3), weighted by 1 / its open edges (a monastery: 1 /
    /// its empty neighbours), so that those closest to completion, likely to complete first,
    /// count most. 0 while nothing incomplete lies there. It does not depend on meeples, so a
    /// meeple decision redone as another leaves it unchanged.
    pub fn castle_estimate(&self, castle: &Castle) -> f64 {
        let mut seen = [0 as Node; MAX_NEAR_FEATURES];
        let (mut len, mut sum, mut weights) = (0, 0.0, 0.0);
        for at in castle.neighbourhood() {
            let Some(cell) = self.cell_at(at) else {
                continue;
            };
            let segments = (self.variant_of(cell).segments().iter().enumerate())
                .map(|(s, seg)| (cell.first_node + s as Node, seg.kind));
            let bridge = cell.data.bridge.map(|b| (b.node, FeatureKind::Road));
            for (node, kind) in segments.chain(bridge) {
                let (open, points) = match kind {
                    FeatureKind::Road | FeatureKind::City => {
                        let root = self.feature_root(node);
                        if seen[..len].contains(&root) || len == MAX_NEAR_FEATURES {
                            continue;
                        }
                        seen[len] = root;
                        len += 1;
                        let f = self.feature(root);
                        (f.open, f.completion_points(kind))
                    }
                    FeatureKind::Monastery => (
                        8 - self.board.placed_around(at),
                        self.feature(node).completion_points(kind),
                    ),
                    _ => continue,
                };
                if open > 0 {
                    let w = 1.0 / open as f64;
                    sum += w * points as f64;
                    weights += w;
                }
            }
        }
        if weights > 0.0 {
            sum / weights
        } else {
            0.0
        }
    }

    /// B-7: what the offer on the table will bring `player`, with the tile worth
    /// V = [`CarcassonneState::tile_value_estimate`] to whoever gets it and a highest bid h.
    /// While only the chooser has bid, the chooser pays h and gets the tile: V − h. Once
    /// another player has overbid, the chooser buys (V − h, and the bidder receives h) when
    /// that beats selling (h, and the bidder gets V − h). While a payment is being settled
    /// (R-5b), its payee is still owed it. 0 for everyone else and at other decisions.
    pub fn pending_auction_points(&self, player: usize) -> f64 {
        let b = self.bazaar();
        match self.game.phase {
            Phase::BazaarBid | Phase::BazaarDeal => {
                let (v, h) = (self.tile_value_estimate(), b.high_bid as f64);
                let (chooser, bidder) = (b.chooser as usize, b.high_bidder as usize);
                let buys = v - h > h;
                match (player == chooser, player == bidder) {
                    // Only the chooser has bid: it pays its bid and keeps the tile.
                    (true, true) => v - h,
                    (true, false) if buys => v - h,
                    (true, false) => h,
                    (false, true) if buys => h,
                    (false, true) => v - h,
                    (false, false) => 0.0,
                }
            }
            Phase::RobberBack if b.payee as usize == player => b.payment as f64,
            _ => 0.0,
        }
    }

    /// B-7: what one more tile to place is worth, estimated as the points scored per turn so
    /// far (all players together, at least 1): a bid is worth paying when it is below this.
    pub fn tile_value_estimate(&self) -> f64 {
        let total: i32 = self.sheet.scores.iter().sum();
        (total as f64 / self.turn.max(1) as f64).max(1.0)
    }
}
