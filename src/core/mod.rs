//! Game-agnostic engine pieces shared by every game.

pub mod board;
pub mod draw_pile;
pub mod fixed_vec;
pub mod game;
pub mod geom;
pub mod index;
pub mod index_set;
pub mod names;
pub mod notation;
pub mod options;
pub mod perft;
pub mod playout;
pub mod rng;
pub mod scoring;
pub mod search_hooks;
pub mod shared_tiles;
pub mod species;
pub mod stats;
pub mod text_file;
pub mod tile_game;
pub mod tileset;
pub mod unionfind;
