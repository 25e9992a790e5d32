//! Carcassonne Safari (rules: `rules/safari.md`, ids `S-…`).
//!
//! [`SafariState`] is a complete position; it implements [`Game`]. A turn is a sequence of
//! decisions ([`Phase`]): place the drawn tile, take one action, then — while scoring — choose
//! the order of completed features, boost them, and re-place a displaced vehicle.
//!
//! [`Game`]: crate::core::game::Game

mod action;
mod def;
mod eval;
mod features;
mod holes;
mod legal;
mod notation;
mod options;
mod placement_terms;
mod redo;
mod rules;
mod sample;
mod setup;
mod state;
mod stats;
mod tile_checks;
mod turn;

pub use action::Action;
pub use features::{FeatureAgg, SPECIES_POINTS};
pub use holes::VertexTokens;
pub use options::{FinalScoring, Options};
pub use setup::{
    DealtTokens, ResolvedSetup, Setup, SetupError, TokenDeal, BUILTIN_SAFARI, BUILTIN_TILES,
    PLAYER_RANGE,
};
pub use state::{Cell, Corners, Phase, PlacedMeeple, Safari, SafariState, Spot, MAX_PLAYERS};
pub use stats::{ActionKind, PlayerStats, PointSource, STAT_NAMES};
