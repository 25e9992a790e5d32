//! Running a tournament into a folder: prepare (fresh or resumed) before any game, play the
//! missing games in parallel, finalise `games.csv` (sorted) and write the standings.
//!
//! While running, `games.csv` holds whole games in completion order, one flushed write per
//! game, so an interrupted run (Ctrl-C, `kill -9`) keeps every finished game. When the run ends
//! the file is rewritten atomically sorted by game index and seat, so the final file does not
//! depend on thread count, interruptions or resumption.

use super::config::{new_run_id, TournamentConfig};
use super::error::ArenaError;
use super::folder::{check_row_in_shard, open, Folder, ResumeReport, Run};
use super::indexed::IndexedRun;
use super::lock::FolderLock;
use super::outcome::{ranks, win_shares};
use super::play::{play_game, play_parallel, thread_pool, PlayedGame};
use super::progress::{Progress, ProgressMode};
use super::records::Records;
use super::schedule::Schedule;
use super::shard::Shard;
use crate::agents::AgentSpec;
use crate::analysis::standings::Standings;
use crate::core::game::Game;
use crate::games::{GameDef, Setup};
use crate::io::games_csv::{GameRow, GamesTable, GamesWriter, SCHEMA_VERSION};
use crate::io::record::record_maker;
use crate::io::write_atomically;
use std::path::Path;

/// A tournament of game `G`, ready to run.
pub struct Tournament<'a, G: Game> {
    /// The configuration (stored as `run.json`).
    pub config: TournamentConfig,
    /// One resolved spec per agent, in `config.agents` order.
    pub specs: Vec<AgentSpec>,
    /// The seatings.
    pub schedule: Schedule,
    /// The shard this run plays.
    pub shard: Shard,
    /// Starts game `G` from a game seed.
    pub new_game: Box<dyn Fn(u64) -> G + Sync + 'a>,
    /// Where each finished game's record goes (`--records`); `None`: no records.
    pub records: Option<Records<'a, G>>,
}

/// How to run a tournament.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Threads for games and the rating bootstrap (0: one per core).
    pub threads: usize,
    /// Progress display.
    pub progress: ProgressMode,
    /// Bootstrap resamples for the rating intervals.
    pub resamples: usize,
}

impl RunOptions {
    /// `threads` and `resamples`, with progress as fits stderr ([`ProgressMode::auto`]).
    pub fn auto(threads: usize, resamples: usize) -> RunOptions {
        RunOptions {
            threads,
            progress: ProgressMode::auto(),
            resamples,
        }
    }
}

/// A folder checked and ready: what is already done and what is left to play, as `T`s (a
/// tournament's game indices; an experiment's `(variant index, game index)`).
#[derive(Debug)]
pub struct Prepared<T = u64> {
    /// The tournament or experiment folder.
    pub folder: Folder,
    /// Whether an earlier run was continued, and what was kept of it.
    pub resume: ResumeReport,
    /// The folder's lock, held until the run ends (the prepared folder is dropped).
    pub lock: FolderLock,
    /// What is still to play, in order (a tournament's games ascending, an experiment's game
    /// by game across variants).
    pub todo: Vec<T>,
}

/// The outcome of a run.
#[derive(Debug)]
pub struct RunReport {
    /// Games played by this run.
    pub played: usize,
    /// Games in the finished `games.csv`.
    pub total: usize,
    /// Standings over every game of the folder.
    pub standings: Standings,
}

impl<'a, G: Game + 'static> Tournament<'a, G> {
    /// A tournament over `specs` (labels must be distinct) described by `config`.
    pub fn new(
        config: TournamentConfig,
        specs: Vec<AgentSpec>,
        new_game: Box<dyn Fn(u64) -> G + Sync + 'a>,
    ) -> Result<Tournament<'a, G>, ArenaError> {
        let labels: Vec<String> = specs.iter().map(AgentSpec::label).collect();
        if labels != config.agents {
            return Err(ArenaError::Config(
                "the configuration's agents differ from the specs given".into(),
            ));
        }
        for (i, l) in labels.iter().enumerate() {
            if let Some(j) = labels[..i].iter().position(|m| m == l) {
                return Err(ArenaError::Config(format!(
                    "agents {} and {} are the same configuration ({l}); give each agent once",
                    j + 1,
                    i + 1
                )));
            }
        }
        if config.games == 0 {
            return Err(ArenaError::Config("--games must be at least 1".into()));
        }
        let schedule =
            Schedule::new(specs.len(), config.players).map_err(|e| ArenaError::Config(e.0))?;
        let shard = config.shard().map_err(ArenaError::Config)?;
        Ok(Tournament {
            config,
            specs,
            schedule,
            shard,
            new_game,
            records: None,
        })
    }

    /// The same tournament with every seating of a schedule block on one deal (game `g` seeded
    /// with `derive_seed(seed, g / block)`), as `match` plays: each deal from every seat.
    pub fn with_shared_deals(mut self) -> Tournament<'a, G> {
        self.config.deal_games = self.schedule.block_len() as u64;
        self
    }

    /// The same tournament, also writing each game it plays as a record into `records.dir`.
    pub fn with_records(self, records: Records<'a, G>) -> Tournament<'a, G> {
        Tournament {
            records: Some(records),
            ..self
        }
    }

    /// Statistics column names of `G`.
    pub fn stat_names() -> Vec<String> {
        G::stat_names().iter().map(|s| s.to_string()).collect()
    }

    /// Checks and prepares the folder before any game runs (see `open`): a fresh run refuses
    /// a folder that already holds a `games.csv`; a resumed run refuses one whose `run.json`
    /// describes another tournament, keeps its finished games and drops a partial last game.
    /// A records folder is created and checked before anything is written (existing records
    /// are kept).
    pub fn prepare(&self, dir: &Path, resume: bool) -> Result<Prepared, ArenaError> {
        let opened = open(self, dir, resume, &Self::stat_names())?;
        let todo = self.shard.games(self.config.games);
        Ok(Prepared {
            folder: opened.folder,
            resume: opened.resume,
            lock: opened.lock,
            todo: todo
                .filter(|&g| !opened.done.contains(&(None, g)))
                .collect(),
        })
    }

    /// Plays game `g`, and makes its record when records are kept (naming the run as `run`
    /// says, see [`Records::play`]).
    pub(crate) fn play_game(
        &self,
        g: u64,
        run: impl FnOnce() -> String,
    ) -> (PlayedGame, Option<String>) {
        let (new_game, seed) = (self.new_game.as_ref(), self.config.game_seed(g));
        match &self.records {
            None => (
                play_game(new_game, &self.specs, &self.schedule, seed, g),
                None,
            ),
            Some(records) => {
                let (game, text) =
                    records.play(new_game, &self.specs, &self.schedule, seed, g, &run());
                (game, Some(text))
            }
        }
    }

    /// Plays the prepared folder's missing games (writing each one's record before its rows,
    /// when records are asked for), finalises `games.csv` and writes `standings.csv`.
    pub fn run(&self, prepared: &Prepared, options: &RunOptions) -> Result<RunReport, ArenaError> {
        let games_path = prepared.folder.games();
        let run_id = new_run_id();
        let mut writer = GamesWriter::append(&games_path)?;
        let total = self.shard.len(self.config.games);
        let mut progress =
            Progress::new(options.progress, total, total - prepared.todo.len() as u64);
        let play = |g: u64| self.play_game(g, || format!("tournament, seed {}", self.config.seed));
        let pool = thread_pool(options.threads).map_err(ArenaError::Config)?;
        let result = play_parallel(&pool, &prepared.todo, play, |(game, record)| {
            if let (Some(records), Some(text)) = (&self.records, record) {
                records.write(game.game_index, &text)?;
            }
            writer.write_game(&self.rows(&run_id, &game))?;
            progress.tick();
            Ok::<(), std::io::Error>(())
        });
        progress.finish();
        result?;
        let mut table = GamesTable::read_game(&games_path, Some(&self.config.game))?;
        table.sort();
        table.write_atomically(&games_path)?;
        let standings =
            pool.install(|| Standings::compute(std::slice::from_ref(&table), options.resamples))?;
        write_atomically(&prepared.folder.standings(), &standings.to_csv())?;
        Ok(RunReport {
            played: prepared.todo.len(),
            total: table.rows.len() / self.config.players.max(1),
            standings,
        })
    }

    /// The `games.csv` rows of one finished game.
    pub fn rows(&self, run_id: &str, game: &PlayedGame) -> Vec<GameRow> {
        game_rows(&self.config, run_id, game)
    }
}

impl<G: Game + 'static> Run for Tournament<'_, G> {
    type Config = TournamentConfig;
    const VARIANT_COLUMN: bool = false;

    fn config(&self) -> &TournamentConfig {
        &self.config
    }

    fn check(&self, row: &GameRow) -> Result<(), String> {
        check_row_in_shard(&self.config, &self.schedule, self.shard, row)
    }

    fn prepare_records(&self) -> Result<(), ArenaError> {
        self.records.as_ref().map_or(Ok(()), Records::prepare)
    }
}

impl<'a, G: GameDef> Tournament<'a, G> {
    /// A tournament of `games` games of `G` started from `setup` (game `g` with the seed
    /// `derive_seed(seed, g)`), as `meeplelab tournament` runs one: its configuration names the
    /// game, players, rules and tile set; with `records`, every game is also kept there as a
    /// record naming the tile set `tileset` (`builtin` or a path). The setup is checked here,
    /// before any game runs.
    pub fn of_setup(
        setup: Setup<G>,
        tileset: &str,
        specs: Vec<AgentSpec>,
        games: (u64, u64, Shard),
        records: Option<&Path>,
    ) -> Result<Tournament<'a, G>, ArenaError> {
        let labels = specs.iter().map(AgentSpec::label).collect();
        let config = setup_config(&setup, labels, games)?;
        let record = record_maker::<G>(setup.clone(), tileset.to_string());
        let new_game = move |seed: u64| {
            let mut s = setup.clone();
            G::set_seed(&mut s, seed);
            G::new_game(&s).expect("setup checked before the run")
        };
        let tournament = Tournament::new(config, specs, Box::new(new_game))?;
        Ok(match records {
            Some(dir) => tournament.with_records(Records::new(dir, Box::new(record))),
            None => tournament,
        })
    }
}

/// The configuration of a tournament of `G` (`(seed, games, shard)`) started from `setup`
/// between the agents labelled `agents`: it names the game, players, rules and tile set. The
/// setup is checked here, before any game runs.
pub fn setup_config<G: GameDef>(
    setup: &Setup<G>,
    agents: Vec<String>,
    (seed, games, shard): (u64, u64, Shard),
) -> Result<TournamentConfig, ArenaError> {
    G::new_game(setup).map_err(ArenaError::Config)?;
    let resolved = G::resolve(setup).map_err(ArenaError::Config)?;
    Ok(TournamentConfig {
        schema_version: SCHEMA_VERSION,
        crate_version: env!("CARGO_PKG_VERSION").to_string(),
        game: G::NAME.to_string(),
        players: G::common_header(&resolved).players,
        agents,
        rules: G::rules_text(setup),
        tileset_hash: format!("{:016x}", G::tiles(setup).content_hash),
        seed,
        games,
        deal_games: 1,
        shard: shard.to_string(),
    })
}

/// The `games.csv` rows of one finished game of the tournament `config` describes (no variant).
pub fn game_rows(config: &TournamentConfig, run_id: &str, game: &PlayedGame) -> Vec<GameRow> {
    let rank = ranks(&game.scores);
    let share = win_shares(&game.scores);
    (0..game.seating.len())
        .map(|seat| GameRow {
            run_id: run_id.to_string(),
            crate_version: env!("CARGO_PKG_VERSION").to_string(),
            game: config.game.clone(),
            players: config.players,
            variant: None,
            rules: config.rules.clone(),
            tileset_hash: config.tileset_hash.clone(),
            master_seed: config.seed,
            game_index: game.game_index,
            game_seed: game.game_seed,
            seat,
            agent: config.agents[game.seating[seat]].clone(),
            score: game.scores[seat] as i64,
            rank: rank[seat],
            win_share: share[seat],
            stats: game.stats[seat].clone(),
            turns: game.turns as u64,
            wall_ms: game.wall_ms,
            line: 0,
        })
        .collect()
}
