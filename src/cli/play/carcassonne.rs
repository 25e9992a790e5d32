//! Carcassonne at the terminal (`play --game carcassonne`, any expansions): the board with
//! meeples as seat digits, the tile to place, robbers, bridges, castles and the bazaar, and
//! the questions of every decision of C, R and B rules.

use super::rim::{drawn_tile, rim_board};
use super::table::Table;
use meeplelab::core::game::Game;
use meeplelab::games::carcassonne::{CarcassonneState, Phase};
use std::fmt::Write as _;

impl Table for CarcassonneState {
    type Look = ();

    fn board(&self, _: &(), whole: bool) -> String {
        let meeples = self.placed_meeples().iter().map(|m| (m.node, m.player));
        let mut out = rim_board(self, meeples, whole, |c, pic| {
            if self
                .cell_at(c)
                .is_some_and(|cell| cell.data.bridge.is_some())
            {
                pic[2][3] = '=';
            }
        });
        out.push_str(&castles(self));
        out
    }

    fn decision_facts(&self, _: &()) -> String {
        let mut out = String::new();
        if self.phase() == Phase::PlaceTile {
            out.push_str(&drawn_tile(
                self.tiles(),
                self.drawn_tile(),
                "# city, * pennant, | - road, M monastery, . field, = a bridge, digits: meeples",
            ));
        }
        let bazaar = self.bazaar();
        if bazaar.is_open() {
            let tiles: Vec<String> = (bazaar.tiles().iter().enumerate())
                .map(|(i, &v)| {
                    let holder = bazaar.holder[i];
                    let held = if usize::from(holder) < self.num_players() {
                        format!(" (P{holder}'s)")
                    } else {
                        String::new()
                    };
                    format!("{i}: {}{held}", self.tiles().variant(v).name)
                })
                .collect();
            let _ = writeln!(out, "bazaar tiles: {}", tiles.join(", "));
            if matches!(self.phase(), Phase::BazaarBid | Phase::BazaarDeal) {
                let _ = writeln!(
                    out,
                    "on offer: tile {}, highest bid {} by P{}",
                    bazaar.offer, bazaar.high_bid, bazaar.high_bidder
                );
            }
        }
        out
    }

    fn supplies(&self, player: usize) -> String {
        let mut out = format!("meeples {}", self.meeples_in_supply(player));
        let expansions = self.options().expansions;
        if expansions.robbers {
            let robber = self
                .track()
                .robber(player)
                .map_or_else(|| "in supply".to_string(), |s| format!("on space {s}"));
            let _ = write!(out, "   robber {robber}");
        }
        if expansions.bcb {
            let _ = write!(
                out,
                "   bridges {}   castles {}",
                self.bridges_in_supply(player),
                self.castles_in_supply(player)
            );
        }
        let _ = write!(out, "   track space {}", self.track_position(player));
        out
    }

    fn question(&self) -> String {
        let tile = &self.tiles().variant(self.drawn_tile()).name;
        match self.phase() {
            Phase::PlaceTile if self.may_discard() => format!(
                "place the tile {tile} (it fits only with a bridge), or discard it and draw \
                 again (C-2, B-2)"
            ),
            Phase::PlaceTile => format!("place the tile {tile} (C-2)"),
            Phase::Bridge => "build a bridge on the tile or a neighbour (a road across a field), \
                              or none (B-2)"
                .into(),
            Phase::Robber => "put your robber on a score-track space with another player's \
                              marker, or leave it: it takes half (rounded up) of that \
                              player's next scoring (R-2, R-3)"
                .into(),
            Phase::Meeple => "a meeple on the tile you placed (road, city, monastery, field \
                              as a farmer), or pass; completed features score after it (C-2, \
                              C-3)"
                .into(),
            Phase::ScoreOrder => "which of your scorings this turn comes first: the robber on \
                                  your space robs that one (R-5)"
                .into(),
            Phase::Rob => {
                "whom your robber robs: half of their scoring, rounded up (R-3, R-5)".into()
            }
            Phase::Castle => "the small city just completed: score it (4 points) or make it a \
                              castle that later scores a feature completed near it (B-4, B-5)"
                .into(),
            Phase::CastleScore => "which of the features completed near your castle it scores \
                                   (the castle scores the same points, B-5)"
                .into(),
            Phase::BazaarOffer => "bazaar: offer a tile with an opening bid in points (with \
                                   no_bidding: pick one) (B-7)"
                .into(),
            Phase::BazaarBid => "bazaar: overbid the highest bid, or pass (B-7)".into(),
            Phase::BazaarDeal => "bazaar: buy the tile (pay the highest bid to its bidder) or \
                                  sell it to them (receive the bid) (B-7)"
                .into(),
            Phase::RobberBack => "your robber: move back with the paying marker, or stay with \
                                  the other markers on its space (R-5b)"
                .into(),
            Phase::GameOver => "nothing: the game is over".into(),
        }
    }

    fn source_reason(source: &str) -> &'static str {
        match source {
            "road" => "a completed road: its majority scores 1 per tile, ties all score (C-3)",
            "city" => {
                "a completed city: its majority scores 2 per tile and pennant, ties all score \
                 (C-3)"
            }
            "monastery" => "a completed monastery: 9 (C-3)",
            "final_road" => "an incomplete road at the end: 1 per tile (C-4)",
            "final_city" => "an incomplete city at the end: 1 per tile and pennant (C-4)",
            "final_monastery" => "an incomplete monastery at the end: 1 + 1 per neighbour (C-4)",
            "final_field" => {
                "farmers at the end: a field's majority scores 3 per completed city it borders, \
                 4 per castle (C-4, B-6)"
            }
            "robbery" => "robbery: half of a robbed scoring, rounded up (R-3)",
            "final_robber" => "a robber still on the track at the end: 3 (R-6)",
            "castle" => "a castle scores the feature completed near it (B-5)",
            "bazaar" => "a bazaar payment: the buyer pays the bid (B-7)",
            _ => "points of the game's own source",
        }
    }
}

/// The castles on the board, with their owners.
fn castles(state: &CarcassonneState) -> String {
    let mut out = String::new();
    for castle in state.castles() {
        let [a, b] = castle.tiles;
        let status = if castle.scored { "scored" } else { "open" };
        let _ = writeln!(out, "castle of P{} on {a} and {b} ({status})", castle.owner);
    }
    out
}
