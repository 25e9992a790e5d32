//! The games: each is a plug-in of the core, described to the tools by [`def::GameDef`].

pub mod carcassonne;
pub mod def;
pub mod new_world;
#[cfg(test)]
mod notation_checks;
pub mod safari;
pub mod setup;

pub use def::{GameDef, GameId, TileFileView};
pub use setup::{ResolvedSetup, Setup, SetupError};
