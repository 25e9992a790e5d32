//! An experiment's resolved configuration, stored as `run.json` beside `games.csv` so that
//! `--resume` and `merge` refuse a folder from a different experiment.

use crate::arena::indexed::shard_and_games_fields;
use crate::arena::{IndexedRun, Shard, TournamentConfig};
use crate::io::run_json::{differences, settings, RunConfig, Settings};
use serde::{Deserialize, Serialize};

/// Everything that decides which games an experiment plays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExperimentConfig {
    /// `games.csv` schema version (the tournament schema, plus the `variant` column).
    pub schema_version: u32,
    /// Version of meeplelab that started the run (informative; not compared).
    pub crate_version: String,
    /// Experiment name.
    pub experiment: String,
    /// Game name, e.g. `safari`.
    pub game: String,
    /// Content hash of the compiled tile set, 16 hex digits.
    pub tileset_hash: String,
    /// Master seed; game `g` of every variant is seeded with `derive_seed(seed, g)`.
    pub seed: u64,
    /// Games per variant (all shards together).
    pub games: u64,
    /// The slice of game indices this folder plays, `K/N` (`1/1` for all; files written
    /// before shards existed lack it and mean `1/1`).
    #[serde(default = "all_games")]
    pub shard: String,
    /// The variants, baseline first.
    pub variants: Vec<VariantConfig>,
}

/// The shard of a whole run, `1/1`.
fn all_games() -> String {
    Shard::ALL.to_string()
}

/// One variant as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VariantConfig {
    /// Variant name (the `variant` column).
    pub name: String,
    /// Seats per game.
    pub players: usize,
    /// Agent spec label of each player.
    pub agents: Vec<String>,
    /// Every rule option as space-separated `key=value`.
    pub rules: String,
}

impl ExperimentConfig {
    /// Variant `v` seen as a tournament of its players' agents (same seeds and rotation), used
    /// to write and check its rows.
    pub fn tournament(&self, v: usize) -> TournamentConfig {
        let var = &self.variants[v];
        TournamentConfig {
            schema_version: self.schema_version,
            crate_version: self.crate_version.clone(),
            game: self.game.clone(),
            players: var.players,
            agents: var.agents.clone(),
            rules: var.rules.clone(),
            tileset_hash: self.tileset_hash.clone(),
            seed: self.seed,
            games: self.games,
            deal_games: 1,
            shard: self.shard.clone(),
        }
    }

    /// Position of the variant called `name`.
    pub fn variant_index(&self, name: &str) -> Option<usize> {
        self.variants.iter().position(|v| v.name == name)
    }

    /// The variants' names, space-separated.
    fn variant_names(&self) -> String {
        let names: Vec<&str> = self.variants.iter().map(|v| v.name.as_str()).collect();
        names.join(" ")
    }
}

impl VariantConfig {
    /// Every setting of the variant but its name.
    fn settings(&self) -> Settings {
        settings!(self; players, agents = self.agents.join(" | "), rules)
    }
}

impl IndexedRun for ExperimentConfig {
    shard_and_games_fields!();

    fn parts(&self) -> Vec<(Option<String>, TournamentConfig)> {
        (self.variants.iter().enumerate())
            .map(|(v, var)| (Some(var.name.clone()), self.tournament(v)))
            .collect()
    }
}

impl RunConfig for ExperimentConfig {
    const KIND: &'static str = "experiment";

    /// The variants' own settings are compared as [`RunConfig::part_differences`].
    fn settings(&self) -> Settings {
        settings!(self;
            schema_version, experiment, game, tileset_hash, seed, games, shard,
            variants = self.variant_names(),
        )
    }

    /// The variants' own settings, compared only where both have the same variants.
    fn part_differences(&self, other: &ExperimentConfig) -> Vec<String> {
        let mut out = Vec::new();
        if self.variant_names() == other.variant_names() {
            for (a, b) in self.variants.iter().zip(&other.variants) {
                let prefix = format!("variant {}: ", a.name);
                out.extend(differences(&prefix, &a.settings(), &b.settings()));
            }
        }
        out
    }

    fn schema_version(&self) -> u32 {
        self.schema_version
    }

    fn check(&self) -> Result<(), String> {
        self.shard().map(|_| ())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::games_csv::SCHEMA_VERSION;
    use crate::io::run_json::RunConfig;

    fn sample() -> ExperimentConfig {
        let variant = |name: &str, rules: &str| VariantConfig {
            name: name.into(),
            players: 2,
            agents: vec!["greedy".into(), "greedy".into()],
            rules: rules.into(),
        };
        ExperimentConfig {
            schema_version: SCHEMA_VERSION,
            crate_version: "0.1.0".into(),
            experiment: "e".into(),
            game: "safari".into(),
            tileset_hash: "0123456789abcdef".into(),
            seed: 1,
            games: 10,
            shard: "1/1".into(),
            variants: vec![variant("a", "vehicles=2"), variant("b", "vehicles=0")],
        }
    }

    #[test]
    fn json_round_trips_and_differences_name_the_variant() {
        let c = sample();
        let back: ExperimentConfig = serde_json::from_str(&c.to_json()).unwrap();
        assert_eq!(back, c);
        let mut other = c.clone();
        other.crate_version = "9".into();
        assert!(c.differences(&other, &[]).is_empty());
        other.games = 20;
        other.variants[1].rules = "vehicles=1".into();
        assert_eq!(
            c.differences(&other, &[]),
            vec![
                "games: 10 vs 20",
                "variant b: rules: vehicles=0 vs vehicles=1"
            ]
        );
        other.variants.pop();
        assert_eq!(
            c.differences(&other, &["games"]),
            vec!["variants: a b vs a"]
        );
        let old = c.to_json().replace("  \"shard\": \"1/1\",\n", "");
        assert!(!old.contains("shard"), "{old}");
        let back: ExperimentConfig = serde_json::from_str(&old).unwrap();
        assert_eq!(back.shard, "1/1");
        assert_eq!(c.tournament(1).rules, "vehicles=0");
        assert_eq!(c.variant_index("b"), Some(1));
    }
}
