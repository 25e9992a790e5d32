//! A tournament's configuration, stored as `run.json` beside `games.csv` so that `--resume`
//! and `merge` can refuse files from a different tournament.

use super::indexed::{shard_and_games_fields, IndexedRun};
use super::shard::Shard;
use crate::core::rng::derive_seed;
use crate::io::run_json::{settings, RunConfig, Settings};
use serde::{Deserialize, Serialize};

/// File name of the stored configuration inside a tournament folder.
pub const CONFIG_FILE: &str = "run.json";

/// Everything that decides which games a tournament plays and how.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentConfig {
    /// `games.csv` schema version the tournament writes.
    pub schema_version: u32,
    /// Version of meeplelab that started the tournament (informative; not compared).
    pub crate_version: String,
    /// Game name, e.g. `safari`.
    pub game: String,
    /// Seats per game.
    pub players: usize,
    /// Agent spec labels, in the order that defines agent indices of the schedule.
    pub agents: Vec<String>,
    /// Every rule option as space-separated `key=value`.
    pub rules: String,
    /// Content hash of the compiled tile set, 16 hex digits.
    pub tileset_hash: String,
    /// Master seed; game `g` is seeded with `derive_seed(seed, g / deal_games)`.
    pub seed: u64,
    /// Games in the whole tournament (all shards together).
    pub games: u64,
    /// Consecutive games that share one deal (seed): 1 in tournaments; in `match`, the
    /// schedule's block, so every seating plays each deal. Written only when not 1.
    #[serde(default = "one_deal", skip_serializing_if = "is_one_deal")]
    pub deal_games: u64,
    /// The slice this folder plays, `K/N` (`1/1` for everything).
    pub shard: String,
}

/// The default [`TournamentConfig::deal_games`]: every game its own deal.
fn one_deal() -> u64 {
    1
}

/// Whether `deal_games` is the default (and is left out of `run.json`).
fn is_one_deal(deal_games: &u64) -> bool {
    *deal_games == 1
}

impl TournamentConfig {
    /// The seed of game `g`: `derive_seed(seed, g / deal_games)`.
    pub fn game_seed(&self, g: u64) -> u64 {
        derive_seed(self.seed, g / self.deal_games)
    }

    /// A short stable fingerprint of everything but the shard, the game count (so a run
    /// grown with a larger `--games` keeps its folder) and the crate version (16 hex digits).
    pub fn fingerprint(&self) -> String {
        let text = format!(
            "{}|{}|{}|{}|{}|{}|{}",
            self.schema_version,
            self.game,
            self.players,
            self.agents.join("\u{1f}"),
            self.rules,
            self.tileset_hash,
            self.seed
        );
        // Tournaments (one deal per game) keep the fingerprints they had before deals existed.
        let text = match self.deal_games {
            1 => text,
            n => format!("{text}|deals of {n}"),
        };
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in text.bytes() {
            h ^= b as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        format!("{h:016x}")
    }

    /// Default output folder: `results/tournament-<game>-<players>p-<first 8 digits of the
    /// fingerprint>`, with `-shard<K>of<N>` appended for a shard. The same command always
    /// picks the same folder, so rerunning it with `--resume` continues it (or grows it, with
    /// a larger `--games`).
    pub fn default_out_dir(&self) -> std::path::PathBuf {
        let name = format!(
            "tournament-{}-{}p-{}",
            self.game,
            self.players,
            &self.fingerprint()[..8]
        );
        self.shard().unwrap_or(Shard::ALL).results_folder(&name)
    }
}

impl IndexedRun for TournamentConfig {
    shard_and_games_fields!();

    fn parts(&self) -> Vec<(Option<String>, TournamentConfig)> {
        vec![(None, self.clone())]
    }
}

impl RunConfig for TournamentConfig {
    const KIND: &'static str = "tournament";

    fn settings(&self) -> Settings {
        settings!(self;
            schema_version, game, players, agents = self.agents.join(" "), rules, tileset_hash,
            seed, games, deal_games, shard,
        )
    }

    fn schema_version(&self) -> u32 {
        self.schema_version
    }

    fn check(&self) -> Result<(), String> {
        if self.deal_games == 0 {
            return Err("deal_games must be at least 1".into());
        }
        self.shard().map(|_| ())
    }
}

/// An identifier for this process's run: UTC start time and process id,
/// e.g. `20250101T120000Z-4242`.
pub fn new_run_id() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rem) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!(
        "{y:04}{m:02}{d:02}T{:02}{:02}{:02}Z-{}",
        rem / 3600,
        rem / 60 % 60,
        rem % 60,
        std::process::id()
    )
}

/// Proleptic Gregorian date of a day count since 1970-01-01 (H. Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::games_csv::SCHEMA_VERSION;
    use crate::io::run_json::RunConfig;

    pub(crate) fn sample() -> TournamentConfig {
        TournamentConfig {
            schema_version: SCHEMA_VERSION,
            crate_version: "0.1.0".into(),
            game: "safari".into(),
            players: 2,
            agents: vec!["random".into(), "greedy".into()],
            rules: "vehicles=2".into(),
            tileset_hash: "0123456789abcdef".into(),
            seed: 1,
            games: 10,
            deal_games: 1,
            shard: "1/1".into(),
        }
    }

    #[test]
    fn json_round_trips_and_differences_are_listed() {
        let c = sample();
        let back: TournamentConfig = serde_json::from_str(&c.to_json()).unwrap();
        assert_eq!(back, c);
        let mut other = c.with_shard(Shard { index: 2, count: 3 });
        other.crate_version = "9.9.9".into();
        assert!(c.differences(&other, &["shard"]).is_empty());
        assert_eq!(c.differences(&other, &[]), vec!["shard: 1/1 vs 2/3"]);
        other.seed = 5;
        other.games = 20;
        assert_eq!(
            c.differences(&other, &["shard", "games"]),
            vec!["seed: 1 vs 5"]
        );
    }

    #[test]
    fn default_folder_is_stable_and_names_the_shard() {
        let c = sample();
        assert_eq!(c.default_out_dir(), sample().default_out_dir());
        let grown = TournamentConfig {
            games: 30,
            ..sample()
        };
        assert_eq!(grown.default_out_dir(), c.default_out_dir());
        let s = c.with_shard(Shard { index: 2, count: 3 }).default_out_dir();
        assert!(
            s.to_string_lossy().ends_with("-shard2of3"),
            "{}",
            s.display()
        );
        assert!(s.to_string_lossy().starts_with("results"));
    }

    #[test]
    fn dates_are_gregorian() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
        assert!(new_run_id().contains('T'));
    }
}
