//! What a game declares for the tile core: its types of feature summary, cell data, indices and
//! statistics, and the placed cell that carries its data.

use crate::core::geom::{Coord, Rotation};
use crate::core::index::SmallIndex;
use crate::core::stats::Tally;
use crate::core::tileset::{Orientation, VariantId};
use crate::core::unionfind::Aggregate;
use std::fmt::Debug;

/// The summary a game keeps at the root of each feature.
pub trait Feature: Aggregate + Send + Sync + 'static {
    /// Two open edges of the feature met (the tile just placed joined it to a neighbour
    /// across a side).
    fn join_edges(&mut self);
}

/// A game's own part of a [`TileState`](super::TileState): its fields beyond the core's, and
/// the types the core's tables hold for it.
pub trait GameParts: Clone + Send + Sync + 'static {
    /// The summary of a feature, kept at its union-find root.
    type Feature: Feature;
    /// What the game keeps on each placed cell besides its place, tile and rotation.
    type CellData: Copy + Default + Debug + PartialEq + Eq + Send + Sync + 'static;
    /// Union-find node ids (the segments of every tile of a game must fit).
    type Node: SmallIndex + Send + Sync;
    /// Board grid entries (cell indices and frontier slots must fit).
    type Entry: SmallIndex + Send + Sync;
    /// One player's statistics.
    type Stats: Tally;
    /// The statistics columns: points per source, then actions per kind (the `STAT_NAMES` of
    /// the game's `stat_keys!`).
    const STAT_NAMES: &'static [&'static str];
}

/// A cell with a tile on it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cell<N, D> {
    /// Where it is.
    pub at: Coord,
    /// Which tile copy.
    pub variant: VariantId,
    /// How it is turned.
    pub rot: Rotation,
    /// Union-find node of its first segment (its segments are consecutive nodes).
    pub first_node: N,
    /// What the game keeps on it.
    pub data: D,
}

/// A tile being placed, as the game's hooks see it while its features are created.
#[derive(Clone, Copy, Debug)]
pub struct NewCell<'a, N, D> {
    /// Where it goes.
    pub at: Coord,
    /// Its index among the cells.
    pub index: usize,
    /// Its rotated data.
    pub orientation: &'a Orientation,
    /// Union-find node of its first segment.
    pub first_node: N,
    /// The data the game gave it.
    pub data: D,
}
