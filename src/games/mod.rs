//! The games: each is a plug-in of the core, described to the tools by [`def::GameDef`].

pub mod carcassonne;
pub mod def;
pub mod new_world;
#[cfg(test)]
mod notation_checks;
pub mod safari;
pub mod setup;
pub mod tile_notation;
pub mod tile_sets;

pub use def::{GameDef, GameId, Notation, TileChecks, TileFileView};
pub use setup::{ResolvedSetup, Setup, SetupError};
