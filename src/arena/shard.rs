//! `--shard K/N`: a deterministic 1/N slice of a tournament's games.
//!
//! Shard `K/N` plays the game indices `g` with `g mod N = K − 1`. The N shards of a tournament
//! are disjoint and together cover every game, and each game keeps its seed and seating, so
//! merged shards equal one unsharded run.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// One slice of a tournament (`index` is 1-based, `1 ≤ index ≤ count`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shard {
    /// Which slice, 1-based (the K of K/N).
    pub index: u64,
    /// How many slices (the N of K/N).
    pub count: u64,
}

/// Text that is not a valid `K/N` shard.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ShardError(pub String);

impl Shard {
    /// The whole tournament (`1/1`).
    pub const ALL: Shard = Shard { index: 1, count: 1 };

    /// Whether game `game_index` belongs to this shard.
    pub fn contains(&self, game_index: u64) -> bool {
        game_index % self.count == self.index - 1
    }

    /// The game indices of this shard among `0..games`, ascending.
    pub fn games(&self, games: u64) -> impl Iterator<Item = u64> {
        (self.index - 1..games).step_by(self.count as usize)
    }

    /// Number of games of this shard among `0..games`.
    pub fn len(&self, games: u64) -> u64 {
        games.saturating_sub(self.index - 1).div_ceil(self.count)
    }

    /// Whether this is the whole tournament.
    pub fn is_all(&self) -> bool {
        self.count == 1
    }

    /// The default output folder of a run named `name` that plays this shard:
    /// `results/<name>`, with `-shard<K>of<N>` appended for a shard.
    pub fn results_folder(&self, name: &str) -> PathBuf {
        let folder = if self.is_all() {
            name.to_string()
        } else {
            format!("{name}-shard{}of{}", self.index, self.count)
        };
        Path::new("results").join(folder)
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    /// Parses `K/N` with `1 ≤ K ≤ N`.
    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let bad = |why: &str| ShardError(format!("bad shard \"{text}\": {why}"));
        let (k, n) = text
            .split_once('/')
            .ok_or_else(|| bad("expected K/N, e.g. 2/8 for the second of eight slices"))?;
        let parse = |s: &str, what: &str| {
            s.trim()
                .parse::<u64>()
                .map_err(|_| bad(&format!("{what} \"{s}\" is not a whole number")))
        };
        let (index, count) = (parse(k, "K")?, parse(n, "N")?);
        if count == 0 || count > u32::MAX as u64 {
            return Err(bad("N must be at least 1"));
        }
        if index == 0 || index > count {
            return Err(bad(&format!("K must be from 1 to {count}")));
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    /// `K/N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints() {
        let s: Shard = "2/3".parse().unwrap();
        assert_eq!(s, Shard { index: 2, count: 3 });
        assert_eq!(s.to_string(), "2/3");
        for bad in ["", "3", "0/3", "4/3", "a/b", "1/0", "-1/3", "1/2/3"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn shards_get_folders_of_their_own() {
        let folder = |s: Shard| s.results_folder("study");
        assert_eq!(folder(Shard::ALL), Path::new("results/study"));
        let s: Shard = "2/3".parse().unwrap();
        assert_eq!(folder(s), Path::new("results/study-shard2of3"));
    }

    #[test]
    fn shards_partition_the_games() {
        let games = 11;
        let mut seen = vec![0; games as usize];
        for k in 1..=3 {
            let s = Shard { index: k, count: 3 };
            let list: Vec<u64> = s.games(games).collect();
            assert_eq!(list.len() as u64, s.len(games));
            for g in list {
                assert!(s.contains(g));
                seen[g as usize] += 1;
            }
        }
        assert!(seen.iter().all(|&c| c == 1));
        assert_eq!(Shard { index: 5, count: 5 }.len(3), 0);
        assert_eq!(Shard::ALL.games(4).collect::<Vec<_>>(), vec![0, 1, 2, 3]);
    }
}
