//! `merge`: joins the folders of a sharded tournament into one, refusing folders from
//! different tournaments and checking that every game is present exactly once.

use super::config::TournamentConfig;
use super::error::ArenaError;
use super::folder::{check_row, Folder};
use super::lock::FolderLock;
use super::schedule::Schedule;
use super::shard::Shard;
use crate::analysis::standings::Standings;
use crate::io::games_csv::{group_games, GamesTable};
use crate::io::run_json::RunConfig;
use crate::io::write_atomically;
use std::path::Path;

/// Result of a merge.
#[derive(Debug)]
pub struct MergeReport {
    /// The merged configuration (shard `1/1`).
    pub config: TournamentConfig,
    /// Games in the merged file.
    pub games: usize,
    /// Standings over all games.
    pub standings: Standings,
}

/// Merges tournament folders (or their `games.csv` files, with `run.json` beside them) into
/// folder `out`: `games.csv` sorted by game index and seat, `run.json` with shard `1/1`, and
/// `standings.csv`. Refuses an `out` that already has a `games.csv`.
pub fn merge(out: &Path, inputs: &[&Path], resamples: usize) -> Result<MergeReport, ArenaError> {
    if inputs.is_empty() {
        return Err(ArenaError::Config("merge needs at least one input".into()));
    }
    let target = Folder::new(out);
    if target.games().exists() {
        return Err(ArenaError::Conflict(format!(
            "{} already exists; merge into a new folder",
            target.games().display()
        )));
    }
    let mut config: Option<(TournamentConfig, String)> = None;
    let mut tables = Vec::new();
    for input in inputs {
        let folder = Folder::of_input(input);
        let c = TournamentConfig::load(&folder.config()).map_err(|e| {
            ArenaError::Conflict(format!(
                "{}: every input needs its run.json beside games.csv: {e}",
                input.display()
            ))
        })?;
        let table = GamesTable::read(&folder.games())?;
        match &config {
            None => config = Some((c.clone(), folder.config().display().to_string())),
            Some((first, first_path)) => {
                let diffs = first.differences(&c, false);
                if !diffs.is_empty() {
                    return Err(ArenaError::Conflict(format!(
                        "{} is from a different tournament than {first_path}:\n  {}",
                        folder.config().display(),
                        diffs.join("\n  ")
                    )));
                }
            }
        }
        let schedule =
            Schedule::new(c.agents.len(), c.players).map_err(|e| ArenaError::Config(e.0))?;
        let shard = c.shard().map_err(ArenaError::Config)?;
        for row in &table.rows {
            let check = check_row(&c, &schedule, row).and_then(|()| {
                if shard.contains(row.game_index) {
                    Ok(())
                } else {
                    Err(format!(
                        "game_index {} is not part of shard {shard}",
                        row.game_index
                    ))
                }
            });
            check
                .map_err(|m| ArenaError::Conflict(format!("{}:{}: {m}", table.source, row.line)))?;
        }
        tables.push(table);
    }
    let (config, _) = config.expect("at least one input");
    let groups = group_games(&tables)?;
    let mut present = vec![false; config.games as usize];
    for g in &groups {
        present[g.seats[0].game_index as usize] = true;
    }
    let missing: Vec<u64> = (0..config.games)
        .filter(|&g| !present[g as usize])
        .collect();
    if !missing.is_empty() {
        let examples: Vec<String> = missing.iter().take(8).map(|g| g.to_string()).collect();
        return Err(ArenaError::Incomplete(format!(
            "{} of {} games are missing (game_index {}{}); is a shard missing or unfinished?",
            missing.len(),
            config.games,
            examples.join(", "),
            if missing.len() > 8 { ", …" } else { "" }
        )));
    }
    drop(groups);
    let mut merged = GamesTable {
        source: target.games().display().to_string(),
        stat_names: tables[0].stat_names.clone(),
        variant_column: false,
        rows: tables.into_iter().flat_map(|t| t.rows).collect(),
    };
    merged.sort();
    let config = config.with_shard(Shard::ALL);
    let _lock = FolderLock::acquire(&target.dir)?;
    target.remove_leftovers()?;
    write_atomically(&target.config(), &config.to_json())?;
    merged.write_atomically(&target.games())?;
    let standings = Standings::compute(std::slice::from_ref(&merged), resamples)?;
    write_atomically(&target.standings(), &standings.to_csv())?;
    Ok(MergeReport {
        config,
        games: present.len(),
        standings,
    })
}
