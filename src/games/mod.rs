//! The games: each is a plug-in of the core.

pub mod carcassonne;
pub mod new_world;
pub mod safari;
