//! A tournament folder — `run.json`, `games.csv`, `standings.csv` — and how an existing one is
//! checked and trimmed before it is resumed.

use super::config::{TournamentConfig, CONFIG_FILE};
use super::error::ArenaError;
use super::indexed::{shrink_refusal, IndexedRun};
use super::lock::FolderLock;
use super::schedule::Schedule;
use super::shard::Shard;
use crate::io::games_csv::{split_partial_line, GameRow, GamesTable, GamesWriter};
use crate::io::run_json::RunConfig;
use crate::io::write_atomically;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// File name of the games table inside a tournament folder.
pub const GAMES_FILE: &str = "games.csv";

/// File name of the standings inside a tournament folder.
pub const STANDINGS_FILE: &str = "standings.csv";

/// The files of a tournament folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Folder {
    /// The folder.
    pub dir: PathBuf,
}

impl Folder {
    /// The folder at `dir`.
    pub fn new(dir: &Path) -> Folder {
        Folder {
            dir: dir.to_path_buf(),
        }
    }

    /// `dir/games.csv`.
    pub fn games(&self) -> PathBuf {
        self.dir.join(GAMES_FILE)
    }

    /// `dir/run.json`.
    pub fn config(&self) -> PathBuf {
        self.dir.join(CONFIG_FILE)
    }

    /// `dir/standings.csv`.
    pub fn standings(&self) -> PathBuf {
        self.dir.join(STANDINGS_FILE)
    }

    /// Deletes the temporary files (`games.csv.tmp`, …) that a write interrupted before it
    /// renamed them into place left behind; call it only while holding the folder's lock.
    pub fn remove_leftovers(&self) -> Result<(), ArenaError> {
        for file in [self.games(), self.config(), self.standings()] {
            let mut tmp = file.into_os_string();
            tmp.push(".tmp");
            let tmp = PathBuf::from(tmp);
            match std::fs::remove_file(&tmp) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    return Err(ArenaError::Io(format!(
                        "cannot remove {}: {e}",
                        tmp.display()
                    )))
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// The folder holding a `games.csv` given as the folder itself or the file inside it.
    pub fn of_input(path: &Path) -> Folder {
        if path.is_dir() {
            Folder::new(path)
        } else {
            Folder::new(path.parent().unwrap_or(Path::new(".")))
        }
    }
}

/// Checks that `row` is a seat of game `row.game_index` of the tournament `config` describes
/// (any shard): same game, rules, tile set, seeds, and the scheduled agent in its seat.
pub fn check_row(
    config: &TournamentConfig,
    schedule: &Schedule,
    row: &GameRow,
) -> Result<(), String> {
    let differ = |col: &str, found: &dyn std::fmt::Display, want: &dyn std::fmt::Display| {
        Err(format!(
            "row does not belong to this tournament: {col} is {found}, expected {want}"
        ))
    };
    if row.game != config.game {
        return differ("game", &row.game, &config.game);
    }
    if row.players != config.players {
        return differ("players", &row.players, &config.players);
    }
    if row.rules != config.rules {
        return differ("rules", &row.rules, &config.rules);
    }
    if row.tileset_hash != config.tileset_hash {
        return differ("tileset_hash", &row.tileset_hash, &config.tileset_hash);
    }
    if row.master_seed != config.seed {
        return differ("master_seed", &row.master_seed, &config.seed);
    }
    if row.game_index >= config.games {
        return Err(format!(
            "row does not belong to this tournament: game_index {} is beyond its {} games",
            row.game_index, config.games
        ));
    }
    let seed = config.game_seed(row.game_index);
    if row.game_seed != seed {
        return differ("game_seed", &row.game_seed, &seed);
    }
    let agent = &config.agents[schedule.seating(row.game_index)[row.seat]];
    if &row.agent != agent {
        return differ("agent", &row.agent, agent);
    }
    Ok(())
}

/// How a run started in its folder: fresh, or continuing an earlier run and with what.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ResumeReport {
    /// Whether an existing run was found and continued (false for a fresh start).
    pub resumed: bool,
    /// Finished games kept.
    pub kept_games: usize,
    /// Whether a partial last line (an interrupted write) was dropped.
    pub dropped_partial_line: bool,
    /// Games dropped because some of their seats were missing.
    pub dropped_games: usize,
    /// The game count the folder had when `--resume` asked for more (a grown run).
    pub grown_from: Option<u64>,
}

impl ResumeReport {
    /// The line `--resume` prints about the folder `out`, with `to_play` games left.
    pub fn message(&self, out: &Path, to_play: usize) -> String {
        if !self.resumed {
            return format!(
                "resume: no games.csv in {} yet, starting a new run",
                out.display()
            );
        }
        let mut line = format!(
            "resume: {} finished game(s) kept, {to_play} to play",
            self.kept_games
        );
        if let Some(from) = self.grown_from {
            line.push_str(&format!("; run grown from {from} games"));
        }
        if self.dropped_partial_line {
            line.push_str("; dropped a partial last line");
        }
        if self.dropped_games > 0 {
            line.push_str(&format!(
                "; dropped {} game(s) with missing seats",
                self.dropped_games
            ));
        }
        line
    }
}

/// Checks that a run may start in a folder whose games file is `games`: a fresh run refuses an
/// existing one (it would be overwritten), a resumed run continues it. Returns whether it exists.
pub fn check_start(games: &Path, resume: bool) -> Result<bool, ArenaError> {
    let exists = games.exists();
    if exists && !resume {
        return Err(ArenaError::Conflict(format!(
            "{} already exists; add --resume to continue that run (or to re-summarise it \
             when finished), or choose another --out",
            games.display()
        )));
    }
    Ok(exists)
}

/// Checks that `row` belongs to the tournament `config` describes (see [`check_row`]) and to
/// its shard.
pub fn check_row_in_shard(
    config: &TournamentConfig,
    schedule: &Schedule,
    shard: Shard,
    row: &GameRow,
) -> Result<(), String> {
    check_row(config, schedule, row)?;
    if !shard.contains(row.game_index) {
        return Err(format!(
            "row does not belong to shard {shard}: game_index {}",
            row.game_index
        ));
    }
    Ok(())
}

/// A tournament or experiment as [`open`] prepares its folder.
pub(crate) trait Run {
    /// Its configuration, stored as `run.json`.
    type Config: IndexedRun;
    /// Whether its games file has the `variant` column.
    const VARIANT_COLUMN: bool;

    /// Its configuration.
    fn config(&self) -> &Self::Config;

    /// Checks that a row of a resumed games file is a seat of a game of this run.
    fn check(&self, row: &GameRow) -> Result<(), String>;

    /// Creates and checks the records folders, if records are asked for.
    fn prepare_records(&self) -> Result<(), ArenaError>;
}

/// A run's folder checked and ready (see [`open`]).
pub(crate) struct Opened {
    /// The folder's lock, held by this run.
    pub lock: FolderLock,
    /// The folder.
    pub folder: Folder,
    /// Whether an earlier run was continued, and what was kept of it.
    pub resume: ResumeReport,
    /// The finished games kept.
    pub done: BTreeSet<GameId>,
}

/// Checks and prepares the folder `dir` before any game of `run` runs. It first locks the
/// folder ([`FolderLock`]: a second run on it fails at once) and deletes temporary files an
/// interrupted write left behind. A fresh run refuses a
/// folder that already holds a `games.csv`, writes `run.json` and starts `games.csv` (columns
/// for `stat_names`); a resumed run refuses a folder whose `run.json` describes another run
/// (all settings but the game count compared) or more games, keeps its finished games and
/// drops partial ones, and stores a larger game count in `run.json` (a grown run). Records
/// folders are created and checked before anything is written (existing records are kept).
pub(crate) fn open<R: Run>(
    run: &R,
    dir: &Path,
    resume: bool,
    stat_names: &[String],
) -> Result<Opened, ArenaError> {
    let lock = FolderLock::acquire(dir)?;
    let folder = Folder::new(dir);
    folder.remove_leftovers()?;
    let games_path = folder.games();
    let resumed = check_start(&games_path, resume)?;
    let mut opened = Opened {
        lock,
        resume: ResumeReport {
            resumed,
            ..ResumeReport::default()
        },
        done: BTreeSet::new(),
        folder,
    };
    if !resumed {
        run.prepare_records()?;
        write_atomically(&opened.folder.config(), &run.config().to_json())?;
        GamesWriter::create(&games_path, stat_names, R::VARIANT_COLUMN)?;
        return Ok(opened);
    }
    let stored = R::Config::load(&opened.folder.config()).map_err(|e| {
        ArenaError::Conflict(format!("cannot resume {}: {e}", games_path.display()))
    })?;
    let diffs = stored.differences(run.config(), &["games"]);
    if !diffs.is_empty() {
        return Err(ArenaError::Conflict(format!(
            "cannot resume {}: it belongs to a different {} ({} in {} vs this command):\n  {}",
            opened.folder.dir.display(),
            R::Config::KIND,
            if diffs.len() == 1 {
                "this setting differs"
            } else {
                "these settings differ"
            },
            opened.folder.config().display(),
            diffs.join("\n  ")
        )));
    }
    let (stored_games, games) = (stored.games(), run.config().games());
    if let Some(refusal) = shrink_refusal(stored_games, games, &opened.folder.dir) {
        return Err(ArenaError::Conflict(refusal));
    }
    run.prepare_records()?;
    let finished = read_finished(&games_path, stat_names, R::VARIANT_COLUMN, |row| {
        run.check(row)
    })?;
    finished.kept.write_atomically(&games_path)?;
    if games > stored_games {
        write_atomically(&opened.folder.config(), &run.config().to_json())?;
        opened.resume.grown_from = Some(stored_games);
    }
    opened.resume.kept_games = finished.done.len();
    opened.resume.dropped_partial_line = finished.dropped_partial_line;
    opened.resume.dropped_games = finished.dropped_games.len();
    opened.done = finished.done;
    Ok(opened)
}

/// A game of a games file: its variant (`None` in tournaments) and game index.
pub type GameId = (Option<String>, u64);

/// The finished games of an interrupted games file, whatever its kind (see [`read_finished`]).
#[derive(Debug)]
pub struct Finished {
    /// The finished games kept, sorted by game identity and seat.
    pub kept: GamesTable,
    /// The kept games.
    pub done: BTreeSet<GameId>,
    /// Whether a partial last line (an interrupted write) was dropped.
    pub dropped_partial_line: bool,
    /// Games dropped because some of their seats were missing.
    pub dropped_games: Vec<GameId>,
}

/// Reads an interrupted games file for resumption: drops a partial last line and games with
/// missing seats; refuses a file whose columns differ (statistics, `variant` column), duplicate
/// seats, and rows `check` rejects (naming `file:line`). Tournaments and experiments share it.
pub fn read_finished(
    path: &Path,
    stat_names: &[String],
    variant_column: bool,
    check: impl Fn(&GameRow) -> Result<(), String>,
) -> Result<Finished, ArenaError> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| ArenaError::Io(format!("cannot read {name}: {e}")))?;
    let (whole, partial) = split_partial_line(&text);
    let mut table = GamesTable::parse(whole, &name)?;
    if table.stat_names != stat_names {
        return Err(ArenaError::Conflict(format!(
            "{name}: its statistics columns ({}) are not this game's ({})",
            table.stat_names.join(","),
            stat_names.join(",")
        )));
    }
    if table.variant_column != variant_column {
        return Err(ArenaError::Conflict(format!(
            "{name}: {} a variant column, so it is not {} games file",
            if table.variant_column { "has" } else { "lacks" },
            if variant_column {
                "an experiment's"
            } else {
                "a tournament's"
            }
        )));
    }
    let mut seats: BTreeMap<GameId, (usize, Vec<usize>)> = BTreeMap::new();
    for row in &table.rows {
        check(row).map_err(|m| ArenaError::Conflict(format!("{name}:{}: {m}", row.line)))?;
        let id = (row.variant.clone(), row.game_index);
        let (_, s) = seats.entry(id).or_insert((row.players, Vec::new()));
        if s.contains(&row.seat) {
            return Err(ArenaError::Conflict(format!(
                "{name}:{}: duplicate row for {}game_index {} seat {}",
                row.line,
                row.variant
                    .as_ref()
                    .map_or(String::new(), |v| format!("variant {v} ")),
                row.game_index,
                row.seat
            )));
        }
        s.push(row.seat);
    }
    let (done, dropped): (Vec<_>, Vec<_>) = seats
        .into_iter()
        .partition(|(_, (players, s))| s.len() == *players);
    let dropped_games: Vec<GameId> = dropped.into_iter().map(|(id, _)| id).collect();
    table
        .rows
        .retain(|r| !dropped_games.contains(&(r.variant.clone(), r.game_index)));
    table.sort();
    Ok(Finished {
        kept: table,
        done: done.into_iter().map(|(id, _)| id).collect(),
        dropped_partial_line: !partial.is_empty(),
        dropped_games,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rng::derive_seed;
    use crate::io::games_csv::SCHEMA_VERSION;

    fn config() -> TournamentConfig {
        TournamentConfig {
            schema_version: SCHEMA_VERSION,
            crate_version: "0".into(),
            game: "safari".into(),
            players: 2,
            agents: vec!["a".into(), "b".into()],
            rules: "r=1".into(),
            tileset_hash: "h".into(),
            seed: 9,
            games: 4,
            deal_games: 1,
            shard: "1/1".into(),
        }
    }

    fn row(c: &TournamentConfig, s: &Schedule, g: u64, seat: usize) -> GameRow {
        GameRow {
            run_id: "x".into(),
            crate_version: "0".into(),
            game: c.game.clone(),
            players: 2,
            variant: None,
            rules: c.rules.clone(),
            tileset_hash: c.tileset_hash.clone(),
            master_seed: c.seed,
            game_index: g,
            game_seed: derive_seed(c.seed, g),
            seat,
            agent: c.agents[s.seating(g)[seat]].clone(),
            score: 1,
            rank: 1,
            win_share: 0.5,
            stats: vec![],
            turns: 3,
            wall_ms: 0.5,
            line: 0,
        }
    }

    #[test]
    fn rows_are_checked_against_the_schedule() {
        let c = config();
        let s = Schedule::new(2, 2).unwrap();
        let r = row(&c, &s, 1, 0);
        assert_eq!(r.agent, "b");
        assert!(check_row(&c, &s, &r).is_ok());
        let mut bad = r.clone();
        bad.agent = "a".into();
        assert!(check_row(&c, &s, &bad)
            .unwrap_err()
            .contains("agent is a, expected b"));
        let mut bad = r.clone();
        bad.game_index = 4;
        assert!(check_row(&c, &s, &bad).unwrap_err().contains("beyond"));
    }

    #[test]
    fn resume_drops_partial_lines_and_games() {
        let c = config();
        let s = Schedule::new(2, 2).unwrap();
        let dir = std::env::temp_dir().join(format!("meeplelab-folder-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.csv");
        let t = GamesTable {
            source: String::new(),
            stat_names: vec![],
            variant_column: false,
            rows: vec![
                row(&c, &s, 2, 1),
                row(&c, &s, 2, 0),
                row(&c, &s, 0, 0),
                row(&c, &s, 0, 1),
                row(&c, &s, 1, 0),
            ],
        };
        let text = format!("{}1,x,0,saf", t.to_csv());
        std::fs::write(&path, text).unwrap();
        let read = |shard: Shard| {
            read_finished(&path, &[], false, |row| {
                check_row_in_shard(&c, &s, shard, row)
            })
        };
        let r = read(Shard::ALL).unwrap();
        assert!(r.dropped_partial_line);
        assert_eq!(r.dropped_games, vec![(None, 1)]);
        assert_eq!(
            r.done.into_iter().collect::<Vec<_>>(),
            vec![(None, 0), (None, 2)]
        );
        assert_eq!(r.kept.rows[1].game_index, 0);
        assert_eq!(r.kept.rows[2].game_index, 2);
        let e = read(Shard { index: 2, count: 2 }).unwrap_err();
        assert!(e.to_string().contains("shard 2/2"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn resume_report_says_what_was_kept_and_dropped() {
        let kept = ResumeReport {
            resumed: true,
            kept_games: 5,
            ..ResumeReport::default()
        };
        let trimmed = ResumeReport {
            dropped_partial_line: true,
            dropped_games: 2,
            ..kept.clone()
        };
        let grown = ResumeReport {
            grown_from: Some(5),
            ..kept.clone()
        };
        let lines = [
            "resume: no games.csv in results/t yet, starting a new run",
            "resume: 5 finished game(s) kept, 3 to play",
            "resume: 5 finished game(s) kept, 5 to play; dropped a partial last line; \
             dropped 2 game(s) with missing seats",
            "resume: 5 finished game(s) kept, 4 to play; run grown from 5 games",
        ];
        let reports = [
            (ResumeReport::default(), 8),
            (kept, 3),
            (trimmed, 5),
            (grown, 4),
        ];
        for ((report, to_play), line) in reports.into_iter().zip(lines) {
            assert_eq!(report.message(Path::new("results/t"), to_play), line);
        }
    }

    #[test]
    fn a_fresh_run_refuses_an_existing_games_file() {
        let dir =
            std::env::temp_dir().join(format!("meeplelab-check-start-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let games = dir.join(GAMES_FILE);
        assert!(!check_start(&games, false).unwrap());
        std::fs::write(&games, "x\n").unwrap();
        let err = check_start(&games, false).unwrap_err().to_string();
        assert!(err.contains("already exists; add --resume"), "{err}");
        assert!(check_start(&games, true).unwrap());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
