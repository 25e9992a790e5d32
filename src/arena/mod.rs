//! Tournaments: who plays whom ([`schedule`]), which games a shard plays ([`shard`]), playing
//! games in parallel ([`play`]), the tournament folder with resumption and growth ([`folder`],
//! [`run`], [`indexed`]),
//! held by one run at a time ([`lock`]), optional game records ([`records`]) and joining
//! shards ([`merge`]).
//!
//! A tournament plays games `0..games`; game `g` is seeded with `derive_seed(master, g)` and
//! seated by [`schedule::Schedule::seating`], so every game is determined by its index alone
//! and results never depend on thread count, interruptions or sharding.

pub mod config;
pub mod error;
pub mod folder;
pub mod indexed;
pub mod lock;
pub mod merge;
pub mod outcome;
pub mod play;
pub mod progress;
pub mod records;
pub mod run;
pub mod schedule;
pub mod shard;

pub use config::TournamentConfig;
pub use error::ArenaError;
pub use indexed::IndexedRun;
pub use progress::ProgressMode;
pub use records::{RecordFn, Records};
pub use run::{Prepared, RunOptions, RunReport, Tournament};
pub use schedule::Schedule;
pub use shard::Shard;
