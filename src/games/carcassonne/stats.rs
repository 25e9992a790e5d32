//! Per-player statistics: where points came from and the kinds of actions, declared once.

use crate::core::stats::stat_keys;

stat_keys! {
    /// Where points came from.
    points PointSource {
        /// Completed roads (C-3).
        Road = "road",
        /// Completed cities, pennants included (C-3).
        City = "city",
        /// Completed monasteries (C-3).
        Monastery = "monastery",
        /// Incomplete roads at the end (C-4).
        FinalRoad = "final_road",
        /// Incomplete cities at the end (C-4).
        FinalCity = "final_city",
        /// Incomplete monasteries at the end (C-4).
        FinalMonastery = "final_monastery",
        /// Fields at the end (C-4).
        FinalField = "final_field",
        /// Points stolen by the player's robber.
        Robbery = "robbery",
        /// The player's robber still on the track at the end.
        FinalRobber = "final_robber",
        /// The player's castles (B-5).
        Castle = "castle",
        /// Bazaar payments, received (positive) and paid (negative) (B-7).
        Bazaar = "bazaar",
    }

    /// Categories of actions, for statistics and for forbidding actions in ablation studies.
    actions ActionKind {
        /// Tile placements.
        Place = "place",
        /// No meeple placed.
        Pass = "pass",
        /// Meeple on a road.
        MeepleRoad = "meeple_road",
        /// Meeple in a city.
        MeepleCity = "meeple_city",
        /// Meeple on a monastery.
        MeepleMonastery = "meeple_monastery",
        /// Meeple in a field (a farmer).
        MeepleField = "meeple_field",
        /// Robber from supply onto the track.
        RobberPlace = "robber_place",
        /// Robber moved along the track.
        RobberMove = "robber_move",
        /// Robber left where it is.
        RobberKeep = "robber_keep",
        /// Choice of the scoring robbers see first.
        ScoreFirst = "score_first",
        /// Choice of whom to rob.
        Rob = "rob",
        /// A bridge built (B-2).
        Bridge = "bridge",
        /// No bridge built (B-2).
        BridgeSkip = "bridge_skip",
        /// A small city converted into a castle (B-4).
        CastleBuild = "castle_build",
        /// A small city scored instead of converted (B-4).
        CastleDecline = "castle_decline",
        /// Choice of the feature a castle scores (B-5).
        CastleScore = "castle_score",
        /// A bazaar tile offered or picked (B-7).
        BazaarOffer = "bazaar_offer",
        /// A bid on a bazaar tile (B-7).
        BazaarBid = "bazaar_bid",
        /// No bid (B-7).
        BazaarPass = "bazaar_pass",
        /// The chooser buys the tile (B-7).
        BazaarBuy = "bazaar_buy",
        /// The chooser sells the tile (B-7).
        BazaarSell = "bazaar_sell",
        /// A tile that fits only with a bridge discarded (B-2).
        Discard = "discard",
        /// A robber moved back with a paying marker (R-5b).
        RobberBack = "robber_back",
        /// A robber stayed with the other markers when a paying marker moved back (R-5b).
        RobberStay = "robber_stay",
    }
}
