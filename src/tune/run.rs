//! A tuning run in its folder: `tune.json` (the configuration), `evaluations.csv` (one row per
//! SPSA step, appended and flushed as each finishes) and `best.toml` (the tuned spec, rewritten
//! atomically after each step).
//!
//! Step k plays each of the two perturbed specs against the opponent spec in `games` games on
//! the arena's pool, both on the same deals (common random numbers): the seatings of
//! [`Schedule`] for two agents, every seating of one schedule block on one deal, game seeds
//! from the run seed and k alone. Results are summed in game order, so a run does
//! not depend on the thread count. A run interrupted at any point is continued with `resume`:
//! the finished steps are replayed from `evaluations.csv` (each row checked against what the
//! configuration makes of the stored results) and the rest are played.

use super::space::Space;
use super::spsa::{perturbed, signs, stepped, Gains};
use crate::agents::AgentSpec;
use crate::arena::error::ArenaError;
use crate::arena::folder::check_start;
use crate::arena::lock::FolderLock;
use crate::arena::outcome::win_shares;
use crate::arena::play::{play_game, play_parallel, thread_pool, PlayedGame};
use crate::arena::progress::{Progress, ProgressMode};
use crate::arena::Schedule;
use crate::core::game::Game;
use crate::core::rng::derive_seed;
use crate::io::games_csv::split_partial_line;
use crate::io::run_json::{settings, RunConfig, Settings};
use crate::io::write_atomically;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};

/// File name of the stored configuration inside a tuning folder.
pub const TUNE_CONFIG_FILE: &str = "tune.json";

/// File name of the evaluations inside a tuning folder.
pub const EVALUATIONS_FILE: &str = "evaluations.csv";

/// File name of the tuned spec inside a tuning folder.
pub const BEST_FILE: &str = "best.toml";

/// Sub-stream of the run seed for the sign vectors (the deals use [`DEAL_STREAM`]).
const SIGN_STREAM: u64 = 0;

/// Sub-stream of the run seed for the deals.
const DEAL_STREAM: u64 = 1;

/// Decimals kept in `best.toml` (the CSV keeps every digit).
const BEST_DECIMALS: i32 = 3;

/// One varied number as `tune.json` stores it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredDimension {
    /// Its key.
    pub name: String,
    /// Low end of its range.
    pub lo: f64,
    /// High end of its range.
    pub hi: f64,
    /// The base spec's value.
    pub start: f64,
}

/// Everything that decides what a tuning run plays and how it steps.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TuneConfig {
    /// `games.csv` schema version of this meeplelab (the version of the stored files).
    pub schema_version: u32,
    /// Version of meeplelab that started the run (informative; not compared).
    pub crate_version: String,
    /// Game name.
    pub game: String,
    /// Seats per game.
    pub players: usize,
    /// Every rule option as space-separated `key=value`.
    pub rules: String,
    /// Content hash of the compiled tile set.
    pub tileset_hash: String,
    /// Label of the base spec.
    pub agent: String,
    /// Label of the opponent both perturbed specs play.
    pub opponent: String,
    /// Display name of the tuned spec.
    pub name: String,
    /// The varied numbers.
    pub params: Vec<StoredDimension>,
    /// Run seed.
    pub seed: u64,
    /// SPSA steps (a resumed run may ask for more).
    pub iterations: u64,
    /// Games per step.
    pub games: u64,
    /// a, the step size.
    pub step: f64,
    /// c, the perturbation size.
    pub perturbation: f64,
}

impl TuneConfig {
    fn gains(&self) -> Gains {
        Gains {
            step: self.step,
            perturbation: self.perturbation,
        }
    }
}

impl RunConfig for TuneConfig {
    const KIND: &'static str = "tuning run";

    /// All but the crate version and `iterations`.
    fn settings(&self) -> Settings {
        let params: Vec<String> = (self.params.iter())
            .map(|d| format!("{}={}..{} from {}", d.name, d.lo, d.hi, d.start))
            .collect();
        settings!(self;
            schema_version, game, players, rules, tileset_hash, agent, opponent, name,
            params = params.join(" "), seed, games, step, perturbation,
        )
    }

    fn schema_version(&self) -> u32 {
        self.schema_version
    }
}

/// One finished SPSA step: the two points played, their results against the opponent and the
/// point after it.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// Step index, from 0.
    pub iteration: u64,
    /// c_k.
    pub perturbation: f64,
    /// a_k.
    pub step: f64,
    /// Values of the + point.
    pub plus: Vec<f64>,
    /// Values of the − point.
    pub minus: Vec<f64>,
    /// Wins of the + point against the opponent (shared wins count their share).
    pub plus_wins: f64,
    /// Wins of the − point against the opponent on the same deals.
    pub minus_wins: f64,
    /// Mean score of the + point over its seats.
    pub plus_score: f64,
    /// Mean score of the − point over its seats.
    pub minus_score: f64,
    /// (plus_wins − minus_wins) / games.
    pub result: f64,
    /// Values after the step.
    pub next: Vec<f64>,
}

/// A tuning run of game `G`, ready to prepare and run.
pub struct Tuning<'a, G: Game> {
    /// The configuration (stored as `tune.json`).
    pub config: TuneConfig,
    space: Space,
    opponent: AgentSpec,
    schedule: Schedule,
    new_game: Box<dyn Fn(u64) -> G + Sync + 'a>,
}

/// A folder checked and locked, with the state reached by its finished steps.
#[derive(Debug)]
pub struct PreparedTuning {
    /// The folder.
    pub dir: PathBuf,
    /// Held until the run ends.
    pub lock: FolderLock,
    /// Whether an earlier run was continued.
    pub resumed: bool,
    /// Finished steps kept.
    pub kept: u64,
    /// Whether a partial last row (an interrupted write) was dropped.
    pub dropped_partial_line: bool,
    theta: Vec<f64>,
}

/// What a run did and where it stands.
#[derive(Clone, Debug)]
pub struct TuneReport {
    /// Steps played by this run.
    pub played: u64,
    /// The tuned values, one per dimension.
    pub values: Vec<f64>,
    /// The tuned spec (as written to `best.toml`).
    pub best: AgentSpec,
}

impl<'a, G: Game + 'static> Tuning<'a, G> {
    /// A run of `config` over `space` against `opponent` (checked for `G`); checks games per
    /// step against the schedule's block.
    pub fn new(
        config: TuneConfig,
        space: Space,
        opponent: AgentSpec,
        new_game: Box<dyn Fn(u64) -> G + Sync + 'a>,
    ) -> Result<Tuning<'a, G>, ArenaError> {
        let schedule = Schedule::new(2, config.players).map_err(|e| ArenaError::Config(e.0))?;
        let block = schedule.block_len() as u64;
        if config.games == 0 || !config.games.is_multiple_of(block) {
            return Err(ArenaError::Config(format!(
                "--games {} per step must be a positive multiple of {block}: each deal is \
                 played {block} times, both points in every seat",
                config.games
            )));
        }
        if config.iterations == 0 {
            return Err(ArenaError::Config("--iterations must be at least 1".into()));
        }
        let bad = |v: f64, hi: f64| !(v.is_finite() && v > 0.0 && v <= hi);
        if bad(config.step, 1e6) {
            return Err(ArenaError::Config(format!(
                "--step {} must be a positive number",
                config.step
            )));
        }
        if bad(config.perturbation, 0.5) {
            return Err(ArenaError::Config(format!(
                "--perturbation {} must be in (0, 0.5] (a share of each range)",
                config.perturbation
            )));
        }
        opponent
            .validate_for::<G>()
            .map_err(|e| ArenaError::Config(e.to_string()))?;
        Ok(Tuning {
            config,
            space,
            opponent,
            schedule,
            new_game,
        })
    }

    /// Locks and checks the folder before any game: a fresh run refuses a folder holding
    /// `evaluations.csv`; `resume` continues one whose `tune.json` matches (more iterations
    /// allowed, fewer not), replaying and checking its finished steps and dropping a partial
    /// last row.
    pub fn prepare(&self, dir: &Path, resume: bool) -> Result<PreparedTuning, ArenaError> {
        let lock = FolderLock::acquire(dir)?;
        let (config_path, csv) = (dir.join(TUNE_CONFIG_FILE), dir.join(EVALUATIONS_FILE));
        let resumed = check_start(&csv, resume)?;
        let mut prepared = PreparedTuning {
            dir: dir.to_path_buf(),
            lock,
            resumed,
            kept: 0,
            dropped_partial_line: false,
            theta: self.space.start(),
        };
        if !resumed {
            write_atomically(&config_path, &self.config.to_json())?;
            write_atomically(&csv, &format!("{}\n", self.header()))?;
            return Ok(prepared);
        }
        let stored = TuneConfig::load(&config_path)
            .map_err(|e| ArenaError::Conflict(format!("cannot resume {}: {e}", dir.display())))?;
        let diffs = stored.differences(&self.config, &[]);
        if !diffs.is_empty() {
            return Err(ArenaError::Conflict(format!(
                "cannot resume {}: it belongs to a different tuning run (in {} vs this \
                 command):\n  {}",
                dir.display(),
                config_path.display(),
                diffs.join("\n  ")
            )));
        }
        if self.config.iterations < stored.iterations {
            return Err(ArenaError::Conflict(format!(
                "cannot resume {} with --iterations {}: it holds a run of {} steps, and a run \
                 can grow but not shrink; use --iterations {} or more, or another --out",
                dir.display(),
                self.config.iterations,
                stored.iterations,
                stored.iterations
            )));
        }
        let text = std::fs::read_to_string(&csv)
            .map_err(|e| ArenaError::Io(format!("cannot read {}: {e}", csv.display())))?;
        let (complete, partial) = split_partial_line(&text);
        let mut lines = complete.lines();
        if lines.next() != Some(self.header().as_str()) {
            return Err(ArenaError::Conflict(format!(
                "cannot resume {}: its header is not `{}`",
                csv.display(),
                self.header()
            )));
        }
        for (i, line) in lines.enumerate() {
            let at = format!("{}:{}", csv.display(), i + 2);
            if prepared.kept == stored.iterations {
                return Err(ArenaError::Conflict(format!(
                    "{at}: a row beyond the {} steps of {}",
                    stored.iterations,
                    config_path.display()
                )));
            }
            let fields: Vec<f64> = (line.split(',').skip(4).take(4))
                .map(str::parse)
                .collect::<Result<_, _>>()
                .map_err(|_| {
                    ArenaError::Conflict(format!("{at}: not an evaluation row: {line}"))
                })?;
            let [plus_wins, minus_wins, plus_score, minus_score] = fields[..] else {
                return Err(ArenaError::Conflict(format!(
                    "{at}: not an evaluation row: {line}"
                )));
            };
            let k = prepared.kept;
            let eval = self.evaluation(
                k,
                &prepared.theta,
                [plus_wins, minus_wins],
                [plus_score, minus_score],
            );
            let expected = self.row(&eval);
            if line != expected {
                return Err(ArenaError::Conflict(format!(
                    "{at}: the row does not follow from {} and the rows above it:\n  found    \
                     {line}\n  expected {expected}",
                    config_path.display()
                )));
            }
            prepared.theta = self.space_point(&eval.next);
            prepared.kept += 1;
        }
        if !partial.is_empty() {
            prepared.dropped_partial_line = true;
            write_atomically(&csv, complete)?;
        }
        if self.config.iterations > stored.iterations {
            write_atomically(&config_path, &self.config.to_json())?;
        }
        Ok(prepared)
    }

    /// Plays the steps the prepared folder lacks (appending each row and rewriting
    /// `best.toml` as it finishes) on `threads` game threads (0: one per core).
    pub fn run(
        &self,
        prepared: &PreparedTuning,
        threads: usize,
        progress: ProgressMode,
    ) -> Result<TuneReport, ArenaError> {
        let pool = thread_pool(threads).map_err(ArenaError::Config)?;
        let csv_path = prepared.dir.join(EVALUATIONS_FILE);
        let mut csv = std::fs::OpenOptions::new()
            .append(true)
            .open(&csv_path)
            .map_err(|e| ArenaError::Io(format!("cannot open {}: {e}", csv_path.display())))?;
        let games = self.config.games;
        let mut bar = Progress::new(
            progress,
            2 * self.config.iterations * games,
            2 * prepared.kept * games,
        );
        let mut theta = prepared.theta.clone();
        for k in prepared.kept..self.config.iterations {
            let (plus, minus) = self.points(k, &theta);
            let specs = [plus, minus].map(|p| [self.space.spec_with(&p), self.opponent.clone()]);
            let deals = derive_seed(derive_seed(self.config.seed, DEAL_STREAM), k);
            let block = self.schedule.block_len() as u64;
            // Games 0..games are the + point's, games..2·games the − point's on the same deals.
            let indices: Vec<(usize, u64)> = (0..2)
                .flat_map(|p| (0..games).map(move |g| (p, g)))
                .collect();
            let mut played: Vec<Vec<Option<PlayedGame>>> = vec![vec![None; games as usize]; 2];
            let play = |(p, g): (usize, u64)| {
                let seed = derive_seed(deals, g / block);
                (
                    p,
                    play_game(self.new_game.as_ref(), &specs[p], &self.schedule, seed, g),
                )
            };
            play_parallel(&pool, &indices, play, |(p, game)| {
                bar.tick();
                let g = game.game_index as usize;
                played[p][g] = Some(game);
                Ok::<(), ArenaError>(())
            })?;
            let [(plus_wins, plus_score), (minus_wins, minus_score)] =
                [0, 1].map(|p| tally(played[p].iter().flatten()));
            let (wins, scores) = ([plus_wins, minus_wins], [plus_score, minus_score]);
            let eval = self.evaluation(k, &theta, wins, scores);
            writeln!(csv, "{}", self.row(&eval))
                .and_then(|()| csv.flush())
                .map_err(|e| ArenaError::Io(format!("cannot write {}: {e}", csv_path.display())))?;
            theta = self.space_point(&eval.next);
            write_atomically(&prepared.dir.join(BEST_FILE), &self.best_text(&theta))?;
        }
        bar.finish();
        if prepared.kept == self.config.iterations {
            write_atomically(&prepared.dir.join(BEST_FILE), &self.best_text(&theta))?;
        }
        Ok(TuneReport {
            played: self.config.iterations - prepared.kept,
            values: self.space.values(&theta),
            best: self.best_spec(&theta),
        })
    }

    /// The two points of step `k` from `theta`, in unit coordinates.
    fn points(&self, k: u64, theta: &[f64]) -> (Vec<f64>, Vec<f64>) {
        let seed = derive_seed(self.config.seed, SIGN_STREAM);
        let delta = signs(seed, k, theta.len());
        let c = self.config.gains().perturbation_at(k);
        (
            perturbed(theta, &delta, c, 1.0),
            perturbed(theta, &delta, c, -1.0),
        )
    }

    /// Step `k` from `theta` given its match outcome (wins and mean scores of +, −).
    fn evaluation(&self, k: u64, theta: &[f64], wins: [f64; 2], scores: [f64; 2]) -> Evaluation {
        let gains = self.config.gains();
        let (c, a) = (gains.perturbation_at(k), gains.step_at(k));
        let delta = signs(derive_seed(self.config.seed, SIGN_STREAM), k, theta.len());
        let (plus, minus) = self.points(k, theta);
        let result = (wins[0] - wins[1]) / self.config.games as f64;
        let next = stepped(theta, &delta, c, a, result);
        Evaluation {
            iteration: k,
            perturbation: c,
            step: a,
            plus: self.space.values(&plus),
            minus: self.space.values(&minus),
            plus_wins: wins[0],
            minus_wins: wins[1],
            plus_score: scores[0],
            minus_score: scores[1],
            result,
            next: self.space.values(&next),
        }
    }

    /// The unit point of `values`.
    fn space_point(&self, values: &[f64]) -> Vec<f64> {
        (self.space.dims().iter())
            .zip(values)
            .map(|(d, &v)| d.unit(v))
            .collect()
    }

    /// The CSV header: the step's figures, then `<name>_plus`, `<name>_minus`, `<name>_next`
    /// per dimension.
    fn header(&self) -> String {
        let mut cols: Vec<String> = [
            "iteration",
            "games",
            "perturbation",
            "step",
            "plus_wins",
            "minus_wins",
            "plus_mean_score",
            "minus_mean_score",
            "result",
        ]
        .map(String::from)
        .to_vec();
        for d in self.space.dims() {
            cols.extend(["plus", "minus", "next"].map(|s| format!("{}_{s}", d.name)));
        }
        cols.join(",")
    }

    /// The CSV row of `e` (numbers in Rust's shortest round-trip form).
    fn row(&self, e: &Evaluation) -> String {
        let mut cols = vec![
            e.iteration.to_string(),
            self.config.games.to_string(),
            e.perturbation.to_string(),
            e.step.to_string(),
            e.plus_wins.to_string(),
            e.minus_wins.to_string(),
            e.plus_score.to_string(),
            e.minus_score.to_string(),
            e.result.to_string(),
        ];
        for i in 0..e.next.len() {
            cols.extend([e.plus[i], e.minus[i], e.next[i]].map(|v| v.to_string()));
        }
        cols.join(",")
    }

    /// The tuned spec at `theta`, its values rounded to [`BEST_DECIMALS`] decimals.
    fn best_spec(&self, theta: &[f64]) -> AgentSpec {
        let scale = 10f64.powi(BEST_DECIMALS);
        let values: Vec<f64> = (self.space.values(theta).iter())
            .map(|v| (v * scale).round() / scale)
            .collect();
        self.space.spec_with(&values).with_name(&self.config.name)
    }

    /// `best.toml`: the tuned spec with a comment saying how it was made.
    fn best_text(&self, theta: &[f64]) -> String {
        let c = &self.config;
        let comment = format!(
            "Tuned by `meeplelab tune` (SPSA, {} steps of 2 x {} games against {}, seed {}) from \
             {} for {}, {} players, rules: {}.\nVaried: {}.",
            c.iterations,
            c.games,
            c.opponent,
            c.seed,
            c.agent,
            c.game,
            c.players,
            c.rules,
            (c.params.iter())
                .map(|d| format!("{} in {}..{}", d.name, d.lo, d.hi))
                .collect::<Vec<_>>()
                .join(", ")
        );
        self.best_spec(theta).to_toml(&comment)
    }
}

/// Wins and mean score of agent 0 (the candidate) over `games`, summed in game order.
fn tally<'g>(games: impl Iterator<Item = &'g PlayedGame>) -> (f64, f64) {
    let (mut wins, mut points, mut seats) = (0.0, 0.0, 0.0);
    for game in games {
        let shares = win_shares(&game.scores);
        for (seat, _) in game.seating.iter().enumerate().filter(|(_, &a)| a == 0) {
            wins += shares[seat];
            points += game.scores[seat] as f64;
            seats += 1.0;
        }
    }
    (wins, points / seats)
}

/// The configuration of a run (`iterations`, `games`, `seed`, `step`, `perturbation` as
/// given) tuning `space` against `opponent` under the display name `name`, for the game, players, rules and tile
/// set of `game` (a tournament configuration from [`crate::arena::run::setup_config`]).
pub fn tune_config(
    game: &crate::arena::TournamentConfig,
    space: &Space,
    opponent: &AgentSpec,
    name: &str,
    (seed, iterations, games): (u64, u64, u64),
    gains: Gains,
) -> TuneConfig {
    TuneConfig {
        schema_version: game.schema_version,
        crate_version: game.crate_version.clone(),
        game: game.game.clone(),
        players: game.players,
        rules: game.rules.clone(),
        tileset_hash: game.tileset_hash.clone(),
        agent: space.base().label(),
        opponent: opponent.label(),
        name: name.to_string(),
        params: (space.dims().iter())
            .map(|d| StoredDimension {
                name: d.name.to_string(),
                lo: d.lo,
                hi: d.hi,
                start: d.start,
            })
            .collect(),
        seed,
        iterations,
        games,
        step: gains.step,
        perturbation: gains.perturbation,
    }
}
