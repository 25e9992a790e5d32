//! What tournaments and experiments share as runs of indexed games: a shard, a game count
//! that may grow, and the order of their finished `games.csv` — so that resumption, growth and
//! [`merge`](super::merge) are written once for both.

use super::config::TournamentConfig;
use super::shard::{Shard, ShardError};
use crate::io::run_json::RunConfig;

/// A run configuration (`run.json`) whose games are `0..games` of one or more parts.
pub trait IndexedRun: RunConfig + Clone {
    /// The shard this folder plays, as `run.json` stores it (`K/N`).
    fn shard_text(&self) -> &str;

    /// The shard this folder plays.
    fn shard(&self) -> Result<Shard, String> {
        self.shard_text().parse().map_err(|e: ShardError| e.0)
    }

    /// The same run with another shard.
    fn with_shard(&self, shard: Shard) -> Self;

    /// Games of the run (per part; all shards together).
    fn games(&self) -> u64;

    /// The parts in the order of the finished file, each with its variant name (`None` for a
    /// tournament, whose only part is itself) and seen as a tournament, which decides the
    /// seeds, seatings and columns of its rows.
    fn parts(&self) -> Vec<(Option<String>, TournamentConfig)>;
}

/// The [`IndexedRun`] methods of a configuration that keeps its shard (`K/N`) and game count in
/// fields `shard: String` and `games: u64`, written inside its `impl IndexedRun`.
macro_rules! shard_and_games_fields {
    () => {
        fn shard_text(&self) -> &str {
            &self.shard
        }

        fn with_shard(&self, shard: $crate::arena::Shard) -> Self {
            Self {
                shard: shard.to_string(),
                ..self.clone()
            }
        }

        fn games(&self) -> u64 {
            self.games
        }
    };
}
pub(crate) use shard_and_games_fields;

/// Why a resumed run asking for `ours` games cannot continue a folder of `stored` games, if
/// it cannot: a run grows (each game depends only on its index, so the games played stay as
/// they are) but never shrinks.
pub fn shrink_refusal(stored: u64, ours: u64, folder: &std::path::Path) -> Option<String> {
    (ours < stored).then(|| {
        format!(
            "cannot resume {} with --games {ours}: it holds a run of {stored} games, and a run \
             can grow but not shrink; use --games {stored} or more, or another --out",
            folder.display()
        )
    })
}
