//! Carcassonne, base game (rules: `rules/carcassonne.md`, ids `C-…`).
//!
//! [`CarcassonneState`] is a complete position; it implements [`Game`]. A turn is a sequence
//! of decisions ([`Phase`]): place the drawn tile, then put a meeple on it or not; scoring of
//! what the tile completed follows without a decision. Roads, cities, fields and monasteries
//! are segments of a union-find whose roots carry [`FeatureAgg`] (open edges, distinct tiles,
//! pennants, meeples per seat, completed cities bordering a field); no flood fill runs in the
//! engine. The Robbers (`R-…`, an [`Expansions`] switch) adds the robber phase after the tile
//! and the scoring decisions of [`Track`]. Bridges, Castles and Bazaars (`B-…`) adds the
//! bridge decision after the tile ([`Phase::Bridge`]) and the castle decisions of the turn's
//! scoring ([`Phase::Castle`], [`Phase::CastleScore`]) and the bazaar auctions
//! ([`Phase::BazaarOffer`], [`Phase::BazaarBid`], [`Phase::BazaarDeal`]) whose tiles players
//! then hold until their turn; a tile that fits only with a bridge may be discarded
//! ([`Action::Discard`]), and a robber on the space of a marker that pays at a bazaar may
//! stay or move back with it ([`Phase::RobberBack`], The Robbers with both expansions).
//!
//! [`Game`]: crate::core::game::Game

mod action;
mod bazaar;
mod bcb;
mod def;
mod eval;
mod expect;
mod features;
mod fields;
mod legal;
mod notation;
mod options;
mod placement_terms;
mod redo;
mod robbers;
mod rules;
mod setup;
mod state;
mod stats;
mod tile_checks;
mod turn;
mod turn_ends;

pub use action::Action;
pub use bazaar::{Bazaar, BID_LADDER, MAX_BID};
pub use bcb::{
    bridges_and_castles, Bridge, Castle, BRIDGES_PER_PLAYER, CASTLES_PER_PLAYER, MAX_CASTLES,
};
pub use features::{
    FeatureAgg, CITY_POINTS, FIELD_CASTLE_POINTS, FIELD_CITY_POINTS, MONASTERY_POINTS,
};
pub(crate) use notation::SEGMENT_WORDS;
pub use options::{BazaarMode, Expansions, Options, RobberPlacement, MAX_MEEPLES_PER_PLAYER};
pub use robbers::{space, Scoring, Track, TrackDecision, MAX_TURN_SCORINGS, ROBBER_FINAL_POINTS};
pub use setup::{
    ResolvedSetup, Setup, SetupError, BUILTIN_CARCASSONNE, BUILTIN_TILES, PLAYER_RANGE,
};
pub use state::{
    Carcassonne, CarcassonneBoard, CarcassonneState, Cell, CellInfo, Node, Phase, PlacedMeeple,
    MAX_PLAYERS, MAX_TOTAL_SEGMENTS,
};
pub use stats::{ActionKind, PlayerStats, PointSource, STAT_NAMES};

#[cfg(test)]
mod tests;
