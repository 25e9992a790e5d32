//! Per-player game statistics: points by source and counts of each action kind.

use std::fmt;
use std::marker::PhantomData;

/// A statistics column key (a game's point source or action kind): its index into the
/// columns, in declaration order, and the names of all keys of its type.
pub trait StatKey: Copy + Send + Sync + 'static {
    /// Every key's name, by index.
    const NAMES: &'static [&'static str];
    /// Column index, `0..N`.
    fn index(self) -> usize;
}

/// Declares a game's point sources and action kinds (each a
/// [`named_enum!`](crate::core::names::named_enum) and a [`StatKey`]), its `PlayerStats` and
/// its `STAT_NAMES` columns (`points_<source>` for every source, then `actions_<kind>` for
/// every kind): the one list of each that the statistics, the CSV columns and the
/// restrictions of agents read.
macro_rules! stat_keys {
    (
        $(#[$smeta:meta])*
        points $S:ident { $($(#[$svmeta:meta])* $SV:ident = $sname:literal),+ $(,)? }
        $(#[$kmeta:meta])*
        actions $K:ident { $($(#[$kvmeta:meta])* $KV:ident = $kname:literal),+ $(,)? }
    ) => {
        $crate::core::names::named_enum! {
            $(#[$smeta])*
            pub enum $S { $($(#[$svmeta])* $SV = $sname),+ }
        }

        $crate::core::names::named_enum! {
            $(#[$kmeta])*
            pub enum $K { $($(#[$kvmeta])* $KV = $kname),+ }
        }

        impl $crate::core::stats::StatKey for $S {
            const NAMES: &'static [&'static str] = &$S::NAMES;
            fn index(self) -> usize {
                self as usize
            }
        }

        impl $crate::core::stats::StatKey for $K {
            const NAMES: &'static [&'static str] = &$K::NAMES;
            fn index(self) -> usize {
                self as usize
            }
        }

        #[doc = concat!("Statistics of one player in one game: points per [`", stringify!($S),
            "`] and count per [`", stringify!($K), "`].")]
        pub type PlayerStats =
            $crate::core::stats::PlayerStats<$S, $K, { $S::COUNT }, { $K::COUNT }>;

        #[doc = concat!("Statistics columns: `points_<source>` for every [`", stringify!($S),
            "`], then `actions_<kind>` for every [`", stringify!($K), "`].")]
        pub const STAT_NAMES: [&str; $S::COUNT + $K::COUNT] =
            [$(concat!("points_", $sname)),+, $(concat!("actions_", $kname)),+];
    };
}

pub(crate) use stat_keys;

/// Statistics of one player in one game: points per source `S` (`NS` sources) and how many
/// actions of each kind `K` (`NA` kinds) the player took.
pub struct PlayerStats<S, K, const NS: usize, const NA: usize> {
    /// Points per source (index = [`StatKey::index`]).
    pub points: [i32; NS],
    /// Count per action kind (index = [`StatKey::index`]).
    pub actions: [u16; NA],
    keys: PhantomData<fn() -> (S, K)>,
}

impl<S: StatKey, K: StatKey, const NS: usize, const NA: usize> PlayerStats<S, K, NS, NA> {
    /// Points from `source`.
    pub fn points_from(&self, source: S) -> i32 {
        self.points[source.index()]
    }

    /// How many times the player took an action of `kind`.
    pub fn count(&self, kind: K) -> u16 {
        self.actions[kind.index()]
    }

    /// Sum over all sources (equals the player's score).
    pub fn total_points(&self) -> i32 {
        self.points.iter().sum()
    }
}

/// One player's statistics as game-generic code keeps and reports them.
pub trait Tally: Copy + Default + Send + Sync + 'static {
    /// Where points come from.
    type Source: StatKey;
    /// Kinds of actions.
    type Kind: StatKey;
    /// Adds `points` from `source`.
    fn add_points(&mut self, source: Self::Source, points: i32);
    /// Counts one more action of `kind`.
    fn count_action(&mut self, kind: Self::Kind);
    /// Appends the columns: points per source, then actions per kind.
    fn write_columns(&self, out: &mut Vec<i64>);
}

impl<S, K, const NS: usize, const NA: usize> Tally for PlayerStats<S, K, NS, NA>
where
    S: StatKey,
    K: StatKey,
{
    type Source = S;
    type Kind = K;

    fn add_points(&mut self, source: S, points: i32) {
        self.points[source.index()] += points;
    }

    fn count_action(&mut self, kind: K) {
        self.actions[kind.index()] += 1;
    }

    fn write_columns(&self, out: &mut Vec<i64>) {
        out.extend(self.points.iter().map(|&p| p as i64));
        out.extend(self.actions.iter().map(|&c| c as i64));
    }
}

impl<S, K, const NS: usize, const NA: usize> Default for PlayerStats<S, K, NS, NA> {
    fn default() -> Self {
        PlayerStats {
            points: [0; NS],
            actions: [0; NA],
            keys: PhantomData,
        }
    }
}

impl<S, K, const NS: usize, const NA: usize> Clone for PlayerStats<S, K, NS, NA> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S, K, const NS: usize, const NA: usize> Copy for PlayerStats<S, K, NS, NA> {}

impl<S, K, const NS: usize, const NA: usize> PartialEq for PlayerStats<S, K, NS, NA> {
    fn eq(&self, other: &Self) -> bool {
        self.points == other.points && self.actions == other.actions
    }
}

impl<S, K, const NS: usize, const NA: usize> Eq for PlayerStats<S, K, NS, NA> {}

impl<S, K, const NS: usize, const NA: usize> fmt::Debug for PlayerStats<S, K, NS, NA> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PlayerStats")
            .field("points", &self.points)
            .field("actions", &self.actions)
            .finish()
    }
}

/// Most players a score sheet holds.
pub const MAX_SEATS: usize = 5;

/// Every player's score and statistics, which change together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScoreSheet<S: Tally> {
    /// Score per seat.
    pub scores: [i32; MAX_SEATS],
    /// Statistics per seat.
    pub stats: [S; MAX_SEATS],
}

impl<S: Tally> ScoreSheet<S> {
    /// Adds `points` from `source` to `player`'s score and statistics.
    pub fn award(&mut self, player: usize, source: S::Source, points: i32) {
        self.scores[player] += points;
        self.stats[player].add_points(source, points);
    }

    /// Counts one more action of `kind` taken by `player`.
    pub fn count(&mut self, player: usize, kind: S::Kind) {
        self.stats[player].count_action(kind);
    }
}
