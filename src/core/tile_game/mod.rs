//! One tile core, games as rules (`design.md`).
//!
//! Every game here is played the same way underneath: a pile of tiles drawn one per turn
//! (tiles that fit nowhere leave the game), a board of placed cells with a frontier of the
//! spaces next to them, and features (roads, paths, cities, …) joined across cell edges in a
//! union-find. [`TileState`] holds all of that once, with the seats, the turn, the scores, the
//! statistics and the meeple supplies, plus the game's own part: its [`GameParts`] (what a
//! feature sums up, what each cell carries, its own fields such as Safari's tokens). The core
//! writes once what every game needs from it: the getters, placing a tile and joining its
//! features, the draw of the next fitting tile, listing and sampling placements,
//! re-determinization, copying a position (`clone_from` copies only what is in use), judging
//! placements, piece choices and whole turns without playing them (`joined.rs`, `before.rs`,
//! `piece.rs`, `turn_ends.rs`), and [`Game`](crate::core::game::Game) itself. A game supplies only
//! its rules ([`TileRules`]), its evaluation ([`Evaluation`]), its search hooks
//! ([`SearchHooks`](crate::core::search_hooks::SearchHooks), which call the shared judging where
//! it applies) and, for the tools, its setup, notation and expectation checks (`games::def`).

mod before;
#[cfg(test)]
mod checks;
mod game;
mod joined;
mod parts;
mod piece;
mod placed;
mod placement;
mod rules;
mod state;
mod turn_ends;

pub(crate) use before::{PlacementContext, PlacementsBefore};
pub(crate) use joined::{judge_placements, Joined};
pub use joined::{NoJudge, PlacementJudge};
pub use parts::{Cell, Feature, GameParts, NewCell};
pub(crate) use piece::piece_decision_hooks;
pub use piece::{Piece, PieceDecisions};
pub(crate) use placement::append;
pub(crate) use rules::tile_rules_by_phase;
pub use rules::{Evaluation, TileRules};
pub use state::{TileState, MAX_PLAYERS};
pub(crate) use turn_ends::{judge_turn_endings, QuietTurns};
