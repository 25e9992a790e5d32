//! Running an experiment into a folder: the games of every variant share one parallel pool and
//! one `games.csv` (with the `variant` column), appended one flushed game at a time so an
//! interrupted run keeps every finished game and `--resume` plays only the missing ones. At the
//! end the file is rewritten sorted by variant (spec order), game index and seat.
//!
//! Game `g` of every variant uses the same seed (`derive_seed(seed, g)`), the same seat
//! rotation and the same agent streams (`spec.build(game_seed, seat)`), so variants are
//! compared on common random numbers. Playing, row layout, resumption and progress are the
//! tournament's ([`crate::arena`]).

use super::config::ExperimentConfig;
use crate::agents::AgentSpec;
use crate::arena::config::new_run_id;
use crate::arena::folder::{check_row_in_shard, open, Run};
use crate::arena::play::{play_parallel, thread_pool};
use crate::arena::progress::Progress;
use crate::arena::records::{RecordFn, Records};
use crate::arena::run::game_rows;
use crate::arena::{ArenaError, IndexedRun, RunOptions, Schedule, Shard, Tournament};
use crate::core::game::Game;
use crate::io::games_csv::{GameRow, GamesTable, GamesWriter};
use std::path::Path;

/// An experiment of game `G`, ready to run.
pub struct Experiment<'a, G: Game> {
    /// The configuration (stored as `run.json`).
    pub config: ExperimentConfig,
    /// The variants, in `config.variants` order, each a tournament of its own: one agent per
    /// player, every cyclic rotation of the players as its seatings (game `g` playing rotation
    /// `g mod players`), its game records in `DIR/<variant>` (`--records DIR`); its
    /// configuration writes and checks its rows.
    pub variants: Vec<Tournament<'a, G>>,
    /// The game indices this run plays (`config.shard`), in every variant.
    pub shard: Shard,
}

/// An experiment folder checked and ready: its `todo` is the `(variant index, game index)`
/// still to play, game by game across variants.
pub type Prepared = crate::arena::Prepared<(usize, u64)>;

/// The outcome of a run.
#[derive(Debug)]
pub struct RunReport {
    /// Games played by this run (all variants together).
    pub played: usize,
    /// The finished, sorted games table.
    pub table: GamesTable,
}

/// A game of one variant: the variant's agents and game constructor.
pub type VariantGames<'a, G> = (Vec<AgentSpec>, Box<dyn Fn(u64) -> G + Sync + 'a>);

impl<'a, G: Game + 'static> Experiment<'a, G> {
    /// An experiment described by `config`, with the agents and game constructor of each
    /// variant (agent labels must match the configuration).
    pub fn new(
        config: ExperimentConfig,
        variants: Vec<VariantGames<'a, G>>,
    ) -> Result<Experiment<'a, G>, ArenaError> {
        if variants.len() != config.variants.len() || variants.is_empty() {
            return Err(ArenaError::Config(
                "an experiment needs one set of agents per configured variant".into(),
            ));
        }
        if config.games == 0 {
            return Err(ArenaError::Config("--games must be at least 1".into()));
        }
        let shard = config.shard().map_err(ArenaError::Config)?;
        let variants = variants
            .into_iter()
            .enumerate()
            .map(|(v, (specs, new_game))| {
                let tc = config.tournament(v);
                let labels: Vec<String> = specs.iter().map(AgentSpec::label).collect();
                if labels != tc.agents {
                    return Err(ArenaError::Config(format!(
                        "variant {}: the configuration's agents differ from the specs given",
                        config.variants[v].name
                    )));
                }
                let schedule =
                    Schedule::new(tc.players, tc.players).map_err(|e| ArenaError::Config(e.0))?;
                Ok(Tournament {
                    config: tc,
                    specs,
                    schedule,
                    shard,
                    new_game,
                    records: None,
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(Experiment {
            config,
            variants,
            shard,
        })
    }

    /// The same experiment, also writing each game it plays as a record: variant `v`'s game
    /// `g` goes to `dir/<variant name>/game-<g>.rec`, made by `makes[v]`.
    pub fn with_records(
        mut self,
        dir: &Path,
        makes: Vec<RecordFn<'a, G>>,
    ) -> Result<Experiment<'a, G>, ArenaError> {
        if makes.len() != self.variants.len() {
            return Err(ArenaError::Config(format!(
                "{} record makers for {} variants",
                makes.len(),
                self.variants.len()
            )));
        }
        for ((var, make), vc) in self
            .variants
            .iter_mut()
            .zip(makes)
            .zip(&self.config.variants)
        {
            var.records = Some(Records::new(&dir.join(&vc.name), make));
        }
        Ok(self)
    }

    /// Checks and prepares the folder before any game runs (see `open`): a fresh run refuses
    /// a folder that already holds a `games.csv`; a resumed run refuses one whose `run.json`
    /// describes another experiment, keeps its finished games and drops partial ones. Records
    /// folders are created and checked before anything is written (existing records are kept).
    pub fn prepare(&self, dir: &Path, resume: bool) -> Result<Prepared, ArenaError> {
        let stat_names: Vec<String> = G::stat_names().iter().map(|s| s.to_string()).collect();
        let opened = open(self, dir, resume, &stat_names)?;
        let mut todo = Vec::new();
        for g in self.shard.games(self.config.games) {
            for (v, var) in self.config.variants.iter().enumerate() {
                if !opened.done.contains(&(Some(var.name.clone()), g)) {
                    todo.push((v, g));
                }
            }
        }
        Ok(Prepared {
            folder: opened.folder,
            resume: opened.resume,
            lock: opened.lock,
            todo,
        })
    }

    /// Plays the prepared folder's missing games (writing each one's record before its rows,
    /// when records are asked for) and finalises `games.csv` (sorted by variant in spec order,
    /// game index, seat).
    pub fn run(&self, prepared: &Prepared, options: &RunOptions) -> Result<RunReport, ArenaError> {
        let games_path = prepared.folder.games();
        let run_id = new_run_id();
        let mut writer = GamesWriter::append(&games_path)?;
        let total = self.shard.len(self.config.games) * self.variants.len() as u64;
        let mut progress =
            Progress::new(options.progress, total, total - prepared.todo.len() as u64);
        let pool = thread_pool(options.threads).map_err(ArenaError::Config)?;
        let play = |(v, g): (usize, u64)| {
            let (game, record) = self.variants[v].play_game(g, || {
                format!(
                    "experiment {}, variant {}, seed {}",
                    self.config.experiment, self.config.variants[v].name, self.config.seed
                )
            });
            (v, game, record)
        };
        let result = play_parallel(&pool, &prepared.todo, play, |(v, game, record)| {
            if let (Some(records), Some(text)) = (&self.variants[v].records, record) {
                records.write(game.game_index, &text)?;
            }
            let mut rows = game_rows(&self.variants[v].config, &run_id, &game);
            for r in &mut rows {
                r.variant = Some(self.config.variants[v].name.clone());
            }
            writer.write_game(&rows)?;
            progress.tick();
            Ok::<(), std::io::Error>(())
        });
        progress.finish();
        result?;
        let mut table = GamesTable::read(&games_path)?;
        let order = |name: &Option<String>| {
            name.as_deref()
                .and_then(|n| self.config.variant_index(n))
                .unwrap_or(usize::MAX)
        };
        table
            .rows
            .sort_by_key(|r| (order(&r.variant), r.game_index, r.seat));
        table.write_atomically(&games_path)?;
        Ok(RunReport {
            played: prepared.todo.len(),
            table,
        })
    }
}

impl<G: Game + 'static> Run for Experiment<'_, G> {
    type Config = ExperimentConfig;
    const VARIANT_COLUMN: bool = true;

    fn check(&self, row: &GameRow) -> Result<(), String> {
        let name = row.variant.as_deref().unwrap_or_default();
        let v = self.config.variant_index(name).ok_or_else(|| {
            let names: Vec<&str> = self
                .config
                .variants
                .iter()
                .map(|v| v.name.as_str())
                .collect();
            format!(
                "row does not belong to this experiment: variant {name} is not one of {}",
                names.join(", ")
            )
        })?;
        let var = &self.variants[v];
        check_row_in_shard(&var.config, &var.schedule, self.shard, row)
    }

    fn prepare_records(&self) -> Result<(), ArenaError> {
        self.variants
            .iter()
            .filter_map(|v| v.records.as_ref())
            .try_for_each(Records::prepare)
    }

    fn config(&self) -> &ExperimentConfig {
        &self.config
    }
}
