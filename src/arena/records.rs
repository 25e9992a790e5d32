//! Game records of arena games (`--records DIR`): one replayable record file per finished game,
//! named by the game's index (`game-000042.rec`) and written atomically.
//!
//! Recording is opt-in: only a recorded game keeps its decisions
//! ([`super::play::play_game_recorded`]); unrecorded games run the allocation-free
//! [`crate::agents::play_out`]. The record text is made by a game-specific [`RecordFn`] from the
//! game seed and the decisions alone, so the same master seed gives byte-identical records at
//! any thread count, after `--resume` and in any shard.

use super::error::ArenaError;
use super::play::{play_game_recorded, PlayedGame};
use super::schedule::Schedule;
use crate::agents::AgentSpec;
use crate::core::game::Game;
use crate::io::write_atomically;
use std::path::{Path, PathBuf};

/// File extension of game records.
pub const RECORD_EXTENSION: &str = "rec";

/// Makes the record text of a finished game from its game seed, the agent label of each seat
/// (`agent` header lines), comment lines (`notes`, written before the moves) and decisions in
/// order.
pub type RecordFn<'a, G> =
    Box<dyn Fn(u64, &[String], &[String], &[<G as Game>::Action]) -> String + Sync + 'a>;

/// Where a run keeps its games' records, and how a record's text is made.
pub struct Records<'a, G: Game> {
    /// The folder the record files go to.
    pub dir: PathBuf,
    /// Makes a record's text.
    pub make: RecordFn<'a, G>,
}

/// File name of the record of game `game_index`: `game-000042.rec`.
pub fn record_file_name(game_index: u64) -> String {
    format!("game-{game_index:06}.{RECORD_EXTENSION}")
}

impl<'a, G: Game + 'static> Records<'a, G> {
    /// Records written into `dir` by `make`.
    pub fn new(dir: &Path, make: RecordFn<'a, G>) -> Records<'a, G> {
        Records {
            dir: dir.to_path_buf(),
            make,
        }
    }

    /// Creates the folder and checks that it takes files, before any game runs. Existing
    /// records are left alone.
    pub fn prepare(&self) -> Result<(), ArenaError> {
        let fail = |e: std::io::Error| {
            ArenaError::Io(format!(
                "--records: cannot write game records to {}: {e}",
                self.dir.display()
            ))
        };
        std::fs::create_dir_all(&self.dir).map_err(fail)?;
        let probe = self
            .dir
            .join(format!(".meeplelab-write-check-{}", std::process::id()));
        std::fs::write(&probe, b"").map_err(fail)?;
        std::fs::remove_file(&probe).map_err(fail)
    }

    /// The record file of game `game_index`.
    pub fn path(&self, game_index: u64) -> PathBuf {
        self.dir.join(record_file_name(game_index))
    }

    /// Plays game `game_index` as [`super::play::play_game`] does, keeping its decisions, and
    /// makes its record. The record names the agent in each seat (`agent` header lines) and,
    /// in a comment, `run` (e.g. `tournament, seed 1`) and the game.
    pub fn play(
        &self,
        new_game: &(dyn Fn(u64) -> G + Sync),
        specs: &[AgentSpec],
        schedule: &Schedule,
        game_seed: u64,
        game_index: u64,
        run: &str,
    ) -> (PlayedGame, String) {
        let (game, decisions) =
            play_game_recorded(new_game, specs, schedule, game_seed, game_index);
        let notes = [format!(
            "{run}: game {game_index}, game seed {}",
            game.game_seed
        )];
        let agents: Vec<String> = game.seating.iter().map(|&a| specs[a].label()).collect();
        let text = (self.make)(game.game_seed, &agents, &notes, &decisions);
        (game, text)
    }

    /// Writes the record of game `game_index` atomically (a kill never leaves a partial
    /// record file; the error names the file).
    pub fn write(&self, game_index: u64, text: &str) -> std::io::Result<()> {
        write_atomically(&self.path(game_index), text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_sort_by_game_index() {
        assert_eq!(record_file_name(42), "game-000042.rec");
        assert_eq!(record_file_name(1_234_567), "game-1234567.rec");
        assert!(record_file_name(9) < record_file_name(10));
    }
}
