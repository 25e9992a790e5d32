//! Standings of games files by rule set: games played under different rules (another game,
//! player count, experiment variant, rule options or tile set) are rated apart unless pooled
//! on purpose. The files are read one row at a time into [`Tally`]s, so memory does not grow
//! with the number of games.
//!
//! Games are keyed by the run that played them: two runs that share a seed are two sets of
//! games and pool as such. The same run's games in two files (a shard and the file merged from
//! it, or one file given twice) would count twice, so that is refused.

use super::tally::Tally;
use crate::io::game_stream::GameStream;
use crate::io::games_csv::{GameRow, GamesReader};
use std::collections::HashMap;
use std::fmt;
use std::path::Path;

/// The rules a game was played under: the columns besides the seed and agents that decide it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RuleSet {
    /// Game name.
    pub game: String,
    /// Seats per game.
    pub players: usize,
    /// Experiment variant (`None` in tournament files).
    pub variant: Option<String>,
    /// Every rule option as `key=value`.
    pub rules: String,
    /// Content hash of the tile set.
    pub tileset_hash: String,
}

impl RuleSet {
    /// The rule set of a row.
    pub fn of(row: &GameRow) -> RuleSet {
        RuleSet {
            game: row.game.clone(),
            players: row.players,
            variant: row.variant.clone(),
            rules: row.rules.clone(),
            tileset_hash: row.tileset_hash.clone(),
        }
    }
}

impl fmt::Display for RuleSet {
    /// `safari, 2 players, variant V, rules …, tile set H`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}, {} players", self.game, self.players)?;
        if let Some(v) = &self.variant {
            write!(f, ", variant {v}")?;
        }
        write!(f, ", rules {}, tile set {}", self.rules, self.tileset_hash)
    }
}

/// The games of some files, tallied by rule set (or all together).
#[derive(Debug)]
pub struct RuleSetTallies {
    /// One tally per rule set in order of first appearance; with pooling, one tally whose
    /// rule set is `None`.
    pub tallies: Vec<(Option<RuleSet>, Tally)>,
    /// Warnings worth printing: files whose runs share a master seed and rules, so that where
    /// their seatings agree they replayed the same games.
    pub notes: Vec<String>,
}

/// Reads games files (rows in any order; each game's rows adjacent keeps memory small) and
/// tallies their games by rule set, or all in one tally with `pool` (which still refuses to
/// pool different games). Every game is checked as [`GameStream`] checks it, and a run whose
/// games appear in two files is refused (naming both). Errors name `file:line`.
pub fn tally_files(files: &[&Path], pool: bool) -> Result<RuleSetTallies, String> {
    let mut tallies: Vec<(Option<RuleSet>, Tally)> = Vec::new();
    let mut index: HashMap<Option<RuleSet>, usize> = HashMap::new();
    // Run id → the file holding its games.
    let mut runs: HashMap<String, usize> = HashMap::new();
    let mut first_game: Option<(String, String)> = None;
    // (master seed, variant, rules) of each file's runs → the first file with them.
    let mut seeds: HashMap<(u64, Option<String>, String), usize> = HashMap::new();
    let mut notes = Vec::new();
    for (f, path) in files.iter().enumerate() {
        let reader = GamesReader::open(path, None).map_err(|e| e.to_string())?;
        let source = reader.name.clone();
        let stat_names = reader.stat_names.clone();
        let mut stream = GameStream::new(&source);
        let mut last_run = String::new();
        for row in reader {
            let row = row.map_err(|e| e.to_string())?;
            if row.run_id != last_run {
                let holder = *runs.entry(row.run_id.clone()).or_insert(f);
                if holder != f {
                    return Err(format!(
                        "{source}:{}: run {} also played the games of {}; a file merged from \
                         shards holds the shards' games, and a file given twice holds its own \
                         twice: give each game once",
                        row.line,
                        row.run_id,
                        files[holder].display()
                    ));
                }
                last_run = row.run_id.clone();
                let series = (row.master_seed, row.variant.clone(), row.rules.clone());
                let earlier = *seeds.entry(series).or_insert(f);
                if earlier != f && !notes.iter().any(|n: &String| n.contains(&source)) {
                    notes.push(format!(
                        "note: {source} and {} hold runs with the same master seed {} and rules: \
                         where their seatings agree they replayed the same games; give runs \
                         different --seed values to make them independent",
                        files[earlier].display(),
                        row.master_seed
                    ));
                }
            }
            let Some(seats) = stream.push(row).map_err(|e| e.to_string())? else {
                continue;
            };
            let game = &seats[0].game;
            match &first_game {
                None => first_game = Some((game.clone(), source.clone())),
                Some((g, src)) if pool && g != game => {
                    return Err(format!(
                        "{source}:{}: it holds games of {game}, but {src} holds games of {g}; \
                         pool files of one game only",
                        seats[0].line
                    ))
                }
                _ => {}
            }
            let key = (!pool).then(|| RuleSet::of(&seats[0]));
            let i = *index.entry(key.clone()).or_insert_with(|| {
                tallies.push((key, Tally::new(&stat_names)));
                tallies.len() - 1
            });
            let tally = &mut tallies[i].1;
            if tally.stat_names() != stat_names {
                return Err(format!(
                    "{source}: its statistics columns differ from those of the files before it \
                     with games of the same rules; these files were written by different \
                     versions of the game"
                ));
            }
            tally.add(&seats.iter().collect::<Vec<_>>());
        }
        stream.finish().map_err(|e| e.to_string())?;
    }
    if tallies.is_empty() {
        let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
        return Err(format!("{}: no games to summarise", names.join(", ")));
    }
    Ok(RuleSetTallies { tallies, notes })
}
