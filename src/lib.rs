//! # meeplelab
//!
//! A toolkit for AI self-play and search research on Carcassonne-family tile games.
//! The flagship game is **Carcassonne Safari** ([`games::safari`]).
//!
//! Layout: [`core`] holds the game-agnostic engine pieces (geometry, board, union-find, tile
//! sets, RNG streams, the [`core::game::Game`] trait); `games` holds one module per game;
//! `io` holds game records; `arena` runs tournaments and `experiment` paired balance studies.

pub mod agents;
pub mod analysis;
pub mod arena;
pub mod core;
pub mod experiment;
pub mod games;
pub mod io;
pub mod observe;
pub mod tune;
