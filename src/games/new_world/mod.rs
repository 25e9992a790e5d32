//! New World (Mayflower), rules `rules/new-world.md` (ids `N-…`).
//!
//! [`NewWorldState`] implements [`Game`]. A turn is two decisions: place the drawn tile west
//! of the starting column (N-4), then deploy a settler on it or not (N-5); scoring (N-6…N-10)
//! and the surveyors (N-11…N-14) follow, with one more decision only when the tile completed
//! several features whose scoring order can matter (N-11, `order.rs`). Trails, towns, plains
//! and farms are segments of a union-find whose roots carry [`FeatureAgg`]; no flood fill runs
//! in the
//! engine. The tile layouts are a documented reconstruction (`new-world.tiles`,
//! docs/new-world-tiles.md); a corrected set loads with [`NewWorldTiles::load`].
//!
//! [`Game`]: crate::core::game::Game

mod action;
mod def;
mod eval;
mod expect;
mod notation;
mod options;
mod order;
mod placement_terms;
mod redo;
mod rules;
mod setup;
mod state;
mod stats;
mod tiles;
mod turn;
mod turn_ends;

pub use action::Action;
pub(crate) use notation::SEGMENT_WORDS;
pub use options::{Options, SurveyorStart, DEFAULT_SURVEYOR_BONUS};
pub use order::MAX_ORDERED;
pub use setup::{ResolvedSetup, Setup, SetupError};
pub use state::{
    Cell, Completed, FeatureAgg, NewWorld, NewWorldBoard, NewWorldState, Node, Phase, Role,
    Settler, MAX_CELLS, MAX_COMPLETED, MAX_NODES, MAX_PLAYERS, SETTLERS, TRACK_STEPS,
};
pub use stats::{ActionKind, PlayerStats, PointSource, STAT_NAMES};
pub use tiles::{parse_new_world, NewWorldTiles, BUILTIN_NEW_WORLD};
pub use turn::{FARM_POINTS, POST_POINTS, TOWN_POINTS};

#[cfg(test)]
mod tests;
