//! Game-agnostic engine pieces shared by every game.

pub mod board;
pub mod game;
pub mod geom;
pub mod perft;
pub mod playout;
pub mod rng;
pub mod species;
pub mod tileset;
pub mod unionfind;
